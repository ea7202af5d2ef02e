// Package serialize prints an axtree.Tree as the indented text an LLM agent
// reads (one line per node, see FORMAT.md for the grammar), parses that text
// back, and writes the same tree as JSON.
//
// The form state (field values, checked and selected choices) is printed
// after the tree in a state record, one "[id=N] [value=…]" line per element,
// so that filling in a form leaves every element line byte-identical and a
// prompt cache keeps the tree; Options.InlineState prints it on the lines.
//
// Untrusted page text can never forge syntax: names, text and values are
// whitespace-collapsed, stripped of control and format characters (bidi
// overrides included), and every '[' and '\' they contain is
// backslash-escaped, so an unescaped '[' in the output always starts syntax.
// Output is always valid UTF-8 and byte-for-byte stable for a given tree.
package serialize

import (
	"bytes"
	"io"
	"slices"
	"strconv"
	"unicode/utf8"
	"unsafe"

	"github.com/axtree/axtree/axtree"
	"github.com/axtree/axtree/roles"
)

// Default limits, in runes, used when the matching Options field is zero.
const (
	// DefaultNameLimit bounds element names: enough to tell apart two
	// product titles or two long link texts, short enough that one giant
	// aria-label or a link wrapping a whole card does not dominate the
	// observation (the agent acts by id, not by name).
	DefaultNameLimit = 120
	// DefaultTextLimit bounds text lines: a paragraph's gist (two or three
	// sentences) survives; walls of text (terms, reviews, scripts leaking
	// into text) are cut, since the tree is re-sent at every agent step.
	DefaultTextLimit = 300
	// DefaultValueLimit bounds attribute values (placeholder, value, ...): a
	// textarea's current content is shown by its start.
	DefaultValueLimit = 100
	// DefaultMaxDepth bounds nesting; deeper nodes are not printed. It also
	// bounds indentation bytes per line.
	DefaultMaxDepth = 256
)

// Options tunes Render, AppendText and the JSON writers. The zero value
// gives the defaults. For the limits, 0 means the default and a negative
// value means no limit.
type Options struct {
	NameLimit  int // max runes of an element name (DefaultNameLimit)
	TextLimit  int // max runes of a text line (DefaultTextLimit)
	ValueLimit int // max runes of a state or prop value (DefaultValueLimit)
	MaxDepth   int // nodes at depth >= MaxDepth are not printed (DefaultMaxDepth)

	// IndentTabs indents with one tab per level instead of two spaces. It
	// exists only so the benchmark can measure the token cost of the two
	// indentations; agents are always shown the default (spaces). Parse
	// reads both.
	IndentTabs bool

	// InlineState prints the form state (IsStateKey: value, checked,
	// selected) on the element's own line, where the builder put it,
	// instead of in the state record after the tree. The default, the
	// record, keeps every element line byte-identical while a form is being
	// filled in, so a prompt cache keeps the whole tree (see FORMAT.md,
	// "State record"). Nodes without an id always keep their state inline.
	InlineState bool

	// Extra, when set, is called for every element line and may append
	// attributes to dst; they are printed at the end of the line, after the
	// props, sanitised, escaped and quoted like props but not truncated (the
	// hook owns their length). Keys are deduplicated against the props. The
	// links package uses it to print [url="…"]. JSON output ignores it.
	Extra func(n *axtree.Node, dst []axtree.Attr) []axtree.Attr
}

// resolved returns o with defaults filled in and "no limit" as 0.
func (o Options) resolved() Options {
	o.NameLimit = limitOf(o.NameLimit, DefaultNameLimit)
	o.TextLimit = limitOf(o.TextLimit, DefaultTextLimit)
	o.ValueLimit = limitOf(o.ValueLimit, DefaultValueLimit)
	if o.MaxDepth <= 0 {
		o.MaxDepth = DefaultMaxDepth
	}
	return o
}

func limitOf(v, def int) int {
	switch {
	case v == 0:
		return def
	case v < 0:
		return 0
	}
	return v
}

// flushAt is the buffer size at which Render hands bytes to its writer.
const flushAt = 32 << 10

// printer holds the scratch state of one rendering.
type printer struct {
	opt      Options
	buf      []byte
	w        io.Writer
	err      error
	seen     nodeSet // nodes walked (made by walk or jsonNodes: seenMade)
	seenMade bool
	exact    bool // seen is makeNodeSet's even for AppendText (text saw a clash)
	deep     bool // a node was left out for MaxDepth
	stack    []item
	keys     keySet
	extra    []axtree.Attr

	// The line printed last: nl, its LF is not written yet (a joined
	// node continues it); open, it may take a further piece at openDepth;
	// openText, its last piece is a text.
	nl        bool
	open      bool
	openText  bool
	openDepth int
	openLink  bool // the last piece is a link in its short form, "[name](N)"
	flagged   bool // appendAttrs wrote an attribute without a value

	grid      bool           // the node being printed is inside a grid (item.grid)
	pieceCtx  int            // the cell context (cellContext) of the node piece printed last
	rowDone   bool           // the row just printed took its cells on its line (Rows)
	cells     []*axtree.Node // the cells of the row line being printed
	quiet     []item         // scratch stack of rowForm's quietWalk
	marked    []*axtree.Node // scratch of rowForm's quietWalk: the nodes it marked seen
	quietDeep bool           // quietWalk cut a node for MaxDepth

	roles  [roleSets][2]roleFacts // the role strings met last (role)
	ids    idSet                  // ids of the element lines printed so far
	record []*axtree.Node         // nodes whose state goes to the state record, in print order
}

// IsStateKey reports whether k is a key of the form state: "value" (a
// prop: a field's current value, a drop-down's chosen option), "checked" or
// "selected" (states of a choice): what a user sets by typing and choosing.
// Unless Options.InlineState is set, the printer moves them off the
// element's line into the state record after the tree. Other states
// (disabled, expanded, pressed, level, ...) say what a control is or whether
// what follows it is shown; they stay on the line.
func IsStateKey(k string) bool {
	return recordState(k) || recordProp(k)
}

// recordState reports whether a Node.States() key goes to the state record;
// recordProp the same for a Node.Props() key. A "value" among the states or a
// "checked" among the props is not the builder's and stays on the line.
func recordState(k string) bool { return k == "checked" || k == "selected" }
func recordProp(k string) bool  { return k == "value" }

// moreOpen and moreClose frame a placeholder line, "[+N more]".
const (
	moreOpen  = "[+"
	moreClose = " more]"
)

// isMore reports whether n is a placeholder for nodes a budget left out
// (axtree.Node.More); an element with More set is printed as an element.
// (The role first: most nodes are elements.)
func isMore(n *axtree.Node) bool { return n.Role == "" && n.More() > 0 }

// appendIndent appends the two spaces a level of depth levels, four
// levels an append (a loop turn a level cost more than the bytes).
func appendIndent(dst []byte, depth int) []byte {
	for ; depth >= 4; depth -= 4 {
		dst = append(dst, ' ', ' ', ' ', ' ', ' ', ' ', ' ', ' ')
	}
	switch depth {
	case 1:
		dst = append(dst, ' ', ' ')
	case 2:
		dst = append(dst, ' ', ' ', ' ', ' ')
	case 3:
		dst = append(dst, ' ', ' ', ' ', ' ', ' ', ' ')
	}
	return dst
}

// stateLineOpen starts a line of the state record.
const stateLineOpen = "[id="

type item struct {
	n     *axtree.Node
	depth int
	grid  bool // the nearest grid, treegrid or table above n is a grid or a treegrid (Rows)
}

// Render writes the text form of t to w. A nil tree writes nothing.
func Render(w io.Writer, t *axtree.Tree, opt Options) error {
	p := newPrinter(opt, make([]byte, 0, flushAt+4096))
	p.w = w
	p.text(t)
	p.flush()
	return p.err
}

// AppendText appends the text form of t to dst and returns the result.
func AppendText(dst []byte, t *axtree.Tree, opt Options) []byte {
	// a printer on the stack, not newPrinter's (1.4 KB made per call)
	p := printer{opt: opt.resolved(), buf: dst}
	p.text(t)
	return p.buf
}

func newPrinter(opt Options, buf []byte) *printer {
	return &printer{opt: opt.resolved(), buf: buf}
}

func (p *printer) flush() {
	if p.w == nil || len(p.buf) == 0 {
		return
	}
	if p.err == nil {
		_, p.err = p.w.Write(p.buf)
	}
	p.buf = p.buf[:0]
}

// walk visits the printable nodes of t in pre-order with their depth, each
// node at most once (a node reached twice, through a cycle or sharing, is
// skipped with its subtree), never deeper than MaxDepth. visit returns
// whether the node was shown; when it was not, its children take its depth.
func (p *printer) walk(t *axtree.Tree) {
	if t == nil {
		return
	}
	if !p.seenMade {
		hint, size, texts, lo, hi := p.sizeHint(t.Roots)
		if p.w == nil {
			if p.opt.Extra != nil {
				size += p.hookBytes(t.Roots, hint)
			}
			// AppendText: room for the whole text at once, instead of
			// the buffer doubling (and copying) its way there.
			p.buf = slices.Grow(p.buf, presize(size))
		}
		if p.w == nil && p.opt.Extra == nil && !p.exact {
			// AppendText: a bit an id, which text checks for a clash
			p.seen = makeNodeBits(hint-texts, 0)
		} else {
			p.seen = makeNodeSet(hint-texts, 0)
		}
		p.seen.rest = makeRest(texts, lo, hi)
		p.seenMade = true
		if !p.opt.InlineState {
			p.ids.bits = make([]uint64, hint/64+1) // a builder's ids are 1..nodes: addHeld's
		}
	}
	for i := range t.Roots {
		p.drain(t.Roots[i : i+1])
	}
}

// sizeHint counts the nodes under roots (up to a bound, ignoring sharing),
// and those without an id (texts) among them, so the seen set is
// allocated once instead of growing, and estimates the
// bytes of their text: lineBytes and detailBytes of each node and its
// indent unless it is Joined, or with no Extra hook, shortLink's bytes
// for a link that prints in its short form and rowBytes' for a row that
// prints as a line of cells (an Extra hook's attributes are hookBytes').
func (p *printer) sizeHint(roots []*axtree.Node) (count, size, texts int, lo, hi uintptr) {
	a := sizeAcc{short: p.opt.Extra == nil, lo: ^uintptr(0)}
	a.list(roots, 0, p.opt.MaxDepth)
	size = a.size
	if p.opt.IndentTabs {
		size += a.levels
	} else {
		size += 2 * a.levels
	}
	return a.count, size, a.texts, a.lo, a.hi
}

// sizeBound bounds the nodes sizeHint counts.
const sizeBound = 1 << 16

// sizeAcc is what sizeHint sums: nodes, their bytes, texts, and the
// indent levels of the lines; short says the short forms of links and
// rows may print (no Extra hook, whose attributes would keep them out).
type sizeAcc struct {
	count, size, texts, levels int
	lo, hi                     uintptr // the lowest and highest address of a text (lo > hi: none)
	short                      bool
}

// list adds the nodes of kids, at depth (below maxDepth), and under them,
// in pre-order, until sizeBound nodes are counted: a loop over each
// sibling list, a call for each node with children (the counts stay in
// registers; the walk of one stack of lists kept more state than they
// hold). A row that prints as a line of cells (rowBytes) is summed with
// its cells, which are leaves, without a call.
func (a *sizeAcc) list(kids []*axtree.Node, depth, maxDepth int) {
	count, size, texts, levels := a.count, a.size, a.texts, a.levels
	short := a.short
	for _, n := range kids {
		if count >= sizeBound {
			break
		}
		if n == nil {
			continue
		}
		count++
		size += lineBytes(n)
		if len(n.Role) == 4 && short && shortLink(n) {
			size -= 10 // "[" "](" ")" and three digits, not "[link] " and " [id=" "]"
			for id := n.ID; id > 999; id /= 10 {
				size++ // a digit past three
			}
		}
		if !n.Joined {
			levels += depth
		}
		if n.ID <= 0 {
			texts++
			u := uintptr(unsafe.Pointer(n))
			a.lo, a.hi = min(a.lo, u), max(a.hi, u)
		} else if n.Detail == nil && !n.Focusable && partRole(n.Role) { // unprintedID
			size -= 9 // a cell's, a row's, a heading's id
		}
		if d := n.Detail; d != nil { // most nodes have none
			size += detailBytes(d)
		}
		if len(n.Children) > 0 && depth+1 < maxDepth {
			a.count, a.size, a.texts, a.levels = count, size, texts, levels
			if !short || n.Role != "row" || !a.row(n) {
				a.list(n.Children, depth+1, maxDepth)
			}
			count, size, texts, levels = a.count, a.size, a.texts, a.levels
		}
	}
	a.count, a.size, a.texts, a.levels = count, size, texts, levels
}

// row adds row n's children, when n prints as a line of cells (rowBytes),
// with the bytes of that line for n's own, and reports whether it did.
// (A call of its own: list's loop keeps its counts in registers.)
//
//go:noinline
func (a *sizeAcc) row(n *axtree.Node) bool {
	b, ok := rowBytes(n)
	if !ok {
		return false
	}
	a.size += b - lineBytes(n)
	if unprintedID(n) {
		a.size += 9 // list took it off lineBytes'
	}
	for _, c := range n.Children {
		if a.count >= sizeBound {
			break
		}
		if c != nil {
			a.count++
			if c.ID <= 0 {
				a.texts++
				u := uintptr(unsafe.Pointer(c))
				a.lo, a.hi = min(a.lo, u), max(a.hi, u)
			}
		}
	}
	return true
}

// shortLink reports whether sizeHint counts node n as a link in its
// short form, "[name](N)": a link, not inferred, with an id and no
// detail (linkForm's test but for the hook and a name that reads as an
// attribute).
func shortLink(n *axtree.Node) bool {
	return n.Role == "link" && n.ID > 0 && !n.Inferred && n.Detail == nil
}

// rowBytes estimates the bytes of row n (below MaxDepth with its cells)
// printed as one line of cells, "| a | b [id=N] |", but for its indent,
// and reports whether sizeHint counts it so: n is a row as rowForm wants
// it (not inferred, no detail, no id printed, no name) and each child is
// nil or a leaf cell, not inferred, with no detail. What else rowForm
// asks of a row (a cell seen before, a hook) only makes the estimate
// larger than the line. Each cell counts a space, its name, " [id=" "]"
// with three digits when it has an id, " |", and "[role] " but for cell
// and gridcell (the default cell in a table and in a grid).
func rowBytes(n *axtree.Node) (int, bool) {
	if n.Inferred || n.Detail != nil || n.ID > 0 && n.Addressable() || n.Name != "" && printsText(n.Name) {
		return 0, false
	}
	b := 2 // "|" and the LF
	for _, c := range n.Children {
		if c == nil {
			continue
		}
		if len(c.Children) > 0 || c.Inferred || c.Detail != nil {
			return 0, false
		}
		switch c.Role {
		case "cell", "gridcell":
		case "columnheader", "rowheader":
			b += len(c.Role) + 3
		default:
			return 0, false
		}
		b += len(c.Name) + 3
		if c.ID > 0 {
			b += 9
		}
	}
	return b, true
}

// hookBytes estimates what an Extra hook adds to the
// first count nodes under roots (pre-order): the enriched view's
// [url="…"] for a linked node, its Href resolved.
func (p *printer) hookBytes(roots []*axtree.Node, count int) int {
	b := 0
	p.stack = p.push(p.stack[:0], roots, 0)
	for len(p.stack) > 0 && count > 0 {
		it := p.stack[len(p.stack)-1]
		p.stack = p.stack[:len(p.stack)-1]
		if it.n == nil || it.depth >= p.opt.MaxDepth {
			continue
		}
		count--
		if it.n.Href != "" {
			b += len(it.n.Href) + 64
		}
		p.stack = p.push(p.stack, it.n.Children, it.depth+1)
	}
	p.stack = p.stack[:0]
	return b
}

// maxPresize bounds the room AppendText makes in advance: past it (a
// tree of megabytes, or one nested thousands deep, whose estimate counts
// every indent) the buffer grows as it fills.
const maxPresize = 1 << 20

// presize is the room AppendText makes for a text estimated at size bytes
// (sizeHint): a little over the estimate, for escapes, the state record
// and the truncation note, and at most maxPresize.
func presize(size int) int { return min(size+size/32+64, maxPresize) }

// lineBytes estimates the bytes node n adds to the text but for its
// indent: its LF (or, Joined, the space before it), its name as it is
// (cleaning and limits shorten it, escapes lengthen it), and for an
// element its role in brackets, the space before the name and " [id=N]"
// (printed or not; N of three digits). sizeHint takes off the id a part
// does not print (unprintedID) and adds the rest; on the corpus the sum
// is 1.003 to 1.3 times the text.
func lineBytes(n *axtree.Node) int {
	b := len(n.Name) + 1
	if n.Role == "" {
		return b
	}
	b += len(n.Role) + 4 // "[role?] "
	if n.ID > 0 {
		b += 9 // " [id=" "]" and three digits
	}
	return b
}

// unprintedID reports whether element n has an id its line does not
// print, told without Node.Addressable: a part role (partRole) without
// Detail, not Focusable. sizeHint takes those nine bytes off lineBytes'.
func unprintedID(n *axtree.Node) bool {
	return n.ID > 0 && n.Detail == nil && !n.Focusable && partRole(n.Role)
}

// partRole is axtree.PartRole (heading, img, listitem, row, cell,
// columnheader, rowheader) told by the length first, each length then
// compared with its one or two roles (PartRole's string switch costs
// about twice as much).
func partRole(role string) bool {
	switch len(role) {
	case 3:
		return role == "row" || role == "img"
	case 4:
		return role == "cell"
	case 7:
		return role == "heading"
	case 8:
		return role == "listitem"
	case 9:
		return role == "rowheader"
	case 12:
		return role == "columnheader"
	}
	return false
}

// detailBytes is sizeHint's estimate for a node's d: each state and prop with its
// brackets, "=" and quotes, each action with its comma.
func detailBytes(d *axtree.Detail) int {
	b := 0
	for _, a := range d.States {
		b += len(a.Key) + len(a.Value) + 6
	}
	for _, a := range d.Props {
		b += len(a.Key) + len(a.Value) + 6
	}
	for _, a := range d.Actions {
		b += len(a) + 2
	}
	return b
}

// drain walks the nodes of list (a root) and under them, as walk says:
// in pre-order, the list being walked from cur.i and a stack of the lists
// to come back to, so that no child is pushed (most nodes are leaves, and
// a list's nodes share its depth and grid flag).
func (p *printer) drain(list []*axtree.Node) {
	type resume struct {
		kids  []*axtree.Node
		i     int
		depth int
		grid  bool
	}
	var buf [32]resume
	stack := buf[:0]
	cur := resume{kids: list}
	for {
		if cur.i == len(cur.kids) {
			if len(stack) == 0 {
				return
			}
			cur = stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			continue
		}
		n := cur.kids[cur.i]
		cur.i++
		if n == nil {
			p.open = false
			continue
		}
		if cur.depth >= p.opt.MaxDepth {
			p.deep = true
			p.open = false
			continue
		}
		var isNew bool
		if p.seen.bits != nil {
			isNew = p.seen.addBit(n)
		} else {
			isNew = p.seen.addNew(n)
		}
		if !isNew && n.ID <= 0 {
			// a text: add would ask the bits of the texts' range, after
			// two calls (nodeSet.add: an id of 0 has no slot or bit)
			isNew = p.seen.rest.addBit(n)
		}
		if !isNew && !p.seen.add(n) {
			p.open = false
			continue
		}
		d := cur.depth
		p.grid = cur.grid
		if p.line(n, d) {
			d++
		}
		if isMore(n) {
			continue // a placeholder stands for what was left out: no children
		}
		if p.rowDone {
			p.rowDone = false // a row printed as one line of cells took them
			continue
		}
		if len(n.Children) > 0 { // a leaf (most nodes) needs no grid flag
			stack = append(stack, cur)
			// gridIn(n): piece printed n last and noted its role's context
			cur = resume{kids: n.Children, depth: d, grid: gridUnder(p.pieceCtx, cur.grid)}
		}
		if p.w != nil && len(p.buf) >= flushAt {
			p.flush()
		}
	}
}

func (p *printer) push(stack []item, kids []*axtree.Node, depth int) []item {
	return p.pushIn(stack, kids, depth, false)
}

// pushIn pushes kids, the children of a node whose own item said grid.
func (p *printer) pushIn(stack []item, kids []*axtree.Node, depth int, grid bool) []item {
	for i := len(kids) - 1; i >= 0; i-- {
		stack = append(stack, item{kids[i], depth, grid})
	}
	return stack
}

// gridIn reports the grid flag n's children inherit: n itself is a grid or
// a treegrid (true) or a table (false), else the flag n had.
func (p *printer) gridIn(n *axtree.Node, grid bool) bool {
	return gridUnder(p.role(n.Role).ctx, grid)
}

// gridUnder is gridIn for a node whose role sets the cell context ctx
// (cellContext).
func gridUnder(ctx int, grid bool) bool {
	switch ctx {
	case ctxGrid:
		return true
	case ctxTable:
		return false
	}
	return grid
}

func (p *printer) text(t *axtree.Tree) {
	start := len(p.buf)
	p.walk(t)
	if p.seen.clash {
		// a node met twice or two nodes of one id (a tree built by
		// hand): the bits' answers may have been wrong, so print again
		// with a set of the nodes themselves (no byte was written out:
		// bits are AppendText's, without an Extra hook)
		*p = printer{opt: p.opt, buf: p.buf[:start], w: p.w, exact: true}
		p.walk(t)
	}
	p.endLine()
	p.stateRecord()
	if notes := p.notes(t); len(notes) > 0 {
		p.buf = append(p.buf, noteOpen...)
		for i, k := range notes {
			if i > 0 {
				p.buf = append(p.buf, ',')
			}
			p.buf = append(p.buf, k...)
		}
		p.buf = append(p.buf, ']', '\n')
	}
}

// notes returns the limits hit: the tree's Truncated list (cleaned to key
// bytes, deduplicated) plus "depth" when MaxDepth left nodes out.
func (p *printer) notes(t *axtree.Tree) []string {
	if t == nil || (len(t.Truncated) == 0 && !p.deep) {
		return nil
	}
	p.keys.reset()
	var out []string
	for _, k := range t.Truncated {
		if k = cleanKey(k); k != "" && p.keys.add(k) {
			out = append(out, k)
		}
	}
	if p.deep && p.keys.add("depth") {
		out = append(out, "depth")
	}
	return out
}

// endLine writes the LF of the line printed last.
func (p *printer) endLine() {
	if p.nl {
		p.buf = append(p.buf, '\n')
		p.nl = false
	}
}

// joins reports whether n is printed on the line printed last, as a
// further piece of an inline run (FORMAT.md, "Inline runs"): n is
// Joined, has no children and is not a placeholder, and the node printed
// just before it, at the same depth, left its line open (a text, or an
// element whose id ends it, with no attribute after the id that lacks a
// value, and no children); two texts never join, and an element that
// prints neither an id (Node.Addressable) nor a name starts its own line:
// it would read as attributes of the piece before it.
func (p *printer) joins(n *axtree.Node, depth int) bool {
	return n.Joined && p.nl && p.open && p.openDepth == depth && len(n.Children) == 0 &&
		!isMore(n) && !(n.Role == "" && p.openText) &&
		(n.Role == "" || n.ID > 0 && n.Addressable() || printsText(n.Name))
}

// printsText reports whether appendClean writes anything for s.
func printsText(s string) bool {
	for _, r := range s {
		if !isSpace(r) && !dropRune(r) {
			return true
		}
	}
	return false
}

// line prints one node's line, or its piece of the line printed last; it
// reports false (and prints nothing) for a text node whose text is empty
// after normalisation.
func (p *printer) line(n *axtree.Node, depth int) bool {
	if n.Joined && p.joins(n, depth) { // (joins' first test, before a call)
		start := len(p.buf)
		afterLink := p.openLink
		p.buf = append(p.buf, ' ')
		if !p.piece(n, depth) {
			p.buf = p.buf[:start]
			return false
		}
		if afterLink && n.Role == "" && gluesTo(p.buf[start+1:]) {
			// punctuation right after a link touches it, as in the
			// prose: "[Arden](12), a river"
			p.buf = append(p.buf[:start], p.buf[start+1:]...)
		}
		return true
	}
	p.endLine()
	start := len(p.buf)
	if p.opt.IndentTabs {
		for i := 0; i < depth; i++ {
			p.buf = append(p.buf, '\t')
		}
	} else {
		p.buf = appendIndent(p.buf, depth)
	}
	if isMore(n) {
		p.buf = append(p.buf, moreOpen...)
		p.buf = strconv.AppendInt(p.buf, int64(n.More()), 10)
		p.buf = append(p.buf, moreClose...)
		p.nl, p.open = true, false
		return true
	}
	if n.Role != "" {
		f := p.role(n.Role) // asked once: rowLine's, elementPiece's
		if len(n.Children) > 0 && f.key == "row" {
			if p.rowLine(n, depth, f) {
				return true
			}
			f = p.role(n.Role) // the cells' roles may have taken its slot
		}
		if !p.elementPiece(n, depth, f) {
			p.buf = p.buf[:start]
			return false
		}
		return true
	}
	at := len(p.buf)
	if !p.piece(n, depth) {
		p.buf = p.buf[:start]
		return false
	}
	if p.buf[at] == '|' {
		// a text starting a line with "|" would read as a row of cells
		p.buf = append(p.buf, 0)
		copy(p.buf[at+1:], p.buf[at:])
		p.buf[at] = '\\'
	}
	return true
}

// piece prints node n (not a placeholder) without indentation or LF and
// notes whether a further piece may follow it on its line; it reports
// false, with nothing worth keeping printed, for a text empty after
// normalisation.
func (p *printer) piece(n *axtree.Node, depth int) bool {
	if n.Role == "" {
		p.open, p.openDepth, p.openText, p.openLink = false, depth, true, false
		p.pieceCtx = ctxNone
		mark := len(p.buf)
		p.buf = appendClean(p.buf, n.Name, p.opt.TextLimit, escPlain)
		if len(p.buf) == mark {
			return false
		}
		p.nl, p.open = true, len(n.Children) == 0
		return true
	}
	return p.elementPiece(n, depth, p.role(n.Role))
}

// elementPiece is piece for an element, f the facts of its role (asked
// once: the role as printed, for linkForm and appendRole, its context,
// for drain, and whether it is a part, for the id).
func (p *printer) elementPiece(n *axtree.Node, depth int, f *roleFacts) bool {
	p.open, p.openDepth, p.openText, p.openLink = false, depth, false, false
	// Only an addressable element prints its id (FORMAT.md, "Ids").
	id := n.ID > 0 && f.addressable(n)
	if p.opt.Extra != nil {
		p.extra = p.opt.Extra(n, p.extra[:0])
	}
	key := f.key
	p.pieceCtx = f.ctx
	buf := p.buf // in a register between the appends; p.buf again at the end
	if id && p.linkForm(n, key) {
		// "[name](N)": a plain link, said as prose says it (FORMAT.md,
		// "Links"), unless its name would read as the start of a quoted
		// attribute, `[key="…`: then the element line says it.
		mark := len(buf)
		buf = append(buf, '[')
		buf = appendClean(buf, n.Name, p.opt.NameLimit, escLink)
		if !quotedAttrStart(buf[mark+1:]) {
			buf = append(buf, ']', '(')
			buf = appendInt(buf, n.ID)
			p.buf = append(buf, ')')
			if !p.opt.InlineState {
				if _, held := p.ids.addHeld(n.ID); !held {
					p.ids.add(n.ID)
				}
			}
			clear(p.extra)
			p.nl, p.open, p.openLink = true, len(n.Children) == 0, true
			return true
		}
		buf = buf[:mark]
	}
	// The form state leaves the line for the record when the id names this
	// element unambiguously: the first element line with that id.
	toRecord := false
	if !p.opt.InlineState && id {
		var held bool
		if toRecord, held = p.ids.addHeld(n.ID); !held {
			toRecord = p.ids.add(n.ID)
		}
	}
	recorded := false
	d := n.Detail // states, actions and props: most nodes have none
	if d == nil && !n.Inferred && f.open != "" {
		buf = append(buf, f.open...) // "[role] " at once
	} else {
		buf = appendRole(buf, n, key)
		if d != nil {
			p.keys.reset()
			for _, a := range d.States {
				k := cleanKey(a.Key)
				if k == "" || k == "actions" || !p.keys.add(k) {
					continue
				}
				if toRecord && recordState(k) {
					recorded = true
					continue
				}
				buf = append(buf, '[')
				buf = append(buf, k...)
				buf = appendValue(buf, a.Value, p.opt.ValueLimit)
				buf = append(buf, ']')
			}
			buf = p.appendActions(buf, d.Actions)
		}
		buf = append(buf, ' ')
	}
	mark := len(buf)
	buf = appendClean(buf, n.Name, p.opt.NameLimit, escPlain)
	if len(buf) == mark {
		buf = buf[:mark-1]
	}
	if id {
		buf = append(buf, " [id="...)
		buf = appendInt(buf, n.ID)
		buf = append(buf, ']')
	}
	p.flagged = false
	if d != nil || p.opt.Extra != nil { // (the keys of this line's props and hook attributes)
		p.keys.reset()
	}
	if d != nil {
		if toRecord {
			// mark the state props as printed, so that neither a later
			// duplicate nor the Extra hook puts them back on the line
			for _, a := range d.Props {
				if k := cleanKey(a.Key); recordProp(k) && p.keys.add(k) {
					recorded = true
				}
			}
		}
		buf = p.appendProps(buf, d.Props, p.opt.ValueLimit)
	}
	if recorded {
		p.record = append(p.record, n)
	}
	if p.opt.Extra != nil {
		buf = p.appendProps(buf, p.extra, 0)
		clear(p.extra) // drop references to the hook's strings
	}
	p.buf = buf
	p.nl, p.open = true, id && !p.flagged && len(n.Children) == 0
	return true
}

// stateRecord prints one line per recorded node, in print order:
// "[id=N]" and then, each after one space, the node's form states (in
// node order, first occurrence of a key) and its value.
func (p *printer) stateRecord() {
	for i, n := range p.record {
		p.buf = append(p.buf, stateLineOpen...)
		p.buf = appendInt(p.buf, n.ID)
		p.buf = append(p.buf, ']')
		p.keys.reset()
		p.buf = p.appendAttrs(p.buf, n.States(), p.opt.ValueLimit, recordState)
		p.keys.reset()
		p.buf = p.appendAttrs(p.buf, n.Props(), p.opt.ValueLimit, recordProp)
		p.buf = append(p.buf, '\n')
		p.record[i] = nil
		if p.w != nil && len(p.buf) >= flushAt {
			p.flush()
		}
	}
	p.record = p.record[:0]
}

// roleFacts is what the printer asks of a role string: its key as printed
// (cleanKey), the cell context it sets (cellContext) and the cell role it
// is (cellRole).
type roleFacts struct {
	data *byte // the string's bytes (nil for "" and in an empty slot)
	n    int
	key  string
	ctx  int
	cell string
	part bool   // axtree.PartRole
	open string // "[key] ", appendRole's bytes and the space after them; "" when unknown (learnt) or key is ""
}

// addressable is n.Addressable() for element n whose role's facts are f:
// an element whose role is not a part is, and a part is only when
// Focusable or with Detail (Node.Addressable's answers, told without
// PartRole's string switch or a call for a plain cell).
func (f *roleFacts) addressable(n *axtree.Node) bool {
	return !f.part || (n.Focusable || n.Detail != nil) && n.Addressable()
}

// roleSets is the number of sets of two slots in which the printer
// remembers role strings (a power of two: 1<<roleBits).
const (
	roleBits = 4
	roleSets = 1 << roleBits
)

// role returns the facts of role, remembered by the address and length
// of its bytes: a built tree's roles are the roles package's constants, a
// few strings met again on every line, so the facts are found without
// reading role's bytes. Strings do not change, and the slot keeps the
// bytes it names alive, so an address met again is the same role. (An
// empty slot answers for "", as learnRole would.) A role may sit in
// either slot of the set its address and length hash to (a Fibonacci
// hash: the constants' addresses are packed bytes apart, and which of
// them shared a set of one slot varied with the binary's layout); a role
// learnt takes the first slot and moves the first slot's role to the
// second.
func (p *printer) role(role string) *roleFacts {
	data := unsafe.StringData(role)
	set := &p.roles[(uint64(uintptr(unsafe.Pointer(data)))+uint64(len(role)))*0x9E3779B97F4A7C15>>(64-roleBits)]
	if f := &set[0]; f.data == data && f.n == len(role) {
		return f
	}
	if f := &set[1]; f.data == data && f.n == len(role) {
		return f
	}
	set[1] = set[0]
	return p.learnRole(&set[0], role)
}

// learnRole fills slot f with the facts of role and returns it.
//
//go:noinline
func (p *printer) learnRole(f *roleFacts, role string) *roleFacts {
	if id := roles.IDOf(role); id != roles.NoRole {
		// a role of the roles package (a built tree's are): its facts
		// were found once, at package initialization
		k := &knownRoleFacts[id]
		*f = roleFacts{data: unsafe.StringData(role), n: len(role), key: k.key, ctx: k.ctx, cell: k.cell, part: k.part, open: k.open}
		return f
	}
	*f = roleFacts{data: unsafe.StringData(role), n: len(role), key: cleanKey(role), ctx: cellContext(role), cell: cellRole(role), part: axtree.PartRole(role)}
	return f
}

// knownRoleFacts holds the facts of each role of the roles package, by ID
// (the printer's slots learn a page's roles again in every render: a look
// up by ID costs less than cleanKey, cellContext and cellRole). Only read
// after package initialization.
var knownRoleFacts = func() (t [roles.NumIDs]roleFacts) {
	for id := range roles.NumIDs {
		if name := roles.ID(id).String(); name != "" {
			t[id] = roleFacts{key: cleanKey(name), ctx: cellContext(name), cell: cellRole(name), part: axtree.PartRole(name)}
			if k := t[id].key; k != "" {
				t[id].open = "[" + k + "] "
			}
		}
	}
	return t
}()

// idSet records the ids of printed element lines: a bitmap for the small
// dense ids a builder assigns, a map for any others.
type idSet struct {
	bits []uint64
	big  map[int]struct{}
}

// maxBitmapID bounds the bitmap (256 KiB); larger ids go to the map.
const maxBitmapID = 1 << 21

// addHeld records id when the bitmap holds its word, where add would
// record it, and reports whether it was new (isNew) and whether it did
// (held); with held false nothing is recorded and add decides. It is
// small enough to be inlined where add is a call.
func (s *idSet) addHeld(id int) (isNew, held bool) {
	w := uint(id) >> 6
	if w >= uint(len(s.bits)) {
		return false, false
	}
	b := uint64(1) << (uint(id) & 63)
	old := s.bits[w]
	s.bits[w] = old | b
	return old&b == 0, true
}

// add records id and reports whether it was new.
func (s *idSet) add(id int) bool {
	if id < maxBitmapID {
		w, b := id>>6, uint64(1)<<(id&63)
		if w >= len(s.bits) {
			n := len(s.bits)
			s.bits = slices.Grow(s.bits, w+1-n)[:w+1]
			clear(s.bits[n:])
		}
		if s.bits[w]&b != 0 {
			return false
		}
		s.bits[w] |= b
		return true
	}
	if s.big == nil {
		s.big = make(map[int]struct{})
	}
	if _, ok := s.big[id]; ok {
		return false
	}
	s.big[id] = struct{}{}
	return true
}

// appendRole appends "[role]" or "[role?]" for an inferred role, role
// being key, n.Role as printed (printer.role's key). A role with no key
// bytes left prints as "generic".
func appendRole(dst []byte, n *axtree.Node, key string) []byte {
	dst = append(dst, '[')
	if key != "" {
		dst = append(dst, key...)
	} else {
		dst = append(dst, "generic"...)
	}
	if n.Inferred {
		dst = append(dst, '?')
	}
	return append(dst, ']')
}

// appendActions appends "[actions=a,b]" with cleaned, deduplicated names;
// nothing when none survive.
func (p *printer) appendActions(dst []byte, actions []string) []byte {
	if len(actions) == 0 {
		return dst
	}
	start := len(dst)
	dst = append(dst, "[actions="...)
	first := len(dst)
	p.keys.reset()
	for _, a := range actions {
		mark := len(dst)
		if mark > first {
			dst = append(dst, ',')
		}
		name := len(dst)
		dst = appendAction(dst, a)
		if len(dst) == name || !p.newAction(dst[first:name], dst[name:], len(actions)) {
			dst = dst[:mark]
		}
	}
	if len(dst) == first {
		return dst[:start]
	}
	return append(dst, ']')
}

// newAction reports whether action a is not among prev (the actions
// written so far, comma-separated). Few actions are compared in place;
// many go through the key set, so hostile input stays linear.
func (p *printer) newAction(prev, a []byte, total int) bool {
	if total > keySetLinear {
		return p.keys.add(string(a))
	}
	for len(prev) > 0 {
		seg := prev
		if i := bytes.IndexByte(prev, ','); i >= 0 {
			seg, prev = prev[:i], prev[i+1:]
		} else {
			prev = nil
		}
		if bytes.Equal(seg, a) {
			return false
		}
	}
	return true
}

// appendProps appends " [key=value]" for each attr whose cleaned key is
// non-empty, not "id" and not yet printed on this line.
func (p *printer) appendProps(dst []byte, attrs []axtree.Attr, limit int) []byte {
	return p.appendAttrs(dst, attrs, limit, notID)
}

func notID(k string) bool { return k != "id" }

// appendAttrs appends " [key=value]" for each attr whose cleaned key is
// non-empty, kept by keep and not yet in p.keys.
func (p *printer) appendAttrs(dst []byte, attrs []axtree.Attr, limit int, keep func(string) bool) []byte {
	for _, a := range attrs {
		k := cleanKey(a.Key)
		if k == "" || !keep(k) || !p.keys.add(k) {
			continue
		}
		dst = append(dst, ' ', '[')
		dst = append(dst, k...)
		mark := len(dst)
		dst = appendValue(dst, a.Value, limit)
		if len(dst) == mark {
			p.flagged = true
		}
		dst = append(dst, ']')
	}
	return dst
}

// appendValue appends "=value" (bare when the cleaned value is a token,
// quoted and escaped otherwise) or nothing when the cleaned value is empty.
func appendValue(dst []byte, v string, limit int) []byte {
	if v == "" {
		return dst
	}
	if (limit <= 0 || len(v) <= limit) && isToken(v) {
		dst = append(dst, '=')
		return append(dst, v...)
	}
	mark := len(dst)
	dst = append(dst, '=', '"')
	dst = appendClean(dst, v, limit, escQuoted)
	content := dst[mark+2:]
	switch {
	case len(content) == 0:
		return dst[:mark]
	case isToken(content):
		copy(dst[mark+1:], content)
		return dst[:len(dst)-1]
	}
	return append(dst, '"')
}

// keySet deduplicates the keys of one line without allocating in the
// common case of a few keys.
type keySet struct {
	list []string
	m    map[string]struct{}
}

const keySetLinear = 16

func (s *keySet) reset() {
	s.list = s.list[:0]
	if s.m != nil {
		clear(s.m)
	}
}

// add records k and reports whether it was new.
func (s *keySet) add(k string) bool {
	if len(s.list) < keySetLinear && len(s.m) == 0 {
		for _, x := range s.list {
			if x == k {
				return false
			}
		}
		if s.list == nil {
			s.list = make([]string, 0, 4) // a line's keys at once, not 1, 2, 4
		}
		s.list = append(s.list, k)
		return true
	}
	if s.m == nil {
		s.m = make(map[string]struct{}, 2*keySetLinear)
	}
	if len(s.m) == 0 {
		for _, x := range s.list {
			s.m[x] = struct{}{}
		}
	}
	if _, ok := s.m[k]; ok {
		return false
	}
	s.m[k] = struct{}{}
	return true
}

// linkForm reports whether element n prints in the short form of a link,
// "[name](N)": a link (not an inferred one) with nothing on its line but
// its name and id: no state, action, prop or hook attribute that would
// print. Every other element, and a link that has more to say, prints
// "[role] name [id=N] …". key is n.Role as printed (printer.role's key).
func (p *printer) linkForm(n *axtree.Node, key string) bool {
	if n.Inferred || key != "link" {
		return false // the role as printed (appendRole) is not "link"
	}
	return bare(n, p.extra)
}

// bare reports whether an element's line would say nothing but its role,
// name and id: no action, state, prop or hook attribute (extra) that
// would print.
func bare(n *axtree.Node, extra []axtree.Attr) bool {
	if d := n.Detail; d != nil {
		var scratch [64]byte
		for _, a := range d.Actions {
			if len(appendAction(scratch[:0], a)) > 0 {
				return false
			}
		}
		for _, a := range d.States {
			if k := cleanKey(a.Key); k != "" && k != "actions" {
				return false
			}
		}
		for _, a := range d.Props {
			if k := cleanKey(a.Key); k != "" && k != "id" {
				return false
			}
		}
	}
	for _, a := range extra {
		if k := cleanKey(a.Key); k != "" && k != "id" {
			return false
		}
	}
	return true
}

// gluesTo reports whether text (a piece as printed) starts with the
// punctuation that follows a word without a space: it is printed right
// after a link in its short form, with no space between (FORMAT.md,
// "Links").
func gluesTo(text []byte) bool {
	if len(text) == 0 {
		return false
	}
	r, _ := utf8.DecodeRune(text)
	return glueRune(r)
}

// glueRune reports the runes a text may start with to touch the link
// before it: closing punctuation and quotes.
func glueRune(r rune) bool {
	switch r {
	case '.', ',', ';', ':', '!', '?', ')', '"', '\'', '’', '”', '»':
		return true
	}
	return false
}

// quotedAttrStart reports whether b starts like the inside of a quoted
// attribute group, key bytes and `="`: a link whose name starts so is not
// printed in its short form, which Parse could not tell from
// ` [key="…"]` after an element's id.
func quotedAttrStart[T ~string | ~[]byte](b T) bool {
	i := 0
	for i < len(b) && isKeyByte(b[i]) {
		i++
	}
	return i > 0 && i+1 < len(b) && b[i] == '=' && b[i+1] == '"'
}

// appendInt appends id in decimal, as strconv.AppendInt does: ids below
// 10,000 (a built tree numbers its elements from 1) digit by digit,
// others by strconv (which costs ~110 instructions an id through its
// general path).
func appendInt(dst []byte, id int) []byte {
	switch u := uint(id); {
	case u < 10:
		return append(dst, byte('0'+u))
	case u < 100:
		return append(dst, byte('0'+u/10), byte('0'+u%10))
	case u < 1000:
		return append(dst, byte('0'+u/100), byte('0'+u/10%10), byte('0'+u%10))
	case u < 10000:
		return append(dst, byte('0'+u/1000), byte('0'+u/100%10), byte('0'+u/10%10), byte('0'+u%10))
	}
	return strconv.AppendInt(dst, int64(id), 10)
}
