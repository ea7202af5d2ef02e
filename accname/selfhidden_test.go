package accname

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"

	"github.com/axtree/axtree/dom"
)

// TestSelfHiddenSameAsAttr checks selfHidden against its definition by
// dom.Attr (the first aria-hidden without a namespace is "true", ASCII
// case and spaces aside, or an HTML element has inert) on every element of
// the corpus pages and on elements made with repeated, namespaced and
// same-length attributes.
func TestSelfHiddenSameAsAttr(t *testing.T) {
	want := func(n *html.Node) bool {
		if v, ok := dom.Attr(n, "aria-hidden"); ok && strings.EqualFold(strings.TrimSpace(v), "true") {
			return true
		}
		return dom.Has(n, "inert") && n.Namespace == ""
	}
	var els []*html.Node
	for _, p := range corpusPages(t) {
		d, err := dom.ParseDoc(p.src)
		require.NoError(t, err, p.name)
		els = append(els, d.Elements...)
	}
	keys := []string{"aria-hidden", "inert", "class", "aria-hiddeN", "aria-labels", "title"}
	vals := []string{"", "true", " TRUE ", "false"}
	for _, k1 := range keys {
		for _, k2 := range keys {
			for _, v1 := range vals {
				for _, v2 := range vals {
					for _, ns := range []string{"", "svg"} {
						els = append(els, &html.Node{Type: html.ElementNode, Data: "span", Namespace: ns,
							Attr: []html.Attribute{{Namespace: "xlink", Key: k1, Val: "true"}, {Key: k1, Val: v1}, {Key: k2, Val: v2}, {Key: k1, Val: "true"}}})
					}
				}
			}
		}
	}
	d, err := dom.ParseDoc([]byte(`<p>x</p>`))
	require.NoError(t, err)
	c := New(d, nil)
	for i, e := range els {
		if !assert.Equal(t, want(e), c.selfHidden(e), "element %d <%s> %v", i, e.Data, e.Attr) {
			return
		}
	}
}
