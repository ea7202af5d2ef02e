package accname

import (
	"golang.org/x/net/html"

	"github.com/axtree/axtree/dom"
	"github.com/axtree/axtree/style"
)

// collapsedSpace reports whether the whitespace-only text node t adds no
// space to a name from content. CSS already collapses whitespace that
// follows other whitespace; Chromium goes further and drops a
// whitespace-only text node whenever the rendered content on either side of
// it starts or ends with whitespace, is empty, or is a block, even when
// that neighbouring whitespace is then excluded from the name (for example
// because it sits inside an aria-hidden element). Names therefore join
// "<span>-13%</span> <span> <span>€2.95</span>…" as "-13%€2.95". The root
// of the computation bounds the search.
func (c *Computer) collapsedSpace(t, root *html.Node) bool {
	return c.ignorableNext(t, root, false) || c.ignorableNext(t, root, true)
}

// ignorableNext looks at the rendered neighbour of x in one direction,
// climbing out of inline parents when x is at their edge.
func (c *Computer) ignorableNext(x, root *html.Node, after bool) bool {
	for steps := 0; steps < 16; steps++ {
		sib := c.renderedSibling(x, after)
		if sib != nil {
			return c.ignorableEdge(sib, after, 0)
		}
		p := x.Parent
		if p == nil || p == root || p.Type != html.ElementNode || !isInline(c.display(p)) {
			return true // start or end of the block (or of the name)
		}
		x = p
	}
	return false
}

// renderedSibling returns the nearest sibling of x that has a box: text or
// a rendered element (comments and display:none elements have none).
func (c *Computer) renderedSibling(x *html.Node, after bool) *html.Node {
	for {
		if after {
			x = x.NextSibling
		} else {
			x = x.PrevSibling
		}
		if x == nil {
			return nil
		}
		switch x.Type {
		case html.TextNode:
			return x
		case html.ElementNode:
			if c.display(x) != "none" && !dom.IsHTML(x, "template") && !noContent(x) {
				return x
			}
		}
	}
}

// ignorableEdge reports whether a space next to n (n after the space when
// after is set) can be dropped: n's near edge is whitespace or nothing, or n
// is a block. Atomic inlines (images, controls) keep the space.
func (c *Computer) ignorableEdge(n *html.Node, after bool, depth int) bool {
	if depth > 3 {
		return false
	}
	if n.Type == html.TextNode {
		s := n.Data
		if s == "" {
			return true
		}
		// a blank text is white space at both edges: only the near
		// edge needs looking at
		if after {
			return isWS(s[0])
		}
		return isWS(s[len(s)-1])
	}
	if replaced(n) {
		return false
	}
	if !isInline(c.display(n)) {
		return true
	}
	if v, ok := dom.Attr(n, "aria-label"); ok && !blank(v) {
		// Its aria-label stands for its content in a name: the white
		// space inside it is not there to take the place of this one.
		return false
	}
	var st style.Computed
	if c.style.HasPseudo(n) {
		st = c.style.Style(n)
	}
	if after && st.HasBefore && st.Before != "" {
		return isWS(st.Before[0])
	}
	if !after && st.HasAfter && st.After != "" {
		return isWS(st.After[len(st.After)-1])
	}
	var ch *html.Node
	if after {
		ch = n.FirstChild
	} else {
		ch = n.LastChild
	}
	for ch != nil && (ch.Type == html.CommentNode || (ch.Type == html.ElementNode && c.display(ch) == "none")) {
		if after {
			ch = ch.NextSibling
		} else {
			ch = ch.PrevSibling
		}
	}
	if ch == nil {
		return true // an empty inline
	}
	return c.ignorableEdge(ch, after, depth+1)
}

// replaced reports atomic inline elements: their box is opaque to text.
func replaced(n *html.Node) bool {
	if n.Namespace == "svg" {
		return n.Data == "svg"
	}
	if n.Namespace != "" {
		return false
	}
	switch n.Data {
	case "img", "input", "select", "textarea", "button", "iframe", "video", "audio", "canvas",
		"object", "embed", "meter", "progress":
		return true
	}
	return false
}
