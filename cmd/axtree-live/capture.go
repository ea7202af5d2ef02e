package main

import (
	"bytes"
	"context"
	"fmt"
	"net"
	neturl "net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"golang.org/x/net/publicsuffix"

	"github.com/axtree/axtree/capture"
	"github.com/axtree/axtree/internal/cli"
	"github.com/axtree/axtree/render"
)

// viewport is the --viewport flag: WIDTHxHEIGHT in CSS pixels.
type viewport struct{ w, h int }

func (v *viewport) String() string { return fmt.Sprintf("%dx%d", v.w, v.h) }

func (v *viewport) Set(s string) error {
	ws, hs, ok := strings.Cut(strings.ToLower(s), "x")
	w, err1 := strconv.Atoi(ws)
	h, err2 := strconv.Atoi(hs)
	if !ok || err1 != nil || err2 != nil || w < 1 || h < 1 || w > 10000 || h > 10000 {
		return fmt.Errorf("must be WIDTHxHEIGHT in pixels, each 1..10000, not %q", s)
	}
	v.w, v.h = w, h
	return nil
}

func captureCommand() *cli.Command {
	var (
		save, baseURL, chromium, remoteURL string
		out                                cli.TreeOutput
		timeout                            = 30 * time.Second
		settle                             = 3 * time.Second
		quiet                              = 500 * time.Millisecond
		vp                                 = viewport{1280, 800}
	)
	return &cli.Command{
		Name:    "capture",
		Args:    "URL|HOST|FILE",
		Summary: "print the live tree of a page loaded in Chromium",
		Doc: `Loads the page in headless Chromium with the capture hook installed, waits
for it to settle (the load event, then a window with no network request in
flight, --quiet-window long, waiting at most --settle), captures it live
(closed shadow roots, same-origin frames, event listeners, current form
values, computed visibility) and prints the numbered tree. A URL needs its
scheme; a bare host (example.com, example.com/path) means https://, and
localhost or an IP address http://. A FILE (or file: URL) is served to
the browser from a loopback server of its own, on a fresh origin, with
every other request failed: a saved page reaches no other local file and
no network. On a terminal, stderr shows what it is doing.`,
		Flags: func(f *cli.Flags) {
			f.String(&save, "save", "FILE", "also write the raw capture document (JSON) to FILE (\"-\": standard output); axtree render FILE renders it again")
			f.String(&baseURL, "base-url", "URL", "the page URL that links resolve against (default: the URL the browser ended on)")
			out.Declare(f)
			f.Var(&vp, "viewport", "WxH", "the window size in CSS pixels")
			f.Duration(&settle, "settle", "the longest wait for the quiet window after the load event")
			f.Duration(&quiet, "quiet-window", "how long the network must be idle for the page to count as settled")
			f.Duration(&timeout, "timeout", "bound on the whole run")
			f.String(&chromium, "chromium", "PATH", "the Chromium executable (default: $AXTREE_CHROMIUM, /usr/bin/chromium, or chromium on PATH)")
			f.String(&remoteURL, "remote", "URL", "attach to a running browser's DevTools websocket URL instead of starting one")
		},
		MinArgs: 1, MaxArgs: 1,
		Run: func(e *cli.Env, args []string) error {
			for _, d := range []struct {
				name string
				v    time.Duration
			}{{"timeout", timeout}, {"settle", settle}, {"quiet-window", quiet}} {
				if d.v <= 0 {
					return cli.Usagef("--%s must be positive, not %v", d.name, d.v)
				}
			}
			url, err := pageURL(args[0])
			if err != nil {
				return err
			}
			p := e.Progress()
			defer p.Done()
			ctx, cancel := context.WithTimeout(context.Background(), timeout)
			defer cancel()
			if remoteURL != "" {
				p.Say("attaching to the browser at %s", remoteURL)
			} else {
				p.Say("starting Chromium")
			}
			b, err := capture.Start(ctx, capture.Options{
				ExecPath: chromium, RemoteURL: remoteURL,
				NavTimeout: timeout, CollectTimeout: timeout, ActTimeout: timeout,
				Quiet: quiet, Settle: settle, Width: vp.w, Height: vp.h,
			})
			if err != nil {
				return err
			}
			defer b.Close()
			for _, w := range b.Warnings() {
				e.Warnf("%s", w)
			}
			pg, err := b.NewPage(ctx)
			if err != nil {
				return err
			}
			defer pg.Close()
			p.Say("loading %s and waiting for it to settle (at most %v after load)", url, settle)
			var snap *capture.Snapshot
			var warnings []string
			if file, ok := strings.CutPrefix(url, "file://"); ok {
				// Served from the adapter's own loopback origin: a saved page
				// reaches no other local file and no network.
				if path, perr := neturl.PathUnescape(file); perr == nil {
					file = path
				}
				snap, warnings, err = pg.LoadFile(ctx, filepath.FromSlash(file))
			} else {
				snap, warnings, err = pg.Load(ctx, url)
			}
			if snap != nil {
				warnings = append(warnings, snap.Warnings...)
			}
			p.Done()
			for _, w := range warnings {
				e.Warnf("%s", w)
			}
			if err != nil {
				return fmt.Errorf("%s: %v", args[0], cli.Message(err))
			}
			res := snap.Result
			if baseURL != "" {
				if res, err = render.Capture(bytes.NewReader(snap.Raw), render.Options{URL: baseURL}); err != nil {
					return err
				}
			}
			if err := out.Write(e, res); err != nil {
				return err
			}
			if save != "" {
				return e.WriteOutput(save, snap.Raw)
			}
			return nil
		},
	}
}

// pageURL returns the page a capture target names: a URL with a scheme as
// given; an existing file as an absolute file:// URL; a bare host name
// (with an optional port and path) as https://, or http:// for localhost
// and IP addresses. A host name must end in a public suffix
// (golang.org/x/net/publicsuffix), so that a mistyped file name such as
// page.html is reported as a missing file, not fetched from the network.
func pageURL(target string) (string, error) {
	if i := strings.Index(target, ":"); i > 1 {
		switch strings.ToLower(target[:i]) {
		case "http", "https", "file", "about", "data":
			return target, nil
		}
	}
	if st, err := os.Stat(target); err == nil {
		if st.IsDir() {
			return "", fmt.Errorf("%s is a directory, not a page", target)
		}
		abs, err := filepath.Abs(target)
		if err != nil {
			return "", err
		}
		return (&neturl.URL{Scheme: "file", Path: filepath.ToSlash(abs)}).String(), nil
	}
	if u, ok := bareHost(target); ok {
		return u, nil
	}
	return "", fmt.Errorf("%s: no such file, and not a URL or a host name (a URL needs its scheme, e.g. https://%s)", target, target)
}

// bareHost reads target as host[:port][/path][?query] and returns its URL.
func bareHost(target string) (string, bool) {
	if target == "" || strings.ContainsAny(target, " \t\\") {
		return "", false
	}
	u, err := neturl.Parse("https://" + target)
	if err != nil || u.Host == "" || u.User != nil {
		return "", false
	}
	host := strings.TrimSuffix(strings.ToLower(u.Hostname()), ".")
	if port := u.Port(); port != "" {
		if n, err := strconv.Atoi(port); err != nil || n < 1 || n > 65535 {
			return "", false
		}
	}
	if ip := net.ParseIP(host); host == "localhost" || strings.HasSuffix(host, ".localhost") || ip != nil {
		u.Scheme = "http"
	} else {
		suffix, icann := publicsuffix.PublicSuffix(host)
		if !icann || suffix == host || !strings.Contains(host, ".") {
			return "", false
		}
	}
	if u.Path == "" {
		u.Path = "/"
	}
	return u.String(), true
}
