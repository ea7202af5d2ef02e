package accname

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"

	"github.com/axtree/axtree/dom"
	"github.com/axtree/axtree/internal/shared"
)

// anyTextTransformBefore is New's scan as it was before anyTextTransform.
func anyTextTransformBefore(els []*html.Node) bool {
	for _, n := range els {
		if v, ok := dom.Attr(n, "style"); ok && containsFold(v, "text-transform") {
			return true
		}
	}
	return false
}

// TestTextTransformScanSameAsBefore: hasTextTransform answers as
// containsFold(v, "text-transform") on hand-picked values (the word at
// either end, cut short, in mixed case, with non-ASCII look-alikes) and on
// random ones made of its pieces; anyTextTransform as the dom.Attr scan it
// replaced on every corpus element and on elements with several or
// namespaced style attributes.
func TestTextTransformScanSameAsBefore(t *testing.T) {
	const sub = "text-transform"
	vals := []string{
		"", "-", "text-transform", "TEXT-TRANSFORM", "Text-Transform:none", "text-transfor", "ext-transform",
		"xtext-transformx", "text transform", "tex\u0130-transform", "\u212Aext-transform", "text-transfor\u212A",
		"ttext-transform", "tetext-transform", "text--transform", "text-text-transform", "color:red;text-transform:upper",
		"a-b-c-text-transformtext-transform", "text-transform" + strings.Repeat("-", 20), strings.Repeat("-", 20) + "text-transform",
		"margin-left:1px;font-size:2px", "-transform", "text-",
	}
	pieces := []string{"t", "e", "x", "T", "E", "X", "-", "text", "TEXT", "transform", "TRANSFORM", "trans", "form", ":", " ", "\u212A", "s", "f"}
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		var sb strings.Builder
		for k := r.IntN(12); k >= 0; k-- {
			sb.WriteString(pieces[r.IntN(len(pieces))])
		}
		vals = append(vals, sb.String())
	}
	hits := 0
	for _, v := range vals {
		want := containsFold(v, sub)
		if want {
			hits++
		}
		if !assert.Equal(t, want, hasTextTransform(v), "%q", v) {
			return
		}
	}
	assert.Greater(t, hits, 50)

	attr := func(ns, k, v string) html.Attribute { return html.Attribute{Namespace: ns, Key: k, Val: v} }
	for _, attrs := range [][]html.Attribute{
		{attr("", "style", "color:red"), attr("", "style", "text-transform:upper")},
		{attr("", "style", "text-transform:upper"), attr("", "style", "color:red")},
		{attr("xlink", "style", "color:red"), attr("", "style", "TEXT-TRANSFORM:upper")},
		{attr("xlink", "style", "text-transform:upper")},
		{attr("", "styles", "text-transform:upper"), attr("", "class", "text-transform")},
		{attr("", "class", "x"), attr("", "Style", "text-transform:upper")},
	} {
		els := []*html.Node{{Type: html.ElementNode, Data: "p"}, {Type: html.ElementNode, Data: "span", Attr: attrs}}
		assert.Equal(t, anyTextTransformBefore(els), anyTextTransform(els), "%v", attrs)
	}
	pages := 0
	for _, f := range shared.PageFiles(t, filepath.Join("..", "corpus", "pages")) {
		raw, err := os.ReadFile(f)
		require.NoError(t, err)
		d, err := dom.ParseDoc(raw)
		require.NoError(t, err)
		assert.Equal(t, anyTextTransformBefore(d.Elements), anyTextTransform(d.Elements), f)
		for i := range d.Elements { // each element alone
			assert.Equal(t, anyTextTransformBefore(d.Elements[i:i+1]), anyTextTransform(d.Elements[i:i+1]), f)
		}
		pages++
	}
	assert.Positive(t, pages)
}
