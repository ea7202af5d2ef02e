package axtree

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"

	"github.com/axtree/axtree/dom"
)

// titleBefore is title as it was before its collapsed fast path.
func titleBefore(d *dom.Doc) string {
	for _, n := range d.Elements {
		if dom.IsHTML(n, "title") {
			var sb strings.Builder
			for c := n.FirstChild; c != nil; c = c.NextSibling {
				if c.Type == html.TextNode {
					sb.WriteString(c.Data)
				}
			}
			return strings.Join(strings.Fields(sb.String()), " ")
		}
	}
	return ""
}

// allTextBefore is allText as it was before its one-line fast path.
func allTextBefore(kids []*Node) (string, bool) {
	var sb strings.Builder
	for i, k := range kids {
		if k.Role != "" {
			return "", false
		}
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(k.Name)
	}
	return sb.String(), true
}

// TestTitleSameAsBefore: title gives what titleBefore (strings.Fields
// joined, always) gives on every corpus page, capture and frame case, on
// titles collapsed or not (white space at either end, runs of it, tabs,
// wide spaces, bytes that are not UTF-8, U+FFFD), empty, missing, and
// with more than one child (text split in two, a comment, an element).
func TestTitleSameAsBefore(t *testing.T) {
	docs := bindDocs(t)
	for _, title := range []string{"Orders · Shopdesk Admin", "a", " a", "a ", "a  b", "a\tb", "a\nb", "a\u00a0b", "\u00a0a",
		"a\u2003", "\xff", "a\xffb", "\uFFFD", "x\u3000y", "", "  ", "Ünïcödé tïtle — ok"} {
		d, err := dom.ParseDoc([]byte("<title>" + title + "</title><p>x"))
		require.NoError(t, err)
		docs["title "+title] = d
	}
	d, err := dom.ParseDoc([]byte("<p>no title"))
	require.NoError(t, err)
	docs["none"] = d
	for _, kids := range [][]*html.Node{
		{{Type: html.TextNode, Data: "Two"}, {Type: html.TextNode, Data: "parts"}},
		{{Type: html.TextNode, Data: "Two "}, {Type: html.TextNode, Data: "parts"}},
		{{Type: html.CommentNode, Data: "c"}},
		{{Type: html.CommentNode, Data: "c"}, {Type: html.TextNode, Data: "after"}},
		{{Type: html.TextNode, Data: "before"}, {Type: html.ElementNode, Data: "b"}},
		{{Type: html.TextNode, Data: ""}},
		{{Type: html.ElementNode, Data: "b"}},
	} {
		d, err := dom.ParseDoc([]byte("<title></title><p>x"))
		require.NoError(t, err)
		for _, n := range d.Elements {
			if dom.IsHTML(n, "title") {
				for _, k := range kids {
					n.AppendChild(k)
				}
			}
		}
		docs["built "+kids[0].Data] = d
	}
	titled := 0
	for name, d := range docs {
		want := titleBefore(d)
		assert.Equal(t, want, title(d), name)
		if want != "" {
			titled++
		}
	}
	assert.Greater(t, titled, 10)
}

// TestAllTextSameAsBefore: allText gives what allTextBefore gives for no
// kids, one text line, several, and kids with an element among them.
func TestAllTextSameAsBefore(t *testing.T) {
	text := func(s string) *Node { return &Node{Name: s, DOM: -1} }
	link := &Node{Role: "link", Name: "l"}
	for _, kids := range [][]*Node{
		nil, {text("one")}, {text("")}, {text("a"), text("b")}, {text("a"), text(""), text("c")},
		{link}, {text("a"), link}, {link, text("a")},
	} {
		want, wok := allTextBefore(kids)
		got, ok := allText(kids)
		assert.Equal(t, wok, ok, "%v", kids)
		assert.Equal(t, want, got, "%v", kids)
	}
}
