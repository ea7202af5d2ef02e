package main

import (
	"crypto/sha256"
	"database/sql"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	_ "modernc.org/sqlite"

	"github.com/axtree/axtree/observe/sqlite"
	"github.com/axtree/axtree/observe/sqlstore"
)

type graphDoc struct {
	Nodes []struct {
		ID     string
		Starts int
	}
	Edges []struct {
		From, To string
		Action   *struct{ Action string }
		Count    int
	}
}

// TestRunRefusesAnExistingRun: replaying a folder into a run that has
// steps is refused, and the graph keeps the three edges of one replay; a
// replay used to chain onto the run's last page and invent an edge
// (submitted -> empty) no agent took.
func TestRunRefusesAnExistingRun(t *testing.T) {
	db := filepath.Join(t.TempDir(), "obs.db")
	dir := filepath.Join("..", "..", "corpus", "sequences", "job-form")
	code, _, errs := obsCmd(t, "run", "--db", db, "--run", "a", "--url", "https://jobs.example.org/apply", dir)
	require.Equal(t, 0, code, errs)
	code, out, errs := obsCmd(t, "run", "--db", db, "--run", "a", "--url", "https://jobs.example.org/apply", dir)
	assert.Equal(t, 1, code, "second replay into run a: %s", out)
	assert.Contains(t, errs, "already has steps")
	code, out, errs = obsCmd(t, "graph", "--db", db)
	require.Equal(t, 0, code, errs)
	var g graphDoc
	require.NoError(t, json.Unmarshal([]byte(out), &g))
	assert.Len(t, g.Edges, 3, "edges: %s", out)
	for _, e := range g.Edges {
		assert.Equal(t, 1, e.Count, "edge %s -> %s", e.From, e.To)
	}
}

// TestRunDirWithManifest: a folder with a manifest.json replays the
// manifest (its actions included), not the JSON file as a capture page.
func TestRunDirWithManifest(t *testing.T) {
	tmp := t.TempDir()
	src := filepath.Join("..", "..", "corpus", "sequences", "shop")
	for _, f := range []string{"01-search.html", "02-results.html"} {
		b, err := os.ReadFile(filepath.Join(src, f))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(tmp, f), b, 0o644))
	}
	man := `{"url": "https://shop.example/", "steps": [{"file": "01-search.html"},
	  {"file": "02-results.html", "action": {"element": 4, "action": "type", "value": "katzenfutter"}}]}`
	require.NoError(t, os.WriteFile(filepath.Join(tmp, "manifest.json"), []byte(man), 0o644))
	db := filepath.Join(t.TempDir(), "obs.db")
	code, out, errs := obsCmd(t, "run", "--db", db, tmp)
	require.Equal(t, 0, code, "%s%s", out, errs)
	assert.Equal(t, 2, strings.Count(out, "\n"), "steps:\n%s", out)
	assert.NotContains(t, out, "manifest.json")
	_, g, _ := obsCmd(t, "graph", "--db", db)
	assert.Contains(t, g, `"action":"type","value":"katzenfutter"`)
}

func fileHash(t *testing.T, path string) [32]byte {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	return sha256.Sum256(b)
}

// TestGraphOpensReadOnly: axtree graph reads a store and writes nothing:
// a file that is no store (here an empty one) and a store of an older
// schema are refused and left as they were; it used to write the schema
// into whatever file it was given.
func TestGraphOpensReadOnly(t *testing.T) {
	tmp := t.TempDir()
	empty := filepath.Join(tmp, "empty.db")
	require.NoError(t, os.WriteFile(empty, nil, 0o644))
	code, out, errs := obsCmd(t, "graph", "--db", empty)
	assert.Equal(t, 1, code, "graph of an empty file: %s", out)
	assert.NotEmpty(t, errs)
	fi, err := os.Stat(empty)
	require.NoError(t, err)
	assert.Zero(t, fi.Size(), "graph wrote into the file it reads")

	// A store of schema version 1 (an older axtree's).
	old := filepath.Join(tmp, "old.db")
	db, err := sql.Open("sqlite", "file:"+old)
	require.NoError(t, err)
	ms, err := sqlite.Migrations()
	require.NoError(t, err)
	require.NoError(t, sqlstore.Migrate(t.Context(), db, sqlstore.Dialect{Name: "sqlite"}, ms[:1]))
	require.NoError(t, db.Close())
	before := fileHash(t, old)
	code, _, errs = obsCmd(t, "graph", "--db", old)
	assert.Equal(t, 1, code)
	assert.Contains(t, errs, "schema version 1")
	assert.Equal(t, before, fileHash(t, old), "graph changed an old store")

	// axtree run migrates it; then graph reads it and changes nothing.
	code, _, errs = obsCmd(t, "run", "--db", old, "--run", "r", filepath.Join("..", "..", "corpus", "sequences", "job-form"))
	require.Equal(t, 0, code, errs)
	before = fileHash(t, old)
	code, _, errs = obsCmd(t, "graph", "--db", old)
	assert.Equal(t, 0, code, errs)
	assert.Equal(t, before, fileHash(t, old), "graph changed the store")
	if fi, err := os.Stat(old + "-wal"); err == nil {
		assert.Zero(t, fi.Size(), "graph wrote to the write-ahead log")
	}
}
