package accname

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/dom"
)

// noteCases are elements named from content inside elements named from
// content: the ones whose text the outer walk can keep as their name
// (plain links and buttons in cells and headings) and each thing that makes
// the two walks differ (pseudo content and quotes next to white space at
// the element's edge, a control's labels, a list marker, references,
// limits, flat-tree children, presentational roles, text-transform).
var noteCases = map[string]string{
	"plain": `<table><tr><td><a href=/a>#1</a></td><td> <a href=/b> Ada <b>L</b> </a> </td></tr></table>
		<h2><a href=/c>Heading link</a></h2><th><button>Order<span class=x>, sort</span></button></th>`,
	"pseudo at the edge": `<style>.b::before{content:"B"} .a::after{content:"A"} .i::before{content:"I"}</style>
		<table><tr><td><a class=b href=/a> text </a></td><td><a class=a href=/b> text </a></td>
		<td><a href=/c><span class=i> inner</span></a></td>
		<td>x<a class=b href=/d> <b>text</b></a></td><td><a class=a href=/e><b>text</b> </a>y</td></tr></table>`,
	"quotes":          `<h3><a href=/q><q> quoted </q></a></h3><td>x<a href=/r><q> <b>x</b></q></a></td>`,
	"labelled button": `<label for=b>From label</label><table><tr><td><button id=b>content</button></td></tr></table>`,
	"wrapped button":  `<table><tr><td><label>Wrap <button>inside</button></label></td></tr></table>`,
	"marker":          `<div role=link><ul><li role=link>item</li></ul></div><ol><li><a href=/x><li>in</li></a></li></ol>`,
	"references": `<p id=r>Ref</p><table><tr><td><span aria-labelledby=r>x</span> <a href=/a>after ref</a></td>
		<td><a href=/b aria-labelledby=r>own ref</a></td><td><a href=/c><span aria-labelledby=r>y</span></a></td></tr></table>`,
	"many objects": `<table><tr><td>` + strings.Repeat(`<i>x</i> `, 60) + `<a href=/a>` + strings.Repeat(`<b>y</b> `, 60) + `</a></td></tr></table>`,
	"deep":         `<h1><a href=/d>x ` + strings.Repeat("<span>", 99) + "deep" + strings.Repeat("</span>", 99) + `</a></h1>`,
	"long text":    `<h1><a href=/l>` + strings.Repeat("word ", 20000) + `</a></h1>`,
	"owns":         `<h2 aria-owns=o><a href=/o>own</a></h2><span id=o>owned</span>`,
	"shadow":       `<h2><a href=/s><span><template shadowrootmode=open><b> in </b><slot></slot></template> slotted </span></a></h2>`,
	"presentational": `<h2><a href=/p role=none> none </a><span role=button title=t> </span></h2>
		<h2><figcaption role=none> caption </figcaption></h2>`,
	"title and blank": `<h2><a href=/t title="tip"> </a><button title="tip"></button><a href=/x><img alt=""></a></h2>`,
	"transform":       `<h2 style="text-transform:uppercase"><a href=/u>up</a></h2>`,
	"hidden inside":   `<h2><a href=/h>shown <span hidden>gone</span><span style="visibility:hidden">vh<b style="visibility:visible">vv</b></span></a></h2>`,
	"controls inside": `<h2><a href=/c>go <input value=typed> <select><option>One</select></a></h2><td><option>o</option></td>`,
	"nested named":    `<h2><a href=/n><span role=button> btn </span> and <span role=link>lnk</span></a></h2>`,
	"inline block":    `<h2>a<a href=/i style="display:inline-block"> b </a>c<a href=/j style="display:block"> d </a></h2>`,
	"legend":          `<fieldset><legend><a href=/g>legend link</a></legend></fieldset>`,
}

// TestNotedNamesSameAsWalk checks that the names an element gets from the
// walk of an element around it (noteName) are the names its own walk
// gives: one Computer names the elements top down (the tree builder's
// order, so inner names come from the outer walks where they can), another
// bottom up (each element walked as the root of its own computation).
func TestNotedNamesSameAsWalk(t *testing.T) {
	var pages []corpusPage
	for _, name := range slices.Sorted(maps.Keys(noteCases)) {
		pages = append(pages, corpusPage{name, []byte(noteCases[name])})
	}
	pages = append(pages, corpusPages(t)...)
	noted := 0
	for _, p := range pages {
		name, src := p.name, p.src
		d, err := dom.ParseDoc(src)
		require.NoError(t, err, name)
		down, up := New(d, nil), New(d, nil)
		n := len(d.Elements)
		want := make([]string, n)
		for i := n - 1; i >= 0; i-- {
			want[i] = up.Name(d.Elements[i])
		}
		for i, e := range d.Elements {
			if sl := down.slotOf(e); sl != nil && sl.flags&hasName != 0 {
				noted++
			}
			assert.Equal(t, want[i], down.Name(e), "%s: <%s> %d", name, e.Data, i)
			assert.Equal(t, up.Description(e), down.Description(e), "%s: <%s> %d", name, e.Data, i)
		}
	}
	assert.Greater(t, noted, 100, "names kept from the outer walks")
}
