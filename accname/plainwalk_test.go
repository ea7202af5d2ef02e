package accname

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/dom"
)

// TestPlainWalkSameAsReading checks the names of a walk that skips each
// child's hiding attributes (walker.plain: the document has none and no
// live facts) against the same document read with them (an empty live
// fact on its root element turns plain off and changes nothing else), on
// every element of the corpus pages without hiding attributes and of
// pages with labels, owned and referenced elements; and that an element
// of another document, whose children do hide, is named as its own
// document names it.
func TestPlainWalkSameAsReading(t *testing.T) {
	pages := corpusPages(t)
	for name, src := range map[string]string{
		"plain": `<button>a <b>b</b> <i aria-label=x>c</i></button><a href=#>x<span>y</span></a>`,
		"refs":  `<p id=p>para <b>bold</b></p><div role=button aria-labelledby="p q">z</div><span id=q>q</span><button>x <span aria-labelledby=q>inner</span> y</button>`,
		"owns":  `<div role=button aria-owns=o>own </div><span id=o>ed</span><label>L<input></label>`,
		"table": `<table><tr><td>1<td>2</table><select><option>o1<option>o2</select>`,
	} {
		pages = append(pages, corpusPage{name, []byte(src)})
	}
	checked := 0
	for _, p := range pages {
		d, err := dom.ParseDoc(p.src)
		require.NoError(t, err, p.name)
		if d.HidingAttrs() {
			continue
		}
		ref, err := dom.ParseDoc(p.src)
		require.NoError(t, err, p.name)
		ref.SetFacts(ref.Elements[0], &dom.Facts{})
		c, rc := New(d, nil), New(ref, nil)
		require.True(t, c.plainDoc(), p.name)
		require.False(t, rc.plainDoc(), p.name)
		for i, e := range d.Elements {
			if !assert.Equal(t, rc.Name(ref.Elements[i]), c.Name(e), "%s: element %d <%s>", p.name, i, e.Data) {
				return
			}
		}
		checked++
	}
	assert.Greater(t, checked, 3, "pages without hiding attributes were checked")

	d, err := dom.ParseDoc([]byte(`<p>plain</p>`))
	require.NoError(t, err)
	other, err := dom.ParseDoc([]byte(`<button>shown <span aria-hidden=true>hidden</span><i inert>inert</i></button>`))
	require.NoError(t, err)
	b := other.Elements[len(other.Elements)-3]
	require.True(t, dom.IsHTML(b, "button"))
	assert.Equal(t, New(other, nil).Name(b), New(d, nil).Name(b), "an element of another document")
	assert.Equal(t, "shown", New(d, nil).Name(b))

	// live facts alone hide a child: no plain walk
	fd, err := dom.ParseDoc([]byte(`<button>shown <span>gone</span></button>`))
	require.NoError(t, err)
	btn := fd.Elements[len(fd.Elements)-2]
	require.True(t, dom.IsHTML(btn, "button"))
	fd.SetFacts(btn.LastChild, &dom.Facts{Inert: true})
	assert.Equal(t, "shown", New(fd, nil).Name(btn), "a child inert by live facts")

	// Hidden of an element of another document climbs its own tree
	hd, err := dom.ParseDoc([]byte(`<div aria-hidden=true><span>x</span></div><p inert><b>y</b></p>`))
	require.NoError(t, err)
	for _, e := range hd.Elements {
		if e.Data == "span" || e.Data == "b" {
			assert.True(t, New(hd, nil).Hidden(e), "own document: <%s>", e.Data)
			assert.True(t, New(d, nil).Hidden(e), "asked of a plain document: <%s>", e.Data)
		}
	}
}
