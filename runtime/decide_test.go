package runtime

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/runtime/testsite"
	"github.com/axtree/axtree/trajectory"
)

// idOn returns the id printed on the first line of text matching pattern.
func idOn(text, pattern string) int {
	m := regexp.MustCompile(pattern + `.*?\[id=(\d+)\]`).FindStringSubmatch(text)
	if m == nil {
		return 0
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

// ax.act hands the step to the Decider: observe → decide → act until done;
// every step is a call and a trajectory step.
func TestActDecider(t *testing.T) {
	f, err := testsite.StartForms()
	require.NoError(t, err)
	t.Cleanup(f.Close)
	steps := 0
	dec := DeciderFunc(func(ctx context.Context, obs Observation) (Action, error) {
		steps++
		switch obs.Step {
		case 1:
			return Action{Kind: ActClick, ID: idOn(obs.Text, `\[radio\] Express`), Reasoning: "express is asked for"}, nil
		case 2:
			if len(obs.History) != 1 || obs.History[0].Error != "" {
				return Action{Kind: ActFail, Value: fmt.Sprint(obs.History)}, nil
			}
			return Action{Kind: ActClick, ID: idOn(obs.Text, `\[button\] Place order`)}, nil
		}
		return Action{Kind: ActDone, Result: "placed"}, nil
	})
	rec, err := trajectory.NewRecorder(trajectory.Meta{ID: "act-test", Task: "place an express order", Site: "127.0.0.1"})
	require.NoError(t, err)
	s := session(t, SessionOptions{Decider: dec, Trajectory: rec})
	_, err = s.Open(context.Background(), f.URL()+"/order")
	require.NoError(t, err)
	var out struct {
		R       string
		Clicked []string
		Express bool
	}
	r := runJSON(t, s, `await ax.type({role: "spinbutton", name: "Quantity"}, "2");
const r = await ax.act("choose express delivery and place the order");
return {r, clicked: window.appState.clicked, express: document.querySelectorAll('input[type=radio]')[1].checked};`, nil, &out)
	assert.Equal(t, "placed", out.R)
	assert.Equal(t, []string{"Place order"}, out.Clicked)
	assert.True(t, out.Express)
	assert.Equal(t, 3, steps)
	var kinds []string
	for _, c := range r.Calls {
		kinds = append(kinds, c.Call)
	}
	assert.Equal(t, []string{"type", "decide", "decide", "decide", "act"}, kinds)
	run, err := rec.Finish(trajectory.Success, "")
	require.NoError(t, err)
	require.NoError(t, trajectory.Validate(run))
	require.Len(t, run.Steps, 4, "one program step and three decisions")
	assert.Equal(t, trajectory.KindProgram, run.Steps[0].Kind)
	assert.Equal(t, 1, run.Steps[0].Line)
	assert.Equal(t, "spinbutton", run.Steps[0].Actions[0].Resolved.Role)
	assert.Equal(t, trajectory.KindDecision, run.Steps[1].Kind)
	assert.Equal(t, "express is asked for", run.Steps[1].Reasoning)
	assert.Equal(t, "Express", run.Steps[1].Actions[0].Resolved.Name)
	for i, st := range run.Steps[1:] {
		assert.Equal(t, 2, st.Line, "decision %d is on the line of ax.act(goal)", i+1)
	}
	assert.Contains(t, run.Plan.Program, "ax.act(")
}

// A Decider that stops to ask ends the program with NeedsInput.
func TestActNeedsInput(t *testing.T) {
	f, err := testsite.StartForms()
	require.NoError(t, err)
	t.Cleanup(f.Close)
	d := &ScriptedDecider{Actions: []Action{{Kind: ActAsk, Value: "Place the order for 2 items, 39 €?"}}}
	rec, err := trajectory.NewRecorder(trajectory.Meta{ID: "ask-test", Task: "buy"})
	require.NoError(t, err)
	s := session(t, SessionOptions{Decider: d, Trajectory: rec})
	_, err = s.Open(context.Background(), f.URL()+"/order")
	require.NoError(t, err)
	r, err := s.Run(context.Background(), `await ax.act("buy it");`, nil)
	require.NoError(t, err)
	assert.Equal(t, "Place the order for 2 items, 39 €?", r.NeedsInput)
	assert.Contains(t, r.Error, "needs input: Place the order")
	require.Len(t, d.Seen, 1)
	assert.Contains(t, d.Seen[0].Text, "[button] Place order")
	run, err := rec.Finish(trajectory.NeedsInput, r.NeedsInput)
	require.NoError(t, err)
	require.Len(t, run.Steps, 1)
	assert.Equal(t, trajectory.StepNeedsInput, run.Steps[0].Outcome)

	// No Decider: a clear error.
	s2 := session(t, SessionOptions{})
	_, err = s2.Open(context.Background(), f.URL()+"/order")
	require.NoError(t, err)
	r, err = s2.Run(context.Background(), `await ax.act("buy it");`, nil)
	require.NoError(t, err)
	assert.Contains(t, r.Error, "no Decider is configured")
}
