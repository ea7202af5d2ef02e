package bench

import (
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/axtree/axtree/render"
)

// VisibleText returns the page's visible text, the baseline "just give the
// model the text" representation. Definition: the data of every DOM text
// node, in document order, that renders (style.Sheet.Rendered on the text
// node: no display:none or hidden ancestor, not in a closed <details>, not
// template content), outside <head>, <script>, <style>, <noscript>,
// <textarea> and <option>, with every run of ASCII whitespace collapsed to
// one space, text nodes joined with one space and the result trimmed.
// Form-control values, alt text and ::before/::after content are not text
// nodes and are not included; aria-hidden text is (a screenshot shows it).
func VisibleText(r *render.Result) []byte {
	var out []byte
	sheet := r.Names.Style()
	space := false
	for _, el := range r.Doc.Elements {
		switch el.DataAtom {
		case atom.Script, atom.Style, atom.Noscript, atom.Head, atom.Title, atom.Textarea, atom.Option:
			continue // not text a reader sees as page text (or a control's value)
		}
		for c := el.FirstChild; c != nil; c = c.NextSibling {
			if c.Type != html.TextNode || !sheet.Rendered(c) {
				continue
			}
			for i := 0; i < len(c.Data); i++ {
				switch ch := c.Data[i]; ch {
				case ' ', '\t', '\n', '\r', '\f':
					space = true
				default:
					if space && len(out) > 0 {
						out = append(out, ' ')
					}
					space = false
					out = append(out, ch)
				}
			}
			space = true // text nodes are joined with one space
		}
	}
	return out
}
