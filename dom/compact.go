package dom

import (
	"unsafe"

	"golang.org/x/net/html"
)

// ParseDoc parses an HTML document as Parse does and indexes it as New
// does, with one difference in layout for large pages (compactMinNodes
// nodes and more): the nodes are copied, in document order, into one
// contiguous slice. Every later pass then walks memory in
// order instead of chasing pointers across the heap, and Index is an array
// access instead of a hash lookup. On pages of a million elements that is
// the difference between a flat and a growing cost per element.
//
// A page nested past MaxParseDepth is flattened as Parse does, without a
// note: browsers flatten the same way (Chromium at 512 levels), so what is
// shown is what a browser's tree holds, and a capture of the page in a
// browser renders to the same bytes.
func ParseDoc(b []byte) (*Doc, error) {
	root, err := Parse(b)
	if err != nil {
		return nil, err
	}
	r, sl, elems := layout(root)
	return newDoc(r, sl, elems), nil
}

// layout returns root compacted into a slab when the tree is large enough
// to gain from it (compactMinNodes), else root as it is and no slab, and
// the tree's count of elements (counted in the same pass as its nodes).
// Either way the attribute slices with room to spare are trimmed first
// (trimAttrs).
func layout(root *html.Node) (*html.Node, *slab, int) {
	n, elems, spare := countNodes(root)
	if spare > 0 {
		trimAttrs(root, spare)
	}
	if n < compactMinNodes {
		return root, nil, elems
	}
	r, sl := compact(root, n)
	return r, sl, elems
}

// compactMinNodes is the node count from which ParseDoc lays a page out in
// one slice. Below it the element map stays in cache and the copy (a few
// milliseconds on a 2 MB page) would cost more than it saves.
const compactMinNodes = 100_000

// countNodes counts the nodes under root, root included, the elements
// among them, and the attributes of the nodes whose attribute slice has
// room to spare (trimAttrs copies those).
func countNodes(root *html.Node) (nodes, elems, spare int) {
	for x := range preorder(root) {
		nodes++
		if x.Type == html.ElementNode {
			elems++
		}
		if cap(x.Attr) > len(x.Attr) {
			spare += len(x.Attr)
		}
	}
	return nodes, elems, spare
}

// trimAttrs gives each node under root whose attribute slice has room to
// spare a copy of its attributes without it, in the same order; the other
// nodes keep theirs. html.Parse grows an element's attributes by appending
// (3 take room for 4, 5 for 8): on attribute-heavy pages the unused room
// is 25-75 bytes per element of a kept document. The copies are cut from
// a few arrays that fill allocator size classes (attrChunks), none shared
// with an old slice, and have no spare capacity themselves (an append
// copies them, never writing into the next node's). spare is the count of
// attributes to copy, as countNodes counts them: the walk ends after the
// last.
func trimAttrs(root *html.Node, spare int) {
	var as []html.Attribute
	for x := root; ; {
		// the walk of preorder, written out: this loop runs over every
		// node of most pages
		if k := len(x.Attr); cap(x.Attr) > k && k > 0 {
			if k > len(as) { // the rest of as, if any, stays unused
				as = make([]html.Attribute, max(k, attrChunk(spare)))
			}
			dst := as[:k:k]
			for j, a := range x.Attr {
				dst[j] = a // not copy: a call and a bulk barrier for a few
			}
			x.Attr, as, spare = dst, as[k:], spare-k
			if spare == 0 {
				return // the last one copied
			}
		}
		if x.FirstChild != nil {
			x = x.FirstChild
			continue
		}
		for x != root && x.NextSibling == nil {
			x = x.Parent
		}
		if x == root {
			return
		}
		x = x.NextSibling
	}
}

// attrChunks are the lengths of trimAttrs' arrays, largest first: those
// whose bytes (48 an attribute, plus the allocator's 8-byte header past
// 512 bytes) fill a size class but for at most 24 bytes (682: 32,736 + 8
// of 32,768 bytes; 1 to 6, 8 and 10 exactly).
var attrChunks = [...]int{682, 453, 226, 170, 141, 85, 42, 21, 13, 10, 8, 6, 5, 4, 3, 2, 1}

// attrChunk returns the length of the next array for left attributes
// still to copy: the largest of attrChunks that is not more than left (1
// when left is not positive).
func attrChunk(left int) int {
	for _, c := range attrChunks {
		if c <= left {
			return c
		}
	}
	return 1
}

// slab is a document's nodes laid out by compact, with the element index of
// each position (-1 for other nodes).
type slab struct {
	nodes []html.Node
	elem  []int32
}

// compact copies the tree under root (n nodes, root included, as
// countNodes counts them) into one slice in pre-order and
// returns its new root. Attribute slices are shared with the old nodes,
// which are not referenced afterwards.
func compact(root *html.Node, n int) (*html.Node, *slab) {
	s := &slab{nodes: make([]html.Node, n), elem: make([]int32, n)}
	type item struct{ old, parent *html.Node }
	stack := []item{{root, nil}}
	i := 0
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		c := &s.nodes[i]
		s.elem[i] = -1
		i++
		o := it.old
		c.Type, c.DataAtom, c.Data, c.Namespace, c.Attr = o.Type, o.DataAtom, o.Data, o.Namespace, o.Attr
		if p := it.parent; p != nil {
			c.Parent = p
			if p.LastChild != nil {
				p.LastChild.NextSibling = c
				c.PrevSibling = p.LastChild
			} else {
				p.FirstChild = c
			}
			p.LastChild = c
		}
		for k := o.LastChild; k != nil; k = k.PrevSibling {
			stack = append(stack, item{k, c})
		}
	}
	return &s.nodes[0], s
}

// preorder yields the nodes under root (root included) in document order.
func preorder(root *html.Node) func(yield func(*html.Node) bool) {
	return func(yield func(*html.Node) bool) {
		for x := root; x != nil; {
			if !yield(x) {
				return
			}
			if x.FirstChild != nil {
				x = x.FirstChild
				continue
			}
			for x != root && x.NextSibling == nil {
				x = x.Parent
			}
			if x == root {
				return
			}
			x = x.NextSibling
		}
	}
}

// nodeSize is the size of one html.Node in a slab.
const nodeSize = unsafe.Sizeof(html.Node{})

// pos returns n's position in the slab, or -1 when n is not one of its
// nodes. Only the address is compared (no pointer is made from an integer).
func (s *slab) pos(n *html.Node) int {
	if s == nil || n == nil || len(s.nodes) == 0 {
		return -1
	}
	off := uintptr(unsafe.Pointer(n)) - uintptr(unsafe.Pointer(unsafe.SliceData(s.nodes)))
	if off >= uintptr(len(s.nodes))*nodeSize || off%nodeSize != 0 {
		return -1
	}
	return int(off / nodeSize)
}
