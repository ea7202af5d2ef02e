package axtree

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

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
		require.Equal(t, len(want.elems), len(got.elems), name)
		for id := 1; id < len(want.elems); id++ {
			if !assert.Same(t, want.elems[id], got.elems[id], "%s: id %d", name, id) {
				break
			}
			assert.NotNil(t, got.elems[id], "%s: id %d", name, id)
		}
		assert.Equal(t, nodesOf(want.Roots), nodesOf(got.Roots), name)
		for _, e := range got.elems[1:] {
			if e != nil && !containsNode(d.Elements, e) {
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
