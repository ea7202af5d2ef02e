package axtree

import (
	"golang.org/x/net/html"
)

// attrBits says which of the attributes the builder reads on a kept
// element's common path an element has: keep, element, mayDetail and
// focusable read n.Attr once (readAttrBits) instead of once per attribute
// they ask about, and most elements (a class, an id) have none of them.
type attrBits uint16

const (
	// bMayAct: an attribute named on..., draggable or contenteditable, in
	// any namespace: markup that can add an action without listeners
	// (actions.MarkupOf's Inline, Draggable, ContentEditable). Without it,
	// and with no live facts adding listeners, builder.actions returns nil
	// without reading the markup.
	bMayAct attrBits = 1 << iota
	// The others: the attribute of that name with no namespace (dom.Attr).
	bContentEditable
	bTabindex
	bAriaDisabled
	bAriaExpanded
	bAriaPressed
	bAriaSelected
	bRequired
	bAriaRequired
)

// readAttrBits reads n's attributes once for attrBits.
func readAttrBits(n *html.Node) attrBits {
	var m attrBits
	for i := range n.Attr {
		a := &n.Attr[i]
		k := a.Key
		if len(k) > 2 && k[0] == 'o' && k[1] == 'n' {
			m |= bMayAct
			continue
		}
		switch k {
		case "draggable":
			m |= bMayAct
		case "contenteditable":
			m |= bMayAct
			if a.Namespace == "" {
				m |= bContentEditable
			}
		case "tabindex":
			if a.Namespace == "" {
				m |= bTabindex
			}
		case "aria-disabled":
			if a.Namespace == "" {
				m |= bAriaDisabled
			}
		case "aria-expanded":
			if a.Namespace == "" {
				m |= bAriaExpanded
			}
		case "aria-pressed":
			if a.Namespace == "" {
				m |= bAriaPressed
			}
		case "aria-selected":
			if a.Namespace == "" {
				m |= bAriaSelected
			}
		case "required":
			if a.Namespace == "" {
				m |= bRequired
			}
		case "aria-required":
			if a.Namespace == "" {
				m |= bAriaRequired
			}
		}
	}
	return m
}
