package roles

// The string-based role computation as it was before roles gave IDs
// (main at d6c20d4), kept for TestComputeIDSameAsStrings: every function
// that now works in IDs, renamed old*, with the helpers that did not
// change shared.

import (
	"golang.org/x/net/html"

	"github.com/axtree/axtree/dom"
)

// oldImplicit returns the HTML-AAM role of n. With deep false it skips the
// ancestor walks (contextual roles take their most common value); that form
// is what context checks use for ancestors, which keeps every Compute call
// linear in the (bounded) ancestor depth.
func oldImplicit(d *dom.Doc, n *html.Node, deep bool, t *oldTables) string {
	switch n.Namespace {
	case "":
	case "svg":
		return oldImplicitSVG(d, n)
	case "math":
		if n.Data == "math" {
			return "math"
		}
		return "generic"
	default:
		return "generic"
	}
	switch n.Data {
	case "a", "area":
		if dom.Has(n, "href") {
			return "link"
		}
		return "generic"
	case "address", "details", "fieldset", "hgroup", "optgroup":
		return "group"
	case "article":
		return "article"
	case "aside":
		if !deep || hasName(d, n) || !oldInSectioning(d, n, false) {
			return "complementary"
		}
		return "generic"
	case "b", "strong":
		// WPT html-aam/roles.html expects strong for b.
		return "strong"
	case "blockquote":
		return "blockquote"
	case "body", "bdi", "bdo", "data", "div", "i", "pre", "q", "samp", "small", "span", "u", "cite", "slot":
		// cite: HTML-AAM has no role; Chromium exposes it as generic.
		return "generic"
	case "button":
		return "button"
	case "caption":
		return "caption"
	case "code":
		return "code"
	case "datalist":
		return "listbox"
	case "dd":
		return "definition"
	case "del", "s":
		return "deletion"
	case "dfn", "dt":
		return "term"
	case "dialog":
		return "dialog"
	case "em":
		return "emphasis"
	case "figure":
		return "figure"
	case "footer", "header":
		if !deep || oldInSectioning(d, n, true) {
			return "generic"
		}
		if n.Data == "header" {
			return "banner"
		}
		return "contentinfo"
	case "form":
		// Chromium and WPT html-aam/roles.html give form even when unnamed.
		return "form"
	case "h1", "h2", "h3", "h4", "h5", "h6":
		return "heading"
	case "hr":
		return "separator"
	case "img":
		if v, ok := dom.Attr(n, "alt"); ok && v == "" && !Focusable(n) && !hasGlobalARIA(n) {
			return "none"
		}
		return "img"
	case "input":
		return oldImplicitInput(d, n)
	case "ins":
		return "insertion"
	case "li":
		if !deep {
			return oldShallowLi(d, n)
		}
		return oldImplicitLi(d, n)
	case "main":
		return "main"
	case "mark":
		return "mark"
	case "math":
		return "math"
	case "menu", "ol", "ul":
		return "list"
	case "meter":
		return "meter"
	case "nav":
		return "navigation"
	case "option":
		if !deep || optionInSelect(d, n) || oldInContext(d, n, "option") {
			return "option"
		}
		return "generic"
	case "output":
		return "status"
	case "p":
		return "paragraph"
	case "progress":
		return "progressbar"
	case "search":
		return "search"
	case "section":
		if deep && hasName(d, n) {
			return "region"
		}
		return "generic"
	case "select":
		if dom.Has(n, "multiple") || selectSize(n) > 1 {
			return "listbox"
		}
		return "combobox"
	case "sub":
		return "subscript"
	case "summary":
		if isDetailsSummary(n) {
			return "button"
		}
		return "generic"
	case "sup":
		return "superscript"
	case "table":
		return "table"
	case "tbody", "thead", "tfoot":
		if deep && oldPresentationalTable(d, n, t) {
			return "none"
		}
		return "rowgroup"
	case "td":
		if !deep {
			return "cell"
		}
		switch oldTableRole(d, n, t) {
		case "none":
			return "none"
		case "grid", "treegrid":
			return "gridcell"
		}
		return "cell"
	case "th":
		if !deep {
			return "columnheader"
		}
		if oldTableRole(d, n, t) == "none" {
			return "none"
		}
		return oldHeaderCellRole(n)
	case "tr":
		if deep && oldPresentationalTable(d, n, t) {
			return "none"
		}
		return "row"
	case "textarea":
		return "textbox"
	case "time":
		return "time"
	case "abbr", "audio", "base", "br", "canvas", "col", "colgroup", "embed",
		"figcaption", "head", "html", "iframe", "kbd", "label", "legend", "link",
		"map", "meta", "noscript", "object", "param", "picture", "rp", "rt",
		"ruby", "script", "source", "style", "template", "title", "track",
		"var", "video", "wbr", "frame", "frameset", "noframes":
		// HTML-AAM: no corresponding role.
		return "none"
	}
	// Custom elements, unknown and obsolete elements.
	return "generic"
}

// oldImplicitInput maps an input element by its type.
func oldImplicitInput(d *dom.Doc, n *html.Node) string {
	t := dom.AttrOr(n, "type")
	switch {
	case equalFold(t, "button"), equalFold(t, "submit"), equalFold(t, "reset"), equalFold(t, "image"):
		return "button"
	case equalFold(t, "checkbox"):
		if dom.Has(n, "switch") {
			return "switch"
		}
		return "checkbox"
	case equalFold(t, "radio"):
		return "radio"
	case equalFold(t, "range"):
		return "slider"
	case equalFold(t, "number"):
		return "spinbutton"
	case equalFold(t, "hidden"):
		return "none"
	case equalFold(t, "search"):
		if hasSuggestions(d, n) {
			return "combobox"
		}
		return "searchbox"
	case equalFold(t, "file"), equalFold(t, "color"):
		// HTML-AAM: no ARIA role; both open a picker on click.
		return "button"
	case equalFold(t, "password"), equalFold(t, "date"), equalFold(t, "datetime-local"),
		equalFold(t, "month"), equalFold(t, "week"), equalFold(t, "time"):
		// HTML-AAM: no ARIA role; a person types into them.
		return "textbox"
	}
	// text, email, tel, url, missing or unknown types.
	if hasSuggestions(d, n) {
		return "combobox"
	}
	return "textbox"
}

// oldImplicitLi: listitem when the nearest non-generic ancestor is a list,
// none when its list owner is presentational, else generic.
func oldImplicitLi(d *dom.Doc, n *html.Node) string {
	p := axParent(d, n)
	for k := 0; p != nil && p.Type == html.ElementNode && k < maxWalk; k++ {
		if p.Namespace == "" && (p.Data == "ul" || p.Data == "ol" || p.Data == "menu") {
			if r, none := oldExplicitRole(d, p); none {
				return "none"
			} else if r != "" && r != "list" {
				return "generic"
			}
			return "listitem"
		}
		r := oldContextRole(d, p)
		switch r {
		case "list":
			return "listitem"
		case "generic", "none", "":
			p = axParent(d, p)
			continue
		}
		return "generic"
	}
	return "generic"
}

// oldShallowLi decides an li's role from its flat-tree parent alone: the form
// context checks use for ancestors, so that an li inside a tablist is not
// taken for a listitem.
func oldShallowLi(d *dom.Doc, n *html.Node) string {
	p := axParent(d, n)
	if p == nil || p.Type != html.ElementNode {
		return "generic"
	}
	r := oldQuickExplicit(p)
	if r == "list" || (r == "" && p.Namespace == "" && (p.Data == "ul" || p.Data == "ol" || p.Data == "menu")) {
		return "listitem"
	}
	return "generic"
}

// oldExplicitRole returns n's valid oldExplicit role ("" if none) and whether it
// is a presentational role that ARIA honours.
func oldExplicitRole(d *dom.Doc, n *html.Node) (string, bool) {
	v, ok := dom.Attr(n, "role")
	if !ok {
		return "", false
	}
	return oldExplicit(d, n, v)
}

// oldQuickExplicit returns the first known, non-abstract token of n's role
// attribute without the context, name and conflict checks.
func oldQuickExplicit(n *html.Node) string {
	v, ok := dom.Attr(n, "role")
	if !ok {
		return ""
	}
	var buf [32]byte
	for tok, rest := dom.NextToken(v); tok != ""; tok, rest = dom.NextToken(rest) {
		if len(tok) > len(buf) {
			continue
		}
		if e := lookupFold(tok, &buf); e != nil && !e.info.Abstract {
			return e.info.Name
		}
	}
	return ""
}

// oldContextRole is the role of an ancestor as the context checks see it: its
// first known oldExplicit token, else its shallow oldImplicit role.
func oldContextRole(d *dom.Doc, p *html.Node) string {
	if r := oldQuickExplicit(p); r != "" {
		return r
	}
	return oldImplicit(d, p, false, nil)
}

// oldInContext reports whether the nearest ancestor of n whose role is not
// generic or none has a role that is a required context of role.
func oldInContext(d *dom.Doc, n *html.Node, role string) bool {
	p := axParent(d, n)
	for k := 0; p != nil && p.Type == html.ElementNode && k < maxWalk; k, p = k+1, axParent(d, p) {
		r := oldContextRole(d, p)
		switch r {
		case "generic", "none", "":
			continue
		}
		switch role {
		case "listitem":
			return r == "list"
		case "option":
			return r == "listbox" || r == "group" || r == "combobox"
		case "treeitem":
			return r == "tree" || r == "group"
		}
		return true
	}
	return false
}

// oldInSectioning reports whether n is inside sectioning content (article,
// aside, nav, section, or the equivalent oldExplicit roles), or, when
// withMain, main. It stops at body.
func oldInSectioning(d *dom.Doc, n *html.Node, withMain bool) bool {
	p := parent(d, n)
	for k := 0; p != nil && p.Type == html.ElementNode && k < maxWalk; k, p = k+1, parent(d, p) {
		if p.Namespace != "" {
			continue
		}
		switch p.Data {
		case "article", "aside", "nav", "section":
			return true
		case "main":
			if withMain {
				return true
			}
		case "body":
			return false
		}
		switch oldQuickExplicit(p) {
		case "article", "complementary", "navigation", "region":
			return true
		case "main":
			if withMain {
				return true
			}
		}
	}
	return false
}

// oldTableRole returns the oldExplicit role of n's table ("none" for an honoured
// presentational role), or "" when the table has none or is missing.
func oldTableRole(d *dom.Doc, n *html.Node, t *oldTables) string {
	p := parent(d, n)
	if t != nil && p != nil && t.parent == p {
		return t.role
	}
	r := ""
	if tab := owningTable(d, n); tab != nil {
		r, _ = oldExplicitRole(d, tab)
	}
	if t != nil && p != nil {
		t.parent, t.role = p, r
	}
	return r
}

func oldPresentationalTable(d *dom.Doc, n *html.Node, t *oldTables) bool {
	return oldTableRole(d, n, t) == "none"
}

// oldHeaderCellRole decides columnheader or rowheader for a th: by scope,
// else as Chromium does: a rowheader when a td shares its row (in a thead
// too), else a columnheader.
func oldHeaderCellRole(n *html.Node) string {
	s := dom.AttrOr(n, "scope")
	switch {
	case equalFold(s, "row"), equalFold(s, "rowgroup"):
		return "rowheader"
	case equalFold(s, "col"), equalFold(s, "colgroup"):
		return "columnheader"
	}
	if tr := n.Parent; tr != nil {
		for c := tr.FirstChild; c != nil; c = c.NextSibling {
			if dom.IsHTML(c, "td") {
				return "rowheader"
			}
		}
	}
	return "columnheader"
}

// oldImplicitSVG maps SVG elements as SVG-AAM does, with one choice of ours:
// an svg element is an img (Chromium exposes it as an image; most are
// icons).
func oldImplicitSVG(d *dom.Doc, n *html.Node) string {
	switch n.Data {
	case "svg":
		return "img"
	case "a":
		if dom.Has(n, "href") || hasXlinkHref(n) {
			return "link"
		}
		return "generic"
	case "image":
		return "img"
	case "g":
		if hasName(d, n) || hasSVGTitle(n) {
			return "group"
		}
		return "generic"
	case "circle", "ellipse", "line", "path", "polygon", "polyline", "rect", "use":
		if hasName(d, n) || hasSVGTitle(n) {
			return "graphics-symbol"
		}
		return "none"
	case "title", "desc", "defs", "symbol", "clipPath", "mask", "pattern",
		"linearGradient", "radialGradient", "stop", "marker", "filter",
		"metadata", "style", "script", "view", "animate", "animateMotion",
		"animateTransform", "set", "mpath":
		return "none"
	}
	if len(n.Data) > 2 && n.Data[:2] == "fe" {
		return "none" // filter primitives
	}
	return "generic"
}

// oldTables remembers the role of the table of the table part oldComputeWith
// met last (a cell, a row, a row group), keyed by the part's parent, which
// alone decides it: the cells of a row, asked one after another, share
// it. The zero value is empty. A oldTables serves the elements of one
// document; it is not safe for concurrent use.
type oldTables struct {
	parent *html.Node // the last part's flat-tree parent, or nil
	role   string     // the oldExplicit role of the table above parent ("" for none)
}

// oldComputeWith is Compute, with t remembering the role of the table of
// the table part it met last for the next part of the same row (t may be
// nil; the results are Compute's whatever t holds from the same document).
func oldComputeWith(d *dom.Doc, n *html.Node, t *oldTables) string {
	if n == nil || n.Type != html.ElementNode {
		return ""
	}
	role := ""
	explicitNone := false
	if v, ok := dom.Attr(n, "role"); ok {
		role, explicitNone = oldExplicit(d, n, v)
	}
	if role == "" {
		role = oldImplicit(d, n, true, t)
	}
	if (role == "generic" || (role == "none" && explicitNone)) && hasMinimumRoleAttr(n) {
		return "group"
	}
	return role
}

// oldExplicit scans the role tokens of n. It returns the first token valid on
// n ("" if none) and whether that token was none/presentation.
func oldExplicit(d *dom.Doc, n *html.Node, v string) (string, bool) {
	var buf [32]byte
	for tok, rest := dom.NextToken(v); tok != ""; tok, rest = dom.NextToken(rest) {
		if len(tok) > len(buf) {
			continue // longer than any role token
		}
		e := lookupFold(tok, &buf)
		if e == nil || e.info.Abstract {
			continue
		}
		name := e.info.Name
		switch {
		case name == "none":
			if Focusable(n) || hasGlobalARIA(n) {
				continue
			}
			return "none", true
		case e.flags&needsName != 0:
			if !hasName(d, n) {
				continue
			}
		case e.flags&needsContext != 0:
			if !oldInContext(d, n, name) {
				continue
			}
		}
		return name, false
	}
	return "", false
}
