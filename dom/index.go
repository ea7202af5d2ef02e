package dom

import (
	"math/bits"
	"unsafe"

	"golang.org/x/net/html"
)

// nodeIndex maps element nodes to their pre-order index: an open-addressing
// hash table over the node's address. It replaces a Go map because it sits
// on every per-element path (style, names, hidden-ness all memoize by
// index): no hashing of an interface-free pointer through the runtime's
// generic map, and its array holds no pointers, so the garbage collector
// never scans it. A slot holds only the element's index (plus one; 0 marks
// an empty slot): the element itself is Doc.Elements[index], which the
// lookup compares with the node asked about, so a slot is 2 bytes (4 in
// the wideIndex of a document of more than shortMax elements) instead of
// 12 with the address beside it, and a kept document carries a sixth of
// the index it did. The nodes are kept alive by Doc.Elements; only
// addresses are compared, no pointer is made from an integer.
type nodeIndex = table[uint16]

// wideIndex is a nodeIndex of four-byte slots, for a document of more
// than shortMax elements (Doc.wide): every page but the largest takes the
// two-byte table, half the room.
type wideIndex = table[int32]

// table is the open-addressing table of both widths.
type table[S uint16 | int32] struct {
	slots []S  // 1 + element index; 0 marks an empty slot
	shift uint // 64 - log2(len(slots))
}

// shortMax is the most elements a nodeIndex holds: the largest index plus
// one fits in a slot.
const shortMax = 1<<16 - 2

// tableSize returns the slot count of a table for up to n entries, at
// most two thirds full (1.5 to 3 slots per entry; linear probing stays
// short at that load), and its shift.
func tableSize(n int) (int, uint) {
	size := 8
	if m := n + n/2; m > size {
		size = 1 << bits.Len(uint(m-1)) // the next power of two ≥ 1.5n
	}
	return size, uint(64 - bits.TrailingZeros(uint(size)))
}

// newNodeIndex returns an empty table for up to n entries, n at most
// shortMax.
func newNodeIndex(n int) nodeIndex {
	size, shift := tableSize(n)
	return nodeIndex{slots: make([]uint16, size), shift: shift}
}

// newWideIndex returns an empty table for up to n entries, of any count.
func newWideIndex(n int) *wideIndex {
	size, shift := tableSize(n)
	return &wideIndex{slots: make([]int32, size), shift: shift}
}

// slotOf returns the first slot to probe for n in a table of this shift
// (Fibonacci hashing of its address: the multiply spreads the low,
// aligned bits of an address over the top bits kept).
func slotOf(n *html.Node, shift uint) int {
	return int((uint64(uintptr(unsafe.Pointer(n))) * 0x9E3779B97F4A7C15) >> shift)
}

// put records that n is the element of index i; n must not be in the
// table yet, and i must be less than the count the table was made for.
func (t *table[S]) put(n *html.Node, i int) {
	mask := len(t.slots) - 1
	for s := slotOf(n, t.shift); ; s = (s + 1) & mask {
		if t.slots[s] == 0 {
			t.slots[s] = S(i + 1)
			return
		}
	}
}

// get returns n's index, or -1 when n is not in the table; elems are the
// elements by index (Doc.Elements), which a slot is checked against.
func (t *table[S]) get(n *html.Node, elems []*html.Node) int {
	if len(t.slots) == 0 || n == nil {
		return -1
	}
	mask := len(t.slots) - 1
	for s := slotOf(n, t.shift); ; s = (s + 1) & mask {
		v := t.slots[s]
		if v == 0 {
			return -1
		}
		if i := int(v) - 1; i < len(elems) && elems[i] == n {
			return i
		}
	}
}
