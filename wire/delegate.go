package wire

import (
	"fmt"
	"strings"

	"golang.org/x/net/html"

	"github.com/axtree/axtree/dom"
	"github.com/axtree/axtree/listeners"
)

// resolve applies one delegate entry of a container: every target element
// gets the entry's listeners with the Delegated bit added. *work counts
// element visits against MaxDelegateWork.
func (b *builder) resolve(d *dom.Doc, p pending, work *int) error {
	rec := make(listeners.Record, len(p.rec))
	for i, e := range p.rec {
		rec[i] = listeners.Entry{Event: e.Event, Mask: e.Mask | listeners.Delegated}
	}
	var sel selector
	if p.selector != "" {
		var err error
		sel, err = parseSelector(p.selector)
		if err != nil {
			b.meta.Warnings = append(b.meta.Warnings, fmt.Sprintf("node %s: delegate[%d].selector %q: %v; entry skipped",
				b.pathOf(p.container), p.index, clip(p.selector), err))
			return nil
		}
	}
	// Walk the container's subtree. With a selector, stay in its own tree
	// (selectors do not cross shadow boundaries); without one, follow the
	// events: composed events from open or closed shadow trees reach the
	// container too. Inert <template> content never receives events.
	stack := make([]*html.Node, 0, 32)
	for c := p.container.LastChild; c != nil; c = c.PrevSibling {
		stack = append(stack, c)
	}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if n.Type != html.ElementNode {
			continue
		}
		*work--
		if *work < 0 {
			return &Error{Path: b.pathOf(p.container), Field: "delegate", Msg: "resolving delegation visits more elements than the limit"}
		}
		if n.Namespace == "" && n.Data == "template" {
			if p.selector != "" || !dom.IsShadowRoot(n) {
				continue
			}
		} else {
			var hit bool
			if p.selector != "" {
				hit = sel.match(n, p.container)
			} else {
				hit = looksInteractive(d, n)
			}
			if hit {
				f := d.Facts(n)
				if f == nil {
					f = &dom.Facts{}
					d.SetFacts(n, f)
				}
				f.Listeners = listeners.Merge(f.Listeners, rec)
			}
		}
		for c := n.LastChild; c != nil; c = c.PrevSibling {
			stack = append(stack, c)
		}
	}
	return nil
}

// looksInteractive is the target test of a selector-less delegate: an
// element a person would aim a click at. It is one of: natively interactive
// (a or area with href, button, input other than hidden, select, textarea,
// summary, label); with a tabindex, a role other than generic, none or
// presentation, or contenteditable; where a cursor:pointer starts (its
// flat-tree parent does not have it: cursor is inherited, so the pointer's
// top is the target, not every span inside it); or with framework listeners
// of its own (React, Vue, Angular, Svelte props found by the hook).
func looksInteractive(d *dom.Doc, n *html.Node) bool {
	if n.Namespace == "" {
		switch n.Data {
		case "a", "area":
			if dom.Has(n, "href") {
				return true
			}
		case "button", "select", "textarea", "summary", "label":
			return true
		case "input":
			if !strings.EqualFold(dom.AttrOr(n, "type"), "hidden") {
				return true
			}
		}
	}
	if dom.Has(n, "tabindex") || dom.Has(n, "contenteditable") {
		return true
	}
	if r, ok := dom.Attr(n, "role"); ok {
		switch strings.ToLower(strings.TrimSpace(r)) {
		case "", "generic", "none", "presentation":
		default:
			return true
		}
	}
	f := d.Facts(n)
	if f == nil {
		return false
	}
	if f.Listeners.Sources()&(listeners.React|listeners.Vue|listeners.Angular|listeners.Svelte) != 0 {
		return true
	}
	if f.CursorPointer {
		p := d.Parent(n)
		if p == nil || p.Type != html.ElementNode {
			return true
		}
		if pf := d.Facts(p); pf == nil || !pf.CursorPointer {
			return true
		}
	}
	return false
}
