package main

import (
	"testing"

	"github.com/axtree/axtree/render"

	"github.com/stretchr/testify/assert"
)

// TestWork checks that both modes run on a page and that a page render
// refuses is reported, not skipped.
func TestWork(t *testing.T) {
	page := []byte(`<title>t</title><button>Go</button>`)
	assert.NoError(t, work("render", page, 2))
	assert.NoError(t, work("parse", page, 2))
	big := make([]byte, render.DefaultMaxInputBytes+1)
	assert.Error(t, work("render", big, 1))
	assert.Equal(t, byte(0), growStack(0))
}
