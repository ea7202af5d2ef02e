package serialize

import (
	"strconv"

	"github.com/axtree/axtree/axtree"
)

// The printer's line, piece, joins, rowLine and rowForm as they were
// before line asked the role's facts once for all of them (and rowLine
// only of a node with children whose role prints as row), before the
// facts said whether a role is a part (for Node.Addressable), before the
// indent was appended four levels at a time and isMore tested the role
// first (and before the element's piece kept the buffer in a local and
// appended a known role's "[role] " at once): the reference for
// TestLineSameAsOld (oldLine, with oldDrain).

// oldIsMore is isMore as it was.
func oldIsMore(n *axtree.Node) bool { return n.More() > 0 && n.Role == "" }

func (p *printer) oldLine(n *axtree.Node, depth int) bool {
	if p.oldJoins(n, depth) {
		start := len(p.buf)
		afterLink := p.openLink
		p.buf = append(p.buf, ' ')
		if !p.oldPiece(n, depth) {
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
		for i := 0; i < depth; i++ {
			p.buf = append(p.buf, ' ', ' ')
		}
	}
	if oldIsMore(n) {
		p.buf = append(p.buf, moreOpen...)
		p.buf = strconv.AppendInt(p.buf, int64(n.More()), 10)
		p.buf = append(p.buf, moreClose...)
		p.nl, p.open = true, false
		return true
	}
	if p.oldRowLine(n, depth) {
		return true
	}
	at := len(p.buf)
	if !p.oldPiece(n, depth) {
		p.buf = p.buf[:start]
		return false
	}
	if n.Role == "" && p.buf[at] == '|' {
		// a text starting a line with "|" would read as a row of cells
		p.buf = append(p.buf, 0)
		copy(p.buf[at+1:], p.buf[at:])
		p.buf[at] = '\\'
	}
	return true
}

func (p *printer) oldPiece(n *axtree.Node, depth int) bool {
	p.open, p.openDepth, p.openText, p.openLink = false, depth, n.Role == "", false
	if n.Role == "" {
		p.pieceCtx = ctxNone
		mark := len(p.buf)
		p.buf = appendClean(p.buf, n.Name, p.opt.TextLimit, escPlain)
		if len(p.buf) == mark {
			return false
		}
		p.nl, p.open = true, len(n.Children) == 0
		return true
	}
	// Only an addressable element prints its id (FORMAT.md, "Ids").
	id := n.ID > 0 && n.Addressable()
	if p.opt.Extra != nil {
		p.extra = p.opt.Extra(n, p.extra[:0])
	}
	f := p.role(n.Role) // asked once: the role as printed (linkForm, appendRole), its context (drain)
	key := f.key
	p.pieceCtx = f.ctx
	if id && p.linkForm(n, key) {
		// "[name](N)": a plain link, said as prose says it (FORMAT.md,
		// "Links"), unless its name would read as the start of a quoted
		// attribute, `[key="…`: then the element line says it.
		mark := len(p.buf)
		p.buf = append(p.buf, '[')
		p.buf = appendClean(p.buf, n.Name, p.opt.NameLimit, escLink)
		if !quotedAttrStart(p.buf[mark+1:]) {
			p.buf = append(p.buf, ']', '(')
			p.buf = appendInt(p.buf, n.ID)
			p.buf = append(p.buf, ')')
			if !p.opt.InlineState {
				if _, held := p.ids.addHeld(n.ID); !held {
					p.ids.add(n.ID)
				}
			}
			clear(p.extra)
			p.nl, p.open, p.openLink = true, len(n.Children) == 0, true
			return true
		}
		p.buf = p.buf[:mark]
	}
	p.buf = appendRole(p.buf, n, key)
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
	p.keys.reset()
	d := n.Detail // states, actions and props: most nodes have none
	if d != nil {
		for _, a := range d.States {
			k := cleanKey(a.Key)
			if k == "" || k == "actions" || !p.keys.add(k) {
				continue
			}
			if toRecord && recordState(k) {
				recorded = true
				continue
			}
			p.buf = append(p.buf, '[')
			p.buf = append(p.buf, k...)
			p.buf = appendValue(p.buf, a.Value, p.opt.ValueLimit)
			p.buf = append(p.buf, ']')
		}
		p.buf = p.appendActions(p.buf, d.Actions)
	}
	p.buf = append(p.buf, ' ')
	mark := len(p.buf)
	p.buf = appendClean(p.buf, n.Name, p.opt.NameLimit, escPlain)
	if len(p.buf) == mark {
		p.buf = p.buf[:mark-1]
	}
	if id {
		p.buf = append(p.buf, " [id="...)
		p.buf = appendInt(p.buf, n.ID)
		p.buf = append(p.buf, ']')
	}
	p.flagged = false
	p.keys.reset()
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
		p.buf = p.appendProps(p.buf, d.Props, p.opt.ValueLimit)
	}
	if recorded {
		p.record = append(p.record, n)
	}
	if p.opt.Extra != nil {
		p.buf = p.appendProps(p.buf, p.extra, 0)
		clear(p.extra) // drop references to the hook's strings
	}
	p.nl, p.open = true, id && !p.flagged && len(n.Children) == 0
	return true
}

func (p *printer) oldJoins(n *axtree.Node, depth int) bool {
	return n.Joined && p.nl && p.open && p.openDepth == depth && len(n.Children) == 0 &&
		!oldIsMore(n) && !(n.Role == "" && p.openText) &&
		(n.Role == "" || n.ID > 0 && n.Addressable() || printsText(n.Name))
}

func (p *printer) oldRowLine(n *axtree.Node, depth int) bool {
	if !p.oldRowForm(n, depth) {
		return false
	}
	def := defaultCell(p.grid)
	p.buf = append(p.buf, '|')
	for i, c := range p.cells {
		p.cells[i] = nil
		p.buf = append(p.buf, ' ')
		mark := len(p.buf)
		if r := p.role(c.Role).cell; r != def {
			p.buf = append(p.buf, '[')
			p.buf = append(p.buf, r...)
			p.buf = append(p.buf, "] "...)
		}
		p.buf = appendClean(p.buf, c.Name, p.opt.NameLimit, escCell)
		if c.ID > 0 && c.Addressable() {
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

func (p *printer) oldRowForm(n *axtree.Node, depth int) bool {
	if n.Inferred || len(n.Children) == 0 || depth+1 >= p.opt.MaxDepth || p.role(n.Role).key != "row" ||
		printsText(n.Name) || n.ID > 0 && n.Addressable() || !p.bareWithHook(n) {
		return false
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

// oldLineText is AppendText printing each line with oldLine (walked by
// oldDrain, with makeNodeSet's set, as oldText).
func oldLineText(t *axtree.Tree, opt Options) []byte {
	p := newPrinter(opt, nil)
	if t != nil {
		hint, _, texts, _, _ := p.sizeHint(t.Roots)
		p.seen, p.seenMade = makeNodeSet(hint-texts, texts), true
		for _, root := range t.Roots {
			p.stack = append(p.stack[:0], item{root, 0, false})
			oldDrain(p, p.oldLine)
		}
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
	return p.buf
}
