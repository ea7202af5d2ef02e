// Command axtreed serves the axtree observation API over HTTP: post pages
// (HTML or capture documents) as steps of agent runs, read back
// observations, runs, trajectories and state graphs. Data lives in one
// SQLite file, or in a PostgreSQL database that several axtreed processes
// share.
//
//	axtreed -addr 127.0.0.1:8080 -db axtree.db
//	axtreed -addr 127.0.0.1:8081 -db postgres://axtree@db.internal/axtree
//
// SIGTERM or SIGINT stops it after in-flight requests finish. The API is
// documented in package github.com/axtree/axtree/observe/server.
//
//	axtreed load -page FILE [-db STORE -clients N -requests M]
//
// measures a server of its own under load (requests/s, p50/p99, peak RSS).
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/axtree/axtree/observe/server"
	"github.com/axtree/axtree/observe/stores"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, os.Interrupt)
	defer stop()
	if len(os.Args) > 1 && os.Args[1] == "load" {
		os.Exit(runLoad(ctx, os.Args[2:], os.Stdout, os.Stderr))
	}
	os.Exit(run(ctx, os.Args[1:], os.Getenv, os.Stderr))
}

// hostList is a -host flag: repeatable, comma-separated.
type hostList []string

func (h *hostList) String() string { return strings.Join(*h, ",") }

func (h *hostList) Set(v string) error {
	for _, s := range strings.Split(v, ",") {
		if s = strings.TrimSpace(s); s != "" {
			*h = append(*h, s)
		}
	}
	return nil
}

const usage = `usage: axtreed [flags]
       axtreed load -page FILE [flags]   (load figures; axtreed load -h)

Serves the observation API (see the README's Server section).

flags:
`

// run parses flags and serves until ctx is done; it returns the exit status.
func run(ctx context.Context, args []string, getenv func(string) string, stderr io.Writer) int {
	fs := flag.NewFlagSet("axtreed", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, usage); fs.PrintDefaults() }
	var o server.Options
	var hosts hostList
	var accessLog bool
	fs.StringVar(&o.Addr, "addr", "127.0.0.1:8080", "listen address; one that is not loopback needs -token and -host")
	fs.StringVar(&o.DB, "db", "axtree.db", "store: a SQLite file (created if missing) or a postgres:// URL")
	fs.Int64Var(&o.MaxBodyBytes, "max-body", server.DefaultMaxBodyBytes, "largest accepted request body in bytes")
	fs.DurationVar(&o.Timeout, "timeout", server.DefaultTimeout, "per-request time limit: body, queueing, rendering, tokens and storing")
	fs.IntVar(&o.MaxConcurrent, "concurrency", 0, "pages rendered at once (0: GOMAXPROCS)")
	fs.IntVar(&o.MaxConns, "max-conns", server.DefaultMaxConns, "open connections at most (a new client closes the longest-idle one)")
	fs.DurationVar(&o.IdleTimeout, "idle-timeout", server.DefaultIdleTimeout, "close keep-alive connections idle this long")
	fs.Var(&hosts, "host", "host name clients use in the Host header (repeatable, comma-separated; default localhost, 127.0.0.1, ::1)")
	fs.StringVar(&o.Token, "token", "", "bearer token every request but /healthz must send (default $AXTREED_TOKEN; required off loopback)")
	fs.BoolVar(&accessLog, "access-log", true, "log one line per request to stderr (method, path, status, bytes, time); -access-log=false turns it off")
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "axtreed: unexpected arguments %q\n", fs.Args())
		return 2
	}
	if o.Token == "" {
		o.Token = getenv("AXTREED_TOKEN")
	}
	if len(hosts) > 0 {
		o.Hosts = append(server.LoopbackHosts(), hosts...)
	}
	if accessLog {
		o.AccessLog = stderr
	}
	kind := stores.Kind(o.DB)
	o.Ready = func(a net.Addr) { fmt.Fprintf(stderr, "axtreed: listening on http://%s (%s store)\n", a, kind) }
	if err := server.ListenAndServe(ctx, o); err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	return 0
}
