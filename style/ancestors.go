package style

import (
	"math/bits"

	"golang.org/x/net/html"

	"github.com/axtree/axtree/dom"
	"github.com/axtree/axtree/internal/word"
)

// A descendant selector (".toc .item a") is matched right to left: once
// the subject matches, every ancestor of the element is tried against the
// compound before the space. On pages with large stylesheets most such
// candidates fail there, after a walk to the root. An ancestor filter (a
// Bloom filter of the tags, ids and classes of an element's ancestors,
// carried down by depth as the cascade runs top-down) says for sure when
// no ancestor can match a simple compound (tag, #id, .classes), so the
// walk is skipped. The walk's cost in match steps (MatchBudget,
// MaxMatchSteps) is still charged, one step per ancestor as the walk
// would have made, so what the limits cut is the same as without it.

// ancFilter is a 128-bit Bloom filter of selector keys (two bits a key).
type ancFilter [2]uint64

// Key kinds hashed into a filter.
const (
	keyKindTag   = 't'
	keyKindID    = '#'
	keyKindClass = '.'
)

// keyBits returns the two bit positions of a key of the given kind. An
// id or a class is hashed as the scope's key filters hash it
// (keyHash(0, s), see filterBits), so that the cascade hashes each of an
// element's ids and classes once for both (hashBits); the kind picks
// other bits of that hash.
func keyBits(kind byte, s string) (uint, uint) {
	if kind == keyKindID || kind == keyKindClass {
		return hashBits(kind, keyHash(0, s))
	}
	h := keyHash(kind, s)
	return uint(h >> 57), uint(h>>50) & 127
}

// hashBits returns the two bit positions of an id or a class whose
// keyHash(0, s) is h.
func hashBits(kind byte, h uint64) (uint, uint) {
	if kind == keyKindID {
		return uint(h>>16) & 127, uint(h>>23) & 127
	}
	return uint(h>>30) & 127, uint(h>>37) & 127
}

// keyHash hashes a key of the given kind, eight bytes a step: class lists
// are long and every element's keys are hashed. The last step reads the
// last eight bytes (overlapping the one before) and a key shorter than
// eight bytes is read in two overlapping halves, so no byte is read alone.
func keyHash(kind byte, s string) uint64 {
	n := len(s)
	h := (uint64(n)<<8 | uint64(kind)) * 0x9E3779B97F4A7C15
	switch {
	case n >= 8:
		for i := 0; i+8 < n; i += 8 {
			h = keyMix(h, word.Load8(s[i:i+8]))
		}
		h = keyMix(h, word.Load8(s[n-8:]))
	case n >= 4:
		h = keyMix(h, uint64(load4(s[:4]))|uint64(load4(s[n-4:]))<<32)
	case n > 0:
		h = keyMix(h, uint64(s[0])|uint64(s[n/2])<<8|uint64(s[n-1])<<16)
	}
	h = h * 0x94D049BB133111EB
	h ^= h >> 31
	return h * 0x9E3779B97F4A7C15 // spread into the top bits
}

// nextClass is dom.NextToken for class lists (the same tokens), eight
// bytes a step: every element's classes are split, and class lists are
// long. A word with no byte below '!' has no white space in it; of the
// bytes below it the first is found exactly (the subtraction borrows only
// upwards from it) and checked against htmlSpace.
func nextClass(s string) (tok, rest string) {
	i := 0
	for i < len(s) && htmlSpace[s[i]] {
		i++
	}
	j := i
	for j+8 <= len(s) {
		w := word.Load8(s[j : j+8])
		m := (w - 0x2121212121212121) &^ w & 0x8080808080808080
		if m == 0 {
			j += 8
			continue
		}
		j += bits.TrailingZeros64(m) >> 3
		if htmlSpace[s[j]] {
			return s[i:j], s[j:]
		}
		j++ // a control byte, part of the token
	}
	for j < len(s) && !htmlSpace[s[j]] {
		j++
	}
	return s[i:j], s[j:]
}

// htmlSpace marks ASCII white space as HTML defines it (dom.IsSpace).
var htmlSpace = [256]bool{' ': true, '\t': true, '\n': true, '\f': true, '\r': true}

// keyMix folds eight bytes of a key into h.
func keyMix(h, x uint64) uint64 {
	h = (h ^ x) * 0xBF58476D1CE4E5B9
	return h ^ h>>29
}

// load4 reads w[:4] little-endian (one load).
func load4(w string) uint32 {
	_ = w[3]
	return uint32(w[0]) | uint32(w[1])<<8 | uint32(w[2])<<16 | uint32(w[3])<<24
}

// add sets the bits of a key.
func (f *ancFilter) add(kind byte, s string) {
	a, b := keyBits(kind, s)
	f.set(a, b)
}

// addHash sets the bits of an id or a class whose keyHash(0, s) is h.
func (f *ancFilter) addHash(kind byte, h uint64) {
	f.set(hashBits(kind, h))
}

func (f *ancFilter) set(a, b uint) {
	f[a>>6] |= 1 << (a & 63)
	f[b>>6] |= 1 << (b & 63)
}

// covers reports whether every bit of need is set in f: false means no key
// of need was added to f.
func (f *ancFilter) covers(need *ancFilter) bool {
	return f[0]&need[0] == need[0] && f[1]&need[1] == need[1]
}

// addElement adds the keys a simple compound can test on n: its tag name
// (n.Data as Match compares it), its id (the first id attribute, as
// dom.Attr finds it) and each class token (split on the white space
// hasToken splits on).
func (f *ancFilter) addElement(n *html.Node) {
	f.add(keyKindTag, n.Data)
	if id, ok := dom.Attr(n, "id"); ok {
		f.add(keyKindID, id)
	}
	if cl, ok := dom.Attr(n, "class"); ok {
		for tok, rest := nextClass(cl); tok != ""; tok, rest = nextClass(rest) {
			f.add(keyKindClass, tok)
		}
	}
}

// ancestorNeed returns the keys an ancestor must have for sel to match
// when sel ends in a descendant combinator after a simple compound
// ("… .toc li"), and whether it does.
func ancestorNeed(sel *selector) (ancFilter, bool) {
	k := len(sel.comps)
	if k < 2 || sel.combs[k-2] != ' ' {
		return ancFilter{}, false
	}
	x, ok := sel.comps[k-2].(*simpleSel)
	if !ok {
		return ancFilter{}, false
	}
	return x.need, x.need != ancFilter{}
}

// ancSlot is the ancestor filter of the element last computed at one
// depth (keepAncestors): the tree builder asks top down in document order,
// so an element's parent is the one its parent's depth holds.
type ancSlot struct {
	n    *html.Node
	anc  ancFilter // keys of n and its ancestors
	self ancFilter // keys of n
	ok   bool      // anc has all of them
}

// Depth limits of the ancestor filters: entry.depth counts element
// ancestors up to maxDepth (a walk's charge is at most MatchBudget, so
// deeper counts charge the same), and filters are kept for the elements
// above maxAncDepth (deeper ones are matched by walking).
const (
	maxDepth    = 1<<16 - 1
	maxAncDepth = 1024
)

// The ancestor data of element n, whose flat-tree parent's entry is
// parent (nil at a root), is found as compute starts: e.depth, n's count
// of element ancestors, and for the matcher the filter of n's ancestors,
// for matching n, and whether it can be trusted: the flat tree must be
// the DOM tree (no shadow roots, as while the filters are on) and the
// chain above n complete, and the parent's filter must still be the one
// kept at its depth (an element asked out of document order may find
// another element's there, and is then matched by walking: the same
// answers and charges, as the filter only skips walks that fail). An
// element with element children and above maxAncDepth keeps its filter
// at its depth for them: the cascade finds its own keys (the slot's self)
// and compute adds them to its ancestors'; a leaf's keys are not hashed.
// The matcher reads the slots of the subject's ancestors as it walks them
// (matcher.kept): an ancestor whose own keys lack one a simple compound
// tests does not match it, and once an ancestor's filter (its keys and its
// ancestors') lacks one, no ancestor from there up matches it.

// keepAncestors keeps the filter of element n at depth d: anc, the keys
// of n and its ancestors (all of them when ok), and self, n's own.
func (s *Sheet) keepAncestors(n *html.Node, d int, anc, self *ancFilter, ok bool) {
	if d >= len(s.ancs) {
		s.growAncestors(d)
	}
	x := &s.ancs[d]
	x.n, x.anc, x.self, x.ok = n, *anc, *self, ok
}

// growAncestors makes room for a filter at depth d (d < maxAncDepth).
//
//go:noinline
func (s *Sheet) growAncestors(d int) {
	n := max(32, 2*len(s.ancs))
	for n <= d {
		n *= 2
	}
	s.ancs = append(s.ancs, make([]ancSlot, min(n, maxAncDepth)-len(s.ancs))...)
	s.m.ancs = s.ancs // the matcher reads the slots (matcher.kept): it follows them here, where they move
}

// keptAncestors keeps the filters of element p, at depth k, and of its
// ancestors again where their depths hold other elements' (asked out of
// document order, or a sibling's children asked first), from the nearest
// ancestor whose filter is still kept (or the root), and returns p's and
// whether it is complete. Each element's keys are those the cascade added
// (its tag, its id, its class list's tokens).
func (s *Sheet) keptAncestors(p *html.Node, k int) (ancFilter, bool) {
	path := s.ancPath[:0]
	x, i := p, k
	for ; x != nil && x.Type == html.ElementNode && i >= 0; x, i = x.Parent, i-1 {
		if y := s.ancSlot(i); y != nil && y.n == x {
			break
		}
		path = append(path, x)
	}
	var anc ancFilter
	ok := true
	switch {
	case i >= 0 && x != nil && x.Type == html.ElementNode:
		anc, ok = s.ancs[i].anc, s.ancs[i].ok // x's, kept
	case i >= 0 || x != nil && x.Type == html.ElementNode:
		ok = false // the depths do not match the tree (a cut chain's root)
	}
	for j := len(path) - 1; j >= 0; j-- {
		e := path[j]
		var self ancFilter
		self.add(keyKindTag, e.Data)
		at := readAttrs(e)
		if at.has&aID != 0 {
			self.addHash(keyKindID, keyHash(0, at.id))
		}
		if at.has&aClass != 0 {
			own := &s.classOf(at.class, s.docRules).own
			self[0] |= own[0]
			self[1] |= own[1]
		}
		anc[0] |= self[0]
		anc[1] |= self[1]
		s.keepAncestors(e, k-j, &anc, &self, ok)
	}
	s.ancPath = path[:0]
	return anc, ok
}

// ancSlot returns the filter kept at depth d, or nil when none is.
func (s *Sheet) ancSlot(d int) *ancSlot {
	if uint(d) < uint(len(s.ancs)) {
		return &s.ancs[d]
	}
	return nil
}

// hasElementChild reports whether n has an element child: with the
// filters on, the flat tree is the DOM tree, so these are the elements
// whose flat-tree parent n is.
func hasElementChild(n *html.Node) bool {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode {
			return true
		}
	}
	return false
}

// skipAncestors is the descendant walk of matchAt for the compound before
// sel's last combinator, known to match no ancestor: it charges what the
// walk over depth ancestors would (one budget unit each while the budget
// lasts, one match step each while steps are left) and fails.
func (m *matcher) skipAncestors(depth int) bool {
	iters := min(depth, m.budget)
	m.budget -= iters
	if m.steps != nil {
		*m.steps -= min(iters, max(*m.steps, 0))
	}
	return false
}
