package wire

import (
	"errors"
	"strings"

	"golang.org/x/net/html"
)

// A small CSS selector matcher for delegate entries: the subset jQuery
// delegation uses in practice. Supported: selector lists (a, b), the
// descendant and child (>) combinators, type selectors and *, #id, .class,
// and attribute selectors [a], [a=v], [a~=v], [a|=v], [a^=v], [a$=v],
// [a*=v] with bare or quoted values. Anything else (pseudo-classes, sibling
// combinators, jQuery extensions such as :visible) is reported as
// unsupported, and the entry is skipped with a warning.

type selector []complexSel // a selector list

type complexSel struct {
	parts []compound // right-most last
	combs []byte     // combs[i] joins parts[i] and parts[i+1]: ' ' or '>'
}

type compound struct {
	tag     string // "" or "*" for any
	id      string
	classes []string
	attrs   []attrSel
}

type attrSel struct {
	name, op, val string // op: "" (presence), "=", "~=", "|=", "^=", "$=", "*="
}

var errUnsupported = errors.New("unsupported selector syntax")

func parseSelector(s string) (selector, error) {
	var out selector
	for _, part := range splitTop(s) {
		c, err := parseComplex(strings.TrimSpace(part))
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	if len(out) == 0 {
		return nil, errors.New("empty selector")
	}
	return out, nil
}

// splitTop splits on commas outside brackets and quotes.
func splitTop(s string) []string {
	var parts []string
	depth, quote, start := 0, byte(0), 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '[':
			depth++
		case c == ']':
			depth--
		case c == ',' && depth == 0:
			parts = append(parts, s[start:i])
			start = i + 1
		}
	}
	return append(parts, s[start:])
}

func parseComplex(s string) (complexSel, error) {
	var c complexSel
	if s == "" {
		return c, errors.New("empty selector")
	}
	i := 0
	pendingComb := byte(0)
	for i < len(s) {
		// combinator / whitespace
		sawSpace := false
		for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n') {
			i++
			sawSpace = true
		}
		if i < len(s) && s[i] == '>' {
			pendingComb = '>'
			i++
			for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n') {
				i++
			}
		} else if sawSpace && len(c.parts) > 0 {
			pendingComb = ' '
		}
		if i >= len(s) {
			break
		}
		comp, n, err := parseCompound(s[i:])
		if err != nil {
			return c, err
		}
		i += n
		if len(c.parts) > 0 {
			if pendingComb == 0 {
				return c, errUnsupported
			}
			c.combs = append(c.combs, pendingComb)
		} else if pendingComb == '>' {
			return c, errUnsupported // leading combinator (relative selector)
		}
		pendingComb = 0
		c.parts = append(c.parts, comp)
	}
	if len(c.parts) == 0 || pendingComb == '>' || len(c.parts) > maxParts {
		return c, errUnsupported
	}
	return c, nil
}

func isIdent(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c >= 0x80
}

func ident(s string) int {
	n := 0
	for n < len(s) && isIdent(s[n]) {
		n++
	}
	return n
}

func parseCompound(s string) (compound, int, error) {
	var c compound
	i := 0
	if i < len(s) && s[i] == '*' {
		c.tag = "*"
		i++
	} else if n := ident(s); n > 0 {
		c.tag = strings.ToLower(s[:n])
		i = n
	}
	for i < len(s) {
		switch s[i] {
		case '#', '.':
			n := ident(s[i+1:])
			if n == 0 {
				return c, 0, errUnsupported
			}
			if s[i] == '#' {
				if c.id != "" {
					return c, 0, errUnsupported
				}
				c.id = s[i+1 : i+1+n]
			} else {
				c.classes = append(c.classes, s[i+1:i+1+n])
			}
			i += 1 + n
		case '[':
			a, n, err := parseAttr(s[i:])
			if err != nil {
				return c, 0, err
			}
			c.attrs = append(c.attrs, a)
			i += n
		case ' ', '\t', '\n', '>':
			return c, i, nil
		default:
			return c, 0, errUnsupported
		}
	}
	if i == 0 {
		return c, 0, errUnsupported
	}
	return c, i, nil
}

func parseAttr(s string) (attrSel, int, error) {
	var a attrSel
	i := 1
	for i < len(s) && s[i] == ' ' {
		i++
	}
	n := ident(s[i:])
	if n == 0 {
		return a, 0, errUnsupported
	}
	a.name = strings.ToLower(s[i : i+n])
	i += n
	for i < len(s) && s[i] == ' ' {
		i++
	}
	if i < len(s) && s[i] == ']' {
		return a, i + 1, nil
	}
	switch {
	case i < len(s) && s[i] == '=':
		a.op = "="
		i++
	case i+1 < len(s) && s[i+1] == '=' && strings.IndexByte("~|^$*", s[i]) >= 0:
		a.op = s[i : i+2]
		i += 2
	default:
		return a, 0, errUnsupported
	}
	for i < len(s) && s[i] == ' ' {
		i++
	}
	if i < len(s) && (s[i] == '"' || s[i] == '\'') {
		q := s[i]
		j := strings.IndexByte(s[i+1:], q)
		if j < 0 {
			return a, 0, errUnsupported
		}
		a.val = s[i+1 : i+1+j]
		i += j + 2
	} else {
		n := ident(s[i:])
		if n == 0 {
			return a, 0, errUnsupported
		}
		a.val = s[i : i+n]
		i += n
	}
	for i < len(s) && s[i] == ' ' {
		i++
	}
	if i >= len(s) || s[i] != ']' {
		return a, 0, errUnsupported
	}
	return a, i + 1, nil
}

// match reports whether element n matches the list. Ancestors are searched
// up to the document or shadow root, as matches() does.
func (sl selector) match(n, _ *html.Node) bool {
	for i := range sl {
		if sl[i].match(n) {
			return true
		}
	}
	return false
}

// matchBudget bounds the ancestor steps one match may take: descendant
// combinators backtrack, which is exponential in the number of parts in the
// worst case. A match that runs out fails (deterministically).
const matchBudget = 4096

// maxParts bounds the compounds of one complex selector (and so the
// recursion depth of matchFrom).
const maxParts = 16

func (c *complexSel) match(n *html.Node) bool {
	budget := matchBudget
	return c.matchFrom(len(c.parts)-1, n, &budget)
}

// matchFrom matches parts[..k] with parts[k] at n.
func (c *complexSel) matchFrom(k int, n *html.Node, budget *int) bool {
	if !c.parts[k].match(n) {
		return false
	}
	if k == 0 {
		return true
	}
	comb := c.combs[k-1]
	for p := parentEl(n); p != nil; p = parentEl(p) {
		*budget--
		if *budget < 0 {
			return false
		}
		if c.matchFrom(k-1, p, budget) {
			return true
		}
		if comb == '>' {
			return false
		}
	}
	return false
}

// parentEl is the parent element within the same tree (nil at a document or
// shadow root).
func parentEl(n *html.Node) *html.Node {
	p := n.Parent
	if p == nil || p.Type != html.ElementNode || (p.Namespace == "" && p.Data == "template") {
		return nil
	}
	return p
}

func (c *compound) match(n *html.Node) bool {
	if n.Type != html.ElementNode {
		return false
	}
	if c.tag != "" && c.tag != "*" && !strings.EqualFold(c.tag, n.Data) {
		return false
	}
	if c.id != "" && attr(n, "id") != c.id {
		return false
	}
	if len(c.classes) > 0 {
		cls, _ := attrOK(n, "class")
		for _, want := range c.classes {
			if !hasToken(cls, want) {
				return false
			}
		}
	}
	for _, a := range c.attrs {
		v, ok := attrOK(n, a.name)
		if !ok {
			return false
		}
		switch a.op {
		case "=":
			ok = v == a.val
		case "~=":
			ok = hasToken(v, a.val)
		case "|=":
			ok = v == a.val || strings.HasPrefix(v, a.val+"-")
		case "^=":
			ok = a.val != "" && strings.HasPrefix(v, a.val)
		case "$=":
			ok = a.val != "" && strings.HasSuffix(v, a.val)
		case "*=":
			ok = a.val != "" && strings.Contains(v, a.val)
		}
		if !ok {
			return false
		}
	}
	return true
}

func attrOK(n *html.Node, key string) (string, bool) {
	for _, a := range n.Attr {
		if a.Namespace == "" && a.Key == key {
			return a.Val, true
		}
	}
	return "", false
}

func attr(n *html.Node, key string) string {
	v, _ := attrOK(n, key)
	return v
}

func hasToken(list, tok string) bool {
	if tok == "" {
		return false
	}
	for _, f := range strings.Fields(list) {
		if f == tok {
			return true
		}
	}
	return false
}
