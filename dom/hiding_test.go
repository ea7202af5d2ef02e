package dom

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"

	"github.com/axtree/axtree/internal/shared"
)

// hidingCases are pages beside the corpus for HidingAttrs: neither name,
// each name alone (valueless, false, in template content, on an SVG or
// MathML element, namespaced), names that only look alike, and a frame
// whose document has one while the top one has none.
var hidingCases = map[string]string{
	"none":          `<p class=x>a<b title=aria-hidden>b</b></p>`,
	"aria-hidden":   `<p>a<b aria-hidden=false>b</b></p>`,
	"inert":         `<div><p><span inert>x</span></p></div>`,
	"inert-last":    `<p id=a data-x=1 aria-owns=b>a</p><p id=b>b</p><i inert></i>`,
	"in-template":   `<template><p aria-hidden=true>t</p></template>`,
	"svg":           `<svg><g aria-hidden="true"><title>t</title></g></svg>`,
	"math":          `<math><mi inert>x</mi></math>`,
	"xlink":         `<svg><a xlink:inert="1" xml:aria-hidden="true">t</a></svg>`,
	"look-alike":    `<p aria-hiddenx=true inerts aria-hidde=true data-inert>x</p>`,
	"frame":         `<iframe srcdoc="<p inert>f</p>"></iframe><p>top</p>`,
	"shadow":        `<div><template shadowrootmode=open><b aria-hidden=true>s</b><slot></slot></template><p>l</p></div>`,
	"after-base":    `<base href=/x><p>a</p><p aria-hidden>b</p>`,
	"upper-in-html": `<P ARIA-HIDDEN=TRUE>x</P>`,
}

// HidingAttrs is false exactly when no element of the document (its
// frames apart) has an attribute named aria-hidden or inert, in any
// namespace: a zero Doc says true (nothing known).
func TestHidingAttrsSameAsScan(t *testing.T) {
	seen := [2]bool{}
	for name, src := range shared.ReadPages(t, hidingCases, filepath.Join("..", "corpus", "pages")) {
		d, err := ParseDoc(src)
		require.NoError(t, err, name)
		docs := []*Doc{d, New(d.Root)}
		for _, e := range d.Elements {
			if f := d.Frame(e); f != nil {
				docs = append(docs, f)
			}
		}
		for i, x := range docs {
			want := false
			for _, e := range x.Elements {
				for _, a := range e.Attr {
					if a.Key == "aria-hidden" || a.Key == "inert" {
						want = true
					}
				}
			}
			assert.Equal(t, want, x.HidingAttrs(), "%s: document %d", name, i)
			seen[boolIndex(want)] = true
		}
	}
	assert.True(t, seen[0] && seen[1], "documents with and without hiding attributes were checked")
	assert.True(t, (&Doc{}).HidingAttrs(), "a zero Doc knows nothing")
	var el html.Node // a Doc of one bare element
	el.Type, el.Data = html.ElementNode, "p"
	assert.False(t, New(&el).HidingAttrs())
	el.Attr = []html.Attribute{{Key: "inert"}}
	assert.True(t, New(&el).HidingAttrs())
}
