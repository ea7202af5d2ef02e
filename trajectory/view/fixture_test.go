package view_test

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/render"
	"github.com/axtree/axtree/trajectory"
)

func page(t testing.TB, name string) (string, map[int]string) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "corpus", "sequences", "job-form", name))
	require.NoError(t, err)
	res, err := render.HTMLBytes(b, render.Options{URL: "https://jobs.example/apply"})
	require.NoError(t, err)
	return string(res.Text()), res.Links.Record()
}

// jobRun is a program run on the job form with a failed click whose
// target resolved (step 4), a dead id (step 5) and its recovery (step 6).
func jobRun(t testing.TB) *trajectory.Run {
	t.Helper()
	at := time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC)
	rec, err := trajectory.NewRecorder(trajectory.Meta{ID: "job-form-view", Task: "Apply for the Senior Go Engineer job as Ada Lovelace", Site: "jobs.example"},
		trajectory.WithClock(func() time.Time { at = at.Add(time.Second); return at }))
	require.NoError(t, err)
	rec.SetPlan(trajectory.Plan{
		Reasoning: "The form needs name, email and a location; then submit.",
		Language:  "javascript",
		Program: "await ax.type(11, name)\nawait ax.type(12, email)\nawait ax.select(16, 'Berlin')\n" +
			"await ax.click(28)\nawait ax.click(99)\nawait ax.click({role: 'button', name: 'Submit Application'})\n",
	})
	o1, err := rec.Observe(mustPage(t, "01-empty.html"))
	require.NoError(t, err)
	o2, err := rec.Observe(mustPage(t, "02-half.html"))
	require.NoError(t, err)
	o4, err := rec.Observe(mustPage(t, "04-submitted.html"))
	require.NoError(t, err)
	resolve := func(o string, id int) *trajectory.Resolved {
		r, err := rec.Resolve(o, id)
		require.NoError(t, err)
		return r
	}
	call := func(tool, args, src string) trajectory.Call {
		return trajectory.Call{Tool: tool, Args: trajectory.RawJSON(args), Source: src}
	}
	failed := 4
	steps := []trajectory.Step{
		{Kind: trajectory.KindProgram, Observation: o1, Line: 1, Outcome: trajectory.StepOK, Actions: []trajectory.Action{
			{Call: call("type", `{"id":11,"text":"Ada Lovelace"}`, "ax.type(11, name)"), Resolved: resolve(o1, 11), Outcome: trajectory.ActionOK}}},
		{Kind: trajectory.KindProgram, Observation: o1, Line: 2, Outcome: trajectory.StepOK, Actions: []trajectory.Action{
			{Call: call("type", `{"id":12,"text":"ada@example.org"}`, "ax.type(12, email)"), Resolved: resolve(o1, 12), Outcome: trajectory.ActionOK}}},
		{Kind: trajectory.KindProgram, Observation: o2, Line: 3, Outcome: trajectory.StepOK, Actions: []trajectory.Action{
			{Call: call("select", `{"id":16,"values":["Berlin"]}`, "ax.select(16, 'Berlin')"), Resolved: resolve(o2, 16), Result: trajectory.RawJSON(`["Berlin"]`), Outcome: trajectory.ActionOK}}},
		{Kind: trajectory.KindProgram, Observation: o2, Line: 4, Outcome: trajectory.StepFailed, Actions: []trajectory.Action{
			{Call: call("click", `{"id":28}`, "ax.click(28)"), Resolved: resolve(o2, 28), Outcome: trajectory.ActionError,
				Error: "capture: act: trusted input landed outside the element: a cookie banner covers [id=28]\n  at ax.click (program:4)"}}},
		{Kind: trajectory.KindProgram, Observation: o2, Line: 5, Outcome: trajectory.StepFailed, Actions: []trajectory.Action{
			{Call: call("click", `{"id":99}`, "ax.click(99)"), Outcome: trajectory.ActionError, Error: "no element [id=99] in the observation"}}},
		{Kind: trajectory.KindDecision, Observation: o2, Line: 6, Outcome: trajectory.StepOK, Recovers: &failed,
			Reasoning: "[id=99] does not exist; the submit button is [id=28], now that the banner is gone.",
			Actions:   []trajectory.Action{{Call: call("click", `{"role":"button","name":"Submit Application"}`, ""), Resolved: resolve(o2, 28), Outcome: trajectory.ActionOK}}},
		{Kind: trajectory.KindDecision, Observation: o4, Outcome: trajectory.StepOK, Reasoning: "The confirmation is shown; [id=11] goes back to the jobs.",
			Actions: []trajectory.Action{{Call: call("done", "", ""), Outcome: trajectory.ActionOK}}},
	}
	for _, s := range steps {
		_, err := rec.Append(s)
		require.NoError(t, err)
	}
	run, err := rec.Finish(trajectory.Success, "")
	require.NoError(t, err)
	return run
}

func mustPage(t testing.TB, name string) (string, map[int]string, string, string) {
	text, links := page(t, name)
	return text, links, "https://jobs.example/apply", "Apply: Senior Go Engineer"
}
