package dom

import (
	"math/bits"
	"unsafe"

	"golang.org/x/net/html"
)

// nodeIndex maps element nodes to their pre-order index: an open-addressing
// hash table keyed by the node's address. It replaces a Go map because it
// sits on every per-element path (style, names, hidden-ness all memoize by
// index): no hashing of an interface-free pointer through the runtime's
// generic map, and its arrays hold no pointers, so the garbage collector
// never scans them. The nodes are kept alive by Doc.Elements, so an address
// cannot be reused while the table exists (Go's heap does not move
// objects); only addresses are compared, no pointer is made from an
// integer.
type nodeIndex struct {
	keys  []uintptr // node addresses; 0 marks an empty slot
	vals  []int32   // element index of keys[i]
	shift uint      // 64 - log2(len(keys))
}

// newNodeIndex returns an empty table for up to n entries, at most two
// thirds full (1.5 to 3 slots of 12 bytes per entry; linear probing stays
// short at that load).
func newNodeIndex(n int) nodeIndex {
	size := 8
	if m := n + n/2; m > size {
		size = 1 << bits.Len(uint(m-1)) // the next power of two ≥ 1.5n
	}
	return nodeIndex{
		keys:  make([]uintptr, size),
		vals:  make([]int32, size),
		shift: uint(64 - bits.TrailingZeros(uint(size))),
	}
}

// slot returns the first slot to probe for address k (Fibonacci hashing:
// the multiply spreads the low, aligned bits of an address over the top
// bits kept).
func (t *nodeIndex) slot(k uintptr) int {
	return int((uint64(k) * 0x9E3779B97F4A7C15) >> t.shift)
}

// put records n at index i; n must not be in the table yet.
func (t *nodeIndex) put(n *html.Node, i int) {
	k := uintptr(unsafe.Pointer(n))
	mask := len(t.keys) - 1
	for s := t.slot(k); ; s = (s + 1) & mask {
		if t.keys[s] == 0 {
			t.keys[s], t.vals[s] = k, int32(i)
			return
		}
	}
}

// get returns n's index, or -1 when n is not in the table.
func (t *nodeIndex) get(n *html.Node) int {
	if len(t.keys) == 0 || n == nil {
		return -1
	}
	k := uintptr(unsafe.Pointer(n))
	mask := len(t.keys) - 1
	for s := t.slot(k); ; s = (s + 1) & mask {
		switch t.keys[s] {
		case k:
			return int(t.vals[s])
		case 0:
			return -1
		}
	}
}
