package accname

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"

	"github.com/axtree/axtree/dom"
	"github.com/axtree/axtree/internal/shared"
)

// TestSelfHiddenLabelledSameAsTwoReads: selfHiddenLabelled answers as
// selfHidden and, when that is false, as dom.Has(n, "aria-labelledby") (the
// two reads walker.child made), on every corpus element and on elements
// with repeated, namespaced, upper-case and empty attributes, in and out of
// a foreign namespace.
func TestSelfHiddenLabelledSameAsTwoReads(t *testing.T) {
	d0, err := dom.ParseDoc([]byte(`<p>x</p>`))
	require.NoError(t, err)
	c0 := New(d0, nil)
	attr := func(ns, k, v string) html.Attribute { return html.Attribute{Namespace: ns, Key: k, Val: v} }
	sets := [][]html.Attribute{
		nil,
		{attr("", "aria-labelledby", "a")},
		{attr("", "aria-labelledby", "")},
		{attr("xlink", "aria-labelledby", "a")},
		{attr("", "aria-labelledbx", "a"), attr("", "aria-describedby", "a")},
		{attr("", "aria-hidden", "true"), attr("", "aria-labelledby", "a")},
		{attr("", "aria-labelledby", "a"), attr("", "aria-hidden", " TRUE ")},
		{attr("", "aria-hidden", "false"), attr("", "aria-hidden", "true"), attr("", "aria-labelledby", "a")},
		{attr("xlink", "aria-hidden", "true"), attr("", "aria-labelledby", "a")},
		{attr("", "inert", ""), attr("", "aria-labelledby", "a")},
		{attr("", "aria-labelledby", "a"), attr("", "inert", "")},
		{attr("", "class", "x"), attr("", "id", "y"), attr("", "aria-labelledby", "a"), attr("", "aria-label", "z")},
	}
	checked := 0
	check := func(c *Computer, n *html.Node, where string) {
		h, l := c.selfHiddenLabelled(n)
		if !assert.Equal(t, c.selfHidden(n), h, where) {
			return
		}
		if !h {
			assert.Equal(t, dom.Has(n, "aria-labelledby"), l, where)
		}
		checked++
	}
	for i, as := range sets {
		for _, ns := range []string{"", "svg"} {
			check(c0, &html.Node{Type: html.ElementNode, Data: "span", Namespace: ns, Attr: as}, filepath.Join("set", string(rune('a'+i)), ns))
		}
	}
	for _, f := range shared.PageFiles(t, filepath.Join("..", "corpus", "pages")) {
		raw, err := os.ReadFile(f)
		require.NoError(t, err)
		d, err := dom.ParseDoc(raw)
		require.NoError(t, err)
		c := New(d, nil)
		for _, n := range d.Elements {
			check(c, n, f)
		}
	}
	assert.Greater(t, checked, 1000)
}
