package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/internal/cli"
	"github.com/axtree/axtree/trajectory"
)

// sampleTrajectory writes a small recorded run (a click, a dead id, its
// recovery) to a file and returns its path.
func sampleTrajectory(t *testing.T) (string, *trajectory.Run) {
	t.Helper()
	rec, err := trajectory.NewRecorder(trajectory.Meta{ID: "cli-sample", Task: "Open the dialog"})
	require.NoError(t, err)
	a, err := rec.Observe("[main] [id=1]\n  [link] Help [id=2]\n  [button] Open [id=3]\n", map[int]string{2: "https://example.org/help"}, "https://example.org/", "Home")
	require.NoError(t, err)
	b, err := rec.Observe("[dialog] Hello [id=1]\n  [button] Close [id=2]\n", nil, "https://example.org/", "Dialog")
	require.NoError(t, err)
	r3, err := rec.Resolve(a, 3)
	require.NoError(t, err)
	failed := 0
	for _, s := range []trajectory.Step{
		{Kind: trajectory.KindDecision, Observation: a, Outcome: trajectory.StepFailed, Actions: []trajectory.Action{
			{Call: trajectory.Call{Tool: "click", Args: trajectory.RawJSON(`{"id":9}`)}, Error: "no element [id=9] in the observation", Outcome: trajectory.ActionError}}},
		{Kind: trajectory.KindDecision, Observation: a, Outcome: trajectory.StepOK, Recovers: &failed, Reasoning: "[id=9] is gone; Open is [id=3].", Actions: []trajectory.Action{
			{Call: trajectory.Call{Tool: "click", Args: trajectory.RawJSON(`{"id":3}`)}, Resolved: r3, Outcome: trajectory.ActionOK}}},
		{Kind: trajectory.KindDecision, Observation: b, Outcome: trajectory.StepOK, Actions: []trajectory.Action{
			{Call: trajectory.Call{Tool: "done"}, Outcome: trajectory.ActionOK}}},
	} {
		_, err := rec.Append(s)
		require.NoError(t, err)
	}
	run, err := rec.Finish(trajectory.Success, "")
	require.NoError(t, err)
	data, err := trajectory.Marshal(run)
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "run.json")
	require.NoError(t, os.WriteFile(path, data, 0o644))
	return path, run
}

func TestTrajectoryValidate(t *testing.T) {
	path, _ := sampleTrajectory(t)
	code, out, errs := runCmd(nil, "trajectory", "validate", path)
	require.Equal(t, 0, code, errs)
	assert.Equal(t, path+": ok (3 steps, 2 observations, outcome success)\n", out)

	data, err := os.ReadFile(path)
	require.NoError(t, err)
	bad := strings.Replace(string(data), `"outcome": "failed"`, `"outcome": "maybe"`, 1)
	bad = strings.Replace(bad, `"line": 3`, `"line": 2`, 1)
	badPath := filepath.Join(t.TempDir(), "bad.json")
	require.NoError(t, os.WriteFile(badPath, []byte(bad), 0o644))
	code, out, errs = runCmd(nil, "trajectory", "validate", path, badPath)
	assert.Equal(t, 1, code)
	assert.Equal(t, path+": ok (3 steps, 2 observations, outcome success)\n", out, "the good file is still reported")
	assert.Contains(t, errs, badPath+`: steps[0].outcome: "maybe" is not a step outcome (ok, failed, needs-input)`)
	assert.Contains(t, errs, badPath+`: steps[1].actions[0].resolved.line: 2 is not the line carrying [id=3]`)
	assert.Contains(t, errs, badPath+`: steps[1].recovers: steps[0] did not fail (its outcome is "maybe")`)
	assert.Equal(t, 3, strings.Count(errs, "\n"), "one line per problem: %s", errs)

	code, _, errs = runCmd(data[:len(data)/2], "trajectory", "validate", "-")
	assert.Equal(t, 1, code)
	assert.Contains(t, errs, "standard input: ")
	assert.Contains(t, errs, "truncated")

	code, _, errs = runCmd(nil, "trajectory", "validate", filepath.Join(t.TempDir(), "none.json"))
	assert.Equal(t, 1, code)
	assert.Contains(t, errs, "no such file")
	code, _, _ = runCmd(nil, "trajectory", "validate")
	assert.Equal(t, 2, code)
}

func TestTrajectoryShow(t *testing.T) {
	path, _ := sampleTrajectory(t)
	code, out, errs := runCmd(nil, "trajectory", "show", path)
	require.Equal(t, 0, code, errs)
	for _, want := range []string{
		"run cli-sample: success\ntask: Open the dialog\n",
		"step 1  decision  failed  observation 1\n  error  click({\"id\":9})\n    error: no element [id=9] in the observation\n",
		"step 2  decision  ok  observation 1  recovers step 1\n",
		"    → [id=3] button \"Open\", line 3: [button] Open [id=3]\n",
	} {
		assert.Contains(t, out, want)
	}
	code, out, _ = runCmd(nil, "trajectory", "show", "--step", "3", path)
	require.Equal(t, 0, code)
	assert.True(t, strings.HasPrefix(out, "step 3  decision  ok  observation 2\n"), out)
	code, _, errs = runCmd(nil, "trajectory", "show", "--step", "4", path)
	assert.Equal(t, 2, code)
	assert.Contains(t, errs, "steps 1 to 3")
}

func TestTrajectoryExport(t *testing.T) {
	path, run := sampleTrajectory(t)
	code, out, errs := runCmd(nil, "trajectory", "export", path)
	require.Equal(t, 0, code, errs)
	var doc struct {
		SchemaVersion string `json:"schema_version"`
		Steps         []struct {
			Source string `json:"source"`
		} `json:"steps"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &doc))
	assert.Equal(t, "ATIF-v1.4", doc.SchemaVersion)
	// user, observation, 2 steps, observation, 1 step
	assert.Len(t, doc.Steps, 6)

	edges := filepath.Join(t.TempDir(), "edges.jsonl")
	code, _, errs = runCmd(nil, "trajectory", "export", "--format", "edges", "-o", edges, path)
	require.Equal(t, 0, code, errs)
	b, err := os.ReadFile(edges)
	require.NoError(t, err)
	want := `{"from":"` + run.Observations[0].ID + `","to":"` + run.Observations[1].ID + `","step":2,"tool":"click","element":3,"role":"button","name":"Open"}` + "\n"
	assert.Equal(t, want, string(b))
	code, _, _ = runCmd(nil, "trajectory", "export", "--format", "har", path)
	assert.Equal(t, 2, code)
}

func TestView(t *testing.T) {
	path, _ := sampleTrajectory(t)
	code, _, errs := runCmd(nil, "view", path)
	require.Equal(t, 0, code, errs)
	html := strings.TrimSuffix(path, ".json") + ".html"
	b, err := os.ReadFile(html)
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(string(b), "<!doctype html>"))
	assert.Contains(t, errs, "wrote "+html)

	out := filepath.Join(t.TempDir(), "viewer.html")
	code, _, errs = runCmd(nil, "view", path, "-o", out)
	require.Equal(t, 0, code, errs)
	b2, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.Equal(t, b, b2, "the same run gives the same page")

	code, _, errs = runCmd(nil, "view", "--serve", "--addr", "0.0.0.0:0", path)
	assert.Equal(t, 2, code)
	assert.Contains(t, errs, "not a loopback address")
	code, _, _ = runCmd(nil, "view", "--addr", "127.0.0.1:0", path)
	assert.Equal(t, 2, code)
}

// view --db STORE --run ID is handed over, with the same arguments, to
// axtree-store (which links the store); the flag checks happen first, here.
func TestViewDelegatesStore(t *testing.T) {
	dir := t.TempDir()
	argsFile := filepath.Join(dir, "args")
	helper := filepath.Join(dir, "axtree-store")
	require.NoError(t, os.WriteFile(helper, []byte("#!/bin/sh\nprintf '%s\\n' \"$@\" > '"+argsFile+"'\nexit 3\n"), 0o755))
	var asked []string
	prog := func() *cli.Program {
		p := program()
		p.Finder = func(e *cli.Env, binary string) (string, func(), error) {
			asked = append(asked, binary)
			return helper, func() {}, nil
		}
		return p
	}
	var out, errb bytes.Buffer
	code := prog().Run([]string{"view", "--db", "obs.db", "--run", "r1", "-o", "x.html"}, strings.NewReader(""), &out, &errb)
	assert.Equal(t, 3, code, "the helper's exit status: %s", errb.String())
	assert.Equal(t, []string{"axtree-store"}, asked)
	got, err := os.ReadFile(argsFile)
	require.NoError(t, err)
	assert.Equal(t, "view\n--db\nobs.db\n--run\nr1\n-o\nx.html\n", string(got))

	// Usage errors are the core's own: nothing is handed over.
	asked = nil
	for _, args := range [][]string{{"view", "--run", "r1"}, {"view", "--db", "obs.db"}, {"view", "--db", "obs.db", "--run", "r1", "t.json"}, {"view"}} {
		errb.Reset()
		assert.Equal(t, 2, prog().Run(args, strings.NewReader(""), &out, &errb), "%v", args)
	}
	assert.Empty(t, asked)
	// A file is viewed here.
	path, _ := sampleTrajectory(t)
	errb.Reset()
	require.Equal(t, 0, prog().Run([]string{"view", path, "-o", filepath.Join(dir, "v.html")}, strings.NewReader(""), &out, &errb), errb.String())
	assert.Empty(t, asked)
}
