package axtree

import (
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestKidsSameAsOwnSlices: children cut from scratch.kids give the tree
// that a slice of their own per node (the code this replaced) gives, on
// every corpus page, capture and frame case, and a cut's capacity ends
// with it (sayOnce may shorten it in place), so an append to one node's
// children cannot write into the next node's.
func TestKidsSameAsOwnSlices(t *testing.T) {
	cut := 0
	for name, d := range bindDocs(t) {
		want := build(d, nil, Options{}, knobs{ownKids: true})
		got := Build(d, nil, Options{})
		require.Equal(t, nodesOf(want.Roots), nodesOf(got.Roots), name)
		assert.Equal(t, want.bind.len(), got.bind.len(), name)
		cut += sharedKids(got.Roots)
		// an append to one node's children (a caller editing the tree)
		// leaves every other node's as they were
		before := nodesOf(got.Roots)
		got.Walk(func(n *Node, _ int) bool {
			_ = append(n.Children, &Node{Role: "button", Name: "extra"})
			return true
		})
		assert.Equal(t, before, nodesOf(got.Roots), name)
	}
	assert.Positive(t, cut, "no page cut its children from a chunk")
}

// sharedKids counts the Children slices that start right where the one
// before them (in a pre-order walk) ends: cuts of one chunk.
func sharedKids(roots []*Node) int {
	shared := 0
	var last []*Node
	var walk func(ns []*Node)
	walk = func(ns []*Node) {
		for _, n := range ns {
			if len(n.Children) > 0 {
				if len(last) > 0 && uintptr(unsafe.Pointer(&last[len(last)-1]))+unsafe.Sizeof(last[0]) == uintptr(unsafe.Pointer(&n.Children[0])) {
					shared++
				}
				last = n.Children
				walk(n.Children)
			}
		}
	}
	walk(roots)
	return shared
}
