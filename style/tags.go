package style

import (
	"unsafe"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/axtree/axtree/dom"
	"github.com/axtree/axtree/internal/word"
)

// Much of what the cascade and the user-agent defaults find for an element
// depends on its tag name alone: the bits its tag sets in its children's
// ancestor filter, the document tree's selectors filed under that tag, the
// UA display, whether it generates ::before / ::after boxes. A page has
// few distinct tags, so these are found once per tag and kept in a small
// cache keyed by the tag's atom (the scratch's tags), instead of hashing
// and looking up the name again for every element.

// tagInfo is what the cascade derives from an element's tag name alone.
type tagInfo struct {
	a          uint32 // the atom the entry is for (0: an empty slot)
	bitA, bitB uint8  // the tag's bits in an ancestor filter (keyBits)
	// name and nameLen are the address and length of the name of the
	// element the entry was filled for, which its atom spells: an element
	// whose name is that very string (as the parser gives every element of
	// a tag) needs no other test
	nameLen uint16
	name    *byte
	ua      kwID // the UA display of an HTML element of this tag (uaDisplayID)
	// special: an HTML element of this tag has a UA display that depends
	// on more than its tag (defaultDisplayOf's switch), or no pseudo boxes
	special, noPseudo bool
	// docBox: the tag is html or body, which documentBox may pick out
	docBox bool
	// kidsCheck: the tag is details or noscript, whose content an HTML
	// element of it may leave out (fKidsCheck)
	kidsCheck bool
	bucket    []int32 // the document tree's selectors filed under the tag (the bucket's own array: never appended to)
}

// maxTagNameLen is the longest tag name the cache keeps (atoms are shorter).
const maxTagNameLen = 1<<16 - 1

// tagBits sizes the tag cache of a large page: 1<<tagBits slots. A small
// page has fewer distinct tags than elements: its cache has a slot per
// element (tagBitsFor), so that a frame of 8 elements makes 8 slots of 48
// bytes, not 64.
const tagBits = 6

// tagBitsFor returns the tag cache's size for a page of n elements:
// 1<<tagBitsFor(n) slots, from 8 to 1<<tagBits.
func tagBitsFor(n int) uint8 {
	b := uint8(3)
	for b < tagBits && 1<<b < n {
		b++
	}
	return b
}

// tagCache is the scratch's cache of tag facts, by atom, and a spare entry
// for a tag it does not keep.
type tagCache struct {
	slots []tagInfo // a power of two of them (size)
	spare tagInfo
}

// size makes the cache's 1<<bits slots.
func (t *tagCache) size(bits uint8) {
	t.slots = make([]tagInfo, 1<<bits)
}

// tagOf returns the tag facts of element n, whose scope's rules are r (nil:
// none). Only document-tree elements (r is the document's rules, doc
// true) whose atom spells their name are cached; the others are found
// afresh in the spare entry.
func (t *tagCache) tagOf(n *html.Node, r *scopeRules, doc bool) *tagInfo {
	if a := n.DataAtom; a != 0 && doc && len(t.slots) > 0 { // (a cache not sized keeps nothing)
		x := &t.slots[uint(uint32(a)*0x9E3779B1>>(32-tagBits))&uint(len(t.slots)-1)]
		if x.a == uint32(a) && x.name == unsafe.StringData(n.Data) && int(x.nameLen) == len(n.Data) {
			return x // the same name string as the element the entry was filled for
		}
		if len(n.Data) <= maxTagNameLen && a.String() == n.Data {
			x.fill(n, r, true)
			x.a, x.name, x.nameLen = uint32(a), unsafe.StringData(n.Data), uint16(len(n.Data))
			return x
		}
	}
	x := &t.spare
	x.fill(n, r, n.DataAtom != 0 && n.DataAtom.String() == n.Data)
	x.a = 0
	return x
}

// fill finds the tag facts of element n, whose scope's rules are r;
// spelled says that n's atom spells its name (n.DataAtom.String() ==
// n.Data), so that the name-only facts may come from tagFacts.
func (x *tagInfo) fill(n *html.Node, r *scopeRules, spelled bool) {
	if f := tagFactOf(n.DataAtom, spelled); f != nil {
		x.bitA, x.bitB, x.ua = f.bitA, f.bitB, f.ua
		x.special, x.noPseudo, x.docBox, x.kidsCheck = f.special, f.noPseudo, f.docBox, f.kidsCheck
	} else {
		x.nameFacts(n)
	}
	var bucket []int32
	if r != nil && len(r.byTag) > 0 {
		if tag := dom.LowerASCII(n.Data); r.tagKeys.may(tag) {
			bucket = r.byTag[tag]
		}
	}
	x.bucket = bucket[:len(bucket):len(bucket)]
}

// nameFacts fills the facts of x that depend on element n's name alone.
func (x *tagInfo) nameFacts(n *html.Node) {
	a, b := keyBits(keyKindTag, n.Data)
	x.bitA, x.bitB = uint8(a), uint8(b)
	x.ua = uaDisplayID(n)
	switch n.Data {
	case "input", "dialog", "audio", "summary":
		x.special = true
	default:
		x.special = false
	}
	x.noPseudo = noPseudo(n.Data)
	x.docBox = n.Data == "html" || n.Data == "body"
	x.kidsCheck = n.Data == "details" || n.Data == "noscript"
}

// tagFact is what tagInfo.nameFacts finds for an element whose name its
// atom a spells: the facts that depend on the name alone.
type tagFact struct {
	a                                    atom.Atom
	bitA, bitB                           uint8
	ua                                   kwID
	special, noPseudo, docBox, kidsCheck bool
}

// factTags are the tag names tagFacts holds: those with a UA display of
// their own (uaDisplay) and these, the common rest; an element of
// another tag has its facts found by nameFacts.
var factTags = []string{
	"a", "abbr", "audio", "b", "bdi", "bdo", "big", "br", "canvas", "cite",
	"code", "data", "del", "dfn", "em", "embed", "font", "i", "iframe", "img",
	"ins", "kbd", "label", "map", "mark", "math", "nobr", "object", "output",
	"picture", "q", "s", "samp", "small", "source", "span", "strike", "strong",
	"sub", "sup", "svg", "time", "track", "tt", "u", "var", "video", "wbr",
	"path", "g", "image", "circle", "rect", "use",
}

// tagFacts is tagFact by atom: an open-addressing table (factSlot, then
// the next slots), made once at package initialization from uaDisplay and
// factTags and only read afterwards.
var tagFacts = func() (t [512]tagFact) {
	add := func(tag string) {
		a := atom.Lookup([]byte(tag))
		if a == 0 || a.String() != tag {
			return
		}
		i := factSlot(a)
		for t[i].a != 0 {
			if t[i].a == a {
				return
			}
			i = (i + 1) & (len(t) - 1)
		}
		var x tagInfo
		x.nameFacts(&html.Node{Type: html.ElementNode, Data: tag, DataAtom: a})
		t[i] = tagFact{a, x.bitA, x.bitB, x.ua, x.special, x.noPseudo, x.docBox, x.kidsCheck}
	}
	for tag := range uaDisplay {
		add(tag)
	}
	for _, tag := range factTags {
		add(tag)
	}
	return t
}()

// factSlot is the first slot of atom a in tagFacts.
func factSlot(a atom.Atom) int { return int(uint32(a) * 0x9E3779B1 >> 23) }

// tagFactOf returns the tagFacts entry of atom a, or nil when it has none or
// spelled is false (the element's name is not a's).
func tagFactOf(a atom.Atom, spelled bool) *tagFact {
	if a == 0 || !spelled {
		return nil
	}
	for i := factSlot(a); ; i = (i + 1) & (len(tagFacts) - 1) {
		switch f := &tagFacts[i]; f.a {
		case a:
			return f
		case 0:
			return nil
		}
	}
}

// A class list is split into tokens and each token hashed, for the
// element's children's ancestor filter and for the class buckets; on a
// large page most lists repeat (a results page has some 5,600 lists, 470
// of them distinct), so what a list gives is kept in a small cache keyed by
// the whole list's text.

// classList is what a document-tree element's class list gives the
// cascade.
type classList struct {
	list  string    // the class attribute's value
	own   ancFilter // the bits its tokens set in an ancestor filter
	cands []int32   // the document tree's class buckets of its tokens, in order
}

// classBits sizes the class-list cache of a large page: 1<<classBits
// slots. A small page has fewer lists: its cache has a slot for two of
// its elements (classBitsFor), so that a page of 60 elements makes 32
// slots, not 128 (56 bytes each).
const classBits = 7

// classBitsFor returns the class-list cache's size for a page of n
// elements: 1<<classBitsFor(n) slots, from 8 to 1<<classBits.
func classBitsFor(n int) uint8 {
	b := uint8(3)
	for b < classBits && 1<<b < n/2 {
		b++
	}
	return b
}

// classSlot returns the slot of the class-list cache for list, making the
// cache at its first use.
func (s *scratch) classSlot(list string) *classList {
	if s.classes == nil {
		s.classes = make([]classList, 1<<s.cbits)
	}
	// (cbits is 3 to 7: the shift's count needs no test against 64, and the
	// mask keeps the index in range without a bounds check)
	return &s.classes[listHash(list)>>((64-s.cbits)&63)&uint64(len(s.classes)-1)]
}

// listHash hashes a class list for its class-list cache slot, eight bytes
// a step as keyHash does but with one multiply a step and no shifts: a
// slot is only a guess, which classOf checks against the whole list, so
// the hash need only tell apart the lists of one page (those of the
// corpus pages share slots as often as by keyHash: TestListHashSpreads).
// The last step reads the last eight bytes (overlapping the one before);
// a list shorter than eight bytes is read in two overlapping halves.
func listHash(s string) uint64 {
	n := len(s)
	h := uint64(n) * 0x9E3779B97F4A7C15
	switch {
	case n >= 8:
		for i := 0; i+8 < n; i += 8 {
			h = (h ^ word.Load8(s[i:i+8])) * 0xBF58476D1CE4E5B9
		}
		h = (h ^ word.Load8(s[n-8:])) * 0xBF58476D1CE4E5B9
	case n >= 4:
		h = (h ^ (uint64(load4(s[:4])) | uint64(load4(s[n-4:]))<<32)) * 0xBF58476D1CE4E5B9
	case n > 0:
		h = (h ^ (uint64(s[0]) | uint64(s[n/2])<<8 | uint64(s[n-1])<<16)) * 0xBF58476D1CE4E5B9
	}
	return (h ^ h>>32) * 0x9E3779B97F4A7C15 // spread into the top bits
}

// classOf returns what class list list of a document-tree element gives,
// where r is the document tree's rules (nil: none). An empty list is the
// zero classList, which is what an empty slot holds.
func (s *scratch) classOf(list string, r *scopeRules) *classList {
	x := s.classSlot(list)
	if x.list == list {
		return x
	}
	x.fill(list, r)
	return x
}

// fill makes x the facts of list under r: its classes' filter bits and
// the rules r keys by those classes, reusing x's candidate slice.
func (x *classList) fill(list string, r *scopeRules) {
	x.list, x.own, x.cands = list, ancFilter{}, x.cands[:0]
	byClass := r != nil && len(r.byClass) > 0
	for tok, rest := nextClass(list); tok != ""; tok, rest = nextClass(rest) {
		h := keyHash(0, tok)
		x.own.addHash(keyKindClass, h)
		if byClass && r.classKeys.mayHash(h) {
			x.cands = append(x.cands, r.byClass[tok]...)
		}
	}
}
