package dom

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"
)

// TestNodeIndex checks the address tables against every size around
// their growth points, the two-byte table up to shortMax entries (its
// largest index, shortMax-1, stored as shortMax) and the four-byte one
// past it: each stored node gets its index back, a node never stored gets
// -1, and so do nil and an empty table.
func TestNodeIndex(t *testing.T) {
	type table interface {
		put(*html.Node, int)
		get(*html.Node, []*html.Node) int
	}
	for _, n := range []int{0, 1, 2, 3, 7, 8, 9, 100, 1000, 4097, shortMax, shortMax + 1, shortMax + 5000} {
		var tables []table
		if n <= shortMax {
			ix := newNodeIndex(n)
			assert.LessOrEqual(t, 3*n, 2*len(ix.slots), "the table stays at most two thirds full")
			tables = append(tables, &ix)
		}
		w := newWideIndex(n)
		assert.LessOrEqual(t, 3*n, 2*len(w.slots), "the table stays at most two thirds full")
		tables = append(tables, w)
		nodes := make([]*html.Node, n)
		for i := range nodes {
			nodes[i] = &html.Node{Type: html.ElementNode, Data: "div"}
		}
		for _, ix := range tables {
			for i, x := range nodes {
				ix.put(x, i)
			}
			for i, x := range nodes {
				if !assert.Equal(t, i, ix.get(x, nodes), "%T n=%d i=%d", ix, n, i) {
					break
				}
			}
			assert.Equal(t, -1, ix.get(&html.Node{}, nodes), "%T n=%d: a node never stored", ix, n)
			assert.Equal(t, -1, ix.get(nil, nodes), "%T n=%d: nil", ix, n)
		}
	}
	var empty nodeIndex
	assert.Equal(t, -1, empty.get(&html.Node{}, nil))
	var wempty wideIndex
	assert.Equal(t, -1, wempty.get(&html.Node{}, nil))
}

// A document of more than shortMax elements takes the four-byte table,
// parsed (below compactMinNodes, so not in a slab) or indexed by New, and
// every element finds its index; a smaller one takes the two-byte table.
func TestDocIndexWide(t *testing.T) {
	page := []byte(strings.Repeat("<b></b>", shortMax+10))
	big, err := ParseDoc(page)
	require.NoError(t, err)
	require.Nil(t, big.slab)
	require.NotNil(t, big.again.Load())
	require.NotNil(t, big.again.Load().wide)
	root, err := Parse(page)
	require.NoError(t, err)
	for _, d := range []*Doc{big, New(root)} {
		require.NotNil(t, d.again.Load())
		require.NotNil(t, d.again.Load().wide)
		assert.Nil(t, d.index.slots)
		for i, e := range d.Elements {
			if !assert.Equal(t, i, d.Index(e), "element %d", i) {
				break
			}
		}
		assert.Equal(t, -1, d.Index(&html.Node{Type: html.ElementNode}))
	}
	small, err := ParseDoc([]byte("<p>a</p><p>b</p>"))
	require.NoError(t, err)
	assert.Nil(t, small.again.Load())
	assert.NotNil(t, small.index.slots)
}

// TestIDAndOwnsMatchesAttr checks the one-pass attribute read of the
// indexing walk (visitAttrs, and idAndOwns past the first hiding
// attribute) and firstID against Attr: first of each key,
// namespaced keys skipped; hides for either name in any namespace.
func TestIDAndOwnsMatchesAttr(t *testing.T) {
	for _, attrs := range [][]html.Attribute{
		nil,
		{{Key: "id", Val: "a"}},
		{{Key: "id", Val: ""}, {Key: "id", Val: "b"}},
		{{Namespace: "xlink", Key: "id", Val: "x"}, {Key: "id", Val: "c"}},
		{{Key: "aria-owns", Val: ""}, {Key: "aria-owns", Val: "p"}},
		{{Key: "aria-owns", Val: "p q"}, {Key: "class", Val: "k"}, {Key: "id", Val: "d"}},
		{{Namespace: "xlink", Key: "aria-owns", Val: "p"}},
		{{Key: "class", Val: "k"}, {Namespace: "xml", Key: "id", Val: "x"}},
		{{Key: "inert"}, {Key: "id", Val: "e"}, {Key: "id", Val: "f"}},
		{{Namespace: "xlink", Key: "aria-hidden", Val: "true"}},
		{{Key: "aria-hiddenx"}, {Key: "inerts"}, {Key: "ID", Val: "u"}},
	} {
		n := &html.Node{Type: html.ElementNode, Data: "div", Attr: attrs}
		id, owns, hides := visitAttrs(n)
		wantOwns, _ := Attr(n, "aria-owns")
		assert.Equal(t, AttrOr(n, "id"), id, "%v", attrs)
		assert.Equal(t, AttrOr(n, "id"), firstID(n), "%v", attrs)
		id2, owns2 := idAndOwns(n)
		assert.Equal(t, id, id2, "%v", attrs)
		assert.Equal(t, owns, owns2, "%v", attrs)
		assert.Equal(t, wantOwns != "", owns, "%v", attrs)
		wantHides := false
		for _, a := range attrs {
			wantHides = wantHides || a.Key == "aria-hidden" || a.Key == "inert"
		}
		assert.Equal(t, wantHides, hides, "%v", attrs)
	}
}

// refScopes is the indexing walk as it was, with an explicit stack: every
// element in pre-order with the shadow root template whose tree it is in.
func refScopes(root *html.Node) (elems, scopes []*html.Node) {
	type item struct{ n, scope *html.Node }
	stack := []item{{root, nil}}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		child := it.scope
		if it.n.Type == html.ElementNode {
			elems = append(elems, it.n)
			scopes = append(scopes, it.scope)
			if IsShadowRoot(it.n) {
				child = it.n
			}
		}
		for c := it.n.LastChild; c != nil; c = c.PrevSibling {
			stack = append(stack, item{c, child})
		}
	}
	return elems, scopes
}

// TestWalkScopes checks the link-following indexing walk against the
// stack walk on nested declarative shadow roots, a template that is not a
// shadow root, empty shadow roots and elements after each tree ends.
func TestWalkScopes(t *testing.T) {
	src := `<div id=a><x-a><template shadowrootmode=open><p id=a>in a</p>
<x-b><template shadowrootmode=closed><i id=a>in b</i><template shadowrootmode=open></template></template><b>light b</b></x-b>
<span>after b</span></template><u>light a</u></x-a><template><em>inert</em></template>
<x-c><template shadowrootmode=open></template></x-c><p id=z>after</p><x-d><template shadowrootmode=open><s>last</s></template></x-d></div>`
	root, err := html.Parse(strings.NewReader(src))
	require.NoError(t, err)
	d := New(root)
	elems, scopes := refScopes(root)
	require.Equal(t, elems, d.Elements)
	for i, e := range elems {
		assert.Same(t, scopes[i], d.Scope(e), "element %d <%s>", i, e.Data)
	}
	require.NotNil(t, d.rare)
	assert.Len(t, d.rare.shadow, 4)
}

// TestNoEmptyMaps checks that a document without ids or shadow trees keeps
// no maps for them (a kept Doc of a small page carried four empty ones),
// and that one with them answers through the maps its walk made.
func TestNoEmptyMaps(t *testing.T) {
	d, err := ParseDoc([]byte(`<p>plain <b>text</b></p>`))
	require.NoError(t, err)
	assert.Nil(t, d.ids.slots)
	assert.Nil(t, d.rare, "no shadow trees, frames, facts, owns, limits or URL: no rare part")
	assert.Nil(t, d.ByID(d.Elements[0], "x"))
	assert.Nil(t, d.Scope(d.Elements[0]))
	assert.Nil(t, d.ShadowRoot(d.Elements[0]))
	assert.Same(t, d.Elements[0].Parent, d.Parent(d.Elements[0]))
	assert.Nil(t, d.Frame(d.Elements[0]))
	assert.Nil(t, d.Facts(d.Elements[0]))
	assert.False(t, d.HasFacts())
	assert.False(t, d.HasOwns())
	assert.Nil(t, d.Owner(d.Elements[0]))
	assert.Nil(t, d.Owns(d.Elements[0]))
	assert.Empty(t, d.LimitsHit())
	assert.Empty(t, d.URL())
	d.SetURL("")
	assert.Nil(t, d.rare, "an empty URL makes no rare part")
	d.SetURL("https://example.test/")
	assert.Equal(t, "https://example.test/", d.URL())

	d, err = ParseDoc([]byte(`<p id=x>p</p><x-a><template shadowrootmode=open><i id=x>in</i><slot></slot></template><b>light</b></x-a>`))
	require.NoError(t, err)
	var p, host, i, b, slot *html.Node
	for _, e := range d.Elements {
		switch e.Data {
		case "p":
			p = e
		case "x-a":
			host = e
		case "i":
			i = e
		case "b":
			b = e
		case "slot":
			slot = e
		}
	}
	assert.Same(t, p, d.ByID(d.Elements[0], "x"))
	assert.Same(t, i, d.ByID(slot, "x"), "the shadow tree's own id")
	assert.NotNil(t, d.ShadowRoot(host))
	assert.Same(t, d.ShadowRoot(host), d.Scope(i))
	assert.Same(t, slot, d.Parent(b), "a slotted child's flat-tree parent")
	assert.Same(t, host, d.Parent(i), "a top-level shadow child's parent is the host")
}

// TestIDIndexMatchesFirst checks ByID against the first element in tree
// order with each id in each tree, on a page of many ids, repeated ids,
// ids repeated in shadow trees and nested shadow trees, and ids nobody has.
func TestIDIndexMatchesFirst(t *testing.T) {
	var b strings.Builder
	for i := range 700 {
		fmt.Fprintf(&b, `<p id=i%d>%d</p><span id="i%d">dup</span>`, i%300, i, i%7)
		if i%50 == 0 {
			fmt.Fprintf(&b, `<x-h><template shadowrootmode=open><i id=i%d>in</i><b id=s%d>s</b>`+
				`<x-k><template shadowrootmode=closed><u id=i%d>deep</u></template></x-k></template></x-h>`, i%300, i, i%300)
		}
	}
	b.WriteString(`<div id="">empty</div><div id=" sp ">space</div><div ID=upper>u</div>`)
	root, err := html.Parse(strings.NewReader(b.String()))
	require.NoError(t, err)
	d := New(root)
	elems, scopes := refScopes(root)
	first := map[[2]any]*html.Node{}
	for i, e := range elems {
		if id := firstID(e); id != "" {
			k := [2]any{scopes[i], id}
			if first[k] == nil {
				first[k] = e
			}
		}
	}
	require.Greater(t, len(first), 300)
	asked := 0
	for i, e := range elems {
		for _, id := range []string{"i0", "i5", "i299", "s50", "s100", "i300", "nobody", " sp ", "upper", ""} {
			want := first[[2]any{scopes[i], id}]
			assert.Same(t, want, d.ByID(e, id), "element %d <%s> asks for %q", i, e.Data, id)
			asked++
		}
	}
	assert.Positive(t, asked)
}
