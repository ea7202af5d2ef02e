package main

import (
	"bytes"

	"github.com/axtree/axtree/internal/cli"
	"github.com/axtree/axtree/render"
)

func renderCommand() *cli.Command {
	var (
		capture              bool
		baseURL, contentType string
		out                  cli.TreeOutput
	)
	return &cli.Command{
		Name:    "render",
		Args:    "FILE|-",
		Summary: "print the numbered tree of a page or a capture",
		Doc: `Prints the numbered accessibility tree of an HTML page, or of a capture
document a browser hook wrote (axtree capture --save). FILE "-" reads
standard input. A capture is recognised by its content (a JSON object with
"version" and a "root" object) and rendered as one, with a note on stderr;
--capture says so explicitly. Empty input, binary files, directories and
JSON that is not a capture are refused with a message saying what they are.`,
		Flags: func(f *cli.Flags) {
			f.Bool(&capture, "capture", "the input is a capture JSON document, not HTML")
			f.String(&baseURL, "base-url", "URL", "the page URL that links resolve against")
			f.String(&contentType, "content-type", "CT", "the page's HTTP Content-Type: its charset decides the decoding over a <meta> declaration (default: the byte order mark, else <meta>, else UTF-8)")
			out.Declare(f)
		},
		MinArgs: 1, MaxArgs: 1,
		Run: func(e *cli.Env, args []string) error {
			res, err := readRendered(e, args[0], capture, render.Options{URL: baseURL, ContentType: contentType})
			if err != nil {
				return err
			}
			return out.Write(e, res)
		},
	}
}

// readRendered reads a page operand (HTML or a capture, see
// cli.Env.ReadPage) and renders it.
func readRendered(e *cli.Env, name string, capture bool, opts render.Options) (*render.Result, error) {
	b, isCapture, err := e.ReadPage(name, capture)
	if err != nil {
		return nil, err
	}
	var res *render.Result
	if isCapture {
		res, err = render.Capture(bytes.NewReader(b), opts)
		if err != nil {
			return nil, &captureError{name: cli.InputName(name), err: err}
		}
		if !capture {
			e.NoteCapture(name)
		}
		return res, nil
	}
	return render.HTMLBytes(b, opts)
}

// captureError says that a capture document could not be decoded.
type captureError struct {
	name string
	err  error
}

func (e *captureError) Error() string {
	return e.name + ": not a valid capture document: " + cli.Message(e.err)
}

func (e *captureError) Unwrap() error { return e.err }
