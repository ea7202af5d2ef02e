package style

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"

	"github.com/axtree/axtree/dom"
	"github.com/axtree/axtree/internal/shared"
)

// oldFindSlots is New's shadow-root pass as it was before findSlots: every
// element asked for a shadow root. It returns what the pass sets.
func oldFindSlots(d *dom.Doc) (ancOff, shadows bool, slots map[*html.Node]bool) {
	for _, e := range d.Elements {
		if sr := d.ShadowRoot(e); sr != nil {
			ancOff = true
			shadows = true
			for c := e.FirstChild; c != nil; c = c.NextSibling {
				if c != sr && d.Parent(c) != c.Parent {
					if slots == nil {
						slots = map[*html.Node]bool{}
					}
					slots[d.Parent(c)] = true
				}
			}
		}
	}
	return ancOff, shadows, slots
}

// TestFindSlotsSameAsBefore checks findSlots against the old pass on every
// corpus page (and its srcdoc frames' documents) and on crafted shadow
// trees: several templates under one host (the first is the root), a
// shadow root in a shadow root, a template that is no shadow root (no or
// a bad mode, in SVG, under a host that cannot have one), slotted and
// unslotted light children, named and default slots, and hand-built
// trees without atoms.
func TestFindSlotsSameAsBefore(t *testing.T) {
	pages := map[string]string{
		"two templates": `<div id=h><template shadowrootmode=open><slot></slot></template><template shadowrootmode=open><b>second</b></template><i>light</i></div>`,
		"nested":        `<div><template shadowrootmode=open><p><template shadowrootmode=closed><slot name=a></slot><slot></slot></template><span slot=a>a</span><em>b</em></p><slot></slot></template><i>x</i><b slot=none>y</b></div>`,
		"not roots":     `<div><template>inert</template><template shadowrootmode=bad>x</template><svg><template shadowrootmode=open>s</template></svg><img><template shadowrootmode=open>no host</template></div>`,
		"custom host":   `<x-card><template shadowrootmode="OPEN "><header><slot name=t></slot></header><slot></slot></template><h2 slot=t>T</h2><p>body</p>text</x-card><span><template shadowrootmode=open></template>light</span>`,
		"no shadow":     `<p>plain</p><template><div>inert</div></template>`,
		"in template":   `<template><div><template shadowrootmode=open><slot></slot></template><i>x</i></div></template>`,
	}
	var many strings.Builder
	for i := 0; i < 30; i++ {
		fmt.Fprintf(&many, `<section><template shadowrootmode=open><slot name=s%d></slot><div><slot></slot></div></template><b slot=s%d>%d</b><i>%d</i></section>`, i, i, i, i)
	}
	pages["many"] = many.String()
	docs := map[string]*dom.Doc{}
	for name, src := range pages {
		d, err := dom.ParseDoc([]byte(src))
		require.NoError(t, err)
		docs[name] = d
		root, err := html.Parse(strings.NewReader(src))
		require.NoError(t, err)
		docs[name+" (dom.New)"] = dom.New(root)
	}
	// hand-built: no atoms, a template whose parent is the document
	host := &html.Node{Type: html.ElementNode, Data: "div"}
	tpl := &html.Node{Type: html.ElementNode, Data: "template", Attr: []html.Attribute{{Key: "shadowrootmode", Val: "open"}}}
	slot := &html.Node{Type: html.ElementNode, Data: "slot"}
	light := &html.Node{Type: html.ElementNode, Data: "span"}
	tpl.AppendChild(slot)
	host.AppendChild(tpl)
	host.AppendChild(light)
	top := &html.Node{Type: html.ElementNode, Data: "template", Attr: []html.Attribute{{Key: "shadowrootmode", Val: "open"}}}
	doc := &html.Node{Type: html.DocumentNode}
	doc.AppendChild(host)
	doc.AppendChild(top)
	docs["hand-built"] = dom.New(doc)
	for _, name := range shared.Pages(t) {
		src, err := os.ReadFile(shared.Path(t, "corpus", "pages", name+".html"))
		require.NoError(t, err)
		d, err := dom.ParseDoc(src)
		require.NoError(t, err)
		docs[name] = d
		for _, e := range d.Elements {
			if f := d.Frame(e); f != nil {
				docs[name+" frame"] = f
			}
		}
	}
	hosts := 0
	for name, d := range docs {
		ancOff, shadows, slots := oldFindSlots(d)
		s := &Sheet{doc: d, ancOn: true}
		s.findSlots()
		assert.Equal(t, ancOff, !s.ancOn, "%s: ancestor filter off", name)
		assert.Equal(t, shadows, s.shadows, "%s: shadows", name)
		assert.Equal(t, slots, s.slots, "%s: slots", name)
		if shadows {
			hosts++
		}
	}
	assert.Greater(t, hosts, 8, "documents with shadow roots")
}

// oldNormalizeDisplay is normalizeDisplay's one-word case as it was
// before oneWord: through strings.Fields.
func oldNormalizeDisplay(v string) (string, bool) {
	f := strings.Fields(v)
	if len(f) == 1 {
		if f[0] == "flow" {
			return "block", true
		}
		return f[0], displayKeywords[f[0]]
	}
	return normalizeDisplay(v) // more words: the same code as before
}

// TestDisplayOneWordSameAsBefore checks normalizeDisplay against the old
// code on every display keyword, alone and with every kind of white space
// (ASCII and Unicode: Fields splits at both) around and inside, and on
// other words; and propOf against propByName on the kept names and
// others.
func TestDisplayOneWordSameAsBefore(t *testing.T) {
	words := []string{"flow", "flow-root", "list-item", "run-in", "math", "ruby", "x", "-", "none\x00", "é", "blocké", "\xff"}
	for k := range displayKeywords {
		words = append(words, k)
	}
	spaces := []string{"", " ", "\t", "\n", "\v", "\f", "\r", "\u0085", "\u00a0", "\u2003", "\u3000", "\x00", "\x1c"}
	var values []string
	for _, w := range words {
		for _, a := range spaces {
			for _, b := range spaces {
				values = append(values, a+w+b, w+a+"flow"+b, w[:len(w)/2]+a+w[len(w)/2:])
			}
		}
	}
	for _, v := range values {
		w1, ok1 := oldNormalizeDisplay(v)
		w2, ok2 := normalizeDisplay(v)
		require.Equal(t, []any{w1, ok1}, []any{w2, ok2}, "%q", v)
	}
	names := []string{"", "d", "displa", "displays", "Display", "visibility", "content-visibility", "cursor", "content", "contents", "color", "x-display"}
	for k := range propByName {
		names = append(names, k, k+"x", k[1:])
	}
	for _, n := range names {
		p1, ok1 := propByName[n]
		p2, ok2 := propOf(n)
		require.Equal(t, []any{p1, ok1}, []any{p2, ok2}, "%q", n)
	}
}
