package axtree

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/roles"
)

// TestOperableByKind: builder.operable, which reads roleKinds by the role's
// ID, answers as Node.Operable does for the node element makes for every
// role ID (its Role the ID's name, or "generic" for none), with and
// without actions.
func TestOperableByKind(t *testing.T) {
	b := &builder{}
	byName := &builder{operableByName: true}
	interactive := 0
	for id := 0; id < roles.NumIDs; id++ {
		rid := roles.ID(id)
		role := rid.String()
		if role == "" || role == "none" {
			role = "generic" // as element names it
		}
		for _, acts := range [][]string{nil, {"click"}} {
			n := &Node{Role: role}
			if acts != nil {
				n.SetActions(acts)
			}
			want := n.Operable()
			assert.Equal(t, want, b.operable(n, rid), "role %q actions %v", role, acts)
			assert.Equal(t, want, byName.operable(n, rid), "role %q actions %v", role, acts)
			if want && acts == nil {
				interactive++
			}
		}
		// a Detail with no actions (states only) is not operable by itself
		n := &Node{Role: role}
		n.SetStates([]Attr{{Key: "checked"}})
		assert.Equal(t, n.Operable(), b.operable(n, rid), "role %q with states", role)
	}
	assert.Positive(t, interactive, "no role ID is interactive")
}

// TestOperableAndTakeSameAsBefore: fill asking operable by the role's ID,
// and take and pruneRedundant leaving the stack slots they free as they
// are, give the tree that Node.Operable and cleared slots (the code they
// replaced) give, on every corpus page, capture and frame case.
func TestOperableAndTakeSameAsBefore(t *testing.T) {
	for name, d := range bindDocs(t) {
		want := build(d, nil, Options{}, knobs{operableByName: true, clearTaken: true})
		got := Build(d, nil, Options{})
		require.Equal(t, nodesOf(want.Roots), nodesOf(got.Roots), name)
		assert.Equal(t, want.Truncated, got.Truncated, name)
		assert.Equal(t, want.bind.len(), got.bind.len(), name)
	}
}
