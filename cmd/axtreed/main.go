// Command axtreed serves the axtree observation API over HTTP: post pages
// (HTML or capture documents) as steps of agent runs, read back
// observations, runs and state graphs. Data lives in one SQLite file.
//
//	axtreed -addr 127.0.0.1:8080 -db axtree.db
//
// SIGTERM or SIGINT stops it after in-flight requests finish. The API is
// documented in package github.com/axtree/axtree/observe/server.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"syscall"

	"github.com/axtree/axtree/observe/server"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, os.Interrupt)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stderr))
}

// run parses flags and serves until ctx is done; it returns the exit status.
func run(ctx context.Context, args []string, stderr io.Writer) int {
	fs := flag.NewFlagSet("axtreed", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var o server.Options
	fs.StringVar(&o.Addr, "addr", "127.0.0.1:8080", "listen address")
	fs.StringVar(&o.DB, "db", "axtree.db", "SQLite database file (created if missing)")
	fs.Int64Var(&o.MaxBodyBytes, "max-body", server.DefaultMaxBodyBytes, "largest accepted request body in bytes")
	fs.DurationVar(&o.Timeout, "timeout", server.DefaultTimeout, "per-request time limit, queueing included")
	fs.IntVar(&o.MaxConcurrent, "concurrency", 0, "pages rendered at once (0: GOMAXPROCS)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "axtreed: unexpected arguments %q\n", fs.Args())
		return 2
	}
	o.Ready = func(a net.Addr) { fmt.Fprintf(stderr, "axtreed: listening on http://%s (db %s)\n", a, o.DB) }
	if err := server.ListenAndServe(ctx, o); err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	return 0
}
