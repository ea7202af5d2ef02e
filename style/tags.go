package style

import (
	"golang.org/x/net/html"

	"github.com/axtree/axtree/dom"
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
	ua         kwID   // the UA display of an HTML element of this tag (uaDisplayID)
	// special: an HTML element of this tag has a UA display that depends
	// on more than its tag (defaultDisplayOf's switch), or no pseudo boxes
	special, noPseudo bool
	// docBox: the tag is html or body, which documentBox may pick out
	docBox bool
	bucket []int32 // the document tree's selectors filed under the tag
}

// tagBits sizes the tag cache: 1<<tagBits slots.
const (
	tagBits  = 6
	tagSlots = 1 << tagBits
)

// tagCache is the scratch's cache of tag facts, by atom, and a spare entry
// for a tag it does not keep.
type tagCache struct {
	slots [tagSlots]tagInfo
	spare tagInfo
}

// tagOf returns the tag facts of element n, whose scope's rules are r (nil:
// none). Only document-tree elements (r is the document's rules, doc
// true) whose atom spells their name are cached; the others are found
// afresh in the spare entry.
func (t *tagCache) tagOf(n *html.Node, r *scopeRules, doc bool) *tagInfo {
	if a := n.DataAtom; a != 0 && doc && a.String() == n.Data {
		x := &t.slots[uint32(a)*0x9E3779B1>>(32-tagBits)]
		if x.a != uint32(a) {
			x.fill(n, r)
			x.a = uint32(a)
		}
		return x
	}
	x := &t.spare
	x.fill(n, r)
	x.a = 0
	return x
}

// fill finds the tag facts of element n, whose scope's rules are r.
func (x *tagInfo) fill(n *html.Node, r *scopeRules) {
	a, b := keyBits(keyKindTag, n.Data)
	x.bitA, x.bitB = uint8(a), uint8(b)
	x.ua = uaDisplayID(n)
	switch n.Data {
	case "input", "dialog", "audio", "summary":
		x.special = true
	default:
		x.special = false
	}
	x.noPseudo = noPseudo[n.Data]
	x.docBox = n.Data == "html" || n.Data == "body"
	x.bucket = nil
	if r != nil && len(r.byTag) > 0 {
		if tag := dom.LowerASCII(n.Data); r.tagKeys.may(tag) {
			x.bucket = r.byTag[tag]
		}
	}
}
