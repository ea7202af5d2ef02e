package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/axtree/axtree/internal/cli"
	"github.com/axtree/axtree/observe"
	"github.com/axtree/axtree/observe/stores"
	"github.com/axtree/axtree/render"
)

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

func runCommand() *cli.Command {
	var db, runID, pageURL string
	return &cli.Command{
		Name:    "run",
		Args:    "DIR|MANIFEST.json",
		Summary: "replay recorded pages into a store",
		Doc: `Replays a recorded sequence of pages into an observation store, as an agent
posting them to axtreed would: each page becomes the next step of a new
run, numbered stably against the one before. A run that already has steps
is refused (a replay never continues another run). Prints one line per
step: seq, observation id (of the text as numbered in the run), file.

DIR: its manifest.json when it has one; else the *.html, *.htm and *.json
files in it, in name order (*.json files are capture documents), with no
actions. MANIFEST.json names the files and the actions between them:

  {"run": "shop-1", "url": "https://shop.example/",
   "steps": [
     {"file": "01-search.html"},
     {"file": "02-results.html", "url": "https://shop.example/s?k=cat",
      "action": {"element": 4, "action": "type", "value": "cat"}}]}

File paths are relative to the manifest. A step's url overrides the
manifest's; an action refers to element ids of the previous step as printed
in this run.`,
		Flags: func(f *cli.Flags) {
			f.String(&db, "db", "STORE", "SQLite file (created if missing) or postgres:// URL (required)")
			f.String(&runID, "run", "ID", "run id (default: the manifest's, else the directory name)")
			f.String(&pageURL, "url", "URL", "page URL for steps that give none")
		},
		MinArgs: 1, MaxArgs: 1,
		Run: func(e *cli.Env, args []string) error {
			if db == "" {
				return cli.Usagef("--db is required")
			}
			src := args[0]
			m, dir, err := loadSequence(src)
			if err != nil {
				return err
			}
			if runID != "" {
				m.Run = runID
			}
			if m.URL == "" {
				m.URL = pageURL
			}
			if !observe.ValidRun(m.Run) {
				return cli.Usagef("invalid run id %q (use --run with 1-128 of A-Z a-z 0-9 . _ -)", m.Run)
			}
			if len(m.Steps) == 0 {
				return fmt.Errorf("%s has no pages", src)
			}
			ctx := context.Background()
			st, err := stores.Open(ctx, db, stores.Options{})
			if err != nil {
				return err
			}
			defer st.Close()
			rec := &observe.Recorder{Store: st}
			prev := ""
			p := e.Progress()
			defer p.Done()
			for i, s := range m.Steps {
				p.Step(i+1, len(m.Steps), "recording %s", s.File)
				path := s.File
				if !filepath.IsAbs(path) {
					path = filepath.Join(dir, path)
				}
				u := s.URL
				if u == "" {
					u = m.URL
				}
				page, err := renderFile(e, path, u)
				if err != nil {
					return fmt.Errorf("%s: %v", s.File, cli.Message(err))
				}
				r, err := rec.Record(ctx, observe.Input{Run: m.Run, Previous: prev, Start: i == 0, Action: s.Action, Page: page})
				if errors.Is(err, observe.ErrRunExists) {
					return fmt.Errorf("run %s already has steps in %s: replay into a new run (--run ID)", m.Run, db)
				}
				if err != nil {
					return fmt.Errorf("%s: %v", s.File, cli.Message(err))
				}
				prev = r.Observation.ID
				p.Done()
				fmt.Fprintf(e.Stdout, "%d %s %s\n", r.Observation.Seq, r.Observation.ID, s.File)
			}
			return nil
		},
	}
}

// loadSequence reads a manifest file, or lists a directory as one, and
// returns it with the directory its paths are relative to.
func loadSequence(src string) (*manifest, string, error) {
	fi, err := os.Stat(src)
	if err != nil {
		return nil, "", err
	}
	if fi.IsDir() {
		mf := filepath.Join(src, "manifest.json")
		if fi, err := os.Stat(mf); err == nil && fi.Mode().IsRegular() {
			m, dir, err := loadSequence(mf)
			if err == nil && m.Run == "" {
				m.Run = filepath.Base(filepath.Clean(src))
			}
			return m, dir, err
		}
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

// renderFile renders an HTML page, or a capture document (recognised by
// its content, as axtree render does; *.json files must be captures).
func renderFile(e *cli.Env, path, pageURL string) (*render.Result, error) {
	b, isCapture, err := e.ReadPage(path, strings.EqualFold(filepath.Ext(path), ".json"))
	if err != nil {
		return nil, err
	}
	opts := render.Options{URL: pageURL}
	if isCapture {
		return render.Capture(bytes.NewReader(b), opts)
	}
	return render.HTMLBytes(b, opts)
}
