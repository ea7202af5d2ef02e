package axtree_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"

	"github.com/axtree/axtree/axtree"
	"github.com/axtree/axtree/dom"
)

// TestStopEndsTheBuild: a build whose Stop says yes after a while ends
// early, says so, and asks Stop only every 1,024 nodes.
func TestStopEndsTheBuild(t *testing.T) {
	src := strings.Repeat("<button>Go</button>", 20000)
	root, err := html.Parse(strings.NewReader(src))
	require.NoError(t, err)
	d := dom.New(root)
	full := axtree.Build(d, nil, axtree.Options{})
	asked := 0
	stopped := axtree.Build(d, nil, axtree.Options{Stop: func() bool { asked++; return asked == 3 }})
	assert.Equal(t, 3, asked, "Stop asked after it said yes")
	assert.Contains(t, stopped.Truncated, "stopped")
	assert.NotContains(t, full.Truncated, "stopped")
	assert.Less(t, len(stopped.IDs()), len(full.IDs())/4, "a stopped build went on")
	assert.Equal(t, len(full.IDs()), len(axtree.Build(d, nil, axtree.Options{Stop: func() bool { return false }}).IDs()))
}
