package main

import (
	"bufio"
	"encoding/json"
	"io"

	"github.com/axtree/axtree/accname"
	"github.com/axtree/axtree/dom"
	"github.com/axtree/axtree/internal/cli"
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

func inspectCommand() *cli.Command {
	var contentType string
	return &cli.Command{
		Name:    "inspect",
		Args:    "FILE|-",
		Summary: "one JSON line per element: role, name, …",
		Doc: `Prints one JSON object per element of an HTML page, in pre-order (the
dom.Doc.Elements index "i"): tag (prefixed "svg:" or "math:" outside
HTML), computed role, accessible name, description, and whether the
element is hidden from the accessibility tree. FILE "-" reads standard
input. The page is decoded as a browser decodes it: by its byte order
mark, else the charset of --content-type, else a <meta> declaration, else
UTF-8. Input that is not an HTML page (empty, binary, a capture or other
JSON) is refused with a message saying what it is.`,
		Flags: func(f *cli.Flags) {
			f.String(&contentType, "content-type", "CT", "the page's HTTP Content-Type, when known")
		},
		MinArgs: 1, MaxArgs: 1,
		Run: func(e *cli.Env, args []string) error {
			b, err := e.ReadHTML(args[0])
			if err != nil {
				return err
			}
			b, _ = render.Decode(b, contentType)
			d, err := dom.ParseDoc(b)
			if err != nil {
				return err
			}
			w := bufio.NewWriterSize(e.Stdout, 64<<10)
			if err := inspect(d, w); err != nil {
				return err
			}
			return w.Flush()
		},
	}
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
