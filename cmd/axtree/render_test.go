package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func runAx(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(args, strings.NewReader(stdin), &out, &errb)
	return out.String(), errb.String(), code
}

const formPage = `<!doctype html><title>T</title><main><a href="/jobs">Jobs</a>
<label>Name <input required></label><button>Submit Application</button></main>`

func TestRenderStdinAndFlags(t *testing.T) {
	out, _, code := runAx(t, formPage, "render", "-")
	if code != 0 || !strings.Contains(out, "[button] Submit Application [id=4]") || strings.Contains(out, "/jobs") {
		t.Fatalf("code %d, out:\n%s", code, out)
	}
	links := filepath.Join(t.TempDir(), "links.json")
	out, _, code = runAx(t, formPage, "render", "-", "--base-url", "https://x.test/a/", "--view", "enriched", "--links", links)
	if code != 0 || !strings.Contains(out, `https://x.test/jobs`) {
		t.Fatalf("enriched: code %d out:\n%s", code, out)
	}
	b, err := os.ReadFile(links)
	if err != nil || strings.TrimSpace(string(b)) != `{"2":"https://x.test/jobs"}` {
		t.Fatalf("links file: %s %v", b, err)
	}
	out, _, code = runAx(t, formPage, "render", "--format", "json", "-")
	var doc struct {
		Nodes []map[string]any `json:"nodes"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &doc) != nil || len(doc.Nodes) == 0 {
		t.Fatalf("json: code %d out %s", code, out)
	}
}

func TestRenderErrors(t *testing.T) {
	_, errs, code := runAx(t, "", "render", "/no/such/file.html")
	if code != 1 || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, "no such file") {
		t.Fatalf("missing file: code %d stderr %q", code, errs)
	}
	if _, _, code := runAx(t, "", "render"); code != 2 {
		t.Fatalf("no file: code %d, want 2", code)
	}
	if _, _, code := runAx(t, "", "render", "--view", "fat", "-"); code != 2 {
		t.Fatalf("bad view: code %d, want 2", code)
	}
	if _, _, code := runAx(t, "{", "render", "--capture", "-"); code != 1 {
		t.Fatalf("bad capture: code %d, want 1", code)
	}
	// Empty and binary input are refused with a message saying what they are.
	if _, errs, code := runAx(t, "", "render", "-"); code != 1 || errs != "axtree render: standard input is empty: there is no page to read\n" {
		t.Fatalf("empty input: code %d, stderr %q", code, errs)
	}
	if _, errs, code := runAx(t, "\x00\xff\xfe<\x01>", "render", "-"); code != 1 || !strings.Contains(errs, "binary data") {
		t.Fatalf("binary input: code %d, stderr %q", code, errs)
	}
}

func TestFind(t *testing.T) {
	out, _, code := runAx(t, formPage, "find", "--role", "textbox", "--name", "/^name/i", "-")
	if code != 0 || strings.TrimSpace(out) != "[id=3] [textbox] Name" {
		t.Fatalf("code %d out %q", code, out)
	}
	out, _, code = runAx(t, formPage, "find", "--role", "button", "--name", "Submit", "--exact", "-")
	if code != 1 || !strings.Contains(out, "[id=4] [button] Submit Application (score") {
		t.Fatalf("miss: code %d out %q", code, out)
	}
	if _, _, code := runAx(t, formPage, "find", "-"); code != 2 {
		t.Fatalf("no target: code %d", code)
	}
}

func TestUnknownCommand(t *testing.T) {
	if _, _, code := runAx(t, "", "frobnicate"); code != 2 {
		t.Fatalf("code %d", code)
	}
}

// TestInspectBadInput: hostile pages through `axtree inspect` answer with
// one JSON line per element, promptly and without a panic.
func TestInspectBadInput(t *testing.T) {
	var refs strings.Builder
	for i := 0; i < 10000; i++ {
		refs.WriteString(`<span id="n` + itoa(i) + `">w</span>`)
	}
	var idList strings.Builder
	for i := 0; i < 10000; i++ {
		idList.WriteString("n" + itoa(i) + " ")
	}
	pages := map[string]string{
		"malformed":     `<div><p>unclosed <b><i>mis</b>nested</i><table><td>cell<tr><a href=x>l`,
		"invalid utf-8": "<button>\xff\xfe bad \xc3\x28</button>",
		"cyclic refs":   `<div id=a aria-labelledby=b>A</div><div id=b aria-labelledby=a>B</div><div id=c aria-owns=d><div id=d aria-owns=c>x</div></div>`,
		"10,000-deep":   strings.Repeat("<div>", 10000) + "<button aria-label=deep></button>" + strings.Repeat("</div>", 10000),
		"10,000 idrefs": refs.String() + `<button aria-labelledby="` + idList.String() + `">x</button>`,
	}
	for name, page := range pages {
		out, errs, code := runAx(t, page, "inspect", "-")
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", name, code, errs)
		}
		lines := strings.Split(strings.TrimSpace(out), "\n")
		for _, l := range lines {
			var obj map[string]any
			if err := json.Unmarshal([]byte(l), &obj); err != nil {
				t.Fatalf("%s: not JSON: %q", name, l)
			}
		}
		if len(lines) < 3 {
			t.Fatalf("%s: %d lines", name, len(lines))
		}
	}
}

func itoa(i int) string {
	if i == 0 {
		return "0"
	}
	var b []byte
	for ; i > 0; i /= 10 {
		b = append([]byte{byte('0' + i%10)}, b...)
	}
	return string(b)
}

func TestRenderStateFlag(t *testing.T) {
	page := `<label>Name <input value="Ada"></label><label><input type=checkbox checked> Agree</label>`
	out, _, code := runAx(t, page, "render", "-")
	want := "[textbox][editable] Name [id=1]\n[checkbox] Agree [id=2]\n[id=1] [value=Ada]\n[id=2] [checked]\n"
	if code != 0 || out != want {
		t.Fatalf("record: code %d, got:\n%s\nwant:\n%s", code, out, want)
	}
	out, _, code = runAx(t, page, "render", "--state", "inline", "-")
	want = "[textbox][editable] Name [id=1] [value=Ada]\n[checkbox][checked] Agree [id=2]\n"
	if code != 0 || out != want {
		t.Fatalf("inline: code %d, got:\n%s\nwant:\n%s", code, out, want)
	}
	if _, errs, code := runAx(t, page, "render", "--state", "both", "-"); code != 2 || !strings.Contains(errs, "--state must be record or inline") {
		t.Fatalf("bad --state: code %d, stderr %q", code, errs)
	}
}
