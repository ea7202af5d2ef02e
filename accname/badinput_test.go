package accname

import (
	"fmt"
	"strings"
	"testing"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/axtree/axtree/dom"
)

// nameAll computes the name and description of every element and returns
// the work the Computer did.
func nameAll(c *Computer) int {
	for _, n := range c.Doc().Elements {
		c.Name(n)
		c.Description(n)
	}
	return c.steps
}

func TestCyclicLabelledby(t *testing.T) {
	c, n := parse(t, `<div id=t role=group aria-labelledby="a"></div>
		<span id=a aria-labelledby="b">A</span><span id=b aria-labelledby="a t">B</span>`)
	if got := c.Name(n); got != "A" {
		t.Errorf("Name = %q, want %q", got, "A")
	}
	nameAll(c) // must terminate
}

func TestSelfReference(t *testing.T) {
	c, n := parse(t, `<button id=t aria-labelledby="t t t" aria-describedby=t>self</button>`)
	if got := c.Name(n); got != "self" {
		t.Errorf("Name = %q, want %q", got, "self")
	}
	if got := c.Description(n); got != "self" {
		t.Errorf("Description = %q, want %q", got, "self")
	}
}

func TestDeepNesting(t *testing.T) {
	// html.Parse stops at 512 open elements, so build the chain by hand:
	// a link holding 10,000 nested role=link spans, each with text.
	const depth = 10000
	c, n := parse(t, `<a id=t href=#></a>`)
	parent := n
	for i := 0; i < depth; i++ {
		s := &html.Node{Type: html.ElementNode, Data: "span", DataAtom: atom.Span,
			Attr: []html.Attribute{{Key: "role", Val: "link"}}}
		s.AppendChild(&html.Node{Type: html.TextNode, Data: "x"})
		parent.AppendChild(s)
		parent = s
	}
	d := dom.New(c.Doc().Root)
	c = New(d, nil)
	got := c.Name(n)
	if x := strings.Count(got, "x"); x > MaxDepth+1 {
		t.Errorf("name has %d x, want at most MaxDepth+1", x)
	}
	steps := nameAll(c)
	// Each computation is capped by MaxDepth (two steps per level: the
	// element and its text), so the total is linear in the element count.
	if limit := (len(d.Elements) + 1) * 2 * (2*MaxDepth + 4); steps > limit {
		t.Errorf("work = %d steps, want ≤ %d", steps, limit)
	}
}

func TestManyIDRefs(t *testing.T) {
	// 50 elements each referencing 10,000 ids, each of which references
	// 10,000 more: work must stay within the per-computation budget.
	var sb strings.Builder
	ids := make([]string, 10000)
	for i := range ids {
		ids[i] = fmt.Sprintf("i%d", i)
	}
	all := strings.Join(ids, " ")
	for i := 0; i < 50; i++ {
		fmt.Fprintf(&sb, `<button aria-labelledby="%s" aria-describedby="%s">b</button>`, all, all)
	}
	for i := 0; i < 10000; i++ {
		fmt.Fprintf(&sb, `<span id=i%d aria-labelledby="%s">t</span>`, i, all[:2000])
	}
	c, _ := parse(t, sb.String())
	steps := nameAll(c)
	if limit := 2 * MaxSteps * (len(c.Doc().Elements) + 1); steps > limit {
		t.Errorf("work = %d, want ≤ %d", steps, limit)
	}
	// The first button is named by the first MaxIDRefs references only.
	b := c.Doc().Elements[4]
	if got := strings.Count(c.Name(b), "t"); got == 0 || got > MaxIDRefs {
		t.Errorf("button name has %d parts, want 1..%d", got, MaxIDRefs)
	}
}

func TestInvalidUTF8(t *testing.T) {
	c, n := parse(t, "<button id=t aria-label=\"\xff\xfe a\">\xc3\x28</button><input title=\"\xed\xa0\x80\">")
	if got := c.Name(n); got != "\xff\xfe a" {
		t.Errorf("Name = %q", got)
	}
	nameAll(c)
}

func TestHostileShapes(t *testing.T) {
	for _, src := range []string{
		``,
		`<table><caption><table id=t><caption>x`,
		strings.Repeat(`<div role=button>`, 400),
		`<label for=t><label for=t><input id=t></label></label>`,
		`<select id=t><optgroup><option selected>` + strings.Repeat(`<option>`, 5000),
		`<div role=listbox id=t>` + strings.Repeat(`<div role=option aria-selected=true>o</div>`, 5000),
		`<svg id=t><title></title><g><title>` + strings.Repeat(`<g>`, 400),
		`<template shadowrootmode=open><slot></slot></template><div id=t aria-labelledby=t>`,
	} {
		c, _ := parse(t, src)
		nameAll(c)
	}
}
