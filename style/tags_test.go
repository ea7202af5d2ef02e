package style

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/axtree/axtree/dom"
	"github.com/axtree/axtree/internal/shared"
)

// tagCases are pages of unusual tags beside the corpus: SVG names the
// parser writes in camel case, custom elements (no atom), tags in shadow
// trees with their own rules, tag selectors in upper case, and the
// elements whose UA display depends on more than their tag.
var tagCases = map[string]string{
	"svg": `<style>clippath, CLIPPATH, svg { display: block } lineargradient::before { content: "x" }</style>` +
		`<svg><clipPath id=c><rect/></clipPath><linearGradient/><foreignObject><p>x</p></foreignObject></svg>` +
		`<math display=block><mi>x</mi></math>`,
	"custom": `<style>my-el, X-Y { display: block } my-el::after { content: "a" } [data-x] { display: flex } *:not(i) { cursor: pointer }</style>` +
		`<my-el><x-y>t</x-y></my-el><My-El>u</My-El><i data-x>v</i><i>w</i>`,
	"shadow": `<style>p { display: none }</style><div><template shadowrootmode=open><style>p { display: block } span { cursor: pointer }</style>` +
		`<p>in</p><span>s</span><slot></slot></template><p>out</p><span>light</span></div>`,
	"special": `<style>input, dialog, summary, audio, img { display: block } img::before, input::after, p::before { content: "x" }</style>` +
		`<input type=hidden><input><dialog>d</dialog><dialog open>o</dialog><audio></audio><audio controls></audio>` +
		`<details><summary>a</summary><summary>b</summary></details><summary>c</summary><p hidden>h</p>` +
		`<p hidden=until-found>u</p><p popover>p</p><embed hidden><img><br><p>p</p>`,
	"flat": `<details><summary>a</summary>x<p>y<b>z</b></p><summary>b</summary></details><details open>o<p>q</p></details>` +
		`<noscript><p>n</p></noscript><div><noscript>raw</noscript></div><style>noscript { display: block }</style>`,
	"flat-shadow": `<div><template shadowrootmode=open>s<slot name=a>fallback</slot><slot>def</slot></template>light<span slot=a>sl</span><i slot=none>un</i></div>`,
	"inherit": `<div style="visibility:hidden;cursor:pointer"><p>x<span inert>y</span></p></div><div inert><p>c<b>d</b></p></div>` +
		`<div style="content-visibility:hidden"><p>z<i>w</i></p></div><div style="display:none"><p>n</p></div>` +
		`<a href=/><b>l</b></a><details><p>closed</p><summary>s</summary><summary>t</summary></details>` +
		`<details open><p>open</p></details><p hidden=until-found><b>f</b></p>`,
}

// TestTagFactsSameAsByName checks the tag cache against the lookups it
// replaces, for every element of the corpus pages and the edge cases, in
// document order through one cache (so that entries are reused and
// slots shared by two atoms are refilled): the ancestor-filter bits of
// the tag name, the document tree's tag bucket, the UA display (where the
// cascade takes it from the cache: HTML elements without hidden, popover
// or a tag whose display depends on more), and noPseudo. Each page goes
// through caches of every size prepare makes (8 to 64 slots: the small
// ones share slots between atoms more often) and through a zero cache (which keeps nothing).
func TestTagFactsSameAsByName(t *testing.T) {
	for name, src := range shared.ReadPages(t, tagCases, filepath.Join("..", "corpus", "pages")) {
		for bits := uint8(2); bits <= tagBits; bits++ {
			label := fmt.Sprintf("%s (%d slots)", name, 1<<bits)
			if bits == 2 {
				label = name + " (not sized: caches nothing)"
			}
			checkTagFacts(t, label, src, bits)
		}
	}
}

// checkTagFacts is TestTagFactsSameAsByName for one page, through a cache
// of 1<<bits slots (bits 2: a zero cache, never sized).
func checkTagFacts(t *testing.T, name string, src []byte, bits uint8) {
	t.Helper()
	d, err := dom.ParseDoc(src)
	require.NoError(t, err, name)
	s := New(d)
	var tc tagCache
	if bits > 2 {
		tc.size(bits)
	}
	docRules := s.scopeOf(nil)
	cached := 0
	for i, n := range d.Elements {
		sc := d.Scope(n)
		r := docRules
		if sc != nil {
			r = s.scopeOf(sc)
		}
		x := tc.tagOf(n, r, sc == nil)
		if x.a != 0 {
			cached++
		}
		a, b := keyBits(keyKindTag, n.Data)
		var want []int32
		if r != nil && len(r.byTag) > 0 {
			want = r.byTag[dom.LowerASCII(n.Data)]
		}
		at := readAttrs(n)
		got := x.ua
		if n.Namespace != "" || at.has&(aHidden|aPopover) != 0 || x.special {
			got = defaultDisplayOf(n, &at)
		}
		ok := assert.Equal(t, [2]uint{a, b}, [2]uint{uint(x.bitA), uint(x.bitB)}, "%s: element %d <%s> filter bits", name, i, n.Data) &&
			assert.Equal(t, fmt.Sprint(want), fmt.Sprint(x.bucket), "%s: element %d <%s> tag bucket", name, i, n.Data) &&
			assert.Equal(t, defaultDisplayOf(n, &at), got, "%s: element %d <%s> UA display", name, i, n.Data) &&
			assert.Equal(t, noPseudoBefore[n.Data], x.noPseudo, "%s: element %d <%s> noPseudo", name, i, n.Data)
		if !ok {
			return
		}
	}
	if len(d.Elements) > 50 && bits > 2 {
		assert.Positive(t, cached, "%s: tags are cached", name)
	}
}

// TestTagBitsFor checks the tag cache's sizes: a slot per element from 8
// to 64 slots.
func TestTagBitsFor(t *testing.T) {
	for n, want := range map[int]uint8{0: 3, 1: 3, 8: 3, 9: 4, 16: 4, 17: 5, 33: 6, 64: 6, 65: 6, 1 << 20: 6} {
		assert.Equal(t, want, tagBitsFor(n), "%d elements", n)
	}
}

// universal returns r's universal selectors (none for nil r).
func universal(r *scopeRules) []int32 {
	if r == nil {
		return nil
	}
	return r.universal
}

// TestTagCacheKeysByAtom checks that an element whose atom does not spell
// its name (a node made by hand) is not answered from the entry of the
// atom's tag.
func TestTagCacheKeysByAtom(t *testing.T) {
	var tc tagCache
	tc.size(tagBits)
	div := &html.Node{Type: html.ElementNode, Data: "div", DataAtom: atom.Div}
	odd := &html.Node{Type: html.ElementNode, Data: "li", DataAtom: atom.Div}
	assert.Equal(t, kwBlock, tc.tagOf(div, nil, true).ua)
	x := tc.tagOf(odd, nil, true)
	assert.Equal(t, kwListItem, x.ua)
	assert.Zero(t, x.a, "found afresh, not cached")
	assert.Equal(t, kwBlock, tc.tagOf(div, nil, true).ua)
	// the same name in another string: the same facts (the entry filled again)
	copied := &html.Node{Type: html.ElementNode, Data: strings.Clone("div"), DataAtom: atom.Div}
	x = tc.tagOf(copied, nil, true)
	assert.Equal(t, kwBlock, x.ua)
	assert.Equal(t, unsafe.StringData(copied.Data), x.name, "filled for the copy")
	assert.Equal(t, kwBlock, tc.tagOf(div, nil, true).ua)
	assert.Equal(t, kwListItem, tc.tagOf(odd, nil, true).ua)
}

// TestEnsureFastSameAsChain checks ensureSlow's path for an element whose
// parent is computed against the general climb (ensureChain) it skips:
// on every corpus page and the edge cases, asked in document order (the
// fast path nearly always) and back to front (the climb), each element's
// entry, texts, the steps spent and the limits are those of a Sheet that
// only climbs.
func TestEnsureFastSameAsChain(t *testing.T) {
	for name, src := range shared.ReadPages(t, tagCases, filepath.Join("..", "corpus", "pages")) {
		d, err := dom.ParseDoc(src)
		require.NoError(t, err, name)
		for _, order := range [][]*html.Node{d.Elements, reversed(d.Elements)} {
			fast, slow := New(d), New(d)
			slow.prepare()
			for i, n := range order {
				a, b := fast.ensureSlow(n), slow.ensureChain(n)
				if !assert.Equal(t, slow.unpack(b), fast.unpack(a), "%s: element %d <%s>", name, i, n.Data) ||
					!assert.Equal(t, *b, *a, "%s: element %d <%s> entry", name, i, n.Data) {
					break
				}
			}
			assert.Equal(t, slow.steps, fast.steps, "%s: steps", name)
			assert.Equal(t, slow.LimitsHit(), fast.LimitsHit(), "%s: limits", name)
		}
	}
}

// TestPlainSameAsFinish checks compute's path for an element no
// declaration applies to (plain) against the general one (finish) it
// skips: for every such element of the corpus pages and the edge cases,
// both fill the same entry from the same parent, and it is the entry the
// Sheet computed.
func TestPlainSameAsFinish(t *testing.T) {
	for name, src := range shared.ReadPages(t, tagCases, filepath.Join("..", "corpus", "pages")) {
		d, err := dom.ParseDoc(src)
		require.NoError(t, err, name)
		s, probe := New(d), New(d)
		probe.prepare()
		plain := 0
		for i, n := range d.Elements {
			e := s.ensure(n)
			var parent *entry
			if p := d.Parent(n); p != nil && p.Type == html.ElementNode {
				parent = s.ensure(p)
			}
			at := readAttrs(n)
			sc := d.Scope(n)
			r := probe.scopeOf(sc)
			x := probe.tags.tagOf(n, r, sc == nil)
			if probe.cascade(n, sc, r, x, &at, probe.cas, nil) || x.docBox || d.Facts(n) != nil {
				continue
			}
			plain++
			a, b := *e, *e
			s.plain(n, parent, &a, x, &at)
			s.finish(n, parent, &b, x, &at, false, probe.cas)
			if !assert.Equal(t, b, a, "%s: element %d <%s>", name, i, n.Data) || !assert.Equal(t, *e, a, "%s: element %d <%s> as computed", name, i, n.Data) {
				break
			}
		}
		assert.Positive(t, plain, "%s: plain elements", name)
	}
}

// TestClassListSameAsTokens checks the class-list cache against the
// token loop it replaces, for every class list of the corpus pages and the
// edge cases, in document order through one cache (repeated lists are
// answered from it, and lists sharing a slot replace each other): the
// ancestor-filter bits of the tokens and the document tree's class
// buckets, in order.
func TestClassListSameAsTokens(t *testing.T) {
	cases := map[string]string{
		"classes": `<style>.a, .b { display: block } .a.c::before { content: "x" } .d { cursor: pointer }</style>` +
			`<p class="a b">1</p><p class="a a">2</p><p class=" a	c ">3</p><p class="">4</p><p class="e f g h i j">5</p><p class=d>6</p><p class="a b">7</p>`,
	}
	for k, v := range tagCases {
		cases[k] = v
	}
	for name, src := range shared.ReadPages(t, cases, filepath.Join("..", "corpus", "pages")) {
		d, err := dom.ParseDoc(src)
		require.NoError(t, err, name)
		s := New(d)
		s.prepare()
		r := s.docRules
		hits := 0
		for i, n := range d.Elements {
			at := readAttrs(n)
			if at.has&aClass == 0 {
				continue
			}
			var own ancFilter
			var want []int32
			for tok, rest := nextClass(at.class); tok != ""; tok, rest = nextClass(rest) {
				h := keyHash(0, tok)
				own.addHash(keyKindClass, h)
				if r != nil && len(r.byClass) > 0 && r.classKeys.mayHash(h) {
					want = append(want, r.byClass[tok]...)
				}
			}
			if s.classes != nil && s.classSlot(at.class).list == at.class {
				hits++
			}
			x := s.classOf(at.class, r)
			if !assert.Equal(t, own, x.own, "%s: element %d class %q filter bits", name, i, at.class) ||
				!assert.Equal(t, len(want), len(x.cands), "%s: element %d class %q candidates", name, i, at.class) ||
				len(want) > 0 && !assert.Equal(t, want, x.cands, "%s: element %d class %q candidates", name, i, at.class) {
				return
			}
		}
		if name == "classes" {
			assert.Positive(t, hits, "repeated lists come from the cache")
		}
	}
}

// TestDeclKeywordIDs checks the keyword id a declaration keeps from
// parsing against the Sheet's table lookup it replaces, for every
// declaration of every corpus page's rules and style attributes and of
// the edge cases.
func TestDeclKeywordIDs(t *testing.T) {
	cases := map[string]string{
		"keywords": `<style>p { display: flex } i { display: block ruby } b { display: inline list-item } u { display: -webkit-box }` +
			` s { visibility: collapse } q { content-visibility: auto } em { display: inherit } a { display: none !important }</style>` +
			`<p style="display: grid; visibility: hidden; content-visibility: hidden">x</p><i style="display: table-cell">y</i>`,
	}
	for name, src := range shared.ReadPages(t, cases, filepath.Join("..", "corpus", "pages")) {
		d, err := dom.ParseDoc(src)
		require.NoError(t, err, name)
		s := New(d)
		var all []*decl
		for _, r := range allRules(s) {
			for i := range r.decls {
				for k := range r.decls[i] {
					all = append(all, &r.decls[i][k])
				}
			}
		}
		for _, n := range d.Elements {
			if st, ok := dom.Attr(n, "style"); ok {
				ds := parseDecls(stripComments(st), true)
				for k := range ds {
					all = append(all, &ds[k])
				}
			}
		}
		for _, dl := range all {
			switch dl.prop {
			case propDisplay, propVisibility, propContentVisibility:
				if !assert.Equal(t, s.kws.id(dl.kw), s.kwOf(dl), "%s: %q", name, dl.kw) {
					return
				}
			}
		}
	}
}

// TestFlatShortcutSameAsOutsideFlat checks the shortcuts that skip
// outsideFlat and rawNoscript (no shadow root, and a parent that is no
// details or noscript element) against those checks themselves: for
// every node of the corpus pages and the edge cases, asked in document
// order, Rendered answers as the checks and the parent's entry do, and
// every element is gone exactly when its display is none, its parent's
// content is gone or outsideFlat says so.
func TestFlatShortcutSameAsOutsideFlat(t *testing.T) {
	for name, src := range shared.ReadPages(t, tagCases, filepath.Join("..", "corpus", "pages")) {
		d, err := dom.ParseDoc(src)
		require.NoError(t, err, name)
		s, ref := New(d), New(d)
		i := 0
		for n := range d.Root.Descendants() {
			i++
			p := d.Parent(n)
			got := s.Rendered(n)
			if n.Type == html.ElementNode {
				e := ref.ensure(n)
				gone := e.display == kwDispNone && d.Facts(n) == nil || p != nil && p.Type == html.ElementNode && (ref.ensure(p).has(fKidsGone) || ref.outsideFlat(n, p))
				if !assert.Equal(t, gone, e.has(fGone), "%s: node %d <%s> gone", name, i, n.Data) {
					return
				}
				continue
			}
			want := n.Type == html.TextNode || n.Type == html.DocumentNode
			if p != nil && p.Type == html.ElementNode {
				want = !ref.outsideFlat(n, p) && !rawNoscript(p) && !ref.ensure(p).has(fKidsGone) && ref.ensure(p).visibility == kwVisible
			}
			if !assert.Equal(t, want, got, "%s: node %d %q rendered", name, i, n.Data) {
				return
			}
		}
	}
}

// TestIndexedSameAsLookup checks the memo slot ensureSlow's fast path
// takes (indexed: the index first) against lookup's (the lookup cache
// first), for every element of the corpus pages and the edge cases, before
// and after each is computed, and for an element outside the document.
func TestIndexedSameAsLookup(t *testing.T) {
	for name, src := range shared.ReadPages(t, tagCases, filepath.Join("..", "corpus", "pages")) {
		d, err := dom.ParseDoc(src)
		require.NoError(t, err, name)
		s := New(d)
		for i, n := range d.Elements {
			require.Same(t, s.lookup(n), s.indexed(n), "%s: element %d before", name, i)
			s.ensure(n)
			require.Same(t, s.lookup(n), s.indexed(n), "%s: element %d after", name, i)
		}
		// out of order: the guess of the next element misses
		s = New(d)
		for k := range d.Elements {
			n := d.Elements[(k*7919+3)%len(d.Elements)]
			require.Same(t, s.lookup(n), s.indexed(n), "%s: element %d, jumping", name, k)
			require.Same(t, s.ensure(n), s.indexed(n), "%s: element %d, jumping, after", name, k)
			if i := d.Index(n); i >= 0 {
				require.Same(t, &s.memo[i], s.indexed(n), "%s: element %d, its slot", name, k)
			}
		}
		stray := &html.Node{Type: html.ElementNode, Data: "p", DataAtom: atom.P}
		assert.Nil(t, s.indexed(stray), "%s: an element outside the document has no slot yet", name)
		e := s.ensure(stray)
		assert.Same(t, e, s.indexed(stray), "%s: then the one ensure made", name)
	}
}

// sameAsWithoutMemo computes every element of d in document order on a
// Sheet whose matcher keeps its memo of simple compounds and on one whose
// matcher keeps none, with the given match steps, and checks the answers,
// the steps spent and the limits.
func sameAsWithoutMemo(t *testing.T, name string, d *dom.Doc, steps int) {
	t.Helper()
	with, without := New(d), New(d)
	with.steps, without.steps = steps, steps
	without.prepare()
	without.m.memoOn = false
	a, b := styleAll(with, d.Elements), styleAll(without, d.Elements)
	require.Len(t, a, len(b))
	for i := range a {
		if !assert.Equal(t, b[i], a[i], "%s: answer %d (element %d)", name, i, i/5) {
			return
		}
	}
	assert.Equal(t, without.steps, with.steps, "%s: steps", name)
	assert.Equal(t, without.LimitsHit(), with.LimitsHit(), "%s: limits", name)
}

// TestMatchMemoSameStyles checks the matcher's memo of simple compounds
// against matching without it: on the ancestor-filter page (deep
// descendant selectors) with steps to spare and running out part way,
// on edge cases of sibling combinators and shadow trees, and on every
// corpus page with steps to spare and cut.
func TestMatchMemoSameStyles(t *testing.T) {
	for _, depth := range []int{0, 3, 40} {
		d, err := dom.ParseDoc([]byte(filterPage(depth)))
		require.NoError(t, err)
		for _, steps := range []int{MaxMatchSteps, 200, 57, 1} {
			sameAsWithoutMemo(t, fmt.Sprintf("filter page depth %d, %d steps", depth, steps), d, steps)
		}
	}
	cases := map[string]string{
		"siblings": `<style>.a ~ .b .c { display: none } .a + p .d { visibility: hidden } div.x p.y span { cursor: pointer } ` +
			`.h .h .h i { display: block }</style><div class=x><p class=a>1</p><p class=b><span class=c>c</span><i class=d>d</i></p>` +
			`<p class=y><span>s</span></p></div><div class=h><div class=h><div class=h><i>i</i></div><i>j</i></div></div>`,
		"shadow-walk": `<div class=o><div id=h><template shadowrootmode=open><style>div span, .o b, section i { display: none }</style>` +
			`<section><b>x</b><span>y</span><p><i>z</i></p></section></template></div></div>`,
	}
	for k, v := range tagCases {
		cases[k] = v
	}
	for name, src := range shared.ReadPages(t, cases, filepath.Join("..", "corpus", "pages")) {
		d, err := dom.ParseDoc(src)
		require.NoError(t, err, name)
		sameAsWithoutMemo(t, name, d, MaxMatchSteps)
		sameAsWithoutMemo(t, name+" (steps cut)", d, 20_000)
	}
}

// TestClassCacheSizedByPage checks the class-list cache's size: a slot
// for two elements, from 8 to 1<<classBits.
func TestClassCacheSizedByPage(t *testing.T) {
	for n, want := range map[int]uint8{0: 3, 17: 3, 18: 4, 64: 5, 66: 6, 255: 7, 1112: 7, 1 << 20: 7} {
		assert.Equal(t, want, classBitsFor(n), "%d elements", n)
	}
}

// noPseudoBefore is noPseudo as it was, a map.
var noPseudoBefore = map[string]bool{
	"img": true, "input": true, "textarea": true, "select": true, "video": true,
	"audio": true, "iframe": true, "embed": true, "object": true, "canvas": true,
	"br": true, "wbr": true, "meter": true, "progress": true,
}

// TestNoPseudoSameAsMap checks noPseudo's switch against the map it
// replaced: every tag of the map, their upper-case, cut, suffixed and
// prefixed forms, every tag with a UA display, custom element names and
// the empty name (TestTagFactsSameAsByName compares every corpus element).
func TestNoPseudoSameAsMap(t *testing.T) {
	names := []string{"", "x-card", "img-x", "IMG", "Input", "imgs", "i", "b", "brr", "wb", "meter ", "progress\x00"}
	for k := range noPseudoBefore {
		names = append(names, k, strings.ToUpper(k), k[:len(k)-1], k+"s", "x"+k)
	}
	for k := range uaDisplay {
		names = append(names, k)
	}
	for _, n := range names {
		if got, want := noPseudo(n), noPseudoBefore[n]; got != want {
			t.Fatalf("noPseudo(%q) = %v, want %v", n, got, want)
		}
	}
}
