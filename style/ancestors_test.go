package style

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/andybalholm/cascadia"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"

	"github.com/axtree/axtree/dom"
	"github.com/axtree/axtree/internal/shared"
)

// sameAsWithoutFilter computes every element's style of d twice, with the
// ancestor filter and without it (ancOn off), from steps match steps, and
// checks that the styles, the steps left and the limits hit are the same:
// the filter only skips walks that cannot match, and charges their steps.
// The elements are asked in document order and again, from fresh Sheets,
// in reverse order and in an order that jumps around (the filters are
// kept by depth: an element asked out of order finds another element's).
func sameAsWithoutFilter(t *testing.T, name string, d *dom.Doc, steps int) {
	t.Helper()
	n := len(d.Elements)
	orders := map[string]func(i int) int{
		"":          func(i int) int { return i },
		" reversed": func(i int) int { return n - 1 - i },
		" jumping":  func(i int) int { return i * 7919 % n },
	}
	for oname, at := range orders {
		if oname == " jumping" && n%7919 == 0 {
			continue // not a permutation
		}
		with, without := New(d), New(d)
		without.ancOn = false
		with.steps, without.steps = steps, steps
		for i := range n {
			e := d.Elements[at(i)]
			if !assert.Equal(t, without.Style(e), with.Style(e), "%s%s: element %d <%s>", name, oname, at(i), e.Data) {
				return
			}
		}
		assert.Equal(t, without.steps, with.steps, "%s%s: match steps left", name, oname)
		assert.Equal(t, without.LimitsHit(), with.LimitsHit(), "%s%s: limits", name, oname)
	}
}

// TestAncestorFilterKeptInOrder checks that the filters are there when
// the elements are asked in document order, as the tree builder asks
// them: each element's parent's filter is the one kept at its depth, and
// complete, so that the skip applies.
func TestAncestorFilterKeptInOrder(t *testing.T) {
	pages := []string{filterPage(3), filterPage(40)}
	for _, name := range shared.Pages(t) {
		src, err := os.ReadFile(shared.Path(t, "corpus", "pages", name+".html"))
		require.NoError(t, err)
		pages = append(pages, string(src))
	}
	on := 0
	for k, src := range pages {
		d, err := dom.ParseDoc([]byte(src))
		require.NoError(t, err)
		s := New(d)
		if !s.ancOn {
			continue
		}
		on++
		for i, n := range d.Elements {
			if p := n.Parent; p != nil && p.Type == html.ElementNode {
				pe := s.ensure(p)
				if int(pe.depth) >= maxAncDepth {
					continue
				}
				x := s.ancSlot(int(pe.depth))
				if !assert.True(t, x != nil && x.n == p && x.ok, "page %d: element %d <%s>: its parent's filter", k, i, n.Data) {
					break
				}
			}
			s.ensure(n)
		}
		// In any order, a kept filter holds its element's and ancestors'
		// keys (addElement's), however it was kept (by the cascade or
		// again by keptAncestors).
		m := len(d.Elements)
		for _, at := range []func(i int) int{func(i int) int { return m - 1 - i }, func(i int) int { return i * 7919 % m }} {
			s := New(d)
			for i := range m {
				n := d.Elements[at(i)]
				e := s.ensure(n)
				if int(e.depth) >= maxAncDepth {
					continue
				}
				for x, dd := n, int(e.depth); x != nil && x.Type == html.ElementNode && dd >= 0; x, dd = x.Parent, dd-1 {
					y := s.ancSlot(dd)
					if y == nil || y.n != x {
						continue
					}
					var want ancFilter
					for a := x; a != nil && a.Type == html.ElementNode; a = a.Parent {
						want.addElement(a)
					}
					if !assert.Equal(t, want, y.anc, "page %d: element %d <%s>: kept filter of <%s>", k, at(i), n.Data, x.Data) || !assert.True(t, y.ok) {
						return
					}
				}
			}
		}
	}
	assert.Greater(t, on, 2, "pages with the filters on")
}

// filterPage is a page of descendant selectors: ones the filter rejects
// (no such ancestor), ones it must let through (the ancestor exists, near
// or far, by tag, id or class, including a class that is a prefix or a
// part of another), and nesting deep enough that the walk's steps count.
func filterPage(depth int) string {
	var b strings.Builder
	b.WriteString(`<style>
.nav .item { display: none }
#main .note { visibility: hidden }
section .deep { display: block }
.a .b { display: inline-block }
.toc-wide .x { display: none }
div.card .price { display: flex }
.missing .x, .nowhere li, #absent span { display: none }
ul .x > .y { display: grid }
</style><body><div id=main class="toc a">`)
	for i := 0; i < depth; i++ {
		fmt.Fprintf(&b, `<div class="lvl%d card">`, i)
	}
	b.WriteString(`<section><span class="b x deep">t</span><ul><li class=x><b class=y>y</b></li></ul>
<p class=note>n</p><span class=price>p</span><nav class=nav><i class=item>i</i></nav>`)
	for i := 0; i < depth; i++ {
		b.WriteString(`</div>`)
	}
	b.WriteString(`</section></div><span class=item>free</span></body>`)
	return b.String()
}

// TestAncestorFilterSameStyles checks the filter against the plain walk
// on a page built to exercise it, with steps to spare and with steps
// running out part way (MaxMatchSteps cut), and on every corpus page.
func TestAncestorFilterSameStyles(t *testing.T) {
	for _, depth := range []int{0, 3, 40} {
		root, err := html.Parse(strings.NewReader(filterPage(depth)))
		require.NoError(t, err)
		d := dom.New(root)
		require.True(t, New(d).ancOn, "the page has descendant selectors the filter applies to")
		for _, steps := range []int{MaxMatchSteps, 200, 57, 1} {
			sameAsWithoutFilter(t, fmt.Sprintf("filter page depth %d, %d steps", depth, steps), d, steps)
		}
	}
	for _, name := range shared.Pages(t) {
		src, err := os.ReadFile(shared.Path(t, "corpus", "pages", name+".html"))
		require.NoError(t, err)
		root, err := html.Parse(strings.NewReader(string(src)))
		require.NoError(t, err)
		d := dom.New(root)
		sameAsWithoutFilter(t, name, d, MaxMatchSteps)
		sameAsWithoutFilter(t, name+" (steps cut)", d, 20_000)
	}
}

// TestAncestorFilterNoFalseNegative checks that a filter holding an
// element's keys covers what each simple compound that matches the
// element needs.
func TestAncestorFilterNoFalseNegative(t *testing.T) {
	n := &html.Node{Type: html.ElementNode, Data: "div", Attr: []html.Attribute{
		{Key: "id", Val: "main"}, {Key: "class", Val: " toc\ttoc-wide\nx "}}}
	var f ancFilter
	f.addElement(n)
	for _, text := range []string{"div", "#main", ".toc", ".toc-wide", ".x", "div.toc.x", "div#main.toc-wide"} {
		x, ok := parseSimple(text, false)
		require.True(t, ok, text)
		require.True(t, x.Match(n), text)
		sel := selector{comps: []cascadia.Sel{x, x}, combs: []byte{' '}}
		need, ok := ancestorNeed(&sel)
		require.True(t, ok, text)
		assert.True(t, f.covers(&need), text)
	}
}

// TestNextClassSameTokens checks that nextClass splits as dom.NextToken
// does: every kind of white space and control byte at every offset from a
// word boundary, non-ASCII bytes, runs and edges.
func TestNextClassSameTokens(t *testing.T) {
	pieces := []string{" ", "\t", "\n", "\f", "\r", "\v", "\x00", "\x01", "\x1f", "!", "a", "é", "\xff", "\x80", "  "}
	split := func(next func(string) (string, string), s string) []string {
		var out []string
		for tok, rest := next(s); tok != ""; tok, rest = next(rest) {
			out = append(out, tok)
		}
		return out
	}
	for pre := 0; pre <= 17; pre++ {
		for _, p := range pieces {
			for _, q := range pieces {
				s := strings.Repeat("x", pre) + p + "yz" + q + strings.Repeat("w", 17-pre) + p
				require.Equal(t, split(dom.NextToken, s), split(nextClass, s), "%q", s)
			}
		}
	}
}
