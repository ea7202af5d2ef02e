package subroutine

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Row formats.
const (
	FormatCSV   = "csv"
	FormatJSONL = "jsonl"
)

// MaxRowBytes bounds one JSONL line or CSV record.
const MaxRowBytes = 16 << 20

// Row is one row of parameter values.
type Row struct {
	// N is the row's number, 1-based, counting data rows only.
	N int `json:"row"`
	// Line is the row's first line in the file, 1-based.
	Line int `json:"line"`
	// Values are the converted values by parameter name (see
	// Parameter.Check); nil when Err is set.
	Values map[string]any `json:"-"`
	// Err says what is wrong with the row (a missing or unknown field, a
	// value of the wrong type); such a row is not run.
	Err error `json:"-"`
}

// FormatOf returns the row format of a file name: jsonl for .jsonl and
// .ndjson, csv for .csv; "" otherwise.
func FormatOf(path string) string {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".csv":
		return FormatCSV
	case ".jsonl", ".ndjson":
		return FormatJSONL
	}
	return ""
}

// ReadRows reads rows of values for s's parameters. A CSV file has a
// header row naming every parameter once (no other columns); its cells are
// converted by type (number and integer as JSON numbers, boolean as true
// or false, string verbatim). A JSONL file has one JSON object per line,
// keys the parameter names, values of the parameter's JSON type; blank
// lines are skipped. A problem with one row is that row's Err; a problem
// with the file (bad header, broken CSV quoting) is the error.
func ReadRows(r io.Reader, format string, s *Subroutine) ([]Row, error) {
	switch format {
	case FormatCSV:
		return readCSV(r, s)
	case FormatJSONL:
		return readJSONL(r, s)
	}
	return nil, fmt.Errorf("rows: unknown format %q (want csv or jsonl)", format)
}

func readCSV(r io.Reader, s *Subroutine) ([]Row, error) {
	br := bufio.NewReader(r)
	if b, err := br.Peek(3); err == nil && bytes.Equal(b, []byte("\xef\xbb\xbf")) {
		br.Discard(3)
	}
	cr := &csvReader{r: br, line: 1}
	header, _, err := cr.read()
	if err == io.EOF {
		return nil, errors.New("rows: the CSV file is empty (want a header row naming the parameters)")
	}
	if err != nil {
		return nil, fmt.Errorf("rows: CSV header: %w", err)
	}
	col := map[string]int{}
	for i, h := range header {
		h = strings.TrimSpace(h)
		if _, dup := col[h]; dup {
			return nil, fmt.Errorf("rows: CSV header: column %q appears twice", clip(h))
		}
		if !s.hasParam(h) {
			return nil, fmt.Errorf("rows: CSV header: column %q is not a parameter (the parameters are %s)", clip(h), strings.Join(s.ParamNames(), ", "))
		}
		col[h] = i
	}
	for _, p := range s.Parameters {
		if _, ok := col[p.Name]; !ok {
			return nil, fmt.Errorf("rows: CSV header: no column for parameter %q (%s)", p.Name, p.Type)
		}
	}
	var rows []Row
	for n := 1; ; n++ {
		rec, line, err := cr.read()
		if err == io.EOF {
			return rows, nil
		}
		if err != nil {
			return rows, fmt.Errorf("rows: CSV: %w", err)
		}
		if len(rec) == 1 && rec[0] == "" && len(header) > 1 {
			n-- // a blank line
			continue
		}
		if len(rec) != len(header) {
			rows = append(rows, Row{N: n, Line: line, Err: fmt.Errorf("row %d (line %d): %d fields, the header has %d", n, line, len(rec), len(header))})
			continue
		}
		row := Row{N: n, Line: line}
		vals := make(map[string]any, len(s.Parameters))
		for _, p := range s.Parameters {
			v, err := p.fromCell(rec[col[p.Name]])
			if err != nil {
				row.Err = fmt.Errorf("row %d (line %d): parameter %q: %v", n, line, p.Name, err)
				break
			}
			vals[p.Name] = v
		}
		if row.Err == nil {
			row.Values = vals
		}
		rows = append(rows, row)
	}
}

// fromCell converts a CSV cell to the parameter's type.
func (p Parameter) fromCell(cell string) (any, error) {
	if !utf8.ValidString(cell) {
		return nil, errors.New("the value is not valid UTF-8")
	}
	switch p.Type {
	case TypeString:
		return cell, nil
	case TypeBoolean:
		switch strings.ToLower(strings.TrimSpace(cell)) {
		case "true":
			return true, nil
		case "false":
			return false, nil
		}
		return nil, fmt.Errorf("%q is not a boolean (true or false)", clip(cell))
	case TypeNumber, TypeInteger:
		t := strings.TrimSpace(cell)
		if !isJSONNumber(t) {
			return nil, fmt.Errorf("%q is not %s", clip(cell), article(p.Type))
		}
		if p.Type == TypeInteger {
			if _, err := strconv.ParseInt(t, 10, 64); err != nil {
				return nil, fmt.Errorf("%q is not an integer", clip(cell))
			}
		}
		return json.Number(t), nil
	}
	return nil, fmt.Errorf("unknown type %q", p.Type)
}

// isJSONNumber reports whether s is a number in JSON syntax.
func isJSONNumber(s string) bool {
	if s == "" {
		return false
	}
	var v any
	d := json.NewDecoder(strings.NewReader(s))
	d.UseNumber()
	if err := d.Decode(&v); err != nil {
		return false
	}
	_, ok := v.(json.Number)
	return ok && d.InputOffset() == int64(len(s))
}

func readJSONL(r io.Reader, s *Subroutine) ([]Row, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), MaxRowBytes)
	var rows []Row
	n := 0
	for line := 1; sc.Scan(); line++ {
		b := sc.Bytes()
		if line == 1 {
			b = bytes.TrimPrefix(b, []byte("\xef\xbb\xbf"))
		}
		if len(bytes.TrimSpace(b)) == 0 {
			continue
		}
		n++
		row := Row{N: n, Line: line}
		vals, err := s.rowFromJSON(b)
		if err != nil {
			row.Err = fmt.Errorf("row %d (line %d): %v", n, line, err)
		} else {
			row.Values = vals
		}
		rows = append(rows, row)
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return rows, fmt.Errorf("rows: JSONL: a line after row %d is longer than %d bytes", n, MaxRowBytes)
		}
		return rows, fmt.Errorf("rows: JSONL: %w", err)
	}
	return rows, nil
}

func (s *Subroutine) rowFromJSON(b []byte) (map[string]any, error) {
	if !utf8.Valid(b) {
		return nil, errors.New("the line is not valid UTF-8")
	}
	if err := checkShape(b); err != nil {
		var e *Error
		if errors.As(err, &e) {
			if e.Field != "" {
				return nil, fmt.Errorf("%s: %s", e.Field, e.Msg)
			}
			return nil, errors.New(e.Msg)
		}
		return nil, err
	}
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var m map[string]any
	if err := d.Decode(&m); err != nil {
		return nil, fmt.Errorf("not a JSON object: %v", err)
	}
	out, err := s.CheckParams(m)
	if err != nil {
		var e *Error
		if errors.As(err, &e) {
			return nil, errors.New(e.Msg)
		}
		return nil, err
	}
	return out, nil
}

func (s *Subroutine) hasParam(name string) bool {
	for _, p := range s.Parameters {
		if p.Name == name {
			return true
		}
	}
	return false
}

func sortedKeys(m map[string]any) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
