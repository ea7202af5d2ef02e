package style

import (
	"strings"
	"unsafe"

	"github.com/andybalholm/cascadia"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/axtree/axtree/dom"
)

// Pseudo-classes cascadia does not know are handled here: :is(), :where()
// (and the old :-webkit-any() / :-moz-any()), :any-link, :defined, :open,
// :scope, and the interaction states a static page never has (:focus-visible,
// :focus-within, :popover-open, :modal, ...), which never match. A compound
// using them is split: cascadia compiles the rest, and extSel ANDs the two.

// extKind is one extended pseudo-class.
type extKind uint8

const (
	extNever extKind = iota
	extIs            // :is() and aliases: matches any argument, max specificity
	extWhere         // :where(): matches any argument, zero specificity
	extAnyLink
	extDefined
	extOpen
	extScope
	extNot // :not() whose arguments use extended pseudo-classes
)

// extNames maps a lower-case pseudo-class name to its kind.
var extNames = map[string]extKind{
	"is": extIs, "-webkit-any": extIs, "-moz-any": extIs, "where": extWhere,
	"any-link": extAnyLink, "-webkit-any-link": extAnyLink, "defined": extDefined,
	"open": extOpen, "scope": extScope,
	"focus-visible": extNever, "focus-within": extNever, "popover-open": extNever,
	"modal": extNever, "fullscreen": extNever, "picture-in-picture": extNever,
	"playing": extNever, "paused": extNever, "autofill": extNever,
	"-webkit-autofill": extNever, "user-invalid": extNever, "user-valid": extNever,
	"target-within": extNever, "-webkit-full-screen": extNever, "focus-ring": extNever,
	"-moz-focusring": extNever, "state": extNever,
}

// extPart is one extended pseudo-class of a compound.
type extPart struct {
	kind extKind
	args []selector // for :is / :where
}

// extSel is a compound selector with extended pseudo-classes.
type extSel struct {
	base   cascadia.Sel // the rest of the compound, nil for "any element"
	parts  []extPart
	spec   cascadia.Specificity
	pseudo string
	text   string
	steps  *int // the Sheet-wide match step budget
}

// Match reports whether n matches every part of the compound.
func (x *extSel) Match(n *html.Node) bool {
	if n.Type != html.ElementNode {
		return false
	}
	if x.base != nil && !x.base.Match(n) {
		return false
	}
	for i := range x.parts {
		p := &x.parts[i]
		switch p.kind {
		case extNever:
			return false
		case extIs, extWhere:
			ok := false
			for j := range p.args {
				m := matcher{budget: argBudget, steps: x.steps}
				if m.matchAt(&p.args[j], len(p.args[j].comps)-1, n, 0) {
					ok = true
					break
				}
			}
			if !ok {
				return false
			}
		case extNot:
			for j := range p.args {
				m := matcher{budget: argBudget, steps: x.steps}
				if m.matchAt(&p.args[j], len(p.args[j].comps)-1, n, 0) {
					return false
				}
			}
		case extAnyLink:
			if !(n.Namespace == "" && (n.Data == "a" || n.Data == "area") && dom.Has(n, "href")) {
				return false
			}
		case extDefined:
			if n.Namespace == "" && strings.Contains(n.Data, "-") {
				return false // custom elements stay undefined with scripting off
			}
		case extOpen:
			if !(n.Namespace == "" && (n.Data == "details" || n.Data == "dialog") && dom.Has(n, "open")) {
				return false
			}
		case extScope:
			if n.Parent == nil || n.Parent.Type != html.DocumentNode {
				return false
			}
		}
	}
	return true
}

// Specificity returns the compound's specificity.
func (x *extSel) Specificity() cascadia.Specificity { return x.spec }

// String returns the compound's source text.
func (x *extSel) String() string { return x.text }

// PseudoElement returns the compound's pseudo-element, or "".
func (x *extSel) PseudoElement() string { return x.pseudo }

// argBudget bounds the compound tests of one :is()/:where() argument
// against one element.
const argBudget = 256

// splitExt cuts the extended pseudo-classes out of a compound's text. It
// returns the remaining text and the cut pseudo-classes as (name, argument)
// pairs; found is false when there are none.
func splitExt(s string) (rest string, names, args []string, found bool) {
	var b strings.Builder
	last := 0
	for i := 0; i < len(s); {
		c := s[i]
		switch c {
		case '"', '\'':
			i = skipString(s, i)
			continue
		case '\\':
			i += 2
			continue
		case '[', '(':
			i = blockEnd(s, i) + 1
			continue
		case ':':
			if i+1 < len(s) && s[i+1] == ':' {
				i += 2
				continue
			}
			k := i + 1
			for k < len(s) && isNameChar(s[k]) {
				k++
			}
			name := dom.LowerASCII(s[i+1 : k])
			if _, ok := extNames[name]; !ok && !(name == "not" && k < len(s) && s[k] == '(' && hasExt(s[k+1:blockEnd(s, k)])) {
				i = k
				continue
			}
			end, arg := k, ""
			if k < len(s) && s[k] == '(' {
				close := blockEnd(s, k)
				if close >= len(s) {
					return s, nil, nil, false
				}
				arg, end = s[k+1:close], close+1
			}
			b.WriteString(s[last:i])
			last = end
			names = append(names, name)
			args = append(args, arg)
			found = true
			i = end
			continue
		}
		i++
	}
	if !found {
		return s, nil, nil, false
	}
	b.WriteString(s[last:])
	return b.String(), names, args, true
}

// hasExt reports whether selector text s uses an extended pseudo-class
// outside nested parentheses.
func hasExt(s string) bool {
	for _, part := range splitTop(s, ',') {
		comps, _, ok := splitComplex(part)
		if !ok {
			continue
		}
		for _, c := range comps {
			if _, _, _, found := splitExt(c); found {
				return true
			}
		}
	}
	return false
}

// extCompound compiles a compound that uses extended pseudo-classes.
func (c *compiler) extCompound(text string, allowPseudo bool, level int) (cascadia.Sel, bool) {
	rest, names, args, found := splitExt(text)
	if !found {
		return nil, false
	}
	x := &extSel{text: text, steps: c.steps}
	rest = strings.TrimSpace(rest)
	if rest == "" || rest[0] == ':' || rest[0] == '[' || rest[0] == '.' || rest[0] == '#' {
		rest = "*" + rest
	}
	if rest != "*" {
		base, ok := c.compound(rest, allowPseudo, level)
		if !ok {
			return nil, false
		}
		x.base = base
		x.spec = base.Specificity()
		x.pseudo = base.PseudoElement()
	}
	for i, name := range names {
		kind, known := extNames[name]
		if !known {
			kind = extNot
		}
		p := extPart{kind: kind}
		switch kind {
		case extNot:
			if level+1 > MaxNesting {
				return nil, false
			}
			var max cascadia.Specificity
			for _, a := range splitTop(args[i], ',') {
				sel, _, _, ok := c.compileLevel(a, level+1)
				if !ok || sel.pseudo != pseudoNone || level+1 > 1 && len(sel.comps) > 1 {
					return nil, false
				}
				if max.Less(sel.spec) {
					max = sel.spec
				}
				p.args = append(p.args, sel)
			}
			x.spec = x.spec.Add(max)
		case extIs, extWhere:
			if level+1 > MaxNesting {
				return nil, false
			}
			var max cascadia.Specificity
			for _, a := range splitTop(args[i], ',') {
				// forgiving: an invalid argument is dropped, not the selector
				sel, _, _, ok := c.compileLevel(a, level+1)
				if !ok || sel.pseudo != pseudoNone || level+1 > 1 && len(sel.comps) > 1 {
					continue
				}
				if max.Less(sel.spec) {
					max = sel.spec
				}
				p.args = append(p.args, sel)
			}
			if len(p.args) == 0 {
				p.kind = extNever
			}
			if kind == extIs {
				x.spec = x.spec.Add(max)
			}
		case extNever, extAnyLink, extDefined, extOpen, extScope:
			if args[i] != "" && kind != extNever {
				return nil, false // these take no argument
			}
			x.spec = x.spec.Add(cascadia.Specificity{0, 1, 0})
		}
		x.parts = append(x.parts, p)
	}
	return x, true
}

// hostSel is :host or :host(<compound>) in a shadow tree's style sheet: it
// matches only that tree's host element.
type hostSel struct {
	host   *html.Node
	arg    cascadia.Sel // nil for plain :host
	pseudo string
	text   string
}

// Match reports whether n is the host (matching the argument, if any).
func (h *hostSel) Match(n *html.Node) bool {
	return n == h.host && (h.arg == nil || h.arg.Match(n))
}

// Specificity is that of a pseudo-class plus the argument's.
func (h *hostSel) Specificity() cascadia.Specificity {
	s := cascadia.Specificity{0, 1, 0}
	if h.arg != nil {
		s = s.Add(h.arg.Specificity())
	}
	if h.pseudo != "" {
		s = s.Add(cascadia.Specificity{0, 0, 1})
	}
	return s
}

// String returns the compound's source text.
func (h *hostSel) String() string { return h.text }

// PseudoElement returns the compound's pseudo-element, or "".
func (h *hostSel) PseudoElement() string { return h.pseudo }

// hostCompound compiles ":host", ":host(<compound>)", optionally followed by
// ::before or ::after. ok is false for anything else (":host.x" is
// featureless and never matches, :host-context() is not supported).
func (c *compiler) hostCompound(text string, allowPseudo bool, level int) (cascadia.Sel, bool) {
	if c.host == nil {
		return nil, false
	}
	h := &hostSel{host: c.host, text: text}
	rest := text[len(":host"):]
	if strings.HasPrefix(rest, "(") {
		close := blockEnd(rest, 0)
		if close >= len(rest) {
			return nil, false
		}
		arg := strings.TrimSpace(rest[1:close])
		a, ok := c.compound(arg, false, level+1)
		if !ok || level+1 > MaxNesting {
			return nil, false
		}
		h.arg = a
		rest = rest[close+1:]
	}
	switch dom.LowerASCII(rest) {
	case "":
	case "::before", ":before":
		h.pseudo = "before"
	case "::after", ":after":
		h.pseudo = "after"
	default:
		return nil, false
	}
	if h.pseudo != "" && !allowPseudo {
		return nil, false
	}
	return h, true
}

// isHostCompound reports whether compound text starts with :host (and not
// :host-context).
func isHostCompound(text string) bool {
	if len(text) < 5 || !strings.EqualFold(text[:5], ":host") {
		return false
	}
	return len(text) == 5 || !isNameChar(text[5])
}

// simpleSel is a compound of only a tag, an id, classes and the child
// positions :first-child, :last-child and :only-child (the common case),
// matched without cascadia's general attribute machinery and its
// interface calls.
type simpleSel struct {
	tag     string // lower-case, "" for any
	id      string
	classes []string
	text    string
	need    ancFilter // the keys an element matching it has (simpleNeed)
	pos     posBits   // the child positions it requires
	npos    int       // how many position pseudo-classes it has (specificity)
	pseudo  string    // "before" or "after" for a compound ending in ::before or ::after, else ""
	one     [1]string // classes' array when there is one class (most compounds): no allocation of its own
}

// posBits are the child positions a simple compound requires.
type posBits uint8

const (
	posFirst posBits = 1 << iota // no element sibling before it
	posLast                      // no element sibling after it
)

// positionOf returns the position a pseudo-class name (lower case, as
// written) requires, and false for any other name.
func positionOf(name string) (posBits, bool) {
	switch name {
	case "first-child":
		return posFirst, true
	case "last-child":
		return posLast, true
	case "only-child":
		return posFirst | posLast, true
	}
	return 0, false
}

// atPosition reports whether element n is at the positions pos among its
// parent's element children, as cascadia's :first-child, :last-child and
// :only-child answer it: an element without a parent is at none, and the
// siblings are read from the parent's first (or last) child on.
func atPosition(n *html.Node, pos posBits) bool {
	p := n.Parent
	if p == nil {
		return false
	}
	if pos&posFirst != 0 {
		c := p.FirstChild
		for c != nil && c.Type != html.ElementNode {
			c = c.NextSibling
		}
		if c != n {
			return false
		}
	}
	if pos&posLast != 0 {
		c := p.LastChild
		for c != nil && c.Type != html.ElementNode {
			c = c.PrevSibling
		}
		if c != n {
			return false
		}
	}
	return true
}

// Match reports whether n has the tag, id and every class.
func (x *simpleSel) Match(n *html.Node) bool {
	if n.Type != html.ElementNode || x.tag != "" && !sameName(n.Data, x.tag) {
		return false
	}
	if x.id != "" {
		if v, ok := dom.Attr(n, "id"); !ok || v != x.id {
			return false
		}
	}
	if len(x.classes) > 0 {
		cl, ok := dom.Attr(n, "class")
		if !ok {
			return false
		}
		for _, want := range x.classes {
			if !hasToken(cl, want) {
				return false
			}
		}
	}
	return x.pos == 0 || atPosition(n, x.pos)
}

// sameName is a == b, without a byte compare when both are the same
// string (an element's name and a compound's tag, both the tag's atom).
func sameName(a, b string) bool {
	return len(a) == len(b) && (unsafe.StringData(a) == unsafe.StringData(b) || a == b)
}

// hasToken reports whether whitespace-separated list s contains tok.
func hasToken(s, tok string) bool {
	if tok == "" {
		return false
	}
	if len(s) == len(tok) {
		return s == tok // a one-class list (or no room for white space around tok)
	}
	for from := 0; from+len(tok) <= len(s); {
		k := strings.Index(s[from:], tok)
		if k < 0 {
			return false
		}
		i := from + k
		j := i + len(tok)
		if (i == 0 || isWS(s[i-1])) && (j == len(s) || isWS(s[j])) {
			return true
		}
		from = i + 1
	}
	return false
}

// Specificity counts the id, classes, position pseudo-classes and tag.
func (x *simpleSel) Specificity() cascadia.Specificity {
	var s cascadia.Specificity
	if x.id != "" {
		s[0] = 1
	}
	s[1] = len(x.classes) + x.npos
	if x.tag != "" {
		s[2] = 1
	}
	if x.pseudo != "" {
		s[2]++ // as cascadia counts a pseudo-element
	}
	return s
}

// String returns the compound's source text.
func (x *simpleSel) String() string { return x.text }

// PseudoElement returns "before" or "after" for a compound that ends in
// ::before or ::after, else "".
func (x *simpleSel) PseudoElement() string { return x.pseudo }

// parseSimple parses a compound made only of an optional tag (or *), at
// most one #id, .classes and :first-child, :last-child or :only-child,
// and, when pseudo is true, a last ::before or ::after (all written in
// lower case), with plain ASCII names (no escapes). ok is false for
// anything else, which then goes to cascadia.
func parseSimple(s string, pseudo bool) (*simpleSel, bool) {
	// parsed into a local value, copied to the heap only when it is
	// simple: the compounds that are not (attribute selectors, other
	// pseudo-classes) allocate nothing here
	x := simpleSel{text: s}
	var classBuf [4]string
	classes := classBuf[:0]
	i := 0
	name := func() string {
		j := i
		for j < len(s) && (isNameChar(s[j]) && s[j] < 0x80) {
			j++
		}
		v := s[i:j]
		i = j
		return v
	}
	if i < len(s) && s[i] == '*' {
		i++
	} else if i < len(s) && isNameChar(s[i]) {
		x.tag = dom.LowerASCII(name())
		if x.tag == "" || x.tag[0] >= '0' && x.tag[0] <= '9' || x.tag[0] == '-' {
			return nil, false
		}
		if a := atom.Lookup([]byte(x.tag)); a != 0 && a.String() == x.tag {
			// the atom's own string, which the parser gives the elements
			// of that tag as their name: Match finds them the same
			// string without comparing its bytes
			x.tag = a.String()
		}
	}
	if k := len(s) - len("::before"); pseudo && k >= 0 && s[k:] == "::before" {
		x.pseudo, s = "before", s[:k]
	} else if k := len(s) - len("::after"); pseudo && k >= 0 && s[k:] == "::after" {
		x.pseudo, s = "after", s[:k]
	}
	for i < len(s) {
		c := s[i]
		i++
		v := name()
		if v == "" || v[0] >= '0' && v[0] <= '9' || strings.HasPrefix(v, "--") || v == "-" || v[0] == '-' && len(v) > 1 && v[1] >= '0' && v[1] <= '9' {
			return nil, false
		}
		switch c {
		case '.':
			classes = append(classes, v)
		case '#':
			if x.id != "" && x.id != v {
				return nil, false
			}
			x.id = v
		case ':':
			pos, ok := positionOf(v)
			if !ok {
				return nil, false
			}
			x.pos |= pos
			x.npos++
		default:
			return nil, false
		}
	}
	p := new(simpleSel)
	*p = x
	switch len(classes) {
	case 0:
	case 1:
		p.one[0] = classes[0]
		p.classes = p.one[:]
	default:
		p.classes = append([]string(nil), classes...)
	}
	p.need = simpleNeed(p)
	return p, true
}

// simpleNeed returns the keys an element matching x has in a filter of
// its own keys (ancFilter.addElement): its tag, id and classes (an empty
// class matches nothing; it cannot help).
func simpleNeed(x *simpleSel) ancFilter {
	var need ancFilter
	if x.tag != "" {
		need.add(keyKindTag, x.tag)
	}
	if x.id != "" {
		need.add(keyKindID, x.id)
	}
	for _, c := range x.classes {
		if c != "" {
			need.add(keyKindClass, c)
		}
	}
	return need
}
