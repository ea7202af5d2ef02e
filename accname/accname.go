// Package accname computes accessible names and descriptions as the W3C
// Accessible Name and Description Computation 1.2 defines them, over
// golang.org/x/net/html nodes.
package accname

import (
	"golang.org/x/net/html"

	"github.com/axtree/axtree/dom"
	"github.com/axtree/axtree/style"
)

// Computer computes and memoizes names, descriptions, roles and hidden-ness
// for the elements of one document. It is not safe for concurrent use.
type Computer struct {
	doc   *dom.Doc
	style *style.Sheet
}

// New returns a Computer for d. s may be nil, in which case style.New(d) is
// used.
func New(d *dom.Doc, s *style.Sheet) *Computer {
	if s == nil {
		s = style.New(d)
	}
	return &Computer{doc: d, style: s}
}

// Doc returns the document the Computer works on.
func (c *Computer) Doc() *dom.Doc { return c.doc }

// Style returns the style sheet the Computer uses.
func (c *Computer) Style() *style.Sheet { return c.style }

// Role returns the computed role of n (memoized roles.Compute).
func (c *Computer) Role(n *html.Node) string { return "" }

// Name returns the accessible name of n, whitespace-collapsed and trimmed.
func (c *Computer) Name(n *html.Node) string { return "" }

// Description returns the accessible description of n.
func (c *Computer) Description(n *html.Node) string { return "" }

// Hidden reports whether n is excluded from the accessibility tree: not
// rendered (style.Sheet.Rendered), aria-hidden="true" on n or an ancestor,
// or inert.
func (c *Computer) Hidden(n *html.Node) bool { return false }
