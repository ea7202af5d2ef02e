package dom

import "golang.org/x/net/html"

// What a kept Doc drops and makes again: the element index (element ->
// pre-order index) and the id index are derived from Elements alone, so
// Forget lets them go and the first question that needs one makes both
// again, with the same answers. A kept render.Result asks few questions,
// and on a large page the two are some 6 bytes an element (river-article:
// 38 KB).

// indexes are what Doc.again holds: the element index of a document too
// large for a nodeIndex (wide), or the element and id indexes rebuilt
// makes again after Forget.
type indexes struct {
	wide  *wideIndex
	index nodeIndex
	ids   idIndex
}

// forgotten marks a Doc whose indexes Forget dropped and no question has
// made again yet (Doc.again). It is never written.
var forgotten = &indexes{}

// Forget drops the element index and the id index, which Index and ByID
// then make again, the same, at their first call (once: concurrent
// readers that race to it may each make a copy, of which one is kept).
// It is not a read: call it before the Doc is shared, as render does once
// the tree is built. Its srcdoc frames forget theirs too. A document of
// more than 65,534 elements, or laid out in one block (ParseDoc of a very
// large page), keeps its index.
func (d *Doc) Forget() {
	if d.rare != nil {
		for _, e := range d.rare.frames {
			e.v.Forget()
		}
	}
	if d.slab != nil || len(d.index.slots) == 0 {
		return // in a slab, wide, or dropped already
	}
	d.index, d.ids = nodeIndex{}, idIndex{}
	d.again.Store(forgotten)
}

// indexAgain is Index past an empty element index: the wide one, or the
// one Forget dropped, made again.
//
//go:noinline
func (d *Doc) indexAgain(n *html.Node) int {
	x := d.rebuilt()
	switch {
	case x == nil:
		return -1 // a zero Doc: no elements indexed
	case x.wide != nil:
		return x.wide.get(n, d.Elements)
	}
	return x.index.get(n, d.Elements)
}

// rebuilt returns what again holds, first making the indexes Forget
// dropped again from Elements: the same tables New filled, as visit fills
// them (the element of index i at i) and as walk lists the elements with
// an id (in document order).
func (d *Doc) rebuilt() *indexes {
	x := d.again.Load()
	if x != forgotten {
		return x
	}
	x = &indexes{index: newNodeIndex(len(d.Elements))}
	var withID []int32
	for i, n := range d.Elements {
		x.index.put(n, i)
		if firstID(n) != "" {
			withID = append(withID, int32(i))
		}
	}
	x.ids.build(d, withID)
	if d.again.CompareAndSwap(forgotten, x) {
		return x
	}
	return d.again.Load()
}
