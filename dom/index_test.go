package dom

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"golang.org/x/net/html"
)

// TestNodeIndex checks the address table against every size around its
// growth points: each stored node gets its index back, a node never stored
// gets -1, and so do nil and an empty table.
func TestNodeIndex(t *testing.T) {
	for _, n := range []int{0, 1, 2, 3, 7, 8, 9, 100, 1000, 4097} {
		nodes := make([]*html.Node, n)
		ix := newNodeIndex(n)
		for i := range nodes {
			nodes[i] = &html.Node{Type: html.ElementNode, Data: "div"}
			ix.put(nodes[i], i)
		}
		for i, x := range nodes {
			assert.Equal(t, i, ix.get(x), "n=%d i=%d", n, i)
		}
		assert.Equal(t, -1, ix.get(&html.Node{}), "n=%d: a node never stored", n)
		assert.Equal(t, -1, ix.get(nil), "n=%d: nil", n)
		assert.LessOrEqual(t, 3*n, 2*len(ix.keys), "the table stays at most two thirds full")
	}
	var empty nodeIndex
	assert.Equal(t, -1, empty.get(&html.Node{}))
}

// TestIDAndOwnsMatchesAttr checks the one-pass attribute read of the
// indexing walk against Attr: first of each key, namespaced keys skipped.
func TestIDAndOwnsMatchesAttr(t *testing.T) {
	for _, attrs := range [][]html.Attribute{
		nil,
		{{Key: "id", Val: "a"}},
		{{Key: "id", Val: ""}, {Key: "id", Val: "b"}},
		{{Namespace: "xlink", Key: "id", Val: "x"}, {Key: "id", Val: "c"}},
		{{Key: "aria-owns", Val: ""}, {Key: "aria-owns", Val: "p"}},
		{{Key: "aria-owns", Val: "p q"}, {Key: "class", Val: "k"}, {Key: "id", Val: "d"}},
		{{Namespace: "xlink", Key: "aria-owns", Val: "p"}},
	} {
		n := &html.Node{Type: html.ElementNode, Data: "div", Attr: attrs}
		id, owns := idAndOwns(n)
		wantOwns, _ := Attr(n, "aria-owns")
		assert.Equal(t, AttrOr(n, "id"), id, "%v", attrs)
		assert.Equal(t, wantOwns != "", owns, "%v", attrs)
	}
}
