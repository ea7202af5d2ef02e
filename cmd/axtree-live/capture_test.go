package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

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

// TestPageURL: a bare host is an https URL (http for localhost and IP
// addresses); a file name that is no host is a missing file, not a
// request to the network.
func TestPageURL(t *testing.T) {
	dir := t.TempDir()
	page := filepath.Join(dir, "page.html")
	require.NoError(t, os.WriteFile(page, []byte("<p>x"), 0o644))
	for in, want := range map[string]string{
		"example.com":              "https://example.com/",
		"example.com/a/b?q=1":      "https://example.com/a/b?q=1",
		"shop.example.co.uk:8443/": "https://shop.example.co.uk:8443/",
		"localhost:8080":           "http://localhost:8080/",
		"127.0.0.1:3000/x":         "http://127.0.0.1:3000/x",
		"https://example.org/p":    "https://example.org/p",
		page:                       "file://" + filepath.ToSlash(page),
	} {
		got, err := pageURL(in)
		if assert.NoError(t, err, in) {
			assert.Equal(t, want, got, in)
		}
	}
	for _, in := range []string{"missing.html", "notes.txt", "user@example.com", "example", dir} {
		_, err := pageURL(in)
		assert.Error(t, err, in)
	}
	_, err := pageURL("missing.html")
	assert.EqualError(t, err, "missing.html: no such file, and not a URL or a host name (a URL needs its scheme, e.g. https://missing.html)")
}

// TestCaptureViewportAndSettleFlags: --viewport sizes the window the page
// sees; --settle and --quiet-window are taken.
func TestCaptureViewportAndSettleFlags(t *testing.T) {
	if capture.FindChromium() == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("Chromium is required on CI but was not found")
		}
		t.Skip("Chromium not found; skipping the live capture CLI test")
	}
	page := filepath.Join(t.TempDir(), "size.html")
	require.NoError(t, os.WriteFile(page, []byte(`<!doctype html><title>t</title><h1 id=s></h1>
<script>document.getElementById('s').textContent = 'size ' + innerWidth + 'x' + innerHeight;</script>`), 0o644))
	var out, errb bytes.Buffer
	code := run([]string{"capture", page, "--viewport", "800x600", "--settle", "2s", "--quiet-window", "200ms", "--timeout", "60s"}, nil, &out, &errb)
	require.Equal(t, 0, code, errb.String())
	assert.Contains(t, out.String(), "size 800x600")
	for _, args := range [][]string{
		{"capture", "--settle", "0s", page},
		{"capture", "--quiet-window", "-1s", page},
		{"capture", "--viewport", "0x600", page},
	} {
		out.Reset()
		errb.Reset()
		assert.Equal(t, 2, run(args, nil, &out, &errb), "%v: %s", args, errb.String())
	}
}
