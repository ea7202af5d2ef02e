package runtime

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/runtime/testsite"
	"github.com/axtree/axtree/trajectory"
)

// elem returns the id of the element with role and name in an
// observation text, as a model reading the tree would pick it (0: none).
func elem(text, role, name string) int {
	ix, err := trajectory.NewIndex(text)
	if err != nil {
		return 0
	}
	for _, e := range ix.Elements() {
		if e.Role == role && e.Name == name {
			return e.ID
		}
	}
	return 0
}

// shopDecider buys two blue mugs across three documents (catalog → product
// → basket): each of its clicks navigates. On the basket page it asks
// before checking out, or with done it reports the basket.
func shopDecider(done bool) DeciderFunc {
	return func(_ context.Context, o Observation) (Action, error) {
		switch {
		case elem(o.Text, "button", "Check out") > 0: // the basket page
			if done {
				return Action{Kind: ActDone, Result: map[string]any{"basket": "2 × Blue mug"}, Reasoning: "the mugs are in the basket"}, nil
			}
			return Action{Kind: ActAsk, Value: "Check out 2 × Blue mug for €19.00?", Reasoning: "paying needs the user's yes"}, nil
		case elem(o.Text, "button", "Add to basket") > 0:
			if len(o.History) > 0 && o.History[len(o.History)-1].Action.Kind == ActType {
				return Action{Kind: ActClick, ID: elem(o.Text, "button", "Add to basket"), Reasoning: "two are entered"}, nil
			}
			return Action{Kind: ActType, ID: elem(o.Text, "spinbutton", "Quantity"), Value: "2", Reasoning: "two mugs"}, nil
		case elem(o.Text, "link", "Blue mug") > 0:
			return Action{Kind: ActClick, ID: elem(o.Text, "link", "Blue mug"), Reasoning: "the blue mug is the product"}, nil
		}
		return Action{Kind: ActFail, Value: "lost on " + o.URL + ":\n" + o.Text}, nil
	}
}

// shopProgram hands the task to the decision loop on line 2; the lines
// after it belong to the catalog's document, which the loop leaves.
const shopProgram = `// buy two blue mugs
const r = await ax.act("put two blue mugs in the basket")
return {after: r}
`

// runShop runs shopProgram on a fresh session and recorder.
func runShop(t *testing.T, sh *testsite.Shop, done bool) (*Run, *trajectory.Run) {
	t.Helper()
	sh.Reset()
	rec, err := trajectory.NewRecorder(trajectory.Meta{ID: "shop-mugs", Task: "buy two blue mugs"})
	require.NoError(t, err)
	s := session(t, SessionOptions{Decider: shopDecider(done), Trajectory: rec})
	_, err = s.Open(context.Background(), sh.URL()+"/catalog")
	require.NoError(t, err)
	r, err := s.Run(context.Background(), shopProgram, nil)
	require.NoError(t, err)
	// The run is over once Run returns: a step recorded later would be
	// refused by the finished recorder, and the run would have said so.
	out, err := rec.Finish(trajectory.NeedsInput, r.NeedsInput)
	require.NoError(t, err)
	return r, out
}

// withoutTimes is the trajectory with its time metadata cleared.
func withoutTimes(t *testing.T, r *trajectory.Run) string {
	t.Helper()
	c := *r
	c.Started, c.Ended = time.Time{}, time.Time{}
	c.Steps = append([]trajectory.Step(nil), r.Steps...)
	for i := range c.Steps {
		c.Steps[i].Started, c.Steps[i].Ended = time.Time{}, time.Time{}
	}
	b, err := trajectory.Marshal(&c)
	require.NoError(t, err)
	return string(b)
}

// The observe → decide → act loop survives the navigations its own clicks
// cause: it waits for each new document, observes it and goes on; the
// program's document is gone, so the run ends with the act call's outcome
// (Run.Navigated), and every run records the same steps.
func TestActAcrossNavigations(t *testing.T) {
	sh, err := testsite.StartShop()
	require.NoError(t, err)
	t.Cleanup(sh.Close)

	r1, t1 := runShop(t, sh, false)
	assert.Equal(t, []testsite.ShopOrder{{SKU: "mug", Qty: 2}}, sh.Orders(), "the site's basket")
	assert.Equal(t, "Check out 2 × Blue mug for €19.00?", r1.NeedsInput)
	assert.Contains(t, r1.Error, "needs input: Check out")
	assert.Equal(t, sh.URL()+"/basket", r1.Navigated)
	assert.JSONEq(t, `null`, string(r1.Result))
	var kinds []string
	for _, c := range r1.Calls {
		kinds = append(kinds, c.Call)
	}
	assert.Equal(t, []string{"decide", "decide", "decide", "decide", "act"}, kinds)

	// The trajectory: four decisions (click, type, click, ask) on three
	// documents, each on the plan line of the act statement.
	require.NoError(t, trajectory.Validate(t1))
	require.Len(t, t1.Steps, 4, "%s", withoutTimes(t, t1))
	var tools []string
	urls := map[string]bool{}
	obsURL := map[string]string{}
	for _, o := range t1.Observations {
		obsURL[o.ID] = o.URL
	}
	for _, st := range t1.Steps {
		assert.Equal(t, trajectory.KindDecision, st.Kind)
		assert.Equal(t, 2, st.Line, "the line of ax.act(goal)")
		tools = append(tools, st.Actions[0].Call.Tool)
		urls[obsURL[st.Observation]] = true
	}
	assert.Equal(t, []string{"click", "type", "click", "ask"}, tools)
	assert.Equal(t, map[string]bool{sh.URL() + "/catalog": true, sh.URL() + "/item/mug": true, sh.URL() + "/basket": true}, urls)
	assert.Equal(t, trajectory.StepNeedsInput, t1.Steps[3].Outcome)
	assert.Equal(t, "Blue mug", t1.Steps[0].Actions[0].Resolved.Name)

	// A second run records the same trajectory, apart from times.
	r2, t2 := runShop(t, sh, false)
	assert.Equal(t, r1.NeedsInput, r2.NeedsInput)
	assert.Equal(t, withoutTimes(t, t1), withoutTimes(t, t2))

	// With done, the act call's result is the run's result; the statements
	// after it did not run (their document is gone: the result is not
	// {after: …}).
	r3, t3 := runShop(t, sh, true)
	assert.Empty(t, r3.Error)
	assert.JSONEq(t, `{"basket": "2 × Blue mug"}`, string(r3.Result))
	assert.Equal(t, sh.URL()+"/basket", r3.Navigated)
	require.Len(t, t3.Steps, 4)
	assert.Equal(t, "done", t3.Steps[3].Actions[0].Call.Tool)
}

// A decision loop that does not leave the document returns to the program,
// which goes on; Navigated stays empty.
func TestActStaysInDocument(t *testing.T) {
	sh, err := testsite.StartShop()
	require.NoError(t, err)
	t.Cleanup(sh.Close)
	d := &ScriptedDecider{Actions: []Action{{Kind: ActDone, Result: "here"}}}
	s := session(t, SessionOptions{Decider: d})
	_, err = s.Open(context.Background(), sh.URL()+"/item/mug")
	require.NoError(t, err)
	var out struct{ R, Title string }
	r := runJSON(t, s, `const r = await ax.act("look"); return {r, title: document.title}`, nil, &out)
	assert.Equal(t, "here", out.R)
	assert.Equal(t, "Blue mug", out.Title)
	assert.Empty(t, r.Navigated)
}

// A step the trajectory refuses is not lost silently: the run fails and
// says which step and why.
func TestTrajectoryRefusalSurfaces(t *testing.T) {
	f, err := testsite.StartForms()
	require.NoError(t, err)
	t.Cleanup(f.Close)
	rec, err := trajectory.NewRecorder(trajectory.Meta{ID: "refused", Task: "t"})
	require.NoError(t, err)
	_, err = rec.Finish(trajectory.Abandoned, "ended early") // every later step is refused
	require.NoError(t, err)
	d := &ScriptedDecider{Actions: []Action{{Kind: ActDone, Result: 1}}}
	s := session(t, SessionOptions{Trajectory: rec, Decider: d})
	_, err = s.Open(context.Background(), f.URL()+"/order")
	require.NoError(t, err)
	r, err := s.Run(context.Background(), "await ax.find({role: \"button\", name: \"Place order\"})\nawait ax.act(\"x\")\nreturn 7", nil)
	require.NoError(t, err)
	assert.JSONEq(t, "7", string(r.Result), "the program itself ran to its end")
	assert.Equal(t, "the trajectory refused 2 step(s): find (line 1): trajectory: the run has ended; decision done (line 2): trajectory: the run has ended", r.Error)
	b, _ := json.Marshal(r.Calls)
	assert.Len(t, r.Calls, 3, "find, decide, act: %s", b)
}
