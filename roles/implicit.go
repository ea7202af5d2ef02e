package roles

import (
	"golang.org/x/net/html"

	"github.com/axtree/axtree/dom"
)

// implicit returns the HTML-AAM role of n. With deep false it skips the
// ancestor walks (contextual roles take their most common value); that form
// is what context checks use for ancestors, which keeps every Compute call
// linear in the (bounded) ancestor depth.
func implicit(d *dom.Doc, n *html.Node, deep bool, t *Tables) ID {
	switch n.Namespace {
	case "":
	case "svg":
		return implicitSVG(d, n)
	case "math":
		if n.Data == "math" {
			return rMath
		}
		return rGeneric
	default:
		return rGeneric
	}
	switch n.Data {
	case "a", "area":
		if dom.Has(n, "href") {
			return rLink
		}
		return rGeneric
	case "address", "details", "fieldset", "hgroup", "optgroup":
		return rGroup
	case "article":
		return rArticle
	case "aside":
		if !deep || hasName(d, n) || !inSectioning(d, n, false) {
			return rComplementary
		}
		return rGeneric
	case "b", "strong":
		// WPT html-aam/roles.html expects strong for b.
		return rStrong
	case "blockquote":
		return rBlockquote
	case "body", "bdi", "bdo", "data", "div", "i", "pre", "q", "samp", "small", "span", "u", "cite", "slot":
		// cite: HTML-AAM has no role; Chromium exposes it as generic.
		return rGeneric
	case "button":
		return rButton
	case "caption":
		return rCaption
	case "code":
		return rCode
	case "datalist":
		return rListbox
	case "dd":
		return rDefinition
	case "del", "s":
		return rDeletion
	case "dfn", "dt":
		return rTerm
	case "dialog":
		return rDialog
	case "em":
		return rEmphasis
	case "figure":
		return rFigure
	case "footer", "header":
		if !deep || inSectioning(d, n, true) {
			return rGeneric
		}
		if n.Data == "header" {
			return rBanner
		}
		return rContentinfo
	case "form":
		// Chromium and WPT html-aam/roles.html give form even when unnamed.
		return rForm
	case "h1", "h2", "h3", "h4", "h5", "h6":
		return rHeading
	case "hr":
		return rSeparator
	case "img":
		if v, ok := dom.Attr(n, "alt"); ok && v == "" && !Focusable(n) && !hasGlobalARIA(n) {
			return rNone
		}
		return rImg
	case "input":
		return implicitInput(d, n)
	case "ins":
		return rInsertion
	case "li":
		if !deep {
			return shallowLi(d, n)
		}
		return implicitLi(d, n)
	case "main":
		return rMain
	case "mark":
		return rMark
	case "math":
		return rMath
	case "menu", "ol", "ul":
		return rList
	case "meter":
		return rMeter
	case "nav":
		return rNavigation
	case "option":
		if !deep || optionInSelect(d, n) || inContext(d, n, rOption) {
			return rOption
		}
		return rGeneric
	case "output":
		return rStatus
	case "p":
		return rParagraph
	case "progress":
		return rProgressbar
	case "search":
		return rSearch
	case "section":
		if deep && hasName(d, n) {
			return rRegion
		}
		return rGeneric
	case "select":
		if dom.Has(n, "multiple") || selectSize(n) > 1 {
			return rListbox
		}
		return rCombobox
	case "sub":
		return rSubscript
	case "summary":
		if isDetailsSummary(n) {
			return rButton
		}
		return rGeneric
	case "sup":
		return rSuperscript
	case "table":
		return rTable
	case "tbody", "thead", "tfoot":
		if deep && presentationalTable(d, n, t) {
			return rNone
		}
		return rRowgroup
	case "td":
		if !deep {
			return rCell
		}
		switch tableRole(d, n, t) {
		case rNone:
			return rNone
		case rGrid, rTreegrid:
			return rGridcell
		}
		return rCell
	case "th":
		if !deep {
			return rColumnheader
		}
		if tableRole(d, n, t) == rNone {
			return rNone
		}
		return headerCellRole(n)
	case "tr":
		if deep && presentationalTable(d, n, t) {
			return rNone
		}
		return rRow
	case "textarea":
		return rTextbox
	case "time":
		return rTime
	case "abbr", "audio", "base", "br", "canvas", "col", "colgroup", "embed",
		"figcaption", "head", "html", "iframe", "kbd", "label", "legend", "link",
		"map", "meta", "noscript", "object", "param", "picture", "rp", "rt",
		"ruby", "script", "source", "style", "template", "title", "track",
		"var", "video", "wbr", "frame", "frameset", "noframes":
		// HTML-AAM: no corresponding role.
		return rNone
	}
	// Custom elements, unknown and obsolete elements.
	return rGeneric
}

// implicitInput maps an input element by its type: one switch on the
// type folded once (foldType), not a case-insensitive compare per type.
func implicitInput(d *dom.Doc, n *html.Node) ID {
	var buf [maxInputType]byte
	switch string(foldType(dom.AttrOr(n, "type"), &buf)) { // no allocation: a switch on string(bytes)
	case "button", "submit", "reset", "image":
		return rButton
	case "checkbox":
		if dom.Has(n, "switch") {
			return rSwitch
		}
		return rCheckbox
	case "radio":
		return rRadio
	case "range":
		return rSlider
	case "number":
		return rSpinbutton
	case "hidden":
		return rNone
	case "search":
		if hasSuggestions(d, n) {
			return rCombobox
		}
		return rSearchbox
	case "file", "color":
		// HTML-AAM: no ARIA role; both open a picker on click.
		return rButton
	case "password", "date", "datetime-local", "month", "week", "time":
		// HTML-AAM: no ARIA role; a person types into them.
		return rTextbox
	}
	// text, email, tel, url, missing or unknown types.
	if hasSuggestions(d, n) {
		return rCombobox
	}
	return rTextbox
}

// maxInputType is the room foldType has: more than the longest input type
// implicitInput knows (datetime-local).
const maxInputType = 16

// foldType returns t as equalFold compares it (ASCII whitespace trimmed
// from both ends, ASCII letters in lower case), copied into buf; nil when
// it is longer than buf, which no type implicitInput knows is.
func foldType(t string, buf *[maxInputType]byte) []byte {
	for len(t) > 0 && isSpaceByte(t[0]) {
		t = t[1:]
	}
	for len(t) > 0 && isSpaceByte(t[len(t)-1]) {
		t = t[:len(t)-1]
	}
	if len(t) > len(buf) {
		return nil
	}
	b := buf[:len(t)]
	for i := range b {
		c := t[i]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		b[i] = c
	}
	return b
}

// hasSuggestions reports whether input n has a suggestions source element:
// a list attribute naming a datalist (any non-blank list when d is nil).
func hasSuggestions(d *dom.Doc, n *html.Node) bool {
	v, ok := dom.Attr(n, "list")
	if !ok || blank(v) {
		return false
	}
	if d == nil {
		return true
	}
	return dom.IsHTML(d.ByID(n, v), "datalist")
}

// selectSize parses the size attribute of a select (0 when absent or bad).
func selectSize(n *html.Node) int {
	v := dom.AttrOr(n, "size")
	i := 0
	for i < len(v) && isSpaceByte(v[i]) {
		i++
	}
	size := 0
	for ; i < len(v) && v[i] >= '0' && v[i] <= '9'; i++ {
		if size < 1000 {
			size = size*10 + int(v[i]-'0')
		}
	}
	return size
}

// implicitLi: listitem when the nearest non-generic ancestor is a list,
// none when its list owner is presentational, else generic.
func implicitLi(d *dom.Doc, n *html.Node) ID {
	p := axParent(d, n)
	for k := 0; p != nil && p.Type == html.ElementNode && k < maxWalk; k++ {
		if p.Namespace == "" && (p.Data == "ul" || p.Data == "ol" || p.Data == "menu") {
			if r, none := explicitRole(d, p); none {
				return rNone
			} else if r != NoRole && r != rList {
				return rGeneric
			}
			return rListitem
		}
		r := contextRole(d, p)
		switch r {
		case rList:
			return rListitem
		case rGeneric, rNone, NoRole:
			p = axParent(d, p)
			continue
		}
		return rGeneric
	}
	return rGeneric
}

// shallowLi decides an li's role from its flat-tree parent alone: the form
// context checks use for ancestors, so that an li inside a tablist is not
// taken for a listitem.
func shallowLi(d *dom.Doc, n *html.Node) ID {
	p := axParent(d, n)
	if p == nil || p.Type != html.ElementNode {
		return rGeneric
	}
	r := quickExplicit(p)
	if r == rList || (r == NoRole && p.Namespace == "" && (p.Data == "ul" || p.Data == "ol" || p.Data == "menu")) {
		return rListitem
	}
	return rGeneric
}

// explicitRole returns n's valid explicit role (NoRole if none) and
// whether it is a presentational role that ARIA honours.
func explicitRole(d *dom.Doc, n *html.Node) (ID, bool) {
	v, ok := dom.Attr(n, "role")
	if !ok {
		return NoRole, false
	}
	return explicit(d, n, v)
}

// quickExplicit returns the first known, non-abstract token of n's role
// attribute without the context, name and conflict checks.
func quickExplicit(n *html.Node) ID {
	v, ok := dom.Attr(n, "role")
	if !ok {
		return NoRole
	}
	var buf [32]byte
	for tok, rest := dom.NextToken(v); tok != ""; tok, rest = dom.NextToken(rest) {
		if len(tok) > len(buf) {
			continue
		}
		if e := lookupFold(tok, &buf); e != nil && !e.info.Abstract {
			return e.id
		}
	}
	return NoRole
}

// contextRole is the role of an ancestor as the context checks see it: its
// first known explicit token, else its shallow implicit role.
func contextRole(d *dom.Doc, p *html.Node) ID {
	if r := quickExplicit(p); r != NoRole {
		return r
	}
	return implicit(d, p, false, nil)
}

// inContext reports whether the nearest ancestor of n whose role is not
// generic or none has a role that is a required context of role.
func inContext(d *dom.Doc, n *html.Node, role ID) bool {
	p := axParent(d, n)
	for k := 0; p != nil && p.Type == html.ElementNode && k < maxWalk; k, p = k+1, axParent(d, p) {
		r := contextRole(d, p)
		switch r {
		case rGeneric, rNone, NoRole:
			continue
		}
		switch role {
		case rListitem:
			return r == rList
		case rOption:
			return r == rListbox || r == rGroup || r == rCombobox
		case rTreeitem:
			return r == rTree || r == rGroup
		}
		return true
	}
	return false
}

// optionInSelect reports whether option n belongs to a select or datalist
// (directly, through an optgroup, or through generic wrappers).
func optionInSelect(d *dom.Doc, n *html.Node) bool {
	p := parent(d, n)
	for k := 0; p != nil && p.Type == html.ElementNode && k < 8; k, p = k+1, parent(d, p) {
		if p.Namespace != "" {
			return false
		}
		switch p.Data {
		case "select", "datalist":
			return true
		case "optgroup", "div", "span", "hr":
			continue
		}
		return false
	}
	return false
}

// inSectioning reports whether n is inside sectioning content (article,
// aside, nav, section, or the equivalent explicit roles), or, when
// withMain, main. It stops at body.
func inSectioning(d *dom.Doc, n *html.Node, withMain bool) bool {
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
		switch quickExplicit(p) {
		case rArticle, rComplementary, rNavigation, rRegion:
			return true
		case rMain:
			if withMain {
				return true
			}
		}
	}
	return false
}

// owningTable returns the table element of a table part (td, th, tr,
// thead, tbody, tfoot), or nil.
func owningTable(d *dom.Doc, n *html.Node) *html.Node {
	p := parent(d, n)
	for k := 0; p != nil && k < 4; k, p = k+1, parent(d, p) {
		if p.Type != html.ElementNode || p.Namespace != "" {
			return nil
		}
		switch p.Data {
		case "table":
			return p
		case "tr", "tbody", "thead", "tfoot":
			continue
		}
		return nil
	}
	return nil
}

// tableRole returns the explicit role of n's table (rNone for an honoured
// presentational role), or NoRole when the table has none or is missing.
func tableRole(d *dom.Doc, n *html.Node, t *Tables) ID {
	p := parent(d, n)
	if t != nil && p != nil && t.parent == p {
		return t.role
	}
	r := NoRole
	if tab := owningTable(d, n); tab != nil {
		r, _ = explicitRole(d, tab)
	}
	if t != nil && p != nil {
		t.parent, t.role = p, r
	}
	return r
}

func presentationalTable(d *dom.Doc, n *html.Node, t *Tables) bool {
	return tableRole(d, n, t) == rNone
}

// Tables remembers the role of the table of the table part ComputeWith
// met last (a cell, a row, a row group), keyed by the part's parent, which
// alone decides it: the cells of a row, asked one after another, share
// it. The zero value is empty. A Tables serves the elements of one
// document; it is not safe for concurrent use.
type Tables struct {
	parent *html.Node // the last part's flat-tree parent, or nil
	role   ID         // the explicit role of the table above parent (NoRole for none)
}

// headerCellRole decides columnheader or rowheader for a th: by scope,
// else as Chromium does: a rowheader when a td shares its row (in a thead
// too), else a columnheader.
func headerCellRole(n *html.Node) ID {
	s := dom.AttrOr(n, "scope")
	switch {
	case equalFold(s, "row"), equalFold(s, "rowgroup"):
		return rRowheader
	case equalFold(s, "col"), equalFold(s, "colgroup"):
		return rColumnheader
	}
	if tr := n.Parent; tr != nil {
		for c := tr.FirstChild; c != nil; c = c.NextSibling {
			if dom.IsHTML(c, "td") {
				return rRowheader
			}
		}
	}
	return rColumnheader
}

// implicitSVG maps SVG elements as SVG-AAM does, with one choice of ours:
// an svg element is an img (Chromium exposes it as an image; most are
// icons).
func implicitSVG(d *dom.Doc, n *html.Node) ID {
	switch n.Data {
	case "svg":
		return rImg
	case "a":
		if dom.Has(n, "href") || hasXlinkHref(n) {
			return rLink
		}
		return rGeneric
	case "image":
		return rImg
	case "g":
		if hasName(d, n) || hasSVGTitle(n) {
			return rGroup
		}
		return rGeneric
	case "circle", "ellipse", "line", "path", "polygon", "polyline", "rect", "use":
		if hasName(d, n) || hasSVGTitle(n) {
			return rGraphicsSymbol
		}
		return rNone
	case "title", "desc", "defs", "symbol", "clipPath", "mask", "pattern",
		"linearGradient", "radialGradient", "stop", "marker", "filter",
		"metadata", "style", "script", "view", "animate", "animateMotion",
		"animateTransform", "set", "mpath":
		return rNone
	}
	if len(n.Data) > 2 && n.Data[:2] == "fe" {
		return rNone // filter primitives
	}
	return rGeneric
}

func hasSVGTitle(n *html.Node) bool {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && c.Namespace == "svg" && c.Data == "title" && hasText(c) {
			return true
		}
	}
	return false
}
