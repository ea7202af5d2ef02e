package accname

import (
	"math"
	"unsafe"

	"golang.org/x/net/html"

	"github.com/axtree/axtree/dom"
	"github.com/axtree/axtree/roles"
)

// A table row is named from its content: its cells' text, which a tree
// builder has just named cell by cell (each cell is named from its own
// content) and walks once more for its text lines. Walking the row's
// content a third time is the most expensive name of a table page. When
// the row's walk would meet nothing but its cells, each one as the cell's
// own name computation met it, and no limit of the walk would cut it, the
// row's name is its cells' names joined with spaces: RowName computes it
// so, from what each cell's computation noted (cellNote), and walks the
// row otherwise.

// cellNote is what one cell's name computation (Name, as the root of its
// walk) did: what the row's walk would add to its own counts when it meets
// the cell, which it walks the same way one level deeper.
type cellNote struct {
	n *html.Node
	// name is the name the computation gave n, as n's memo holds it;
	// stale says Forget dropped the memo since (the row asks the memo).
	name  string
	stale bool
	// the counts, each within its limit (MaxObjects, MaxSteps,
	// MaxTextBytes, MaxDepth) or a little past it
	objects  int32 // objects taken, the walk's start aside
	steps    int32
	bytes    int32
	rawLen   int32 // length of the text before collapsing
	maxDepth int32 // deepest step, from 0 at the cell
}

// BeginRow tells c that the name of a row is wanted after its cells are
// named (RowName): from now on Name notes the cells it computes. It
// returns the mark to give RowName. Calls nest (a table in a cell).
func (c *Computer) BeginRow() int {
	c.rows++
	return len(c.cells)
}

// RowName returns Name(row), for a row whose cells were named since
// BeginRow returned mark: from the cells' names when the row's walk would
// only join them, by walking the row otherwise. The result is the same.
func (c *Computer) RowName(row *html.Node, mark int) string {
	if mark < 0 || mark > len(c.cells) {
		mark = len(c.cells)
	}
	notes := c.cells[mark:]
	defer func() {
		c.cells = c.cells[:mark]
		if c.rows > 0 {
			c.rows--
		}
		if c.rows == 0 && cap(c.cells) > 256 {
			c.cells = nil // a very wide row's notes are not kept with the names
		}
	}()
	if row == nil || row.Type != html.ElementNode {
		return ""
	}
	if _, ok := c.nameMemoOf(row); ok {
		return c.Name(row)
	}
	s, steps, ok := c.fromCells(row, notes)
	if !ok {
		return c.Name(row)
	}
	c.steps += steps
	if sl := c.slotOf(row); sl != nil {
		sl.setName(s, srcOther)
	} else {
		memoPut(&c.names, row, nameMemo{s, srcOther})
	}
	return s
}

// noteCell records what the computation of n's name did when n is a cell
// named while a row waits for its name (BeginRow) and the computation
// depends on nothing outside n's subtree: it followed no IDREF (whose
// targets the row's walk may have met before) and its name was not cut.
// name is the name it gave n.
func (c *Computer) noteCell(n *html.Node, w *walker, raw text, name string) {
	if c.rows == 0 || w.refs || raw.len() > MaxTextBytes || w.bytes > math.MaxInt32 {
		return // (the other counts stay near their limits)
	}
	id := w.rootID
	if !w.hasRootRole {
		id = c.RoleID(n)
	}
	if !isCellID(id) {
		return
	}
	c.cells = append(c.cells, cellNote{
		n: n, name: name, objects: int32(w.objects - objectsStart), steps: int32(w.steps),
		bytes: int32(w.bytes), rawLen: int32(raw.len()), maxDepth: int32(w.maxDepth),
	})
}

// fromCells computes the name the walk of row's content would, from its
// cells' notes, and the steps the walk would take; ok is false when the
// walk could do anything else than join the cells' names. It follows
// node (steps 2B-2F for a row element: no aria-labelledby, no aria-label,
// no host-language label), content (no ::before/::after, no marker, no
// text-transform, DOM children) and child for each child.
func (c *Computer) fromCells(row *html.Node, notes []cellNote) (string, int, bool) {
	s, steps, ok, guessed := c.joinCells(row, notes, false)
	if guessed {
		// a limit was met counting every white-space text between the
		// cells: count as the walk does, asking which ones collapse
		s, steps, ok, _ = c.joinCells(row, notes, true)
	}
	return s, steps, ok
}

// joinCells is fromCells. Unless exact is set, it counts each white-space
// text between the cells as an object and its bytes, as the walk does
// only when the text does not collapse (collapsedSpace, which asks the
// style of its neighbours): the counts are then at least the walk's, and
// the join, which the texts take no part in, is the same when they stay
// within the limits. guessed reports that they did not, having counted
// such a text.
func (c *Computer) joinCells(row *html.Node, notes []cellNote, exact bool) (s string, steps int, ok, guessed bool) {
	if c.hasTransform || c.doc.HasOwns() || !rowBox(row) || c.Role(row) != "row" ||
		dom.Has(row, "aria-labelledby") || dom.Has(row, "aria-label") ||
		c.doc.ShadowRoot(row) != nil || c.style.HasPseudo(row) {
		return "", 0, false, false
	}
	objects, bytes := objectsStart, 0
	steps = 1       // the row's own step
	spaces := false // a white-space text was counted without asking
	var buf [16]string
	names := buf[:0] // the cells' names that are not empty, joined once at the end
	next := 0        // notes are in document order, as the cells
	for ch := row.FirstChild; ch != nil; ch = ch.NextSibling {
		switch ch.Type {
		case html.TextNode:
			steps++
			if !blank(ch.Data) {
				return "", 0, false, false
			}
			if !exact {
				spaces = true
				objects++
				bytes += len(ch.Data)
			} else if !c.collapsedSpace(ch, row) {
				objects++
				bytes += len(ch.Data)
			}
		case html.ElementNode:
			if ch.Namespace == "svg" && noContent(ch) {
				continue
			}
			if dom.IsHTML(ch, "br") {
				return "", 0, false, false
			}
			if !c.knownShown(ch) { // the tree builder walked the cell just now
				if c.selfHidden(ch) {
					continue
				}
				if !c.rendered(ch) {
					if !c.visibilityHidden(ch) {
						continue
					}
					return "", 0, false, false
				}
			}
			// The cell is met as its own computation met it: a block box
			// (set apart with spaces), no reference of its own, no marker,
			// no host-language name. Its tag (td, th, div, span) is not a
			// replaced element's.
			if !cellBox(ch) {
				return "", 0, false, false
			}
			for next < len(notes) && notes[next].n != ch {
				next++
			}
			if next == len(notes) {
				return "", 0, false, false
			}
			nt := &notes[next]
			next++
			name := nt.name
			// A note says the cell's computation followed no IDREF: it
			// had no aria-labelledby (node follows the root's, which sets
			// refs). A stale note's cell is asked again, as its memo.
			if nt.stale {
				if dom.Has(ch, "aria-labelledby") {
					return "", 0, false, false
				}
				m, named := c.nameMemoOf(ch)
				if !named {
					return "", 0, false, false
				}
				name = m.name
			}
			// (ch's style is computed: Hidden or rendered asked it above)
			if isInline(c.display(ch)) || int(nt.maxDepth)+1 > MaxDepth {
				return "", 0, false, false
			}
			objects += 1 + int(nt.objects)
			steps += int(nt.steps)
			bytes += int(nt.bytes) + int(nt.rawLen)
			if name != "" {
				names = append(names, name)
			}
		}
		if objects > MaxObjects || steps >= MaxSteps || bytes >= MaxTextBytes {
			return "", 0, false, spaces // the walk would stop early: let it
		}
	}
	if len(names) == 0 {
		return "", 0, false, false // blank content: the walk goes on to the title
	}
	return truncate(joinNames(names), MaxTextBytes), steps, true, false
}

// The roles of a row's cells, whose names noteCell records.
var (
	idCell         = roles.IDOf("cell")
	idGridcell     = roles.IDOf("gridcell")
	idColumnheader = roles.IDOf("columnheader")
	idRowheader    = roles.IDOf("rowheader")
)

// isCellID reports whether id is one of the cell roles: Role's string is
// "cell", "gridcell", "columnheader" or "rowheader".
func isCellID(id roles.ID) bool {
	return id != roles.NoRole && (id == idCell || id == idGridcell || id == idColumnheader || id == idRowheader)
}

// rowBox and cellBox report an HTML element of a row's or a cell's tag
// names: elements the host-language step (host) names nothing.
func rowBox(n *html.Node) bool {
	if n.Namespace != "" {
		return false
	}
	switch n.Data {
	case "tr", "div":
		return true
	}
	return false
}

func cellBox(n *html.Node) bool {
	if n.Namespace != "" {
		return false
	}
	switch n.Data {
	case "td", "th", "div", "span":
		return true
	}
	return false
}

// joinNames is strings.Join(names, " "): one allocation, made at its
// length and filled by copy (no builder's checks per name), handed out as
// the string it holds (the bytes are not written again).
func joinNames(names []string) string {
	if len(names) == 1 {
		return names[0]
	}
	n := len(names) - 1
	for _, s := range names {
		n += len(s)
	}
	if n <= 0 {
		return ""
	}
	b := make([]byte, n)
	k := copy(b, names[0])
	for _, s := range names[1:] {
		b[k] = ' '
		k += 1 + copy(b[k+1:], s)
	}
	return unsafe.String(&b[0], len(b))
}
