package serialize

import (
	"unsafe"

	"github.com/axtree/axtree/axtree"
	"github.com/axtree/axtree/internal/ptrset"
)

// nodeSet is the set of nodes a printer walked: a node with an id below
// the slots is held in its id's slot, where a built tree's node (its ids
// are 1 to its element count, each its own) is found without hashing; a
// node without an id (a text), with one past the slots, or whose id's
// slot holds another node (a tree built by hand) is held in a set of
// pointers. Members are nodes, compared by identity, as a ptrset's.
//
// A set made by makeNodeBits holds a node with an id in a bit of its id
// instead (a node with none, or with an id past the bits, in the set of
// pointers): the walk of a built tree meets each id once, and a bit is
// all it needs. A bit already set does not say whether the node met is
// the one that set it; the set then notes a clash, answers as if it were
// (add: not new; has: a member), and the printer prints the tree again
// with a set made by makeNodeSet, whose answers are exact.
type nodeSet struct {
	byID  []*axtree.Node // the node held for each id; nil: none
	holes []uint64       // ids whose slot delete emptied: rest may hold a node of that id
	rest  restSet

	bits  []uint64 // makeNodeBits' set: the ids held, a bit each (never empty); nil: byID's set
	clash bool     // bits met an id already held: the answers since may be wrong
}

// maxSlots bounds the slots of a nodeSet (16 MiB of them).
const maxSlots = 1 << 21

// makeNodeSet returns a nodeSet with a slot for ids 1 to ids (the count
// of nodes with an id in the tree to walk: a built tree numbers its
// elements from 1) and room for texts nodes without one.
func makeNodeSet(ids, texts int) nodeSet {
	s := nodeSet{byID: make([]*axtree.Node, min(max(ids, 0), maxSlots)+1)}
	if texts > 0 {
		s.rest = restSet{set: ptrset.Make[axtree.Node](texts)} // else made by a first member, if any
	}
	return s
}

// makeNodeBits returns a nodeSet holding ids 0 to ids (the count of
// nodes with an id in the tree to walk) in bits (0 goes to the pointers)
// and room for texts nodes without one.
func makeNodeBits(ids, texts int) nodeSet {
	s := nodeSet{bits: make([]uint64, min(max(ids, 0), maxSlots)>>6+1)}
	if texts > 0 {
		s.rest = restSet{set: ptrset.Make[axtree.Node](texts)}
	}
	return s
}

// restSet is the set of pointers of a nodeSet: the nodes whose address
// lies in a range (the texts sizeHint met: lo to hi) in a bit each, by
// their offset from lo in nodes (distinct nodes do not overlap, so two
// never share a bit; the heap does not move them), others in a ptrset.
// A built tree's texts sit in a few chunks of nodes (axtree's slabs) a
// few thousand nodes apart: a bit a node of the range costs less than a
// ptrset's word per slot, and a test of it less than a hash and a probe.
type restSet struct {
	lo   uintptr
	bits []uint64 // nil: every member in set
	set  ptrset.Set[axtree.Node]
}

const nodeBytes = unsafe.Sizeof(axtree.Node{})

// makeRest returns the restSet for texts nodes whose addresses lie in
// lo to hi (lo > hi: none): bits over the range when they take fewer
// bytes than ptrset.Make(texts)'s slots, else that ptrset.
func makeRest(texts int, lo, hi uintptr) restSet {
	if texts <= 0 {
		return restSet{}
	}
	slots := 16 // ptrset's alloc
	for slots*3 < texts*4 {
		slots *= 2
	}
	if lo <= hi {
		if words := (hi-lo)/nodeBytes>>6 + 1; words < uintptr(slots) {
			return restSet{lo: lo, bits: make([]uint64, words)}
		}
	}
	return restSet{set: ptrset.Make[axtree.Node](texts)}
}

// bit returns the word and mask of n's bit and whether bits holds it.
func (s *restSet) bit(n *axtree.Node) (w uintptr, m uint64, ok bool) {
	u := (uintptr(unsafe.Pointer(n)) - s.lo) / nodeBytes // below lo: past the bits
	w = u >> 6
	return w, 1 << (u & 63), w < uintptr(len(s.bits))
}

// Has reports whether n is a member.
func (s *restSet) Has(n *axtree.Node) bool {
	if n == nil {
		return false
	}
	if w, m, ok := s.bit(n); ok {
		return s.bits[w]&m != 0
	}
	return s.set.Has(n)
}

// Add makes n a member and reports whether it was not one before; nil
// is never one.
func (s *restSet) Add(n *axtree.Node) bool {
	if n == nil {
		return false
	}
	if w, m, ok := s.bit(n); ok {
		old := s.bits[w]
		s.bits[w] = old | m
		return old&m == 0
	}
	return s.set.Add(n)
}

// addBit makes n (not nil) a member in the common case, where Add
// would too, and reports whether it did: n's bit is in bits and clear.
// When it reports false, nothing changed and Add decides. It is small
// enough to be inlined in the walk.
func (s *restSet) addBit(n *axtree.Node) bool {
	if w, m, ok := s.bit(n); ok && s.bits[w]&m == 0 {
		s.bits[w] |= m
		return true
	}
	return false
}

// Delete removes n.
func (s *restSet) Delete(n *axtree.Node) {
	if n == nil {
		return
	}
	if w, m, ok := s.bit(n); ok {
		s.bits[w] &^= m
		return
	}
	s.set.Delete(n)
}

// bit returns the word and mask of id's bit and whether bits holds it.
func (s *nodeSet) bit(id int) (w uint, m uint64, ok bool) {
	w = uint(id) >> 6
	return w, 1 << (uint(id) & 63), w < uint(len(s.bits)) && id != 0
}

// slot reports whether n's id has a slot.
func (s *nodeSet) slot(id int) bool { return uint(id-1) < uint(len(s.byID)-1) }

func (s *nodeSet) hole(id int) bool {
	return id>>6 < len(s.holes) && s.holes[id>>6]&(1<<(id&63)) != 0
}

// has reports whether n is a member.
func (s *nodeSet) has(n *axtree.Node) bool {
	if n == nil {
		return false
	}
	if s.bits != nil {
		if w, m, ok := s.bit(n.ID); ok {
			if s.bits[w]&m == 0 {
				return false
			}
			s.clash = true // n, or another node of its id
			return true
		}
		return s.rest.Has(n)
	}
	if id := n.ID; s.slot(id) {
		switch m := s.byID[id]; {
		case m == n:
			return true
		case m == nil && !s.hole(id):
			return false
		}
	}
	return s.rest.Has(n)
}

// add makes n a member and reports whether it was not one before; nil
// is never one.
func (s *nodeSet) add(n *axtree.Node) bool {
	if n == nil {
		return false
	}
	if s.bits != nil {
		if w, m, ok := s.bit(n.ID); ok {
			if s.bits[w]&m == 0 {
				s.bits[w] |= m
				return true
			}
			s.clash = true // n again, or another node of its id
			return false
		}
		return s.rest.Add(n)
	}
	if id := n.ID; s.slot(id) {
		switch m := s.byID[id]; {
		case m == n:
			return false
		case m == nil:
			if s.hole(id) && s.rest.Has(n) {
				return false
			}
			s.byID[id] = n
			return true
		}
	}
	return s.rest.Add(n)
}

// addNew makes n (not nil) a member in the common case, where add would
// too, and reports whether it did: a built tree's node met first, its
// id's slot empty and never emptied by delete (a hole). When it
// reports false, nothing changed and add decides. It is small enough to
// be inlined in the walk, where add is a call.
func (s *nodeSet) addNew(n *axtree.Node) bool {
	if id := n.ID; s.slot(id) && !s.hole(id) {
		if m := &s.byID[id]; *m == nil {
			*m = n
			return true
		}
	}
	return false
}

// addBit is addNew for makeNodeBits' set (s.bits not nil): n's id is
// held in the bits and its bit is clear.
func (s *nodeSet) addBit(n *axtree.Node) bool {
	if w, m, ok := s.bit(n.ID); ok && s.bits[w]&m == 0 {
		s.bits[w] |= m
		return true
	}
	return false
}

// delete removes n.
func (s *nodeSet) delete(n *axtree.Node) {
	if n == nil {
		return
	}
	if s.bits != nil {
		// a member (the walk deletes only the nodes quietWalk added):
		// unless a clash was noted, its id's bit is its own
		if w, m, ok := s.bit(n.ID); ok {
			s.bits[w] &^= m
			return
		}
		s.rest.Delete(n)
		return
	}
	if id := n.ID; s.slot(id) && s.byID[id] == n {
		s.byID[id] = nil
		if s.holes == nil {
			// a word for every slot at once (a slot's id is below
			// len(byID)), instead of growing a word at a time as
			// higher ids are deleted
			s.holes = make([]uint64, (len(s.byID)-1)>>6+1)
		}
		s.holes[id>>6] |= 1 << (id & 63)
		return
	}
	s.rest.Delete(n)
}
