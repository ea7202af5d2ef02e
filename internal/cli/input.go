package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"strings"
)

// DefaultMaxInput bounds what ReadFile reads when the caller gives no
// limit: 64 MiB, the renderer's own input cap.
const DefaultMaxInput = 64 << 20

// InputName is how messages name a file operand: "standard input" for
// "-", else the name as given.
func InputName(name string) string {
	if name == "-" {
		return "standard input"
	}
	return name
}

// ReadFile reads the file operand name whole ("-": standard input), at
// most max bytes (max <= 0: DefaultMaxInput). A missing file, a directory
// and a file over the limit are errors that name the file and say which.
func (e *Env) ReadFile(name string, max int64) ([]byte, error) {
	if max <= 0 {
		max = DefaultMaxInput
	}
	what := InputName(name)
	var r io.Reader
	if name == "-" {
		if e.Stdin == nil {
			return nil, errors.New("standard input is not available")
		}
		r = e.Stdin
	} else {
		st, err := os.Stat(name)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return nil, fmt.Errorf("%s: no such file or directory", name)
		case err != nil:
			return nil, err
		case st.IsDir():
			return nil, fmt.Errorf("%s is a directory, not a file", name)
		case st.Mode().IsRegular() && st.Size() > max:
			return nil, fmt.Errorf("%s is larger than %d bytes (%d)", name, max, st.Size())
		}
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
	}
	b, err := io.ReadAll(io.LimitReader(r, max+1))
	if err != nil {
		return nil, fmt.Errorf("reading %s: %v", what, pathReasonOf(err))
	}
	if int64(len(b)) > max {
		return nil, fmt.Errorf("%s is larger than %d bytes", what, max)
	}
	return b, nil
}

func pathReasonOf(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pathReason(pe.Err)
	}
	return err.Error()
}

// Kind is what a file's content is, as Sniff recognises it.
type Kind int

// Kinds of input content.
const (
	KindText    Kind = iota // text: HTML or anything else a parser can read as HTML
	KindEmpty               // no bytes, or only white space
	KindBinary              // not text (an image, an archive, NUL bytes)
	KindCapture             // a capture document: a JSON object with "version" and a "root" object
	KindHAR                 // a HAR recording: a JSON object with a "log" object
	KindJSON                // other JSON (an object or an array)
)

// Sniff says what b is. Binary content is recognised by the WHATWG MIME
// sniffing rules (net/http.DetectContentType: signatures of images,
// archives, PDF, and bytes no text has); the returned string names it
// ("application/x-gzip"). JSON is recognised by its first byte and its
// top-level keys, read with a streaming decoder that stops as soon as it
// knows.
func Sniff(b []byte) (Kind, string) {
	t := bytes.TrimPrefix(b, []byte("\xef\xbb\xbf"))
	t = bytes.TrimLeft(t, " \t\r\n\f")
	if len(t) == 0 {
		return KindEmpty, ""
	}
	if ct := http.DetectContentType(b); !strings.HasPrefix(ct, "text/") {
		if i := strings.IndexByte(ct, ';'); i >= 0 {
			ct = ct[:i]
		}
		return KindBinary, ct
	}
	switch t[0] {
	case '[':
		if json.Valid(t) {
			return KindJSON, ""
		}
	case '{':
		return sniffObject(t)
	}
	return KindText, ""
}

// sniffObject reads the top-level keys of a JSON object.
func sniffObject(t []byte) (Kind, string) {
	dec := json.NewDecoder(bytes.NewReader(t))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return KindText, ""
	}
	version, root := false, false
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return KindText, ""
		}
		key, _ := tok.(string)
		var first json.Token
		if key == "root" || key == "log" {
			first, err = dec.Token()
			if err != nil {
				return KindText, ""
			}
			if first != json.Delim('{') {
				if _, ok := first.(json.Delim); ok {
					if skipRest(dec) != nil {
						return KindText, ""
					}
				}
				continue
			}
			if key == "log" {
				return KindHAR, ""
			}
			root = true
			if version {
				return KindCapture, ""
			}
			if skipRest(dec) != nil {
				return KindText, ""
			}
			continue
		}
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return KindText, ""
		}
		if key == "version" {
			version = true
			if root {
				return KindCapture, ""
			}
		}
	}
	if _, err := dec.Token(); err != nil {
		return KindText, ""
	}
	return KindJSON, ""
}

// skipRest consumes tokens up to the end of the object or array whose
// opening delimiter was just read.
func skipRest(dec *json.Decoder) error {
	depth := 1
	for depth > 0 {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		switch tok {
		case json.Delim('{'), json.Delim('['):
			depth++
		case json.Delim('}'), json.Delim(']'):
			depth--
		}
	}
	return nil
}

// ReadPage reads a page operand: an HTML page, or a capture document
// (JSON), told apart by content. capture is the --capture flag. It returns
// the bytes and whether they are a capture. A capture given without
// --capture is to be rendered as one (its content says so unambiguously,
// and as HTML it would be one useless line of JSON text); the caller says
// so with NoteCapture once it has rendered it.
// Empty and binary input, a HAR, other JSON, and HTML given with --capture
// are errors that say what the input is and what to do.
func (e *Env) ReadPage(name string, capture bool) ([]byte, bool, error) {
	return e.readPage(name, capture, true)
}

// NoteCapture prints the note that the page operand name, given without
// --capture, was read as a capture document.
func (e *Env) NoteCapture(name string) {
	e.Notef("%s is a capture document; rendered it as one (as --capture does)", InputName(name))
}

// ReadHTML reads an HTML page operand as ReadPage does, for commands that
// read HTML only: a capture document is refused with advice.
func (e *Env) ReadHTML(name string) ([]byte, error) {
	b, _, err := e.readPage(name, false, false)
	return b, err
}

func (e *Env) readPage(name string, capture, allowCapture bool) ([]byte, bool, error) {
	b, err := e.ReadFile(name, 0)
	if err != nil {
		return nil, false, err
	}
	what := InputName(name)
	kind, detail := Sniff(b)
	switch kind {
	case KindEmpty:
		return nil, false, fmt.Errorf("%s is empty: there is no page to read", what)
	case KindBinary:
		return nil, false, fmt.Errorf("%s is not a page: it is binary data (%s), not HTML or a capture document", what, detail)
	case KindHAR:
		return nil, false, fmt.Errorf("%s is a HAR recording, not a page (axtree rank ranks its requests)", what)
	case KindJSON:
		return nil, false, fmt.Errorf("%s is JSON but not a capture document (a capture has \"version\" and a \"root\" object; axtree capture --save writes one)", what)
	case KindCapture:
		if !allowCapture {
			return nil, false, fmt.Errorf("%s is a capture document, not HTML (axtree render renders a capture)", what)
		}
		return b, true, nil
	}
	if capture {
		if t := bytes.TrimLeft(bytes.TrimPrefix(b, []byte("\xef\xbb\xbf")), " \t\r\n\f"); len(t) > 0 && t[0] == '{' {
			return b, true, nil // broken JSON: the decoder says where
		}
		return nil, false, fmt.Errorf("%s is not a capture document: it is not JSON (an HTML page? drop --capture)", what)
	}
	return b, false, nil
}

// CreateOutput opens the output operand name for writing: "-" is standard
// output (closing it does nothing), anything else a file created or
// truncated.
func (e *Env) CreateOutput(name string) (io.WriteCloser, error) {
	if name == "-" {
		return nopCloser{e.Stdout}, nil
	}
	f, err := os.Create(name)
	if err != nil {
		return nil, err
	}
	return f, nil
}

// WriteOutput writes b to the output operand name ("-": standard output).
func (e *Env) WriteOutput(name string, b []byte) error {
	w, err := e.CreateOutput(name)
	if err != nil {
		return err
	}
	if _, err := w.Write(b); err != nil {
		w.Close()
		return err
	}
	return w.Close()
}

type nopCloser struct{ io.Writer }

func (nopCloser) Close() error { return nil }
