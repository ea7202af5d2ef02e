package main

import (
	"context"

	"github.com/axtree/axtree/internal/cli"
	"github.com/axtree/axtree/internal/viewcmd"
	"github.com/axtree/axtree/observe/stores"
	"github.com/axtree/axtree/trajectory"
)

// viewCommand is `axtree view --db STORE --run ID` (the core binary hands
// it over here); a file argument works too.
func viewCommand() *cli.Command { return viewcmd.Command(loadTrajectory) }

// loadTrajectory reads trajectory id from the store db, opened read-only.
func loadTrajectory(ctx context.Context, db, id string) (*trajectory.Run, error) {
	st, err := stores.Open(ctx, db, stores.Options{ReadOnly: true})
	if err != nil {
		return nil, err
	}
	defer st.Close()
	return st.Trajectory(ctx, id)
}
