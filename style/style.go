// Package style is the small CSS cascade axtree needs without a layout
// engine: each element's default display, the page's own <style> rules and
// inline styles for display, visibility, content-visibility, cursor and
// ::before / ::after content, and live computed values from a capture where
// present.
//
// Scope and limits, where CSS says more than this package does:
//   - Only <style> elements are read (never <link rel=stylesheet>); a
//     <style> with a non-CSS type, a non-matching media attribute, or inside
//     an inert <template> is ignored. A <style> inside a declarative shadow
//     root applies to that shadow tree only (and to its host through :host).
//   - @media is evaluated against a fixed screen, ViewportWidth ×
//     ViewportHeight CSS px (see media.go for every feature's value);
//     @supports assumes every feature is supported; @layer (named,
//     anonymous, nested, and the @layer a, b; order statement) orders the
//     cascade; all other at-rules (@container, @scope, @font-face, ...) are
//     skipped, as are nested style rules (CSS nesting) and declarations
//     using var() or env().
//   - Selectors are compiled by cascadia one compound at a time, plus this
//     package's :is(), :where(), :not() over those, :host, :host(),
//     :any-link, :defined (false for custom elements: no script defines them),
//     :open, :scope; interaction states (:hover, :focus-visible,
//     :popover-open, ...) never match. Selectors nothing knows (::slotted,
//     :host-context, :nth-child(of S), ...) drop only themselves, not the
//     rest of their selector list.
//   - The page is the one a browser shows once its script has run at load,
//     without running it: scripting is on (<noscript> does not render,
//     (scripting: enabled) matches), and a rule that hides the whole
//     document — display:none, visibility:hidden or content-visibility:hidden
//     on the root element or body, from a style sheet, a style attribute or
//     the hidden attribute — is taken for the page waiting for its script to
//     show it (html{display:none} until a frame-busting script sets
//     display:block) and ignored: the root element and body always render.
//     A capture's live values still win.
//   - Limits (see the constants): MaxStyleBytes of style text per Sheet,
//     MaxSelectors kept selectors (MaxUniversal of them not keyed by id,
//     class, tag or attribute), MaxHasSelectors using :has(),
//     MaxSelectorLen, MaxCompounds, MaxNesting and MatchBudget per selector,
//     MaxMatchSteps per Sheet; specificity components clamp at 127 and
//     cascade layers at 250.
package style

import (
	"strings"
	"unsafe"

	"golang.org/x/net/html"

	"github.com/axtree/axtree/dom"
)

const (
	// MaxStyleBytes is the most style text (all <style> elements and style
	// attributes of a Sheet's document) that is parsed; the rest is ignored.
	MaxStyleBytes = 16 << 20
	// MaxSelectors is the most compiled selectors a Sheet keeps, over all
	// trees; later ones are dropped.
	MaxSelectors = 50000
	// MaxUniversal is the most kept selectors whose rightmost compound has
	// no id, class, tag or attribute to index them by (they are tested
	// against every element).
	MaxUniversal = 1000
	// MaxHasSelectors is the most kept selectors using :has(), whose
	// matching walks the element's subtree.
	MaxHasSelectors = 64
)

// Computed is the part of an element's computed style that the
// accessibility tree depends on.
type Computed struct {
	Display           string // "none", "block", "inline", "contents", "table-cell", ...
	Visibility        string // "visible", "hidden" or "collapse" (inherited)
	ContentVisibility string // "visible", "hidden" or "auto"
	Before, After     string // ::before / ::after content text
	HasBefore         bool   // a ::before box with content exists
	HasAfter          bool   // a ::after box with content exists
	CursorPointer     bool   // cursor: pointer (inherited, as computed cursor is)

	// BeforeDisplay and AfterDisplay are the display of the ::before and
	// ::after boxes ("" when there is no box), for name-computation
	// spacing: a block pseudo-element is separated by spaces.
	BeforeDisplay, AfterDisplay string
	// ZeroSize is true when live facts say the element's box has no area.
	ZeroSize bool
	// Inert is true when the element is inert: by live facts, or statically
	// by an inert attribute on it or a flat-tree ancestor.
	Inert bool
}

// scopeRules is the compiled author style of one tree (the document, or one
// shadow tree), indexed by the rightmost compound's key.
type scopeRules struct {
	sels  []selector
	decls [][]decl // by selector.rule
	// The buckets and their filters are nil until their first key
	// (addKey): most scopes use one or two kinds of key, and a kept Sheet
	// need not carry empty maps and 128-byte filters for the others.
	byID    map[string][]int32
	byClass map[string][]int32
	byTag   map[string][]int32
	byAttr  map[string][]int32
	// the keys of byID, byClass, byTag and byAttr, to skip the lookups
	// that miss; the cascade reads one only when its map has keys
	idKeys, classKeys, tagKeys, attrKeys *keyFilter
	universal                            []int32
	host                                 []int32 // selectors whose subject is :host (they style the host)
}

// Sheet resolves computed style for the elements of one document. It is not
// safe for concurrent use.
type Sheet struct {
	doc     *dom.Doc
	rules   *scopeRules                // the document tree's compiled style, or nil
	scopes  map[*html.Node]*scopeRules // each shadow tree's, by its shadow root template (nil: none)
	memo    []entry                    // by dom index
	kws     keywords                   // the memo's keyword strings
	pseudos []pseudoText               // the memo's ::before / ::after texts
	extra   map[*html.Node]*entry      // nodes outside the index
	slots   map[*html.Node]bool        // slots that have assigned nodes

	steps int // match steps left (MaxMatchSteps at New)
	// next is the index of the element after the one indexed last found,
	// its first guess (only compared, so any value is safe)
	next int32

	hit []string // limits reached while compiling, in a fixed order (LimitsHit)

	// the entries of recently asked elements, all computed: a
	// direct-mapped cache in front of the element index (the scratch's
	// hitV: made at the first question, dropped by Forget), as the tree
	// builder and the name
	// computation ask about an element, its parent and its siblings several
	// times each
	hits *[hitSlots]memoHit

	// ancOn: the document tree's rules have descendant selectors an
	// ancestor filter can reject, and the flat tree is the DOM tree (no
	// shadow roots), so compute keeps the filters (ancestors.go)
	ancOn bool
	// shadows: the document has a shadow root (outsideFlat must look at
	// every element's parent, not only at those of fKidsCheck)
	shadows bool
	// dropped: Forget let the compiled rules (scopes) go; the next
	// question compiles them again (keep.go)
	dropped bool

	// scratch of the cascade, reused across calls: made by the first
	// question (ensureSlow) and dropped by Forget, so that a kept Sheet
	// carries one nil pointer instead of 136 bytes of it
	*scratch
}

// scratch is what a Sheet reuses from one computation to the next.
type scratch struct {
	chain  []*html.Node
	chainE []*entry  // the memo slots of chain's elements (nil: none yet)
	cas    *cascaded // casV's address
	casV   cascaded
	// hitV is the lookup cache the Sheet's hits points to: one allocation
	// with the rest of the scratch, which it lives and is dropped with
	hitV  [hitSlots]memoHit
	cands []int32
	m     matcher
	// docRules is the document tree's rules (nil when it has none), read
	// without the scopes map for every document-tree element
	docRules *scopeRules
	tags     tagCache
	classes  []classList  // made by the first class list (classOf), of 1<<cbits slots
	cbits    uint8        // the class-list cache's size, by the page's (prepare)
	ancs     []ancSlot    // by depth, while the ancestor filters are on (keepAncestors)
	ancPath  []*html.Node // keptAncestors' elements to keep again
}

// New compiles the document's <style> blocks (and those inside each shadow
// tree, scoped to it) and returns a Sheet for it.
func New(d *dom.Doc) *Sheet {
	if d == nil {
		d = dom.New(&html.Node{Type: html.DocumentNode})
	}
	s := &Sheet{doc: d, steps: MaxMatchSteps} // rules and scopes: made by compile when there is a sheet
	s.compile()
	if !d.HasShadowRoots() {
		return s // no host to look for (most pages)
	}
	s.findSlots()
	return s
}

// findSlots marks the slots that have assigned nodes, for a document with
// shadow roots. A shadow root is a <template> child of its host, so the
// hosts are found from the templates (a name test each) instead of asking
// every element for a shadow root (a map lookup each).
func (s *Sheet) findSlots() {
	d := s.doc
	for _, sr := range d.Elements {
		if sr.Data != "template" {
			continue
		}
		e := sr.Parent
		if e == nil || d.ShadowRoot(e) != sr {
			continue
		}
		s.ancOn = false // the flat tree is not the DOM tree selectors match in
		s.shadows = true
		for c := e.FirstChild; c != nil; c = c.NextSibling {
			if c != sr && d.Parent(c) != c.Parent {
				if s.slots == nil {
					s.slots = map[*html.Node]bool{}
				}
				s.slots[d.Parent(c)] = true
			}
		}
	}
}

// Forget drops the computed style the Sheet remembers for each element
// (and the ::before / ::after texts beside it), and the compiled rules,
// which the next question compiles again from the document's <style>
// elements (unless a compile-time limit cut them: then they stay).
// Later calls compute again, with the same results, and remember again.
// When the match steps ran out (LimitsHit says "style-match"), what was
// computed before the cut cannot be computed again the same way, so the
// Sheet then keeps everything. Otherwise the step budget starts afresh:
// each element costs the same steps each time it is computed, so a Sheet
// that never ran out before Forget computes every element it is asked
// for after it within the budget too.
func (s *Sheet) Forget() {
	if s.steps <= 0 {
		return
	}
	s.memo, s.pseudos, s.extra = nil, nil, nil
	s.hits = nil
	s.scratch = nil
	s.steps = MaxMatchSteps
	s.dropRules()
}

// limit records that a compile-time limit dropped rules, once per kind.
func (s *Sheet) limit(kind string) {
	for _, k := range s.hit {
		if k == kind {
			return
		}
	}
	s.hit = append(s.hit, kind)
}

// LimitsHit names the limits that made the Sheet drop style rules or stop
// matching, in the order first hit: "style-bytes" (MaxStyleBytes),
// "style-selectors" (MaxSelectors), "style-has" (MaxHasSelectors),
// "style-universal" (MaxUniversal), "style-match" (MaxMatchSteps ran out, so
// later elements were matched against no more rules). Empty when the cascade
// is complete. Callers surface them (the tree prints them in its
// [truncated=…] note) so that a hostile sheet cannot silently change what
// is shown.
func (s *Sheet) LimitsHit() []string {
	out := append([]string(nil), s.hit...)
	if s.steps <= 0 {
		out = append(out, "style-match")
	}
	return out
}

// treeSheet is the parsed style of one tree while compile gathers it.
type treeSheet struct {
	sc     *html.Node // the tree's shadow root template (nil: the document)
	raw    []rawRule
	layers layerTree
}

// maxScanTrees is the most trees compile finds by a scan of those it has
// met; past it they are found through a map.
const maxScanTrees = 8

// compile parses every applicable <style> element into its tree's rules.
func (s *Sheet) compile() {
	d := s.doc
	// the trees with a sheet, in first-seen order (deterministic): most
	// pages have one at most, the document's, found in a short scan
	// instead of a map (at is made past maxScanTrees of them)
	var treesBuf [2]treeSheet
	trees := treesBuf[:0]
	var at map[*html.Node]int
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
		k := -1
		if at != nil {
			if i, ok := at[sc]; ok {
				k = i
			}
		} else {
			for i := range trees {
				if trees[i].sc == sc {
					k = i
					break
				}
			}
		}
		if k < 0 {
			k = len(trees)
			trees = append(trees, treeSheet{sc: sc})
			if at != nil || len(trees) > maxScanTrees {
				if at == nil {
					at = make(map[*html.Node]int, 2*len(trees))
					for i := range trees {
						at[trees[i].sc] = i
					}
				}
				at[sc] = k
			}
		}
		t := &trees[k]
		stripped, cuts := stripCommentsAt(text)
		before := len(t.raw)
		t.raw = parseSheet(stripped, &t.layers, t.raw)
		if cuts != nil || len(stripped) != len(text) {
			// Comments were cut: the rules would keep the whole stripped
			// copy alive through the pieces they hold.
			rehomeRules(t.raw[before:], stripped, text, cuts)
		}
		if budget <= 0 {
			break
		}
	}
	if len(trees) == 0 {
		return // no sheet: no compiler, and no rules
	}
	if len(trees) > 1 || trees[0].sc != nil {
		s.scopes = make(map[*html.Node]*scopeRules, len(trees))
	}
	c := newCompiler(&s.steps)
	total, has := 0, 0
	var partsBuf [4]string
	for k := range trees {
		t := &trees[k]
		sc := t.sc
		c.host = nil
		if sc != nil {
			c.host = sc.Parent
		}
		ranks := t.layers.ranks()
		r := &scopeRules{}
		if len(t.raw) > 0 {
			r.decls = make([][]decl, 0, len(t.raw)) // a rule's each
		}
		for ri, rr := range t.raw {
			r.decls = append(r.decls, rr.decls)
			for _, text := range splitTopTo(partsBuf[:0], rr.selectors, ',') {
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
				if r.sels == nil {
					// one selector per rule, as most rules have: the
					// first guess at the array's length
					r.sels = make([]selector, 0, len(t.raw)-ri)
				}
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
		r.sels = exact(r.sels)
		r.universal, r.host = exact(r.universal), exact(r.host)
		if sc == nil {
			s.rules = r
		} else {
			s.scopes[sc] = r
		}
	}
}

// addKey appends selector idx to the bucket of key in *m, and key to the
// filter *f (nil f: the bucket has none), making either on its first key.
func addKey(m *map[string][]int32, f **keyFilter, key string, idx int32) {
	if *m == nil {
		*m = map[string][]int32{}
	}
	(*m)[key] = append((*m)[key], idx)
	if f != nil {
		if *f == nil {
			*f = new(keyFilter)
		}
		(*f).add(key)
	}
}

// exact returns s in an array of its length: the rules of a scope are kept
// as long as the Sheet, and append's doubling leaves up to half of each
// array unused (a few KB on a page's sheet, beside its small tree).
func exact[T any](s []T) []T {
	if cap(s) == len(s) {
		return s
	}
	return append(make([]T, 0, len(s)), s...)
}

// Priority bits: important (62), inline (61), tree context (60: set on
// normal declarations of the element's own tree and on important ones of a
// shadow tree's :host rules, so that the outer tree wins for normal and the
// inner for important declarations), cascade layer (51..58: the layer rank
// for normal declarations, reversed for important ones), specificity
// (30..50), source order (0..29).
const (
	contextBit    = uint64(1) << 60
	orderMask     = 1<<30 - 1
	inlineBit     = uint64(1) << 61
	importantBit  = uint64(1) << 62
	inlinePrio    = inlineBit | orderMask
	noPrio        = ^uint64(0)
	maxChainDepth = 1 << 20
)

// layerBits places a layer rank in a priority: later layers win for
// normal declarations, earlier ones for important declarations.
func layerBits(rank uint8, important bool) uint64 {
	if important {
		rank = 255 - rank
	}
	return uint64(rank) << 51
}

// inInertTemplate reports whether e sits inside a <template> that is not
// the shadow root of its own tree.
func inInertTemplate(e, scope *html.Node) bool {
	for p := e.Parent; p != nil && p != scope; p = p.Parent {
		if dom.IsHTML(p, "template") {
			return true
		}
	}
	return false
}

// styleApplies checks a <style>'s type and media attributes.
func styleApplies(e *html.Node) bool {
	if t, ok := dom.Attr(e, "type"); ok {
		t = strings.ToLower(strings.TrimSpace(t))
		if t != "" && t != "text/css" {
			return false
		}
	}
	if m, ok := dom.Attr(e, "media"); ok && !evalMediaList(m) {
		return false
	}
	return true
}

// textContent concatenates the text children of e.
func textContent(e *html.Node) string {
	if c := e.FirstChild; c != nil && c.NextSibling == nil && c.Type == html.TextNode {
		return c.Data
	}
	var b strings.Builder
	for c := e.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.TextNode {
			b.WriteString(c.Data)
		}
	}
	return b.String()
}

// cascaded holds the winning declaration per pseudo box and property.
type cascaded struct {
	prio  [numPseudo][numProps]uint64
	d     [numPseudo][numProps]*decl
	dirty bool // a declaration was offered since the last reset
}

func (c *cascaded) reset() {
	if c.dirty {
		*c = cascaded{}
	}
}

func (c *cascaded) offer(ps pseudo, dl *decl, prio uint64) {
	if dl.important {
		prio |= importantBit
	}
	c.dirty = true
	if c.d[ps][dl.prop] == nil || prio >= c.prio[ps][dl.prop] {
		c.prio[ps][dl.prop] = prio
		c.d[ps][dl.prop] = dl
	}
}

// cascade collects the declarations that apply to element n and reports
// whether there is any.
// n is in the tree of shadow root sc (nil: the document tree), whose rules
// are r (nil: none); t are its tag's facts.
func (s *Sheet) cascade(n, sc *html.Node, r *scopeRules, t *tagInfo, at *elemAttrs, out *cascaded, own *ancFilter) bool {
	out.reset()
	// n's own keys go into own (a zero filter: compute adds it to its
	// children's ancestor filter) as the bucket lookups read them: each id
	// and class is hashed once for both (addElement's keys, in one pass).
	if own != nil {
		own.set(uint(t.bitA), uint(t.bitB))
	}
	c := s.cands[:0]
	if at.has&aID != 0 {
		if byID := r != nil && len(r.byID) > 0; own != nil || byID {
			id := at.id
			h := keyHash(0, id)
			if own != nil {
				own.addHash(keyKindID, h)
			}
			if byID && id != "" && r.idKeys.mayHash(h) {
				c = append(c, r.byID[id]...)
			}
		}
	}
	if at.has&aClass != 0 {
		byClass := r != nil && len(r.byClass) > 0
		if (own != nil || byClass) && sc == nil {
			// a document-tree element: its class list's keys from the cache
			x := s.classOf(at.class, r)
			if own != nil {
				own[0] |= x.own[0]
				own[1] |= x.own[1]
			}
			if byClass {
				c = append(c, x.cands...)
			}
		} else if own != nil || byClass {
			for tok, rest := nextClass(at.class); tok != ""; tok, rest = nextClass(rest) {
				h := keyHash(0, tok)
				if own != nil {
					own.addHash(keyKindClass, h)
				}
				if byClass && r.classKeys.mayHash(h) {
					c = append(c, r.byClass[tok]...)
				}
			}
		}
	}
	if r != nil {
		// Duplicate buckets (class="a a", or an attribute repeated) would
		// offer the same selector twice: harmless, as offer is idempotent.
		if len(c) == 0 && len(r.byAttr) == 0 {
			// no id, class or attribute candidates (most elements): the
			// tag's bucket and the universal selectors, without a copy
			if len(t.bucket) > 0 {
				s.offerMatches(n, sc, r, t.bucket, 0, out)
			}
			if len(r.universal) > 0 {
				s.offerMatches(n, sc, r, r.universal, 0, out)
			}
		} else {
			c = append(c, t.bucket...)
			if len(r.byAttr) > 0 {
				c = s.attrCandidates(n, r, c)
			}
			c = append(c, r.universal...)
			s.cands = c[:0]
			if len(c) > 0 {
				s.offerMatches(n, sc, r, c, 0, out)
			}
		}
	}
	s.m.ancOK = false // the filter is of the document tree's ancestors
	if sr := s.doc.ShadowRoot(n); sr != nil {
		if r := s.scopes[sr]; r != nil && len(r.host) > 0 {
			s.offerMatches(n, sr, r, r.host, importantBit, out)
		}
	}
	if at.style != "" {
		offerInline(at.style, out)
	}
	return out.dirty
}

// offerMatches offers out the declarations of the selectors c of rules r
// (of the tree of shadow root sc) that match n. Declarations whose
// importance is ctx (0 for normal ones: the element's own tree; or
// importantBit: the important ones of the :host rules of n's shadow tree)
// get the tree-context bit.
func (s *Sheet) offerMatches(n, sc *html.Node, r *scopeRules, c []int32, ctx uint64, out *cascaded) {
	s.m.scope = sc
	for _, si := range c {
		sel := &r.sels[si]
		if !s.m.matches(sel, n) {
			continue
		}
		ds := r.decls[sel.rule]
		for k := range ds {
			d := &ds[k]
			imp := uint64(0)
			if d.important {
				imp = importantBit
			}
			p := sel.prio | layerBits(sel.layer, d.important)
			if imp == ctx {
				p |= contextBit
			}
			out.offer(sel.pseudo, d, p)
		}
	}
}

// attrCandidates appends to c the attribute buckets of n's attributes (an
// attribute the bucket keys' filter has not is looked up in no map: most
// of an element's attributes have no bucket).
//
//go:noinline
func (s *Sheet) attrCandidates(n *html.Node, r *scopeRules, c []int32) []int32 {
	for i := range n.Attr {
		if a := &n.Attr[i]; a.Namespace == "" && r.attrKeys.may(a.Key) {
			c = append(c, r.byAttr[a.Key]...)
		}
	}
	return c
}

// offerInline offers out the declarations of a style attribute.
//
//go:noinline
func offerInline(st string, out *cascaded) {
	if len(st) > MaxStyleBytes {
		st = st[:MaxStyleBytes]
	}
	ds := parseDecls(stripComments(st), true)
	for k := range ds {
		out.offer(pseudoNone, &ds[k], inlinePrio)
	}
}

// Style returns the computed style of element n. For a non-element node it
// returns the zero Computed with Display "" and the flat-tree parent's
// visibility.
func (s *Sheet) Style(n *html.Node) Computed {
	if n == nil {
		return Computed{Visibility: "visible"}
	}
	if n.Type != html.ElementNode {
		p := s.doc.Parent(n)
		if p == nil || p.Type != html.ElementNode {
			return Computed{Visibility: "visible"}
		}
		return Computed{Visibility: s.kws.str(s.ensure(p).visibility)}
	}
	return s.unpack(s.ensure(n))
}

// Display returns the computed display of element n ("" for other nodes):
// Style(n).Display without building the whole Computed.
func (s *Sheet) Display(n *html.Node) string {
	if n == nil || n.Type != html.ElementNode {
		return ""
	}
	e := s.cached(n)
	if e == nil {
		e = s.ensureSlow(n)
	}
	return s.kws.str(e.display)
}

// Visibility returns the computed visibility of n, Style(n).Visibility
// without building the whole Computed: a non-element node has its
// flat-tree parent's.
func (s *Sheet) Visibility(n *html.Node) string {
	if n == nil {
		return "visible"
	}
	if n.Type != html.ElementNode {
		p := s.doc.Parent(n)
		if p == nil || p.Type != html.ElementNode {
			return "visible"
		}
		n = p
	}
	e := s.cached(n)
	if e == nil {
		e = s.ensureSlow(n)
	}
	return s.kws.str(e.visibility)
}

// HasPseudo reports whether element n has a ::before or ::after box
// (Style(n).HasBefore or HasAfter; false for other nodes): callers on the
// per-element path ask it before building the whole Computed.
func (s *Sheet) HasPseudo(n *html.Node) bool {
	if n == nil || n.Type != html.ElementNode {
		return false
	}
	e := s.cached(n)
	if e == nil {
		e = s.ensureSlow(n)
	}
	return e.flags&(fHasBefore|fHasAfter) != 0
}

// CursorPointer reports Style(n).CursorPointer for element n (false for
// other nodes).
func (s *Sheet) CursorPointer(n *html.Node) bool {
	if n == nil || n.Type != html.ElementNode {
		return false
	}
	e := s.cached(n)
	if e == nil {
		e = s.ensureSlow(n)
	}
	return e.has(fCursor)
}

// Rendered reports whether n generates a box a person could see: false when
// n or a flat-tree ancestor has display:none, when n's computed visibility is
// hidden or collapse, when an ancestor has content-visibility:hidden (the
// element itself still renders), when n is a light-DOM child of a shadow
// host that no slot takes (or slot fallback content while the slot has
// assigned nodes), when n is content of a closed <details> other than its
// summary, or when live facts say so (zero size, hidden). For a text node
// it reports whether its flat-tree parent's content renders; the text of a
// <noscript> parsed with scripting on (raw markup, no element children) is
// not rendered. n must belong to the Sheet's document: an iframe's document
// needs a Sheet of its own.
func (s *Sheet) Rendered(n *html.Node) bool {
	if n == nil {
		return false
	}
	if n.Type != html.ElementNode {
		p := s.doc.Parent(n)
		if p == nil || p.Type != html.ElementNode {
			return n.Type == html.TextNode || n.Type == html.DocumentNode
		}
		if e := s.cached(p); e != nil && !s.shadows && !e.has(fKidsCheck) {
			// without shadow trees, only a details or noscript parent can
			// leave its content out (outsideFlat, rawNoscript)
			return !e.has(fKidsGone) && e.visibility == kwVisible
		}
		if s.outsideFlat(n, p) || rawNoscript(p) {
			return false
		}
		e := s.cached(p)
		if e == nil {
			e = s.ensureSlow(p)
		}
		return !e.has(fKidsGone) && e.visibility == kwVisible
	}
	e := s.cached(n)
	if e == nil {
		e = s.ensureSlow(n)
	}
	return e.flags&(fGone|fZeroSize) == 0 && e.visibility == kwVisible
}

// Inline reports whether element n is inline-level (display inline,
// inline-block, inline-flex, ..., ruby, or contents), as the accessible
// name computation needs to decide whether to separate its text with
// spaces. Non-elements are inline.
func (s *Sheet) Inline(n *html.Node) bool {
	if n == nil || n.Type != html.ElementNode {
		return true
	}
	return isInlineDisplay(s.kws.str(s.ensure(n).display))
}

// IsInlineDisplay reports whether a display value is inline-level (inline,
// inline-*, ruby) or contents.
func IsInlineDisplay(display string) bool { return isInlineDisplay(display) }

// rawNoscript reports whether p is a <noscript> whose content was parsed as
// raw text (scripting on), i.e. it has no element children.
func rawNoscript(p *html.Node) bool {
	if !dom.IsHTML(p, "noscript") {
		return false
	}
	for c := p.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode {
			return false
		}
	}
	return true
}

// outsideFlat reports whether n (child of flat parent p) is outside the
// flat tree or the rendered part of p's content: an unassigned light child
// of a shadow host, slot fallback content while the slot has assigned
// nodes, or content of a closed <details> other than its first summary.
func (s *Sheet) outsideFlat(n, p *html.Node) bool {
	d := s.doc
	if n.Parent == p {
		if d.ShadowRoot(p) != nil {
			return true // p is a host and n was not assigned to a slot
		}
		if s.slots != nil && s.slots[p] && d.Scope(p) != nil && p.Data == "slot" {
			return true // fallback content of a slot with assigned nodes
		}
	}
	if dom.IsHTML(p, "details") && !dom.Has(p, "open") {
		if n.Type != html.ElementNode || !dom.IsHTML(n, "summary") || firstSummary(p) != n {
			return true
		}
	}
	return false
}

// ensure computes (once) and returns the memo entry of element n, computing
// flat-tree ancestors first without recursion.
// Callers on the per-element path write it out as
//
//	e := s.cached(n)
//	if e == nil {
//		e = s.ensureSlow(n)
//	}
//
// so that a cached element costs no call beyond theirs.
func (s *Sheet) ensure(n *html.Node) *entry {
	if e := s.cached(n); e != nil {
		return e
	}
	return s.ensureSlow(n)
}

// cached returns n's computed entry from the lookup cache, or nil.
func (s *Sheet) cached(n *html.Node) *entry {
	if h := s.hits; h != nil {
		if x := &h[hitSlot(n)]; x.n == n {
			return x.e // nil for an empty slot (n nil)
		}
	}
	return nil
}

// ensureSlow is ensure past the lookup cache; it puts n's entry there.
func (s *Sheet) ensureSlow(n *html.Node) *entry {
	if s.hits == nil || s.scratch == nil || s.memo == nil && s.doc.Len() > 0 {
		s.prepare()
	}
	// The common question: an element of the index whose flat-tree parent
	// is computed (or who has none), as the tree builder asks them top
	// down. The walk below does the same for it with more steps.
	if n != nil && n.Type == html.ElementNode {
		// (n's lookup-cache slot was tried by the caller: the index first)
		if e := s.indexed(n); e != nil {
			if !e.has(fDone) {
				var parent *entry
				if p := s.doc.Parent(n); p != nil && p.Type == html.ElementNode {
					if parent = s.lookup(p); parent == nil || !parent.has(fDone) {
						return s.ensureChain(n)
					}
				}
				s.compute(n, parent, e, s.cas)
				e.flags |= fDone
			}
			s.hits[hitSlot(n)] = memoHit{n, e}
			return e
		}
	}
	return s.ensureChain(n)
}

// prepare makes what ensureSlow fills: the lookup cache, the scratch and
// the memo (dropped by Forget).
func (s *Sheet) prepare() {
	if s.scratch == nil {
		s.recompile() // the rules Forget dropped (keep.go)
		n := s.doc.Len()
		sc := &scratch{cbits: classBitsFor(n)}
		sc.tags.size(tagBitsFor(n))
		sc.cas = &sc.casV
		s.scratch = sc
		s.hits = &sc.hitV
		s.m.steps = &s.steps
		s.m.memoOn = true
		s.docRules = s.scopeOf(nil)
	}
	if s.memo == nil && s.doc.Len() > 0 {
		s.memo = make([]entry, s.doc.Len()) // dropped by Forget
	}
}

// ensureChain is ensureSlow for any element: it climbs the flat tree to the
// first computed ancestor and computes the elements below it, top down.
func (s *Sheet) ensureChain(n *html.Node) *entry {
	chain, slots := s.chain[:0], s.chainE[:0]
	limit := maxChainDepth
	if l := len(s.memo) + 1; l < limit {
		limit = l
	}
	var top *entry // n's entry when computed, else the memoized parent of the chain's topmost element
	for x := n; x != nil && x.Type == html.ElementNode; x = s.doc.Parent(x) {
		e := s.lookup(x)
		if e != nil && e.has(fDone) {
			top = e
			break
		}
		if len(chain) >= limit {
			break // a cycle or an absurd depth: treat x as a root
		}
		chain, slots = append(chain, x), append(slots, e)
	}
	parent := top
	cas := s.cas
	for i := len(chain) - 1; i >= 0; i-- {
		x, e := chain[i], slots[i]
		if e == nil {
			e = s.slot(x) // outside the index
		}
		s.compute(x, parent, e, cas)
		e.flags |= fDone
		parent = e
	}
	s.chain, s.chainE = chain[:0], slots[:0]
	if parent != nil && n != nil {
		s.hits[hitSlot(n)] = memoHit{n, parent}
	}
	return parent
}

// scopeOf returns the rules of the tree of shadow root sc (nil: the
// document tree), or nil when it has none.
func (s *Sheet) scopeOf(sc *html.Node) *scopeRules {
	r := s.rules
	if sc != nil {
		r = s.scopes[sc]
	}
	if r != nil && len(r.sels) == 0 {
		r = nil
	}
	return r
}

// indexed returns the memo slot of n, or lookup's answer when n is not in
// the index: the slot lookup finds, without trying the lookup cache first.
func (s *Sheet) indexed(n *html.Node) *entry {
	// The tree builder asks in document order, the order of the index:
	// the element after the last one found here is tried first, which
	// costs a load and a compare instead of the index's lookup.
	if i := int(s.next); i < len(s.memo) && i < len(s.doc.Elements) && s.doc.Elements[i] == n {
		s.next++
		return &s.memo[i]
	}
	if i := s.doc.Index(n); i >= 0 && i < len(s.memo) {
		s.next = int32(i + 1)
		return &s.memo[i]
	}
	return s.lookup(n)
}

// lookup returns the memo slot of n, or nil when there is none yet.
func (s *Sheet) lookup(n *html.Node) *entry {
	if h := s.hits; h != nil && n != nil {
		if x := &h[hitSlot(n)]; x.n == n {
			return x.e
		}
	}
	if i := s.doc.Index(n); i >= 0 && i < len(s.memo) {
		return &s.memo[i]
	}
	return s.extra[n]
}

// hitBits sizes the lookup cache: 1<<hitBits slots.
const (
	hitBits  = 6
	hitSlots = 1 << hitBits
)

// memoHit is one slot of the lookup cache: a node and its memo entry.
type memoHit struct {
	n *html.Node
	e *entry
}

// hitSlot is n's slot in the lookup cache (Fibonacci hashing of its
// address; the address is only hashed, never turned back into a pointer).
func hitSlot(n *html.Node) int {
	return int(uint64(uintptr(unsafe.Pointer(n))) * 0x9E3779B97F4A7C15 >> (64 - hitBits))
}

// slot returns the memo slot of n, creating one for unindexed nodes.
func (s *Sheet) slot(n *html.Node) *entry {
	if e := s.lookup(n); e != nil {
		return e
	}
	if s.extra == nil {
		s.extra = map[*html.Node]*entry{}
	}
	e := &entry{}
	s.extra[n] = e
	return e
}

// compute fills e for element n given its flat-tree parent's entry (nil at
// the root).
func (s *Sheet) compute(n *html.Node, parent *entry, e *entry, cas *cascaded) {
	var own *ancFilter
	if s.ancOn {
		// n's ancestor data (ancestors.go), written out here as every
		// element of a page with the filters on comes this way
		d, ok := 0, true
		var anc ancFilter
		if parent != nil {
			d = min(int(parent.depth)+1, maxDepth)
			if x := s.ancSlot(d - 1); x != nil && x.n == n.Parent {
				anc, ok = x.anc, x.ok
			} else if d-1 < maxAncDepth {
				anc, ok = s.keptAncestors(n.Parent, d-1)
			} else {
				ok = false
			}
		} else if p := n.Parent; p != nil && p.Type == html.ElementNode {
			ok = false // ensure stopped climbing early: ancestors unknown
		}
		s.m.anc, s.m.ancOK, s.m.depth, e.depth = anc, ok, d, uint16(d)
		if d < maxAncDepth && hasElementChild(n) { // keepAncestors
			if d >= len(s.ancs) {
				s.growAncestors(d)
			}
			x := &s.ancs[d]
			x.n, x.anc, x.self, x.ok = n, anc, ancFilter{}, ok
			own = &x.self
		}
	}
	var at elemAttrs
	at.read(n)
	sc := s.doc.Scope(n)
	r := s.docRules
	if sc != nil {
		r = s.scopeOf(sc)
	}
	t := s.tags.tagOf(n, r, sc == nil)
	declared := false
	if own != nil || s.mayDeclare(n, r, &at) { // most elements of a page without a sheet skip the cascade
		declared = s.cascade(n, sc, r, t, &at, cas, own)
	}
	if own != nil {
		// n's keys (own, its slot's self) join its ancestors' for its children
		x := &s.ancs[e.depth]
		x.anc[0] |= own[0]
		x.anc[1] |= own[1]
	}
	s.m.ancOK = false
	if !declared && !t.docBox && s.doc.Facts(n) == nil {
		s.plain(n, parent, e, t, &at)
		return
	}
	s.finish(n, parent, e, t, &at, declared, cas)
}

// mayDeclare reports whether a declaration may apply to element n, whose
// tree's rules are r (nil: none), with attributes at: only from r, from a
// style attribute, or from the :host rules of n's shadow root. When it is
// false cascade would find nothing (and keep no ancestor keys: with no
// rules the ancestor filters are off).
func (s *Sheet) mayDeclare(n *html.Node, r *scopeRules, at *elemAttrs) bool {
	return r != nil || at.has&aStyle != 0 || s.doc.ShadowRoot(n) != nil
}

// plain is finish for the common element: no declaration applies to it
// (declared false), no live facts, and not the root element or body. Its
// style is its UA defaults and what it inherits from parent, and it has no
// ::before / ::after box.
func (s *Sheet) plain(n *html.Node, parent, e *entry, t *tagInfo, at *elemAttrs) {
	display := t.ua
	if n.Namespace != "" || at.has&(aHidden|aPopover) != 0 || t.special {
		display = defaultDisplayOf(n, at)
	}
	vis, f := kwVisible, entryFlags(0)
	if parent != nil {
		vis, f = parent.visibility, parent.flags&(fCursor|fInert)
		if parent.has(fKidsGone) {
			f |= fGone
		}
	}
	if uaCursorPointer(n, at) {
		f |= fCursor
	}
	if n.Namespace == "" && at.has&aInert != 0 {
		f |= fInert
	}
	if display == kwDispNone {
		f |= fGone
	}
	if f&fGone == 0 && s.mayBeOutside(parent) {
		if p := s.doc.Parent(n); p != nil && p.Type == html.ElementNode && s.outsideFlat(n, p) {
			f |= fGone
		}
	}
	if t.kidsCheck && n.Namespace == "" {
		f |= fKidsCheck
	}
	cv := uaContentVisibility(n, at)
	if f&fGone != 0 || cv == kwHidden {
		f |= fKidsGone
	}
	e.display, e.visibility, e.contentVis = display, vis, cv
	e.pseudo = 0
	e.flags = e.flags&fDone | f
}

// mayBeOutside reports whether an element whose flat-tree parent's entry is
// parent (nil: none known) may be outside the flat tree or its parent's
// rendered content (outsideFlat): only in a document with shadow trees, or
// under a details or noscript element (fKidsCheck).
func (s *Sheet) mayBeOutside(parent *entry) bool {
	return s.shadows || parent == nil || parent.has(fKidsCheck)
}

// finish fills e for element n from its cascaded declarations (declared:
// there are some, in cas), its UA defaults, its parent's entry (nil at a
// root) and its live facts.
func (s *Sheet) finish(n *html.Node, parent, e *entry, t *tagInfo, at *elemAttrs, declared bool, cas *cascaded) {
	pDisplay, pVis, pCV := kwInline, kwVisible, kwVisible
	pCursor, pInert := false, false
	if parent != nil {
		pDisplay, pVis, pCV = parent.display, parent.visibility, parent.contentVis
		pCursor, pInert = parent.has(fCursor), parent.has(fInert)
	}

	// display (not inherited)
	display := t.ua
	if n.Namespace != "" || at.has&(aHidden|aPopover) != 0 || t.special {
		display = defaultDisplayOf(n, at)
	}
	// visibility (inherited)
	vis := pVis
	// content-visibility (not inherited)
	cv := uaContentVisibility(n, at)
	// cursor (inherited)
	cursor := pCursor || uaCursorPointer(n, at)
	if declared {
		if dl := cas.d[pseudoNone][propDisplay]; dl != nil {
			switch dl.kw {
			case "inherit":
				display = pDisplay
			case "initial", "unset":
				display = kwInline
			case "revert", "revert-layer":
			default:
				display = s.kwOf(dl)
			}
		}
		if dl := cas.d[pseudoNone][propVisibility]; dl != nil {
			switch dl.kw {
			case "inherit", "unset", "revert", "revert-layer":
			case "initial":
				vis = kwVisible
			default:
				vis = s.kwOf(dl)
			}
		}
		if dl := cas.d[pseudoNone][propContentVisibility]; dl != nil {
			switch dl.kw {
			case "inherit":
				cv = pCV
			case "initial", "unset":
				cv = kwVisible
			case "revert", "revert-layer":
			default:
				cv = s.kwOf(dl)
			}
		}
	}
	if documentBox(n) {
		// A static render runs no script: a rule that hides the whole
		// document is the page waiting for its script to show it (the
		// anti-clickjacking html{display:none} idiom, anti-flicker
		// snippets), and a browser shows the page. The root element and
		// body always render; live facts from a capture still win below.
		if display == kwDispNone {
			display = kwBlock
		}
		if vis != kwVisible {
			vis = kwVisible
		}
		if cv == kwHidden {
			cv = kwVisible
		}
	}
	if declared {
		if dl := cas.d[pseudoNone][propCursor]; dl != nil {
			switch dl.kw {
			case "inherit", "unset":
				cursor = pCursor
			case "initial":
				cursor = false
			case "revert", "revert-layer":
				cursor = pCursor || uaCursorPointer(n, at)
			default:
				cursor = dl.kw == "pointer"
			}
		}
	}
	inert := pInert || n.Namespace == "" && at.has&aInert != 0
	zeroSize := false

	// ::before / ::after: boxes exist only where a content declaration
	// for them applies
	var before, after, beforeDisplay, afterDisplay string
	var hasBefore, hasAfter bool
	if declared && display != kwDispNone && !(n.Namespace == "" && t.noPseudo) && n.Namespace != "svg" {
		ds, vs := s.kws.str(display), s.kws.str(vis)
		before, hasBefore, beforeDisplay = pseudoBox(n, ds, vs, cas, pseudoBefore)
		after, hasAfter, afterDisplay = pseudoBox(n, ds, vs, cas, pseudoAfter)
	}

	// live facts win
	if f := s.doc.Facts(n); f != nil {
		live := f.Display != "" || f.Visibility != ""
		if f.Display != "" {
			display = s.kws.id(f.Display)
		}
		if f.Visibility != "" {
			vis = s.kws.id(f.Visibility)
		}
		if f.ContentVisibility != "" {
			cv = s.kws.id(f.ContentVisibility)
		}
		if live {
			cursor = f.CursorPointer
		} else if f.CursorPointer {
			cursor = true
		}
		if f.Before != nil {
			before, hasBefore = *f.Before, true
			if beforeDisplay == "" {
				beforeDisplay = "inline"
			}
		} else if live && display == kwDispNone {
			before, hasBefore, beforeDisplay = "", false, ""
		}
		if f.After != nil {
			after, hasAfter = *f.After, true
			if afterDisplay == "" {
				afterDisplay = "inline"
			}
		} else if live && display == kwDispNone {
			after, hasAfter, afterDisplay = "", false, ""
		}
		zeroSize = f.ZeroSize
		if f.Inert {
			inert = true
		}
	}

	// rendering state
	gone := display == kwDispNone
	if parent != nil && parent.has(fKidsGone) {
		gone = true
	}
	if s.mayBeOutside(parent) {
		if p := s.doc.Parent(n); p != nil && p.Type == html.ElementNode && s.outsideFlat(n, p) {
			gone = true
		}
	}
	e.set(fKidsCheck, t.kidsCheck && n.Namespace == "")
	e.display, e.visibility, e.contentVis = display, vis, cv
	e.set(fCursor, cursor)
	e.set(fHasBefore, hasBefore)
	e.set(fHasAfter, hasAfter)
	e.set(fZeroSize, zeroSize)
	e.set(fInert, inert)
	e.pseudo = 0
	if before != "" || after != "" || beforeDisplay != "" || afterDisplay != "" {
		p := pseudoText{before: before, after: after}
		if beforeDisplay != "" {
			p.beforeDisplay = s.kws.id(beforeDisplay)
		}
		if afterDisplay != "" {
			p.afterDisplay = s.kws.id(afterDisplay)
		}
		s.pseudos = append(s.pseudos, p)
		e.pseudo = int32(len(s.pseudos))
	}
	e.set(fGone, gone)
	e.set(fKidsGone, gone || cv == kwHidden)
}

// kwOf returns the keyword id of dl's value: the one found when it was
// parsed, else from the Sheet's table (a value that is not a static
// keyword).
func (s *Sheet) kwOf(dl *decl) kwID {
	if dl.id != 0 {
		return dl.id
	}
	return s.kws.id(dl.kw)
}

// documentBox reports whether n is a document's root html element or its
// body, the boxes whose hiding hides the whole page.
func documentBox(n *html.Node) bool {
	if n.Namespace != "" {
		return false
	}
	p := n.Parent
	switch n.Data {
	case "html":
		return p != nil && p.Type == html.DocumentNode
	case "body":
		return p != nil && p.Data == "html" && p.Namespace == "" && p.Parent != nil && p.Parent.Type == html.DocumentNode
	}
	return false
}

// pseudoBox resolves the ::before or ::after box of n: its text, whether a
// box exists, and its display.
func pseudoBox(n *html.Node, display, visibility string, cas *cascaded, ps pseudo) (string, bool, string) {
	dl := cas.d[ps][propContent]
	if dl == nil || dl.kw != "" {
		return "", false, "" // none, normal, or a CSS-wide keyword (all: normal)
	}
	disp := "inline"
	if dd := cas.d[ps][propDisplay]; dd != nil {
		switch dd.kw {
		case "inherit":
			disp = display
		case "initial", "unset", "revert", "revert-layer":
		default:
			disp = dd.kw
		}
	}
	if disp == "none" {
		return "", false, ""
	}
	vis := visibility
	if dv := cas.d[ps][propVisibility]; dv != nil {
		switch dv.kw {
		case "initial":
			vis = "visible"
		case "visible", "hidden", "collapse":
			vis = dv.kw
		}
	}
	if vis != "visible" {
		return "", true, disp
	}
	var b strings.Builder
	for _, it := range dl.content {
		if it.attr != "" {
			b.WriteString(dom.AttrOr(n, it.attr))
		} else {
			b.WriteString(it.text)
		}
	}
	return b.String(), true, disp
}

// Selectors returns the number of compiled selectors kept for the document
// tree and each shadow tree together (for diagnostics and tests).
func (s *Sheet) Selectors() int {
	s.recompile()
	n := 0
	if s.rules != nil {
		n = len(s.rules.sels)
	}
	for _, r := range s.scopes {
		n += len(r.sels)
	}
	return n
}

// BlockifiesItems reports whether an element of this display lays its
// children out as flex or grid items, which CSS makes block-level boxes
// ("blockifies") whatever their own display: they never share a line of
// text with their siblings.
func BlockifiesItems(display string) bool {
	switch display {
	case "flex", "inline-flex", "grid", "inline-grid", "-webkit-box", "-webkit-inline-box",
		"-ms-flexbox", "-ms-inline-flexbox", "-moz-box", "-moz-inline-box", "-webkit-flex",
		"-webkit-inline-flex", "-ms-grid", "-ms-inline-grid":
		return true
	}
	return false
}
