package dom

import (
	"cmp"
	"slices"
	"unsafe"

	"golang.org/x/net/html"
)

// nodeMap maps nodes to values: its entries sorted by the key's address,
// found by binary search. It holds the few entries of a Doc's shadow and
// frame tables (Doc.rare), 16 or 24 bytes an entry where a Go map took
// 96 bytes for its first eight and 48 more for each group after; a kept
// Doc of a page with a shadow tree carried over a kilobyte of them. Only
// addresses are compared (no pointer is made from an integer), and no
// answer depends on the order of the entries. The zero value is empty.
type nodeMap[V any] []nodeEntry[V]

// nodeEntry is one entry of a nodeMap.
type nodeEntry[V any] struct {
	k *html.Node
	v V
}

// addr is the address nodeMap sorts and searches by.
func addr(n *html.Node) uintptr { return uintptr(unsafe.Pointer(n)) }

// find returns the position of k in m, or where it would go, and whether
// it is there.
func (m nodeMap[V]) find(k *html.Node) (int, bool) {
	a := addr(k)
	lo, hi := 0, len(m)
	for lo < hi {
		h := int(uint(lo+hi) >> 1)
		if addr(m[h].k) < a {
			lo = h + 1
		} else {
			hi = h
		}
	}
	return lo, lo < len(m) && m[lo].k == k
}

// get returns k's value, or the zero value and false.
func (m nodeMap[V]) get(k *html.Node) (V, bool) {
	if i, ok := m.find(k); ok {
		return m[i].v, true
	}
	var zero V
	return zero, false
}

// set makes k's value v, in place when k has one.
func (m *nodeMap[V]) set(k *html.Node, v V) {
	i, ok := m.find(k)
	if ok {
		(*m)[i].v = v
		return
	}
	*m = slices.Insert(*m, i, nodeEntry[V]{k, v})
}

// sort orders entries appended out of order (each key once) for find.
// A table of a few dozen entries (a page's shadow trees: scope and parent
// are sorted once per document) is sorted by insertion, in place, without
// the calls of a comparison function: its entries come mostly in order
// (scope's in document order, parent's host by host).
func (m nodeMap[V]) sort() {
	if len(m) > insertionMax {
		if !slices.IsSortedFunc(m, byAddr[V]) {
			slices.SortFunc(m, byAddr[V])
		}
		return
	}
	for i := 1; i < len(m); i++ {
		a := addr(m[i].k)
		if addr(m[i-1].k) < a {
			continue // in place already
		}
		e, j := m[i], i
		for ; j > 0 && addr(m[j-1].k) > a; j-- {
			m[j] = m[j-1]
		}
		m[j] = e
	}
}

// insertionMax is the most entries nodeMap.sort sorts by insertion.
const insertionMax = 48

func byAddr[V any](a, b nodeEntry[V]) int { return cmp.Compare(addr(a.k), addr(b.k)) }
