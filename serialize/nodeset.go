package serialize

import (
	"github.com/axtree/axtree/axtree"
	"github.com/axtree/axtree/internal/ptrset"
)

// nodeSet is the set of nodes a printer walked: a node with an id below
// the slots is held in its id's slot, where a built tree's node (its ids
// are 1 to its element count, each its own) is found without hashing; a
// node without an id (a text), with one past the slots, or whose id's
// slot holds another node (a tree built by hand) is held in a set of
// pointers. Members are nodes, compared by identity, as a ptrset's.
type nodeSet struct {
	byID  []*axtree.Node // the node held for each id; nil: none
	holes []uint64       // ids whose slot delete emptied: rest may hold a node of that id
	rest  ptrset.Set[axtree.Node]
}

// maxSlots bounds the slots of a nodeSet (16 MiB of them).
const maxSlots = 1 << 21

// makeNodeSet returns a nodeSet with a slot for ids 1 to ids (the count
// of nodes with an id in the tree to walk: a built tree numbers its
// elements from 1) and room for texts nodes without one.
func makeNodeSet(ids, texts int) nodeSet {
	s := nodeSet{byID: make([]*axtree.Node, min(max(ids, 0), maxSlots)+1)}
	if texts > 0 {
		s.rest = ptrset.Make[axtree.Node](texts) // else made by a first member, if any
	}
	return s
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

// delete removes n.
func (s *nodeSet) delete(n *axtree.Node) {
	if n == nil {
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
