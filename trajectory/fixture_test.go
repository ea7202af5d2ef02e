package trajectory_test

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/render"
	"github.com/axtree/axtree/trajectory"
)

// page renders a page of the corpus's job-form sequence, as an agent is
// shown it: lean text and link record.
func page(t testing.TB, name string) (string, map[int]string) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "corpus", "sequences", "job-form", name))
	require.NoError(t, err)
	res, err := render.HTMLBytes(b, render.Options{})
	require.NoError(t, err)
	return string(res.Text()), res.Links.Record()
}

// clock returns a fixed clock that ticks one second per call.
func clock() func() time.Time {
	t := time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC)
	return func() time.Time { t = t.Add(time.Second); return t }
}

// sampleRun records a small program run on the job form: two fields typed,
// a dead id, its recovery, and the submit, with the real rendered pages.
func sampleRun(t testing.TB) *trajectory.Run {
	t.Helper()
	rec, err := trajectory.NewRecorder(trajectory.Meta{ID: "job-form-test", Task: "Apply as Ada Lovelace", Site: "Jobs.Example"}, trajectory.WithClock(clock()))
	require.NoError(t, err)
	rec.SetPlan(trajectory.Plan{
		Reasoning: "Fill the required fields, then submit.",
		Language:  "javascript",
		Program:   "await ax.type(11, name)\nawait ax.type(12, email)\nawait ax.click(99)\nawait ax.click({role: 'button', name: 'Submit Application'})\n",
	})
	text1, links1 := page(t, "01-empty.html")
	o1, err := rec.Observe(text1, links1, "https://jobs.example/apply", "Apply")
	require.NoError(t, err)
	text2, links2 := page(t, "02-half.html")
	o2, err := rec.Observe(text2, links2, "https://jobs.example/apply", "Apply")
	require.NoError(t, err)
	text4, links4 := page(t, "04-submitted.html")
	o4, err := rec.Observe(text4, links4, "https://jobs.example/thanks", "Thanks")
	require.NoError(t, err)

	r11, err := rec.Resolve(o1, 11)
	require.NoError(t, err)
	_, err = rec.Append(trajectory.Step{Kind: trajectory.KindProgram, Observation: o1, Line: 1, Outcome: trajectory.StepOK,
		Actions: []trajectory.Action{{Call: trajectory.Call{Tool: "type", Args: trajectory.RawJSON(`{ "id": 11, "text": "Ada Lovelace" }`), Source: "ax.type(11, name)"}, Resolved: r11, Outcome: trajectory.ActionOK}}})
	require.NoError(t, err)
	r12, err := rec.Resolve(o1, 12)
	require.NoError(t, err)
	_, err = rec.Append(trajectory.Step{Kind: trajectory.KindProgram, Observation: o1, Line: 2, Outcome: trajectory.StepOK,
		Actions: []trajectory.Action{{Call: trajectory.Call{Tool: "type", Args: trajectory.RawJSON(`{"id":12,"text":"ada@example.org"}`), Source: "ax.type(12, email)"}, Resolved: r12, Outcome: trajectory.ActionOK}}})
	require.NoError(t, err)
	_, err = rec.Resolve(o2, 99)
	require.Error(t, err)
	_, err = rec.Append(trajectory.Step{Kind: trajectory.KindProgram, Observation: o2, Line: 3, Outcome: trajectory.StepFailed,
		Actions: []trajectory.Action{{Call: trajectory.Call{Tool: "click", Args: trajectory.RawJSON(`{"id":99}`), Source: "ax.click(99)"}, Error: err.Error(), Outcome: trajectory.ActionError}}})
	require.NoError(t, err)
	r28, err := rec.Resolve(o2, 28)
	require.NoError(t, err)
	failed := 2
	_, err = rec.Append(trajectory.Step{Kind: trajectory.KindDecision, Observation: o2, Line: 4, Outcome: trajectory.StepOK, Recovers: &failed,
		Reasoning: "[id=99] is gone; the submit button is [id=28].",
		Actions:   []trajectory.Action{{Call: trajectory.Call{Tool: "click", Args: trajectory.RawJSON(`{"id":28}`)}, Resolved: r28, Result: trajectory.RawJSON(`{"navigated": true}`), Outcome: trajectory.ActionOK}}})
	require.NoError(t, err)
	_, err = rec.Append(trajectory.Step{Kind: trajectory.KindDecision, Observation: o4, Outcome: trajectory.StepOK, Reasoning: "The confirmation is shown.",
		Actions: []trajectory.Action{{Call: trajectory.Call{Tool: "done"}, Outcome: trajectory.ActionOK}}})
	require.NoError(t, err)
	run, err := rec.Finish(trajectory.Success, "")
	require.NoError(t, err)
	return run
}
