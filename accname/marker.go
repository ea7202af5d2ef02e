package accname

import (
	"strconv"
	"strings"

	"golang.org/x/net/html"

	"github.com/axtree/axtree/dom"
)

// marker returns the text of li's ::marker box as Chromium exposes it in
// names ("• ", "◦ ", "▪ " by <ul>/<menu> nesting, "3. " in an <ol>), or ""
// when li is not a list item box or its role is not listitem (an li made a
// tab, option or menuitem has no marker in Chromium's tree). The style package does not compute
// list-style-type or ::marker content, so author changes to either are not
// seen.
func (c *Computer) marker(li *html.Node) string {
	if !dom.IsHTML(li, "li") || c.display(li) != "list-item" || c.Role(li) != "listitem" {
		return ""
	}
	list := li.Parent
	if list == nil || list.Type != html.ElementNode || list.Namespace != "" {
		return "• "
	}
	switch list.Data {
	case "ol":
		return strconv.Itoa(ordinal(li, list)) + ". "
	case "ul", "menu":
		level := 0
		for p := list.Parent; p != nil && level < 8; p = p.Parent {
			if dom.IsHTML(p, "ul") || dom.IsHTML(p, "menu") || dom.IsHTML(p, "ol") {
				level++
			}
		}
		switch level {
		case 0:
			return "• "
		case 1:
			return "◦ "
		}
		return "▪ "
	}
	return "• "
}

// ordinal is li's number in its <ol>: start (or the item count when
// reversed), advanced per li and reset by a value attribute.
func ordinal(li, ol *html.Node) int {
	reversed := dom.Has(ol, "reversed")
	n := 1
	if reversed {
		n = 0
		for x := ol.FirstChild; x != nil; x = x.NextSibling {
			if dom.IsHTML(x, "li") {
				n++
			}
		}
	}
	if v, err := strconv.Atoi(strings.TrimSpace(dom.AttrOr(ol, "start"))); err == nil {
		n = v
	}
	step := 1
	if reversed {
		step = -1
	}
	for x := ol.FirstChild; x != nil; x = x.NextSibling {
		if !dom.IsHTML(x, "li") {
			continue
		}
		if v, err := strconv.Atoi(strings.TrimSpace(dom.AttrOr(x, "value"))); err == nil {
			n = v
		}
		if x == li {
			return n
		}
		n += step
	}
	return n
}
