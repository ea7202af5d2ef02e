package roles

import (
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/axtree/axtree/dom"
)

// buildDeep builds a chain of depth elements by hand (html.Parse caps
// nesting of some elements), each with the given tag and attributes.
func buildDeep(depth int, tag string, attrs []html.Attribute, leaf *html.Node) *dom.Doc {
	doc := &html.Node{Type: html.DocumentNode}
	cur := doc
	for i := 0; i < depth; i++ {
		e := &html.Node{Type: html.ElementNode, Data: tag, Attr: attrs}
		cur.AppendChild(e)
		cur = e
	}
	cur.AppendChild(leaf)
	return dom.New(doc)
}

func TestDeepNesting(t *testing.T) {
	const depth = 10000
	for _, tc := range []struct {
		tag   string
		attrs []html.Attribute
		leaf  string
		want  string
	}{
		{"div", nil, "li", "generic"},
		{"ul", nil, "li", "listitem"},
		{"section", nil, "header", "generic"},
		{"div", nil, "header", "banner"}, // sectioning ancestor never found within the walk bound
		{"div", []html.Attribute{{Key: "role", Val: "none"}}, "td", "cell"},
		{"li", nil, "li", "generic"},
	} {
		leaf := &html.Node{Type: html.ElementNode, Data: tc.leaf}
		d := buildDeep(depth, tc.tag, tc.attrs, leaf)
		for _, el := range d.Elements {
			Compute(d, el)
			Focusable(el)
		}
		got := Compute(d, leaf)
		if got != tc.want {
			t.Errorf("%s×%d > %s: got %q, want %q", tc.tag, depth, tc.leaf, got, tc.want)
		}
	}
	// A tree above 10,000 generic wrappers is beyond the walk bound: the
	// treeitem is not seen in context (documented limit, bounded time).
	leaf := &html.Node{Type: html.ElementNode, Data: "div", Attr: []html.Attribute{{Key: "role", Val: "treeitem"}}}
	d := buildDeep(depth, "div", nil, leaf)
	d.Elements[0].Attr = []html.Attribute{{Key: "role", Val: "tree"}}
	if got := Compute(d, leaf); got != "generic" {
		t.Errorf("treeitem 10000 levels below its tree: got %q, want generic", got)
	}
	// Close by, it is.
	near := &html.Node{Type: html.ElementNode, Data: "div", Attr: []html.Attribute{{Key: "role", Val: "treeitem"}}}
	d.Elements[depth-3].AppendChild(near)
	d.Elements[depth-10].Attr = []html.Attribute{{Key: "role", Val: "tree"}}
	if got := Compute(nil, near); got != "treeitem" {
		t.Errorf("treeitem 7 levels below its tree: got %q, want treeitem", got)
	}
}

func TestHugeRoleList(t *testing.T) {
	var sb strings.Builder
	for i := 0; i < 100000; i++ {
		sb.WriteString("foo widget presentation-")
		sb.WriteString(strings.Repeat("x", i%50))
		sb.WriteByte(' ')
	}
	sb.WriteString("button")
	n := &html.Node{Type: html.ElementNode, Data: "div", Attr: []html.Attribute{{Key: "role", Val: sb.String()}}}
	if got := Compute(nil, n); got != "button" {
		t.Errorf("got %q, want button after 100000 junk tokens", got)
	}
}

func TestMalformedAttributes(t *testing.T) {
	nodes := []*html.Node{
		{Type: html.ElementNode, Data: "div", Attr: []html.Attribute{{Key: "role", Val: "\x00\xff\xfe"}}},
		{Type: html.ElementNode, Data: "div", Attr: []html.Attribute{{Key: "role", Val: strings.Repeat("a", 1<<16)}}},
		{Type: html.ElementNode, Data: "input", Attr: []html.Attribute{{Key: "type", Val: "\xff"}, {Key: "list", Val: "x"}}},
		{Type: html.ElementNode, Data: "select", Attr: []html.Attribute{{Key: "size", Val: "99999999999999999999999"}}},
		{Type: html.ElementNode, Data: "div", Attr: []html.Attribute{{Key: "tabindex", Val: "-"}}},
		{Type: html.ElementNode, Data: "div", Attr: []html.Attribute{{Key: "aria-", Val: ""}, {Key: "role", Val: "none"}}},
		{Type: html.ElementNode, Data: "section", Attr: []html.Attribute{{Key: "aria-labelledby", Val: "a b c"}}},
		{Type: html.ElementNode, Data: "th", Attr: []html.Attribute{{Key: "scope", Val: "\t"}}},
		{Type: html.ElementNode, Data: "", Attr: nil},
		{Type: html.ElementNode, Data: "td"}, // no parent at all
		{Type: html.ElementNode, Data: "li"},
		{Type: html.ElementNode, Data: "x", Namespace: "weird"},
		{Type: html.ElementNode, Data: "fe", Namespace: "svg"},
		{Type: html.DocumentNode},
		{Type: html.CommentNode, Data: "role=button"},
	}
	want := []string{"generic", "generic", "combobox", "listbox", "generic", "none", "region", "columnheader", "generic", "cell", "generic", "generic", "generic", "", ""}
	for i, n := range nodes {
		if got := Compute(nil, n); got != want[i] {
			t.Errorf("node %d: got %q, want %q", i, got, want[i])
		}
		Focusable(n)
	}
}

func FuzzCompute(f *testing.F) {
	for _, s := range []string{
		`<div role="button link">x</div>`,
		`<table role=grid><tr><th>a<td>b</table>`,
		`<ul role=none><li>x</ul><section aria-labelledby=l><p id=l>y</section>`,
		`<svg><g><title>t</title><path/></g></svg>`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		root, err := html.Parse(strings.NewReader(src))
		if err != nil {
			return
		}
		d := dom.New(root)
		for _, el := range d.Elements {
			r := Compute(d, el)
			if r == "" {
				t.Fatalf("empty role for element %q", el.Data)
			}
			if info, ok := Lookup(r); !ok || info.Abstract {
				t.Fatalf("Compute gave %q, not a concrete role", r)
			}
		}
	})
}
