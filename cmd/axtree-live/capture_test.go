package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/axtree/axtree/capture"
	"github.com/axtree/axtree/render"
)

func TestCaptureFlagErrors(t *testing.T) {
	for _, args := range [][]string{
		{"capture"},
		{"capture", "a.html", "b.html"},
		{"capture", "--view", "fat", "a.html"},
		{"capture", "--format", "xml", "a.html"},
		{"capture", "--timeout", "-1s", "a.html"},
	} {
		var out, errb bytes.Buffer
		if code := run(args, nil, &out, &errb); code != 2 {
			t.Errorf("%q: exit %d, want 2 (stderr %q)", args, code, errb.String())
		}
	}
	var out, errb bytes.Buffer
	if code := run([]string{"capture", filepath.Join(t.TempDir(), "missing.html")}, nil, &out, &errb); code != 1 || !strings.Contains(errb.String(), "missing.html") {
		t.Errorf("missing file: exit %d, stderr %q", code, errb.String())
	}
	if code := run([]string{"capture", "-h"}, nil, &out, &errb); code != 0 || !strings.Contains(out.String(), "--save") {
		t.Errorf("-h: exit %d, out %q", code, out.String())
	}
}

func TestCaptureFileLive(t *testing.T) {
	if capture.FindChromium() == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("Chromium is required on CI but was not found")
		}
		t.Skip("Chromium not found; skipping the live capture CLI test")
	}
	dir := t.TempDir()
	page := filepath.Join(dir, "page with space.html")
	os.WriteFile(page, []byte(`<!doctype html><title>t</title><div id=h></div><a href="next.html">Next</a>
<script>document.getElementById('h').attachShadow({mode:'closed'}).innerHTML = '<button>Inside</button>';</script>`), 0o644)
	saved := filepath.Join(dir, "capture.json")
	linksFile := filepath.Join(dir, "links.json")
	var out, errb bytes.Buffer
	code := run([]string{"capture", page, "--save", saved, "--links", linksFile, "--view", "enriched", "--timeout", "20s"}, nil, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	text := out.String()
	if !strings.Contains(text, "[button] Inside [id=1]") {
		t.Errorf("closed shadow button missing:\n%s", text)
	}
	if !strings.Contains(text, "next.html") {
		t.Errorf("enriched view has no link URL:\n%s", text)
	}
	raw, err := os.ReadFile(saved)
	if err != nil || !bytes.HasPrefix(raw, []byte(`{"version":1`)) {
		t.Fatalf("--save wrote %q (%v)", raw, err)
	}
	// The saved capture renders the same tree through axtree render --capture.
	res, err := render.Capture(bytes.NewReader(raw), render.Options{})
	if err != nil || string(res.Enriched()) != text {
		t.Errorf("render --capture of the saved capture differs (%v):\n%s\nvs\n%s", err, res.Enriched(), text)
	}
	if l, err := os.ReadFile(linksFile); err != nil || !strings.Contains(string(l), "next.html") {
		t.Errorf("--links wrote %q (%v)", l, err)
	}
}
