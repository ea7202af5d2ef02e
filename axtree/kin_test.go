package axtree

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/dom"
)

// kinDocs are pages where a child's line breaks hang on its parent's
// display and visibility: flex and grid parents (through display:contents
// chains), visibility hidden and visible again, aria-owns moving a child
// under another parent, nesting deeper than kinDepths (entries reused) and
// past MaxDepth (flatten).
func kinDocs() map[string]string {
	docs := map[string]string{
		"flex":     `<div style="display:flex"><span>a</span><b>b</b>text<a href=/x>x</a></div><p><span>c</span><span>d</span></p>`,
		"grid":     `<section style="display:inline-grid"><i>1</i><i>2</i></section><div style="display:grid">t<em>u</em>v</div>`,
		"contents": `<div style="display:flex"><div style="display:contents"><span>a</span><span>b</span></div><span style="display:contents"><b>c</b><b>d</b></span></div>`,
		"nested":   `<div style="display:flex"><span><span>a</span><span>b</span></span><span>c</span></div><span><span>e</span>f<span>g</span></span>`,
		"vis":      `<div style="visibility:hidden">gone<span style="visibility:visible">back</span>gone<b>x</b></div><p>seen<span>and</span>seen</p>`,
		"collapse": `<div style="visibility:collapse">a<span>b</span><span style="visibility:visible">c<i>d</i>e</span>f</div>`,
		"owns": `<div style="display:flex" aria-owns="o1 o2"><span>a</span></div><p><span id=o1>owned</span>text<span id=o2>two</span></p>` +
			`<div style="visibility:hidden" aria-owns="o3">x</div><span id=o3>shown</span>`,
		"table":  `<table><tr><td>a<span>b</span></td><td style="display:flex"><span>c</span><span>d</span></td></tr></table>`,
		"inline": `<p>one <a href=/a>two</a> three <a href=/b>four</a><span style="display:inline-flex"><b>5</b><b>6</b></span> seven</p>`,
	}
	var deep strings.Builder
	for i := 0; i < 80; i++ {
		switch i % 4 {
		case 0:
			deep.WriteString(`<div style="display:flex">`)
		case 1:
			deep.WriteString(`<span>`)
		case 2:
			deep.WriteString(`<div style="display:contents">`)
		default:
			deep.WriteString(`<span style="visibility:hidden">`)
		}
		fmt.Fprintf(&deep, "t%d<b>b%d</b><span style=\"visibility:visible\">v%d</span>", i, i, i)
	}
	docs["deep"] = deep.String()
	return docs
}

// TestKinSameAsAsking: the parent's answers walk keeps for its children
// (builder.kin) give the tree that each child asking its parent's style
// itself (the code this replaced) gives, on every corpus page and capture
// and on kinDocs, at the default MaxDepth and at small ones (flatten).
func TestKinSameAsAsking(t *testing.T) {
	docs := bindDocs(t)
	for name, src := range kinDocs() {
		d, err := dom.ParseDoc([]byte(src))
		require.NoError(t, err, name)
		docs[name] = d
	}
	for name, d := range docs {
		for _, depth := range []int{0, 3, 7, 40} {
			opts := Options{MaxDepth: depth}
			want := build(d, nil, opts, knobs{noKin: true})
			got := build(d, nil, opts, knobs{})
			require.Equal(t, nodesOf(want.Roots), nodesOf(got.Roots), "%s depth %d", name, depth)
			require.Equal(t, want.Truncated, got.Truncated, name)
		}
	}
}
