package axtree

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/dom"
)

// TestNumberBindSameAsTwoWalks: numbering and binding in one walk
// (numberBind, into slots for the elements made and not dropped) gives
// every tree the ids and the binding that numbering first and binding
// after gave (knobs.twoWalks), with no slot to spare on any of them: the
// count of elements the build kept is exact. A tree with more elements
// than slots falls back to the two walks.
func TestNumberBindSameAsTwoWalks(t *testing.T) {
	docs := bindDocs(t)
	var big strings.Builder
	for i := range 70_000 {
		fmt.Fprintf(&big, "<a href=/%d>l%d</a>", i, i)
	}
	for name, src := range map[string]string{
		"wide":    big.String(),
		"empty":   ``,
		"text":    `just text`,
		"dropped": `<div><span>x</span></div><td>cell <b>cell</b></td><ul><li><a href=/a>a</a></li></ul><div onclick=f()>click me</div><h1><a href=/h>Head</a></h1>`,
	} {
		d, err := dom.ParseDoc([]byte(src))
		require.NoError(t, err, name)
		docs[name] = d
	}
	for name, d := range docs {
		for i, opts := range []Options{{}, {MaxNodes: 7}, {MaxDepth: 3}} {
			if i > 0 && name == "wide" {
				break
			}
			want := build(d, nil, opts, knobs{twoWalks: true})
			got := build(d, nil, opts, knobs{})
			require.Equal(t, nodesOf(want.Roots), nodesOf(got.Roots), name)
			require.True(t, reflect.DeepEqual(want.bind, got.bind), "%s %+v: bindings differ", name, opts)
			if got.bind.at != nil {
				assert.Equal(t, len(got.bind.at), cap(got.bind.at), "%s %+v: slots to spare", name, opts)
			} else {
				assert.Equal(t, len(got.bind.more.wide), cap(got.bind.more.wide), "%s %+v: slots to spare", name, opts)
			}
		}
		tr := build(d, nil, Options{}, knobs{twoWalks: true})
		ids := tr.bind.len()
		if ids > 1 {
			// one slot short: the walk says so, and number falls back
			b := bindNumbered(d, tr.Roots, ids-1)
			assert.Zero(t, b.len(), name)
			b = bindNumbered(d, tr.Roots, ids)
			assert.Equal(t, tr.bind.len(), b.len(), name)
		}
	}
}
