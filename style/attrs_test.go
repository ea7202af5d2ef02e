package style

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"

	"github.com/axtree/axtree/dom"
)

// TestFirstAttributeCounts checks that the cascade's one pass over an
// element's attributes reads, as dom.Attr does, the first of each name
// without a namespace: html.Parse drops repeated attributes, but a DOM
// from elsewhere (a capture) may repeat one, and a later class, style or
// hidden must not change the element's style.
func TestFirstAttributeCounts(t *testing.T) {
	root, err := html.Parse(strings.NewReader(`<style>.hide{display:none} #b{display:none} .ptr{cursor:pointer}</style><body>` +
		`<div id=a class=x style="">a</div><div id=u hidden=until-found>u</div><div id=h hidden>h</div>` +
		`<a id=l class=q>l</a>`))
	require.NoError(t, err)
	d := dom.New(root)
	a, u, h, l := byID(t, d, "a"), byID(t, d, "u"), byID(t, d, "h"), byID(t, d, "l")
	a.Attr = append(a.Attr, html.Attribute{Key: "id", Val: "b"}, html.Attribute{Key: "class", Val: "hide ptr"},
		html.Attribute{Key: "style", Val: "display:none"})
	u.Attr = append(u.Attr, html.Attribute{Key: "hidden"})
	h.Attr = append(h.Attr, html.Attribute{Key: "hidden", Val: "until-found"})
	l.Attr = append([]html.Attribute{{Namespace: "xlink", Key: "href", Val: "/"}, {Namespace: "x", Key: "class", Val: "hide"}},
		append(l.Attr, html.Attribute{Key: "href", Val: "/"}, html.Attribute{Key: "inert"})...)
	s := New(d)

	assert.Equal(t, "block", s.Display(a))
	assert.False(t, s.CursorPointer(a))
	us := s.Style(u)
	assert.Equal(t, "block", us.Display)
	assert.Equal(t, "hidden", us.ContentVisibility)
	assert.Equal(t, "none", s.Display(h))
	ls := s.Style(l)
	assert.Equal(t, "inline", ls.Display, "a namespaced class is not the class")
	assert.True(t, ls.CursorPointer, "a[href] after other attributes")
	assert.True(t, ls.Inert)
}
