package trajectory_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/trajectory"
)

// The line carrying [id=N] is the line it is printed on, also when an
// inline run prints several elements on one line.
func TestIndexInlineRun(t *testing.T) {
	ix, err := trajectory.NewIndex("[main] [id=1]\n  See [link] terms [id=2] and [link] privacy [id=3] first.\n  [button] Accept [id=4]\n[id=4] [selected]\n")
	require.NoError(t, err)
	for id, line := range map[int]int{1: 1, 2: 2, 3: 2, 4: 3} {
		e, ok := ix.Lookup(id)
		require.True(t, ok, "id %d", id)
		assert.Equal(t, line, e.Line, "id %d", id)
	}
	e, _ := ix.Lookup(3)
	assert.Equal(t, trajectory.Element{ID: 3, Role: "link", Name: "privacy", Line: 2}, e)
	assert.Equal(t, 3, ix.Lines())
}
