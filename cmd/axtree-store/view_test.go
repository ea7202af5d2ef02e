package main

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/observe/sqlite"
	"github.com/axtree/axtree/trajectory"
	"github.com/axtree/axtree/trajectory/view"
)

// axtree view --db STORE --run ID (handed over by the core binary) writes
// the viewer of the trajectory stored under ID: the same page as viewing
// the file it was stored from.
func TestViewStoredTrajectory(t *testing.T) {
	dir := t.TempDir()
	path := writeRun(t, dir, "run-7")
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	run, err := trajectory.Unmarshal(b, trajectory.Options{})
	require.NoError(t, err)
	db := filepath.Join(dir, "obs.db")
	st, err := sqlite.Open(db, sqlite.Options{})
	require.NoError(t, err)
	require.NoError(t, st.CreateTrajectory(context.Background(), run))
	require.NoError(t, st.Close())

	out := filepath.Join(dir, "stored.html")
	code, _, errs := obsCmd(t, "view", "--db", db, "--run", "run-7", "-o", out)
	require.Equal(t, 0, code, errs)
	got, err := os.ReadFile(out)
	require.NoError(t, err)
	want, err := view.HTML(run)
	require.NoError(t, err)
	assert.Equal(t, string(want), string(got), "the stored run's viewer is the file's")
	fromFile := filepath.Join(dir, "file.html")
	code, _, errs = obsCmd(t, "view", path, "-o", fromFile)
	require.Equal(t, 0, code, errs)
	f, err := os.ReadFile(fromFile)
	require.NoError(t, err)
	assert.Equal(t, string(f), string(got))

	// Without -o: ID.html in the working directory.
	t.Chdir(dir)
	code, _, errs = obsCmd(t, "view", "--db", db, "--run", "run-7")
	require.Equal(t, 0, code, errs)
	assert.Contains(t, errs, "wrote run-7.html")
	named, err := os.ReadFile(filepath.Join(dir, "run-7.html"))
	require.NoError(t, err)
	assert.Equal(t, string(got), string(named))

	// Bad input: an id the store does not have, a store that is not there,
	// flags that do not go together.
	code, _, errs = obsCmd(t, "view", "--db", db, "--run", "nope")
	assert.Equal(t, 1, code)
	assert.Contains(t, errs, `trajectory "nope"`)
	code, _, errs = obsCmd(t, "view", "--db", filepath.Join(dir, "missing.db"), "--run", "run-7")
	assert.Equal(t, 1, code, errs)
	_, err = os.Stat(filepath.Join(dir, "missing.db"))
	assert.True(t, os.IsNotExist(err), "a read-only view creates no store")
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"view", "--db", db}, "--db needs --run"},
		{[]string{"view", "--run", "run-7"}, "--run needs --db"},
		{[]string{"view", "--db", db, "--run", "run-7", path}, "not both"},
		{[]string{"view"}, "a trajectory file (or --db STORE --run ID) is required"},
	} {
		code, _, errs = obsCmd(t, c.args...)
		assert.Equal(t, 2, code, "%v", c.args)
		assert.Contains(t, errs, c.msg, "%v", c.args)
	}
}
