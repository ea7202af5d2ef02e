package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/axtree/axtree/internal/cli"
	"github.com/axtree/axtree/observe"
	"github.com/axtree/axtree/observe/stores"
	"github.com/axtree/axtree/trajectory"
)

func graphCommand() *cli.Command {
	var db, site string
	format := "json"
	return &cli.Command{
		Name:    "graph",
		Args:    "[TRAJ.json...]",
		Summary: "print the state graph of a store or of trajectories",
		Doc: `Prints the state graph of the runs in an observation store (--db) and of
the trajectory files given: nodes are distinct page states (observation
ids; for a store the state ids, in canonical numbering), edges are the
actions between them with how many runs took them. The store is opened
read-only: nothing in it is created, migrated or written (SQLite may leave
its empty -wal and -shm lock files beside the file, as any reader of it
does), and a store of an older schema is refused. A
trajectory's edges are its steps that led to another observation (see
axtree trajectory export --format edges); its ids are the hashes of the
text the agent saw.`,
		MaxArgs: -1,
		Flags: func(f *cli.Flags) {
			f.String(&db, "db", "STORE", "SQLite file or postgres:// URL written by axtreed or axtree run")
			f.String(&site, "site", "HOST", "only runs on this host (default: all)")
			f.Enum(&format, "format", []string{"json", "dot"}, "JSON, or Graphviz DOT")
		},
		Run: func(e *cli.Env, args []string) error {
			if db == "" && len(args) == 0 {
				return cli.Usagef("--db or a trajectory file is required")
			}
			g := observe.NewGraph()
			if db != "" {
				st, err := stores.Open(context.Background(), db, stores.Options{ReadOnly: true})
				if err != nil {
					return err
				}
				defer st.Close()
				sg, err := st.Graph(context.Background(), strings.ToLower(site))
				if err != nil {
					return err
				}
				g.Merge(sg)
			}
			for _, name := range args {
				b, err := e.ReadFile(name, trajectory.DefaultMaxBytes)
				if err != nil {
					return err
				}
				run, err := trajectory.Unmarshal(b, trajectory.Options{})
				if err != nil {
					return fmt.Errorf("%s: %w", cli.InputName(name), err)
				}
				if site == "" || strings.EqualFold(run.Site, site) {
					g.AddRun(run)
				}
			}
			out := g.JSON()
			if format == "dot" {
				out = g.DOT()
			}
			_, err := e.Stdout.Write(out)
			return err
		},
	}
}
