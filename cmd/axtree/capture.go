package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	neturl "net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/axtree/axtree/capture"
	"github.com/axtree/axtree/render"
	"github.com/axtree/axtree/wire"
)

const captureUsage = `usage: axtree capture [flags] URL|FILE

Loads the page in headless Chromium with the capture hook installed, waits
for it to settle, captures it live (closed shadow roots, same-origin frames,
event listeners, current form values, computed visibility) and prints the
numbered tree. A FILE (or file: URL) is served to the browser from a
loopback server of its own, on a fresh origin, with every other request
failed: a saved page reaches no other local file and no network.

flags:
  --save FILE         also write the raw capture document (JSON) to FILE;
                      axtree render --capture FILE renders it again
  --base-url URL      the page URL that links resolve against (default: the
                      URL the browser ended on)
  --view lean|enriched
                      lean (default): URLs kept out of the tree;
                      enriched: each link's URL inline
  --state record|inline
                      where field values and checked/selected states go
                      (as for axtree render; default record)
  --format text|json  text (default) or one JSON document with nodes and links
  --links FILE        also write the link record (id -> URL) as JSON to FILE
  --timeout DURATION  bound on the whole run (default 30s)
  --chromium PATH     the Chromium executable (default: $AXTREE_CHROMIUM,
                      /usr/bin/chromium, or chromium on PATH)
  --remote URL        attach to a running browser's DevTools websocket URL
                      instead of starting one
`

// runCapture implements `axtree capture`.
func runCapture(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("capture", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	save := fs.String("save", "", "")
	baseURL := fs.String("base-url", "", "")
	view := fs.String("view", "lean", "")
	state := fs.String("state", "record", "")
	format := fs.String("format", "text", "")
	linksOut := fs.String("links", "", "")
	timeout := fs.Duration("timeout", 30*time.Second, "")
	chromium := fs.String("chromium", "", "")
	remoteURL := fs.String("remote", "", "")
	target, err := parseInterleaved(fs, args)
	if err == flag.ErrHelp {
		fmt.Fprint(stdout, captureUsage)
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "axtree capture: %v\n%s", err, captureUsage)
		return 2
	}
	if *view != "lean" && *view != "enriched" {
		fmt.Fprintf(stderr, "axtree capture: --view must be lean or enriched, not %q\n", *view)
		return 2
	}
	inline, ok := stateFlag("capture", *state, stderr)
	if !ok {
		return 2
	}
	if *format != "text" && *format != "json" {
		fmt.Fprintf(stderr, "axtree capture: --format must be text or json, not %q\n", *format)
		return 2
	}
	if *timeout <= 0 {
		fmt.Fprintf(stderr, "axtree capture: --timeout must be positive, not %v\n", *timeout)
		return 2
	}
	url, err := pageURL(target)
	if err != nil {
		fmt.Fprintf(stderr, "axtree capture: %v\n", err)
		return 1
	}

	ctx, cancel := context.WithTimeout(context.Background(), *timeout)
	defer cancel()
	b, err := capture.Start(ctx, capture.Options{
		ExecPath: *chromium, RemoteURL: *remoteURL,
		NavTimeout: *timeout, CollectTimeout: *timeout, ActTimeout: *timeout,
	})
	if err != nil {
		fmt.Fprintf(stderr, "axtree capture: %v\n", err)
		return 1
	}
	defer b.Close()
	for _, w := range b.Warnings() {
		fmt.Fprintf(stderr, "axtree capture: warning: %s\n", w)
	}
	p, err := b.NewPage(ctx)
	if err != nil {
		fmt.Fprintf(stderr, "axtree capture: %v\n", err)
		return 1
	}
	defer p.Close()
	var snap *capture.Snapshot
	var warnings []string
	if file, ok := strings.CutPrefix(url, "file://"); ok {
		if path, perr := neturl.PathUnescape(file); perr == nil {
			file = path
		}
		snap, warnings, err = p.LoadFile(ctx, filepath.FromSlash(file))
	} else {
		snap, warnings, err = p.Load(ctx, url)
	}
	if snap != nil {
		warnings = append(warnings, snap.Warnings...)
	}
	for _, w := range warnings {
		fmt.Fprintf(stderr, "axtree capture: warning: %s\n", w)
	}
	if err != nil {
		fmt.Fprintf(stderr, "axtree capture: %s: %v\n", target, err)
		return 1
	}
	if *save != "" {
		if err := os.WriteFile(*save, snap.Raw, 0o644); err != nil {
			fmt.Fprintf(stderr, "axtree capture: %v\n", err)
			return 1
		}
	}
	res := snap.Result
	if *baseURL != "" {
		d, _, err := wire.Decode(strings.NewReader(string(snap.Raw)), wire.Limits{})
		if err != nil {
			fmt.Fprintf(stderr, "axtree capture: %v\n", err)
			return 1
		}
		res = render.Doc(d, render.Options{URL: *baseURL})
	}
	return emit("capture", res, *format, *view, inline, *linksOut, stdout, stderr)
}

// pageURL returns target as a URL: URLs (with a scheme) as given, files as
// absolute file:// URLs.
func pageURL(target string) (string, error) {
	if i := strings.Index(target, ":"); i > 1 {
		scheme := strings.ToLower(target[:i])
		switch scheme {
		case "http", "https", "file", "about", "data", "chrome":
			return target, nil
		}
	}
	abs, err := filepath.Abs(target)
	if err != nil {
		return "", err
	}
	st, err := os.Stat(abs)
	if err != nil {
		return "", err
	}
	if st.IsDir() {
		return "", fmt.Errorf("%s is a directory", target)
	}
	return (&neturl.URL{Scheme: "file", Path: filepath.ToSlash(abs)}).String(), nil
}
