package accname

import "golang.org/x/net/html"

// A link in a table cell, a button in a column header, a link in a
// heading: an element named from its content is met again inside the name
// from content of an element around it, which a tree builder names first.
// Its contribution there is its own content, walked as its own name
// computation would walk it, when nothing makes the two walks differ:
// noteName keeps that text as the element's name, so that Name answers
// without walking the element's content a second time.
//
// The walks differ only where node, content and child look at whether
// the element is the root of the computation, or at what the computation
// did before it:
//   - node: a root skips step 2C (the recursive walk that reached the
//     content step did not stop there), a presentational root is named
//     nothing, step 2E reads a root control's labels, and the content step
//     is taken for other roles (mayNote asks for the root's conditions);
//   - content: only a root gets its list marker;
//   - the visited marks and references: a reference followed anywhere in
//     the walk so far could have marked an element of the subtree
//     (walker.refs: none followed);
//   - white space: a white-space-only text at the edge of the element's
//     content is dropped in its own walk (collapsedSpace stops at the
//     root) and may be kept in the outer one. Trimmed by collapse, it
//     changes the name only next to pseudo-element content or quotes
//     written inside the element, which walker.odd counts (with flat-tree
//     children, for shadow trees and aria-owns);
//   - the limits: the outer walk counts at least as many objects, steps,
//     bytes and depth for the subtree as the element's own walk, so when
//     the outer walk has met none of its limits, neither would the
//     element's walk.

// mayNote reports whether n (role flags rf), met by a name from content
// with mode m, could have its contribution kept as its own name
// (noteName); the counts of the walk are checked when the contribution is
// known.
func (w *walker) mayNote(n *html.Node, m mode, rf uint8, presentational bool) bool {
	if m != mRecursing || w.refs || presentational || n.Namespace != "" {
		return false
	}
	if rf&rfAllows == 0 && !(contentNamed(n) && n.Data != "label") {
		return false // a root would not take the content step
	}
	switch n.Data {
	case "input", "textarea", "select", "meter", "progress", "output":
		return false // a root reads its labels, or its value
	case "button":
		if len(w.c.labelsOf(n)) > 0 {
			return false
		}
	}
	return true
}

// noteName keeps raw, the text n contributed to the current computation
// (mayNote held before it was walked, and walker.odd did not change
// while it was), as n's name when the walk met no reference and no limit.
func (w *walker) noteName(n *html.Node, raw text) {
	if w.refs || w.objects > MaxObjects || w.steps >= MaxSteps || w.bytes+raw.len() >= MaxTextBytes ||
		w.maxDepth >= MaxDepth {
		return
	}
	sl := w.c.slotOf(n)
	if sl == nil || sl.flags&hasName != 0 {
		return
	}
	sl.setName(raw.collapse(), srcOther)
}
