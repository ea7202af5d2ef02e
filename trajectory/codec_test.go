package trajectory_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/observe"
	"github.com/axtree/axtree/trajectory"
)

func TestRoundTrip(t *testing.T) {
	run := sampleRun(t)
	require.NoError(t, trajectory.Validate(run))
	b, err := trajectory.Marshal(run)
	require.NoError(t, err)
	got, err := trajectory.Unmarshal(b, trajectory.Options{})
	require.NoError(t, err)
	assert.Equal(t, run, got)
	again, err := trajectory.Marshal(got)
	require.NoError(t, err)
	assert.Equal(t, string(b), string(again), "the encoding is canonical")
	assert.True(t, bytes.HasSuffix(b, []byte("}\n")))
}

func TestRecorderFillsTheJoin(t *testing.T) {
	run := sampleRun(t)
	s := run.Steps[0]
	r := s.Actions[0].Resolved
	require.NotNil(t, r)
	lines := strings.Split(run.Observations[0].Text, "\n")
	assert.Equal(t, "    [textbox][editable] Name * [id=11] [required]", lines[r.Line-1])
	assert.Equal(t, "textbox", r.Role)
	assert.Equal(t, "Name *", r.Name)
	assert.Equal(t, `{"id":11,"text":"Ada Lovelace"}`, string(s.Actions[0].Call.Args), "arguments are kept compacted")
	assert.Equal(t, "jobs.example", run.Site)
	assert.Equal(t, trajectory.ObservationID(run.Observations[0].Text, run.Observations[0].Links), run.Observations[0].ID)
	assert.False(t, run.Started.IsZero())
	assert.True(t, run.Ended.After(run.Started))
}

func TestRecorderRefusesBadSteps(t *testing.T) {
	rec, err := trajectory.NewRecorder(trajectory.Meta{ID: "r1", Task: "t"})
	require.NoError(t, err)
	text, links := page(t, "01-empty.html")
	o, err := rec.Observe(text, links, "", "")
	require.NoError(t, err)
	_, err = rec.Append(trajectory.Step{Kind: "guess", Observation: o, Outcome: trajectory.StepOK})
	assert.ErrorContains(t, err, `steps[0].kind: "guess" is not a step kind`)
	_, err = rec.Append(trajectory.Step{Kind: trajectory.KindDecision, Observation: "nope", Outcome: trajectory.StepOK})
	assert.ErrorContains(t, err, `steps[0].observation: "nope" is not an observation of this run`)
	_, err = rec.Append(trajectory.Step{Kind: trajectory.KindDecision, Observation: o, Outcome: trajectory.StepOK,
		Actions: []trajectory.Action{{Call: trajectory.Call{Tool: "click"}, Resolved: &trajectory.Resolved{ID: 11, Role: "button", Line: 12}, Outcome: trajectory.ActionOK}}})
	assert.ErrorContains(t, err, `steps[0].actions[0].resolved.role: "button" is not the role of [id=11] ("textbox")`)
	assert.Empty(t, rec.Run().Steps, "a refused step is not appended")
	_, err = rec.Observe("[button Broken", nil, "", "")
	assert.ErrorContains(t, err, "not an axtree tree text")
	_, err = trajectory.NewRecorder(trajectory.Meta{ID: "../x", Task: "t"})
	assert.Error(t, err)
	_, err = rec.Finish("maybe", "")
	assert.ErrorContains(t, err, `"maybe" is not a task outcome`)
	_, err = rec.Finish(trajectory.Abandoned, "stopped")
	require.NoError(t, err)
	_, err = rec.Append(trajectory.Step{Kind: trajectory.KindDecision, Observation: o, Outcome: trajectory.StepOK})
	assert.ErrorContains(t, err, "ended")
}

// mutate decodes the sample's canonical JSON into generic values, lets fn
// change them and encodes the result again.
func mutate(t *testing.T, fn func(doc map[string]any)) []byte {
	t.Helper()
	b, err := trajectory.Marshal(sampleRun(t))
	require.NoError(t, err)
	var doc map[string]any
	require.NoError(t, json.Unmarshal(b, &doc))
	fn(doc)
	out, err := json.Marshal(doc)
	require.NoError(t, err)
	return out
}

func step(doc map[string]any, i int) map[string]any {
	return doc["steps"].([]any)[i].(map[string]any)
}

func action(doc map[string]any, i, j int) map[string]any {
	return step(doc, i)["actions"].([]any)[j].(map[string]any)
}

// invalidCases are documents Decode must reject, each with the text its
// error must contain (the field and the step). The schema test reuses them.
func invalidCases(t *testing.T) []struct {
	name   string
	doc    []byte
	want   string
	schema bool // the JSON Schema rejects it too (it cannot check references)
} {
	good, err := trajectory.Marshal(sampleRun(t))
	require.NoError(t, err)
	return []struct {
		name   string
		doc    []byte
		want   string
		schema bool
	}{
		{"unknown field in a step", mutate(t, func(d map[string]any) { step(d, 2)["retry"] = true }), `steps[2].retry: unknown field "retry"`, true},
		{"unknown field in a call", mutate(t, func(d map[string]any) { action(d, 1, 0)["call"].(map[string]any)["tol"] = "x" }), `steps[1].actions[0].call.tol: unknown field "tol"`, true},
		{"unknown top-level field", mutate(t, func(d map[string]any) { d["extra"] = 1 }), `extra: unknown field "extra"`, true},
		{"missing observation", mutate(t, func(d map[string]any) { d["observations"] = d["observations"].([]any)[:1] }), `steps[2].observation: "`, false},
		{"element id not in its observation", mutate(t, func(d map[string]any) {
			action(d, 0, 0)["resolved"].(map[string]any)["id"] = 77
		}), `steps[0].actions[0].resolved.id: no element [id=77] in observation`, false},
		{"resolved line is not the id's line", mutate(t, func(d map[string]any) {
			action(d, 3, 0)["resolved"].(map[string]any)["line"] = 5
		}), `steps[3].actions[0].resolved.line: 5 is not the line carrying [id=28]`, false},
		{"wrong step outcome", mutate(t, func(d map[string]any) { step(d, 1)["outcome"] = "maybe" }), `steps[1].outcome: "maybe" is not a step outcome (ok, failed, needs-input)`, true},
		{"wrong action outcome", mutate(t, func(d map[string]any) { action(d, 2, 0)["outcome"] = "oops" }), `steps[2].actions[0].outcome: "oops" is not an action outcome`, true},
		{"wrong task outcome", mutate(t, func(d map[string]any) { d["outcome"] = "won" }), `outcome: "won" is not a task outcome`, true},
		{"error outcome without its error", mutate(t, func(d map[string]any) { delete(action(d, 2, 0), "error") }), `steps[2].actions[0].error: missing`, true},
		{"recovers a step that did not fail", mutate(t, func(d map[string]any) { step(d, 3)["recovers"] = 1 }), `steps[3].recovers: steps[1] did not fail`, false},
		{"wrong type", mutate(t, func(d map[string]any) { step(d, 0)["line"] = "one" }), `steps[0].line: a JSON string where an integer was expected`, true},
		{"tampered observation text", mutate(t, func(d map[string]any) {
			o := d["observations"].([]any)[0].(map[string]any)
			o["text"] = strings.Replace(o["text"].(string), "Name *", "Nome *", 1)
		}), `observations[0].id: `, false},
		{"line outside the program", mutate(t, func(d map[string]any) { step(d, 0)["line"] = 40 }), `steps[0].line: 40 is not a line of the program (1–4)`, false},
		{"another format version", mutate(t, func(d map[string]any) { d["format"] = "axtree-trajectory/v9" }), `format: "axtree-trajectory/v9" is not "axtree-trajectory/v1"`, true},
		{"bad run id", mutate(t, func(d map[string]any) { d["id"] = "../etc" }), `id: "../etc" is not a run id`, true},
		{"truncated file", good[:len(good)/2], `truncated`, true},
		{"duplicate field", []byte(strings.Replace(string(good), `"task": `, `"task": "x", "task": `, 1)), `duplicate`, false},
		{"trailing data", append(append([]byte(nil), good...), []byte(`{}`)...), `after top-level value`, false},
		{"empty input", []byte("  \n"), `empty input`, true},
	}
}

func TestDecodeRejects(t *testing.T) {
	for _, c := range invalidCases(t) {
		t.Run(c.name, func(t *testing.T) {
			_, err := trajectory.Unmarshal(c.doc, trajectory.Options{})
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
			var te *trajectory.Error
			assert.True(t, errors.As(err, &te), "errors are *trajectory.Error: %v", err)
		})
	}
}

func TestDecodeBounds(t *testing.T) {
	good, err := trajectory.Marshal(sampleRun(t))
	require.NoError(t, err)
	_, err = trajectory.Decode(bytes.NewReader(good), trajectory.Options{MaxBytes: int64(len(good)) - 1})
	assert.ErrorIs(t, err, trajectory.ErrTooLarge)
	_, err = trajectory.Unmarshal(good, trajectory.Options{MaxBytes: 100})
	assert.ErrorIs(t, err, trajectory.ErrTooLarge)
	got, err := trajectory.Decode(bytes.NewReader(good), trajectory.Options{MaxBytes: int64(len(good))})
	require.NoError(t, err)
	assert.Len(t, got.Steps, 5)
}

func TestValidateReportsEveryProblem(t *testing.T) {
	run := sampleRun(t)
	run.Steps[0].Outcome = "x"
	run.Steps[1].Actions[0].Outcome = "y"
	run.Steps[4].Observation = "0123"
	err := trajectory.Validate(run)
	require.Error(t, err)
	for _, want := range []string{"steps[0].outcome", "steps[1].actions[0].outcome", "steps[4].observation"} {
		assert.Contains(t, err.Error(), want)
	}
}

// TestObservationIDIsTheStoreID: a text and link record hash to the same id
// here and in the observation store.
func TestObservationIDIsTheStoreID(t *testing.T) {
	run := sampleRun(t)
	for _, o := range run.Observations {
		assert.Equal(t, observe.ID([]byte(o.Text), o.Links.AppendJSON(nil)), o.ID)
	}
}

func TestLinkRecoveries(t *testing.T) {
	rec, err := trajectory.NewRecorder(trajectory.Meta{ID: "r", Task: "t"}, trajectory.LinkRecoveries())
	require.NoError(t, err)
	o, err := rec.Observe("[button] OK [id=1]\n", nil, "", "")
	require.NoError(t, err)
	step := func(tool string, ok bool) trajectory.Step {
		a := trajectory.Action{Call: trajectory.Call{Tool: tool}, Outcome: trajectory.ActionOK}
		s := trajectory.Step{Kind: trajectory.KindProgram, Observation: o, Outcome: trajectory.StepOK}
		if !ok {
			a.Outcome, a.Error, s.Outcome = trajectory.ActionError, "no element [id=9] in the observation", trajectory.StepFailed
		}
		s.Actions = []trajectory.Action{a}
		return s
	}
	for _, s := range []trajectory.Step{step("click", false), step("find", true), step("click", true), step("click", true), step("type", false)} {
		_, err := rec.Append(s)
		require.NoError(t, err)
	}
	steps := rec.Run().Steps
	assert.Nil(t, steps[1].Recovers, "another tool does not recover a click")
	require.NotNil(t, steps[2].Recovers)
	assert.Equal(t, 0, *steps[2].Recovers)
	assert.Nil(t, steps[3].Recovers, "made good once")
	assert.Nil(t, steps[4].Recovers)
}

func TestAddProgram(t *testing.T) {
	rec, err := trajectory.NewRecorder(trajectory.Meta{ID: "r", Task: "t"})
	require.NoError(t, err)
	assert.Equal(t, 0, rec.AddProgram("javascript", "a()\nb()\n"))
	assert.Equal(t, 2, rec.AddProgram("", "c()"))
	assert.Equal(t, 3, rec.AddProgram("", "d()\n"))
	p := rec.Run().Plan
	assert.Equal(t, "a()\nb()\nc()\nd()\n", p.Program)
	assert.Equal(t, "javascript", p.Language)
}
