package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/axtree/axtree/observe"
)

const graphUsage = `usage: axtree graph --db FILE [--site S] [--format json|dot]

Prints the state graph of the runs in an observation store: nodes are
distinct page states (observation ids), edges are the actions between them
with how many runs took them.

flags:
  --db FILE           SQLite store written by axtreed or axtree run
  --site S            only runs on this host (default: all)
  --format json|dot   json (default) or Graphviz DOT
`

// runGraph implements `axtree graph`.
func runGraph(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("graph", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	db := fs.String("db", "", "")
	site := fs.String("site", "", "")
	format := fs.String("format", "json", "")
	err := fs.Parse(args)
	if err == flag.ErrHelp {
		fmt.Fprint(stdout, graphUsage)
		return 0
	}
	if err != nil || fs.NArg() > 0 {
		if err == nil {
			err = fmt.Errorf("unexpected arguments %q", fs.Args())
		}
		fmt.Fprintf(stderr, "axtree graph: %v\n%s", err, graphUsage)
		return 2
	}
	if *db == "" {
		fmt.Fprintf(stderr, "axtree graph: --db is required\n%s", graphUsage)
		return 2
	}
	if *format != "json" && *format != "dot" {
		fmt.Fprintf(stderr, "axtree graph: --format must be json or dot, not %q\n", *format)
		return 2
	}
	if _, err := os.Stat(*db); err != nil {
		fmt.Fprintf(stderr, "axtree graph: %v\n", err)
		return 1
	}
	st, err := observe.OpenSQLite(*db)
	if err != nil {
		fmt.Fprintf(stderr, "axtree graph: %v\n", err)
		return 1
	}
	defer st.Close()
	g, err := st.Graph(context.Background(), strings.ToLower(*site))
	if err != nil {
		fmt.Fprintf(stderr, "axtree graph: %v\n", err)
		return 1
	}
	out := g.JSON()
	if *format == "dot" {
		out = g.DOT()
	}
	if _, err := stdout.Write(out); err != nil {
		fmt.Fprintf(stderr, "axtree graph: %v\n", err)
		return 1
	}
	return 0
}
