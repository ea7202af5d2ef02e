package style

import (
	"strings"
	"unsafe"

	"github.com/andybalholm/cascadia"
	"golang.org/x/net/html"

	"github.com/axtree/axtree/dom"
)

// Selectors are split here into compound selectors joined by combinators;
// each compound is compiled by cascadia, and the combinators are matched by
// this package with a step budget, so that no selector can cost more than a
// bounded amount of work per element.

const (
	// MaxSelectorLen is the longest complex selector (in bytes) compiled;
	// longer ones are dropped.
	MaxSelectorLen = 1024
	// MaxCompounds is the most compound selectors one complex selector may
	// chain with combinators.
	MaxCompounds = 32
	// MaxNesting is the deepest nesting of :not()/:has() arguments.
	MaxNesting = 4
	// MatchBudget is the most compound-selector tests one selector may make
	// against one element (walking ancestors and siblings); past it the
	// selector does not match.
	MatchBudget = 4096
	// MaxMatchSteps is the most compound-selector tests one Sheet makes in
	// all; past it no further selector matches (a guard against crafted
	// sheets, far above what real pages need).
	MaxMatchSteps = 10_000_000
)

// pseudo says which box a selector styles.
type pseudo uint8

const (
	pseudoNone pseudo = iota
	pseudoBefore
	pseudoAfter
	numPseudo
)

// selector is one compiled complex selector of a rule.
type selector struct {
	comps  []cascadia.Sel // compounds, left to right
	combs  []byte         // combs[i] joins comps[i] and comps[i+1]: ' ', '>', '+', '~'
	pseudo pseudo
	spec   cascadia.Specificity
	prio   uint64 // specificity and source order, see priority
	rule   int32  // index into the Sheet's rule declarations
	layer  uint8  // cascade layer rank (higher wins for normal declarations)
	hasHas bool
	// need: the keys an ancestor must have when the selector ends in a
	// descendant combinator after a simple compound (ancestorNeed)
	need    ancFilter
	hasNeed bool
}

// keyKind says which index bucket a selector is filed under.
type keyKind uint8

const (
	keyUniversal keyKind = iota
	keyID
	keyClass
	keyTag
	keyAttr
)

// splitComplex splits a complex selector into compound texts and the
// combinators between them. ok is false on malformed input.
func splitComplex(s string) (comps []string, combs []byte, ok bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, nil, false
	}
	depth, start := 0, 0
	pending := byte(0)
	flush := func(end int) bool {
		part := s[start:end]
		if part == "" {
			return true
		}
		if len(comps) > 0 {
			if pending == 0 {
				return false
			}
			combs = append(combs, pending)
		} else if pending != 0 && pending != ' ' {
			return false // leading combinator (relative selector)
		}
		comps = append(comps, part)
		pending = 0
		return true
	}
	for i := 0; i < len(s); {
		for i < len(s) && !complexStop[s[i]] {
			i++ // a name's byte, '.', '#', ':', ...: nothing to do
		}
		if i >= len(s) {
			break
		}
		c := s[i]
		switch {
		case c == '"' || c == '\'':
			i = skipString(s, i)
			continue
		case c == '\\':
			i += 2
			continue
		case c == '(' || c == '[':
			depth++
		case c == ')' || c == ']':
			depth--
			if depth < 0 {
				return nil, nil, false
			}
		case depth == 0 && (isWS(c) || c == '>' || c == '+' || c == '~'):
			if !flush(i) {
				return nil, nil, false
			}
			if isWS(c) {
				if pending == 0 {
					pending = ' '
				}
			} else {
				if pending != 0 && pending != ' ' {
					return nil, nil, false // two combinators in a row
				}
				pending = c
			}
			i++
			start = i
			continue
		}
		i++
	}
	if depth != 0 {
		return nil, nil, false
	}
	if !flush(len(s)) {
		return nil, nil, false
	}
	if pending != 0 && pending != ' ' || len(comps) == 0 {
		return nil, nil, false // trailing combinator
	}
	if pending == ' ' {
		// trailing whitespace was trimmed, so this cannot happen; keep the
		// invariant len(combs) == len(comps)-1 regardless.
		pending = 0
	}
	if len(combs) != len(comps)-1 {
		return nil, nil, false
	}
	return comps, combs, true
}

// complexStop marks the bytes splitComplex acts on: quotes, the
// backslash, brackets, white space and the combinators.
var complexStop = [256]bool{'"': true, '\'': true, '\\': true, '(': true, '[': true, ')': true, ']': true,
	' ': true, '\t': true, '\n': true, '\r': true, '\f': true, '>': true, '+': true, '~': true}

// nonStandard lists cascadia pseudo-classes that are not CSS (or mean
// something else in CSS): selectors using them are dropped.
var nonStandard = map[string]bool{
	"contains": true, "containsown": true, "matches": true, "matchesown": true,
	"haschild": true, "input": true,
}

// checkCompound validates a compound's text before cascadia sees it:
// no non-standard pseudo-classes or attribute operators, bounded nesting,
// and arguments of :not()/:has() limited so cascadia's own combinator
// matching stays cheap (at nesting level 1 at most one combinator, deeper
// none; no :has() inside :has() or :not()). It reports whether the compound
// uses :has().
func checkCompound(s string, level int) (ok, hasHas bool) {
	for i := 0; i < len(s); {
		c := s[i]
		switch c {
		case '"', '\'':
			i = skipString(s, i)
			continue
		case '\\':
			i += 2
			continue
		case '[':
			j := i + 1
			for j < len(s) && s[j] != ']' && s[j] != '=' && s[j] != '"' && s[j] != '\'' {
				j++
			}
			if j < len(s) && s[j] == '=' && j > i+1 && (s[j-1] == '!' || s[j-1] == '#') {
				return false, false
			}
			i = j
			continue
		case ':':
			j := i + 1
			if j < len(s) && s[j] == ':' {
				i = j + 1
				continue
			}
			k := j
			for k < len(s) && isNameChar(s[k]) {
				k++
			}
			name := dom.LowerASCII(s[j:k])
			if nonStandard[name] {
				return false, false
			}
			if k < len(s) && s[k] == '(' {
				close := parenEnd(s, k)
				if close >= len(s) || s[close] != ')' {
					return false, false
				}
				if name == "not" || name == "has" {
					if name == "has" {
						if level > 0 {
							return false, false
						}
						hasHas = true
					}
					if level+1 > MaxNesting {
						return false, false
					}
					for _, arg := range splitTop(s[k+1:close], ',') {
						comps, _, ok := splitComplex(arg)
						if !ok || len(comps) > 2 || level > 0 && len(comps) > 1 {
							return false, false
						}
						for _, cc := range comps {
							if ok, h := checkCompound(cc, level+1); !ok || h {
								return false, false
							}
						}
					}
				}
				i = close + 1
				continue
			}
			i = k
			continue
		}
		i++
	}
	return true, hasHas
}

// compoundKey returns the best index key of a compound: an id, else a
// class, else a tag name, else an attribute name, else universal.
func compoundKey(s string) (keyKind, string) {
	kind, key := keyUniversal, ""
	rank := func(k keyKind) int {
		switch k {
		case keyID:
			return 4
		case keyClass:
			return 3
		case keyTag:
			return 2
		case keyAttr:
			return 1
		}
		return 0
	}
	set := func(k keyKind, v string) {
		if v != "" && rank(k) > rank(kind) {
			kind, key = k, v
		}
	}
	i := 0
	if i < len(s) && (isNameChar(s[i]) || s[i] == '\\') {
		j := identEnd(s, i)
		set(keyTag, dom.LowerASCII(unescapeIdent(s[i:j])))
		i = j
	}
	for i < len(s) {
		switch c := s[i]; c {
		case '#', '.':
			j := identEnd(s, i+1)
			v := unescapeIdent(s[i+1 : j])
			if c == '#' {
				set(keyID, v)
			} else {
				set(keyClass, v)
			}
			i = j
		case '[':
			j := i + 1
			for j < len(s) && isWS(s[j]) {
				j++
			}
			k := identEnd(s, j)
			set(keyAttr, dom.LowerASCII(unescapeIdent(s[j:k])))
			for k < len(s) && s[k] != ']' {
				if s[k] == '"' || s[k] == '\'' {
					k = skipString(s, k)
					continue
				}
				k++
			}
			i = k + 1
		case ':':
			j := i + 1
			for j < len(s) && (s[j] == ':' || isNameChar(s[j])) {
				j++
			}
			if j < len(s) && s[j] == '(' {
				j = parenEnd(s, j) + 1
			}
			i = j
		default:
			i++
		}
	}
	return kind, key
}

// identEnd returns the end of the CSS name starting at s[i].
func identEnd(s string, i int) int {
	for i < len(s) {
		switch {
		case s[i] == '\\':
			i += 2
		case isNameChar(s[i]):
			i++
		default:
			if i > len(s) {
				return len(s)
			}
			return i
		}
	}
	if i > len(s) {
		return len(s)
	}
	return i
}

// compiler turns selector text into compiled selectors, caching compound
// compilation (sheets repeat the same compounds many times).
type compiler struct {
	cache map[string]cascadia.Sel
	bad   map[string]bool
	steps *int       // the match step budget shared by the selectors compiled
	host  *html.Node // the shadow host whose tree's sheet is compiled, or nil
}

func newCompiler(steps *int) *compiler {
	if steps == nil {
		n := MaxMatchSteps
		steps = &n
	}
	return &compiler{steps: steps} // cache and bad: made by their first entry (keep, reject)
}

// keep caches the compilation s of compound key ck, and reject records
// that ck does not compile. Most sheets' compounds are simple ones
// (parseSimple), which are not cached: each map is made by its first
// entry.
func (c *compiler) keep(ck string, s cascadia.Sel) {
	if c.cache == nil {
		c.cache = map[string]cascadia.Sel{}
	}
	c.cache[ck] = s
}

func (c *compiler) reject(ck string) {
	if c.bad == nil {
		c.bad = map[string]bool{}
	}
	c.bad[ck] = true
}

// compile compiles one complex selector. ok is false when it is invalid,
// unsupported, or styles a pseudo-element other than ::before/::after.
func (c *compiler) compile(text string) (sel selector, kind keyKind, key string, ok bool) {
	return c.compileLevel(text, 0)
}

// compileLevel compiles a complex selector nested level deep in :is() or
// :where() arguments.
func (c *compiler) compileLevel(text string, level int) (sel selector, kind keyKind, key string, ok bool) {
	if len(text) > MaxSelectorLen || level > MaxNesting {
		return sel, 0, "", false
	}
	comps, combs, ok := splitComplex(text)
	if !ok || len(comps) > MaxCompounds {
		return sel, 0, "", false
	}
	var spec cascadia.Specificity
	sel.comps = make([]cascadia.Sel, len(comps))
	for i, ct := range comps {
		last := i == len(comps)-1
		cs, ok := c.compound(ct, last, level)
		if !ok {
			return sel, 0, "", false
		}
		if pe := cs.PseudoElement(); pe != "" {
			switch {
			case !last:
				return sel, 0, "", false
			case pe == "before":
				sel.pseudo = pseudoBefore
			case pe == "after":
				sel.pseudo = pseudoAfter
			default:
				return sel, 0, "", false // ::marker, ::placeholder, ...
			}
		}
		if _, h := checkCompound(ct, 0); h {
			sel.hasHas = true
		}
		spec = spec.Add(cs.Specificity())
		sel.comps[i] = cs
	}
	sel.combs = combs
	sel.spec = spec
	sel.prio = specificityBits(spec)
	kind, key = compoundKey(comps[len(comps)-1])
	return sel, kind, key, true
}

func (c *compiler) compound(text string, allowPseudo bool, level int) (cascadia.Sel, bool) {
	if isHostCompound(text) {
		return c.hostCompound(text, allowPseudo, level)
	}
	if x, ok := parseSimple(text, allowPseudo); ok {
		return x, true
	}
	ck := string(rune('0'+level)) + text
	if allowPseudo {
		ck = "\x00" + ck
	}
	if s, ok := c.cache[ck]; ok {
		return s, true
	}
	if c.bad[ck] {
		return nil, false
	}
	if ok, _ := checkCompound(text, 0); !ok {
		c.reject(ck)
		return nil, false
	}
	if s, ok := c.extCompound(text, allowPseudo, level); ok {
		c.keep(ck, s)
		return s, true
	} else if _, _, _, found := splitExt(text); found {
		c.reject(ck)
		return nil, false
	}
	var s cascadia.Sel
	var err error
	if allowPseudo {
		s, err = cascadia.ParseWithPseudoElement(text)
	} else {
		s, err = cascadia.Parse(text)
	}
	if err != nil || s == nil {
		c.reject(ck)
		return nil, false
	}
	c.keep(ck, s)
	return s, true
}

// specificityBits packs a specificity into bits 30..50 of a priority,
// each component clamped to 127.
func specificityBits(s cascadia.Specificity) uint64 {
	clamp := func(v int) uint64 {
		if v < 0 {
			return 0
		}
		if v > 127 {
			return 127
		}
		return uint64(v)
	}
	return clamp(s[0])<<44 | clamp(s[1])<<37 | clamp(s[2])<<30
}

// matcher matches compiled selectors against elements of one tree.
type matcher struct {
	scope  *html.Node // the shadow root template, or nil for the document
	budget int
	steps  *int // shared budget over many matches; nil for none
	// the subject's ancestor filter and count of element ancestors, when
	// ancOK (the Sheet's document-tree cascade; see ancestors.go)
	anc   ancFilter
	depth int
	ancOK bool
	// ancs: the filters kept by depth (the Sheet's scratch ancs), read
	// while ancOK: an ancestor p at depth d whose slot ancs[d] holds p has
	// its own keys there (self), and its and its ancestors' (anc, when ok)
	ancs []ancSlot
	// memo: the answers of simple compounds left of the subject (an
	// ancestor or sibling walk's), which the walks of an element's
	// descendants and their selectors ask again and again; made by the
	// first such answer when memoOn (the Sheet's matcher)
	memo   *[memoSlots]simpleHit
	memoOn bool
	// walks: the answers and costs of descendant walks (walkMemo), made
	// by the first one when memoOn; walksOff (tests) walks without it
	walks    *[walkSlots]walkHit
	walksOff bool
}

// memoBits sizes the matcher's memo: 1<<memoBits slots.
const (
	memoBits  = 8
	memoSlots = 1 << memoBits
)

// simpleHit is one slot of the matcher's memo: a simple compound, an
// element, and whether it matches, in 16 bytes: the element's address,
// plus one when it matches (an address inside the element, which nodes'
// alignment keeps apart from the next one's).
type simpleHit struct {
	x  *simpleSel
	nk unsafe.Pointer // n, or one byte into n when x matches n
}

// simpleMatch is x.Match(n) through the memo (the answer depends on n's
// tag and attributes alone, which do not change; the addresses are only
// hashed and compared, never followed).
func (m *matcher) simpleMatch(x *simpleSel, n *html.Node) bool {
	if m.memo == nil {
		m.memo = new([memoSlots]simpleHit)
	}
	h := (uint64(uintptr(unsafe.Pointer(x))) ^ uint64(uintptr(unsafe.Pointer(n)))*0x9E3779B97F4A7C15) * 0xBF58476D1CE4E5B9
	e := &m.memo[h>>(64-memoBits)]
	if d := uintptr(e.nk) ^ uintptr(unsafe.Pointer(n)); e.x == x && d <= 1 {
		return d == 1
	}
	ok := x.Match(n)
	e.x, e.nk = x, unsafe.Pointer(n)
	if ok {
		e.nk = unsafe.Add(e.nk, 1)
	}
	return ok
}

// up returns n's parent element within the tree being matched: in a
// shadow tree, the host is the parent of the top-level elements, and has
// no parent itself.
func (m *matcher) up(n *html.Node) *html.Node {
	if m.scope != nil && n == m.scope.Parent {
		return nil
	}
	p := n.Parent
	if p == nil || p.Type != html.ElementNode {
		return nil
	}
	if p == m.scope {
		return p.Parent
	}
	return p
}

// matches reports whether sel matches element n.
func (m *matcher) matches(sel *selector, n *html.Node) bool {
	m.budget = MatchBudget
	return m.matchAt(sel, len(sel.comps)-1, n, m.depth)
}

// matchAt reports whether comps[i] of sel matches n and the compounds to
// its left match around n. d is n's count of element ancestors, when
// m.ancOK (the subject's is m.depth; a parent's is one less, a sibling's
// the same).
func (m *matcher) matchAt(sel *selector, i int, n *html.Node, d int) bool {
	if m.budget <= 0 {
		return false
	}
	m.budget--
	if m.steps != nil {
		if *m.steps <= 0 {
			return false
		}
		*m.steps--
	}
	if m.scope != nil && n == m.scope.Parent {
		// the host is featureless in its shadow tree: only :host matches it
		if _, ok := sel.comps[i].(*hostSel); !ok {
			return false
		}
	}
	if c := sel.comps[i]; i < len(sel.comps)-1 && m.memoOn {
		if x, ok := c.(*simpleSel); ok {
			if m.ancOK {
				if y := m.kept(n, d); y != nil && !y.self.covers(&x.need) {
					return false // n has not every key x tests
				}
			}
			if !m.simpleMatch(x, n) {
				return false
			}
		} else if !c.Match(n) {
			return false
		}
	} else if !c.Match(n) {
		return false
	}
	if i == 0 {
		return true
	}
	switch sel.combs[i-1] {
	case '>':
		p := m.up(n)
		return p != nil && m.matchAt(sel, i-1, p, d-1)
	case ' ':
		if m.ancOK && sel.hasNeed && i == len(sel.comps)-1 && !m.anc.covers(&sel.need) {
			return m.skipAncestors(m.depth) // no ancestor has what comps[i-1] tests
		}
		x, simple := sel.comps[i-1].(*simpleSel)
		if i == 1 && m.memoOn && simple {
			return m.walkSimple(x, n, d)
		}
		if m.memoOn && !m.walksOff {
			return m.walkMemo(sel, i, n, d, x, simple)
		}
		return m.walkUp(sel, i, n, d, x, simple)
	case '+':
		if m.scope != nil && n == m.scope.Parent {
			return false
		}
		p := prevElement(n)
		return p != nil && m.matchAt(sel, i-1, p, d)
	case '~':
		if m.scope != nil && n == m.scope.Parent {
			return false
		}
		for p := prevElement(n); p != nil && m.budget > 0; p = prevElement(p) {
			if m.matchAt(sel, i-1, p, d) {
				return true
			}
		}
	}
	return false
}

// walkUp is the descendant walk of matchAt from n (at depth d, where
// comps[i] matched) for comps[i-1] and the compounds to its left: it asks
// each ancestor in turn. x is comps[i-1] when simple.
func (m *matcher) walkUp(sel *selector, i int, n *html.Node, d int, x *simpleSel, simple bool) bool {
	dp := d - 1
	for p := m.up(n); p != nil && m.budget > 0; p = m.up(p) {
		if simple && m.ancOK {
			if y := m.kept(p, dp); y != nil && y.ok && !y.anc.covers(&x.need) {
				// neither p nor an ancestor of it has every key x tests
				return m.skipAncestors(dp + 1)
			}
		}
		if m.matchAt(sel, i-1, p, dp) {
			return true
		}
		dp--
	}
	return false
}

// walkBits sizes the matcher's walk memo: 1<<walkBits slots.
const (
	walkBits  = 6
	walkSlots = 1 << walkBits
)

// walkHit is one slot of the matcher's walk memo: the answer of walkUp
// for selector sel's compound i from any child of element p, and the
// budget units and match steps that walk cost (more steps than units when
// a compound's :not() or :is() argument charged the steps too).
type walkHit struct {
	sel    *selector
	p      *html.Node
	i      int32
	budget int32
	steps  int32
	ok     bool
}

// walkMemo is walkUp through the walk memo. The walk from a child of p
// asks p and its ancestors alone, the same way whichever child it starts
// from (the siblings of a list, a table row, a paragraph's links ask it
// again and again), so its answer and its costs are p's: a walk whose
// budget and match steps both outlasted it is remembered, and a later one
// from p with more budget and more steps than it cost, which would ask
// the same elements the same way, takes its answer and is charged its
// costs instead. The compounds' answers depend on the elements' tags and
// attributes and on the tree alone, which do not change while the
// matcher lives (Forget drops it), and a selector is matched only in its
// own tree (m.scope).
func (m *matcher) walkMemo(sel *selector, i int, n *html.Node, d int, x *simpleSel, simple bool) bool {
	p := m.up(n)
	if p == nil {
		return false
	}
	if m.walks == nil {
		m.walks = new([walkSlots]walkHit)
	}
	h := (uint64(uintptr(unsafe.Pointer(sel)))+uint64(i))*0x9E3779B97F4A7C15 ^ uint64(uintptr(unsafe.Pointer(p)))
	e := &m.walks[(h*0xBF58476D1CE4E5B9)>>(64-walkBits)]
	if e.sel == sel && e.p == p && e.i == int32(i) && m.budget > int(e.budget) && *m.steps > int(e.steps) {
		m.budget -= int(e.budget)
		*m.steps -= int(e.steps)
		return e.ok
	}
	b, st := m.budget, *m.steps
	ok := m.walkUp(sel, i, n, d, x, simple)
	if m.budget > 0 && *m.steps > 0 {
		*e = walkHit{sel, p, int32(i), int32(b - m.budget), int32(st - *m.steps), ok}
	}
	return ok
}

// kept returns the ancestor filter slot of element n at depth d when it
// holds n, else nil (n is deeper than the slots, or the slot was kept for
// another element since).
func (m *matcher) kept(n *html.Node, d int) *ancSlot {
	if uint(d) < uint(len(m.ancs)) {
		if y := &m.ancs[d]; y.n == n {
			return y
		}
	}
	return nil
}

// walkSimple is the descendant walk of matchAt for a selector's leftmost
// compound x, a simple one, from n at depth d: matchAt(sel, 0, p) for
// each ancestor p in turn, written out (the same budget and step charges,
// and the host of a shadow tree is featureless: x never matches it)
// without a call per ancestor, as the longest walks are these, up to an
// ancestor near the root. With the ancestor filters, an ancestor whose own
// keys lack one x tests fails without a test, and once neither it nor an
// ancestor of it has them all, the rest of the walk is charged at once.
func (m *matcher) walkSimple(x *simpleSel, n *html.Node, d int) bool {
	dp := d - 1
	for p := m.up(n); p != nil && m.budget > 0; p = m.up(p) {
		var y *ancSlot
		if m.ancOK {
			if y = m.kept(p, dp); y != nil && y.ok && !y.anc.covers(&x.need) {
				return m.skipAncestors(dp + 1)
			}
		}
		dp--
		m.budget--
		if m.steps != nil {
			if *m.steps <= 0 {
				continue
			}
			*m.steps--
		}
		if m.scope != nil && p == m.scope.Parent {
			continue
		}
		if y != nil && !y.self.covers(&x.need) {
			continue
		}
		if m.simpleMatch(x, p) {
			return true
		}
	}
	return false
}

func prevElement(n *html.Node) *html.Node {
	for p := n.PrevSibling; p != nil; p = p.PrevSibling {
		if p.Type == html.ElementNode {
			return p
		}
	}
	return nil
}
