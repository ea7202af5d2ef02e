package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/axtree/axtree/internal/cli"
	"github.com/axtree/axtree/trajectory/view"
)

func viewCommand() *cli.Command {
	var out, addr string
	var serve bool
	return &cli.Command{
		Name:    "view",
		Args:    "TRAJ.json",
		Summary: "write the trajectory viewer: one self-contained HTML file",
		Doc: `Writes the viewer of a trajectory: one HTML file with everything inline
(no network request, no CDN; a Content-Security-Policy allows none). Left:
the task, the plan and program (each statement linked to the steps it
made), the steps with reasoning, calls, outcomes and errors in full.
Right: the selected step's observation as its tree text. Every [id=N] is
a link to the line that carries it; j/k step, d diffs with the previous
observation. Lines are rendered lazily, so runs of 100 MB open.

Without -o the file is TRAJ with the extension .html. --serve serves it
on a loopback address instead (127.0.0.1 and a free port unless --addr),
checking the Host header, until interrupted.`,
		Flags: func(f *cli.Flags) {
			f.String(&out, "o", "FILE", `write the page to FILE ("-": standard output)`)
			f.Bool(&serve, "serve", "serve the page on a loopback address")
			f.String(&addr, "addr", "ADDR", "address for --serve (loopback only; default 127.0.0.1:0, a free port)")
		},
		MinArgs: 1, MaxArgs: 1,
		Run: func(e *cli.Env, args []string) error {
			if addr != "" && !serve {
				return cli.Usagef("--addr needs --serve")
			}
			if addr == "" {
				addr = "127.0.0.1:0"
			}
			if serve && !view.Loopback(addr) {
				return cli.Usagef("--addr %s is not a loopback address: the viewer is served on 127.0.0.1, [::1] or localhost only", addr)
			}
			run, err := readTrajectory(e, args[0], false)
			if err != nil {
				return err
			}
			page, err := view.HTML(run)
			if err != nil {
				return err
			}
			if out == "" && !serve {
				if args[0] == "-" {
					out = "-"
				} else {
					out = strings.TrimSuffix(args[0], filepath.Ext(args[0])) + ".html"
				}
			}
			if out != "" {
				if err := e.WriteOutput(out, page); err != nil {
					return err
				}
				if out != "-" {
					e.Notef("wrote %s (%d bytes)", out, len(page))
				}
			}
			if !serve {
				return nil
			}
			ln, err := net.Listen("tcp", addr)
			if err != nil {
				return err
			}
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			e.Notef("serving http://%s/ (interrupt to stop)", ln.Addr())
			return serveViewer(ctx, ln, page)
		},
	}
}

// serveViewer serves page on ln until ctx is done.
func serveViewer(ctx context.Context, ln net.Listener, page []byte) error {
	srv := &http.Server{Handler: view.Handler(page, ln.Addr()), ReadHeaderTimeout: 10 * time.Second}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		return fmt.Errorf("stopping the server: %w", err)
	}
	if err := <-done; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
