package dom_test

import (
	"strconv"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/axtree/axtree/dom"
)

// axKids returns the ids (or tag names) of n's accessibility-tree children.
func axKids(d *dom.Doc, n *html.Node) string {
	var out []string
	for _, c := range d.AXChildren(n, nil) {
		if c.Type != html.ElementNode {
			continue
		}
		if id, ok := dom.Attr(c, "id"); ok {
			out = append(out, id)
		} else {
			out = append(out, c.Data)
		}
	}
	return strings.Join(out, " ")
}

func TestAriaOwns(t *testing.T) {
	d := parse(t, `<div id=a aria-owns="c x b a d"><span id=b></span><i id=keep></i></div>
<div id=c aria-owns="a"><p id=d></p></div>
<div id=e aria-owns="c"></div>
<div id=f aria-owns="body hd"></div><h1 id=hd>h</h1>`)
	by := func(id string) *html.Node { return d.ByID(nil, id) }
	// a claims c, then b (its own child: moved to the end), not x (missing),
	// not itself, and d (a grandchild of c: moved out of c)
	if got := axKids(d, by("a")); got != "keep c b d" {
		t.Errorf("a's children: %q, want \"keep c b d\"", got)
	}
	// c's claim on a is a cycle (a owns c): ignored; d moved out
	if got := axKids(d, by("c")); got != "" {
		t.Errorf("c's children: %q, want none", got)
	}
	// e's claim on c comes second: the first claim won
	if got := axKids(d, by("e")); got != "" || d.Owner(by("c")) != by("a") {
		t.Errorf("e's children: %q; c's owner %v", got, d.Owner(by("c")))
	}
	// <body> cannot be owned; an ordinary element after it can
	if got := axKids(d, by("f")); got != "hd" {
		t.Errorf("f's children: %q, want \"hd\"", got)
	}
	if d.AXParent(by("d")) != by("a") || d.Parent(by("d")) != by("c") {
		t.Error("AXParent follows aria-owns, Parent the DOM")
	}
	if !d.HasOwns() {
		t.Error("HasOwns is false")
	}
	if got := d.LimitsHit(); len(got) != 0 {
		t.Errorf("LimitsHit = %q", got)
	}
}

// aria-owns resolves IDREFs in the owner's tree scope, like every IDREF.
func TestAriaOwnsScope(t *testing.T) {
	d := parse(t, `<div id=host><template shadowrootmode=open><div id=o aria-owns="out in"></div><b id=in></b></template></div><u id=out></u>`)
	host := d.ByID(nil, "host")
	sr := d.ShadowRoot(host)
	var o *html.Node
	for c := sr.FirstChild; c != nil; c = c.NextSibling {
		if dom.AttrOr(c, "id") == "o" {
			o = c
		}
	}
	if o == nil {
		t.Fatal("no #o in the shadow tree")
	}
	if got := axKids(d, o); got != "in" {
		t.Errorf("owned across a shadow boundary: %q, want \"in\"", got)
	}
}

// A long ownership chain makes every cycle check walk it; the work is
// bounded and the bound reported.
func TestAriaOwnsChainBounded(t *testing.T) {
	var b strings.Builder
	const n = 3000
	for i := 0; i < n; i++ {
		b.WriteString(`<p id=o` + strconv.Itoa(i) + ` aria-owns="o` + strconv.Itoa((i+1)%n) + `"></p>`)
	}
	d := parse(t, b.String())
	if got := d.LimitsHit(); len(got) != 1 || got[0] != "owns" {
		t.Errorf("LimitsHit = %q, want [owns]", got)
	}
}

func TestNoOwns(t *testing.T) {
	d := parse(t, `<ul><li id=a>x</li></ul>`)
	a := d.ByID(nil, "a")
	if d.HasOwns() || d.Owner(a) != nil || d.Owns(a) != nil || d.AXParent(a) != a.Parent {
		t.Error("a document without aria-owns has owners")
	}
}
