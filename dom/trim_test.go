package dom

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"

	"github.com/axtree/axtree/internal/shared"
)

// trimCases are edge cases beside the corpus pages: no attributes at all,
// an element with more attributes than the largest array, runs of
// elements whose attributes straddle arrays, foreign content, templates.
var trimCases = map[string]string{
	"empty":      "",
	"no attrs":   "<p>a<b>b</b></p>",
	"many attrs": "<p" + manyAttrs(700) + ">x</p><i" + manyAttrs(3) + ">y</i><u" + manyAttrs(5) + ">z</u>",
	"straddle":   strings.Repeat(`<a href=/x title=t class=c>l</a><i>t</i><b id=q data-x=1 data-y=2 data-z=3 lang=en>b</b>`, 300),
	"foreign":    `<svg viewBox="0 0 1 1" class=a style=b><circle cx=1 cy=1 r=1 /><foreignObject x=1 y=2 z=3><p x=1 y=2 z=3>p</p></foreignObject></svg>`,
	"template":   `<template><p id=a class=b title=c>in</p></template><div id=h class=x lang=y><template shadowrootmode=open><slot></slot></template>light</div>`,
}

// manyAttrs returns n attributes of distinct names, each with a leading
// space.
func manyAttrs(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, " data-a%d=v%d", i, i)
	}
	return b.String()
}

// trimAttrs must leave every node's attributes as they were (same keys,
// values and namespaces, in order), give the nodes whose slice had room
// to spare a copy with none (shared with no old slice), and leave the
// other nodes' slices alone.
func TestTrimAttrsSameAsParse(t *testing.T) {
	pages := shared.ReadPages(t, trimCases, filepath.Join("..", "corpus", "pages"))
	for name, page := range pages {
		root, err := Parse(page)
		require.NoError(t, err, name)
		type was struct {
			attr []html.Attribute
			copy []html.Attribute
		}
		before := map[*html.Node]was{}
		for x := range preorder(root) {
			before[x] = was{x.Attr, append([]html.Attribute(nil), x.Attr...)}
		}
		_, _, spare := countNodes(root)
		if spare > 0 {
			trimAttrs(root, spare)
		}
		for x := range preorder(root) {
			w := before[x]
			if !assert.Equal(t, w.copy, x.Attr, "%s: <%s> attributes", name, x.Data) {
				break
			}
			switch {
			case len(x.Attr) == 0 || cap(w.attr) == len(w.attr):
				assert.True(t, len(w.attr) == 0 || &x.Attr[0] == &w.attr[0], "%s: <%s> without spare room was copied", name, x.Data)
				assert.Equal(t, cap(w.attr), cap(x.Attr), "%s: <%s>", name, x.Data)
			default:
				assert.Equal(t, len(x.Attr), cap(x.Attr), "%s: <%s> still has room to spare", name, x.Data)
				assert.NotSame(t, &w.attr[0], &x.Attr[0], "%s: <%s> was not copied", name, x.Data)
			}
		}
		_, _, left := countNodes(root)
		assert.Zero(t, left, "%s: attributes with room to spare are left", name)
	}
}

// The copies do not overlap: an append to one element's attributes leaves
// every other element's as they were.
func TestTrimAttrsAppendKeepsNeighbours(t *testing.T) {
	d, err := ParseDoc([]byte(strings.Repeat(`<b id=q data-x=1 data-y=2 data-z=3 lang=en>b</b>`, 50)))
	require.NoError(t, err)
	want := map[*html.Node][]html.Attribute{}
	for _, e := range d.Elements {
		want[e] = append([]html.Attribute(nil), e.Attr...)
	}
	for _, e := range d.Elements {
		e.Attr = append(e.Attr, html.Attribute{Key: "added"})
		want[e] = append(want[e], html.Attribute{Key: "added"})
	}
	for _, e := range d.Elements {
		assert.Equal(t, want[e], e.Attr, "<%s>", e.Data)
	}
}

// ParseDoc trims attributes and indexes what New indexes on the parse
// tree: same elements in the same order, each at its index, and the same
// tree text.
func TestParseDocTrimmedMatchesNew(t *testing.T) {
	pages := shared.ReadPages(t, trimCases, filepath.Join("..", "corpus", "pages"))
	for name, page := range pages {
		root, err := Parse(page)
		require.NoError(t, err, name)
		want := New(root)
		got, err := ParseDoc(page)
		require.NoError(t, err, name)
		require.Len(t, got.Elements, len(want.Elements), name)
		for i, e := range got.Elements {
			w := want.Elements[i]
			if !assert.Equal(t, [2]string{w.Data, w.Namespace}, [2]string{e.Data, e.Namespace}, "%s: element %d", name, i) {
				break
			}
			assert.Equal(t, w.Attr, e.Attr, "%s: element %d", name, i)
			assert.Equal(t, i, got.Index(e), "%s: element %d", name, i)
		}
		var a, b bytes.Buffer
		require.NoError(t, html.Render(&a, root), name)
		require.NoError(t, html.Render(&b, got.Root), name)
		assert.Equal(t, a.String(), b.String(), name)
	}
}

// attrChunk picks the largest length that is not more than what is left,
// and one attribute at the end.
func TestAttrChunk(t *testing.T) {
	assert.Equal(t, 682, attrChunk(10_000))
	assert.Equal(t, 682, attrChunk(682))
	assert.Equal(t, 453, attrChunk(681))
	assert.Equal(t, 10, attrChunk(12))
	assert.Equal(t, 1, attrChunk(1))
	assert.Equal(t, 1, attrChunk(0))
}
