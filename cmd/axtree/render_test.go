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
	// Empty and binary input render (to nothing much) without failing.
	if _, _, code := runAx(t, "", "render", "-"); code != 0 {
		t.Fatalf("empty input: code %d", code)
	}
	if _, _, code := runAx(t, "\x00\xff\xfe<\x01>", "render", "-"); code != 0 {
		t.Fatalf("binary input: code %d", code)
	}
}

func TestFind(t *testing.T) {
	out, _, code := runAx(t, formPage, "find", "--role", "textbox", "--name", "/^name/i", "-")
	if code != 0 || strings.TrimSpace(out) != "[id=3] [textbox] Name" {
		t.Fatalf("code %d out %q", code, out)
	}
	out, _, code = runAx(t, formPage, "find", "--role", "button", "--name", "Submit", "-")
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
