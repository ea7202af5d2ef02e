package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"

	"github.com/axtree/axtree/accname"
	"github.com/axtree/axtree/dom"
	"github.com/axtree/axtree/render"
)

// inspectRecord is one line of `axtree inspect` output. The field order is
// the output order.
type inspectRecord struct {
	I           int    `json:"i"`
	Tag         string `json:"tag"`
	Role        string `json:"role"`
	Name        string `json:"name"`
	Description string `json:"description"`
	Hidden      bool   `json:"hidden"`
}

const inspectUsage = `usage: axtree inspect [--content-type CT] FILE|-

Prints one JSON object per element, in pre-order (the dom.Doc.Elements
index "i"): tag (prefixed "svg:" or "math:" outside HTML), computed role,
accessible name, description, and whether the element is hidden from the
accessibility tree. FILE "-" reads standard input. The page is decoded as
a browser decodes it: by its byte order mark, else the charset of
--content-type (its HTTP Content-Type, when known), else a <meta>
declaration, else UTF-8.
`

// runInspect implements `axtree inspect`.
func runInspect(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("inspect", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	contentType := fs.String("content-type", "", "")
	file, err := parseInterleaved(fs, args)
	if err == flag.ErrHelp {
		fmt.Fprint(stdout, inspectUsage)
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "axtree inspect: %v\n%s", err, inspectUsage)
		return 2
	}
	src, closeIn, err := openInput(file, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "axtree inspect: %v\n", err)
		return 1
	}
	defer closeIn()
	b, err := io.ReadAll(io.LimitReader(src, render.DefaultMaxInputBytes+1))
	if err == nil && len(b) > render.DefaultMaxInputBytes {
		err = fmt.Errorf("page is larger than %d bytes", render.DefaultMaxInputBytes)
	}
	var d *dom.Doc
	if err == nil {
		b, _ = render.Decode(b, *contentType)
		d, err = dom.ParseDoc(b)
	}
	if err != nil {
		fmt.Fprintf(stderr, "axtree inspect: %s: %v\n", file, err)
		return 1
	}
	w := bufio.NewWriterSize(stdout, 64<<10)
	if err := inspect(d, w); err != nil {
		fmt.Fprintf(stderr, "axtree inspect: %v\n", err)
		return 1
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintf(stderr, "axtree inspect: %v\n", err)
		return 1
	}
	return 0
}

// inspect writes one JSON line per element of d to w.
func inspect(d *dom.Doc, w io.Writer) error {
	c := accname.New(d, nil)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for i, el := range d.Elements {
		tag := el.Data
		if el.Namespace != "" {
			tag = el.Namespace + ":" + el.Data
		}
		rec := inspectRecord{
			I:           i,
			Tag:         tag,
			Role:        c.Role(el),
			Name:        c.Name(el),
			Description: c.Description(el),
			Hidden:      c.Hidden(el),
		}
		if err := enc.Encode(&rec); err != nil {
			return err
		}
	}
	return nil
}
