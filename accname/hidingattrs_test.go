package accname

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"

	"github.com/axtree/axtree/dom"
)

// TestAriaHiddenSameAsClimb checks AriaHidden, whose memo path skips an
// element's attributes when the document has no aria-hidden or inert
// attribute (dom.Doc.HidingAttrs), against its definition: n or a
// flat-tree ancestor is hidden by itself (selfHidden, which reads the
// attributes and the live facts), on every element of the corpus pages,
// and of pages with and without hiding attributes whose elements are
// made inert by live facts alone.
func TestAriaHiddenSameAsClimb(t *testing.T) {
	pages := corpusPages(t)
	for name, src := range map[string]string{
		"plain":  `<div><p>a<b>b</b></p><ul><li>1<li>2</ul></div>`,
		"hidden": `<div aria-hidden=true><p>a</p></div><p inert>b<i>c</i></p><p>d</p>`,
		"shadow": `<div><template shadowrootmode=open><b>s</b><slot></slot></template><p>l</p></div>`,
	} {
		pages = append(pages, corpusPage{name, []byte(src)})
	}
	kinds := [2]int{}
	for _, p := range pages {
		for _, facts := range []bool{false, true} {
			d, err := dom.ParseDoc(p.src)
			require.NoError(t, err, p.name)
			if facts { // every seventh element inert by live facts
				for i, e := range d.Elements {
					if i%7 == 3 {
						d.SetFacts(e, &dom.Facts{Inert: true})
					}
				}
			}
			c := New(d, nil)
			ref := New(d, nil)
			want := func(n *html.Node) bool {
				for x := n; x != nil && x.Type == html.ElementNode; x = d.Parent(x) {
					if ref.selfHidden(x) {
						return true
					}
				}
				return false
			}
			kinds[boolIndex(d.HidingAttrs())]++
			for i, e := range d.Elements { // document order, as a tree builder asks
				if !assert.Equal(t, want(e), c.AriaHidden(e), "%s (facts %v): element %d <%s>", p.name, facts, i, e.Data) {
					return
				}
			}
		}
	}
	assert.True(t, kinds[0] > 0 && kinds[1] > 0, "documents with and without hiding attributes were checked")
}

func boolIndex(b bool) int {
	if b {
		return 1
	}
	return 0
}
