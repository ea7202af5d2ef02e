package dom

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"

	"github.com/axtree/axtree/internal/shared"
)

// oldAXChildren is AXChildren as it was before its path for a document
// without shadow trees or aria-owns: Children, then the owned elements
// moved. The reference for TestAXChildrenSameAsOld.
func oldAXChildren(d *Doc, n *html.Node, buf []*html.Node) []*html.Node {
	start := len(buf)
	buf = d.Children(n, buf)
	if !d.HasOwns() {
		return buf
	}
	out := buf[:start]
	for _, c := range buf[start:] {
		if d.rare.owner[c] == nil {
			out = append(out, c)
		}
	}
	return append(out, d.rare.owns[n]...)
}

// axCases are documents beside the corpus pages for both of AXChildren's
// paths: templates (inert in the HTML namespace, not in SVG), a slot with
// no shadow tree around it, a declarative shadow root with named and
// default slots, aria-owns, a srcdoc frame.
var axCases = map[string]string{
	"templates": `<div><template><p>inert</p></template><svg><template><g/></template></svg><slot><b>own</b></slot></div>`,
	"shadow": `<div id=h><template shadowrootmode=open><slot name=a></slot><p>in</p><slot></slot></template>` +
		`<span slot=a>A</span><i>rest</i> text</div><template><slot><b>x</b></slot></template>`,
	"owns":   `<ul aria-owns="c b"><li id=a>a</li></ul><li id=b>b</li><li id=c>c</li><template><i>t</i></template>`,
	"frame":  `<iframe srcdoc="<p>frame <template><b>x</b></template></p>"></iframe>`,
	"nested": `<section><template shadowrootmode=closed><template><slot></slot></template></template><p>light</p></section>`,
}

// TestAXChildrenSameAsOld checks AXChildren against oldAXChildren on
// every node (text, comments, the document and template content
// included) of every corpus page and of axCases, their frames' documents
// too, appended to an empty and to a non-empty buffer; and that both of
// its paths were taken.
func TestAXChildrenSameAsOld(t *testing.T) {
	pages := shared.ReadPages(t, axCases, filepath.Join("..", "corpus", "pages"))
	plain, rare := 0, 0
	var check func(name string, d *Doc)
	check = func(name string, d *Doc) {
		if d.rare == nil {
			plain++
		} else {
			rare++
		}
		head := []*html.Node{d.Root}
		for x := range preorder(d.Root) {
			assert.Equal(t, oldAXChildren(d, x, nil), d.AXChildren(x, nil), "%s: %v %q", name, x.Type, x.Data)
			assert.Equal(t, oldAXChildren(d, x, head[:1:1]), d.AXChildren(x, head[:1:1]), "%s: %v %q, after one", name, x.Type, x.Data)
			if x.Type == html.ElementNode && x.Data == "iframe" {
				if f := d.Frame(x); f != nil {
					check(name+" frame", f)
				}
			}
		}
	}
	for name, b := range pages {
		d, err := ParseDoc(b)
		require.NoError(t, err, name)
		check(name, d)
	}
	assert.Positive(t, plain, "documents without Doc.rare")
	assert.Positive(t, rare, "documents with Doc.rare")
}

// oldIsShadowRoot is IsShadowRoot as it was before its first test was
// split off to inline. The reference for TestIsShadowRootSameAsOld.
func oldIsShadowRoot(n *html.Node) bool {
	if n == nil || n.Type != html.ElementNode || n.Data != "template" || n.Namespace != "" {
		return false
	}
	if n.Parent == nil || !canHostShadow(n.Parent) {
		return false
	}
	m, ok := Attr(n, "shadowrootmode")
	if !ok {
		return false
	}
	m = strings.ToLower(strings.TrimSpace(m))
	return m == "open" || m == "closed"
}

// TestIsShadowRootSameAsOld checks IsShadowRoot against oldIsShadowRoot
// on nil, on every node of every corpus page and of documents of
// templates under hosts and non-hosts with every kind of mode, and on
// hand-made templates without a parent or in another namespace.
func TestIsShadowRootSameAsOld(t *testing.T) {
	cases := map[string]string{
		"modes": `<div><template shadowrootmode=open></template></div><p><template shadowrootmode=" CLOSED "></template></p>` +
			`<ul><template shadowrootmode=open></template></ul><my-el><template shadowrootmode=closed></template></my-el>` +
			`<span><template shadowrootmode=wrong></template><template></template></span>` +
			`<font-face><template shadowrootmode=open></template></font-face><svg><template shadowrootmode=open></template></svg>`,
	}
	for k, v := range axCases {
		cases[k] = v
	}
	assert.Equal(t, oldIsShadowRoot(nil), IsShadowRoot(nil))
	orphan := &html.Node{Type: html.ElementNode, Data: "template", Attr: []html.Attribute{{Key: "shadowrootmode", Val: "open"}}}
	foreign := &html.Node{Type: html.ElementNode, Data: "template", Namespace: "svg", Parent: &html.Node{Type: html.ElementNode, Data: "div"},
		Attr: []html.Attribute{{Key: "shadowrootmode", Val: "open"}}}
	hosted := &html.Node{Type: html.ElementNode, Data: "template", Parent: foreign.Parent, Attr: foreign.Attr}
	for _, n := range []*html.Node{orphan, foreign, hosted} {
		assert.Equal(t, oldIsShadowRoot(n), IsShadowRoot(n), "hand-made %q in %q, parent %v", n.Data, n.Namespace, n.Parent != nil)
	}
	roots := 0
	for name, b := range shared.ReadPages(t, cases, filepath.Join("..", "corpus", "pages")) {
		root, err := Parse(b)
		require.NoError(t, err, name)
		for x := range preorder(root) {
			want := oldIsShadowRoot(x)
			assert.Equal(t, want, IsShadowRoot(x), "%s: %v %q", name, x.Type, x.Data)
			if want {
				roots++
			}
		}
	}
	assert.Positive(t, roots, "shadow roots seen")
}
