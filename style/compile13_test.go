package style

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"

	"github.com/axtree/axtree/dom"
	"github.com/axtree/axtree/internal/shared"
)

// allRules returns the compiled rules of every tree of s: the document's
// first, then the shadow trees' (in no fixed order).
func allRules(s *Sheet) []*scopeRules {
	var out []*scopeRules
	if s.rules != nil {
		out = append(out, s.rules)
	}
	for _, r := range s.scopes {
		out = append(out, r)
	}
	return out
}

// compileCases are documents for TestCompileSameAsMaps beside the corpus:
// shadow trees (more than maxScanTrees of them, so that compile finds
// trees through its map too), several <style> elements of one tree
// (document and shadow), layers, limits and empty sheets.
var compileCases = func() map[string]string {
	var many strings.Builder
	many.WriteString(`<style>p { display: block } @layer a { .x { display: none } }</style>`)
	for i := range 12 {
		fmt.Fprintf(&many, `<div><template shadowrootmode="open"><style>.s%d { display: none } :host { display: block }</style><p class=s%d>x</p><style>p.s%d { visibility: hidden }</style><slot></slot></template><span>light</span></div>`, i, i, i)
		if i%3 == 0 {
			fmt.Fprintf(&many, `<style>.d%d { visibility: hidden } @layer b, a; @layer b { #q%d { display: none !important } }</style>`, i, i)
		}
	}
	for i := range 3 {
		fmt.Fprintf(&many, `<x-c><template shadowrootmode="closed"><style>@layer z { b { display: none } } i:first-child::before { content: "%d" }</style><b>b</b></template></x-c>`, i)
	}
	return map[string]string{
		"none":       `<p>no style</p>`,
		"empty":      `<style></style><style>/* only a comment */</style><p>x</p>`,
		"unkept":     `<style>.a { color: red } p { margin: 0 }</style><p class=a>x</p>`,
		"one":        `<style>.gone { display: none }</style><p class=gone>x</p>`,
		"lists":      `<style>a, b, c, d, e, f, .g, #h, [i], * { display: block } :is(p, q) , :where(.r), :not(s) { cursor: pointer }</style><a>x</a>`,
		"layers":     `<style>@layer base, theme; @layer theme { p { display: none } } @layer base { p { display: block } } @layer { .a { display: inline } } @layer x.y.z { q { display: none } } p { visibility: hidden }</style><p class=a>x</p>`,
		"shadow":     `<style>.x { display: none }</style><div><template shadowrootmode="open"><style>.x { display: block } :host(.h) { cursor: pointer }</style><p class=x>in</p></template></div><p class=x>out</p>`,
		"onlyshadow": `<div><template shadowrootmode="open"><style>p { display: none }</style><p>in</p></template></div><p>out</p>`,
		"many":       many.String(),
		"bad":        `<style>p:nth-child(2 of .x), ::slotted(p), :host-context(a), p:hover, .a:focus-visible, ;;; {{ }} p { display: none</style><p>x</p>`,
		"media":      `<style media="print">p { display: none }</style><style type="text/less">p { display: none }</style><style>@media (max-width: 1px) { p { display: none } } @supports (display: grid) { q { display: none } }</style><p>x</p><q>y</q>`,
		"svg":        `<svg><style>circle { display: none }</style><circle/></svg>`,
		"inert":      `<template><style>p { display: none }</style></template><p>x</p>`,
	}
}()

// TestCompileSameAsMaps checks compile, which gathers the trees' sheets in
// a slice (a map past maxScanTrees), keeps the document tree's rules in
// Sheet.rules and makes the layer tree and the compiler's caches on use,
// against oldCompile, the compile it replaced (maps of raw rules and
// layers by tree, one scopes map with the document under the nil key):
// the same rules, buckets, filters, selectors (by text and every compiled
// field), layers, limits and ancestor-filter switch, on the corpus pages
// and compileCases.
func TestCompileSameAsMaps(t *testing.T) {
	pages := shared.ReadPages(t, compileCases, filepath.Join("..", "corpus", "pages"))
	require.NotEmpty(t, pages)
	trees := 0
	for name, src := range pages {
		d, err := dom.ParseDoc(src)
		require.NoError(t, err, name)
		s := &Sheet{doc: d, steps: MaxMatchSteps}
		s.compile()
		want, wantAnc, wantHit := oldCompile(d)
		got := map[*html.Node]*scopeRules{}
		if s.rules != nil {
			got[nil] = s.rules
		}
		for sc, r := range s.scopes {
			require.NotNil(t, sc, "%s: the document's rules are in Sheet.rules", name)
			got[sc] = r
		}
		trees += len(got)
		require.Equal(t, len(want), len(got), "%s: trees with rules", name)
		for sc, w := range want {
			g, ok := got[sc]
			require.True(t, ok, "%s: tree %p", name, sc)
			sameRules(t, name, w, g)
		}
		assert.Equal(t, wantAnc, s.ancOn, "%s: ancestor filters", name)
		assert.Equal(t, wantHit, s.hit, "%s: limits", name)
	}
	assert.Greater(t, trees, len(pages)/2, "trees compared")
}

// sameRules checks that g holds the rules w does.
func sameRules(t *testing.T, name string, w, g *scopeRules) {
	t.Helper()
	require.Equal(t, len(w.sels), len(g.sels), "%s: selectors", name)
	for i := range w.sels {
		ws, gs := &w.sels[i], &g.sels[i]
		require.Equal(t, len(ws.comps), len(gs.comps), "%s: selector %d", name, i)
		for k := range ws.comps {
			assert.Equal(t, fmt.Sprintf("%T %v", ws.comps[k], ws.comps[k]), fmt.Sprintf("%T %v", gs.comps[k], gs.comps[k]), "%s: selector %d compound %d", name, i, k)
		}
		assert.Equal(t, ws.combs, gs.combs, "%s: selector %d combinators", name, i)
		assert.Equal(t, []any{ws.pseudo, ws.spec, ws.prio, ws.rule, ws.layer, ws.hasHas, ws.need, ws.hasNeed},
			[]any{gs.pseudo, gs.spec, gs.prio, gs.rule, gs.layer, gs.hasHas, gs.need, gs.hasNeed}, "%s: selector %d", name, i)
	}
	assert.Equal(t, w.decls, g.decls, "%s: declarations", name)
	assert.Equal(t, len(g.decls), cap(g.decls), "%s: declarations' array", name)
	assert.Equal(t, w.byID, g.byID, "%s: id buckets", name)
	assert.Equal(t, w.byClass, g.byClass, "%s: class buckets", name)
	assert.Equal(t, w.byTag, g.byTag, "%s: tag buckets", name)
	assert.Equal(t, w.byAttr, g.byAttr, "%s: attribute buckets", name)
	assert.Equal(t, w.idKeys, g.idKeys, "%s: id filter", name)
	assert.Equal(t, w.classKeys, g.classKeys, "%s: class filter", name)
	assert.Equal(t, w.tagKeys, g.tagKeys, "%s: tag filter", name)
	assert.Equal(t, w.attrKeys, g.attrKeys, "%s: attribute filter", name)
	assert.Equal(t, w.universal, g.universal, "%s: universal", name)
	assert.Equal(t, w.host, g.host, "%s: host", name)
}

// oldRanks is layerTree.ranks as it was, which ranked node 0 alone too.
func oldRanks(t *layerTree) []uint8 {
	if len(t.children) == 0 {
		return []uint8{0} // node 0 alone, as the old tree made it
	}
	r := make([]uint8, len(t.children))
	next := 0
	type frame struct{ id, k int }
	stack := []frame{{0, 0}}
	for len(stack) > 0 {
		f := &stack[len(stack)-1]
		if f.k < len(t.children[f.id]) {
			c := t.children[f.id][f.k]
			f.k++
			stack = append(stack, frame{c, 0})
			continue
		}
		r[f.id] = uint8(next)
		next++
		stack = stack[:len(stack)-1]
	}
	return r
}

// oldCompile is compile as it was before the trees slice (the reference
// of TestCompileSameAsMaps): it returns the scopes map (the document
// tree under the nil key), the ancestor-filter switch and the limits hit.
func oldCompile(d *dom.Doc) (map[*html.Node]*scopeRules, bool, []string) {
	s := &Sheet{doc: d, steps: MaxMatchSteps}
	var scopes map[*html.Node]*scopeRules
	var order []*html.Node // scopes in first-seen order (deterministic)
	raw := map[*html.Node][]rawRule{}
	layers := map[*html.Node]*layerTree{}
	budget := MaxStyleBytes
	for _, e := range d.Elements {
		if e.Data != "style" || (e.Namespace != "" && e.Namespace != "svg") {
			continue
		}
		sc := d.Scope(e)
		if inInertTemplate(e, sc) || !styleApplies(e) {
			continue
		}
		text := textContent(e)
		if len(text) > budget {
			s.limit("style-bytes")
			text = text[:budget]
		}
		budget -= len(text)
		if _, seen := raw[sc]; !seen {
			order = append(order, sc)
			raw[sc] = nil
			layers[sc] = newLayerTree()
		}
		stripped, cuts := stripCommentsAt(text)
		before := len(raw[sc])
		raw[sc] = parseSheet(stripped, layers[sc], raw[sc])
		if cuts != nil || len(stripped) != len(text) {
			// Comments were cut: the rules would keep the whole stripped
			// copy alive through the pieces they hold.
			rehomeRules(raw[sc][before:], stripped, text, cuts)
		}
		if budget <= 0 {
			break
		}
	}
	if len(order) == 0 {
		return nil, false, nil
	}
	scopes = make(map[*html.Node]*scopeRules, len(order))
	c := newCompiler(&s.steps)
	total, has := 0, 0
	for _, sc := range order {
		c.host = nil
		if sc != nil {
			c.host = sc.Parent
		}
		ranks := oldRanks(layers[sc])
		r := &scopeRules{}
		for ri, rr := range raw[sc] {
			r.decls = append(r.decls, rr.decls)
			for _, text := range splitTop(rr.selectors, ',') {
				if total >= MaxSelectors {
					s.limit("style-selectors")
					break
				}
				sel, kind, key, ok := c.compile(text)
				if !ok {
					continue
				}
				if sel.hasHas {
					if has >= MaxHasSelectors {
						s.limit("style-has")
						continue
					}
					has++
				}
				_, toHost := sel.comps[len(sel.comps)-1].(*hostSel)
				if kind == keyUniversal && !toHost && len(r.universal) >= MaxUniversal {
					s.limit("style-universal")
					continue
				}
				sel.rule = int32(ri)
				if sc == nil {
					sel.need, sel.hasNeed = ancestorNeed(&sel)
					s.ancOn = s.ancOn || sel.hasNeed
				}
				if rr.layer < len(ranks) {
					sel.layer = ranks[rr.layer]
				}
				sel.prio |= uint64(ri) & orderMask
				idx := int32(len(r.sels))
				r.sels = append(r.sels, sel)
				total++
				if toHost {
					r.host = append(r.host, idx)
					continue
				}
				switch kind {
				case keyID:
					addKey(&r.byID, &r.idKeys, key, idx)
				case keyClass:
					addKey(&r.byClass, &r.classKeys, key, idx)
				case keyTag:
					addKey(&r.byTag, &r.tagKeys, key, idx)
				case keyAttr:
					addKey(&r.byAttr, &r.attrKeys, key, idx)
				default:
					r.universal = append(r.universal, idx)
				}
			}
		}
		r.sels, r.decls = exact(r.sels), exact(r.decls)
		r.universal, r.host = exact(r.universal), exact(r.host)
		scopes[sc] = r
	}
	return scopes, s.ancOn, s.hit
}
