package axtree

import (
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
)

func TestOperable(t *testing.T) {
	assert.True(t, (&Node{Role: "button"}).Operable())
	assert.True(t, (&Node{Role: "textbox"}).Operable())
	assert.True(t, (&Node{Role: "generic", Detail: &Detail{Actions: []string{"click"}}}).Operable(), "actions make an element operable")
	assert.False(t, (&Node{Role: "heading"}).Operable())
	assert.False(t, (&Node{Name: "text", Detail: &Detail{Actions: []string{"click"}}}).Operable(), "a text line never is")
	assert.False(t, (&Node{Detail: &Detail{More: 3}}).Operable(), "nor a placeholder")
	assert.False(t, (*Node)(nil).Operable())
}

// TestNodeSize keeps a Node at 96 bytes (12 words) and a Detail at 80: a
// kept tree holds one Node per element and text line, and a field or a
// reordering that pads either costs every kept tree that much a line; the
// builder's chunk sizes (nodeChunks, detailChunks) are picked to fill
// allocator size classes with them.
func TestNodeSize(t *testing.T) {
	if unsafe.Sizeof(uintptr(0)) != 8 {
		t.Skip("sizes are for 64-bit platforms")
	}
	assert.LessOrEqual(t, unsafe.Sizeof(Node{}), uintptr(96))
	assert.LessOrEqual(t, unsafe.Sizeof(Detail{}), uintptr(80))
}

// TestDetailNilSafe reads the Detail fields of a node without one, and of
// a nil node, as empty; the setters give a node a Detail.
func TestDetailNilSafe(t *testing.T) {
	for _, n := range []*Node{nil, {Role: "button"}} {
		assert.Nil(t, n.States())
		assert.Nil(t, n.Actions())
		assert.Nil(t, n.Props())
		assert.Zero(t, n.More())
	}
	n := &Node{Role: "checkbox"}
	n.SetStates([]Attr{{Key: "checked"}})
	n.SetProps([]Attr{{Key: "required"}})
	n.SetActions([]string{"click"})
	assert.Equal(t, &Detail{States: []Attr{{Key: "checked"}}, Props: []Attr{{Key: "required"}}, Actions: []string{"click"}}, n.Detail)
	p := &Node{}
	p.SetMore(3)
	assert.Equal(t, 3, p.More())
}

// TestScratchReusesDetail: a dropped node comes back from the free list
// without its Detail, which is cleared and handed to the next node that
// needs one, and done clears what the free list still holds.
func TestScratchReusesDetail(t *testing.T) {
	s := &scratch{}
	k := s.node()
	d := s.detail(k)
	d.States = []Attr{{Key: "checked"}}
	assert.Same(t, d, s.detail(k), "a node keeps the Detail it has")
	s.put(k)
	k2 := s.node()
	assert.Same(t, k, k2)
	assert.Nil(t, k2.Detail, "a reused node starts without a Detail")
	d2 := s.detail(s.node())
	assert.Same(t, d, d2, "the dropped node's Detail is reused")
	assert.Nil(t, d2.States, "cleared")

	k3 := s.node()
	s.detail(k3).Props = []Attr{{Key: "required"}}
	d3 := k3.Detail
	s.put(k3)
	s.done()
	assert.Nil(t, k3.Detail)
	assert.Nil(t, d3.Props, "done clears the Details of nodes left on the free list")
}
