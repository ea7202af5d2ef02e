package dom

import "golang.org/x/net/html"

// aria-owns (WAI-ARIA 1.2 §6.6): an element may claim other elements of
// its tree scope as its children in the accessibility tree, after its own
// children, in the order of its IDREFs. AXChildren and AXParent give that
// tree; Children and Parent stay the flat tree (styles, hiddenness and
// HTML structure follow it).
//
// Claims are settled once, in document order of the owners, the way
// Chromium settles them: an element has at most one owner (the first
// claim wins), an element cannot own itself or one of its ancestors in the
// accessibility tree (that claim is ignored, so no cycle can form), and
// <html>, <head> and <body> cannot be owned.

const (
	// maxOwnsRefs bounds the IDREFs read from one aria-owns attribute.
	maxOwnsRefs = 256
	// maxOwnsSteps bounds the ancestor steps of all cycle checks of one
	// document; past it further claims are ignored and LimitsHit says
	// "owns".
	maxOwnsSteps = 1 << 20
)

// resolveOwns settles the aria-owns claims of d.owners.
func (d *Doc) resolveOwns() {
	r := d.rare
	if r == nil || len(r.owners) == 0 {
		return
	}
	r.owner = make(map[*html.Node]*html.Node)
	r.owns = make(map[*html.Node][]*html.Node)
	budget := maxOwnsSteps
	for _, o := range r.owners {
		v, _ := Attr(o, "aria-owns")
		refs := 0
		for id, rest := NextToken(v); id != ""; id, rest = NextToken(rest) {
			if refs++; refs > maxOwnsRefs {
				d.limit("owns")
				break
			}
			t := d.ByID(o, id)
			if t == nil || t == o || r.owner[t] != nil || !ownable(t) {
				continue
			}
			cycle := false
			for x := o; x != nil && x.Type == html.ElementNode; x = d.AXParent(x) {
				if budget--; budget < 0 {
					d.limit("owns")
					return
				}
				if x == t {
					cycle = true
					break
				}
			}
			if !cycle {
				r.owner[t] = o
				r.owns[o] = append(r.owns[o], t)
			}
		}
	}
}

// ownable reports whether aria-owns may move n.
func ownable(n *html.Node) bool {
	if n.Type != html.ElementNode {
		return false
	}
	if n.Namespace == "" {
		switch n.Data {
		case "html", "head", "body":
			return false
		}
	}
	return !IsShadowRoot(n)
}

// Owner returns the element whose aria-owns claims n, or nil.
func (d *Doc) Owner(n *html.Node) *html.Node {
	if d.rare == nil || d.rare.owner == nil {
		return nil
	}
	return d.rare.owner[n]
}

// Owns returns the elements n claims with aria-owns, in IDREF order (nil
// when none). The slice is shared: do not modify it.
func (d *Doc) Owns(n *html.Node) []*html.Node {
	if d.rare == nil || d.rare.owns == nil {
		return nil
	}
	return d.rare.owns[n]
}

// HasOwns reports whether any aria-owns claim of d was honoured.
func (d *Doc) HasOwns() bool { return d.rare != nil && len(d.rare.owner) > 0 }

// AXParent returns n's parent in the accessibility tree: its aria-owns
// owner, else its flat-tree parent.
func (d *Doc) AXParent(n *html.Node) *html.Node {
	if d.rare == nil {
		return n.Parent // no aria-owns, no shadow tree
	}
	return d.axParent(n)
}

// axParent is AXParent for a document with a rare part.
func (d *Doc) axParent(n *html.Node) *html.Node {
	if o := d.Owner(n); o != nil {
		return o
	}
	return d.Parent(n)
}

// AXChildren appends to buf n's children in the accessibility tree and
// returns it: its flat-tree children without those an aria-owns moved
// (even to n itself), then the elements n owns, in IDREF order.
func (d *Doc) AXChildren(n *html.Node, buf []*html.Node) []*html.Node {
	if d.rare == nil {
		// No shadow tree, so no shadow root or assigned slot, and no
		// aria-owns (the common page): the DOM children, as Children
		// gives them, in one short loop the builder runs per element.
		if n.Type == html.ElementNode && n.Data == "template" && n.Namespace == "" {
			return buf // inert content
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			buf = append(buf, c)
		}
		return buf
	}
	return d.axChildren(n, buf)
}

// axChildren is AXChildren for a document with shadow trees, frames,
// live facts or aria-owns (Doc.rare).
func (d *Doc) axChildren(n *html.Node, buf []*html.Node) []*html.Node {
	start := len(buf)
	buf = d.Children(n, buf)
	if !d.HasOwns() {
		return buf
	}
	out := buf[:start]
	for _, c := range buf[start:] {
		if d.rare.owner[c] == nil {
			out = append(out, c)
		}
	}
	return append(out, d.rare.owns[n]...)
}
