// Package roles holds the WAI-ARIA 1.2 role data and computes the role of an
// HTML element: an explicit role attribute where ARIA allows it, else the
// HTML-AAM implicit role.
package roles

import (
	"golang.org/x/net/html"

	"github.com/axtree/axtree/dom"
)

// NameFrom says where a role's accessible name may come from.
type NameFrom uint8

// NameFrom values (a bitmask: some roles allow both).
const (
	FromAuthor     NameFrom = 1 << iota // aria-label, aria-labelledby, host-language labels
	FromContents                        // the element's descendants
	FromProhibited                      // naming is prohibited
)

// Info describes one WAI-ARIA role.
type Info struct {
	Name        string   // the role token, e.g. "button"
	Abstract    bool     // abstract roles are never a computed role
	NameFrom    NameFrom // where the name may come from
	Interactive bool     // a widget a person operates
	Landmark    bool     // a landmark region
}

// Action is an action a role implies.
type Action string

// The implied-action vocabulary.
const (
	Click       Action = "click"
	Type        Action = "type"
	Toggle      Action = "toggle"
	ClickSelect Action = "click→select"
	Adjust      Action = "adjust"
)

// Lookup returns the data of a role token (lower-case), and whether it is a
// WAI-ARIA 1.2 role.
func Lookup(role string) (Info, bool) { return Info{}, false }

// Implied returns the actions a role implies, in vocabulary order; nil for
// roles that imply none.
func Implied(role string) []Action { return nil }

// Compute returns the computed role of element n: the first valid,
// non-abstract token of its role attribute (with none/presentation ignored
// where ARIA's conflict resolution says so), else its implicit role. Elements
// with no role give "generic" or "none" as HTML-AAM says. d supplies the
// flat-tree parent for contextual roles; it may be nil.
func Compute(d *dom.Doc, n *html.Node) string { return "" }

// Implicit returns the HTML-AAM implicit role of n, "" or "none" where HTML
// maps the element to no role.
func Implicit(d *dom.Doc, n *html.Node) string { return "" }

// Focusable reports whether n is focusable without script: natively
// focusable and not disabled, tabindex present, or contenteditable.
func Focusable(n *html.Node) bool { return false }
