package accname

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"

	"github.com/axtree/axtree/dom"
)

// TestAriaHiddenMatchesDefinition checks the memoized climb of ariaHidden
// against its definition (the element or a flat-tree ancestor is
// aria-hidden="true" or inert), asking top-down, bottom-up and in a mixed
// order, so that the climbs start from known and unknown elements alike.
func TestAriaHiddenMatchesDefinition(t *testing.T) {
	src := `<div id=a><p><span aria-hidden=TRUE><b><i>x</i></b></span><span aria-hidden=false><b>y</b></span></p>
<section inert><div><div><em>z</em></div></div></section>
<host-el><template shadowrootmode=open><div aria-hidden=true><slot></slot></div><p>s</p></template><u>slotted</u></host-el>
<ul><li><a href=#>1</a><li aria-hidden=" true "><a href=#>2</a><li><a href=#>3</a></ul></div>`
	root, err := html.Parse(strings.NewReader(src))
	require.NoError(t, err)
	d := dom.New(root)
	want := func(c *Computer, n *html.Node) bool {
		for x := n; x != nil && x.Type == html.ElementNode; x = d.Parent(x) {
			if c.selfHidden(x) {
				return true
			}
		}
		return false
	}
	n := len(d.Elements)
	orders := map[string]func(i int) int{
		"top-down":  func(i int) int { return i },
		"bottom-up": func(i int) int { return n - 1 - i },
		"mixed":     func(i int) int { return (i * 7) % n },
	}
	for name, at := range orders {
		c := New(d, nil)
		for i := 0; i < n; i++ {
			e := d.Elements[at(i)]
			assert.Equal(t, want(c, e), c.AriaHidden(e), "%s: <%s> %d", name, e.Data, at(i))
		}
	}
}
