package accname

import (
	"strings"
	"unicode"

	"golang.org/x/net/html"

	"github.com/axtree/axtree/dom"
)

// text-transform values that change the text of a name (CSS Text 3). The
// style package does not compute text-transform, so accname reads the
// inline style attribute itself (inherited down the flat tree); rules in
// <style> sheets are not seen. full-size-kana is deliberately not applied:
// it would change the meaning of the text.
const (
	xfNone uint8 = iota + 1
	xfUpper
	xfLower
	xfCapitalize
)

// anyTextTransform reports whether an element of els has a style
// attribute (the first, as dom.Attr finds it) that mentions
// text-transform in any ASCII case (containsFold).
func anyTextTransform(els []*html.Node) bool {
	for _, n := range els {
		for i := range n.Attr {
			a := &n.Attr[i]
			if len(a.Key) == len("style") && a.Key == "style" && a.Namespace == "" {
				if hasTextTransform(a.Val) {
					return true
				}
				break
			}
		}
	}
	return false
}

// hasTextTransform is containsFold(v, "text-transform"): each occurrence
// has a '-' four bytes in, which IndexByte finds many bytes at a time;
// only there are the words around it compared.
func hasTextTransform(v string) bool {
	for i := 4; i+len("transform") < len(v); {
		j := strings.IndexByte(v[i:len(v)-len("transform")], '-')
		if j < 0 {
			return false
		}
		i += j
		if foldedIs(v[i-4:i], "text") && foldedIs(v[i+1:i+1+len("transform")], "transform") {
			return true
		}
		i++
	}
	return false
}

// foldedIs reports whether s is lower, a lower-case ASCII word of the same
// length, with ASCII letters in either case (lowerByte).
func foldedIs(s, lower string) bool {
	for i := 0; i < len(lower); i++ {
		if lowerByte(s[i]) != lower[i] {
			return false
		}
	}
	return true
}

// inlineDecl returns the last value of property prop in n's style
// attribute, lower-cased and without !important ("" when absent).
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
		val = strings.TrimSpace(strings.TrimSuffix(v, "!important"))
	}
	return val
}

// transform returns n's inherited text-transform (0 when none).
func (c *Computer) transform(n *html.Node) uint8 {
	if c.xform == nil {
		c.xform = make(map[*html.Node]uint8)
	}
	var path []*html.Node
	v := uint8(0)
	for x := n; x != nil && x.Type == html.ElementNode; x = c.doc.Parent(x) {
		if t, ok := c.xform[x]; ok {
			v = t
			break
		}
		path = append(path, x)
	}
	for i := len(path) - 1; i >= 0; i-- {
		switch inlineDecl(path[i], "text-transform") {
		case "uppercase":
			v = xfUpper
		case "lowercase":
			v = xfLower
		case "capitalize":
			v = xfCapitalize
		case "none":
			v = 0
		}
		c.xform[path[i]] = v
	}
	return v
}

func applyTransform(s string, xf uint8) string {
	switch xf {
	case xfUpper:
		return strings.ToUpper(s)
	case xfLower:
		return strings.ToLower(s)
	case xfCapitalize:
		var sb strings.Builder
		start := true
		for _, r := range s {
			if unicode.IsLetter(r) || unicode.IsDigit(r) {
				if start {
					r = unicode.ToTitle(r)
				}
				start = false
			} else {
				start = unicode.IsSpace(r) || r == '-'
			}
			sb.WriteRune(r)
		}
		return sb.String()
	}
	return s
}
