package main

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// benchCorpus lays out a small corpus in the shared layout: pages/ with
// two pages and peers/playwright/ with a snapshot of one of them.
func benchCorpus(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	pages := filepath.Join(root, "pages")
	peers := filepath.Join(root, "peers", "playwright")
	for _, d := range []string{pages, peers} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	files := map[string]string{
		filepath.Join(pages, "alpha.html"): `<!doctype html><title>A</title><nav><a href="/x">Home</a></nav><main><h1>Alpha</h1><button>Go</button><input aria-label="Q"></main>`,
		filepath.Join(pages, "beta.html"):  `<!doctype html><title>B</title><p>Just text</p>`,
		filepath.Join(peers, "alpha.yml"):  "- navigation [ref=e2]:\n  - link \"Home\" [ref=e3]:\n    - /url: /x\n- main:\n  - heading \"Alpha\" [level=1]\n  - button \"Go\" [ref=e4]\n  - textbox \"Q\" [ref=e5]\n",
	}
	for p, s := range files {
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return pages
}

func TestBenchCommand(t *testing.T) {
	pages := benchCorpus(t)
	out := t.TempDir()
	svg := filepath.Join(out, "tokens.svg")
	var stdout, stderr bytes.Buffer
	code := run([]string{"bench", "--corpus", pages, "--out", out, "--svg", svg, "--no-timing"}, nil, &stdout, &stderr)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	md := stdout.String()
	for _, want := range []string{"| alpha |", "| beta |", "Tokens (o200k_base)", "Tokens (cl100k_base)", "Screenshots instead"} {
		if !strings.Contains(md, want) {
			t.Errorf("table lacks %q:\n%s", want, md)
		}
	}
	written, err := os.ReadFile(filepath.Join(out, "corpus.md"))
	if err != nil || string(written) != md {
		t.Errorf("corpus.md differs from the printed table (err %v)", err)
	}
	raw, err := os.ReadFile(filepath.Join(out, "corpus.json"))
	if err != nil {
		t.Fatal(err)
	}
	var res struct {
		Pages []struct {
			Page       string           `json:"page"`
			Lean       map[string]int   `json:"lean"`
			Playwright *map[string]int  `json:"playwright"`
			Ratio      float64          `json:"lean_vs_playwright_without_url"`
			Other      *json.RawMessage `json:"html"`
		} `json:"pages"`
	}
	if err := json.Unmarshal(raw, &res); err != nil {
		t.Fatal(err)
	}
	if len(res.Pages) != 2 || res.Pages[0].Page != "alpha" || res.Pages[1].Page != "beta" {
		t.Fatalf("pages %+v", res.Pages)
	}
	if res.Pages[0].Playwright == nil || res.Pages[0].Ratio <= 0 || res.Pages[1].Playwright != nil {
		t.Errorf("Playwright figures wrong: %+v", res.Pages)
	}
	if res.Pages[0].Lean["o200k_base"] <= 0 || res.Pages[0].Lean["bytes"] <= 0 {
		t.Errorf("lean counts missing: %+v", res.Pages[0].Lean)
	}
	b, err := os.ReadFile(svg)
	if err != nil {
		t.Fatal(err)
	}
	dec := xml.NewDecoder(bytes.NewReader(b))
	for {
		if _, err := dec.Token(); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatalf("SVG is not XML: %v", err)
		}
	}
}

func TestBenchCommandErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
	}{
		{[]string{"bench", "--nope"}, 2},
		{[]string{"bench", "extra"}, 2},
		{[]string{"bench", "--corpus", t.TempDir(), "--out", "-"}, 1}, // no pages
		{[]string{"bench", "--scaling", "--sizes", "10,x"}, 2},
		{[]string{"bench", "--scaling", "--sizes", "0"}, 2},
		{[]string{"bench", "-h"}, 0},
	} {
		var stdout, stderr bytes.Buffer
		if got := run(c.args, nil, &stdout, &stderr); got != c.code {
			t.Errorf("%v: exit %d, want %d (%s)", c.args, got, c.code, stderr.String())
		}
	}
}

func TestBenchScaling(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"bench", "--scaling", "--sizes", "200,2000"}, nil, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	out := stdout.String()
	if !strings.Contains(out, "| 199 |") || !strings.Contains(out, "| 1999 |") || !strings.Contains(out, "slope") {
		t.Errorf("scaling output:\n%s", out)
	}
}

// TestBenchWritesOnlyWhenAsked: without --out, bench prints its tables and
// writes no file, neither in the working directory nor in the checked-in
// bench/results.
func TestBenchWritesOnlyWhenAsked(t *testing.T) {
	pages := benchCorpus(t)
	root, err := filepath.Abs(filepath.Join("..", ".."))
	require.NoError(t, err)
	results := filepath.Join(root, "bench", "results", "corpus.md")
	before, err := os.Stat(results)
	require.NoError(t, err)
	content, err := os.ReadFile(results)
	require.NoError(t, err)
	cwd := t.TempDir()
	t.Chdir(cwd)
	var stdout, stderr bytes.Buffer
	require.Equal(t, 0, run([]string{"bench", "--corpus", pages, "--no-timing"}, nil, &stdout, &stderr), stderr.String())
	assert.Contains(t, stdout.String(), "| alpha |")
	after, err := os.Stat(results)
	require.NoError(t, err)
	assert.Equal(t, before.ModTime(), after.ModTime(), "bench/results/corpus.md was rewritten")
	again, _ := os.ReadFile(results)
	assert.Equal(t, content, again)
	ents, err := os.ReadDir(cwd)
	require.NoError(t, err)
	assert.Empty(t, ents, "bench wrote into the working directory")
	assert.Empty(t, stderr.String(), "no progress when stderr is not a terminal")
}
