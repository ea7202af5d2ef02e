package main

import (
	"context"
	"errors"
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
text the agent saw. A run is counted once: a trajectory file whose id
names a run or trajectory the store already counted for --site, or a
file given twice (or two files of one id), is skipped with a note on
stderr; the store's copy (or the first file) is the one counted.`,
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
			ctx := context.Background()
			g := observe.NewGraph()
			var st observe.Store
			if db != "" {
				var err error
				st, err = stores.Open(ctx, db, stores.Options{ReadOnly: true})
				if err != nil {
					return err
				}
				defer st.Close()
				sg, err := st.Graph(ctx, strings.ToLower(site))
				if err != nil {
					return err
				}
				g.Merge(sg)
			}
			counted := map[string]string{} // run id -> the file that counted it
			for _, name := range args {
				b, err := e.ReadFile(name, trajectory.DefaultMaxBytes)
				if err != nil {
					return err
				}
				run, err := trajectory.Unmarshal(b, trajectory.Options{})
				if err != nil {
					return fmt.Errorf("%s: %w", cli.InputName(name), err)
				}
				if site != "" && !strings.EqualFold(run.Site, site) {
					continue
				}
				if first, ok := counted[run.ID]; ok {
					e.Notef("%s: run %q already counted from %s; skipped", cli.InputName(name), run.ID, cli.InputName(first))
					continue
				}
				if st != nil {
					in, err := inStore(ctx, st, run.ID, site)
					if err != nil {
						return err
					}
					if in {
						e.Notef("%s: run %q is in the store, counted from there; skipped", cli.InputName(name), run.ID)
						continue
					}
				}
				counted[run.ID] = name
				g.AddRun(run)
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

// inStore reports whether st's Graph for site already counted the run id:
// a run of steps of that id with a step on site, or a stored trajectory
// of that id on site ("" for every site).
func inStore(ctx context.Context, st observe.Store, id, site string) (bool, error) {
	steps, err := st.Run(ctx, id)
	switch {
	case errors.Is(err, observe.ErrNotFound):
	case err != nil:
		return false, err
	default:
		for _, o := range steps {
			if site == "" || strings.EqualFold(o.Site, site) {
				return true, nil
			}
		}
	}
	run, err := st.Trajectory(ctx, id)
	switch {
	case errors.Is(err, observe.ErrNotFound):
		return false, nil
	case err != nil:
		return false, err
	}
	return site == "" || strings.EqualFold(run.Site, site), nil
}
