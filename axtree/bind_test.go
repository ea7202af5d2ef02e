package axtree

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"

	"github.com/axtree/axtree/dom"
	"github.com/axtree/axtree/internal/shared"
	"github.com/axtree/axtree/wire"
)

// bindDocs returns the documents the binding test builds: every corpus
// page, the corpus captures (frames with documents of their own) and
// pages with srcdoc frames.
func bindDocs(t *testing.T) map[string]*dom.Doc {
	t.Helper()
	docs := map[string]*dom.Doc{}
	for _, f := range shared.PageFiles(t, filepath.Join("..", "corpus", "pages")) {
		raw, err := os.ReadFile(f)
		require.NoError(t, err)
		d, err := dom.ParseDoc(raw)
		require.NoError(t, err, f)
		docs[filepath.Base(f)] = d
	}
	caps, err := filepath.Glob(filepath.Join("..", "corpus", "captures", "*.json"))
	require.NoError(t, err)
	require.NotEmpty(t, caps)
	for _, f := range caps {
		raw, err := os.ReadFile(f)
		require.NoError(t, err)
		d, _, err := wire.Decode(bytes.NewReader(raw), wire.Limits{})
		require.NoError(t, err, f)
		docs[filepath.Base(f)] = d
	}
	for name, src := range map[string]string{
		"srcdoc": `<a href="/x">before</a><iframe srcdoc="<button>in frame</button><a href=/y>y</a>"></iframe>` +
			`<iframe srcdoc="<h1>second <a href=/z>z</a></h1><ul><li><a href=/w>w</a></ul>"></iframe><button>after</button><ul><li><b><a href=/v>v</a></b></ul>`,
		"nested": `<iframe srcdoc="<iframe srcdoc='<button>deep</button>'></iframe><a href=/q>q</a>"></iframe><nav><a href=/r>r</a></nav>`,
	} {
		d, err := dom.ParseDoc([]byte(src))
		require.NoError(t, err, name)
		docs[name] = d
	}
	return docs
}

// TestBindSameAsPending: ids bound through Node.DOM (with pending only
// past the first frame element) give every id the element that recording
// every element made in pending, the last one of a node winning (the code
// this replaced), gives; the trees are the same.
func TestBindSameAsPending(t *testing.T) {
	framed := 0
	for name, d := range bindDocs(t) {
		got := Build(d, nil, Options{})
		want := build(d, nil, Options{}, knobs{bindAll: true})
		require.Equal(t, want.bind.len(), got.bind.len(), name)
		for id := 1; id < want.bind.len(); id++ {
			if !assert.Same(t, want.Node(id), got.Node(id), "%s: id %d", name, id) {
				break
			}
			assert.NotNil(t, got.Node(id), "%s: id %d", name, id)
		}
		assert.Equal(t, nodesOf(want.Roots), nodesOf(got.Roots), name)
		for id := 1; id < got.bind.len(); id++ {
			if e := got.Node(id); e != nil && !containsNode(d.Elements, e) {
				framed++
				break
			}
		}
	}
	assert.Positive(t, framed, "no document bound an element of a frame")
}

func containsNode[T comparable](s []T, x T) bool {
	for _, e := range s {
		if e == x {
			return true
		}
	}
	return false
}

// nodesOf flattens a tree to comparable values (role, name, id, DOM, href,
// depth), pre-order.
func nodesOf(ns []*Node) []any {
	var out []any
	var walk func(ns []*Node, depth int)
	walk = func(ns []*Node, depth int) {
		for _, n := range ns {
			out = append(out, []any{depth, n.ID, n.Role, n.Name, n.Href, n.DOM, n.Joined, n.Focusable, n.States(), n.Props(), n.Actions()})
			walk(n.Children, depth+1)
		}
	}
	walk(ns, 0)
	return out
}

// TestBindingSameAsPointers checks the binding's id -> element answers
// against the pointer per id it replaces (elems[id] = els[DOM], then each
// pending entry over it, the last of an id winning), with two-byte and
// four-byte slots, ids bound to nothing, ids bound apart more than once and
// ids out of range.
func TestBindingSameAsPointers(t *testing.T) {
	for _, nels := range []int{0, 1, 10, shortMaxIndex + 1, shortMaxIndex + 2, 70000} {
		els := make([]*html.Node, nels)
		for i := range els {
			els[i] = &html.Node{Type: html.ElementNode}
		}
		const ids = 300
		var roots []*Node
		want := make([]*html.Node, ids) // the pointer per id
		for id := 1; id < ids; id++ {
			n := &Node{ID: id, Role: "generic", DOM: int32(-1)}
			if id%5 != 0 && nels > 0 {
				n.DOM = int32((id * 7919) % nels)
				if id%11 == 0 {
					n.DOM = int32(nels - 1) // the largest index
				}
				want[id] = els[n.DOM]
			}
			if id%13 == 0 {
				n.DOM = int32(nels + id) // a frame's element: past els
				want[id] = nil
			}
			if id%3 == 0 && len(roots) > 0 {
				p := roots[len(roots)-1]
				p.Children = append(p.Children, n) // a subtree
			} else {
				roots = append(roots, n)
			}
		}
		roots = append(roots, &Node{Name: "text", DOM: -1}) // a text line: no id
		var pending []bound
		byID := map[int]*Node{}
		var collect func(ns []*Node)
		collect = func(ns []*Node) {
			for _, n := range ns {
				byID[n.ID] = n
				collect(n.Children)
			}
		}
		collect(roots)
		for k, id := range []int{13, 26, 7, 13, 40, 299, 26, 1, 0, 300} {
			el := &html.Node{Type: html.ElementNode, Data: "framed"}
			if k == 4 {
				el = nil // bound apart to nothing
			}
			n := byID[id]
			if n == nil {
				n = &Node{ID: id} // out of range: ignored
			}
			pending = append(pending, bound{n, el})
			if id > 0 && id < ids {
				want[id] = el
			}
		}
		if nels > 0 {
			// entries that repeat the DOM binding: one alone, one after
			// another element for the same id (the last wins)
			for _, p := range []bound{{byID[2], want[2]}, {byID[4], &html.Node{Data: "framed"}}, {byID[4], want[4]}} {
				pending = append(pending, p)
				want[p.node.ID] = p.el
			}
		}
		b := newBinding(&dom.Doc{Elements: els}, ids)
		b.bindTree(roots)
		b.bindOther(pending)
		assert.Equal(t, nels > shortMaxIndex+1, b.at == nil, "els=%d: the slot width", nels)
		require.NotNil(t, b.more)
		assert.Len(t, b.more.other, 6, "els=%d: only the ids bound to another element than DOM's are apart", nels)
		tr := &Tree{Roots: roots, bind: b}
		for id := -1; id <= ids+1; id++ {
			var w *html.Node
			if id > 0 && id < ids {
				w = want[id]
			}
			if !assert.Same(t, w, tr.Node(id), "els=%d: id %d", nels, id) {
				break
			}
		}
	}
}
