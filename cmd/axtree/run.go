package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/axtree/axtree/observe"
	"github.com/axtree/axtree/render"
)

const runUsage = `usage: axtree run --db FILE [--run ID] [--url URL] DIR|MANIFEST.json

Replays a recorded sequence of pages into an observation store, as an agent
posting them to axtreed would: each page becomes the next step of the run,
numbered stably against the one before. Prints one line per step:
seq, observation id, file.

DIR: the *.html, *.htm and *.json files in it, in name order (*.json files
are capture documents), with no actions. MANIFEST.json names the files and
the actions between them:

  {"run": "shop-1", "url": "https://shop.example/",
   "steps": [
     {"file": "01-search.html"},
     {"file": "02-results.html", "url": "https://shop.example/s?k=cat",
      "action": {"element": 4, "action": "type", "value": "cat"}}]}

File paths are relative to the manifest. A step's url overrides the
manifest's; an action refers to element ids of the previous step as printed
in this run.

flags:
  --db FILE    SQLite store (created if missing)
  --run ID     run id (default: the manifest's, else the directory name)
  --url URL    page URL for steps that give none
`

// manifest is the JSON form of a recorded sequence.
type manifest struct {
	Run   string         `json:"run"`
	URL   string         `json:"url"`
	Steps []manifestStep `json:"steps"`
}

type manifestStep struct {
	File   string          `json:"file"`
	URL    string          `json:"url"`
	Action *observe.Action `json:"action"`
}

// maxManifestBytes bounds a manifest file.
const maxManifestBytes = 8 << 20

// runRun implements `axtree run`.
func runRun(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	db := fs.String("db", "", "")
	runID := fs.String("run", "", "")
	pageURL := fs.String("url", "", "")
	src, err := parseInterleaved(fs, args)
	if err == flag.ErrHelp {
		fmt.Fprint(stdout, runUsage)
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "axtree run: %v\n%s", err, runUsage)
		return 2
	}
	if *db == "" {
		fmt.Fprintf(stderr, "axtree run: --db is required\n%s", runUsage)
		return 2
	}
	m, dir, err := loadSequence(src)
	if err != nil {
		fmt.Fprintf(stderr, "axtree run: %v\n", err)
		return 1
	}
	if *runID != "" {
		m.Run = *runID
	}
	if m.URL == "" {
		m.URL = *pageURL
	}
	if !observe.ValidRun(m.Run) {
		fmt.Fprintf(stderr, "axtree run: invalid run id %q (use --run with 1-128 of A-Z a-z 0-9 . _ -)\n", m.Run)
		return 2
	}
	if len(m.Steps) == 0 {
		fmt.Fprintf(stderr, "axtree run: %s has no pages\n", src)
		return 1
	}
	st, err := observe.OpenSQLite(*db)
	if err != nil {
		fmt.Fprintf(stderr, "axtree run: %v\n", err)
		return 1
	}
	defer st.Close()
	rec := &observe.Recorder{Store: st}
	ctx := context.Background()
	prev := ""
	for _, s := range m.Steps {
		path := s.File
		if !filepath.IsAbs(path) {
			path = filepath.Join(dir, path)
		}
		u := s.URL
		if u == "" {
			u = m.URL
		}
		page, err := renderFile(path, u)
		if err != nil {
			fmt.Fprintf(stderr, "axtree run: %s: %v\n", s.File, err)
			return 1
		}
		r, err := rec.Record(ctx, observe.Input{Run: m.Run, Previous: prev, Action: s.Action, Page: page})
		if err != nil {
			fmt.Fprintf(stderr, "axtree run: %s: %v\n", s.File, err)
			return 1
		}
		prev = r.Observation.ID
		fmt.Fprintf(stdout, "%d %s %s\n", r.Observation.Seq, r.Observation.ID, s.File)
	}
	return 0
}

// loadSequence reads a manifest file, or lists a directory as one, and
// returns it with the directory its paths are relative to.
func loadSequence(src string) (*manifest, string, error) {
	fi, err := os.Stat(src)
	if err != nil {
		return nil, "", err
	}
	if fi.IsDir() {
		ents, err := os.ReadDir(src)
		if err != nil {
			return nil, "", err
		}
		m := &manifest{Run: filepath.Base(filepath.Clean(src))}
		var names []string
		for _, e := range ents {
			ext := strings.ToLower(filepath.Ext(e.Name()))
			if e.Type().IsRegular() && (ext == ".html" || ext == ".htm" || ext == ".json") {
				names = append(names, e.Name())
			}
		}
		sort.Strings(names)
		for _, n := range names {
			m.Steps = append(m.Steps, manifestStep{File: n})
		}
		return m, src, nil
	}
	f, err := os.Open(src)
	if err != nil {
		return nil, "", err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxManifestBytes+1))
	if err != nil {
		return nil, "", err
	}
	if len(b) > maxManifestBytes {
		return nil, "", fmt.Errorf("%s: manifest larger than %d bytes", src, maxManifestBytes)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var m manifest
	if err := dec.Decode(&m); err != nil {
		return nil, "", fmt.Errorf("%s: bad manifest: %w", src, err)
	}
	for i, s := range m.Steps {
		if s.File == "" {
			return nil, "", fmt.Errorf("%s: step %d has no file", src, i)
		}
	}
	return &m, filepath.Dir(src), nil
}

// renderFile renders an HTML page, or a capture document (*.json).
func renderFile(path, pageURL string) (*render.Result, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	opts := render.Options{URL: pageURL}
	if strings.EqualFold(filepath.Ext(path), ".json") {
		return render.Capture(f, opts)
	}
	return render.HTML(f, opts)
}
