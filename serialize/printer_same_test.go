package serialize

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/accname"
	"github.com/axtree/axtree/axtree"
	"github.com/axtree/axtree/dom"
	"github.com/axtree/axtree/internal/shared"
)

// oldSizeHint is sizeHint as it was before it kept a stack of sibling
// lists: every node pushed and popped; with short, it counts links and
// rows in their short forms (refShortLink, refRowBytes) as sizeHint does
// with no Extra hook. The reference for TestSizeHintSameAsNodeStack.
func oldSizeHint(p *printer, roots []*axtree.Node, short bool) (count, size, texts int) {
	const bound = 1 << 16
	p.stack = p.push(p.stack[:0], roots, 0)
	for len(p.stack) > 0 && count < bound {
		it := p.stack[len(p.stack)-1]
		p.stack = p.stack[:len(p.stack)-1]
		if it.n == nil || it.depth >= p.opt.MaxDepth {
			continue
		}
		count++
		if it.n.ID <= 0 {
			texts++
		}
		if short && refShortLink(it.n) {
			size += len(it.n.Name) + 1 + len("[](") + len(strconv.Itoa(max(it.n.ID, 100))) + len(")")
		} else {
			size += lineBytes(it.n)
		}
		if unprintedID(it.n) {
			size -= 9 // sizeHint's part without a printed id (TestPartEstimateDropsOnlyUnprintedIDs)
		}
		if !it.n.Joined {
			size += 2 * it.depth
		}
		if it.n.Detail != nil {
			size += detailBytes(it.n.Detail)
		}
		if b, ok := refRowBytes(it.n); short && ok && it.depth+1 < p.opt.MaxDepth {
			// the row's line for its own; its cells (leaves) count
			// as nodes, with no bytes of their own
			size += b - lineBytes(it.n)
			if unprintedID(it.n) {
				size += 9
			}
			for _, c := range it.n.Children {
				if c != nil && count < bound {
					count++
					if c.ID <= 0 {
						texts++
					}
				}
			}
			continue
		}
		p.stack = p.push(p.stack, it.n.Children, it.depth+1)
	}
	p.stack = p.stack[:0]
	return count, size, texts
}

// refShortLink is shortLink written out: an element whose role prints as
// "link", with an id, not inferred and without Detail.
func refShortLink(n *axtree.Node) bool {
	return n.Role != "" && cleanKey(n.Role) == "link" && len(n.Role) == 4 && n.ID > 0 && !n.Inferred && n.Detail == nil
}

// refRowBytes is rowBytes written out from the row form's grammar, each
// cell's piece "' ' [role] name [id=NNN] ' |'" spelled as it prints.
func refRowBytes(n *axtree.Node) (int, bool) {
	if n.Role != "row" || len(n.Children) == 0 || n.Inferred || n.Detail != nil || printsText(n.Name) ||
		n.ID > 0 && n.Addressable() {
		return 0, false
	}
	line := []byte("|\n")
	for _, c := range n.Children {
		if c == nil {
			continue
		}
		r := cellRole(c.Role)
		if r == "" || r != c.Role || c.Inferred || c.Detail != nil || len(c.Children) > 0 {
			return 0, false
		}
		line = append(line, ' ')
		if r != "cell" && r != "gridcell" {
			line = append(line, "["+r+"] "...)
		}
		line = append(line, c.Name+" "...)
		if c.ID > 0 {
			line = append(line, "[id=NNN] "...)
		}
		line = append(line, '|')
	}
	return len(line), true
}

// TestSizeHintSameAsNodeStack checks sizeHint's count, size and texts against the
// node-by-node walk it replaced on the tree of every corpus page (and the
// same trees cut at a small MaxDepth) and on edge cases: no roots, nil
// roots and children, a node shared twice, a chain deeper than MaxDepth,
// more siblings than the count's bound, a row of more cells than that,
// and the rows and links of rowCases; with no Extra hook (links and rows
// counted in their short forms) and with one (not).
func TestSizeHintSameAsNodeStack(t *testing.T) {
	var trees [][]*axtree.Node
	for _, f := range shared.PageFiles(t, filepath.Join("..", "corpus", "pages")) {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		d, err := dom.ParseDoc(b)
		require.NoError(t, err)
		trees = append(trees, axtree.Build(d, nil, axtree.Options{}).Roots)
	}
	twice := el(3, "button", "twice")
	deep := el(1, "group", "0")
	for n, i := deep, 0; i < 400; i++ {
		c := el(i+2, "group", "x")
		n.Children = []*axtree.Node{c, nil}
		n = c
	}
	wide := el(1, "list", "wide")
	wideRow := el(1, "row", "")
	for i := 0; i < 1<<16+10; i++ {
		wide.Children = append(wide.Children, &axtree.Node{Name: "item"})
		wideRow.Children = append(wideRow.Children, &axtree.Node{Role: "cell", Name: "c"}, nil)
	}
	trees = append(trees, nil, []*axtree.Node{nil}, []*axtree.Node{nil, el(1, "link", "a"), nil},
		[]*axtree.Node{el(1, "list", "", twice, nil, twice), twice}, []*axtree.Node{deep}, []*axtree.Node{wide, deep},
		[]*axtree.Node{el(1, "grid", "", wideRow)}, rowCases())
	for i, roots := range trees {
		for _, maxDepth := range []int{0, 1, 3, 300} {
			p := newPrinter(Options{MaxDepth: maxDepth}, nil)
			// with the hook, the short forms are not counted
			hooked := newPrinter(Options{MaxDepth: maxDepth, Extra: func(_ *axtree.Node, dst []axtree.Attr) []axtree.Attr { return dst }}, nil)
			for _, p := range []*printer{p, hooked} {
				short := p.opt.Extra == nil
				wantCount, wantSize, wantTexts := oldSizeHint(p, roots, short)
				count, size, texts, _, _ := p.sizeHint(roots)
				assert.Equal(t, wantCount, count, "tree %d, MaxDepth %d, short %v: count", i, maxDepth, short)
				assert.Equal(t, wantSize, size, "tree %d, MaxDepth %d, short %v: size", i, maxDepth, short)
				assert.Equal(t, wantTexts, texts, "tree %d, MaxDepth %d, short %v: texts", i, maxDepth, short)
			}
		}
	}
}

// rowCases are rows and links sizeHint counts in their short forms or,
// for one thing each that keeps them out of the row form, not: a row of
// leaf cells of each role (with and without ids, nil among them), then
// rows with a cell that has a child, an inferred cell, a cell with
// Detail, a text, a button; an inferred row, a row with Detail, a named
// row, an addressable row, an empty row; and links with ids of one to
// five digits, an inferred link, one with Detail, one without an id.
func rowCases() []*axtree.Node {
	leafRow := func() *axtree.Node {
		return el(0, "row", "", el(3, "columnheader", "Name"), el(0, "rowheader", "Rent"), nil,
			el(41, "gridcell", "507.00"), el(0, "cell", ""), el(1234, "cell", "x y"))
	}
	inferredCell := el(7, "cell", "i")
	inferredCell.Inferred = true
	detailCell := el(8, "gridcell", "d")
	detailCell.SetActions([]string{"click"})
	inferredRow := leafRow()
	inferredRow.Inferred = true
	detailRow := leafRow()
	detailRow.SetStates([]axtree.Attr{{Key: "selected"}})
	namedRow := leafRow()
	namedRow.Name = "Rent 507.00"
	blankRow := leafRow()
	blankRow.Name = " \t"
	focusRow := leafRow()
	focusRow.ID, focusRow.Focusable = 9, true
	inferredLink := el(12, "link", "i")
	inferredLink.Inferred = true
	detailLink := el(13, "link", "d")
	detailLink.SetProps([]axtree.Attr{{Key: "rel", Value: "next"}})
	return []*axtree.Node{
		el(1, "table", "", leafRow(), blankRow, inferredRow, detailRow, namedRow, focusRow, el(0, "row", ""),
			el(0, "row", "", el(2, "cell", "a", txt("b"))), el(0, "row", "", inferredCell),
			el(0, "row", "", detailCell), el(0, "row", "", txt("t")), el(0, "row", "", el(5, "button", "b"))),
		el(1, "link", "a"), el(22, "link", "ab"), el(333, "link", "abc"), el(4444, "link", "abcd"),
		el(55555, "link", "abcde"), inferredLink, detailLink, el(0, "link", "no id"),
	}
}

// oldLineBytes is lineBytes as it was before it told texts, joined pieces
// and ids apart: 24 bytes a node on top of indent, role and name. The
// reference for TestPresizeHoldsTheText.
func oldLineBytes(n *axtree.Node, depth int) int {
	b := 2*depth + len(n.Role) + len(n.Name) + 24
	d := n.Detail
	if d == nil {
		return b
	}
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

// TestPresizeHoldsTheText checks, on the tree of every corpus page, that
// the room AppendText makes in advance (presize of sizeHint's estimate)
// holds the whole text it then prints (the estimate alone does, and is
// at most twice the text), in the default form, with tabs and with the
// state inline, so the buffer is never grown and copied; and that the
// estimate is no larger than the old one (24 bytes a node over indent,
// role and name), which it replaced for being up to twice the text. The
// output is the same as Render's, which makes no room.
func TestPresizeHoldsTheText(t *testing.T) {
	for _, f := range shared.PageFiles(t, filepath.Join("..", "corpus", "pages")) {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		d, err := dom.ParseDoc(b)
		require.NoError(t, err)
		tree := axtree.Build(d, accname.New(d, nil), axtree.Options{})
		for _, opt := range []Options{{}, {IndentTabs: true}, {InlineState: true}} {
			name := filepath.Base(f)
			p := newPrinter(opt, nil)
			_, size, _, _, _ := p.sizeHint(tree.Roots)
			out := AppendText(nil, tree, opt)
			assert.LessOrEqual(t, len(out), size, "%s %+v: the text outgrows its estimate", name, opt)
			assert.LessOrEqual(t, size, 2*len(out), "%s %+v: the estimate is over twice the text", name, opt)
			assert.Equal(t, cap(slices.Grow([]byte(nil), presize(size))), cap(out), "%s %+v: the buffer grew", name, opt)
			var w bytes.Buffer
			require.NoError(t, Render(&w, tree, opt))
			assert.Equal(t, w.String(), string(out), "%s %+v", name, opt)
			if opt.IndentTabs {
				continue // the old estimate counted two bytes a level
			}
			old := 0
			tree.Walk(func(n *axtree.Node, depth int) bool {
				old += oldLineBytes(n, depth)
				return true
			})
			assert.LessOrEqual(t, size, old, "%s %+v: the estimate grew", name, opt)
		}
	}
}

// TestRoleFactsSameAsScan checks the printer's remembered role facts
// against cleanKey, cellContext and cellRole, which read the bytes each
// time: every role of every corpus page's tree, in tree order, and odd
// roles (empty, with spaces, upper case, control bytes, long, non-ASCII,
// the same bytes at another address, one address under two lengths and
// every prefix of one string),
// asked twice and in an order that makes roles share and evict slots.
func TestRoleFactsSameAsScan(t *testing.T) {
	var roles []string
	for _, f := range shared.PageFiles(t, filepath.Join("..", "corpus", "pages")) {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		d, err := dom.ParseDoc(b)
		require.NoError(t, err)
		axtree.Build(d, accname.New(d, nil), axtree.Options{}).Walk(func(n *axtree.Node, _ int) bool {
			roles = append(roles, n.Role)
			return true
		})
	}
	odd := []string{"", "grid cell", "Grid", "ro\x00w", "table\n", "treegrid", "link", "columnheader",
		strings.Repeat("row", 40), "réle", "[link]", string([]byte("gridcell")), string([]byte("link"))}
	for i := 0; i < 6*roleSets; i++ {
		odd = append(odd, fmt.Sprintf("role%d", i), "cell", fmt.Sprintf("g r i d%d", i%3))
	}
	// one string's bytes under two lengths that share a slot
	long := string([]byte("gridcell" + strings.Repeat("x", 2*roleSets)))
	odd = append(odd, long[:8], long, long[:4], long[:4+roleSets], long[:8])
	// every prefix of one string's bytes, up and down: prefixes share sets
	// and meet each other in the second slot
	for k := 1; k <= len(long); k++ {
		odd = append(odd, long[:k], long[:len(long)+1-k])
	}
	roles = append(roles, odd...)
	roles = append(roles, odd...)
	p := newPrinter(Options{}, nil)
	for i, r := range roles {
		f := p.role(r)
		assert.Equal(t, cleanKey(r), f.key, "%d %q: key", i, r)
		assert.Equal(t, cellContext(r), f.ctx, "%d %q: cell context", i, r)
		assert.Equal(t, cellRole(r), f.cell, "%d %q: cell role", i, r)
	}
}

// oldDrain is drain as it was before it kept a stack of sibling lists:
// every child pushed as an item of its own. The reference for
// TestDrainSameAsItemStack.
func oldDrain(p *printer, visit func(n *axtree.Node, depth int) bool) {
	for len(p.stack) > 0 {
		it := p.stack[len(p.stack)-1]
		p.stack = p.stack[:len(p.stack)-1]
		if it.n == nil {
			p.open = false
			continue
		}
		if it.depth >= p.opt.MaxDepth {
			p.deep = true
			p.open = false
			continue
		}
		if !p.seen.add(it.n) {
			p.open = false
			continue
		}
		d := it.depth
		p.grid = it.grid
		if visit(it.n, d) {
			d++
		}
		if isMore(it.n) {
			continue
		}
		if p.rowDone {
			p.rowDone = false
			continue
		}
		if len(it.n.Children) > 0 {
			p.stack = p.pushIn(p.stack, it.n.Children, d, p.gridIn(it.n, it.grid))
		}
		if p.w != nil && len(p.buf) >= flushAt {
			p.flush()
		}
	}
}

// oldText is AppendText (printer.text) walking with oldDrain.
func oldText(t *axtree.Tree, opt Options) []byte {
	p := newPrinter(opt, nil)
	if t != nil {
		hint, _, texts, _, _ := p.sizeHint(t.Roots)
		p.seen, p.seenMade = makeNodeSet(hint-texts, texts), true
		for _, root := range t.Roots {
			p.stack = append(p.stack[:0], item{root, 0, false})
			oldDrain(p, p.line)
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

// TestDrainSameAsItemStack checks the text printed with drain against
// the text printed with oldDrain, on every corpus page's tree with the
// default options, the state inline and MaxDepth 1, 3 and 8, and on trees
// with a cycle, a shared subtree, nil roots and children, placeholders,
// joined pieces after a subtree, a grid of rows inside a table inside a
// grid, and a chain deeper than MaxDepth and than drain's stack buffer.
func TestDrainSameAsItemStack(t *testing.T) {
	trees := map[string]*axtree.Tree{}
	for _, f := range shared.PageFiles(t, filepath.Join("..", "corpus", "pages")) {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		d, err := dom.ParseDoc(b)
		require.NoError(t, err)
		trees[filepath.Base(f)] = axtree.Build(d, accname.New(d, nil), axtree.Options{})
	}
	j := func(n *axtree.Node) *axtree.Node { n.Joined = true; return n }
	loop := el(1, "group", "loop")
	loop.Children = []*axtree.Node{txt("in"), loop, el(2, "button", "after")}
	sub := el(3, "list", "shared", txt("item"))
	cells := func(id int) *axtree.Node {
		return el(id, "row", "", el(id+1, "gridcell", "a"), el(id+2, "gridcell", "b"))
	}
	grid := el(10, "grid", "g", cells(11), el(20, "table", "t", cells(21), el(30, "grid", "g2", cells(31))), cells(41))
	deep := el(100, "group", "0")
	for n, i := deep, 0; i < 300; i++ {
		c := el(i+101, "group", "x")
		n.Children = []*axtree.Node{c, nil, j(txt("tail"))}
		n = c
	}
	trees["crafted"] = &axtree.Tree{Roots: []*axtree.Node{
		nil, loop, el(4, "group", "", sub, nil, sub), sub,
		el(5, "list", "", txt("kid"), j(el(6, "link", "joined"))), j(el(7, "link", "after children")),
		{Detail: &axtree.Detail{More: 3}}, j(txt("after a placeholder")), grid, deep, nil,
	}}
	for name, tr := range trees {
		for _, opt := range []Options{{}, {InlineState: true}, {MaxDepth: 1}, {MaxDepth: 3}, {MaxDepth: 8}} {
			assert.Equal(t, string(oldText(tr, opt)), string(AppendText(nil, tr, opt)), "%s %+v", name, opt)
		}
	}
}
