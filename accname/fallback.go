package accname

// Temporary fallbacks used only while the style and roles packages are still
// stubs (New detects that). They cover just what the name computation needs:
// the hidden attribute, inline display/visibility, block-level defaults, and
// the roles that matter for naming. Remove once both packages land.

import (
	"strings"

	"golang.org/x/net/html"

	"github.com/axtree/axtree/dom"
)

func inlineDecl(n *html.Node, prop string) string {
	st, ok := dom.Attr(n, "style")
	if !ok {
		return ""
	}
	val := ""
	for _, decl := range strings.Split(st, ";") {
		k, v, ok := strings.Cut(decl, ":")
		if !ok || !strings.EqualFold(strings.TrimSpace(k), prop) {
			continue
		}
		v = strings.ToLower(strings.TrimSpace(v))
		v = strings.TrimSpace(strings.TrimSuffix(v, "!important"))
		val = v
	}
	return val
}

var blockTags = map[string]bool{
	"address": true, "article": true, "aside": true, "blockquote": true, "body": true, "dd": true,
	"details": true, "dialog": true, "div": true, "dl": true, "dt": true, "fieldset": true,
	"figcaption": true, "figure": true, "footer": true, "form": true, "h1": true, "h2": true,
	"h3": true, "h4": true, "h5": true, "h6": true, "header": true, "hgroup": true, "hr": true,
	"html": true, "legend": true, "li": true, "main": true, "menu": true, "nav": true, "ol": true,
	"p": true, "pre": true, "section": true, "summary": true, "ul": true, "table": true,
	"tr": true, "td": true, "th": true, "caption": true, "thead": true, "tbody": true, "tfoot": true,
	"button": true, "select": true, "input": true, "textarea": true, "meter": true, "progress": true,
}

var noneTags = map[string]bool{
	"head": true, "script": true, "style": true, "template": true, "title": true, "meta": true,
	"link": true, "base": true, "noscript": true, "datalist": true, "param": true,
}

func fallbackDisplay(n *html.Node) string {
	if d := inlineDecl(n, "display"); d != "" {
		return d
	}
	if n.Namespace != "" {
		return "inline"
	}
	if dom.Has(n, "hidden") || noneTags[n.Data] || (n.Data == "input" && strings.EqualFold(dom.AttrOr(n, "type"), "hidden")) {
		return "none"
	}
	if blockTags[n.Data] {
		return "block"
	}
	return "inline"
}

// fallbackVisibility and fallbackRendered climb the flat tree once per
// element and memoize (fb maps), so deep documents stay linear.
func (c *Computer) fallbackVisibility(n *html.Node) string {
	return c.fallbackInfo(n).visibility
}

func (c *Computer) fallbackRendered(n *html.Node) bool {
	fi := c.fallbackInfo(n)
	return fi.displayed && fi.visibility != "hidden" && fi.visibility != "collapse"
}

type fbInfo struct {
	displayed  bool // no display:none on n or an ancestor
	visibility string
}

func (c *Computer) fallbackInfo(n *html.Node) fbInfo {
	if c.fb == nil {
		c.fb = make(map[*html.Node]fbInfo)
	}
	var path []*html.Node
	cur := fbInfo{displayed: true, visibility: "visible"}
	for x := n; x != nil && x.Type == html.ElementNode; x = c.doc.Parent(x) {
		if fi, ok := c.fb[x]; ok {
			cur = fi
			break
		}
		path = append(path, x)
	}
	for i := len(path) - 1; i >= 0; i-- {
		x := path[i]
		if fallbackDisplay(x) == "none" {
			cur.displayed = false
		}
		if x.Parent != nil && dom.IsHTML(x.Parent, "details") && !dom.Has(x.Parent, "open") && !(dom.IsHTML(x, "summary") && firstChildHTML(x.Parent, "summary") == x) {
			cur.displayed = false
		}
		if v := inlineDecl(x, "visibility"); v != "" {
			cur.visibility = v
		}
		c.fb[x] = cur
	}
	return c.fb[n]
}

func fallbackRole(n *html.Node) string {
	if r, ok := dom.Attr(n, "role"); ok {
		for _, t := range dom.Tokens(strings.ToLower(r)) {
			if fallbackKnown[t] {
				if (t == "none" || t == "presentation") && (dom.Has(n, "tabindex") || dom.Has(n, "aria-label") || dom.Has(n, "aria-labelledby")) {
					break
				}
				return t
			}
		}
	}
	if n.Namespace == "svg" && n.Data == "svg" {
		return "graphics-document"
	}
	if n.Namespace != "" {
		return ""
	}
	switch n.Data {
	case "a", "area":
		if dom.Has(n, "href") {
			return "link"
		}
		return "generic"
	case "button", "summary":
		return "button"
	case "h1", "h2", "h3", "h4", "h5", "h6":
		return "heading"
	case "img":
		if v, ok := dom.Attr(n, "alt"); ok && v == "" {
			return "none"
		}
		return "img"
	case "td":
		return "cell"
	case "th":
		return "columnheader"
	case "tr":
		return "row"
	case "option":
		return "option"
	case "li":
		return "listitem"
	case "table":
		return "table"
	case "fieldset":
		return "group"
	case "figure":
		return "figure"
	case "dialog":
		return "dialog"
	case "article":
		return "article"
	case "textarea":
		return "textbox"
	case "select":
		if dom.Has(n, "multiple") || dom.AttrOr(n, "size") > "1" {
			return "listbox"
		}
		return "combobox"
	case "input":
		switch strings.ToLower(dom.AttrOr(n, "type")) {
		case "button", "submit", "reset", "image":
			return "button"
		case "checkbox":
			return "checkbox"
		case "radio":
			return "radio"
		case "range":
			return "slider"
		case "number":
			return "spinbutton"
		case "search":
			return "searchbox"
		case "hidden":
			return "none"
		}
		return "textbox"
	}
	return "generic"
}

var fallbackKnown = map[string]bool{}

func init() {
	for _, r := range strings.Fields(`alert alertdialog application article banner blockquote button caption cell checkbox
		code columnheader combobox complementary contentinfo definition deletion dialog directory document emphasis
		feed figure form generic grid gridcell group heading img image insertion link list listbox listitem log main marquee
		math menu menubar menuitem menuitemcheckbox menuitemradio meter navigation none note option paragraph
		presentation progressbar radio radiogroup region row rowgroup rowheader scrollbar search searchbox separator
		slider spinbutton status strong subscript superscript switch tab table tablist tabpanel term textbox time timer
		toolbar tooltip tree treegrid treeitem`) {
		fallbackKnown[r] = true
	}
}
