// Package viewcmd is the `axtree view` command, shared by two binaries:
// the core axtree binary views a trajectory file, and hands a trajectory
// kept in an observation store (--db STORE --run ID) over to axtree-store,
// which links the store and passes its loader here. Both thus print the
// same help and take the same flags.
package viewcmd

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/axtree/axtree/internal/cli"
	"github.com/axtree/axtree/trajectory"
	"github.com/axtree/axtree/trajectory/view"
)

// Loader reads trajectory id from the store named db (a SQLite path or a
// postgres:// URL), opened read-only.
type Loader func(ctx context.Context, db, id string) (*trajectory.Run, error)

// StoreBinary is the binary that views a stored trajectory.
const StoreBinary = "axtree-store"

// Command returns the view command. With a nil load (the core binary),
// --db hands the command over to StoreBinary.
func Command(load Loader) *cli.Command {
	var out, addr, db, id string
	var serve bool
	return &cli.Command{
		Name:    "view",
		Args:    "TRAJ.json | --db STORE --run ID",
		Summary: "write the trajectory viewer: one self-contained HTML file",
		Doc: `Writes the viewer of a trajectory: one HTML file with everything inline
(no network request, no CDN; a Content-Security-Policy allows none). Left:
the task, the plan and program (each statement linked to the steps it
made), the steps with reasoning, calls, outcomes and errors in full.
Right: the selected step's observation as its tree text. Every id
([id=N], or a link's [name](N)) is a link to the line that carries it; j/k step, d diffs with the previous
observation. Lines are rendered lazily, so runs of 100 MB open.

The trajectory is a file (TRAJ.json), or the one with id ID in an
observation store (--db STORE --run ID: a SQLite file or a postgres://
URL that axtreed stored it in, opened read-only; this runs in the
axtree-store binary). Without -o the file is TRAJ with the extension
.html, or ID.html in the working directory. --serve serves it on a
loopback address instead (127.0.0.1 and a free port unless --addr),
checking the Host header, until interrupted.`,
		Flags: func(f *cli.Flags) {
			f.String(&out, "o", "FILE", `write the page to FILE ("-": standard output)`)
			f.Bool(&serve, "serve", "serve the page on a loopback address")
			f.String(&addr, "addr", "ADDR", "address for --serve (loopback only; default 127.0.0.1:0, a free port)")
			f.String(&db, "db", "STORE", "read the trajectory from this observation store (SQLite file or postgres:// URL)")
			f.String(&id, "run", "ID", "the id of the trajectory in --db")
		},
		MaxArgs: 1,
		Run: func(e *cli.Env, args []string) error {
			switch {
			case db == "" && id != "":
				return cli.Usagef("--run needs --db (the store the trajectory is in)")
			case db != "" && id == "":
				return cli.Usagef("--db needs --run (the id of the trajectory to view)")
			case db != "" && len(args) > 0:
				return cli.Usagef("give a trajectory file or --db and --run, not both")
			case db == "" && len(args) == 0:
				return cli.Usagef("a trajectory file (or --db STORE --run ID) is required")
			}
			if addr != "" && !serve {
				return cli.Usagef("--addr needs --serve")
			}
			if addr == "" {
				addr = "127.0.0.1:0"
			}
			if serve && !view.Loopback(addr) {
				return cli.Usagef("--addr %s is not a loopback address: the viewer is served on 127.0.0.1, [::1] or localhost only", addr)
			}
			var run *trajectory.Run
			var err error
			if db != "" {
				if load == nil {
					return e.Delegate(StoreBinary)
				}
				if run, err = load(context.Background(), db, id); err != nil {
					return err
				}
				if out == "" && !serve {
					out = safeName(id) + ".html"
				}
			} else {
				if run, err = readFile(e, args[0]); err != nil {
					return err
				}
				if out == "" && !serve {
					if args[0] == "-" {
						out = "-"
					} else {
						out = strings.TrimSuffix(args[0], filepath.Ext(args[0])) + ".html"
					}
				}
			}
			page, err := view.HTML(run)
			if err != nil {
				return err
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
			return view.Serve(ctx, ln, page)
		},
	}
}

// readFile reads and validates a trajectory file ("-": standard input).
func readFile(e *cli.Env, name string) (*trajectory.Run, error) {
	b, err := e.ReadFile(name, trajectory.DefaultMaxBytes)
	if err != nil {
		return nil, err
	}
	run, err := trajectory.Unmarshal(b, trajectory.Options{})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", cli.InputName(name), err)
	}
	return run, nil
}

// safeName is id as a file name: run ids are [A-Za-z0-9._-] (observe's
// rule), and anything else (a path separator) becomes "_".
func safeName(id string) string {
	b := []byte(id)
	for i, c := range b {
		ok := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.'
		if !ok {
			b[i] = '_'
		}
	}
	s := string(b)
	if s == "" || s == "." || s == ".." {
		return "trajectory"
	}
	return s
}
