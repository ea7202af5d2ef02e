package style

import (
	"sort"
	"strconv"
	"strings"
	"unsafe"

	"github.com/axtree/axtree/dom"
	"github.com/axtree/axtree/internal/word"
)

// This file is the forgiving CSS parser: it turns style sheet text into
// qualified rules (selector text plus the few declarations axtree cares
// about), evaluating @media and @supports on the way. It never fails: what
// it cannot read it skips, as CSS error recovery does.

// prop identifies one of the properties the cascade keeps.
type prop uint8

const (
	propDisplay prop = iota
	propVisibility
	propContentVisibility
	propCursor
	propContent
	numProps
)

// propOf returns the prop of a lower-case property name, as propByName
// (a switch: no hashing).
func propOf(name string) (prop, bool) {
	switch name {
	case "display":
		return propDisplay, true
	case "visibility":
		return propVisibility, true
	case "content-visibility":
		return propContentVisibility, true
	case "cursor":
		return propCursor, true
	case "content":
		return propContent, true
	}
	return 0, false
}

// oneWord reports whether v is one non-empty word of ASCII bytes that are
// not white space (strings.Fields gives v itself).
func oneWord(v string) bool {
	if v == "" {
		return false
	}
	for i := 0; i < len(v); i++ {
		if c := v[i]; c >= 0x80 || asciiSpace[c] {
			return false
		}
	}
	return true
}

// asciiSpace marks the ASCII bytes strings.Fields splits at.
var asciiSpace = [128]bool{'\t': true, '\n': true, '\v': true, '\f': true, '\r': true, ' ': true}

// propByName maps a lower-case property name to its prop (the table
// propOf's switch spells out; kept for the tests).
var propByName = map[string]prop{
	"display":            propDisplay,
	"visibility":         propVisibility,
	"content-visibility": propContentVisibility,
	"cursor":             propCursor,
	"content":            propContent,
}

// decl is one parsed declaration of a kept property.
type decl struct {
	prop      prop
	important bool
	id        kwID          // kw's static keyword id, for display, visibility and content-visibility (0: none, see kwOf)
	kw        string        // normalized keyword value ("" for a content list)
	content   []contentItem // for content: the items, when kw == ""
	alt       bool          // content had alternative text after "/"
}

// contentItem is one piece of a content value: literal text, or the value
// of an attribute of the element (attr()).
type contentItem struct {
	text string
	attr string // attribute name when the item is attr(name)
}

// rawRule is a qualified rule whose block set at least one kept property.
type rawRule struct {
	selectors string
	decls     []decl
	layer     int // layer id in the sheet's layerTree (0: unlayered)
}

// layerTree records the cascade layers of one tree's style sheets in
// declaration order. Node 0 is the implicit outer (unlayered) layer.
type layerTree struct {
	ids      map[string]int // full dotted name -> id
	children [][]int
	anon     int
}

// maxLayers bounds the number of cascade layers; rules of further layers
// count as rules of their parent layer.
const maxLayers = 250

func newLayerTree() *layerTree {
	return &layerTree{}
}

// The zero layerTree is ready to use: node 0 is there without an entry in
// children (ensure makes it with the first layer declared), so a sheet
// without @layer, most sheets, makes neither the map nor the slice.

// ensure makes t's map and node 0's entry in children before a layer is
// declared.
func (t *layerTree) ensure() {
	if t.ids == nil {
		t.ids = map[string]int{}
	}
	if len(t.children) == 0 {
		t.children = [][]int{nil}
	}
}

// child returns the id of the layer called name (possibly dotted) inside
// layer parent (full name prefix), declaring it if new.
func (t *layerTree) child(parent int, prefix, name string) (int, string) {
	cur, full := parent, prefix
	t.ensure()
	for _, part := range strings.Split(name, ".") {
		part = strings.TrimSpace(part)
		if part == "" {
			return cur, full
		}
		if full != "" {
			full += "."
		}
		full += part
		id, ok := t.ids[full]
		if !ok {
			if len(t.children) >= maxLayers {
				return cur, full
			}
			id = len(t.children)
			t.ids[full] = id
			t.children = append(t.children, nil)
			t.children[cur] = append(t.children[cur], id)
		}
		cur = id
	}
	return cur, full
}

// ranks returns each layer's precedence for normal declarations: a
// post-order walk (sublayers in declaration order, then the layer's own
// rules), so the unlayered rules (node 0) rank highest.
func (t *layerTree) ranks() []uint8 {
	if len(t.children) <= 1 {
		// no layer declared (or only node 0): every rule is unlayered,
		// of rank 0, which a selector's zero layer already says
		return nil
	}
	r := make([]uint8, len(t.children))
	next := 0
	type frame struct{ id, k int }
	stack := []frame{{0, 0}}
	for len(stack) > 0 {
		f := &stack[len(stack)-1]
		if f.k < len(t.children[f.id]) {
			c := t.children[f.id][f.k]
			f.k++
			stack = append(stack, frame{c, 0})
			continue
		}
		r[f.id] = uint8(next)
		next++
		stack = stack[:len(stack)-1]
	}
	return r
}

// maxBlockDepth bounds nesting of at-rule blocks (@media inside @supports
// inside @layer ...). Deeper blocks are skipped.
const maxBlockDepth = 16

// parseSheet appends the qualified rules of src that set a kept property to
// out, in source order. src must be comment-free (see stripComments).
// Layers are recorded in lt.
func parseSheet(src string, lt *layerTree, out []rawRule) []rawRule {
	p := ruleParser{lt: lt}
	p.f.reset()
	out, _ = p.parseRuleList(src, 0, 0, 0, "", false, out)
	return out
}

// ruleParser carries the layer tree through nested blocks, and the finder
// of the sheet's structural bytes.
type ruleParser struct {
	lt *layerTree
	f  finder
}

// stopSet is a set of the bytes a sheet scan stops at: quotes, the
// backslash, '(' and '[' always, and those of its bits.
type stopSet uint8

const (
	stopSemi    stopSet = 1 << iota // ';'
	stopOpen                        // '{'
	stopClose                       // '}'
	stopClosers                     // ')' and ']'
)

// The stop sets of the sheet's scans: a qualified rule's prelude (the
// second one also ends at the '}' closing the block it is in), a statement
// or declaration, and blockEnd's.
const (
	preludeSet      = stopOpen
	preludeCloseSet = stopOpen | stopClose
	statementSet    = stopSemi | stopOpen | stopClose
	blockSet        = stopOpen | stopClose | stopClosers
)

// parseRuleList parses the rule list of s from i, in one pass. When nested
// it is the body of an at-rule's block, which a top-level '}' closes: it
// returns the index of that '}' (len(s) when unterminated). At the top
// level a '}' is stray and skipped.
func (p *ruleParser) parseRuleList(s string, i, depth, layer int, layerName string, nested bool, out []rawRule) ([]rawRule, int) {
	for i < len(s) {
		c := s[i]
		switch {
		case isWS(c) || c == ';':
			i = skipWS(s, i+1)
			continue
		case c == '}':
			if nested {
				return out, i
			}
			i++ // stray closing brace
			continue
		case strings.HasPrefix(s[i:], "<!--"):
			i += 4
			continue
		case strings.HasPrefix(s[i:], "-->"):
			i += 3
			continue
		case c == '@':
			j := i + 1
			for j < len(s) && isNameChar(s[j]) {
				j++
			}
			name := strings.ToLower(s[i+1 : j])
			end, stop := p.prelude(s, j, statementSet)
			prelude := s[j:end]
			if stop != '{' {
				if name == "layer" {
					// @layer a, b; declares the order of layers
					for _, n := range strings.Split(prelude, ",") {
						p.lt.child(layer, layerName, strings.TrimSpace(n))
					}
				}
				if stop == '}' && nested {
					return out, end
				}
				i = end + 1 // past ';' (or end)
				continue
			}
			if depth+1 >= maxBlockDepth {
				i = p.blockEnd(s, end) + 1
				continue
			}
			close := -1
			switch name {
			case "media":
				if evalMediaList(prelude) {
					out, close = p.parseRuleList(s, end+1, depth+1, layer, layerName, true, out)
				}
			case "supports":
				if evalSupports(prelude) {
					out, close = p.parseRuleList(s, end+1, depth+1, layer, layerName, true, out)
				}
			case "layer":
				ln := strings.TrimSpace(prelude)
				if ln == "" {
					p.lt.anon++
					ln = "\x00" + strconv.Itoa(p.lt.anon)
				}
				id, full := p.lt.child(layer, layerName, ln)
				out, close = p.parseRuleList(s, end+1, depth+1, id, full, true, out)
			}
			if close < 0 {
				// Everything else (@font-face, @keyframes, @container,
				// @scope, @page, ...) is skipped.
				close = p.blockEnd(s, end)
			}
			i = close + 1
		default:
			set := preludeSet
			if nested {
				set = preludeCloseSet
			}
			end, stop := p.prelude(s, i, set)
			if stop != '{' {
				if stop == '}' {
					return out, end // a prelude without a block: the block it is in ends
				}
				return out, len(s) // a prelude without a block runs to the end
			}
			decls, close := p.parseBody(s, end+1)
			if len(decls) > 0 {
				out = append(out, rawRule{selectors: strings.TrimSpace(s[i:end]), decls: decls, layer: layer})
			}
			i = close + 1
		}
	}
	return out, len(s)
}

// parseBody parses the declarations of a qualified rule's block from i
// (just past its '{') to the '}' that closes it, in one pass, and returns
// them (as parseDecls would those of the block's text) and the index of
// that '}' (len(s) when unterminated).
func (p *ruleParser) parseBody(s string, i int) ([]decl, int) {
	var out []decl
	for i < len(s) {
		// The declaration's text from i, white space before it included:
		// none is a stop, so the scan ends where it would from the first
		// byte after it.
		end, stop := p.prelude(s, i, statementSet)
		if stop == '{' {
			i = p.blockEnd(s, end) + 1 // a nested rule or at-rule
			continue
		}
		if d := s[i:end]; mayKeep(d) {
			if k := skipWS(d, 0); k < len(d) {
				out = appendDecl(out, d[k:])
			}
		}
		if stop != ';' {
			return out, end // the block's '}', or its end
		}
		i = end + 1
	}
	return out, len(s)
}

// mayKeep reports whether declaration text d (white space before it
// included) may be one of a kept property: false when the name before its
// first ':' cannot be one whatever comes before it, which it tells from the
// name's last word alone, without reading the white space before the
// declaration. A name that ends in other than a letter or '-' (white space
// other than isWS's included) is left to appendDecl.
func mayKeep(d string) bool {
	colon := strings.IndexByte(d, ':')
	if colon < 0 {
		return false
	}
	k := colon
	for k > 0 && isWS(d[k-1]) {
		k--
	}
	if k == 0 || !isPropByte(d[k-1]) {
		return true // not a letter or '-' before the colon: appendDecl tells
	}
	// The name's last word (its letters and '-' up to k): TrimSpace keeps
	// its last byte and trims what follows it; the name is the word or
	// longer, with a byte no property name has. Its last byte tells which
	// property it may be.
	switch d[k-1] | 0x20 {
	case 'y':
		return lastWord(d, k, "display") || lastWord(d, k, "visibility") || lastWord(d, k, "content-visibility")
	case 't':
		return lastWord(d, k, "content")
	case 'r':
		return lastWord(d, k, "cursor")
	}
	return false
}

// lastWord reports whether the last word of d[:k], its letters and '-',
// is name (letters and '-'), in any case.
func lastWord(d string, k int, name string) bool {
	j := k - len(name)
	return j >= 0 && (j == 0 || !isPropByte(d[j-1])) && strings.EqualFold(d[j:k], name)
}

// isPropByte reports whether c may be in a kept property's name, in any
// case: a letter or '-'.
func isPropByte(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' || c == '-' }

// prelude is scanPrelude over the finder: it scans s from i to the first
// top-level byte of set that is not a quote, a backslash or an opening
// bracket, skipping strings and (...) / [...] blocks whole, and returns its
// index and the byte (len(s) and 0 when there is none).
func (p *ruleParser) prelude(s string, i int, set stopSet) (int, byte) {
	for i < len(s) {
		if i = p.f.find(s, i, set); i >= len(s) {
			break
		}
		switch c := s[i]; c {
		case '"', '\'':
			i = skipString(s, i)
		case '\\':
			i += 2
		case '(', '[':
			i = p.blockEnd(s, i) + 1
		default:
			return i, c
		}
	}
	return len(s), 0
}

// blockEnd is blockEnd over the sheet's finder.
func (p *ruleParser) blockEnd(s string, open int) int { return blockEndWith(s, open, &p.f) }

// The bytes of a style sheet's text that the scans stop at always (rare
// ones) and those of stopClosers (rarer ones).
const (
	rareBytes   = "\"'\\(["
	closerBytes = ")]"
)

// finder finds the next structural byte of one style sheet's text. Style
// text is mostly names, values and indentation: IndexByte finds each kind
// of byte in long strides, and the place found is kept until the scan
// passes it, so that each byte of the text is looked at about once by
// IndexByte instead of by a byte loop in each scan. The places of the rare
// bytes are kept as their minimum too, looked at again only once passed.
type finder struct {
	// the index of the first ';', '{' and '}' at or after the place it was
	// looked for from (len of the text: none); -1: not looked for
	semi, open, close int
	// rare, closers: the least of rareAt, of closersAt; rareAt[k]: the
	// index of the first rareBytes[k] (as above), closersAt[k] of
	// closerBytes[k]
	rare, closers int
	rareAt        [len(rareBytes)]int
	closersAt     [len(closerBytes)]int
	// at: the latest place asked about; an earlier one resets the finder
	at int
}

func (f *finder) reset() {
	*f = finder{semi: -1, open: -1, close: -1, rare: -1, closers: -1}
	for k := range f.rareAt {
		f.rareAt[k] = -1
	}
	for k := range f.closersAt {
		f.closersAt[k] = -1
	}
}

// find returns the index of the first byte of set in s at or after i, or
// len(s). All calls of one parse pass the same s.
func (f *finder) find(s string, i int, set stopSet) int {
	if i < f.at {
		f.reset()
	}
	f.at = i
	if f.rare < i {
		f.rare = nextOfAny(s, i, f.rareAt[:], rareBytes)
	}
	p := f.rare
	if set&stopSemi != 0 {
		if f.semi < i {
			f.semi = nextOf(s, i, ';')
		}
		p = min(p, f.semi)
	}
	if set&stopOpen != 0 {
		if f.open < i {
			f.open = nextOf(s, i, '{')
		}
		p = min(p, f.open)
	}
	if set&stopClose != 0 {
		if f.close < i {
			f.close = nextOf(s, i, '}')
		}
		p = min(p, f.close)
	}
	if set&stopClosers != 0 {
		if f.closers < i {
			f.closers = nextOfAny(s, i, f.closersAt[:], closerBytes)
		}
		p = min(p, f.closers)
	}
	return p
}

// nextOf returns the index of the first b in s at or after i, or len(s).
func nextOf(s string, i int, b byte) int {
	if q := strings.IndexByte(s[i:], b); q >= 0 {
		return i + q
	}
	return len(s)
}

// nextOfAny updates at[k], the index of the first bs[k] in s (as nextOf),
// where it is before i, and returns the least of them.
func nextOfAny(s string, i int, at []int, bs string) int {
	p := len(s)
	for k := range at {
		if at[k] < i {
			at[k] = nextOf(s, i, bs[k])
		}
		p = min(p, at[k])
	}
	return p
}

// scanPrelude scans from i to the first top-level '{' (and, when semi is
// true, ';' or '}'), skipping strings and (...) / [...] blocks whole, as
// CSS Syntax consumes component values. It returns the index of that
// character (or len(s)) and whether it is a '{'.
func scanPrelude(s string, i int, semi bool) (int, bool) {
	stop := &preludeStop
	if semi {
		stop = &statementStop
	}
	for i < len(s) {
		if i = skipPlain(s, i, stop); i >= len(s) {
			break
		}
		switch c := s[i]; c {
		case '"', '\'':
			i = skipString(s, i)
			continue
		case '\\':
			i += 2
			continue
		case '(', '[':
			i = blockEnd(s, i) + 1
			continue
		case '{':
			return i, true
		case ';', '}':
			if semi {
				// a '}' here is stray: the statement ends at it
				return i, false
			}
		}
		i++
	}
	return len(s), false
}

// blockEnd returns the index of the closer matching the opener at s[open]
// ('{', '[' or '('), or len(s) when the block is unterminated (it then runs
// to the end). As in CSS Syntax, nested blocks of any kind are consumed
// whole and a closer of another kind is ordinary content, so that
// "<![CDATA[ a{} ]" is one bracket block, not a rule.
func blockEnd(s string, open int) int { return blockEndWith(s, open, nil) }

// blockEndWith is blockEnd finding the structural bytes with f, the
// finder of the sheet s is (whose places carry over between the calls of
// one parse), or with skipPlain when f is nil (a short string: a
// selector, a pseudo-class argument).
func blockEndWith(s string, open int, f *finder) int {
	var buf [64]byte
	stack := buf[:0] // expected closers
	for i := open; i < len(s); {
		if f != nil {
			i = f.find(s, i, blockSet)
		} else {
			i = skipPlain(s, i, &blockStop)
		}
		if i >= len(s) {
			break
		}
		switch c := s[i]; c {
		case '"', '\'':
			i = skipString(s, i)
			continue
		case '\\':
			i += 2
			continue
		case '{':
			stack = append(stack, '}')
		case '[':
			stack = append(stack, ']')
		case '(':
			stack = append(stack, ')')
		case '}', ']', ')':
			if len(stack) > 0 && stack[len(stack)-1] == c {
				stack = stack[:len(stack)-1]
				if len(stack) == 0 {
					return i
				}
			}
		}
		i++
	}
	return len(s)
}

// The bytes the scanners act on; skipPlain passes over all others.
var (
	// preludeStop: scanPrelude up to a '{'
	preludeStop = [256]bool{'"': true, '\'': true, '\\': true, '(': true, '[': true, '{': true}
	// statementStop: scanPrelude up to a '{', ';' or '}'
	statementStop = [256]bool{'"': true, '\'': true, '\\': true, '(': true, '[': true, '{': true, ';': true, '}': true}
	// blockStop: blockEnd
	blockStop = [256]bool{'"': true, '\'': true, '\\': true, '(': true, '[': true, '{': true, '}': true, ']': true, ')': true}
)

// spaces8 is eight spaces read as one word (word.Load8).
const spaces8 = 0x2020202020202020

// skipPlain returns the index of the first byte at or after i that stop
// marks, or len(s). Style sheets are mostly indentation: a space is
// followed by whole words of spaces at a time.
func skipPlain(s string, i int, stop *[256]bool) int {
	for i < len(s) {
		c := s[i]
		if stop[c] {
			return i
		}
		i++
		if c == ' ' {
			for i+8 <= len(s) && word.Load8(s[i:i+8]) == spaces8 {
				i += 8
			}
		}
	}
	return i
}

// skipWS returns the index of the first byte at or after i that is not
// white space (isWS), or len(s); a run of spaces goes a word at a time,
// and its last few bytes one at a time without another word's test.
func skipWS(s string, i int) int {
	for i < len(s) {
		c := s[i]
		if c == ' ' {
			for i+8 <= len(s) && word.Load8(s[i:i+8]) == spaces8 {
				i += 8
			}
			for i < len(s) && s[i] == ' ' {
				i++
			}
			continue
		}
		if !isWS(c) {
			return i
		}
		i++
	}
	return i
}

// skipString returns the index just past the string starting at s[i]. An
// unterminated string ends at a newline or at the end of s.
func skipString(s string, i int) int {
	q := s[i]
	i++
	for i < len(s) {
		switch s[i] {
		case '\\':
			i += 2
			continue
		case '\n':
			return i
		case q:
			return i + 1
		}
		i++
	}
	return len(s)
}

// parseDecls parses a declaration list and returns the declarations of kept
// properties, in order. Nested rules (CSS nesting) and at-rules inside the
// block are skipped. When inline is true the text is a style attribute.
func parseDecls(s string, inline bool) []decl {
	var out []decl
	i := 0
	for i < len(s) {
		c := s[i]
		if isWS(c) || c == ';' {
			i = skipWS(s, i+1)
			continue
		}
		// find the end of this declaration: top-level ';', or a '{' that
		// makes it a nested rule or at-rule.
		end, open := scanPrelude(s, i, true)
		if open {
			i = blockEnd(s, end) + 1
			continue
		}
		out = appendDecl(out, s[i:end])
		i = end + 1
	}
	return out
}

// appendDecl appends to out the declaration d (its text from its first
// byte that is not white space, up to its ';') when it is one of a kept
// property.
func appendDecl(out []decl, d string) []decl {
	if d == "" || d[0] == '@' {
		return out
	}
	colon := strings.IndexByte(d, ':')
	if colon <= 0 {
		return out
	}
	name := strings.TrimSpace(d[:colon])
	if len(name) > 20 {
		return out
	}
	p, ok := propOf(dom.LowerASCII(name))
	if !ok {
		return out
	}
	if v, ok := parseValue(p, d[colon+1:]); ok {
		if p == propDisplay || p == propVisibility || p == propContentVisibility {
			v.id = staticKeywordIDs[v.kw]
		}
		out = append(out, v)
	}
	return out
}

// parseValue parses the value of a kept property, with !important.
func parseValue(p prop, v string) (decl, bool) {
	v = strings.TrimSpace(v)
	d := decl{prop: p}
	if k := strings.LastIndexByte(v, '!'); k >= 0 && isQuoteFree(v[k:]) {
		if strings.EqualFold(strings.TrimSpace(v[k+1:]), "important") {
			d.important = true
			v = strings.TrimSpace(v[:k])
		}
	}
	if v == "" {
		return d, false
	}
	lv := dom.LowerASCII(v)
	if strings.Contains(lv, "var(") || strings.Contains(lv, "env(") || strings.Contains(lv, "attr(") && p != propContent {
		// Custom properties are not resolved: the declaration is dropped
		// and lower-priority ones apply (documented limit).
		return d, false
	}
	switch lv {
	case "inherit", "initial", "unset", "revert", "revert-layer":
		d.kw = lv
		return d, true
	}
	switch p {
	case propDisplay:
		kw, ok := normalizeDisplay(lv)
		d.kw = kw
		return d, ok
	case propVisibility:
		switch lv {
		case "visible", "hidden", "collapse":
			d.kw = lv
			return d, true
		}
	case propContentVisibility:
		switch lv {
		case "visible", "hidden", "auto":
			d.kw = lv
			return d, true
		}
	case propCursor:
		// cursor: [url(...) x y,]* keyword — the last item is the keyword.
		last := lv
		if k := strings.LastIndexByte(lv, ','); k >= 0 {
			last = strings.TrimSpace(lv[k+1:])
		}
		if last == "pointer" || last == "hand" {
			d.kw = "pointer"
		} else {
			d.kw = "other"
		}
		return d, true
	case propContent:
		return parseContent(v, d)
	}
	return d, false
}

func isQuoteFree(s string) bool { return strings.IndexAny(s, "\"'") < 0 }

// displayKeywords are the single-keyword display values accepted as is.
var displayKeywords = map[string]bool{
	"none": true, "contents": true, "block": true, "inline": true, "inline-block": true,
	"flex": true, "inline-flex": true, "grid": true, "inline-grid": true, "table": true,
	"inline-table": true, "table-row-group": true, "table-header-group": true,
	"table-footer-group": true, "table-row": true, "table-cell": true,
	"table-column-group": true, "table-column": true, "table-caption": true,
	"list-item": true, "flow-root": true, "run-in": true, "ruby": true, "ruby-base": true,
	"ruby-text": true, "ruby-base-container": true, "ruby-text-container": true,
	"math": true, "block-math": true, "inline-math": true, "-webkit-box": true,
	"-webkit-inline-box": true, "-ms-flexbox": true, "-ms-inline-flexbox": true,
	"-moz-box": true, "-moz-inline-box": true, "-webkit-flex": true,
	"-webkit-inline-flex": true, "-ms-grid": true, "-ms-inline-grid": true, "flow": true,
}

// normalizeDisplay maps a display value (one to three keywords) to a single
// keyword: "inline flow-root" to "inline-block", "block flex" to "flex", ...
func normalizeDisplay(v string) (string, bool) {
	if oneWord(v) {
		// one word (most values): what Fields would give, without the slice
		if v == "flow" {
			return "block", true
		}
		return v, displayKeywords[v]
	}
	f := strings.Fields(v)
	if len(f) == 1 {
		if f[0] == "flow" {
			return "block", true
		}
		return f[0], displayKeywords[f[0]]
	}
	if len(f) > 3 {
		return "", false
	}
	outer, inner, list := "", "", false
	for _, k := range f {
		switch k {
		case "block", "inline", "run-in":
			if outer != "" {
				return "", false
			}
			outer = k
		case "flow", "flow-root", "table", "flex", "grid", "ruby", "math":
			if inner != "" {
				return "", false
			}
			inner = k
		case "list-item":
			if list {
				return "", false
			}
			list = true
		default:
			return "", false
		}
	}
	if list {
		return "list-item", true
	}
	if outer == "" {
		outer = "block"
		if inner == "ruby" {
			outer = "inline"
		}
	}
	switch inner {
	case "", "flow":
		return outer, true
	case "flow-root":
		if outer == "inline" {
			return "inline-block", true
		}
		return "flow-root", true
	case "ruby":
		if outer == "inline" {
			return "ruby", true
		}
		return "block ruby", true
	default:
		if outer == "inline" {
			return "inline-" + inner, true
		}
		return inner, true
	}
}

// parseContent parses the value of content for ::before / ::after.
func parseContent(v string, d decl) (decl, bool) {
	switch dom.LowerASCII(v) {
	case "none", "normal":
		d.kw = dom.LowerASCII(v)
		return d, true
	}
	var main, alt []contentItem
	cur := &main
	hasAlt := false
	i := 0
	for i < len(v) {
		c := v[i]
		switch {
		case isWS(c) || c == ',':
			i++
		case c == '/':
			hasAlt = true
			cur = &alt
			i++
		case c == '"' || c == '\'':
			j := skipString(v, i)
			*cur = append(*cur, contentItem{text: unescapeString(v[i:j])})
			i = j
		default:
			j := i
			for j < len(v) && (isNameChar(v[j]) || v[j] == '\\') {
				j++
			}
			if j == i {
				i++ // stray character
				continue
			}
			name := dom.LowerASCII(v[i:j])
			if j < len(v) && v[j] == '(' {
				close := parenEnd(v, j)
				if name == "attr" {
					arg := strings.TrimSpace(v[j+1 : close])
					k := 0
					for k < len(arg) && (isNameChar(arg[k]) || arg[k] == ':') {
						k++
					}
					if k > 0 {
						*cur = append(*cur, contentItem{attr: dom.LowerASCII(arg[:k])})
					}
				}
				// counter(), counters(), url(), gradients, image-set(): a box
				// with no text.
				i = close + 1
				continue
			}
			// open-quote, close-quote, no-open-quote, no-close-quote and
			// other keywords give no text.
			i = j
		}
	}
	d.content = main
	if hasAlt {
		d.content = alt
		d.alt = true
	}
	if d.content == nil {
		d.content = []contentItem{}
	}
	return d, true
}

// parenEnd returns the index of the ')' matching the '(' at s[open], or
// len(s) when unterminated.
func parenEnd(s string, open int) int {
	depth := 0
	for i := open; i < len(s); {
		switch s[i] {
		case '"', '\'':
			i = skipString(s, i)
			continue
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return i
			}
		}
		i++
	}
	return len(s)
}

// unescapeString decodes a quoted CSS string token (quotes included; the
// closing quote may be missing).
func unescapeString(s string) string {
	if len(s) == 0 {
		return s
	}
	q := s[0]
	s = s[1:]
	if n := len(s); n > 0 && s[n-1] == q {
		s = s[:n-1]
	}
	if strings.IndexByte(s, '\\') < 0 {
		return s
	}
	return unescapeIdent(s)
}

// unescapeIdent decodes CSS escapes: \XXXXXX hex (with one optional
// trailing space), \<newline> (removed) and \c (c itself).
func unescapeIdent(s string) string {
	if strings.IndexByte(s, '\\') < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		c := s[i]
		if c != '\\' {
			b.WriteByte(c)
			i++
			continue
		}
		i++
		if i >= len(s) {
			break
		}
		if s[i] == '\n' {
			i++
			continue
		}
		if isHex(s[i]) {
			r := rune(0)
			k := 0
			for k < 6 && i < len(s) && isHex(s[i]) {
				r = r*16 + rune(hexVal(s[i]))
				i++
				k++
			}
			if i < len(s) && isWS(s[i]) {
				i++
			}
			if r == 0 || r > 0x10FFFF || (r >= 0xD800 && r <= 0xDFFF) {
				r = '\uFFFD'
			}
			b.WriteRune(r)
			continue
		}
		b.WriteByte(s[i])
		i++
	}
	return b.String()
}

// stripComments removes /* */ comments outside strings, each replaced by
// one space. An unterminated comment runs to the end of the text.
func stripComments(s string) string {
	out, _ := stripCommentsAt(s)
	return out
}

// commentCut says that from offset at of a stripped text on, the text it
// was stripped from is shift bytes further on (the comments cut before at
// were shift bytes longer than the spaces that replaced them).
type commentCut struct{ at, shift int32 }

// stripCommentsAt is stripComments that also returns where it cut, in
// order (nil when s has no comment and is returned as it is). Runs of
// bytes that start nothing (not a quote, a backslash or a slash) are
// copied whole, found by IndexByte.
func stripCommentsAt(s string) (string, []commentCut) {
	if !strings.Contains(s, "/*") {
		return s, nil
	}
	cuts := make([]commentCut, 0, strings.Count(s, "/*")) // at most one cut each
	var b strings.Builder
	b.Grow(len(s))
	// next[k]: the index of the first commentBytes[k] at or after the
	// place it was looked for from (len(s): none), -1 before the first
	// look. Style text has few of them: IndexByte finds each in long
	// strides, and a byte's index is looked for again only once passed.
	next := [len(commentBytes)]int{-1, -1, -1, -1}
	for i := 0; i < len(s); {
		j := len(s)
		for k := range next {
			if next[k] < i {
				if p := strings.IndexByte(s[i:], commentBytes[k]); p >= 0 {
					next[k] = i + p
				} else {
					next[k] = len(s)
				}
			}
			j = min(j, next[k])
		}
		b.WriteString(s[i:j])
		if i = j; i >= len(s) {
			break
		}
		switch c := s[i]; {
		case c == '"' || c == '\'':
			j := skipString(s, i)
			b.WriteString(s[i:j])
			i = j
		case c == '\\' && i+1 < len(s):
			b.WriteString(s[i : i+2])
			i += 2
		case c == '/' && i+1 < len(s) && s[i+1] == '*':
			end := strings.Index(s[i+2:], "*/")
			if end < 0 {
				return b.String(), cuts
			}
			b.WriteByte(' ')
			i += 2 + end + 2
			cuts = append(cuts, commentCut{at: int32(b.Len()), shift: int32(i - b.Len())})
		default:
			b.WriteByte(c)
			i++
		}
	}
	return b.String(), cuts
}

// commentBytes are the bytes stripCommentsAt looks at: quotes, the
// backslash and the slash.
const commentBytes = "\"'\\/"

// rehome returns s, a string parsed out of stripped (stripCommentsAt of
// orig, cut at cuts), as the equal piece of orig when orig holds it at the
// same place, else as a copy: what a Sheet keeps then refers to the
// page's own text, which the document keeps anyway, and not to the
// stripped copy, which is as long as all the page's style text. A string
// not from stripped is returned as it is. Only addresses are compared.
func rehome(s, stripped, orig string, cuts []commentCut) string {
	if s == "" || len(stripped) == 0 {
		return s
	}
	p := uintptr(unsafe.Pointer(unsafe.StringData(s)))
	base := uintptr(unsafe.Pointer(unsafe.StringData(stripped)))
	if p < base || p >= base+uintptr(len(stripped)) {
		return s
	}
	off := int(p - base)
	k := sort.Search(len(cuts), func(i int) bool { return int(cuts[i].at) > off })
	if k > 0 {
		off += int(cuts[k-1].shift)
	}
	if off+len(s) <= len(orig) && orig[off:off+len(s)] == s {
		return orig[off : off+len(s)]
	}
	return strings.Clone(s) // a comment was cut inside s
}

// rehomeRules rehomes every string of rules (see rehome).
func rehomeRules(rules []rawRule, stripped, orig string, cuts []commentCut) {
	for i := range rules {
		r := &rules[i]
		r.selectors = rehome(r.selectors, stripped, orig, cuts)
		for j := range r.decls {
			d := &r.decls[j]
			d.kw = rehome(d.kw, stripped, orig, cuts)
			for k := range d.content {
				c := &d.content[k]
				c.text = rehome(c.text, stripped, orig, cuts)
				c.attr = rehome(c.attr, stripped, orig, cuts)
			}
		}
	}
}

func isWS(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' }

func isNameChar(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c >= 0x80
}

func isHex(c byte) bool { return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }

func hexVal(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	default:
		return int(c-'A') + 10
	}
}
