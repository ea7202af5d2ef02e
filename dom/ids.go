package dom

import (
	"hash/maphash"
	"unsafe"

	"golang.org/x/net/html"
)

// idIndex finds the first element, in tree order, of each id in each tree
// (the document, or one shadow tree): an open-addressing table of element
// indexes, filled once the walk has numbered every element. A slot is 4
// bytes and the table is two thirds full, 6 bytes an id, where a Go map
// of (tree, id) keys took 40 to 75; a kept Doc of a page with a thousand
// ids carried some 40 KB of it. The id and tree of a slot's element are
// read back from the element (its first id attribute, as the walk read
// it, and Scope) to compare with the one asked about.
type idIndex struct {
	slots []int32 // 1 + element index; 0 marks an empty slot
}

// idSeed seeds the ids' hash, made once per process and never changed: a
// page cannot choose ids that collide, and no order depends on it.
var idSeed = maphash.MakeSeed()

// build fills the table with the elements of withID (element indexes in
// document order, each with a non-empty id); of elements sharing an id in
// one tree the first is kept.
func (t *idIndex) build(d *Doc, withID []int32) {
	if len(withID) == 0 {
		return
	}
	t.slots = make([]int32, len(withID)+len(withID)/2+1)
	scoped := d.scoped
	for _, i := range withID {
		n := d.Elements[i]
		id := firstID(n)
		sc := d.Scope(n)
		for s := t.slot(sc, id); ; {
			v := t.slots[s]
			if v == 0 {
				t.slots[s] = i + 1
				break
			}
			if d.sameID(int(v)-1, sc, id, scoped) {
				break // a later element with the same id: the first wins
			}
			if s++; s == len(t.slots) {
				s = 0
			}
		}
	}
}

// find returns the first element with id in tree sc, or nil.
func (t *idIndex) find(d *Doc, sc *html.Node, id string) *html.Node {
	if len(t.slots) == 0 || id == "" {
		return nil
	}
	scoped := d.scoped
	for s := t.slot(sc, id); ; {
		v := t.slots[s]
		if v == 0 {
			return nil
		}
		if i := int(v) - 1; d.sameID(i, sc, id, scoped) {
			return d.Elements[i]
		}
		if s++; s == len(t.slots) {
			s = 0
		}
	}
}

// slot returns the first slot to probe for id in tree sc.
func (t *idIndex) slot(sc *html.Node, id string) int {
	h := maphash.String(idSeed, id) ^ uint64(uintptr(unsafe.Pointer(sc)))*0x9E3779B97F4A7C15
	return int(((h >> 32) * uint64(len(t.slots))) >> 32)
}

// sameID reports whether element i has id (its first id attribute) and is
// in tree sc. scoped is d.scoped: when it is false every element is in
// the document tree (sc is nil) and the search for the tree is skipped.
func (d *Doc) sameID(i int, sc *html.Node, id string, scoped bool) bool {
	n := d.Elements[i]
	return firstID(n) == id && (!scoped || d.scopeOf(n) == sc)
}

// firstID returns n's first id attribute without a namespace, as
// visitAttrs (and Attr) find it, or "": it stops at that attribute instead
// of reading them all.
func firstID(n *html.Node) string {
	for i := range n.Attr {
		if a := &n.Attr[i]; a.Key == "id" && a.Namespace == "" {
			return a.Val
		}
	}
	return ""
}
