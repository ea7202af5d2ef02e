package subroutine

import (
	"bufio"
	"errors"
	"fmt"
	"io"
)

// csvReader reads RFC 4180 records byte-exactly. encoding/csv is not used
// because it silently turns a quoted field's "\r\n" into "\n", and a
// row's values must reach the page exactly as written. Records end at LF
// or CRLF; a quoted field keeps every byte between its quotes ("" is one
// quote); a quote inside an unquoted field is an error.
type csvReader struct {
	r    *bufio.Reader
	line int // current line, 1-based
}

var errBareQuote = errors.New(`a bare " in an unquoted field (quote the field and double the quote)`)

// read returns the next record and the line it started on; io.EOF at the
// end. A record with a syntax error is an error naming its line.
func (c *csvReader) read() ([]string, int, error) {
	start := c.line
	_, err := c.r.ReadByte()
	if err == io.EOF {
		return nil, start, io.EOF
	}
	if err != nil {
		return nil, start, err
	}
	_ = c.r.UnreadByte()
	var rec []string
	var field []byte
	for {
		b, err := c.r.ReadByte()
		if err == io.EOF {
			return append(rec, string(field)), start, nil
		}
		if err != nil {
			return nil, start, err
		}
		switch {
		case b == '"' && len(field) == 0:
			if err := c.quoted(&field, start); err != nil {
				return nil, start, err
			}
			// after the closing quote: a separator or the end of the record
			nb, err := c.r.ReadByte()
			switch {
			case err == io.EOF:
				return append(rec, string(field)), start, nil
			case nb == ',':
				rec, field = append(rec, string(field)), field[:0:0]
			case nb == '\n':
				c.line++
				return append(rec, string(field)), start, nil
			case nb == '\r':
				if nb2, err := c.r.ReadByte(); err == nil && nb2 == '\n' {
					c.line++
					return append(rec, string(field)), start, nil
				}
				return nil, start, fmt.Errorf("line %d: a carriage return after a quoted field", c.line)
			default:
				return nil, start, fmt.Errorf("line %d: %q after a quoted field (want , or the end of the line)", c.line, nb)
			}
		case b == '"':
			return nil, start, fmt.Errorf("line %d: %w", c.line, errBareQuote)
		case b == ',':
			rec, field = append(rec, string(field)), field[:0:0]
		case b == '\n':
			c.line++
			return append(rec, string(field)), start, nil
		case b == '\r':
			if nb, err := c.r.ReadByte(); err == nil && nb == '\n' {
				c.line++
				return append(rec, string(field)), start, nil
			} else if err == nil {
				_ = c.r.UnreadByte()
			}
			field = append(field, b)
		default:
			field = append(field, b)
		}
		if len(field) > MaxRowBytes {
			return nil, start, fmt.Errorf("line %d: a field longer than %d bytes", start, MaxRowBytes)
		}
	}
}

// quoted reads a quoted field's content after its opening quote.
func (c *csvReader) quoted(field *[]byte, start int) error {
	for {
		b, err := c.r.ReadByte()
		if err == io.EOF {
			return fmt.Errorf("line %d: a quoted field is not closed", start)
		}
		if err != nil {
			return err
		}
		if b == '"' {
			nb, err := c.r.ReadByte()
			if err == nil && nb == '"' {
				*field = append(*field, '"')
				continue
			}
			if err == nil {
				_ = c.r.UnreadByte()
			}
			return nil
		}
		if b == '\n' {
			c.line++
		}
		*field = append(*field, b)
		if len(*field) > MaxRowBytes {
			return fmt.Errorf("line %d: a field longer than %d bytes", start, MaxRowBytes)
		}
	}
}
