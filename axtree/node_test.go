package axtree

import (
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
)

func TestOperable(t *testing.T) {
	assert.True(t, (&Node{Role: "button"}).Operable())
	assert.True(t, (&Node{Role: "textbox"}).Operable())
	assert.True(t, (&Node{Role: "generic", Actions: []string{"click"}}).Operable(), "actions make an element operable")
	assert.False(t, (&Node{Role: "heading"}).Operable())
	assert.False(t, (&Node{Name: "text", Actions: []string{"click"}}).Operable(), "a text line never is")
	assert.False(t, (&Node{More: 3}).Operable(), "nor a placeholder")
	assert.False(t, (*Node)(nil).Operable())
}

// TestNodeSize keeps a Node in its 176-byte size class: a kept tree holds
// one per element and text line, and a field or a reordering that pads it
// to the next class (192) costs every kept tree 16 bytes a line.
func TestNodeSize(t *testing.T) {
	if unsafe.Sizeof(uintptr(0)) != 8 {
		t.Skip("sizes are for 64-bit platforms")
	}
	assert.LessOrEqual(t, unsafe.Sizeof(Node{}), uintptr(176))
}
