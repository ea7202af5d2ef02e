package dom

import (
	"bytes"
	"testing"

	"golang.org/x/net/html"
)

// ParseDoc lays the nodes out in one slice but must index exactly what
// New(Parse(b)) indexes: same elements, same order, same tree.
func TestParseDocMatchesNew(t *testing.T) {
	page := []byte(`<!doctype html><title>t</title><div id=a><p>x<b>y</b></p>
<template><span id=in-template>z</span></template>
<div id=host><template shadowrootmode=open><slot></slot><i id=shadow>s</i></template><u>light</u></div>
<iframe srcdoc="<p id=framed>f</p>"></iframe><svg><circle/></svg></div>`)
	root, err := Parse(page)
	if err != nil {
		t.Fatal(err)
	}
	want := New(root)
	root2, err := Parse(page)
	if err != nil {
		t.Fatal(err)
	}
	n, _, _ := countNodes(root2)
	r, sl := compact(root2, n)
	got := newDoc(r, sl, -1) // what ParseDoc does for a large page
	if got.slab == nil {
		t.Fatal("no slab")
	}
	if len(got.Elements) != len(want.Elements) {
		t.Fatalf("%d elements, want %d", len(got.Elements), len(want.Elements))
	}
	for i, n := range got.Elements {
		w := want.Elements[i]
		if n.Data != w.Data || n.Namespace != w.Namespace || len(n.Attr) != len(w.Attr) {
			t.Errorf("element %d: <%s> %v, want <%s> %v", i, n.Data, n.Attr, w.Data, w.Attr)
		}
		if got.Index(n) != i {
			t.Errorf("Index(element %d <%s>) = %d", i, n.Data, got.Index(n))
		}
		if want.Index(n) != -1 || got.Index(w) != -1 {
			t.Errorf("element %d: a node of one document is indexed in the other", i)
		}
		if (n.Parent == nil) != (w.Parent == nil) || n.Parent != nil && got.Index(n.Parent) != want.Index(w.Parent) {
			t.Errorf("element %d <%s>: parent differs", i, n.Data)
		}
	}
	var a, b bytes.Buffer
	if err := html.Render(&a, root); err != nil {
		t.Fatal(err)
	}
	if err := html.Render(&b, got.Root); err != nil {
		t.Fatal(err)
	}
	if a.String() != b.String() {
		t.Errorf("the compacted tree serializes differently:\n%s\nvs\n%s", b.String(), a.String())
	}
	// text nodes are in the slab but are not elements
	for x := range preorder(got.Root) {
		if x.Type == html.TextNode && got.Index(x) != -1 {
			t.Errorf("text node %q has element index %d", x.Data, got.Index(x))
		}
	}
	if got.Index(nil) != -1 || got.Index(&html.Node{Type: html.ElementNode, Data: "p"}) != -1 {
		t.Error("a node outside the document is indexed")
	}
	// ids, shadow roots and srcdoc frames work as with New
	if got.ByID(nil, "a") == nil || got.ByID(nil, "shadow") != nil {
		t.Error("document-scope ids differ")
	}
	host := got.ByID(nil, "host")
	if host == nil || got.ShadowRoot(host) == nil {
		t.Fatal("shadow root of #host not found")
	}
	var iframe *html.Node
	for _, n := range got.Elements {
		if n.Data == "iframe" {
			iframe = n
		}
	}
	if f := got.Frame(iframe); f == nil || f.ByID(nil, "framed") == nil || f.Index(f.ByID(nil, "framed")) < 0 {
		t.Error("the srcdoc frame is not indexed")
	}
}

func TestParseDocEmptyAndGarbage(t *testing.T) {
	for _, in := range []string{"", "\x00\xff<", "<<<>>>", "<table><td>"} {
		d, err := ParseDoc([]byte(in))
		if err != nil || d == nil || d.Root == nil || d.Root.Type != html.DocumentNode {
			t.Errorf("%q: %v", in, err)
		}
	}
}

// ParseDoc compacts large pages only.
func TestParseDocLayoutThreshold(t *testing.T) {
	small, err := ParseDoc([]byte("<p>a</p><p>b</p>"))
	if err != nil || small.slab != nil {
		t.Errorf("a small page was compacted (%v)", err)
	}
	big, err := ParseDoc(bytes.Repeat([]byte("<b>x</b>"), compactMinNodes/2))
	if err != nil || big.slab == nil {
		t.Fatalf("a page of %d+ nodes was not compacted (%v)", compactMinNodes, err)
	}
	if i := big.Index(big.Elements[len(big.Elements)-1]); i != len(big.Elements)-1 {
		t.Errorf("Index of the last element = %d", i)
	}
}
