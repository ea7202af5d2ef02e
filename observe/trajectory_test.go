package observe_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/observe"
	"github.com/axtree/axtree/trajectory"
)

// twoStateRun records a run that clicks [id=2] on one state and lands on
// another.
func twoStateRun(t *testing.T, id string) *trajectory.Run {
	rec, err := trajectory.NewRecorder(trajectory.Meta{ID: id, Task: "open the dialog", Site: "example.org"})
	require.NoError(t, err)
	a, err := rec.Observe("[main] [id=1]\n  [button] Open [id=2]\n", nil, "https://example.org/", "Home")
	require.NoError(t, err)
	b, err := rec.Observe("[dialog] Hello [id=1]\n", nil, "https://example.org/", "Dialog")
	require.NoError(t, err)
	r, err := rec.Resolve(a, 2)
	require.NoError(t, err)
	for _, s := range []trajectory.Step{
		{Kind: trajectory.KindDecision, Observation: a, Outcome: trajectory.StepOK,
			Actions: []trajectory.Action{{Call: trajectory.Call{Tool: "click", Args: trajectory.RawJSON(`{"id":2}`)}, Resolved: r, Outcome: trajectory.ActionOK}}},
		{Kind: trajectory.KindDecision, Observation: b, Outcome: trajectory.StepOK,
			Actions: []trajectory.Action{{Call: trajectory.Call{Tool: "done"}, Outcome: trajectory.ActionOK}}},
	} {
		_, err := rec.Append(s)
		require.NoError(t, err)
	}
	run, err := rec.Finish(trajectory.Success, "")
	require.NoError(t, err)
	return run
}

func TestGraphAddRun(t *testing.T) {
	g := observe.NewGraph()
	g.AddRun(twoStateRun(t, "r1"))
	g.AddRun(twoStateRun(t, "r2"))
	nodes := g.Nodes()
	require.Len(t, nodes, 2)
	edges := g.Edges()
	require.Len(t, edges, 1)
	e := edges[0]
	assert.Equal(t, 2, e.Count, "two runs took the same edge")
	require.NotNil(t, e.Action)
	assert.Equal(t, `click button "Open"`, e.Action.Label())
	for _, n := range nodes {
		if n.ID == e.From {
			assert.Equal(t, 2, n.Starts)
			assert.Equal(t, "Home", n.Title)
		} else {
			assert.Equal(t, 2, n.Visits)
			assert.Equal(t, "Dialog", n.Title)
		}
	}
	g.AddRun(nil)
	assert.Len(t, g.Nodes(), 2)
}
