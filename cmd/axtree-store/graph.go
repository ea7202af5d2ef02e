package main

import (
	"context"
	"os"
	"strings"

	"github.com/axtree/axtree/internal/cli"
	"github.com/axtree/axtree/observe"
)

func graphCommand() *cli.Command {
	var db, site string
	format := "json"
	return &cli.Command{
		Name:    "graph",
		Summary: "print the state graph of a store",
		Doc: `Prints the state graph of the runs in an observation store: nodes are
distinct page states (observation ids), edges are the actions between them
with how many runs took them.`,
		Flags: func(f *cli.Flags) {
			f.String(&db, "db", "FILE", "SQLite store written by axtreed or axtree run (required)")
			f.String(&site, "site", "HOST", "only runs on this host (default: all)")
			f.Enum(&format, "format", []string{"json", "dot"}, "JSON, or Graphviz DOT")
		},
		Run: func(e *cli.Env, args []string) error {
			if db == "" {
				return cli.Usagef("--db is required")
			}
			if _, err := os.Stat(db); err != nil {
				return err
			}
			st, err := observe.OpenSQLite(db)
			if err != nil {
				return err
			}
			defer st.Close()
			g, err := st.Graph(context.Background(), strings.ToLower(site))
			if err != nil {
				return err
			}
			out := g.JSON()
			if format == "dot" {
				out = g.DOT()
			}
			_, err = e.Stdout.Write(out)
			return err
		},
	}
}
