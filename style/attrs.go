package style

import "golang.org/x/net/html"

// elemAttrs are the attributes of one element that the cascade and the
// user-agent defaults read, found in one pass over its attributes instead
// of one scan each: every one is the first of its name without a
// namespace, as dom.Attr finds it.
type elemAttrs struct {
	id, class, style, hidden string
	has                      attrBits
}

// attrBits says which of elemAttrs' attributes are present.
type attrBits uint8

const (
	aID attrBits = 1 << iota
	aClass
	aStyle
	aHidden
	aPopover
	aInert
	aHref
)

// readAttrs returns n's elemAttrs.
func readAttrs(n *html.Node) elemAttrs {
	var a elemAttrs
	a.read(n)
	return a
}

// read sets a (zero) to n's elemAttrs, in place: the cascade reads every
// element's, and a copy of the struct costs as much as a short scan.
func (a *elemAttrs) read(n *html.Node) {
	for i := range n.Attr {
		at := &n.Attr[i]
		if at.Namespace != "" {
			continue
		}
		switch at.Key {
		case "id":
			a.first(aID, &a.id, at.Val)
		case "class":
			a.first(aClass, &a.class, at.Val)
		case "style":
			a.first(aStyle, &a.style, at.Val)
		case "hidden":
			a.first(aHidden, &a.hidden, at.Val)
		case "popover":
			a.has |= aPopover
		case "inert":
			a.has |= aInert
		case "href":
			a.has |= aHref
		}
	}
}

// first records v in *dst as the attribute bit names, unless an earlier
// attribute of that name was recorded: the first of a name counts.
func (a *elemAttrs) first(bit attrBits, dst *string, v string) {
	if a.has&bit == 0 {
		a.has |= bit
		*dst = v
	}
}
