package wire

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// parse.go is the capture's JSON reader: strict (unknown and duplicate
// fields, nulls, non-integer numbers and trailing data are errors), without
// recursion (nodes nest on an explicit stack of levels, bounded by
// MaxDepth), counting nodes against MaxNodes as it reads, and fast: strings
// without escapes are slices of one copy of the input.

type levelKind uint8

const (
	lvTop    levelKind = iota // the capture object
	lvNode                    // a node object
	lvShadow                  // a shadow object
	lvFrame                   // a frame object
	lvArray                   // an array of node objects
)

type level struct {
	kind   levelKind
	first  bool // nothing read yet after the opening bracket
	seen   uint32
	depth  int // node depth of the node (lvNode) or of the array's elements
	node   *Node
	shadow *Shadow
	frame  *Frame
	cap    *Capture
	elems  []Node // lvArray: elements so far
	field  string // lvArray: "children" or "shadow.children"
}

type parser struct {
	src    string
	pos    int
	lim    Limits
	levels []level
	free   [][]Node
	nodes  int
	key    string // the field being read, for errors

	buf      []byte     // scratch for strings with escapes
	strSlab  []string   // backing store of attribute pairs
	pairs    [][]string // scratch for one attrs array
	pairSlab [][]string // backing store of attrs arrays
}

// slabStrings copies ss into the string slab and returns the copy.
func (p *parser) slabStrings(ss []string) []string {
	n := len(ss)
	if cap(p.strSlab)-len(p.strSlab) < n {
		p.strSlab = make([]string, 0, max(4096, n))
	}
	start := len(p.strSlab)
	p.strSlab = append(p.strSlab, ss...)
	return p.strSlab[start : start+n : start+n]
}

func (p *parser) slabPairs(ps [][]string) [][]string {
	n := len(ps)
	if cap(p.pairSlab)-len(p.pairSlab) < n {
		p.pairSlab = make([][]string, 0, max(2048, n))
	}
	start := len(p.pairSlab)
	p.pairSlab = append(p.pairSlab, ps...)
	return p.pairSlab[start : start+n : start+n]
}

// parseCapture reads a capture from src.
func parseCapture(src string, lim Limits) (*Capture, error) {
	p := &parser{src: src, lim: lim}
	p.ws()
	if !p.eat('{') {
		return nil, p.errf("the document is not a JSON object")
	}
	c := &Capture{}
	p.levels = append(p.levels, level{kind: lvTop, first: true, cap: c})
	for len(p.levels) > 0 {
		var err error
		if p.levels[len(p.levels)-1].kind == lvArray {
			err = p.arrayStep()
		} else {
			err = p.objectStep()
		}
		if err != nil {
			return nil, err
		}
	}
	p.key = ""
	p.ws()
	if p.pos != len(p.src) {
		return nil, &Error{Msg: fmt.Sprintf("trailing data after the document (byte %d)", p.pos)}
	}
	return c, nil
}

func (p *parser) ws() {
	for p.pos < len(p.src) {
		switch p.src[p.pos] {
		case ' ', '\t', '\n', '\r':
			p.pos++
		default:
			return
		}
	}
}

func (p *parser) eat(c byte) bool {
	if p.pos < len(p.src) && p.src[p.pos] == c {
		p.pos++
		return true
	}
	return false
}

// errf makes an error at the current position, naming the node path and
// field being read.
func (p *parser) errf(format string, args ...any) error {
	msg := fmt.Sprintf(format, args...)
	if p.pos >= len(p.src) {
		msg += " (at the end of the text)"
	} else {
		msg += fmt.Sprintf(" (byte %d)", p.pos)
	}
	return &Error{Path: p.path(), Field: p.key, Msg: msg}
}

// path names the node being read from the level stack.
func (p *parser) path() string {
	var segs []string
	for i := 1; i < len(p.levels); i++ {
		l := &p.levels[i]
		switch l.kind {
		case lvShadow:
			segs = append(segs, "#shadow-root")
		case lvFrame:
			segs = append(segs, "#document")
		case lvArray:
			if i+1 < len(p.levels) && len(l.elems) > 0 {
				w := &l.elems[len(l.elems)-1]
				tag := w.Tag
				if tag == "" {
					tag = "?"
				}
				k := 1
				for j := 0; j < len(l.elems)-1; j++ {
					if l.elems[j].Tag == w.Tag {
						k++
					}
				}
				seg := clip(tag)
				if k > 1 {
					seg += "[" + strconv.Itoa(k) + "]"
				}
				segs = append(segs, seg)
			}
		}
	}
	return joinPath(segs)
}

// joinPath joins path segments (root first), eliding the middle of very
// deep paths: /a/b/.../(n more)/y/z.
func joinPath(segs []string) string {
	const head, tail = 8, 12
	var b strings.Builder
	for i, s := range segs {
		if len(segs) > head+tail+1 && i == head {
			b.WriteString("/...(" + strconv.Itoa(len(segs)-head-tail) + " more)")
		}
		if len(segs) > head+tail+1 && i >= head && i < len(segs)-tail {
			continue
		}
		b.WriteByte('/')
		b.WriteString(s)
	}
	return b.String()
}

// Field indexes, for duplicate detection (bit i of level.seen).
var nodeFields = map[string]int{
	"tag": 0, "ns": 1, "attrs": 2, "text": 3, "children": 4, "shadow": 5, "frame": 6,
	"value": 7, "checked": 8, "indeterminate": 9, "selected": 10, "display": 11,
	"visibility": 12, "contentVisibility": 13, "zeroSize": 14, "inert": 15,
	"cursorPointer": 16, "before": 17, "after": 18, "inViewport": 19,
	"listeners": 20, "key": 21, "delegate": 22,
}

var topFields = map[string]int{"version": 0, "url": 1, "title": 2, "frames": 3, "nodes": 4, "root": 5, "warnings": 6, "truncated": 7}
var shadowFields = map[string]int{"mode": 0, "children": 1}
var frameFields = map[string]int{"url": 0, "title": 1, "root": 2}

// objectStep reads one member of the object on top of the stack, or its end.
func (p *parser) objectStep() error {
	l := &p.levels[len(p.levels)-1]
	p.ws()
	if l.first {
		l.first = false
		if p.eat('}') {
			return p.closeObject()
		}
	} else {
		if p.eat('}') {
			return p.closeObject()
		}
		if !p.eat(',') {
			return p.errf("expected ',' or '}'")
		}
		p.ws()
	}
	p.key = ""
	key, err := p.str()
	if err != nil {
		return err
	}
	p.ws()
	if !p.eat(':') {
		return p.errf("expected ':' after a field name")
	}
	p.ws()
	var fields map[string]int
	prefix := ""
	switch l.kind {
	case lvTop:
		fields = topFields
	case lvNode:
		fields = nodeFields
	case lvShadow:
		fields, prefix = shadowFields, "shadow."
	case lvFrame:
		fields, prefix = frameFields, "frame."
	}
	p.key = prefix + key
	idx, ok := fields[key]
	if !ok {
		return p.errf("unknown field %q", clip(key))
	}
	if l.seen&(1<<idx) != 0 {
		return p.errf("duplicate field")
	}
	l.seen |= 1 << idx
	switch l.kind {
	case lvTop:
		return p.topMember(l, key)
	case lvNode:
		return p.nodeMember(l, key)
	case lvShadow:
		switch key {
		case "mode":
			l.shadow.Mode, err = p.str()
			return err
		case "children":
			return p.openArray(l.depth+1, l.node, l.shadow, "shadow.children")
		}
	case lvFrame:
		switch key {
		case "url":
			l.frame.URL, err = p.str()
		case "title":
			l.frame.Title, err = p.str()
		case "root":
			if !p.eat('{') {
				return p.errf("expected an object")
			}
			n := &Node{}
			l.frame.Root = n
			return p.openNode(n, l.depth)
		}
		return err
	}
	return nil
}

func (p *parser) topMember(l *level, key string) error {
	c := l.cap
	var err error
	switch key {
	case "version":
		c.Version, err = p.integer()
		if err == nil && c.Version != Version {
			return &Error{Field: "version", Msg: "unsupported version " + strconv.Itoa(c.Version) + " (this decoder reads 1)"}
		}
	case "url":
		c.URL, err = p.str()
	case "title":
		c.Title, err = p.str()
	case "nodes":
		c.Nodes, err = p.integer()
		if err == nil && (c.Nodes < 0 || c.Nodes > p.lim.MaxNodes) {
			return &Error{Field: "nodes", Msg: fmt.Sprintf("claimed node count %d is outside 0..%d", c.Nodes, p.lim.MaxNodes)}
		}
	case "frames":
		c.Frames, err = p.strList()
	case "warnings":
		c.Warnings, err = p.strList()
	case "truncated":
		c.Truncated, err = p.strList()
	case "root":
		if !p.eat('{') {
			return p.errf("expected an object")
		}
		c.Root = &Node{}
		return p.openNode(c.Root, 0)
	}
	return err
}

func (p *parser) openNode(n *Node, depth int) error {
	p.nodes++
	if p.nodes > p.lim.MaxNodes {
		return p.errf("more than %d nodes", p.lim.MaxNodes)
	}
	if depth > p.lim.MaxDepth+1 {
		return p.errf("nested deeper than %d", p.lim.MaxDepth)
	}
	p.levels = append(p.levels, level{kind: lvNode, first: true, node: n, depth: depth})
	return nil
}

func (p *parser) openArray(depth int, owner *Node, sh *Shadow, field string) error {
	if !p.eat('[') {
		return p.errf("expected an array")
	}
	var buf []Node
	if k := len(p.free); k > 0 {
		buf, p.free = p.free[k-1], p.free[:k-1]
	}
	p.levels = append(p.levels, level{kind: lvArray, first: true, depth: depth, node: owner, shadow: sh, elems: buf, field: field})
	return nil
}

func (p *parser) nodeMember(l *level, key string) error {
	n := l.node
	var err error
	switch key {
	case "tag":
		n.Tag, err = p.str()
	case "ns":
		n.NS, err = p.str()
	case "text":
		n.Text, err = p.str()
	case "display":
		n.Display, err = p.str()
	case "visibility":
		n.Visibility, err = p.str()
	case "contentVisibility":
		n.ContentVisibility, err = p.str()
	case "listeners":
		n.Listeners, err = p.str()
	case "key":
		n.Key, err = p.str()
	case "value":
		n.Value, err = p.strPtr()
	case "before":
		n.Before, err = p.strPtr()
	case "after":
		n.After, err = p.strPtr()
	case "checked":
		n.Checked, err = p.boolPtr()
	case "selected":
		n.Selected, err = p.boolPtr()
	case "inViewport":
		n.InViewport, err = p.boolPtr()
	case "indeterminate":
		n.Indeterminate, err = p.boolean()
	case "zeroSize":
		n.ZeroSize, err = p.boolean()
	case "inert":
		n.Inert, err = p.boolean()
	case "cursorPointer":
		n.CursorPointer, err = p.boolean()
	case "attrs":
		n.Attrs, err = p.attrs()
	case "delegate":
		n.Delegate, err = p.delegates()
	case "children":
		return p.openArray(l.depth+1, n, nil, "children")
	case "shadow":
		if !p.eat('{') {
			return p.errf("expected an object")
		}
		n.Shadow = &Shadow{}
		p.levels = append(p.levels, level{kind: lvShadow, first: true, node: n, shadow: n.Shadow, depth: l.depth + 1})
	case "frame":
		if !p.eat('{') {
			return p.errf("expected an object")
		}
		n.Frame = &Frame{}
		p.levels = append(p.levels, level{kind: lvFrame, first: true, frame: n.Frame, depth: l.depth + 1})
	}
	return err
}

func (p *parser) closeObject() error {
	p.levels = p.levels[:len(p.levels)-1]
	return nil
}

// arrayStep reads the next element of a node array, or its end.
func (p *parser) arrayStep() error {
	l := &p.levels[len(p.levels)-1]
	p.key = l.field
	p.ws()
	if l.first {
		l.first = false
		if p.eat(']') {
			return p.closeArray()
		}
	} else {
		if p.eat(']') {
			return p.closeArray()
		}
		if !p.eat(',') {
			return p.errf("expected ',' or ']'")
		}
		p.ws()
	}
	if !p.eat('{') {
		return p.errf("expected a node object")
	}
	l.elems = append(l.elems, Node{})
	p.key = ""
	return p.openNode(&l.elems[len(l.elems)-1], l.depth)
}

func (p *parser) closeArray() error {
	l := &p.levels[len(p.levels)-1]
	var out []Node
	if len(l.elems) > 0 {
		out = make([]Node, len(l.elems))
		copy(out, l.elems)
	}
	if l.shadow != nil {
		l.shadow.Children = out
	} else {
		l.node.Children = out
	}
	clear(l.elems)
	p.free = append(p.free, l.elems[:0])
	p.levels = p.levels[:len(p.levels)-1]
	return nil
}

// str reads a JSON string. Invalid UTF-8 and unpaired surrogates become
// U+FFFD, as encoding/json does.
func (p *parser) str() (string, error) {
	if !p.eat('"') {
		if strings.HasPrefix(p.src[p.pos:], "null") {
			return "", p.errf("null is not allowed; omit the field")
		}
		return "", p.errf("expected a string")
	}
	start := p.pos
	high := false
	for i := start; i < len(p.src); i++ {
		c := p.src[i]
		switch {
		case c == '"':
			s := p.src[start:i]
			if high && !utf8.ValidString(s) {
				break
			}
			p.pos = i + 1
			if len(s) > p.lim.MaxString {
				return "", p.errf("string of %d bytes exceeds the limit %d", len(s), p.lim.MaxString)
			}
			return s, nil
		case c == '\\':
			return p.strSlow(start)
		case c < 0x20:
			p.pos = i
			return "", p.errf("control character in a string")
		case c >= 0x80:
			high = true
			continue
		default:
			continue
		}
		return p.strSlow(start)
	}
	p.pos = len(p.src)
	return "", p.errf("unterminated string")
}

func (p *parser) strSlow(start int) (string, error) {
	b := bytesWriter{p.buf[:0]}
	defer func() { p.buf = b.b }()
	i := start
	for i < len(p.src) {
		c := p.src[i]
		switch {
		case c == '"':
			p.pos = i + 1
			if len(b.b) > p.lim.MaxString {
				return "", p.errf("string of %d bytes exceeds the limit %d", len(b.b), p.lim.MaxString)
			}
			return string(b.b), nil
		case c < 0x20:
			p.pos = i
			return "", p.errf("control character in a string")
		case c == '\\':
			if i+1 >= len(p.src) {
				p.pos = len(p.src)
				return "", p.errf("unterminated string")
			}
			e := p.src[i+1]
			i += 2
			switch e {
			case '"', '\\', '/':
				b.addByte(e)
			case 'b':
				b.addByte('\b')
			case 'f':
				b.addByte('\f')
			case 'n':
				b.addByte('\n')
			case 'r':
				b.addByte('\r')
			case 't':
				b.addByte('\t')
			case 'u':
				r, ok := hex4(p.src, i)
				if !ok {
					p.pos = i
					return "", p.errf("bad \\u escape")
				}
				i += 4
				if utf16.IsSurrogate(r) {
					r2 := rune(-1)
					if i+6 <= len(p.src) && p.src[i] == '\\' && p.src[i+1] == 'u' {
						r2, _ = hex4(p.src, i+2)
					}
					if d := utf16.DecodeRune(r, r2); d != utf8.RuneError {
						r = d
						i += 6
					} else {
						r = utf8.RuneError
					}
				}
				b.WriteRune(r)
			default:
				p.pos = i - 1
				return "", p.errf("bad escape \\%c", e)
			}
		case c < utf8.RuneSelf:
			b.addByte(c)
			i++
		default:
			r, size := utf8.DecodeRuneInString(p.src[i:])
			if r == utf8.RuneError && size == 1 {
				b.WriteRune(utf8.RuneError)
			} else {
				b.WriteString(p.src[i : i+size])
			}
			i += size
		}
		if len(b.b) > p.lim.MaxString+4 {
			p.pos = i
			return "", p.errf("string exceeds the limit %d", p.lim.MaxString)
		}
	}
	p.pos = len(p.src)
	return "", p.errf("unterminated string")
}

// bytesWriter appends to a reused byte slice.
type bytesWriter struct{ b []byte }

func (w *bytesWriter) addByte(c byte) { w.b = append(w.b, c) }

// WriteString appends s.
func (w *bytesWriter) WriteString(s string) { w.b = append(w.b, s...) }

// WriteRune appends the UTF-8 encoding of r.
func (w *bytesWriter) WriteRune(r rune) { w.b = utf8.AppendRune(w.b, r) }

func hex4(s string, i int) (rune, bool) {
	if i+4 > len(s) {
		return 0, false
	}
	var r rune
	for _, c := range []byte(s[i : i+4]) {
		var d byte
		switch {
		case c >= '0' && c <= '9':
			d = c - '0'
		case c >= 'a' && c <= 'f':
			d = c - 'a' + 10
		case c >= 'A' && c <= 'F':
			d = c - 'A' + 10
		default:
			return 0, false
		}
		r = r<<4 | rune(d)
	}
	return r, true
}

func (p *parser) strPtr() (*string, error) {
	s, err := p.str()
	if err != nil {
		return nil, err
	}
	return &s, nil
}

func (p *parser) boolean() (bool, error) {
	switch {
	case strings.HasPrefix(p.src[p.pos:], "true"):
		p.pos += 4
		return true, nil
	case strings.HasPrefix(p.src[p.pos:], "false"):
		p.pos += 5
		return false, nil
	case strings.HasPrefix(p.src[p.pos:], "null"):
		return false, p.errf("null is not allowed; omit the field")
	}
	return false, p.errf("expected true or false")
}

func (p *parser) boolPtr() (*bool, error) {
	v, err := p.boolean()
	if err != nil {
		return nil, err
	}
	return &v, nil
}

// integer reads a JSON number that must be an integer of at most 15 digits.
func (p *parser) integer() (int, error) {
	start := p.pos
	neg := p.eat('-')
	ds := p.pos
	for p.pos < len(p.src) && p.src[p.pos] >= '0' && p.src[p.pos] <= '9' {
		p.pos++
	}
	digits := p.src[ds:p.pos]
	if digits == "" || (len(digits) > 1 && digits[0] == '0') {
		p.pos = start
		return 0, p.errf("expected an integer")
	}
	if p.pos < len(p.src) && (p.src[p.pos] == '.' || p.src[p.pos] == 'e' || p.src[p.pos] == 'E') {
		p.pos = start
		return 0, p.errf("expected an integer")
	}
	if len(digits) > 15 {
		p.pos = start
		return 0, p.errf("integer out of range")
	}
	v, _ := strconv.Atoi(digits)
	if neg {
		v = -v
	}
	return v, nil
}

// strList reads an array of strings.
func (p *parser) strList() ([]string, error) {
	if !p.eat('[') {
		return nil, p.errf("expected an array")
	}
	var local [4]string
	out := local[:0]
	p.ws()
	if p.eat(']') {
		return []string{}, nil
	}
	for {
		p.ws()
		s, err := p.str()
		if err != nil {
			return nil, err
		}
		out = append(out, s)
		if len(out) > p.lim.MaxNodes {
			return nil, p.errf("more than %d strings in one array", p.lim.MaxNodes)
		}
		p.ws()
		if p.eat(']') {
			return p.slabStrings(out), nil
		}
		if !p.eat(',') {
			return nil, p.errf("expected ',' or ']'")
		}
	}
}

// attrs reads an array of string arrays (the pair shape is checked by Build).
func (p *parser) attrs() ([][]string, error) {
	if !p.eat('[') {
		return nil, p.errf("expected an array of [name, value] pairs")
	}
	out := p.pairs[:0]
	defer func() { p.pairs = out[:0] }()
	p.ws()
	if p.eat(']') {
		return [][]string{}, nil
	}
	for {
		p.ws()
		pair, err := p.strList()
		if err != nil {
			return nil, err
		}
		out = append(out, pair)
		if len(out) > p.lim.MaxAttrs {
			return nil, p.errf("more than %d attributes", p.lim.MaxAttrs)
		}
		p.ws()
		if p.eat(']') {
			return p.slabPairs(out), nil
		}
		if !p.eat(',') {
			return nil, p.errf("expected ',' or ']'")
		}
	}
}

// delegates reads the delegate array.
func (p *parser) delegates() ([]Delegate, error) {
	if !p.eat('[') {
		return nil, p.errf("expected an array")
	}
	out := []Delegate{}
	p.ws()
	if p.eat(']') {
		return out, nil
	}
	for {
		p.ws()
		if !p.eat('{') {
			return nil, p.errf("expected a delegate object")
		}
		var d Delegate
		var seen [2]bool
		p.ws()
		if !p.eat('}') {
			for {
				p.ws()
				k, err := p.str()
				if err != nil {
					return nil, err
				}
				p.ws()
				if !p.eat(':') {
					return nil, p.errf("expected ':' after a field name")
				}
				p.ws()
				switch k {
				case "selector":
					if seen[0] {
						return nil, p.errf("duplicate field %q", k)
					}
					seen[0] = true
					d.Selector, err = p.str()
				case "listeners":
					if seen[1] {
						return nil, p.errf("duplicate field %q", k)
					}
					seen[1] = true
					d.Listeners, err = p.str()
				default:
					return nil, p.errf("unknown field %q", clip(k))
				}
				if err != nil {
					return nil, err
				}
				p.ws()
				if p.eat('}') {
					break
				}
				if !p.eat(',') {
					return nil, p.errf("expected ',' or '}'")
				}
			}
		}
		out = append(out, d)
		if len(out) > p.lim.MaxNodes {
			return nil, p.errf("more than %d delegate entries", p.lim.MaxNodes)
		}
		p.ws()
		if p.eat(']') {
			return out, nil
		}
		if !p.eat(',') {
			return nil, p.errf("expected ',' or ']'")
		}
	}
}
