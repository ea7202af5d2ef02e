package dom_test

import (
	"fmt"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/axtree/axtree/dom"
)

func parse(t testing.TB, src string) *dom.Doc {
	t.Helper()
	root, err := dom.Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return dom.New(root)
}

func tags(ns []*html.Node) string {
	var s []string
	for _, n := range ns {
		if n.Type == html.TextNode {
			s = append(s, "#"+strings.TrimSpace(n.Data))
		} else {
			s = append(s, n.Data)
		}
	}
	return strings.Join(s, ",")
}

func TestIndexPreorderWithTemplates(t *testing.T) {
	d := parse(t, `<div><template><b></b></template><i></i></div>`)
	got := tags(d.Elements)
	if got != "html,head,body,div,template,b,i" {
		t.Fatalf("got %s", got)
	}
	for i, n := range d.Elements {
		if d.Index(n) != i {
			t.Fatalf("Index(%s) = %d, want %d", n.Data, d.Index(n), i)
		}
	}
	if d.Index(&html.Node{}) != -1 {
		t.Fatal("a foreign node must have index -1")
	}
}

func TestShadowSlotsAndScopes(t *testing.T) {
	d := parse(t, `<p id=x>doc</p><x-host id=h><template shadowrootmode=open><p id=x>shadow</p><slot name=a>fallback A</slot><slot></slot><slot name=none>fallback</slot></template><span slot=a>A</span>text<em>B</em></x-host>`)
	host := d.ByID(d.Elements[0], "h")
	if host == nil || d.ShadowRoot(host) == nil {
		t.Fatal("shadow host not found")
	}
	kids := d.Children(host, nil)
	if got := tags(kids); got != "p,slot,slot,slot" {
		t.Fatalf("host children = %s", got)
	}
	if got := tags(d.Children(kids[1], nil)); got != "span" {
		t.Fatalf("named slot = %s", got)
	}
	if got := tags(d.Children(kids[2], nil)); got != "#text,em" {
		t.Fatalf("default slot = %s", got)
	}
	if got := tags(d.Children(kids[3], nil)); got != "#fallback" {
		t.Fatalf("empty slot shows its fallback: %s", got)
	}
	// ids are scoped: the shadow tree's x is not the document's x
	docX := d.ByID(host, "x")
	shX := d.ByID(kids[0], "x")
	if docX == nil || shX == nil || docX == shX || d.Scope(shX) == nil || d.Scope(docX) != nil {
		t.Fatalf("scoped ids: doc %v shadow %v", docX, shX)
	}
	// flat-tree parents
	if d.Parent(kids[0]) != host {
		t.Fatal("shadow child's flat parent is the host")
	}
	span := d.Children(kids[1], nil)[0]
	if d.Parent(span) != kids[1] {
		t.Fatal("slotted child's flat parent is its slot")
	}
}

func TestInertTemplateHasNoChildren(t *testing.T) {
	d := parse(t, `<template id=t><button>x</button></template>`)
	tpl := d.ByID(d.Elements[0], "t")
	if got := d.Children(tpl, nil); len(got) != 0 {
		t.Fatalf("an inert template renders no children, got %s", tags(got))
	}
}

func TestSrcdocFrame(t *testing.T) {
	d := parse(t, `<iframe id=f srcdoc="<p>hi</p><iframe srcdoc='<b>deeper</b>'></iframe>"></iframe>`)
	f := d.Frame(d.ByID(d.Elements[0], "f"))
	if f == nil {
		t.Fatal("srcdoc frame not attached")
	}
	var inner *html.Node
	for _, n := range f.Elements {
		if n.Data == "iframe" {
			inner = n
		}
	}
	if inner == nil || f.Frame(inner) == nil {
		t.Fatal("nested srcdoc not attached")
	}
}

func TestNestedSrcdocBounded(t *testing.T) {
	src := "x"
	for i := 0; i < 20; i++ {
		src = `<iframe srcdoc="` + html.EscapeString(src) + `"></iframe>`
	}
	d := parse(t, src)
	depth := 0
	for cur := d; cur != nil; depth++ {
		var next *dom.Doc
		for _, n := range cur.Elements {
			if n.Data == "iframe" {
				next = cur.Frame(n)
			}
		}
		cur = next
	}
	if depth > 10 {
		t.Fatalf("srcdoc nesting followed %d levels; it must be bounded", depth)
	}
	if got := d.LimitsHit(); len(got) != 1 || got[0] != "frames" {
		t.Errorf("LimitsHit = %q, want [frames]: the frames past the bound were left out", got)
	}
	// within the bound nothing is left out, and nothing is reported
	src = "x"
	for i := 0; i < 8; i++ {
		src = `<iframe srcdoc="` + html.EscapeString(src) + `"></iframe>`
	}
	if got := parse(t, src).LimitsHit(); len(got) != 0 {
		t.Errorf("8 srcdoc levels: LimitsHit = %q, want none", got)
	}
}

func TestParseDeepNesting(t *testing.T) {
	for _, n := range []int{600, 10000, 100000} {
		src := strings.Repeat("<div>", n) + "<button>deep</button>" + strings.Repeat("</div>", n)
		root, err := dom.Parse([]byte(src))
		if err != nil {
			t.Fatalf("%d-deep: %v", n, err)
		}
		d := dom.New(root)
		found, maxDepth := false, 0
		for _, el := range d.Elements {
			depth := 0
			for p := el.Parent; p != nil; p = p.Parent {
				depth++
			}
			maxDepth = max(maxDepth, depth)
			if el.Data == "button" {
				found = true
			}
		}
		if !found {
			t.Fatalf("%d-deep: the button was lost", n)
		}
		if maxDepth > 512 {
			t.Fatalf("%d-deep: tree depth %d exceeds the parser's limit", n, maxDepth)
		}
		if got := strings.Count(renderString(root), "<div>"); got != n {
			t.Fatalf("%d-deep: %d divs kept, want all of them", n, got)
		}
	}
}

func renderString(n *html.Node) string {
	var sb strings.Builder
	_ = html.Render(&sb, n)
	return sb.String()
}

func TestAttrHelpers(t *testing.T) {
	d := parse(t, `<input ID=a Type=" x " disabled><svg><a xlink:href="h"></a></svg>`)
	in := d.ByID(d.Elements[0], "a")
	if v, ok := dom.Attr(in, "type"); !ok || v != " x " || !dom.Has(in, "disabled") || dom.AttrOr(in, "nope") != "" {
		t.Fatal("attribute helpers")
	}
	if !dom.IsHTML(in, "input") {
		t.Fatal("IsHTML")
	}
	if got := dom.Tokens(" a\tb\n c "); strings.Join(got, "|") != "a|b|c" {
		t.Fatalf("Tokens = %v", got)
	}
}

func ExampleDoc_Children() {
	root, _ := dom.Parse([]byte(`<x-card><template shadowrootmode="open"><h2><slot name="title"></slot></h2><slot></slot></template><span slot="title">Hello</span><p>Body</p></x-card>`))
	d := dom.New(root)
	var walk func(n *html.Node, depth int)
	walk = func(n *html.Node, depth int) {
		for _, c := range d.Children(n, nil) {
			if c.Type == html.ElementNode {
				fmt.Printf("%s%s\n", strings.Repeat("  ", depth), c.Data)
				walk(c, depth+1)
			} else if c.Type == html.TextNode {
				fmt.Printf("%s%q\n", strings.Repeat("  ", depth), c.Data)
			}
		}
	}
	walk(d.Elements[2], 0) // body
	// Output:
	// x-card
	//   h2
	//     slot
	//       span
	//         "Hello"
	//   slot
	//     p
	//       "Body"
}

// TestShadowHostsAreValidHosts: only elements attachShadow accepts host a
// declarative shadow root; a shadowrootmode template inside another (or
// inside an input) stays an inert template. The fuzzer found the flat tree
// depending on map order when a shadow root template was itself a host.
func TestShadowHostsAreValidHosts(t *testing.T) {
	src := `2<template shadowrootmode="open"><template shadowrootmode="open"><slot></slot></template><a>B2</a></template>` +
		`<input><template shadowrootmode=open><b>x</b></template><x-ok><template shadowrootmode=closed><i>y</i></template></x-ok>`
	var first string
	for i := 0; i < 50; i++ {
		d := parse(t, src)
		var got []string
		for _, n := range d.Elements {
			if d.ShadowRoot(n) != nil {
				got = append(got, n.Data)
			}
		}
		s := strings.Join(got, ",")
		if i == 0 {
			first = s
			if s != "body,x-ok" {
				t.Fatalf("shadow hosts = %s, want body,x-ok", s)
			}
		} else if s != first {
			t.Fatalf("hosts differ between two parses: %s vs %s", first, s)
		}
	}
}

func TestNextToken(t *testing.T) {
	var got []string
	for tok, rest := dom.NextToken("\t a  bc\n\fd\r "); tok != ""; tok, rest = dom.NextToken(rest) {
		got = append(got, tok)
	}
	if strings.Join(got, "|") != "a|bc|d" {
		t.Errorf("tokens %q", got)
	}
	if tok, rest := dom.NextToken(" \u00a0x"); tok != "\u00a0x" || rest != "" {
		t.Errorf("NO-BREAK SPACE is not ASCII whitespace: %q %q", tok, rest)
	}
	if tok, _ := dom.NextToken("   "); tok != "" {
		t.Errorf("blank: %q", tok)
	}
}
