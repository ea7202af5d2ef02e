// Package axtree builds the numbered accessibility tree an agent reads: from
// a parsed page (dom.Doc) it keeps what a person could act on or read, drops
// the rest, and gives every kept element a number bound to its DOM node.
package axtree

import (
	"fmt"

	"golang.org/x/net/html"
)

// Attr is an ordered key/value pair: a state flag before the name or a fill
// attribute after the id. An empty Value prints as a bare flag ([required]).
type Attr struct {
	Key   string
	Value string
}

// Node is one line of the tree: an element (Role != "") or a text run
// (Role == "", the text in Name).
//
// The fields most nodes leave empty (states, actions, fill attributes, the
// placeholder count) live in a Detail that Node points to only when one of
// them is set; read them through the methods States, Actions, Props and
// More, which treat a node without a Detail (or a nil node) as having none.
type Node struct {
	ID   int    // positive for elements; 0 for text lines
	Role string // ARIA role; "" for a text line
	Name string // accessible name, or the text of a text line
	Href string // raw link target (href, iframe src, form action), unresolved; "" if none
	// Children are the node's lines below it, in document order.
	Children []*Node
	// Detail holds the fields most nodes leave empty; nil when all of them
	// are. Set them through it (n.Detail = &Detail{...}, or on the Detail
	// n has); read them through n.States(), n.Actions(), n.Props() and
	// n.More(). Nodes copied by value share one Detail: give a copy a
	// Detail of its own before changing it.
	Detail *Detail

	// DOM and the flags come last, side by side, so that they share one
	// word: a Node is then 96 bytes (12 words), and a kept tree has one
	// per element and text line.

	// DOM is the element's pre-order index (as axtree inspect numbers
	// it); -1 for text.
	DOM int32

	// Inferred: the role was inferred from listeners, not given by markup.
	Inferred bool
	// Joined prints the node on the line of the sibling before it, after
	// one space: text and links of one line of prose (an inline run) read
	// as one line. It is a hint the printer follows when the grammar
	// allows it (serialize/FORMAT.md, "Inline runs").
	Joined bool
	// Focusable marks an element a person can reach by keyboard though
	// its role is not interactive (tabindex ≥ 0, contenteditable): it
	// keeps its printed id (Addressable) whatever its role.
	Focusable bool
}

// Detail is the part of a Node that most nodes leave empty, kept out of
// Node so that a kept tree pays for it only on the nodes that have it: on
// a typical page fewer than one element in ten has a state, an action or
// a fill attribute.
type Detail struct {
	States  []Attr   // intrinsic state flags in print order: editable, checked=mixed, level=2, ...
	Actions []string // actions the role does not already imply, in vocabulary order
	Props   []Attr   // fill attributes in print order: required, placeholder, value, type, ...
	// More, when positive, makes the node a placeholder for More sibling
	// nodes (each with its subtree) that a token budget left out at this
	// place; it prints as "[+N more]" and has no role, name or children.
	// The builder never makes one.
	More int
}

// States returns n's intrinsic state flags in print order (Detail.States);
// nil when n has none.
func (n *Node) States() []Attr {
	if n == nil || n.Detail == nil {
		return nil
	}
	return n.Detail.States
}

// Actions returns the actions n's role does not already imply, in
// vocabulary order (Detail.Actions); nil when n has none.
func (n *Node) Actions() []string {
	if n == nil || n.Detail == nil {
		return nil
	}
	return n.Detail.Actions
}

// Props returns n's fill attributes in print order (Detail.Props); nil
// when n has none.
func (n *Node) Props() []Attr {
	if n == nil || n.Detail == nil {
		return nil
	}
	return n.Detail.Props
}

// More returns the number of left-out siblings n stands for when it is a
// budget's placeholder (Detail.More); 0 for every other node.
func (n *Node) More() int {
	if n == nil || n.Detail == nil {
		return 0
	}
	return n.Detail.More
}

// Operable reports whether a person can act on n: an interactive role
// (roles.IsInteractive) or actions its listeners add. Budgets never drop
// an operable element; the builder keeps one inside a leaf role's
// presentational children for the same reason.
func (n *Node) Operable() bool {
	return n != nil && n.Role != "" && (interactiveRole(n.Role) || len(n.Actions()) > 0)
}

// Addressable reports whether the text prints n's id: every element but
// the parts of a structure that a person reads and does not act on —
// headings, images, list items, table rows and cells (PartRole) — unless
// n is operable, focusable or carries a form state (checked, selected, a
// value). Those parts keep their Node.ID (Tree.Node finds them) but print
// none: an agent clicks, types and scopes by the ids it sees, and ids on
// every row and heading cost a fifth of a long page's tokens.
func (n *Node) Addressable() bool {
	if n == nil || n.Role == "" {
		return false
	}
	// A part role is never interactive (TestPartRolesAreNotInteractive):
	// a part is operable by its actions alone, which live in Detail with
	// the form states, so a part without one prints no id.
	if !PartRole(n.Role) || n.Focusable {
		return true
	}
	return n.Detail != nil && n.Detail.addressable()
}

// addressable reports the actions and form states (checked, selected, a
// value) that make a part addressable.
func (d *Detail) addressable() bool {
	if len(d.Actions) > 0 {
		return true
	}
	for _, a := range d.States {
		if a.Key == "checked" || a.Key == "selected" {
			return true
		}
	}
	for _, a := range d.Props {
		if a.Key == "value" {
			return true
		}
	}
	return false
}

// PartRole reports whether role is a part of a structure an agent reads
// rather than acts on or scopes to: heading, img, listitem, row, cell,
// columnheader, rowheader. Their containers (list, table, grid, landmarks)
// keep their ids, so a snapshot can still be scoped to them.
func PartRole(role string) bool {
	switch role {
	case "heading", "img", "listitem", "row", "cell", "columnheader", "rowheader":
		return true
	}
	return false
}

// Tree is the built tree of one page.
type Tree struct {
	Roots []*Node // top-level nodes in document order
	URL   string  // page URL, if known, for resolving links
	Title string  // document title
	// Truncated lists the limits the builder hit ("depth", "nodes"), in the
	// order hit; empty when the tree is complete. Printers say so in the output.
	Truncated []string

	bind binding            // the element of each id, as Build numbers them (dense; bind.go)
	dom  map[int]*html.Node // after Renumber, whose ids need not be dense; bind is empty then
}

// Node returns the DOM element bound to id, or nil when no element has it.
func (t *Tree) Node(id int) *html.Node {
	if t.dom != nil {
		return t.dom[id]
	}
	return t.bind.node(id)
}

// Walk calls fn for every node in pre-order with its depth (0 for roots).
// It returns early when fn returns false.
func (t *Tree) Walk(fn func(n *Node, depth int) bool) {
	type item struct {
		n *Node
		d int
	}
	stack := make([]item, 0, 64)
	for i := len(t.Roots) - 1; i >= 0; i-- {
		stack = append(stack, item{t.Roots[i], 0})
	}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if !fn(it.n, it.d) {
			return
		}
		for i := len(it.n.Children) - 1; i >= 0; i-- {
			stack = append(stack, item{it.n.Children[i], it.d + 1})
		}
	}
}

// Renumber gives elements new ids: each element whose id is a key of m takes
// the mapped id; the others keep theirs. The id → DOM binding follows. It
// fails, changing nothing, when the result would give two elements one id
// or an element a non-positive id. Stable numbering across the captures of
// a run is built on it.
func (t *Tree) Renumber(m map[int]int) error {
	size := len(t.dom) + t.bind.len()
	next := make(map[int]*html.Node, size)
	seen := make(map[int]bool, size)
	var err error
	t.Walk(func(n *Node, _ int) bool {
		if n.Role == "" {
			return true
		}
		id := n.ID
		if v, ok := m[id]; ok {
			id = v
		}
		if id <= 0 || seen[id] {
			err = fmt.Errorf("axtree: renumber: id %d would be given to two elements or is not positive", id)
			return false
		}
		seen[id] = true
		next[id] = t.Node(n.ID)
		return true
	})
	if err != nil {
		return err
	}
	t.Walk(func(n *Node, _ int) bool {
		if n.Role != "" {
			if v, ok := m[n.ID]; ok {
				n.ID = v
			}
		}
		return true
	})
	t.dom, t.bind = next, binding{}
	return nil
}

// IDs returns every element id of the tree in pre-order.
func (t *Tree) IDs() []int {
	var ids []int
	t.Walk(func(n *Node, _ int) bool {
		if n.Role != "" {
			ids = append(ids, n.ID)
		}
		return true
	})
	return ids
}

// SetStates sets n's state flags (Detail.States), giving n a Detail
// first when it has none. Like the other setters it changes the Detail n
// points to, which nodes copied from n share.
func (n *Node) SetStates(states []Attr) { n.detail().States = states }

// SetActions sets the actions n's role does not imply (Detail.Actions),
// giving n a Detail first when it has none.
func (n *Node) SetActions(actions []string) { n.detail().Actions = actions }

// SetProps sets n's fill attributes (Detail.Props), giving n a Detail
// first when it has none.
func (n *Node) SetProps(props []Attr) { n.detail().Props = props }

// SetMore makes n a placeholder for more left-out siblings
// (Detail.More), giving n a Detail first when it has none.
func (n *Node) SetMore(more int) { n.detail().More = more }

func (n *Node) detail() *Detail {
	if n.Detail == nil {
		n.Detail = &Detail{}
	}
	return n.Detail
}
