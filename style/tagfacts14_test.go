package style

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/axtree/axtree/dom"
	"github.com/axtree/axtree/internal/shared"
)

// oldFill is tagInfo.fill before the name-only facts came from tagFacts:
// the oracle of TestFillSameAsBefore.
func (x *tagInfo) oldFill(n *html.Node, r *scopeRules) {
	a, b := keyBits(keyKindTag, n.Data)
	x.bitA, x.bitB = uint8(a), uint8(b)
	x.ua = uaDisplayID(n)
	switch n.Data {
	case "input", "dialog", "audio", "summary":
		x.special = true
	default:
		x.special = false
	}
	x.noPseudo = noPseudo(n.Data)
	x.docBox = n.Data == "html" || n.Data == "body"
	x.kidsCheck = n.Data == "details" || n.Data == "noscript"
	var bucket []int32
	if r != nil && len(r.byTag) > 0 {
		if tag := dom.LowerASCII(n.Data); r.tagKeys.may(tag) {
			bucket = r.byTag[tag]
		}
	}
	x.bucket = bucket[:len(bucket):len(bucket)]
}

// sameFill checks fill against oldFill for element n with rules r, with
// spelled as tagOf passes it (and, when n's atom spells its name, with
// spelled false too: the slow path).
func sameFill(t *testing.T, label string, n *html.Node, r *scopeRules) bool {
	t.Helper()
	var want tagInfo
	want.oldFill(n, r)
	spelled := n.DataAtom != 0 && n.DataAtom.String() == n.Data
	for _, sp := range []bool{spelled, false} {
		var got tagInfo
		got.fill(n, r, sp)
		if !assert.Equal(t, want, got, "%s <%s> (atom %q, spelled %v)", label, n.Data, n.DataAtom.String(), sp) {
			return false
		}
	}
	return true
}

// TestFillSameAsBefore checks tagInfo.fill (name-only facts from the
// tagFacts table) against the code it replaces, on every element of the
// corpus pages and the tag edge cases with the rules of its tree, on every
// tag tagFacts holds, and on nodes made by hand: upper case and camel case
// names, custom elements, an atom that does not spell the name, SVG and
// MathML names, and an empty name.
func TestFillSameAsBefore(t *testing.T) {
	elems := 0
	for name, src := range shared.ReadPages(t, tagCases, filepath.Join("..", "corpus", "pages")) {
		d, err := dom.ParseDoc(src)
		require.NoError(t, err, name)
		s := New(d)
		s.prepare()
		for _, n := range d.Elements {
			elems++
			if !sameFill(t, name, n, s.scopeOf(d.Scope(n))) || !sameFill(t, name+" (no rules)", n, nil) {
				break
			}
		}
	}
	assert.Greater(t, elems, 10000, "the corpus pages were read")
	held := 0
	for _, f := range tagFacts {
		if f.a != 0 {
			held++
			sameFill(t, "table", &html.Node{Type: html.ElementNode, Data: f.a.String(), DataAtom: f.a}, nil)
		}
	}
	assert.Greater(t, held, 100, "tagFacts holds the UA tags and factTags")
	d, err := dom.ParseDoc([]byte(`<style>div, input, my-el, clippath, span, p, details, SUMMARY { display: block }</style><p>x</p>`))
	require.NoError(t, err)
	r := New(d)
	r.prepare()
	rules := r.scopeOf(nil)
	require.NotNil(t, rules)
	for _, n := range []*html.Node{
		{Type: html.ElementNode, Data: "DIV", DataAtom: atom.Div},
		{Type: html.ElementNode, Data: "Input", DataAtom: atom.Input},
		{Type: html.ElementNode, Data: "li", DataAtom: atom.Div},
		{Type: html.ElementNode, Data: "div", DataAtom: atom.Li},
		{Type: html.ElementNode, Data: "details", DataAtom: atom.Noscript},
		{Type: html.ElementNode, Data: "my-el"},
		{Type: html.ElementNode, Data: "clipPath", Namespace: "svg"},
		{Type: html.ElementNode, Data: "clippath", Namespace: "svg"},
		{Type: html.ElementNode, Data: "title", DataAtom: atom.Title, Namespace: "svg"},
		{Type: html.ElementNode, Data: "mi", Namespace: "math"},
		{Type: html.ElementNode, Data: ""},
		{Type: html.ElementNode, Data: strings.Clone("summary"), DataAtom: atom.Summary},
		{Type: html.ElementNode, Data: "noscript", DataAtom: atom.Noscript},
		{Type: html.ElementNode, Data: "html", DataAtom: atom.Html},
		{Type: html.ElementNode, Data: "body", DataAtom: atom.Body},
		{Type: html.ElementNode, Data: "audio", DataAtom: atom.Audio},
		{Type: html.ElementNode, Data: "wbr", DataAtom: atom.Wbr},
	} {
		sameFill(t, "crafted", n, rules)
		sameFill(t, "crafted (no rules)", n, nil)
	}
}
