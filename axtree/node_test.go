package axtree

import (
	"testing"

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
