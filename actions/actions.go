// Package actions computes what a person could do to an element beyond what
// its role already says: from the computed role, the element's listener
// record and a few markup facts it returns the extra actions, in a fixed
// vocabulary order, and where the evidence is clear a role to infer for an
// element whose markup gives it none.
//
// # Vocabulary (print order)
//
//   - click: a click-family listener (click, dblclick, auxclick, mouseup,
//     pointerup, touchend), from any source including an inline on*
//     attribute; a press listener (mousedown, pointerdown, touchstart) counts
//     too when the element has cursor:pointer or a tabindex (alone, press
//     listeners are mostly focus management or drag plumbing).
//   - type: the element is an editing host (contenteditable) and not
//     read-only.
//   - toggle: the element carries checked state (aria-checked, or a native
//     checkbox/radio) and has a click-family or change listener. It replaces
//     click: toggling is what the click does.
//   - select: a native <select> whose role does not imply click→select (a
//     list box: multiple or size > 1), so options are picked, not opened.
//   - adjust: the element has aria-valuenow and keydown/keyup, click-family
//     or wheel listeners (a home-made slider).
//   - drag-drop: a drag source (draggable="true", or a dragstart/drag
//     listener) or a drop target (both dragover and drop listeners).
//   - hover: a hover listener (mouseenter, mouseover, pointerenter,
//     pointerover) on an element that declares content it reveals:
//     aria-haspopup other than "false", aria-expanded, aria-controls or
//     aria-describedby. Hover listeners alone are usually analytics or
//     styling and do not count; mouseleave/mouseout only close things.
//   - scroll: a scroll, scrollend or wheel listener on an element other than
//     <html> and <body> (scroll events fire only on scroll containers, and the
//     page itself always scrolls).
//   - submit: a <form> with a submit listener.
//   - click→type:focus-first: a field that looks read-only but takes input
//     once clicked: (a) a text control with the readonly attribute, or (b) a
//     non-editable element with a tabindex (so that keys reach it and not
//     only its descendants), that has click-family or focus/focusin
//     listeners and typing listeners (input, beforeinput, keypress,
//     composition*; for (a) also keydown/keyup). It replaces click.
//
// An action is dropped when the role implies it (roles.Implied): button,
// link, tab, menuitem*, option, treeitem imply click; textbox and searchbox
// type; checkbox, radio and switch toggle; combobox click→select (which
// covers click and select); slider and spinbutton adjust. A role that
// implies type, toggle or adjust covers click too, since operating the
// control starts with one. So a click listener on a button, a text box or a
// checkbox adds nothing.
//
// # Inferred roles
//
// Compute suggests a role for an element whose role is generic, none,
// presentation or empty when a listener shows what it is: "checkbox" for one
// that toggles, "button" for one with a click action ("link" for an <a>
// without href). The suggestion is advisory and the returned actions stay
// relative to the role passed in, so a div with a React onClick gets
// ["click"] and the inferred role "button". A tree builder that prints the
// inferred role (marking it inferred) drops the actions it implies with
// Without(acts, inferredRole); one that keeps the markup role prints acts.
package actions

import (
	"golang.org/x/net/html"

	"github.com/axtree/axtree/dom"
	"github.com/axtree/axtree/listeners"
	"github.com/axtree/axtree/roles"
)

// The action vocabulary, in print order.
const (
	Click      = "click"
	Type       = "type"
	Toggle     = "toggle"
	Select     = "select"
	Adjust     = "adjust"
	DragDrop   = "drag-drop"
	Hover      = "hover"
	Scroll     = "scroll"
	Submit     = "submit"
	FocusFirst = "click→type:focus-first"
)

// vocabulary lists every action Compute can return, in print order; bit i
// of an action set stands for vocabulary[i].
var vocabulary = [...]string{Click, Type, Toggle, Select, Adjust, DragDrop, Hover, Scroll, Submit, FocusFirst}

// Vocabulary returns every action Compute can return, in print order (a
// fresh slice; changing it changes nothing here).
func Vocabulary() []string { return append([]string(nil), vocabulary[:]...) }

// Markup is what Compute needs to know about the element besides its role
// and listeners. MarkupOf fills it from a DOM element.
type Markup struct {
	Tag             string   // lower-case local name of an HTML element; "" for foreign or unknown
	InputType       string   // lower-cased type attribute of an <input> ("" means text)
	Href            bool     // has an href attribute
	Draggable       bool     // draggable="true"
	ContentEditable bool     // an editing host: contenteditable "", "true" or "plaintext-only"
	ReadOnly        bool     // has the readonly attribute
	TabIndex        bool     // has a tabindex attribute
	CursorPointer   bool     // computed cursor is pointer (live facts)
	Checkable       bool     // has aria-checked, or is an <input> checkbox or radio
	ValueNow        bool     // has aria-valuenow
	Reveals         bool     // aria-haspopup (not "false"), aria-expanded, aria-controls or aria-describedby
	Inline          []string // event types of on* attributes, e.g. "click" for onclick
}

// Event groups.
var (
	clickEvents  = []string{"click", "dblclick", "auxclick", "mouseup", "pointerup", "touchend"}
	pressEvents  = []string{"mousedown", "pointerdown", "touchstart"}
	focusEvents  = []string{"focus", "focusin"}
	typeEvents   = []string{"input", "beforeinput", "keypress", "compositionstart", "compositionupdate", "compositionend"}
	keyEvents    = []string{"keydown", "keyup"}
	hoverEvents  = []string{"mouseenter", "mouseover", "pointerenter", "pointerover"}
	scrollEvents = []string{"scroll", "scrollend", "wheel"}
	dragEvents   = []string{"dragstart", "drag"}
)

// bit positions of the vocabulary, for a compact set.
const (
	bClick uint16 = 1 << iota
	bType
	bToggle
	bSelect
	bAdjust
	bDragDrop
	bHover
	bScroll
	bSubmit
	bFocusFirst
)

// Compute returns the actions element has beyond those its role implies, in
// vocabulary order (nil for none), and a role to infer for it ("" for none;
// see the package doc). role is the computed role (roles.Compute); rec the
// element's listeners; m its markup facts.
func Compute(role string, rec listeners.Record, m Markup) (acts []string, inferredRole string) {
	return compute(impliedBits(role), role, rec, m)
}

func compute(implied uint16, role string, rec listeners.Record, m Markup) ([]string, string) {
	if len(m.Inline) > 0 {
		extra := make(listeners.Record, 0, len(m.Inline))
		for _, ev := range m.Inline {
			extra = append(extra, listeners.Entry{Event: ev, Mask: listeners.Inline})
		}
		rec = listeners.Merge(rec, extra)
	}
	var set uint16
	clicky := rec.HasAny(clickEvents...) ||
		((m.CursorPointer || m.TabIndex) && rec.HasAny(pressEvents...))
	if clicky {
		set |= bClick
	}
	if m.ContentEditable && !m.ReadOnly {
		set |= bType
	}
	if m.Checkable && (clicky || rec.Has("change")) {
		set |= bToggle
		set &^= bClick
	}
	if m.Tag == "select" {
		set |= bSelect
	}
	if m.ValueNow && (rec.HasAny(keyEvents...) || clicky || rec.Has("wheel")) {
		set |= bAdjust
	}
	if m.Draggable || rec.HasAny(dragEvents...) || (rec.Has("dragover") && rec.Has("drop")) {
		set |= bDragDrop
	}
	if m.Reveals && rec.HasAny(hoverEvents...) {
		set |= bHover
	}
	if m.Tag != "html" && m.Tag != "body" && rec.HasAny(scrollEvents...) {
		set |= bScroll
	}
	if m.Tag == "form" && rec.Has("submit") {
		set |= bSubmit
	}
	if focusFirst(rec, m, clicky) {
		set |= bFocusFirst
		set &^= bClick
	}
	var inferred string
	switch role {
	case "", "generic", "none", "presentation":
		switch {
		case set&bToggle != 0:
			inferred = "checkbox"
		case set&bClick != 0 && m.Tag == "a" && !m.Href:
			inferred = "link"
		case set&bClick != 0:
			inferred = "button"
		}
	}
	set &^= cover(implied)
	return names(set), inferred
}

// focusFirst applies the click→type:focus-first rule.
func focusFirst(rec listeners.Record, m Markup, clicky bool) bool {
	if !clicky && !rec.HasAny(focusEvents...) {
		return false
	}
	switch {
	case m.ReadOnly && textControl(m):
		return rec.HasAny(typeEvents...) || rec.HasAny(keyEvents...)
	case !textControl(m) && !m.ContentEditable && m.TabIndex:
		return rec.HasAny(typeEvents...)
	}
	return false
}

// textControl reports whether m describes a natively editable text control.
func textControl(m Markup) bool {
	switch m.Tag {
	case "textarea":
		return true
	case "input":
		switch m.InputType {
		case "", "text", "search", "email", "url", "tel", "password", "number",
			"date", "datetime-local", "month", "week", "time":
			return true
		}
	}
	return false
}

func names(set uint16) []string {
	if set == 0 {
		return nil
	}
	out := make([]string, 0, 2)
	for i, a := range vocabulary {
		if set&(1<<i) != 0 {
			out = append(out, a)
		}
	}
	return out
}

// impliedBits maps roles.Implied(role) onto the vocabulary.
func impliedBits(role string) uint16 {
	var b uint16
	for _, a := range roles.Implied(role) {
		switch a {
		case roles.Click:
			b |= bClick
		case roles.Type:
			b |= bType
		case roles.Toggle:
			b |= bToggle
		case roles.ClickSelect:
			b |= bClick | bSelect
		case roles.Adjust:
			b |= bAdjust
		}
	}
	return b
}

// cover extends a role's implied actions: a role that implies type, toggle
// or adjust covers click too (operating such a control starts with a click).
func cover(implied uint16) uint16 {
	if implied&(bType|bToggle|bAdjust) != 0 {
		implied |= bClick
	}
	return implied
}

// Without returns acts minus the actions role implies, in the same order. A
// tree builder that adopts an inferred role uses it on Compute's result.
func Without(acts []string, role string) []string {
	implied := cover(impliedBits(role))
	if implied == 0 {
		return acts
	}
	var out []string
	for _, a := range acts {
		keep := true
		for i, v := range vocabulary {
			if v == a && implied&(1<<i) != 0 {
				keep = false
			}
		}
		if keep {
			out = append(out, a)
		}
	}
	return out
}

// MarkupOf reads the markup facts of element n; f (may be nil) supplies the
// live computed cursor.
func MarkupOf(n *html.Node, f *dom.Facts) Markup {
	var m Markup
	if n == nil || n.Type != html.ElementNode {
		return m
	}
	if n.Namespace == "" {
		m.Tag = n.Data
	}
	for _, a := range n.Attr {
		if a.Namespace != "" {
			continue
		}
		k := a.Key
		switch k {
		case "type":
			if m.Tag == "input" {
				m.InputType = dom.LowerASCII(trimSpace(a.Val))
			}
		case "href":
			m.Href = true
		case "draggable":
			m.Draggable = dom.LowerASCII(trimSpace(a.Val)) == "true"
		case "contenteditable":
			switch dom.LowerASCII(trimSpace(a.Val)) {
			case "", "true", "plaintext-only":
				m.ContentEditable = true
			}
		case "readonly":
			m.ReadOnly = true
		case "tabindex":
			m.TabIndex = true
		case "aria-checked":
			m.Checkable = true
		case "aria-valuenow":
			m.ValueNow = true
		case "aria-haspopup":
			if v := dom.LowerASCII(trimSpace(a.Val)); v != "false" {
				m.Reveals = true
			}
		case "aria-expanded", "aria-controls", "aria-describedby":
			m.Reveals = true
		default:
			if len(k) > 2 && k[0] == 'o' && k[1] == 'n' {
				if _, ok := listeners.EventID(k[2:]); ok {
					m.Inline = append(m.Inline, k[2:])
				}
			}
		}
	}
	if m.Tag == "input" && (m.InputType == "checkbox" || m.InputType == "radio") {
		m.Checkable = true
	}
	if f != nil {
		m.CursorPointer = f.CursorPointer
	}
	return m
}

// Element computes the actions of element n of d: its computed role, its
// live listener record (if any) and its markup.
func Element(d *dom.Doc, n *html.Node) (acts []string, inferredRole string) {
	var f *dom.Facts
	if d != nil {
		f = d.Facts(n)
	}
	var rec listeners.Record
	if f != nil {
		rec = f.Listeners
	}
	return Compute(roles.Compute(d, n), rec, MarkupOf(n, f))
}

func trimSpace(s string) string {
	for len(s) > 0 && dom.IsSpace(rune(s[0])) {
		s = s[1:]
	}
	for len(s) > 0 && dom.IsSpace(rune(s[len(s)-1])) {
		s = s[:len(s)-1]
	}
	return s
}
