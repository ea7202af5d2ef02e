package axtree

import (
	"slices"

	"golang.org/x/net/html"

	"github.com/axtree/axtree/dom"
)

// binding is the element each id of a built tree is bound to (Tree.Node):
// per id the element's index in the page's Doc.Elements, two bytes when
// the page has at most 65,533 elements (four past that), instead of a
// pointer; the few ids bound to an element the page does not index (a
// frame's: the builder's pending) are listed apart, by id. A kept tree of
// a thousand ids carries 2 KB for it instead of 8.
type binding struct {
	doc  *dom.Doc  // the page: an id's element is doc.Elements[at[id]]
	at   []uint16  // by id: an index, or noShort / otherShort; nil when more.wide is used
	more *bindMore // what most pages have none of
}

// bindMore is the part of a binding most pages leave empty.
type bindMore struct {
	wide  []int32   // by id, for a page of more than shortMaxIndex+1 elements: an index, or noWide / otherWide
	other []boundID // the ids bound apart, ascending, one each
}

// boundID is an id bound apart, to an element the page does not index.
type boundID struct {
	id int
	el *html.Node
}

const (
	noShort, otherShort = 1<<16 - 1, 1<<16 - 2 // at's slots: no element, an element of other
	shortMaxIndex       = otherShort - 1       // the largest index a two-byte slot holds
	noWide, otherWide   = -1, -2
)

// newBinding returns the binding of ids 1..ids-1 to nothing, over the
// elements of d.
func newBinding(d *dom.Doc, ids int) binding {
	b := binding{doc: d}
	if len(d.Elements) <= shortMaxIndex+1 {
		b.at = make([]uint16, ids)
		for i := range b.at {
			b.at[i] = noShort
		}
	} else {
		w := make([]int32, ids)
		for i := range w {
			w[i] = noWide
		}
		b.more = &bindMore{wide: w}
	}
	return b
}

// bindNumbered numbers the elements of roots and their subtrees from 1
// on, in pre-order (numberNodes), and binds each id to its element as
// newBinding and bindTree would, in one walk, into slots for at most
// slots-1 ids. It returns the binding of ids, of length the next id free;
// an empty one, with the ids given so far to be given again, when the
// tree has more elements than that.
func bindNumbered(d *dom.Doc, roots []*Node, slots int) binding {
	b := binding{doc: d}
	if len(d.Elements) <= shortMaxIndex+1 {
		at := make([]uint16, slots)
		at[0] = noShort
		if next, ok := numberBind(roots, 1, len(d.Elements), at, noShort); ok {
			b.at = at[:next]
			return b
		}
		return binding{}
	}
	w := make([]int32, slots)
	w[0] = noWide
	if next, ok := numberBind(roots, 1, len(d.Elements), w, noWide); ok {
		b.more = &bindMore{wide: w[:next]}
		return b
	}
	return binding{}
}

// numberBind gives the elements of ns and their subtrees ids from next on
// and binds each in at to its DOM index when it is one of the page's els
// elements, else to no; it returns the next id free, or false once an id
// would fall past at.
func numberBind[S uint16 | int32](ns []*Node, next, els int, at []S, no S) (int, bool) {
	for _, n := range ns {
		if n.Role != "" {
			if next >= len(at) {
				return next, false
			}
			v := no
			if uint(n.DOM) < uint(els) {
				v = S(n.DOM)
			}
			at[next] = v
			n.ID = next
			next++
		}
		if len(n.Children) > 0 {
			var ok bool
			if next, ok = numberBind(n.Children, next, els, at, no); !ok {
				return next, false
			}
		}
	}
	return next, true
}

// bindTree binds each element node of ns and their subtrees whose DOM
// index is one of the page's elements to it (a frame's may not be:
// bindOther binds those).
func (b *binding) bindTree(ns []*Node) {
	if b.at != nil {
		bindNodes(ns, len(b.doc.Elements), b.at)
	} else {
		bindNodes(ns, len(b.doc.Elements), b.more.wide)
	}
}

func bindNodes[S uint16 | int32](ns []*Node, els int, at []S) {
	for _, n := range ns {
		if n.Role != "" && uint(n.DOM) < uint(els) {
			at[n.ID] = S(n.DOM)
		}
		if len(n.Children) > 0 {
			bindNodes(n.Children, els, at)
		}
	}
}

// bindOther binds the ids of pending's nodes to their elements, over what
// bindTree bound; of the entries for one node the last wins. Only the ids
// it binds to another element than bindTree did are listed apart (once a
// frame is met, pending records every element made after it, most of
// them the page's own).
func (b *binding) bindOther(pending []bound) {
	n := b.len()
	var other []boundID
	for _, p := range pending {
		if id := p.node.ID; id > 0 && id < n {
			other = append(other, boundID{id, p.el})
		}
	}
	if len(other) == 0 {
		return
	}
	// ascending ids, the last entry of an id kept (a stable sort keeps the
	// entries of one id in pending's order)
	slices.SortStableFunc(other, func(x, y boundID) int { return x.id - y.id })
	out := other[:0]
	for i, p := range other {
		if i+1 < len(other) && other[i+1].id == p.id || p.el != nil && b.node(p.id) == p.el {
			continue // a later entry wins, or bindTree bound the same element
		}
		out = append(out, p)
		if b.at != nil {
			b.at[p.id] = otherShort
		} else {
			b.more.wide[p.id] = otherWide
		}
	}
	if len(out) == 0 {
		return
	}
	if b.more == nil {
		b.more = &bindMore{}
	}
	b.more.other = slices.Clone(out) // of its length: pending may have listed many more
}

// len returns the number of id slots (the largest id plus one).
func (b *binding) len() int {
	if b.at != nil {
		return len(b.at)
	}
	if b.more != nil {
		return len(b.more.wide)
	}
	return 0
}

// node returns the element bound to id, or nil.
func (b *binding) node(id int) *html.Node {
	if id <= 0 || id >= b.len() {
		return nil
	}
	if b.at != nil {
		switch v := b.at[id]; v {
		case noShort:
			return nil
		case otherShort:
			return b.apart(id)
		default:
			return b.doc.Elements[v]
		}
	}
	switch v := b.more.wide[id]; v {
	case noWide:
		return nil
	case otherWide:
		return b.apart(id)
	default:
		return b.doc.Elements[v]
	}
}

// apart returns the element bindOther bound id to.
func (b *binding) apart(id int) *html.Node {
	o := b.more.other
	k, ok := slices.BinarySearchFunc(o, id, func(p boundID, id int) int { return p.id - id })
	if !ok {
		return nil
	}
	return o[k].el
}
