package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/axtree/axtree/capture"
	"github.com/axtree/axtree/internal/cli"
	"github.com/axtree/axtree/mcp"
	"github.com/axtree/axtree/observe/sqlite"
	"github.com/axtree/axtree/runtime/subroutine"
)

// defaultDataDir is where the store and the trajectories go by default:
// the user's cache folder (~/.cache/axtree/mcp on Linux).
func defaultDataDir() string {
	if d, err := os.UserCacheDir(); err == nil {
		return filepath.Join(d, "axtree", "mcp")
	}
	return filepath.Join(os.TempDir(), "axtree-mcp")
}

func mcpCommand() *cli.Command {
	var (
		httpAddr, tokenFile, db, trajDir, chromium, remoteURL, subDir string
		allowRemote, allowFiles                                       bool
		uploadRoots                                                   []string
		timeout                                                       = 30 * time.Second
	)
	return &cli.Command{
		Name:    "mcp",
		Summary: "serve the browser to an agent over the Model Context Protocol",
		Doc: `Runs axtree's MCP server: an agent drives headless Chromium through tools
named as Playwright MCP names them (browser_navigate, browser_snapshot,
browser_click, ...), with the element ids of axtree's tree. It speaks MCP
on standard input and output, or, with --http HOST:PORT, the streamable
HTTP transport (loopback only, unless --allow-remote with a bearer token
from --token-file or $AXTREE_MCP_TOKEN). Every step of every session is
stored in --db and every session's trajectory written to --trajectories
(axtree view FILE opens one). Chromium starts at the first tool call that
needs a page (or attach to one with --remote). Each session has its own
browser context: its own cookies and storage, so no client sees another's
logins. browser_file_upload takes files from --upload-root folders only
(none given: uploads are off; hidden files inside a folder are refused). The README lists the tools and their
schemas.`,
		Flags: func(f *cli.Flags) {
			f.String(&httpAddr, "http", "HOST:PORT", "serve the streamable HTTP transport here instead of stdio (e.g. 127.0.0.1:8931)")
			f.Bool(&allowRemote, "allow-remote", "allow a non-loopback --http address (needs a token)")
			f.String(&tokenFile, "token-file", "FILE", "the bearer token every HTTP request must carry (default: $AXTREE_MCP_TOKEN)")
			f.String(&db, "db", "FILE", "the observation store (default: "+filepath.Join(defaultDataDir(), "axtree.db")+")")
			f.String(&trajDir, "trajectories", "DIR", "where each session's trajectory is written (default: trajectories/ beside --db)")
			f.String(&chromium, "chromium", "PATH", "the Chromium executable (default: $AXTREE_CHROMIUM, /usr/bin/chromium, or chromium on PATH)")
			f.String(&remoteURL, "remote", "URL", "attach to a running browser's DevTools websocket URL instead of starting one")
			f.String(&subDir, "subroutines", "DIR", "offer every Subroutine file (*.json) in DIR as a tool named after it")
			f.Strings(&uploadRoots, "upload-root", "DIR", "a folder browser_file_upload may take files from (repeat for several; none: uploads are off)")
			f.Bool(&allowFiles, "allow-file-urls", "let browser_navigate open file: URLs (a file: page can read your files)")
			f.Duration(&timeout, "timeout", "bound on one navigation, capture or action")
		},
		MaxArgs: 0,
		Run: func(e *cli.Env, _ []string) error {
			if timeout <= 0 {
				return cli.Usagef("--timeout must be positive, not %v", timeout)
			}
			token := os.Getenv("AXTREE_MCP_TOKEN")
			if tokenFile != "" {
				b, err := os.ReadFile(tokenFile)
				if err != nil {
					return fmt.Errorf("--token-file: %w", err)
				}
				token = strings.TrimSpace(string(b))
			}
			if httpAddr == "" && (allowRemote || token != "" && tokenFile != "") {
				return cli.Usagef("--allow-remote and --token-file go with --http")
			}
			ho := mcp.HTTPOptions{Addr: httpAddr, AllowRemote: allowRemote, Token: token}
			if httpAddr != "" {
				if err := mcp.CheckHTTP(ho); err != nil {
					return cli.Usagef("%v", err)
				}
			}
			if db == "" {
				db = filepath.Join(defaultDataDir(), "axtree.db")
			}
			if trajDir == "" {
				trajDir = filepath.Join(filepath.Dir(db), "trajectories")
			}
			if err := os.MkdirAll(filepath.Dir(db), 0o755); err != nil {
				return err
			}
			store, err := sqlite.Open(db, sqlite.Options{})
			if err != nil {
				return err
			}
			defer store.Close()
			subs, err := loadSubroutines(e, subDir)
			if err != nil {
				return err
			}
			srv, err := mcp.New(mcp.Options{Subroutines: subs,
				Browser: capture.Options{ExecPath: chromium, RemoteURL: remoteURL,
					NavTimeout: timeout, CollectTimeout: timeout, ActTimeout: timeout},
				Store: store, Trajectories: trajDir, AllowFileURLs: allowFiles, UploadRoots: uploadRoots,
			})
			if err != nil {
				return err
			}
			defer srv.Close()
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			if httpAddr == "" {
				return srv.ServeStdio(ctx, e.Stdin, e.Stdout)
			}
			return srv.ServeHTTP(ctx, ho, func(addr string) {
				e.Notef("serving MCP on http://%s (store %s, trajectories %s)", addr, db, trajDir)
			})
		},
	}
}

// loadSubroutines decodes the Subroutine files of dir ("" for none), in
// name order.
func loadSubroutines(e *cli.Env, dir string) ([]*subroutine.Subroutine, error) {
	if dir == "" {
		return nil, nil
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("--subroutines %s: no *.json file there", dir)
	}
	var out []*subroutine.Subroutine
	for _, f := range files {
		b, err := e.ReadFile(f, subroutine.MaxFileBytes)
		if err != nil {
			return nil, err
		}
		s, err := subroutine.Decode(b)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f, err)
		}
		out = append(out, s)
	}
	return out, nil
}
