package serialize

import (
	"strings"

	"github.com/axtree/axtree/axtree"
)

// The row form (FORMAT.md, "Rows"): a table or grid row whose cells say
// nothing but their text and id prints as one line,
//
//	| [rowheader] Rent | 507.00 [id=31] | 1,233.00 [id=32] |
//
// each cell between bars, its role left out when it is the default of
// its container (gridcell in a grid or treegrid, cell elsewhere).

// Containers that decide a cell's default role.
const (
	ctxNone  = iota
	ctxGrid  // grid, treegrid: gridcell
	ctxTable // table: cell
)

// cellContext says whether role (as printed) sets the default cell role
// of the rows below it.
func cellContext(role string) int {
	switch cleanKey(role) {
	case "grid", "treegrid":
		return ctxGrid
	case "table":
		return ctxTable
	}
	return ctxNone
}

// cellRole returns role as printed when it is a role of a cell, else "".
func cellRole(role string) string {
	switch cleanKey(role) {
	case "cell":
		return "cell"
	case "gridcell":
		return "gridcell"
	case "columnheader":
		return "columnheader"
	case "rowheader":
		return "rowheader"
	}
	return ""
}

// defaultCell is the cell role a row line leaves out in a grid or not.
func defaultCell(grid bool) string {
	if grid {
		return "gridcell"
	}
	return "cell"
}

// rowLine prints row n and its cells as one line when it may (rowForm)
// and reports whether it did; p.rowDone then tells the walk that the
// cells are printed. n has children and its role, whose facts are f,
// prints as "row" (line asks rowLine of no other node).
func (p *printer) rowLine(n *axtree.Node, depth int, f *roleFacts) bool {
	if !p.rowForm(n, depth, f) {
		return false
	}
	def := defaultCell(p.grid)
	p.buf = append(p.buf, '|')
	for i, c := range p.cells {
		p.cells[i] = nil
		p.buf = append(p.buf, ' ')
		mark := len(p.buf)
		cf := p.role(c.Role)
		if r := cf.cell; r != def {
			p.buf = append(p.buf, '[')
			p.buf = append(p.buf, r...)
			p.buf = append(p.buf, "] "...)
		}
		p.buf = appendClean(p.buf, c.Name, p.opt.NameLimit, escCell)
		if c.ID > 0 && cf.addressable(c) {
			if len(p.buf) > mark && p.buf[len(p.buf)-1] != ' ' {
				p.buf = append(p.buf, ' ')
			}
			p.buf = append(p.buf, "[id="...)
			p.buf = appendInt(p.buf, c.ID)
			p.buf = append(p.buf, ']')
			if !p.opt.InlineState {
				if _, held := p.ids.addHeld(c.ID); !held {
					p.ids.add(c.ID)
				}
			}
		}
		if len(p.buf) > mark && p.buf[len(p.buf)-1] != ' ' {
			p.buf = append(p.buf, ' ')
		}
		p.buf = append(p.buf, '|')
	}
	p.cells = p.cells[:0]
	p.nl, p.open, p.openText, p.openLink = true, false, false, false
	p.rowDone = true
	return true
}

// rowForm reports whether row n prints as a line of cells: n is a row
// (not inferred) that prints only its role (no name, no id, nothing
// else), within MaxDepth with its cells, and what would print below it is
// at least one cell and nothing else: each a cell (cell, gridcell,
// columnheader, rowheader; not inferred) with nothing on its line but its
// name and id, and nothing printed below it. What prints nothing (a text
// empty after normalisation, a node already printed) is passed over as
// the walk passes over it (a cell inside an empty text is the row's cell,
// as it would print), and marked seen as the walk would mark it. It
// leaves the cells in p.cells. f is the facts of n's role (rowLine's).
func (p *printer) rowForm(n *axtree.Node, depth int, f *roleFacts) bool {
	if n.Inferred || len(n.Children) == 0 || depth+1 >= p.opt.MaxDepth || f.key != "row" ||
		printsText(n.Name) || n.ID > 0 && f.addressable(n) || !p.bareWithHook(n) {
		return false
	}
	if p.opt.Extra == nil && p.firstCellNests(n, depth) {
		return false // a cell holding a checkbox, a link, a button: most table rows
	}
	if p.marked == nil {
		// the first row walked: room for a few rows' cells and marks
		// (one array, each half capped) and for quietWalk's stack at
		// once, instead of growing from one (1, 2, 4, 8, ...)
		scratch := make([]*axtree.Node, 0, 32)
		p.marked, p.cells = scratch[:0:16], scratch[16:16]
		p.quiet = make([]item, 0, 16)
	}
	p.quiet, p.marked, p.quietDeep = p.quiet[:0], p.marked[:0], false
	p.cells = p.cells[:0]
	ok := p.quietWalk(n.Children, depth+1, true)
	p.quiet = p.quiet[:0]
	if !ok || len(p.cells) == 0 {
		p.undoQuiet()
		clear(p.cells)
		p.cells = p.cells[:0]
		return false
	}
	p.marked = p.marked[:0]
	if p.quietDeep {
		p.deep = true // a cell's content was cut for MaxDepth, as the walk would have said
	}
	return true
}

// firstCellNests reports, without quietWalk's marks, that quietWalk
// would turn row n (at depth) down at its first node: n's first child c
// (nil ones passed over) is an element not seen yet, and c's first child
// g is an element other than c, not seen yet, within MaxDepth. quietWalk
// marks c and either turns it down (not a cell) or walks its children,
// where g, the first it meets, prints below a cell. (Only the first of
// each: a later one may be reached, and marked seen, through an earlier
// one in a tree built by hand.) rowForm asks it only without an Extra
// hook, whose calls quietWalk would make.
func (p *printer) firstCellNests(n *axtree.Node, depth int) bool {
	c := firstKid(n)
	if c == nil || c.Role == "" || p.seen.has(c) {
		return false
	}
	g := firstKid(c)
	return g != nil && g != c && g.Role != "" && depth+2 < p.opt.MaxDepth && !p.seen.has(g)
}

// firstKid returns n's first child that is not nil, or nil.
func firstKid(n *axtree.Node) *axtree.Node {
	for _, c := range n.Children {
		if c != nil {
			return c
		}
	}
	return nil
}

// quietWalk goes over kids at depth as the printer's walk would, without
// printing: it marks seen what the walk would mark (in p.marked, which
// undoQuiet removes), its stack in p.quiet, and sets p.quietDeep when a
// node is cut for MaxDepth. With cells, each node that would print a line
// there must be a cell (cell, which appends it to p.cells), else no node
// may print. A node that prints must have nothing print below it (its
// children are walked at depth+1 with no node allowed to print). It
// reports false as soon as a node prints that may not, or something below
// a printed node would print. (The printer's own fields and a flag rather
// than a walker struct and a func argument: the printer stays on its
// caller's stack.)
func (p *printer) quietWalk(kids []*axtree.Node, depth int, cells bool) bool {
	base := len(p.quiet)
	p.quiet = p.push(p.quiet, kids, depth)
	for len(p.quiet) > base {
		it := p.quiet[len(p.quiet)-1]
		p.quiet = p.quiet[:len(p.quiet)-1]
		switch {
		case it.n == nil || p.seen.has(it.n):
			continue
		case it.depth >= p.opt.MaxDepth:
			p.quietDeep = true
			continue
		}
		if p.seen.bits == nil && !p.seen.addNew(it.n) || p.seen.bits != nil && !p.seen.addBit(it.n) {
			p.seen.add(it.n)
		}
		p.marked = append(p.marked, it.n)
		if it.n.Role == "" && !isMore(it.n) && !printsText(it.n.Name) {
			p.quiet = p.push(p.quiet, it.n.Children, it.depth) // prints nothing: its children take its depth
			continue
		}
		if !cells || !p.cell(it.n) || !p.quietWalk(it.n.Children, it.depth+1, false) {
			p.quiet = p.quiet[:base]
			return false
		}
	}
	return true
}

// cell reports whether c prints as a cell of a row line (a cell role, not
// inferred, nothing on its line but its name and id) and if so appends it
// to p.cells.
func (p *printer) cell(c *axtree.Node) bool {
	if c.Inferred || p.role(c.Role).cell == "" || !p.bareWithHook(c) {
		return false
	}
	p.cells = append(p.cells, c)
	return true
}

// undoQuiet removes every seen mark quietWalk made.
func (p *printer) undoQuiet() {
	for _, m := range p.marked {
		p.seen.delete(m)
	}
	p.marked = p.marked[:0]
}

// bareWithHook is bare with the Extra hook's attributes for n.
func (p *printer) bareWithHook(n *axtree.Node) bool {
	if p.opt.Extra == nil {
		return bare(n, nil)
	}
	p.extra = p.opt.Extra(n, p.extra[:0])
	ok := bare(n, p.extra)
	clear(p.extra)
	return ok
}

// row parses a row line, "| a | b [id=3] |", from p.i (at its '|') into
// row, its cells appended as its children from cells (grid: the default
// cell role is gridcell). It returns the byte span of each cell's text
// (from, to; equal for an empty cell), relative to the line.
func (p *lineParser) row(row *axtree.Node, cells *[]axtree.Node, grid bool, spans [][2]int) ([][2]int, error) {
	row.Role, row.DOM = "row", -1
	def := defaultCell(grid)
	p.i++ // '|'
	for {
		if err := p.expect(' '); err != nil {
			return nil, err
		}
		if len(*cells) == cap(*cells) {
			*cells = make([]axtree.Node, 0, 64)
		}
		*cells = append(*cells, axtree.Node{DOM: -1, Role: def})
		c := &(*cells)[len(*cells)-1]
		from := p.i
		if err := p.cell(c, def); err != nil {
			return nil, err
		}
		to := p.i
		if to > from {
			if err := p.expect(' '); err != nil {
				return nil, err
			}
		}
		if err := p.expect('|'); err != nil {
			return nil, err
		}
		row.Children = append(row.Children, c)
		spans = append(spans, [2]int{from, to})
		if p.eol() {
			return spans, nil
		}
	}
}

// cell reads one cell's text of a row line: "[role] name [id=N]", each
// part optional, the role only when it is not def; p.i stops at the
// space before the closing '|' (or at the '|' of an empty cell).
func (p *lineParser) cell(c *axtree.Node, def string) error {
	if p.peek() == '|' {
		return nil // an empty cell
	}
	if p.peek() == '[' && !strings.HasPrefix(p.line[p.i:], "[id=") {
		open := p.i
		p.i++
		r := cellRole(p.key())
		if r == "" || r != p.line[open+1:p.i] {
			return p.errAt(open, "expected a cell role (cell, gridcell, columnheader, rowheader)")
		}
		if r == def {
			return p.errAt(open, "the default cell role ["+def+"] is not written")
		}
		if err := p.expect(']'); err != nil {
			return err
		}
		c.Role = r
		if err := p.expect(' '); err != nil {
			return err
		}
		if p.peek() == '|' {
			p.i-- // the space before '|'
			return nil
		}
	}
	if p.peek() != '[' {
		start := p.i
		name, err := p.escaped("[|", `\[|`)
		if err != nil {
			return err
		}
		if p.eol() || name == "" || name[len(name)-1] != ' ' || p.line[p.i-1] != ' ' {
			return p.errAt(start, "a cell's text ends with a space before '[id=' or '|'")
		}
		name = name[:len(name)-1]
		if name == "" || name[0] == ' ' || name[len(name)-1] == ' ' {
			return p.errAt(start, "cell text with leading or trailing space")
		}
		c.Name = name
		if p.peek() == '|' {
			p.i-- // the space before '|'
			return nil
		}
	}
	if !strings.HasPrefix(p.line[p.i:], "[id=") {
		return p.errf("expected [id=N] or '|' in a cell")
	}
	open, k, v, quoted, err := p.attr()
	if err != nil {
		return err
	}
	if k != "id" {
		return p.errAt(open, "expected [id=N] in a cell")
	}
	if c.ID, err = p.id(open, v, quoted); err != nil {
		return err
	}
	return nil
}
