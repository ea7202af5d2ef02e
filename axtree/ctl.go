package axtree

import (
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html"
)

// ctlAttrs holds the attributes states and props read of one element,
// found in one pass over its attributes (readCtl) instead of a scan of
// them for each name (dom.Attr): for each name, whether the element has an
// attribute of that name with no namespace, and, for the names whose value
// is read, the index of the first one, the one dom.Attr finds.
type ctlAttrs struct {
	has uint32           // 1<<k for each ctlKey k the element has
	at  [ctlValued]int32 // by ctlKey below ctlValued: the index in Attr
}

// ctlKey names an attribute states or props reads. The keys below
// ctlValued are read for their value; the others for their presence.
type ctlKey uint8

const (
	kType ctlKey = iota
	kPlaceholder
	kValue
	kMin
	kMax
	kStep
	kPattern
	kMaxlength
	kContentEditable
	kAriaChecked
	kAriaReadonly
	kAriaLevel
	kAriaDisabled
	kAriaExpanded
	kAriaPressed
	kAriaSelected
	kAriaRequired
	kChecked // the keys from here on are read for their presence alone
	kSelected
	kDisabled
	kReadonly
	kMultiple
	kOpen
	kRequired
	numCtlKeys

	ctlValued = kChecked
)

// ctlKeyOf returns the ctlKey named key, or numCtlKeys for a name states
// and props do not read.
func ctlKeyOf(key string) ctlKey {
	switch key {
	case "type":
		return kType
	case "placeholder":
		return kPlaceholder
	case "value":
		return kValue
	case "min":
		return kMin
	case "max":
		return kMax
	case "step":
		return kStep
	case "pattern":
		return kPattern
	case "maxlength":
		return kMaxlength
	case "contenteditable":
		return kContentEditable
	case "aria-checked":
		return kAriaChecked
	case "aria-readonly":
		return kAriaReadonly
	case "aria-level":
		return kAriaLevel
	case "aria-disabled":
		return kAriaDisabled
	case "aria-expanded":
		return kAriaExpanded
	case "aria-pressed":
		return kAriaPressed
	case "aria-selected":
		return kAriaSelected
	case "aria-required":
		return kAriaRequired
	case "checked":
		return kChecked
	case "selected":
		return kSelected
	case "disabled":
		return kDisabled
	case "readonly":
		return kReadonly
	case "multiple":
		return kMultiple
	case "open":
		return kOpen
	case "required":
		return kRequired
	}
	return numCtlKeys
}

// readCtl reads n's attributes once for ctlAttrs.
func readCtl(n *html.Node) ctlAttrs {
	var c ctlAttrs
	for i := range n.Attr {
		a := &n.Attr[i]
		if a.Namespace != "" {
			continue
		}
		k := ctlKeyOf(a.Key)
		if k >= numCtlKeys || c.has&(1<<k) != 0 {
			continue // not read, or not the first of its name
		}
		c.has |= 1 << k
		if k < ctlValued {
			c.at[k] = int32(i)
		}
	}
	return c
}

// is reports whether the element has an attribute k (dom.Has).
func (c *ctlAttrs) is(k ctlKey) bool { return c.has&(1<<k) != 0 }

// get is dom.Attr(n, name of k) for the element n c was read from.
func (c *ctlAttrs) get(n *html.Node, k ctlKey) (string, bool) {
	if c.has&(1<<k) == 0 {
		return "", false
	}
	return n.Attr[c.at[k]].Val, true
}

// or is dom.AttrOr(n, name of k) for the element n c was read from.
func (c *ctlAttrs) or(n *html.Node, k ctlKey) string {
	v, _ := c.get(n, k)
	return v
}

// trimSpace is strings.TrimSpace(s), s itself without a call when it
// starts and ends with a printable ASCII byte (most attribute values):
// white space TrimSpace trims is ASCII or starts and ends with a byte
// past ASCII.
func trimSpace(s string) string {
	if len(s) > 0 && s[0] > ' ' && s[0] < utf8.RuneSelf && s[len(s)-1] > ' ' && s[len(s)-1] < utf8.RuneSelf {
		return s
	}
	return strings.TrimSpace(s)
}

// toLower is strings.ToLower(s): s itself when it is one of the input
// types spelled in lower case (most type attributes), or ASCII with no
// upper-case letter.
func toLower(s string) string {
	switch s {
	case "", "text", "checkbox", "radio", "search", "email", "password", "submit", "button", "number",
		"tel", "url", "date", "hidden", "reset", "image", "file", "range", "color", "time":
		return s
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= utf8.RuneSelf || 'A' <= c && c <= 'Z' {
			return strings.ToLower(s)
		}
	}
	return s
}
