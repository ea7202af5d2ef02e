package style

import (
	"fmt"
	"strings"
	"testing"

	"github.com/andybalholm/cascadia"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"

	"github.com/axtree/axtree/dom"
)

// TestPositionSameAsCascadia checks that simple compounds with
// :first-child, :last-child, :only-child, ::before and ::after, now
// matched by simpleSel, give cascadia's answer, pseudo-element and
// specificity on every element of documents
// whose children mix elements, text and comments (and on an element with
// no parent, and the root element under the document).
func TestPositionSameAsCascadia(t *testing.T) {
	docs := []string{
		`<ul><li class=a>1</li><li>2</li><li class="a b">3</li></ul>`,
		`<div> text <!-- c --><p id=x>a</p> tail <p class=a>b</p><!-- end --> </div>`,
		`<div><span class=a>only</span></div><div>  <span class=a>only, spaced</span>  </div>`,
		`<table><tr><td>1<td class=a>2</table><select><option>a<option class=a>b</select>`,
		`<div><template><p>in</p></template><p class=a>out</p></div><p>last</p>`,
		`<section><h2>t</h2></section><section></section><section>text only</section>`,
	}
	compounds := []string{
		":first-child", ":last-child", ":only-child", "li:first-child", "li:last-child",
		".a:first-child", ".a:last-child", ".a:only-child", "p:first-child:last-child",
		"#x:first-child", "span.a:only-child", "*:first-child", "td.a:last-child",
		"html:first-child", "body:last-child", "head:first-child", "section:first-child.x",
		":first-child:first-child", "option:last-child.a",
		"li:last-child::after", "li:first-child::before", "::before", "::after", ".a::after",
		"dt:last-child::after", "td.a:only-child::before", "#x::before",
	}
	for _, c := range compounds {
		x, ok := parseSimple(c, true)
		require.True(t, ok, "%s is a simple compound", c)
		want, err := cascadia.ParseWithPseudoElement(c)
		require.NoError(t, err, c)
		assert.Equal(t, want.Specificity(), x.Specificity(), c)
		assert.Equal(t, want.PseudoElement(), x.PseudoElement(), c)
		assert.Equal(t, c, x.String())
		for di, d := range docs {
			root, err := html.Parse(strings.NewReader(d))
			require.NoError(t, err)
			i := 0
			for n := range root.Descendants() {
				if n.Type != html.ElementNode {
					continue
				}
				assert.Equal(t, want.Match(n), x.Match(n), "%s on element %d (%s) of doc %d", c, i, n.Data, di)
				i++
			}
		}
		lone := &html.Node{Type: html.ElementNode, Data: "li", Attr: []html.Attribute{{Key: "class", Val: "a"}, {Key: "id", Val: "x"}}}
		assert.Equal(t, want.Match(lone), x.Match(lone), "%s on an element with no parent", c)
	}
	// Names parseSimple leaves to cascadia.
	for _, c := range []string{":First-child", ":first-of-type", ":nth-child(1)", "li:first-child()", "::first-line",
		":hover", "li::before::after", "li::after:first-child", "li::BEFORE", "li:before", "li::before()"} {
		_, ok := parseSimple(c, true)
		assert.False(t, ok, c)
	}
	// Outside the subject compound a pseudo-element is left to cascadia
	// (which refuses it there).
	_, ok := parseSimple("li::before", false)
	assert.False(t, ok)
}

// TestPositionCascade checks a position pseudo-class through the whole
// cascade: which items of a list get the rule's display.
func TestPositionCascade(t *testing.T) {
	for _, tc := range []struct {
		sel  string
		want string
	}{
		{"li:first-child", "none block block"},
		{"li:last-child", "block block none"},
		{"li:only-child", "block block block"},
		{"li.a:first-child", "none block block"},
		{"li.b:first-child", "block block block"},
	} {
		doc := fmt.Sprintf(`<style>li{display:block} %s{display:none}</style><ul> <li class=a>1</li><li>2</li><!-- x --><li class=b>3</li> </ul>`, tc.sel)
		d, err := dom.ParseDoc([]byte(doc))
		require.NoError(t, err)
		var got []string
		s := New(d)
		for n := range d.Root.Descendants() {
			if n.Type == html.ElementNode && n.Data == "li" {
				got = append(got, s.Display(n))
			}
		}
		assert.Equal(t, tc.want, strings.Join(got, " "), tc.sel)
	}
}

// TestPositionPseudoElement checks a generated ::after on the last item
// only, through the cascade.
func TestPositionPseudoElement(t *testing.T) {
	d, err := dom.ParseDoc([]byte(`<style>li:last-child::after{content:"!"}</style><ul><li>1</li><li>2</li>text</ul>`))
	require.NoError(t, err)
	s := New(d)
	var got []bool
	for n := range d.Root.Descendants() {
		if n.Type == html.ElementNode && n.Data == "li" {
			got = append(got, s.HasPseudo(n))
		}
	}
	assert.Equal(t, []bool{false, true}, got)
}
