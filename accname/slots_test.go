package accname

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"

	"github.com/axtree/axtree/dom"
)

// TestIndexSameAsDoc checks that the slot cache in front of the element
// index (slotOf, Index) answers what the index does: the memo slot and the
// index of each element, asked in the order a tree builder asks (role,
// hidden-ness, name of each element in document order, with its parent's
// and an earlier element's in between), and again after Forget; the cache
// alone (cachedSlot, which the busiest callers test before slotSlow)
// gives that slot or nil; text nodes, nil and a node of another document
// are not in it. On an edge-case page and every corpus page.
func TestIndexSameAsDoc(t *testing.T) {
	pages := []corpusPage{{"edge", []byte(`<div aria-hidden=true><p>a<b>b</b></p></div>
<table><tr><td>x<td><a href=/y>y</a></table><template><i>t</i></template>` +
		`<svg><a><text>s</text></a></svg><iframe srcdoc="<p>f</p>"></iframe>`)}}
	pages = append(pages, corpusPages(t)...)
	other, err := dom.ParseDoc([]byte(`<p>elsewhere</p>`))
	require.NoError(t, err)
	for _, p := range pages {
		d, err := dom.ParseDoc(p.src)
		require.NoError(t, err, p.name)
		c := New(d, nil)
		check := func(n *html.Node) bool {
			want := d.Index(n)
			if !assert.Equal(t, want, c.Index(n), "%s: Index of element %d <%s>", p.name, want, n.Data) {
				return false
			}
			if sl := c.cachedSlot(n); sl != nil && !assert.Same(t, &c.memo[want], sl, "%s: cached slot of element %d <%s>", p.name, want, n.Data) {
				return false
			}
			return assert.Same(t, &c.memo[want], c.slotOf(n), "%s: slot of element %d <%s>", p.name, want, n.Data)
		}
		for round := 0; round < 2; round++ {
			for i, n := range d.Elements {
				c.Role(n)
				if !check(n) {
					return
				}
				c.Hidden(n)
				if par := d.Parent(n); par != nil && par.Type == html.ElementNode && d.Index(par) >= 0 && !check(par) {
					return
				}
				c.Name(n)
				if !check(n) || !check(d.Elements[i/2]) {
					return
				}
				if k := n.FirstChild; k != nil && k.Type == html.TextNode {
					assert.Equal(t, -1, c.Index(k), "%s: a text node has no index", p.name)
					assert.Nil(t, c.cachedSlot(k), "%s: a text node has no slot", p.name)
				}
			}
			c.Forget()
		}
		assert.Equal(t, -1, c.Index(nil), p.name)
		assert.Equal(t, -1, c.Index(other.Elements[len(other.Elements)-1]), "%s: another document's element", p.name)
		assert.Nil(t, c.slotOf(other.Elements[len(other.Elements)-1]), p.name)
		assert.Nil(t, c.cachedSlot(other.Elements[len(other.Elements)-1]), p.name)
		assert.Nil(t, c.slotOf(nil), p.name)
		assert.Nil(t, c.cachedSlot(nil), p.name)
	}
}
