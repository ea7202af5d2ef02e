package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/axtree/axtree/internal/shared"
)

const inspectFixture = `<!doctype html><html><head><title>T</title></head><body>
<label>Name * <input required></label>
<button hidden>gone</button>
<nav aria-label="Main"><a href="/a">A &amp; B</a></nav>
<img src="x.png" alt="">
<div role="foo checkbox" aria-checked="true" aria-describedby="d">Agree</div>
<p id="d">You agree to <b>everything</b></p>
</body></html>`

type inspectLine struct {
	I           *int    `json:"i"`
	Tag         *string `json:"tag"`
	Role        *string `json:"role"`
	Name        *string `json:"name"`
	Description *string `json:"description"`
	Hidden      *bool   `json:"hidden"`
}

func decodeInspect(t *testing.T, out string) []inspectLine {
	t.Helper()
	var lines []inspectLine
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		dec := json.NewDecoder(strings.NewReader(sc.Text()))
		dec.DisallowUnknownFields()
		var l inspectLine
		if err := dec.Decode(&l); err != nil {
			t.Fatalf("line %d is not a JSON object: %v\n%s", len(lines)+1, err, sc.Text())
		}
		if l.I == nil || l.Tag == nil || l.Role == nil || l.Name == nil || l.Description == nil || l.Hidden == nil {
			t.Fatalf("line %d lacks a field: %s", len(lines)+1, sc.Text())
		}
		lines = append(lines, l)
	}
	return lines
}

func TestInspectStdin(t *testing.T) {
	var stdout, stderr bytes.Buffer
	code := run([]string{"inspect", "-"}, strings.NewReader(inspectFixture), &stdout, &stderr)
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, stderr.String())
	}
	if stderr.Len() != 0 {
		t.Errorf("unexpected stderr %q", stderr.String())
	}
	lines := decodeInspect(t, stdout.String())
	wantTags := []string{"html", "head", "title", "body", "label", "input", "button", "nav", "a", "img", "div", "p", "b"}
	if len(lines) != len(wantTags) {
		t.Fatalf("got %d lines, want one per element (%d):\n%s", len(lines), len(wantTags), stdout.String())
	}
	byTag := map[string]inspectLine{}
	for i, l := range lines {
		if *l.I != i {
			t.Errorf("line %d has i=%d", i, *l.I)
		}
		if *l.Tag != wantTags[i] {
			t.Errorf("line %d tag %q, want %q", i, *l.Tag, wantTags[i])
		}
		byTag[*l.Tag] = l
	}
	check := func(tag, role, name string, hidden bool) {
		t.Helper()
		l := byTag[tag]
		if *l.Role != role || *l.Name != name || *l.Hidden != hidden {
			t.Errorf("%s: got role %q name %q hidden %v; want %q %q %v", tag, *l.Role, *l.Name, *l.Hidden, role, name, hidden)
		}
	}
	check("input", "textbox", "Name *", false)
	check("button", "button", "gone", true)
	check("nav", "navigation", "Main", false)
	check("a", "link", "A & B", false)
	check("img", "none", "", false)
	check("div", "checkbox", "Agree", false)
	if d := *byTag["div"].Description; d != "You agree to everything" {
		t.Errorf("div description %q", d)
	}
	if !strings.Contains(stdout.String(), `"name":"A & B"`) {
		t.Errorf("& should not be HTML-escaped in the JSON output")
	}
}

func TestInspectFileMatchesStdin(t *testing.T) {
	p := filepath.Join(t.TempDir(), "page.html")
	if err := os.WriteFile(p, []byte(inspectFixture), 0o644); err != nil {
		t.Fatal(err)
	}
	var fromFile, fromStdin, stderr bytes.Buffer
	if code := run([]string{"inspect", p}, strings.NewReader("ignored"), &fromFile, &stderr); code != 0 {
		t.Fatalf("file: exit %d, stderr %q", code, stderr.String())
	}
	if code := run([]string{"inspect", "-"}, strings.NewReader(inspectFixture), &fromStdin, &stderr); code != 0 {
		t.Fatalf("stdin: exit %d, stderr %q", code, stderr.String())
	}
	if fromFile.String() != fromStdin.String() {
		t.Errorf("file and stdin outputs differ:\n%s\n---\n%s", fromFile.String(), fromStdin.String())
	}
}

func TestInspectMissingFile(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "no-such.html")
	var stdout, stderr bytes.Buffer
	code := run([]string{"inspect", missing}, strings.NewReader(""), &stdout, &stderr)
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	if stdout.Len() != 0 {
		t.Errorf("stdout should be empty, got %q", stdout.String())
	}
	msg := stderr.String()
	if strings.Count(msg, "\n") != 1 || !strings.HasSuffix(msg, "\n") || !strings.Contains(msg, "no-such.html") {
		t.Errorf("want a one-line error naming the file, got %q", msg)
	}
}

func TestInspectUsage(t *testing.T) {
	for _, args := range [][]string{{"inspect"}, {"inspect", "a", "b"}} {
		var stdout, stderr bytes.Buffer
		if code := run(args, strings.NewReader(""), &stdout, &stderr); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
		if msg := stderr.String(); strings.Count(msg, "\n") != 1 || !strings.Contains(msg, "want FILE|-") || !strings.Contains(msg, "axtree help inspect") {
			t.Errorf("%v: want one line saying what is wrong and where the help is, got %q", args, msg)
		}
	}
	var stdout bytes.Buffer
	if code := run([]string{"inspect", "-h"}, strings.NewReader(""), &stdout, io.Discard); code != 0 || !strings.Contains(stdout.String(), "usage") {
		t.Errorf("-h: exit %d, stdout %q", code, stdout.String())
	}
}

type failWriter struct{}

func (failWriter) Write(p []byte) (int, error) { return 0, os.ErrClosed }

func TestInspectWriteError(t *testing.T) {
	var stderr bytes.Buffer
	big := strings.Repeat("<p>x</p>", 20000) // more than the 64 KiB buffer
	if code := run([]string{"inspect", "-"}, strings.NewReader(big), failWriter{}, &stderr); code != 1 {
		t.Errorf("exit %d on a failing stdout, want 1", code)
	}
	if !strings.Contains(stderr.String(), "axtree inspect:") {
		t.Errorf("stderr %q", stderr.String())
	}
}

func TestInspectEmptyInput(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"inspect", "-"}, strings.NewReader(" \n"), &stdout, &stderr); code != 1 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if stderr.String() != "axtree inspect: standard input is empty: there is no page to read\n" || stdout.Len() != 0 {
		t.Errorf("stdout %q, stderr %q", stdout.String(), stderr.String())
	}
	// A page of white space around one element still inspects.
	stdout.Reset()
	if code := run([]string{"inspect", "-"}, strings.NewReader(" <p> "), &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if got := len(decodeInspect(t, stdout.String())); got != 4 {
		t.Errorf("got %d lines, want 4", got)
	}
}

// BenchmarkInspectAmazon runs `axtree inspect` over the shared Amazon search
// page (parse, index, role, name, description and hidden-ness of every
// element, JSON out).
func BenchmarkInspectAmazon(b *testing.B) {
	p := shared.Path(b, "corpus", "pages", "amazon-de-search.html")
	b.ReportAllocs()
	for b.Loop() {
		if code := run([]string{"inspect", p}, nil, io.Discard, io.Discard); code != 0 {
			b.Fatalf("exit %d", code)
		}
	}
}
