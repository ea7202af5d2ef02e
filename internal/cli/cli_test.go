package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestMessageDropsRepeatedPrefixes(t *testing.T) {
	wire := errors.New("wire: node /html: tag: expected a string")
	err := fmt.Errorf("render: capture: %w", wire)
	assert.Equal(t, "node /html: tag: expected a string", Message(err))
	pe := &fs.PathError{Op: "open", Path: "a.html", Err: fs.ErrNotExist}
	assert.Equal(t, "a.html: no such file or directory", Message(pe))
	assert.Equal(t, "x.har: empty HAR input", Message(fmt.Errorf("x.har: x.har: %w", errors.New("netcap: empty HAR input"))))
	// A package name as the last word is the message, not a prefix.
	assert.Equal(t, "unknown section: render", Message(errors.New("unknown section: render")))
	assert.Equal(t, "two lines", Message(errors.New("two\nlines")))
}

func TestSniff(t *testing.T) {
	cases := []struct {
		in   string
		kind Kind
	}{
		{"", KindEmpty},
		{" \n\t", KindEmpty},
		{"\xef\xbb\xbf  ", KindEmpty},
		{"<p>hi", KindText},
		{"{not json", KindText},
		{"\x1f\x8b\x08\x00\x00\x00", KindBinary},
		{"%PDF-1.7\n", KindBinary},
		{"a\x00b", KindBinary},
		{"\xff\xfe<\x00p\x00>\x00", KindText}, // UTF-16 with a BOM is text
		{`{"version":1,"url":"x","root":{"tag":"#document"}}`, KindCapture},
		{`{"root":{"tag":"#document","children":[{"tag":"html"}]},"version":1}`, KindCapture},
		{"\xef\xbb\xbf" + `{"version":1,"root":{}}`, KindCapture},
		{`{"log":{"entries":[]}}`, KindHAR},
		{`{"a":[1,{"root":{}}],"b":2}`, KindJSON},
		{`[1,2]`, KindJSON},
		{`{"version":1,"root":"x"}`, KindJSON},
	}
	for _, c := range cases {
		k, _ := Sniff([]byte(c.in))
		assert.Equal(t, c.kind, k, "%q", c.in)
	}
	_, what := Sniff([]byte("\x89PNG\r\n\x1a\n\x00\x00"))
	assert.Equal(t, "image/png", what)
}

func TestFlagsHelpAndErrors(t *testing.T) {
	runP := func(args ...string) (int, string, string) {
		var out, errb bytes.Buffer
		code := demoProgram().Run(args, nil, &out, &errb)
		return code, out.String(), errb.String()
	}
	testFlags(t, runP)
}

func demoProgram() *Program {
	var (
		name string
		n    = 3
		d    = time.Second
		mode string
		on   bool
		list []string
	)
	c := &Command{
		Name: "demo", Args: "FILE", Summary: "a demo",
		Flags: func(f *Flags) {
			f.String(&name, "name", "NAME", "who")
			f.Int(&n, "count", "N", "how many")
			f.Duration(&d, "wait", "how long to wait before doing anything at all, a long sentence to wrap")
			f.Enum(&mode, "mode", []string{"a", "b"}, "which")
			f.Bool(&on, "on", "switch")
			f.Strings(&list, "dir", "DIR", "a folder")
		},
		MinArgs: 1, MaxArgs: 1,
		Run: func(e *Env, args []string) error {
			fmt.Fprintf(e.Stdout, "%s %d %v %s %v %v %s\n", name, n, d, mode, on, list, args[0])
			return nil
		},
	}
	return &Program{Name: "ax", Binary: "ax", Commands: []*Command{c}}
}

func testFlags(t *testing.T, runP func(args ...string) (int, string, string)) {
	code, out, _ := runP("demo", "f", "--name=x", "-count", "4", "--mode", "b", "--on", "--dir", "p", "--dir", "q", "--wait", "2s")
	require.Equal(t, 0, code)
	assert.Equal(t, "x 4 2s b true [p q] f\n", out)
	code, out, _ = runP("demo", "--", "-f")
	assert.Equal(t, 0, code)
	assert.Equal(t, " 3 1s a false [] -f\n", out)
	_, help, _ := runP("help", "demo")
	assert.Equal(t, `usage: ax demo [flags] FILE

A demo.

flags:
  --name NAME             who
  --count N               how many (default 3)
  --wait DURATION         how long to wait before doing anything at all, a long
                          sentence to wrap (default 1s)
  --mode a|b              which (default a)
  --on                    switch
  --dir DIR               a folder (repeatable)
  -h, --help              this help
`, help)
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"demo"}, "ax demo: want FILE, got 0 arguments (ax help demo lists the flags)\n"},
		{[]string{"demo", "a", "b"}, "ax demo: want FILE, got 2 arguments: \"a\" \"b\" (ax help demo lists the flags)\n"},
		{[]string{"demo", "--nmae", "x", "f"}, "ax demo: unknown flag --nmae; did you mean --name? (ax help demo lists the flags)\n"},
		{[]string{"demo", "f", "--name"}, "ax demo: --name needs NAME (ax help demo lists the flags)\n"},
		{[]string{"demo", "f", "--count", "many"}, "ax demo: --count: \"many\" is not a whole number (ax help demo lists the flags)\n"},
		{[]string{"demo", "f", "--wait", "soon"}, "ax demo: --wait: \"soon\" is not a duration like 30s or 1m (ax help demo lists the flags)\n"},
		{[]string{"demo", "f", "--mode", "c"}, "ax demo: --mode must be a or b, not \"c\" (ax help demo lists the flags)\n"},
		{[]string{"demo", "f", "--on=maybe"}, "ax demo: --on takes true or false, not \"maybe\" (ax help demo lists the flags)\n"},
		{[]string{"dmeo"}, "ax: unknown command \"dmeo\"; did you mean \"demo\"? (ax help lists the commands)\n"},
	} {
		code, out, errs := runP(c.args...)
		assert.Equal(t, 2, code, "%v", c.args)
		assert.Empty(t, out)
		assert.Equal(t, c.msg, errs, "%v", c.args)
	}
}

func TestRunErrorsAndStatus(t *testing.T) {
	mk := func(err error) *Program {
		return &Program{Name: "ax", Commands: []*Command{{Name: "x", MaxArgs: -1, Run: func(*Env, []string) error { return err }}}}
	}
	var errb bytes.Buffer
	assert.Equal(t, 1, mk(fmt.Errorf("render: capture: %w", errors.New("wire: bad"))).Run([]string{"x"}, nil, &bytes.Buffer{}, &errb))
	assert.Equal(t, "ax x: bad\n", errb.String())
	errb.Reset()
	assert.Equal(t, 1, mk(Status(1)).Run([]string{"x"}, nil, &bytes.Buffer{}, &errb))
	assert.Empty(t, errb.String(), "an ExitStatus prints nothing")
	assert.Equal(t, 0, mk(nil).Run([]string{"x", "a", "b"}, nil, &bytes.Buffer{}, &errb))
}

func TestExternalCommand(t *testing.T) {
	var gotArgs []string
	p := &Program{Name: "ax", Binary: "ax", Commands: []*Command{{Name: "live", Summary: "a live thing", Binary: "ax-live"}},
		Finder: func(e *Env, binary string) (string, func(), error) {
			gotArgs = append(gotArgs, binary)
			return "", func() {}, &NotInstalledError{Binary: binary}
		}}
	var out, errb bytes.Buffer
	assert.Equal(t, 1, p.Run([]string{"live", "x"}, nil, &out, &errb))
	assert.Equal(t, []string{"ax-live"}, gotArgs)
	assert.Contains(t, errb.String(), "ax live: this command is in the ax-live binary")
	out.Reset()
	assert.Equal(t, 1, p.Run([]string{"help", "live"}, nil, &out, &errb))
	assert.Equal(t, "ax live: a live thing.\n", out.String())
	out.Reset()
	p.Run([]string{"help"}, nil, &out, &errb)
	assert.Contains(t, out.String(), "a live thing [ax-live]")
}

func TestProgress(t *testing.T) {
	var b bytes.Buffer
	p := NewProgress(&b, false)
	p.Step(1, 3, "page %s", "a")
	p.Done()
	assert.Empty(t, b.String(), "quiet when not a terminal")
	p = NewProgress(&b, true)
	p.Step(2, 3, "page %s", "b\x1b[2J")
	p.Say("next")
	p.Done()
	assert.Equal(t, "\r\x1b[K[2/3] page b [2J\r\x1b[Knext\r\x1b[K", b.String())
	assert.False(t, Terminal(&b))
}

func TestVersionLine(t *testing.T) {
	v := Version("ax")
	assert.True(t, strings.HasPrefix(v, "ax "), v)
	assert.Contains(t, v, " go1.")
}
