package style

import (
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/axtree/axtree/dom"
)

// uaDisplay is the user-agent display of HTML elements, from the HTML
// standard's rendering section (and Chromium's html.css where the standard
// leaves it to the UA: form controls are inline-block). Elements not listed
// are inline.
var uaDisplay = map[string]string{
	// display: none
	"area": "none", "base": "none", "basefont": "none", "datalist": "none",
	"head": "none", "link": "none", "meta": "none", "noembed": "none",
	"noframes": "none", "noscript": "none", "param": "none", "rp": "none", "script": "none",
	"style": "none", "template": "none", "title": "none",
	// block
	"html": "block", "body": "block", "address": "block", "blockquote": "block",
	"center": "block", "dialog": "block", "div": "block", "figure": "block",
	"figcaption": "block", "footer": "block", "form": "block", "header": "block",
	"hr": "block", "legend": "block", "listing": "block", "main": "block",
	"p": "block", "plaintext": "block", "pre": "block", "search": "block",
	"xmp": "block", "details": "block", "summary": "block", "article": "block",
	"aside": "block", "h1": "block", "h2": "block", "h3": "block", "h4": "block",
	"h5": "block", "h6": "block", "hgroup": "block", "nav": "block",
	"section": "block", "dir": "block", "dd": "block", "dl": "block",
	"dt": "block", "menu": "block", "ol": "block", "ul": "block",
	"fieldset": "block", "optgroup": "block", "option": "block",
	"frameset": "block", "frame": "block",
	"li": "list-item",
	// tables
	"table": "table", "caption": "table-caption", "colgroup": "table-column-group",
	"col": "table-column", "thead": "table-header-group", "tbody": "table-row-group",
	"tfoot": "table-footer-group", "tr": "table-row", "td": "table-cell",
	"th": "table-cell",
	// ruby
	"ruby": "ruby", "rt": "ruby-text",
	// form controls and widgets (Chromium)
	"input": "inline-block", "button": "inline-block", "select": "inline-block",
	"textarea": "inline-block", "meter": "inline-block", "progress": "inline-block",
	"marquee": "inline-block",
	// shadow DOM
	"slot": "contents",
}

// svgNotRendered are SVG elements that never render a box of their own:
// resources and metadata. (title and desc still name their parent; the
// name computation reads them regardless of rendering.)
var svgNotRendered = map[string]bool{
	"defs": true, "clippath": true, "mask": true, "marker": true, "pattern": true,
	"lineargradient": true, "radialgradient": true, "symbol": true, "filter": true,
	"metadata": true, "script": true, "style": true, "title": true, "desc": true,
	"fedropshadow": true,
}

// DefaultDisplay returns the user-agent default display of element n: the
// value before any author style applies. It follows the HTML standard's
// rendering section with static assumptions: scripting is on, as on the page
// an agent sees (so <noscript> is none: its content is neither text nor
// elements), no popover is showing ([popover] elements are
// none), and a <dialog> without open is none. [hidden] is none except
// hidden="until-found" (which keeps its display and hides its content via
// content-visibility). Non-HTML elements are inline, except SVG resources
// and metadata (defs, clipPath, title, ...), which are none. It returns ""
// for a nil or non-element node.
func DefaultDisplay(n *html.Node) string { return staticKeywords[defaultDisplay(n)] }

// defaultDisplay is DefaultDisplay as a keyword id (every UA value is a
// static keyword), which the cascade stores without a table lookup.
func defaultDisplay(n *html.Node) kwID {
	if n == nil || n.Type != html.ElementNode {
		return 0
	}
	at := readAttrs(n)
	return defaultDisplayOf(n, &at)
}

// defaultDisplayOf is defaultDisplay of element n whose attributes are at.
func defaultDisplayOf(n *html.Node, at *elemAttrs) kwID {
	if n.Namespace == "svg" {
		if svgNotRendered[strings.ToLower(n.Data)] {
			return kwDispNone
		}
		return kwInline
	}
	if n.Namespace != "" {
		if n.Namespace == "math" && n.Data == "math" && strings.EqualFold(dom.AttrOr(n, "display"), "block") {
			return kwBlock
		}
		return kwInline
	}
	if at.has&aHidden != 0 && !strings.EqualFold(strings.TrimSpace(at.hidden), "until-found") && n.Data != "embed" {
		return kwDispNone
	}
	if at.has&aPopover != 0 {
		return kwDispNone
	}
	switch n.Data {
	case "input":
		if strings.EqualFold(strings.TrimSpace(dom.AttrOr(n, "type")), "hidden") {
			return kwDispNone
		}
	case "dialog":
		if !dom.Has(n, "open") {
			return kwDispNone
		}
	case "audio":
		if !dom.Has(n, "controls") {
			return kwDispNone
		}
	case "summary":
		if p := n.Parent; p != nil && dom.IsHTML(p, "details") && firstSummary(p) == n {
			return kwListItem
		}
	}
	return uaDisplayID(n)
}

// uaDisplayID is uaDisplay[n.Data] as a keyword id (inline when n.Data is
// not listed). An element whose DataAtom spells its tag name (every
// element the parser makes) finds it in uaDisplayAtoms without hashing
// the name.
func uaDisplayID(n *html.Node) kwID {
	if a := n.DataAtom; a != 0 && a.String() == n.Data {
		for i := atomSlot(a); ; i = (i + 1) & (len(uaDisplayAtoms) - 1) {
			switch e := uaDisplayAtoms[i]; e.a {
			case a:
				return e.id
			case 0:
				return kwInline
			}
		}
	}
	if d, ok := uaDisplay[n.Data]; ok {
		return staticKeywordIDs[d]
	}
	return kwInline
}

// atomDisplay is one entry of uaDisplayAtoms.
type atomDisplay struct {
	a  atom.Atom
	id kwID
}

// uaDisplayAtoms is uaDisplay by atom, as keyword ids: an open-addressing
// table (atomSlot, then the next slots) of the tags that have an atom, made
// once at package initialization and only read afterwards.
var uaDisplayAtoms = func() (t [256]atomDisplay) {
	for tag, d := range uaDisplay {
		a := atom.Lookup([]byte(tag))
		if a == 0 || a.String() != tag {
			continue // found by name (uaDisplayID's fallback)
		}
		i := atomSlot(a)
		for t[i].a != 0 {
			i = (i + 1) & (len(t) - 1)
		}
		t[i] = atomDisplay{a, staticKeywordIDs[d]}
	}
	return t
}()

// atomSlot is the first slot of atom a in uaDisplayAtoms.
func atomSlot(a atom.Atom) int { return int(uint32(a) * 0x9E3779B1 >> 24) }

// uaContentVisibility is the user-agent content-visibility: hidden for
// hidden="until-found" (as Chromium renders it), else visible.
func uaContentVisibility(n *html.Node, at *elemAttrs) kwID {
	if at.has&aHidden != 0 && n.Namespace == "" && untilFound(at.hidden) {
		return kwHidden
	}
	return kwVisible
}

// untilFound reports whether a hidden attribute's value is until-found
// (apart from case and surrounding space): kept out of
// uaContentVisibility, which every element asks and which then inlines.
//
//go:noinline
func untilFound(v string) bool {
	return strings.EqualFold(strings.TrimSpace(v), "until-found")
}

// uaCursorPointer reports the user-agent cursor: pointer for links
// (a[href], area[href]); elsewhere the parent's cursor is inherited.
func uaCursorPointer(n *html.Node, at *elemAttrs) bool {
	return n.Namespace == "" && (n.Data == "a" || n.Data == "area") && at.has&aHref != 0
}

// firstSummary returns the first summary element child of details d.
func firstSummary(d *html.Node) *html.Node {
	for c := d.FirstChild; c != nil; c = c.NextSibling {
		if dom.IsHTML(c, "summary") {
			return c
		}
	}
	return nil
}

// noPseudo reports the elements that do not generate ::before / ::after
// boxes in Chromium (replaced elements and form controls), by tag name: a
// switch rather than a map, as the tag cache fills an entry for every tag
// of a page and for every element it does not keep (custom elements,
// shadow trees).
func noPseudo(tag string) bool {
	switch tag {
	case "img", "input", "textarea", "select", "video",
		"audio", "iframe", "embed", "object", "canvas",
		"br", "wbr", "meter", "progress":
		return true
	}
	return false
}

// isInlineDisplay reports whether display value d is inline-level (or
// contents, which has no box of its own).
func isInlineDisplay(d string) bool {
	switch d {
	case "inline", "ruby", "contents", "":
		return true
	}
	return strings.HasPrefix(d, "inline-") || strings.HasPrefix(d, "-webkit-inline-") ||
		strings.HasPrefix(d, "-moz-inline-") || strings.HasPrefix(d, "-ms-inline-")
}
