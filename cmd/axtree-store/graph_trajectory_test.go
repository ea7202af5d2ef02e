package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/observe/sqlite"
	"github.com/axtree/axtree/trajectory"
)

// writeRun records a run that clicks Open and lands on a dialog, and
// writes it to dir.
func writeRun(t *testing.T, dir, id string) string {
	t.Helper()
	rec, err := trajectory.NewRecorder(trajectory.Meta{ID: id, Task: "open the dialog", Site: "example.org"})
	require.NoError(t, err)
	a, err := rec.Observe("[main] [id=1]\n  [button] Open [id=2]\n", nil, "https://example.org/", "Home")
	require.NoError(t, err)
	b, err := rec.Observe("[dialog] Hello [id=1]\n", nil, "https://example.org/", "Dialog")
	require.NoError(t, err)
	r, err := rec.Resolve(a, 2)
	require.NoError(t, err)
	_, err = rec.Append(trajectory.Step{Kind: trajectory.KindDecision, Observation: a, Outcome: trajectory.StepOK,
		Actions: []trajectory.Action{{Call: trajectory.Call{Tool: "click"}, Resolved: r, Outcome: trajectory.ActionOK}}})
	require.NoError(t, err)
	_, err = rec.Append(trajectory.Step{Kind: trajectory.KindDecision, Observation: b, Outcome: trajectory.StepOK,
		Actions: []trajectory.Action{{Call: trajectory.Call{Tool: "done"}, Outcome: trajectory.ActionOK}}})
	require.NoError(t, err)
	run, err := rec.Finish(trajectory.Success, "")
	require.NoError(t, err)
	data, err := trajectory.Marshal(run)
	require.NoError(t, err)
	path := filepath.Join(dir, id+".json")
	require.NoError(t, os.WriteFile(path, data, 0o644))
	return path
}

func TestGraphOfTrajectories(t *testing.T) {
	dir := t.TempDir()
	p1, p2 := writeRun(t, dir, "r1"), writeRun(t, dir, "r2")
	code, out, errs := obsCmd(t, "graph", p1, p2)
	require.Equal(t, 0, code, errs)
	var g struct {
		Nodes []struct {
			ID     string
			Visits int
			Starts int
		}
		Edges []struct {
			Count  int
			Action struct{ Action, Role, Name string }
		}
	}
	require.NoError(t, json.Unmarshal([]byte(out), &g), out)
	require.Len(t, g.Nodes, 2)
	require.Len(t, g.Edges, 1)
	assert.Equal(t, 2, g.Edges[0].Count, "both runs took the edge")
	assert.Equal(t, "click", g.Edges[0].Action.Action)
	assert.Equal(t, "Open", g.Edges[0].Action.Name)

	code, out, _ = obsCmd(t, "graph", "--site", "other.example", p1)
	require.Equal(t, 0, code)
	assert.NotContains(t, out, `"visits"`)
	code, _, errs = obsCmd(t, "graph")
	assert.Equal(t, 2, code)
	assert.Contains(t, errs, "--db or a trajectory file is required")
	bad := filepath.Join(dir, "bad.json")
	require.NoError(t, os.WriteFile(bad, []byte(`{"format":"axtree-trajectory/v1"`), 0o644))
	code, _, errs = obsCmd(t, "graph", bad)
	assert.Equal(t, 1, code)
	assert.Contains(t, errs, "bad.json: ")
}

// A run is counted once however it reaches the graph: a file given twice,
// or a file of a trajectory the store holds too, adds nothing more (and
// says so on stderr), while a file of another run still counts.
func TestGraphCountsRunOnce(t *testing.T) {
	dir := t.TempDir()
	p1, p2 := writeRun(t, dir, "r1"), writeRun(t, dir, "r2")
	edgeCount := func(out string) int {
		t.Helper()
		var g struct{ Edges []struct{ Count int } }
		require.NoError(t, json.Unmarshal([]byte(out), &g), out)
		require.Len(t, g.Edges, 1, out)
		return g.Edges[0].Count
	}

	code, out, errs := obsCmd(t, "graph", p1, p1)
	require.Equal(t, 0, code, errs)
	assert.Equal(t, 1, edgeCount(out), "the same file twice counts once")
	assert.Contains(t, errs, `run "r1" already counted from`)

	db := filepath.Join(dir, "obs.db")
	st, err := sqlite.Open(db, sqlite.Options{})
	require.NoError(t, err)
	data, err := os.ReadFile(p1)
	require.NoError(t, err)
	run, err := trajectory.Unmarshal(data, trajectory.Options{})
	require.NoError(t, err)
	require.NoError(t, st.CreateTrajectory(context.Background(), run))
	require.NoError(t, st.Close())

	code, out, errs = obsCmd(t, "graph", "--db", db)
	require.Equal(t, 0, code, errs)
	assert.Equal(t, 1, edgeCount(out), "the store's trajectory")
	code, out, errs = obsCmd(t, "graph", "--db", db, p1)
	require.Equal(t, 0, code, errs)
	assert.Equal(t, 1, edgeCount(out), "the stored trajectory's file adds nothing")
	assert.Contains(t, errs, `run "r1" is in the store`)
	code, out, errs = obsCmd(t, "graph", "--db", db, p1, p2)
	require.Equal(t, 0, code, errs)
	assert.Equal(t, 2, edgeCount(out), "another run's file counts")
	code, out, errs = obsCmd(t, "graph", "--db", db, "--site", "example.org", p1)
	require.Equal(t, 0, code, errs)
	assert.Equal(t, 1, edgeCount(out), "with --site too")
}
