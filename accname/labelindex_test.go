package accname

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"

	"github.com/axtree/axtree/dom"
)

// oldLabelMaps is the label index as two maps, as indexLabels built it
// before labelIndex: label -> control, control -> labels in document order.
func oldLabelMaps(d *dom.Doc) (labels map[*html.Node][]*html.Node, labelFor map[*html.Node]*html.Node) {
	labels, labelFor = map[*html.Node][]*html.Node{}, map[*html.Node]*html.Node{}
	for _, l := range d.Elements {
		if !dom.IsHTML(l, "label") {
			continue
		}
		var target *html.Node
		if f, ok := dom.Attr(l, "for"); ok {
			if t := d.ByID(l, f); t != nil && labelable(t) {
				target = t
			}
		} else {
			target = firstLabelable(l)
		}
		if target != nil {
			labels[target] = append(labels[target], l)
			labelFor[l] = target
		}
	}
	return labels, labelFor
}

// TestLabelIndexSameAsMaps checks labelsOf and LabeledControl against the
// two maps on every element of the corpus pages and of pages with labels
// after and before their controls, several labels of one control in
// mixed order, wrapping labels with and without a for, labels of hidden
// inputs, of nothing and of a missing id, labels in a shadow tree and in
// template content, and an element of another document; before and after
// Forget (the element index made again).
func TestLabelIndexSameAsMaps(t *testing.T) {
	pages := corpusPages(t)
	for name, src := range map[string]string{
		"after":    `<input id=a><label for=a>A</label><label for=a>A2</label>`,
		"mixed":    `<label for=b>B1</label><input id=a><label for=a>A1</label><input id=b><label for=b>B2</label><label for=a>A2</label><label>W<input id=c></label><label for=c>C</label>`,
		"wrap-for": `<label for=x>X<input id=y></label><select id=x></select><label><span><textarea></textarea></span><input></label>`,
		"hidden":   `<label for=h>H</label><input id=h type=" HIDDEN "><label>in<input type=hidden><meter></meter></label>`,
		"none":     `<label>nothing</label><label for=missing>m</label><label for=p>p</label><p id=p>x</p>`,
		"shadow":   `<input id=s><div><template shadowrootmode=open><label for=s>in shadow</label><input id=s></template></div><label for=s>out</label>`,
		"template": `<template><label>t<input></label></template><label for=z>z</label><output id=z></output>`,
		"nested":   `<label>outer<label>inner<progress></progress></label><button>b</button></label>`,
	} {
		pages = append(pages, corpusPage{name, []byte(src)})
	}
	other, err := dom.ParseDoc([]byte(`<label>o<input id=o></label>`))
	require.NoError(t, err)
	seen := 0
	for _, p := range pages {
		d, err := dom.ParseDoc(p.src)
		require.NoError(t, err, p.name)
		labels, labelFor := oldLabelMaps(d)
		seen += len(labelFor)
		c := New(d, nil)
		for round := 0; round < 2; round++ {
			for i, e := range append(append([]*html.Node{}, d.Elements...), other.Elements...) {
				want := labels[e]
				got := c.labelsOf(e)
				if !assert.Equal(t, len(want), len(got), "%s round %d: labels of element %d <%s>", p.name, round, i, e.Data) {
					return
				}
				for k := range want {
					assert.Same(t, want[k], got[k].label, "%s: label %d of element %d", p.name, k, i)
				}
				if !assert.Equal(t, labelFor[e], c.LabeledControl(e), "%s round %d: control of element %d <%s>", p.name, round, i, e.Data) {
					return
				}
			}
			c.Forget()
			d.Forget()
		}
	}
	assert.Greater(t, seen, 20, "labels that label something were checked")
}
