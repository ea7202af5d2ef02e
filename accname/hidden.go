package accname

import (
	"strings"

	"golang.org/x/net/html"

	"github.com/axtree/axtree/style"
)

// rendered reports whether n generates a box (style.Sheet.Rendered).
func (c *Computer) rendered(n *html.Node) bool { return c.style.Rendered(n) }

// visibilityHidden reports whether n's own computed visibility is hidden or
// collapse. Such an element's text is not rendered, but a descendant with
// visibility:visible is.
func (c *Computer) visibilityHidden(n *html.Node) bool {
	v := c.style.Visibility(n)
	return v == "hidden" || v == "collapse"
}

// display returns n's computed display.
func (c *Computer) display(n *html.Node) string { return c.style.Display(n) }

// itemsBlockified reports whether n's children are flex or grid items: n,
// or the ancestor whose box n's display:contents gives its children to, is
// a flex or grid container.
func (c *Computer) itemsBlockified(n *html.Node) bool {
	for steps := 0; n != nil && n.Type == html.ElementNode && steps < 16; steps++ {
		d := c.display(n)
		if d != "contents" {
			return style.BlockifiesItems(d)
		}
		n = c.doc.Parent(n)
	}
	return false
}

// selfHidden reports whether n itself carries aria-hidden="true" or inert.
func (c *Computer) selfHidden(n *html.Node) bool {
	ariaSeen, inertSeen := false, false // the first attribute of each name counts (dom.Attr)
	for i := range n.Attr {
		a := &n.Attr[i]
		// by the key's length first: most keys have neither length
		switch len(a.Key) {
		case len("aria-hidden"):
			if a.Key == "aria-hidden" && !ariaSeen && a.Namespace == "" {
				if strings.EqualFold(strings.TrimSpace(a.Val), "true") {
					return true
				}
				ariaSeen = true
			}
		case len("inert"):
			if a.Key == "inert" && !inertSeen && a.Namespace == "" {
				if n.Namespace == "" {
					return true
				}
				inertSeen = true
			}
		}
	}
	if f := c.doc.Facts(n); f != nil && f.Inert {
		return true
	}
	return false
}

// knownShown reports that n's memo slot, in the slot cache, says Hidden(n)
// is false: n is rendered and neither it nor an ancestor is aria-hidden or
// inert, so that neither selfHidden(n) nor !rendered(n) holds. False says
// nothing (not known, or hidden).
func (c *Computer) knownShown(n *html.Node) bool {
	sl := c.cachedSlot(n)
	return sl != nil && sl.flags&(hasHidden|isHidden) == hasHidden
}

// selfHiddenLabelled is selfHidden(n) and, when that is false, whether n
// has an aria-labelledby attribute (dom.Has), from one pass over n's
// attributes; labelled is not known when hidden is true.
func (c *Computer) selfHiddenLabelled(n *html.Node) (hidden, labelled bool) {
	ariaSeen, inertSeen := false, false // the first attribute of each name counts (dom.Attr)
	for i := range n.Attr {
		a := &n.Attr[i]
		switch len(a.Key) {
		case len("aria-hidden"):
			if a.Key == "aria-hidden" && !ariaSeen && a.Namespace == "" {
				if strings.EqualFold(strings.TrimSpace(a.Val), "true") {
					return true, false
				}
				ariaSeen = true
			}
		case len("inert"):
			if a.Key == "inert" && !inertSeen && a.Namespace == "" {
				if n.Namespace == "" {
					return true, false
				}
				inertSeen = true
			}
		case len("aria-labelledby"):
			if a.Key == "aria-labelledby" && a.Namespace == "" {
				labelled = true
			}
		}
	}
	if f := c.doc.Facts(n); f != nil && f.Inert {
		return true, false
	}
	return false, labelled
}

// AriaHidden reports whether n or a flat-tree ancestor is aria-hidden="true"
// or inert: hidden from assistive technology whatever its style, so nothing
// below it can be shown again (unlike visibility:hidden, which a descendant
// can undo). Memoized like Hidden.
func (c *Computer) AriaHidden(n *html.Node) bool {
	if n == nil || n.Type != html.ElementNode {
		return false
	}
	return c.ariaHidden(n, c.slotOf(n))
}

// ariaHidden reports whether n or a flat-tree ancestor is aria-hidden or
// inert, memoized; sl is n's memo slot (c.slotOf(n)), which the caller has
// looked up already.
func (c *Computer) ariaHidden(n *html.Node, sl *slot) bool {
	if sl != nil {
		// The common case: the parent's answer is known (a tree builder
		// asks top down) and n is not hidden by itself.
		if sl.flags&hasAriaH != 0 {
			return sl.flags&isAriaH != 0
		}
		// n is an element of the document's tree (indexed): when the
		// document has no aria-hidden or inert attribute at all and no
		// live facts (plainDoc), nothing hides n or an ancestor, and
		// neither its attributes nor its parent's memo are read.
		if c.plainDoc() {
			return false
		}
		h := c.selfHidden(n)
		if !h {
			p := c.doc.Parent(n)
			if p == nil || p.Type != html.ElementNode {
				sl.flags |= hasAriaH
				return false
			}
			psl := c.cachedSlot(p)
			if psl == nil {
				psl = c.slotSlow(p)
			}
			if psl == nil || psl.flags&hasAriaH == 0 {
				return c.ariaClimb(n)
			}
			h = psl.flags&isAriaH != 0
		}
		sl.flags |= hasAriaH
		if h {
			sl.flags |= isAriaH
		}
		return h
	}
	return c.ariaClimb(n)
}

// ariaClimb is ariaHidden for any n: it climbs iteratively to the first
// element it knows the answer for (memoized, or hidden by itself) and
// memoizes every element on the way; each element's own attributes are
// read once.
func (c *Computer) ariaClimb(n *html.Node) bool {
	var path []*html.Node
	result := false
	for x := n; x != nil && x.Type == html.ElementNode; x = c.doc.Parent(x) {
		if h, ok := c.ariaGet(x); ok {
			result = h
			break
		}
		if c.selfHidden(x) {
			result = true
			c.ariaSet(x, true)
			break
		}
		path = append(path, x)
		if len(path) > 1<<20 { // a cycle cannot happen in a tree; be safe anyway
			break
		}
	}
	// Every element on path is not hidden by itself: it has the answer
	// of the first element above it that had one.
	for i := len(path) - 1; i >= 0; i-- {
		c.ariaSet(path[i], result)
	}
	return result
}

func (c *Computer) ariaGet(x *html.Node) (bool, bool) {
	if sl := c.slotOf(x); sl != nil {
		return sl.flags&isAriaH != 0, sl.flags&hasAriaH != 0
	}
	h, ok := c.ariaH[x]
	return h, ok
}

func (c *Computer) ariaSet(x *html.Node, h bool) {
	if sl := c.slotOf(x); sl != nil {
		sl.flags |= hasAriaH
		if h {
			sl.flags |= isAriaH
		}
		return
	}
	memoPut(&c.ariaH, x, h)
}

// isInline reports whether a display value lays out inline, so that the
// element's text joins its neighbours without a space.
func isInline(display string) bool {
	switch display {
	case "inline", "contents", "", "none":
		return true
	}
	return false
}
