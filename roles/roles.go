// Package roles holds the WAI-ARIA 1.2 role data and computes the role of an
// HTML element: an explicit role attribute where ARIA allows it, else the
// HTML-AAM implicit role.
//
// Computed roles are ARIA role tokens: "img" (not ARIA 1.3's "image"),
// "none" for presentation, "list" for directory. Elements HTML-AAM maps to
// generic give "generic"; elements with no corresponding role give "none".
//
// roles sits below accname, so where a role depends on an accessible name
// (section → region, aside in sectioning content, explicit region and form)
// it uses a cheap stand-in for the name computation: a non-blank aria-label,
// an aria-labelledby whose referenced elements hold non-blank text (or a
// non-blank aria-label or alt), or a non-blank title.
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
// WAI-ARIA 1.2 role. The synonyms image, presentation and directory return
// the data of img, none and list.
func Lookup(role string) (Info, bool) {
	e := roleSlots.find(role)
	if e == nil {
		return Info{}, false
	}
	return e.info, true
}

// IsInteractive reports whether role is a widget a person operates.
//
// It is asked thousands of times per page (the tree builder asks of every
// element it keeps, and again of each node it prunes, spells out and
// prints), so it is one probe of interactiveSlots, which holds the
// interactive roles alone at distinct slots, and small enough to inline.
func IsInteractive(role string) bool {
	n := len(role)
	if n == 0 {
		return false
	}
	return interactiveSlots.names[interactiveSlot(role, n)] == role
}

// IsLandmark reports whether role is a landmark role.
func IsLandmark(role string) bool {
	e := roleSlots.find(role)
	return e != nil && e.info.Landmark
}

// Implied returns the actions a role implies, in vocabulary order; nil for
// roles that imply none. The returned slice is shared: do not modify it.
func Implied(role string) []Action { return implied[role] }

// Names returns the role tokens an element can have: the non-abstract
// roles of the table, in table order (synonyms left out). The slice is
// new on every call.
func Names() []string {
	out := make([]string, 0, len(roleList))
	for _, e := range roleList {
		if !e.info.Abstract {
			out = append(out, e.info.Name)
		}
	}
	return out
}

// maxWalk bounds every ancestor walk and subtree scan, so that hostile
// nesting costs bounded time per element.
const maxWalk = 256

// Compute returns the computed role of element n: the first valid,
// non-abstract token of its role attribute (with none/presentation ignored
// where ARIA's conflict resolution says so), else its implicit role. Elements
// with no role give "generic" or "none" as HTML-AAM says. d supplies the
// flat-tree parent for contextual roles; it may be nil. Non-elements give "".
//
// A token is skipped when it is unknown or abstract; when it is none or
// presentation and n is focusable or carries a global ARIA attribute; when
// it is region or form and n has no accessible name; or when it is
// listitem, option or treeitem and the nearest non-generic ancestor is not
// its required context (list; listbox, group or combobox; tree or group).
// Like Chromium, the other roles with a required context (menuitem*, tab,
// gridcell, rowheader, columnheader) are kept outside it: they are widgets
// a person operates wherever they are. An element left generic (or explicitly none) that has
// autofocus, draggable or popover gets HTML-AAM's minimum role, group.
func Compute(d *dom.Doc, n *html.Node) string { return ComputeWith(d, n, nil) }

// ComputeWith is Compute, with t remembering the role of the table of
// the table part it met last for the next part of the same row (t may be
// nil; the results are Compute's whatever t holds from the same document).
func ComputeWith(d *dom.Doc, n *html.Node, t *Tables) string {
	return idNames[ComputeIDWith(d, n, t)]
}

// ComputeIDWith is ComputeWith giving the role's ID (NoRole for a
// non-element): ComputeWith(d, n, t) is ComputeIDWith(d, n, t).String().
func ComputeIDWith(d *dom.Doc, n *html.Node, t *Tables) ID {
	if n == nil || n.Type != html.ElementNode {
		return NoRole
	}
	role := NoRole
	explicitNone := false
	if v, ok := dom.Attr(n, "role"); ok {
		role, explicitNone = explicit(d, n, v)
	}
	if role == NoRole {
		role = implicit(d, n, true, t)
	}
	if (role == rGeneric || (role == rNone && explicitNone)) && hasMinimumRoleAttr(n) {
		return rGroup
	}
	return role
}

// Explicit returns the role n's role attribute gives, or "" when no token
// is valid there and the implicit role applies.
func Explicit(d *dom.Doc, n *html.Node) string {
	if n == nil || n.Type != html.ElementNode {
		return ""
	}
	v, ok := dom.Attr(n, "role")
	if !ok {
		return ""
	}
	r, _ := explicit(d, n, v)
	return idNames[r]
}

// explicit scans the role tokens of n. It returns the first token valid on
// n (NoRole if none) and whether that token was none/presentation.
func explicit(d *dom.Doc, n *html.Node, v string) (ID, bool) {
	var buf [32]byte
	for tok, rest := dom.NextToken(v); tok != ""; tok, rest = dom.NextToken(rest) {
		if len(tok) > len(buf) {
			continue // longer than any role token
		}
		e := lookupFold(tok, &buf)
		if e == nil || e.info.Abstract {
			continue
		}
		id := e.id
		switch {
		case id == rNone:
			if Focusable(n) || hasGlobalARIA(n) {
				continue
			}
			return rNone, true
		case e.flags&needsName != 0:
			if !hasName(d, n) {
				continue
			}
		case e.flags&needsContext != 0:
			if !inContext(d, n, id) {
				continue
			}
		}
		return id, false
	}
	return NoRole, false
}

// lookupFold finds a role token, ASCII case-insensitively and with the
// synonyms folded, without allocating.
func lookupFold(tok string, buf *[32]byte) *roleEntry {
	lower := true
	for k := 0; k < len(tok); k++ {
		if c := tok[k]; c >= 'A' && c <= 'Z' {
			lower = false
			break
		}
	}
	if !lower {
		b := buf[:len(tok)]
		for k := 0; k < len(tok); k++ {
			c := tok[k]
			if c >= 'A' && c <= 'Z' {
				c += 'a' - 'A'
			}
			b[k] = c
		}
		// The map lookup with a converted []byte key does not allocate.
		return byName[string(b)]
	}
	return roleSlots.find(tok)
}

// Implicit returns the HTML-AAM implicit role of n: "generic" where HTML-AAM
// maps the element to generic, "none" where it maps it to no role.
func Implicit(d *dom.Doc, n *html.Node) string {
	if n == nil || n.Type != html.ElementNode {
		return ""
	}
	return idNames[implicit(d, n, true, nil)]
}

// parent returns the flat-tree parent when d is known, else the DOM parent:
// for HTML structure (a table's parts, an option's select, sectioning).
func parent(d *dom.Doc, n *html.Node) *html.Node {
	if d != nil {
		return d.Parent(n)
	}
	return n.Parent
}

// axParent returns the accessibility-tree parent (aria-owns applied) when d
// is known, else the DOM parent: for ARIA's required context roles (a
// listitem's list, a tab's tablist, ...).
func axParent(d *dom.Doc, n *html.Node) *html.Node {
	if d != nil {
		return d.AXParent(n)
	}
	return n.Parent
}

// hasGlobalARIA reports whether n has a global ARIA state or property, which
// makes ARIA ignore a presentational role on it.
func hasGlobalARIA(n *html.Node) bool {
	for i := range n.Attr {
		a := &n.Attr[i]
		if a.Namespace != "" || len(a.Key) < 6 || a.Key[:5] != "aria-" {
			continue
		}
		switch a.Key[5:] {
		case "atomic", "busy", "controls", "current", "describedby", "details",
			"disabled", "dropeffect", "errormessage", "flowto", "grabbed",
			"haspopup", "invalid", "keyshortcuts", "label", "labelledby",
			"live", "owns", "relevant", "roledescription", "description",
			"braillelabel", "brailleroledescription":
			return true
		}
	}
	return false
}

// hasMinimumRoleAttr reports whether n has an attribute that gives a generic
// element HTML-AAM's minimum role (group).
func hasMinimumRoleAttr(n *html.Node) bool {
	for i := range n.Attr {
		a := &n.Attr[i]
		if a.Namespace != "" {
			continue
		}
		switch a.Key {
		case "autofocus", "popover":
			return true
		case "draggable":
			if !equalFold(a.Val, "false") {
				return true
			}
		}
	}
	return false
}

// Focusable reports whether n is focusable without script: natively
// focusable and not disabled, tabindex present, or contenteditable.
func Focusable(n *html.Node) bool {
	if n == nil || n.Type != html.ElementNode {
		return false
	}
	switch n.Namespace {
	case "":
	case "svg":
		if n.Data == "a" && (dom.Has(n, "href") || hasXlinkHref(n)) {
			return true
		}
		return validTabindex(n)
	default:
		return validTabindex(n)
	}
	switch n.Data {
	case "button", "select", "textarea", "input", "optgroup", "option", "fieldset":
		if disabled(n) {
			return false
		}
		switch n.Data {
		case "button", "select", "textarea":
			return true
		case "input":
			if equalFold(dom.AttrOr(n, "type"), "hidden") {
				return validTabindex(n)
			}
			return true
		}
	case "a", "area":
		if dom.Has(n, "href") {
			return true
		}
	case "iframe":
		return true
	case "audio", "video":
		if dom.Has(n, "controls") {
			return true
		}
	case "summary":
		if isDetailsSummary(n) {
			return true
		}
	}
	if validTabindex(n) {
		return true
	}
	if v, ok := dom.Attr(n, "contenteditable"); ok {
		switch {
		case v == "", equalFold(v, "true"), equalFold(v, "plaintext-only"):
			return true
		}
	}
	return false
}

func hasXlinkHref(n *html.Node) bool {
	for _, a := range n.Attr {
		if a.Key == "href" && a.Namespace == "xlink" {
			return true
		}
	}
	return false
}

// validTabindex reports whether n has a tabindex that parses as an integer
// under HTML's rules for parsing integers.
func validTabindex(n *html.Node) bool {
	v, ok := dom.Attr(n, "tabindex")
	if !ok {
		return false
	}
	i := 0
	for i < len(v) && isSpaceByte(v[i]) {
		i++
	}
	if i < len(v) && (v[i] == '-' || v[i] == '+') {
		i++
	}
	return i < len(v) && v[i] >= '0' && v[i] <= '9'
}

// disabled reports whether form control n is disabled: its own disabled
// attribute, or a disabled fieldset ancestor unless n is inside that
// fieldset's first legend.
func disabled(n *html.Node) bool {
	if dom.Has(n, "disabled") {
		return true
	}
	if n.Data == "optgroup" || n.Data == "fieldset" {
		return false
	}
	if n.Data == "option" {
		p := n.Parent
		return p != nil && dom.IsHTML(p, "optgroup") && dom.Has(p, "disabled")
	}
	child := n
	for p, k := n.Parent, 0; p != nil && k < maxWalk; p, k = p.Parent, k+1 {
		if dom.IsHTML(p, "fieldset") && dom.Has(p, "disabled") {
			if dom.IsHTML(child, "legend") && firstLegend(p) == child {
				child = p
				continue
			}
			return true
		}
		child = p
	}
	return false
}

func firstLegend(fs *html.Node) *html.Node {
	for c := fs.FirstChild; c != nil; c = c.NextSibling {
		if dom.IsHTML(c, "legend") {
			return c
		}
	}
	return nil
}

// isDetailsSummary reports whether n is the first summary child of a
// details element (the one that toggles it).
func isDetailsSummary(n *html.Node) bool {
	p := n.Parent
	if !dom.IsHTML(p, "details") {
		return false
	}
	for c := p.FirstChild; c != nil; c = c.NextSibling {
		if dom.IsHTML(c, "summary") {
			return c == n
		}
	}
	return false
}

// equalFold compares ASCII case-insensitively, trimming ASCII whitespace
// from s.
func equalFold(s, lower string) bool {
	for len(s) > 0 && isSpaceByte(s[0]) {
		s = s[1:]
	}
	for len(s) > 0 && isSpaceByte(s[len(s)-1]) {
		s = s[:len(s)-1]
	}
	if len(s) != len(lower) {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != lower[i] {
			return false
		}
	}
	return true
}

// blank reports whether s holds only whitespace (Unicode White_Space as the
// name computation trims it is approximated by ASCII space and NBSP-free
// text).
func blank(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isSpaceByte(s[i]) {
			return false
		}
	}
	return true
}

// hasName is the stand-in for "has an accessible name" that roles can
// afford without accname: non-blank aria-label; aria-labelledby naming an
// element with non-blank text, aria-label or alt; non-blank title. With no
// Doc to resolve ids, a non-blank aria-labelledby counts as a name.
func hasName(d *dom.Doc, n *html.Node) bool {
	if v, ok := dom.Attr(n, "aria-label"); ok && !blank(v) {
		return true
	}
	if v, ok := dom.Attr(n, "aria-labelledby"); ok && !blank(v) {
		if d == nil {
			return true
		}
		for id, rest := dom.NextToken(v); id != ""; id, rest = dom.NextToken(rest) {
			if t := d.ByID(n, id); t != nil && hasText(t) {
				return true
			}
		}
	}
	if v, ok := dom.Attr(n, "title"); ok && !blank(v) {
		return true
	}
	return false
}

// hasText reports whether the subtree of t holds non-blank text, a
// non-blank aria-label, or an img with non-blank alt. It walks the DOM
// subtree in pre-order through parent links (no stack, no allocation) and
// gives up after maxScan nodes.
func hasText(t *html.Node) bool {
	const maxScan = 4096
	if v, ok := dom.Attr(t, "aria-label"); ok && !blank(v) {
		return true
	}
	x := t.FirstChild
	for seen := 0; x != nil && seen < maxScan; seen++ {
		descend := false
		switch x.Type {
		case html.TextNode:
			if !blank(x.Data) {
				return true
			}
		case html.ElementNode:
			descend = true
			if x.Namespace == "" {
				switch x.Data {
				case "script", "style", "template":
					descend = false
				case "img":
					if v := dom.AttrOr(x, "alt"); !blank(v) {
						return true
					}
				}
			}
		}
		if descend && x.FirstChild != nil {
			x = x.FirstChild
			continue
		}
		for x != t && x.NextSibling == nil && x.Parent != nil {
			x = x.Parent
		}
		if x == t || x.NextSibling == nil {
			return false
		}
		x = x.NextSibling
	}
	return false
}

// isSpaceByte reports whether c is ASCII whitespace as HTML defines it.
func isSpaceByte(c byte) bool { return dom.IsSpace(rune(c)) }
