package sqlite_test

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/links"
	"github.com/axtree/axtree/observe"
	"github.com/axtree/axtree/observe/sqlite"
	"github.com/axtree/axtree/observe/sqlstore"
	"github.com/axtree/axtree/trajectory"
)

// TestTrajectorySiteMigrated: a trajectory stored by an axtree of schema
// version 2 (no site column) is in its site's state graph once the store
// is opened by this one (migration 3 takes the site from its meta).
func TestTrajectorySiteMigrated(t *testing.T) {
	ctx := context.Background()
	rec, err := trajectory.NewRecorder(trajectory.Meta{ID: "old-1", Task: "Search", Site: "shop.example"})
	require.NoError(t, err)
	o1, err := rec.Observe("[searchbox] Search [id=4]\n", nil, "https://shop.example/", "Shop")
	require.NoError(t, err)
	o2, err := rec.Observe("[Cat food](7)\n", links.Record{7: "https://shop.example/p/1"}, "https://shop.example/s", "Results")
	require.NoError(t, err)
	res, err := rec.Resolve(o1, 4)
	require.NoError(t, err)
	for _, obs := range []string{o1, o2} {
		_, err = rec.Append(trajectory.Step{Kind: trajectory.KindDecision, Observation: obs,
			Actions: []trajectory.Action{{Call: trajectory.Call{Tool: "type", Args: trajectory.RawJSON(`{"id":4,"text":"cat"}`)}, Resolved: res, Outcome: trajectory.ActionOK}},
			Outcome: trajectory.StepOK})
		require.NoError(t, err)
		res = nil
	}
	run, err := rec.Finish(trajectory.Success, "")
	require.NoError(t, err)

	// Write it as schema version 2 did.
	path := filepath.Join(t.TempDir(), "old.db")
	db, err := sql.Open("sqlite", "file:"+path)
	require.NoError(t, err)
	ms, err := sqlite.Migrations()
	require.NoError(t, err)
	require.Equal(t, 3, sqlstore.Latest(ms))
	require.NoError(t, sqlstore.Migrate(ctx, db, sqlstore.Dialect{Name: "sqlite"}, ms[:2]))
	rows, err := observe.SplitTrajectory(run)
	require.NoError(t, err)
	_, err = db.Exec(`INSERT INTO trajectories(id, meta) VALUES (?, ?)`, run.ID, string(rows.Meta))
	require.NoError(t, err)
	for i, o := range rows.Observations {
		_, err = db.Exec(`INSERT INTO observations(id, text, links) VALUES (?, ?, ?)`, o.ID, o.Content.Text, string(o.Content.Links))
		require.NoError(t, err)
		_, err = db.Exec(`INSERT INTO trajectory_observations(traj, idx, obs, url, title) VALUES (?, ?, ?, ?, ?)`, run.ID, i, o.ID, o.URL, o.Title)
		require.NoError(t, err)
	}
	for i, doc := range rows.Steps {
		_, err = db.Exec(`INSERT INTO trajectory_steps(traj, idx, doc) VALUES (?, ?, ?)`, run.ID, i, string(doc))
		require.NoError(t, err)
	}
	require.NoError(t, db.Close())

	st, err := sqlite.Open(path, sqlite.Options{})
	require.NoError(t, err)
	defer st.Close()
	v, err := st.SchemaVersion(ctx)
	require.NoError(t, err)
	assert.Equal(t, 3, v)
	want := observe.NewGraph()
	want.AddRun(run)
	require.Len(t, want.Edges(), 1)
	g, err := st.Graph(ctx, "shop.example")
	require.NoError(t, err)
	assert.Equal(t, string(want.JSON()), string(g.JSON()))
	got, err := st.Trajectory(ctx, "old-1")
	require.NoError(t, err)
	assert.Equal(t, run, got, "the migrated trajectory reads back as it was")
}
