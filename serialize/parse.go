package serialize

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/axtree/axtree/axtree"
)

// SyntaxError is a Parse failure at a 1-based line and column (columns
// count runes, indentation included).
type SyntaxError struct {
	Line, Col int
	Msg       string
}

// Error implements error.
func (e *SyntaxError) Error() string {
	return fmt.Sprintf("serialize: line %d, column %d: %s", e.Line, e.Col, e.Msg)
}

// Parse reads the text form (FORMAT.md) back into a tree. Parsed nodes carry
// ID, Role, Inferred, Name, States, Actions, Props (attributes appended by an
// Options.Extra hook come back as trailing Props) and Children; DOM is -1 and
// Href is empty, since the text does not carry them. A truncation note line
// fills Tree.Truncated. Indentation may be two spaces or one tab per level.
// The further pieces of a line (an inline run) come back as siblings with
// Joined set. Parse never panics; on malformed input it returns a
// *SyntaxError.
func Parse(text string) (*axtree.Tree, error) {
	t, _, err := parse(text, false)
	return t, err
}

// Piece is where a parsed node was printed: its 1-based line and the byte
// range of its piece within the text (the whole line but its indentation,
// or, on a line of an inline run, the node's own part without the
// separating space).
type Piece struct {
	Node       *axtree.Node
	Line       int
	Start, End int
}

// ParsePieces parses text like Parse and also returns, for every node in
// pre-order (the order they were printed), where it was printed. Readers
// that relate a node to its line (a trajectory's "line carrying [id=N]", a
// diff of two printed trees) use it, since one line can hold several
// nodes.
func ParsePieces(text string) (*axtree.Tree, []Piece, error) {
	return parse(text, true)
}

func parse(text string, wantPieces bool) (*axtree.Tree, []Piece, error) {
	t := &axtree.Tree{}
	slab := make([]axtree.Node, strings.Count(text, "\n")+1) // one node per line; further pieces from more
	var more []axtree.Node
	var elems []*axtree.Node // element nodes in order, for the state record
	var pieces []Piece
	var stack []*axtree.Node // stack[d] is the last node at depth d
	var spans [][2]int       // cell spans of a row line
	lineNo, offset := 0, 0
	noted := false
	multi := false       // the previous node line holds several pieces
	rowLine := false     // the previous node line is a row line
	var rec *recordIndex // set at the first line of the state record
	for len(text) > 0 {
		lineNo++
		var line string
		lineAt := offset
		if i := strings.IndexByte(text, '\n'); i >= 0 {
			line, text = text[:i], text[i+1:]
			offset += i + 1
		} else {
			line, text = text, ""
			offset += len(line)
		}
		if noted {
			return nil, nil, &SyntaxError{lineNo, 1, "line after the truncation note"}
		}
		lp := lineParser{line: line, lineNo: lineNo}
		if !utf8.ValidString(line) {
			return nil, nil, lp.errAt(invalidUTF8At(line), "invalid UTF-8")
		}
		depth, err := lp.indent()
		if err != nil {
			return nil, nil, err
		}
		if depth > 0 && len(stack) == 0 {
			return nil, nil, lp.errf("the first node line must not be indented")
		}
		if depth > len(stack) {
			return nil, nil, lp.errf("depth %d follows a line at depth %d (one level deeper at most)", depth, len(stack)-1)
		}
		if depth == len(stack) && depth > 0 && multi {
			if rowLine {
				return nil, nil, lp.errf("a line below a row line (its cells are its children)")
			}
			return nil, nil, lp.errf("a line below a line of several pieces (its nodes have no children)")
		}
		if depth == 0 && strings.HasPrefix(line, stateLineOpen) && !lp.linkAt(0) {
			if rec == nil {
				rec = newRecordIndex(elems)
			}
			if err := lp.stateLine(rec); err != nil {
				return nil, nil, err
			}
			continue
		}
		note := strings.HasPrefix(line[lp.i:], noteOpen) && !lp.linkAt(lp.i)
		if rec != nil && !note {
			return nil, nil, lp.errf("node line after the state record")
		}
		if note {
			if depth != 0 {
				return nil, nil, lp.errf("truncation note must not be indented")
			}
			if t.Truncated, err = lp.note(); err != nil {
				return nil, nil, err
			}
			noted = true
			continue
		}
		if depth > 0 && stack[depth-1].More() > 0 {
			return nil, nil, lp.errAt(0, "a line below a [+N more] placeholder (it has no children)")
		}
		n := &slab[lineNo-1]
		multi, rowLine = false, false
		if lp.peek() == '|' {
			// a row and its cells on one line (FORMAT.md, "Rows")
			grid := false
			for d := depth - 1; d >= 0; d-- {
				if c := cellContext(stack[d].Role); c != ctxNone {
					grid = c == ctxGrid
					break
				}
			}
			from := lp.i
			if spans, err = lp.row(n, &more, grid, spans[:0]); err != nil {
				return nil, nil, err
			}
			elems = append(elems, n)
			if wantPieces {
				pieces = append(pieces, Piece{Node: n, Line: lineNo, Start: lineAt + from, End: lineAt + len(line)})
			}
			for i, c := range n.Children {
				elems = append(elems, c)
				if wantPieces {
					pieces = append(pieces, Piece{Node: c, Line: lineNo, Start: lineAt + spans[i][0], End: lineAt + spans[i][1]})
				}
			}
			if depth == 0 {
				t.Roots = append(t.Roots, n)
			} else {
				stack[depth-1].Children = append(stack[depth-1].Children, n)
			}
			stack = append(stack[:depth], n)
			multi, rowLine = true, true // its cells are its children: nothing below it
			continue
		}
		for k := 0; ; k++ {
			if k > 0 {
				if len(more) == cap(more) {
					more = make([]axtree.Node, 0, 64)
				}
				more = append(more, axtree.Node{Joined: true})
				n = &more[len(more)-1]
				multi = true
			}
			from := lp.i
			if k == 0 && strings.HasPrefix(line[lp.i:], `\|`) {
				lp.i++ // a text that starts with '|', escaped at the start of its line only
			}
			next := false
			glued := lp.glued
			lp.glued = false
			if glued && (lp.peek() == '[' || !startsGlue(line[lp.i:])) {
				return nil, nil, lp.errf("only closing punctuation touches a link: a space before any other piece")
			}
			if k == 0 && strings.HasPrefix(line[lp.i:], moreOpen) && !lp.linkAt(lp.i) {
				err = lp.more(n)
			} else {
				next, err = lp.node(n)
			}
			if err != nil {
				return nil, nil, err
			}
			if n.Role != "" {
				elems = append(elems, n)
			}
			if wantPieces {
				to := lp.i
				if next && !lp.glued {
					to-- // the space before the next piece
				}
				pieces = append(pieces, Piece{Node: n, Line: lineNo, Start: lineAt + from, End: lineAt + to})
			}
			if depth == 0 {
				t.Roots = append(t.Roots, n)
			} else {
				p := stack[depth-1]
				p.Children = append(p.Children, n)
			}
			stack = append(stack[:depth], n)
			if !next {
				break
			}
		}
	}
	// A part of a structure prints its id only when a person can reach it
	// (Node.Addressable): the printed id says it is focusable.
	for _, n := range elems {
		if n.ID > 0 && !n.Addressable() {
			n.Focusable = true
		}
	}
	return t, pieces, nil
}

func invalidUTF8At(s string) int {
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			return i
		}
		i += size
	}
	return len(s)
}

// lineParser reads one line; i is the byte offset of the next byte.
type lineParser struct {
	line   string
	lineNo int
	i      int
	glued  bool // the link just read is followed by a text with no space between
}

func (p *lineParser) errAt(off int, msg string) *SyntaxError {
	if off > len(p.line) {
		off = len(p.line)
	}
	return &SyntaxError{p.lineNo, utf8.RuneCountInString(p.line[:off]) + 1, msg}
}

func (p *lineParser) errf(format string, args ...any) *SyntaxError {
	return p.errAt(p.i, fmt.Sprintf(format, args...))
}

func (p *lineParser) eol() bool { return p.i >= len(p.line) }

func (p *lineParser) peek() byte {
	if p.i < len(p.line) {
		return p.line[p.i]
	}
	return 0
}

func (p *lineParser) expect(c byte) error {
	if p.peek() != c || p.eol() {
		if p.eol() {
			return p.errf("expected %q, found end of line", c)
		}
		return p.errf("expected %q, found %q", c, p.line[p.i])
	}
	p.i++
	return nil
}

// indent consumes the indentation and returns the depth.
func (p *lineParser) indent() (int, error) {
	spaces, tabs := 0, 0
	for !p.eol() {
		switch p.line[p.i] {
		case ' ':
			spaces++
		case '\t':
			tabs++
		default:
			goto done
		}
		p.i++
	}
done:
	switch {
	case p.eol():
		return 0, p.errf("blank line")
	case spaces > 0 && tabs > 0:
		return 0, p.errAt(0, "indentation mixes spaces and tabs")
	case spaces%2 != 0:
		return 0, p.errf("indentation of %d spaces is not a multiple of two", spaces)
	}
	return spaces/2 + tabs, nil
}

// node parses one piece of the line, an element or a text, from p.i. It
// reports whether a further piece follows on the line (an inline run;
// FORMAT.md), p.i then being at its first byte, after the separating space.
func (p *lineParser) node(n *axtree.Node) (next bool, err error) {
	n.DOM = -1
	if p.peek() != '[' {
		start := p.i
		text, err := p.plain()
		if err != nil {
			return false, err
		}
		if !p.eol() {
			// an element follows, after one space
			if text == "" || text[len(text)-1] != ' ' || p.line[p.i-1] != ' ' {
				return false, p.errf("expected a space before '['")
			}
			text = text[:len(text)-1]
			next = true
		}
		if text == "" || text[0] == ' ' || text[len(text)-1] == ' ' {
			return false, p.errAt(start, "text with leading or trailing space")
		}
		n.Name = text
		return next, nil
	}
	if p.linkAt(p.i) {
		return p.link(n)
	}
	// [role] or [role?]
	p.i++
	role := p.key()
	if role == "" {
		return false, p.errf("expected a role")
	}
	n.Role = role
	if p.peek() == '?' {
		n.Inferred = true
		p.i++
	}
	if err := p.expect(']'); err != nil {
		return false, err
	}
	// states, then [actions=…], all adjacent
	for p.peek() == '[' {
		open := p.i
		p.i++
		k := p.key()
		if k == "" {
			return false, p.errf("expected a state name")
		}
		if n.Actions() != nil {
			return false, p.errAt(open, "state after the actions group")
		}
		if k == "actions" {
			acts, err := p.actions()
			if err != nil {
				return false, err
			}
			n.SetActions(acts)
			continue
		}
		v, err := p.valueOpt()
		if err != nil {
			return false, err
		}
		if err := p.expect(']'); err != nil {
			return false, err
		}
		n.SetStates(append(n.States(), axtree.Attr{Key: k, Value: v}))
	}
	if p.eol() {
		return false, nil
	}
	if err := p.expect(' '); err != nil {
		return false, err
	}
	// name, up to the first unescaped '['
	start := p.i
	raw := p.i
	name, err := p.plain()
	if err != nil {
		return false, err
	}
	if !p.eol() && p.i > raw {
		// a name is followed by one space before the first group
		if p.line[p.i-1] != ' ' { // never escaped: "\ " is not an escape
			return false, p.errf("expected a space before '['")
		}
		name = name[:len(name)-1]
	}
	if p.eol() && name == "" {
		return false, p.errAt(start-1, "trailing space")
	}
	if name != "" && (name[0] == ' ' || name[len(name)-1] == ' ') {
		return false, p.errAt(start, "name with leading or trailing space")
	}
	n.Name = name
	// [id=N], then props (and hook attributes); after the id and valued
	// attributes, a further piece may follow (a text, or an element: a
	// group that is not an attribute, or a flag that the rest of the line
	// does not continue with attributes only)
	first := true
	flagged := false
	for !p.eol() {
		if !first {
			if err := p.expect(' '); err != nil {
				return false, err
			}
			open := n.ID > 0 && !flagged
			if p.peek() != '[' {
				if !open {
					return false, p.errf("text after an element that does not end with its id or a valued attribute")
				}
				return true, nil
			}
			if open && (p.linkAt(p.i) || !p.valuedGroup() && !p.attrsToEnd()) {
				return true, nil
			}
		}
		open, k, v, quoted, err := p.attr()
		if err != nil {
			return false, err
		}
		if k == "id" {
			if !first {
				return false, p.errAt(open, "[id=…] must come first after the name, unquoted")
			}
			if n.ID, err = p.id(open, v, quoted); err != nil {
				return false, err
			}
		} else {
			n.SetProps(append(n.Props(), axtree.Attr{Key: k, Value: v}))
			if v == "" {
				flagged = true
			}
		}
		first = false
	}
	return false, nil
}

// valuedGroup reports whether a "[key=" group starts at p.i: an
// attribute with a value (a role never has one).
func (p *lineParser) valuedGroup() bool {
	i := p.i + 1
	for i < len(p.line) && isKeyByte(p.line[i]) {
		i++
	}
	return i > p.i+1 && i < len(p.line) && p.line[i] == '='
}

// attrsToEnd reports whether the line from p.i on is attribute groups
// only (" [key]" or " [key=value]", not the id), each after one space but
// the first, up to the end of the line: an attribute of the element
// before, not the start of a further piece. It only looks (no errors are
// made) and stops at the first byte that is not an attribute's, so that
// reading a long run stays linear: after a piece's id it stops within the
// next piece's role group.
func (p *lineParser) attrsToEnd() bool {
	l, i := p.line, p.i
	for {
		if i >= len(l) || l[i] != '[' {
			return false
		}
		i++
		k := i
		for i < len(l) && isKeyByte(l[i]) {
			i++
		}
		if i == k || l[k:i] == "id" {
			return false
		}
		if i < len(l) && l[i] == '=' {
			i++
			if i < len(l) && l[i] == '"' {
				for i++; i < len(l) && l[i] != '"'; i++ {
					if l[i] == '\\' {
						i++
					}
				}
				i++ // the closing quote
			} else {
				for i < len(l) && isTokenByte(l[i]) {
					i++
				}
			}
		}
		if i >= len(l) || l[i] != ']' {
			return false
		}
		i++
		if i == len(l) {
			return true
		}
		if l[i] != ' ' {
			return false
		}
		i++
	}
}

// attr reads one "[key]" or "[key=value]" group; quoted reports a value
// written in quotes.
func (p *lineParser) attr() (open int, k, v string, quoted bool, err error) {
	open = p.i
	if err = p.expect('['); err != nil {
		return
	}
	if k = p.key(); k == "" {
		err = p.errf("expected an attribute name")
		return
	}
	quoted = p.peek() == '=' && p.i+1 < len(p.line) && p.line[p.i+1] == '"'
	if v, err = p.valueOpt(); err != nil {
		return
	}
	err = p.expect(']')
	return
}

// id checks the value of an [id=…] group that starts at open: an unquoted
// positive decimal number without sign or leading zero.
func (p *lineParser) id(open int, v string, quoted bool) (int, error) {
	id, err := strconv.Atoi(v)
	if quoted || err != nil || id <= 0 || v[0] == '+' || v[0] == '0' {
		return 0, p.errAt(open, "id must be a positive decimal number, unquoted")
	}
	return id, nil
}

// key reads key bytes (possibly none).
func (p *lineParser) key() string {
	start := p.i
	for !p.eol() && isKeyByte(p.line[p.i]) {
		p.i++
	}
	return p.line[start:p.i]
}

// valueOpt reads "=value" if present; a flag yields "".
func (p *lineParser) valueOpt() (string, error) {
	if p.peek() != '=' || p.eol() {
		return "", nil
	}
	p.i++
	if p.peek() == '"' && !p.eol() {
		p.i++
		return p.quoted()
	}
	start := p.i
	for !p.eol() && isTokenByte(p.line[p.i]) {
		p.i++
	}
	if p.i == start {
		return "", p.errf("expected a value")
	}
	return p.line[start:p.i], nil
}

// quoted reads an escaped string up to and including the closing quote.
func (p *lineParser) quoted() (string, error) {
	v, err := p.escaped(`"[`, `\"[`)
	switch {
	case err != nil:
		return "", err
	case p.eol():
		return "", p.errf("unterminated quoted value")
	case p.peek() == '[':
		return "", p.errf("unescaped '[' in a quoted value")
	}
	p.i++ // the closing quote
	return v, nil
}

// plain reads name or text up to an unescaped '[' or the end of the line,
// resolving \\ and \[.
func (p *lineParser) plain() (string, error) {
	return p.escaped("[", `\[`)
}

// escaped reads from p.i up to the first unescaped byte of stop, or the
// end of the line, resolving the backslash escapes of the bytes in esc (a
// backslash before any other byte is an error), and checks every other
// character (char). It stops before the stop byte.
func (p *lineParser) escaped(stop, esc string) (string, error) {
	var b []byte
	start := p.i
	for !p.eol() {
		c := p.line[p.i]
		if strings.IndexByte(stop, c) >= 0 {
			break
		}
		if c == '\\' {
			if p.i+1 >= len(p.line) {
				return "", p.errf("backslash at end of line")
			}
			e := p.line[p.i+1]
			if strings.IndexByte(esc, e) < 0 {
				return "", p.errf("unknown escape \\%c", e)
			}
			if b == nil {
				b = append(make([]byte, 0, len(p.line)-start), p.line[start:p.i]...)
			}
			b = append(b, e)
			p.i += 2
			continue
		}
		size, err := p.char()
		if err != nil {
			return "", err
		}
		if b != nil {
			b = append(b, p.line[p.i:p.i+size]...)
		}
		p.i += size
	}
	if b == nil {
		return p.line[start:p.i], nil
	}
	return string(b), nil
}

// char checks the character at p.i (not a syntax character) and returns
// its size: the printer never writes controls, format characters (but
// ZWNJ, ZWJ) or whitespace other than U+0020, so neither does valid text.
func (p *lineParser) char() (int, error) {
	c := p.line[p.i]
	if c < utf8.RuneSelf {
		if c < ' ' || c == 0x7f {
			return 0, p.errf("control character %U", c)
		}
		return 1, nil
	}
	r, size := utf8.DecodeRuneInString(p.line[p.i:])
	if (r != ' ' && isSpace(r)) || dropRune(r) {
		return 0, p.errf("character %U not allowed", r)
	}
	return size, nil
}

// actions reads "=a,b]" after the "actions" key.
func (p *lineParser) actions() ([]string, error) {
	if err := p.expect('='); err != nil {
		return nil, err
	}
	var out []string
	for {
		start := p.i
		for !p.eol() {
			c := p.line[p.i]
			if c < utf8.RuneSelf {
				if !isActionByte(c) {
					break
				}
				p.i++
				continue
			}
			r, size := utf8.DecodeRuneInString(p.line[p.i:])
			if isSpace(r) || dropRune(r) {
				break
			}
			p.i += size
		}
		if p.i == start {
			return nil, p.errf("expected an action name")
		}
		out = append(out, p.line[start:p.i])
		if p.peek() == ',' && !p.eol() {
			p.i++
			continue
		}
		return out, p.expect(']')
	}
}

// recordIndex finds the element a state line names: the first element
// line with that id.
type recordIndex struct {
	byID map[int]*axtree.Node
	done map[int]bool // ids that had their state line
}

func newRecordIndex(nodes []*axtree.Node) *recordIndex {
	r := &recordIndex{byID: make(map[int]*axtree.Node), done: make(map[int]bool)}
	for _, n := range nodes {
		if n.Role != "" && n.ID > 0 && r.byID[n.ID] == nil {
			r.byID[n.ID] = n
		}
	}
	return r
}

// stateLine parses a line of the state record, "[id=N] [k=v] …", and adds
// its form states and value to the element with id N.
func (p *lineParser) stateLine(r *recordIndex) error {
	start, _, v, quoted, err := p.attr() // "[id=…]": the line starts with it
	if err != nil {
		return err
	}
	id, err := p.id(start, v, quoted)
	if err != nil {
		return err
	}
	n := r.byID[id]
	if n == nil {
		return p.errAt(start, "state line for an id no element line has")
	}
	if r.done[id] {
		return p.errAt(start, "second state line for one id")
	}
	r.done[id] = true
	if p.eol() {
		return p.errf("state line without a state")
	}
	seenValue := false
	for !p.eol() {
		if err := p.expect(' '); err != nil {
			return err
		}
		open, k, v, _, err := p.attr()
		if err != nil {
			return err
		}
		if !IsStateKey(k) {
			return p.errAt(open, "not a form-state key (value, checked, selected)")
		}
		a := axtree.Attr{Key: k, Value: v}
		if k == "value" {
			if seenValue || hasKey(n.Props(), k) {
				return p.errAt(open, "value given twice")
			}
			seenValue = true
			n.SetProps(append(n.Props(), a))
			continue
		}
		if seenValue {
			return p.errAt(open, "a state after the value")
		}
		if hasKey(n.States(), k) {
			return p.errAt(open, "state given twice")
		}
		n.SetStates(append(n.States(), a))
	}
	return nil
}

func hasKey(attrs []axtree.Attr, k string) bool {
	for _, a := range attrs {
		if a.Key == k {
			return true
		}
	}
	return false
}

// more parses a placeholder line, "[+N more]" (N a positive decimal
// number without leading zeros).
func (p *lineParser) more(n *axtree.Node) error {
	n.DOM = -1
	p.i += len(moreOpen)
	start := p.i
	for !p.eol() && p.line[p.i] >= '0' && p.line[p.i] <= '9' {
		p.i++
	}
	digits := p.line[start:p.i]
	v, err := strconv.Atoi(digits)
	if err != nil || v <= 0 || digits[0] == '0' {
		return p.errAt(start, "[+N more] needs a positive decimal count")
	}
	rest, want := p.line[p.i:], moreClose
	if rest != want {
		at := 0
		for at < len(rest) && at < len(want) && rest[at] == want[at] {
			at++
		}
		return p.errAt(p.i+at, `expected " more]" to end the placeholder line`)
	}
	n.SetMore(v)
	p.i = len(p.line)
	return nil
}

// noteOpen starts the truncation note line.
const noteOpen = "[truncated="

// note parses "[truncated=a,b]".
func (p *lineParser) note() ([]string, error) {
	p.i += len(noteOpen)
	var out []string
	for {
		k := p.key()
		if k == "" {
			return nil, p.errf("expected a limit name")
		}
		out = append(out, k)
		if p.peek() == ',' && !p.eol() {
			p.i++
			continue
		}
		if err := p.expect(']'); err != nil {
			return nil, err
		}
		if !p.eol() {
			return nil, p.errf("text after the truncation note")
		}
		return out, nil
	}
}

// linkAt reports whether a link in its short form, "[name](N)", starts at
// byte i: a '[', a name with no unescaped '[' or ']' that does not start
// like a quoted attribute (`key="`, quotedAttrStart), then "](", digits
// and ")". Nothing else the printer writes has "](" after its first
// bracket group (a role is followed by a space, a group or the end of the
// line; an unquoted value cannot hold "]"; a quoted one starts `key="`),
// so this tells the two forms of an element apart, a link from an
// attribute, and a link named "+2 more" or "id=3" from a placeholder or a
// state line.
func (p *lineParser) linkAt(i int) bool {
	l := p.line
	if i >= len(l) || l[i] != '[' || quotedAttrStart(l[i+1:]) {
		return false
	}
	for j := i + 1; j < len(l); j++ {
		switch l[j] {
		case '\\':
			j++
		case '[':
			return false
		case ']':
			k := j + 1
			if k >= len(l) || l[k] != '(' {
				return false
			}
			d := k + 1
			for d < len(l) && l[d] >= '0' && l[d] <= '9' {
				d++
			}
			return d > k+1 && d < len(l) && l[d] == ')'
		}
	}
	return false
}

// link parses a link in its short form, "[name](N)", from p.i (linkAt
// holds). A further piece follows after one space, or, for a text that
// starts with closing punctuation, with none (p.glued).
func (p *lineParser) link(n *axtree.Node) (next bool, err error) {
	n.Role = "link"
	p.i++ // '['
	start := p.i
	name, err := p.escaped("]", `\[]`) // linkAt: a ']' ends the name
	if err != nil {
		return false, err
	}
	if name != "" && (name[0] == ' ' || name[len(name)-1] == ' ') {
		return false, p.errAt(start, "name with leading or trailing space")
	}
	n.Name = name
	p.i += 2 // "]("
	open := p.i
	for p.line[p.i] != ')' {
		p.i++
	}
	if n.ID, err = p.id(open, p.line[open:p.i], false); err != nil {
		return false, err
	}
	p.i++ // ')'
	switch {
	case p.eol():
		return false, nil
	case p.peek() == ' ':
		p.i++
		if p.eol() {
			return false, p.errAt(p.i-1, "trailing space")
		}
		if p.peek() != '[' && startsGlue(p.line[p.i:]) {
			return false, p.errAt(p.i-1, "a space between a link and the punctuation after it")
		}
		return true, nil
	}
	p.glued = true
	return true, nil
}

// startsGlue reports whether s starts with a rune that touches the link
// before it (glueRune).
func startsGlue(s string) bool {
	if s == "" {
		return false
	}
	r, _ := utf8.DecodeRuneInString(s)
	return glueRune(r)
}

// LineIDs returns the ids printed on one node line of the text form, in
// order: `[id=N]` of its elements (and of the cells of a row line) and
// `(N)` of its links (an inline run has several). The line's indentation
// is ignored; a line that does not parse on its own (a state-record line,
// the note, a malformed line) is an error.
func LineIDs(line string) ([]int, error) {
	_, pieces, err := ParsePieces(strings.TrimLeft(line, " \t"))
	if err != nil {
		return nil, err
	}
	var ids []int
	for _, pc := range pieces {
		if n := pc.Node; n.Role != "" && n.ID > 0 {
			ids = append(ids, n.ID)
		}
	}
	return ids, nil
}
