package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/axtree/axtree/render"
)

const renderUsage = `usage: axtree render [flags] FILE|-

Prints the numbered accessibility tree of an HTML page (or, with --capture,
of a capture document a browser hook wrote). FILE "-" reads standard input.

flags:
  --capture           the input is a capture JSON document, not HTML
  --base-url URL      the page URL that links resolve against
  --content-type CT   the page's HTTP Content-Type (its charset decides the
                      decoding over a <meta> declaration; default: the byte
                      order mark, else <meta>, else UTF-8)
  --view lean|enriched
                      lean (default): URLs kept out of the tree;
                      enriched: each link's URL inline
  --state record|inline
                      record (default): field values and checked/selected
                      states in lines "[id=N] [value=…]" after the tree, so
                      filling in a form changes no element line;
                      inline: on each element's own line
  --format text|json  text (default) or one JSON document with nodes and links
  --links FILE        also write the link record (id -> URL) as JSON to FILE
`

// stateFlag checks the --state flag and reports whether the form state is
// printed inline.
func stateFlag(cmd, v string, stderr io.Writer) (inline, ok bool) {
	switch v {
	case "record":
		return false, true
	case "inline":
		return true, true
	}
	fmt.Fprintf(stderr, "axtree %s: --state must be record or inline, not %q\n", cmd, v)
	return false, false
}

// runRender implements `axtree render`.
func runRender(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("render", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	capture := fs.Bool("capture", false, "")
	baseURL := fs.String("base-url", "", "")
	contentType := fs.String("content-type", "", "")
	view := fs.String("view", "lean", "")
	state := fs.String("state", "record", "")
	format := fs.String("format", "text", "")
	linksOut := fs.String("links", "", "")
	file, err := parseInterleaved(fs, args)
	if err == flag.ErrHelp {
		fmt.Fprint(stdout, renderUsage)
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "axtree render: %v\n%s", err, renderUsage)
		return 2
	}
	if *view != "lean" && *view != "enriched" {
		fmt.Fprintf(stderr, "axtree render: --view must be lean or enriched, not %q\n", *view)
		return 2
	}
	inline, ok := stateFlag("render", *state, stderr)
	if !ok {
		return 2
	}
	if *format != "text" && *format != "json" {
		fmt.Fprintf(stderr, "axtree render: --format must be text or json, not %q\n", *format)
		return 2
	}
	in, closeIn, err := openInput(file, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "axtree render: %v\n", err)
		return 1
	}
	defer closeIn()
	opts := render.Options{URL: *baseURL, ContentType: *contentType}
	var res *render.Result
	if *capture {
		res, err = render.Capture(in, opts)
	} else {
		res, err = render.HTML(in, opts)
	}
	if err != nil {
		fmt.Fprintf(stderr, "axtree render: %s: %v\n", file, err)
		return 1
	}
	return emit("render", res, *format, *view, inline, *linksOut, stdout, stderr)
}

// emit writes a rendering as the render and capture commands print it:
// the link record to linksOut when given, then the tree in format (text or
// json) and view (lean or enriched), with the form state inline or in the
// record, to stdout. It returns the exit status.
func emit(cmd string, res *render.Result, format, view string, inline bool, linksOut string, stdout, stderr io.Writer) int {
	if inline {
		o := res.TextOptions()
		o.InlineState = true
		res = res.WithTextOptions(o)
	}
	if linksOut != "" {
		if err := os.WriteFile(linksOut, append(res.LinksJSON(), '\n'), 0o644); err != nil {
			fmt.Fprintf(stderr, "axtree %s: %v\n", cmd, err)
			return 1
		}
	}
	var out []byte
	switch {
	case format == "json":
		out = append(res.JSON(), '\n')
	case view == "enriched":
		out = res.Enriched()
	default:
		out = res.Text()
	}
	if _, err := stdout.Write(out); err != nil {
		fmt.Fprintf(stderr, "axtree %s: %v\n", cmd, err)
		return 1
	}
	return 0
}

// parseInterleaved parses flags that may come before or after the single
// positional argument, and returns that argument.
func parseInterleaved(fs *flag.FlagSet, args []string) (string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return "", err
		}
		if fs.NArg() == 0 {
			break
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
	if len(pos) != 1 {
		return "", fmt.Errorf("want exactly one FILE (or -), got %d", len(pos))
	}
	return pos[0], nil
}

// openInput opens FILE, or returns stdin for "-".
func openInput(file string, stdin io.Reader) (io.Reader, func(), error) {
	if file == "-" {
		return stdin, func() {}, nil
	}
	f, err := os.Open(file)
	if err != nil {
		return nil, nil, err
	}
	return f, func() { f.Close() }, nil
}
