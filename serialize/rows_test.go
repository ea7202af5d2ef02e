package serialize

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/axtree"
)

// budget is a grid: a header row whose column headers hold sort buttons,
// and data rows of a row header and gridcells.
func budget() *axtree.Tree {
	hdr := el(2, "row", "",
		el(3, "columnheader", "", el(4, "button", "Category")),
		el(5, "columnheader", "Jan"),
		el(6, "columnheader", "Total"))
	rent := el(7, "row", "Rent 507.00 5,194.00",
		el(8, "rowheader", "Rent"), el(9, "gridcell", "507.00"), el(10, "gridcell", "5,194.00"))
	rent.Name = "" // the builder drops a row's name its cells spell out
	odd := el(11, "row", "",
		el(12, "rowheader", "Costs | net [id=99]"), el(13, "gridcell", ""), el(14, "columnheader", ""))
	sel := el(16, "gridcell", "3.00")
	sel.SetStates([]axtree.Attr{{Key: "selected", Value: "true"}})
	chosen := el(15, "row", "", el(17, "rowheader", "Tax"), sel)
	grid := el(1, "grid", "Budget", hdr, rent, odd, chosen)
	table := el(20, "table", "Notes",
		el(21, "row", "", el(22, "columnheader", "When"), el(23, "cell", "Monday")),
		el(24, "row", "", el(25, "cell", "", el(26, "link", "Report"))))
	return &axtree.Tree{Roots: []*axtree.Node{grid, table, txt("| not a row [id=9] |")}}
}

const budgetText = `[grid] Budget [id=1]
  [row]
    [columnheader]
      [button] Category [id=4]
    [columnheader] Jan
    [columnheader] Total
  | [rowheader] Rent | 507.00 [id=9] | 5,194.00 [id=10] |
  | [rowheader] Costs \| net \[id=99] | [id=13] | [columnheader] |
  [row]
    [rowheader] Tax
    [gridcell] 3.00 [id=16]
[table] Notes [id=20]
  | [columnheader] When | Monday |
  [row]
    [cell]
      [Report](26)
\| not a row \[id=9] |
[id=16] [selected=true]
`

func TestRowLine(t *testing.T) {
	tr := budget()
	text := string(AppendText(nil, tr, Options{}))
	assert.Equal(t, budgetText, text)

	back, pieces, err := ParsePieces(text)
	require.NoError(t, err)
	grid := back.Roots[0]
	require.Len(t, grid.Children, 4)
	rent := grid.Children[1]
	assert.Equal(t, "row", rent.Role)
	require.Len(t, rent.Children, 3)
	for i, want := range []axtree.Node{{Role: "rowheader", Name: "Rent"}, {Role: "gridcell", Name: "507.00", ID: 9}, {Role: "gridcell", Name: "5,194.00", ID: 10}} {
		c := rent.Children[i]
		assert.Equal(t, want.Role, c.Role, "cell %d", i)
		assert.Equal(t, want.Name, c.Name, "cell %d", i)
		assert.Equal(t, want.ID, c.ID, "cell %d", i)
	}
	odd := grid.Children[2].Children
	require.Len(t, odd, 3)
	assert.Equal(t, "Costs | net [id=99]", odd[0].Name, "page text in a cell stays text")
	assert.Equal(t, 0, odd[0].ID)
	assert.Equal(t, []string{"gridcell", "columnheader"}, []string{odd[1].Role, odd[2].Role})
	assert.Equal(t, 13, odd[1].ID)
	notes := back.Roots[1].Children[0].Children
	assert.Equal(t, []string{"columnheader", "cell"}, []string{notes[0].Role, notes[1].Role}, "a table's cells default to cell")
	last := back.Roots[2]
	assert.Equal(t, "", last.Role)
	assert.Equal(t, "| not a row [id=9] |", last.Name, "a text starting with | is escaped, not a row")
	assert.Equal(t, text, string(AppendText(nil, back, Options{})), "what was parsed prints the same")

	// each cell is a piece of its row's line, so a reader finds a cell's line
	for _, pc := range pieces {
		if pc.Node.ID == 10 {
			assert.Equal(t, "5,194.00 [id=10]", text[pc.Start:pc.End])
			assert.Equal(t, 7, pc.Line)
		}
	}
	ids, err := LineIDs("  | [rowheader] Rent | 507.00 [id=9] | 5,194.00 [id=10] |")
	require.NoError(t, err)
	assert.Equal(t, []int{9, 10}, ids)
}

// A row keeps its element lines when any cell has more to say than its
// text and id, or the row itself does.
func TestRowLineOnlyWhenCellsAreBare(t *testing.T) {
	cell := func(role, name string) *axtree.Node { return el(0, role, name) }
	for name, row := range map[string]*axtree.Node{
		"a cell with a state":     el(0, "row", "", cell("cell", "a"), &axtree.Node{Role: "cell", Name: "b", Detail: &axtree.Detail{States: []axtree.Attr{{Key: "readonly"}}}}),
		"a cell with actions":     el(0, "row", "", &axtree.Node{Role: "gridcell", ID: 5, Name: "b", Detail: &axtree.Detail{Actions: []string{"drag-drop"}}}),
		"a cell with content":     el(0, "row", "", el(0, "cell", "", el(6, "button", "Edit"))),
		"a row with a name":       el(0, "row", "Totals", cell("cell", "a")),
		"a focusable row":         {Role: "row", ID: 7, Focusable: true, Children: []*axtree.Node{cell("cell", "a")}},
		"an inferred cell":        el(0, "row", "", &axtree.Node{Role: "cell", Name: "a", Inferred: true}),
		"a child that is no cell": el(0, "row", "", cell("cell", "a"), txt("b")),
		"an expanded row":         {Role: "row", Children: []*axtree.Node{cell("cell", "a")}, Detail: &axtree.Detail{States: []axtree.Attr{{Key: "expanded"}}}},
	} {
		text := string(AppendText(nil, &axtree.Tree{Roots: []*axtree.Node{el(1, "table", "T", row)}}, Options{}))
		assert.NotContains(t, text, "|", name)
		assert.Contains(t, text, "\n  [row]", name)
	}
	// a cell inside a text that prints nothing is the row's cell, as it would print
	wrapped := el(0, "row", "", &axtree.Node{Name: " ", Children: []*axtree.Node{el(0, "cell", "a")}}, el(0, "cell", "b"))
	text := string(AppendText(nil, &axtree.Tree{Roots: []*axtree.Node{el(1, "table", "T", wrapped)}}, Options{}))
	assert.Equal(t, "[table] T [id=1]\n  | a | b |\n", text)
	// MaxDepth that would cut the cells: the row line is not used, and the note says so
	text = string(AppendText(nil, &axtree.Tree{Roots: []*axtree.Node{el(1, "table", "T", el(0, "row", "", el(0, "cell", "a")))}}, Options{MaxDepth: 2}))
	assert.Equal(t, "[table] T [id=1]\n  [row]\n[truncated=depth]\n", text)
}

func TestRowLineParseErrors(t *testing.T) {
	checkSyntaxErrors(t, []syntaxCase{
		{"|\n", 1, 2},      // no cell
		{"|x |\n", 1, 2},   // no space after the bar
		{"| x|\n", 1, 3},   // no space before the bar
		{"|  |\n", 1, 3},   // an empty cell is "| |"
		{"| x | \n", 1, 7}, // a trailing space
		{"| x\n", 1, 3},    // no closing bar
		{"[grid] g [id=1]\n  | [gridcell] x |\n", 2, 5}, // the default role is not written
		{"| [cell] x |\n", 1, 3},                        // nor outside a grid
		{"| [button] x |\n", 1, 3},                      // not a cell role
		{"| x [id=0] |\n", 1, 5},                        // a bad id
		{"| x [id=2] y |\n", 1, 12},                     // text after the id
		{"| x [k=v] |\n", 1, 5},                         // only an id in a cell
		{"| x |\n  y\n", 2, 3},                          // a row line's cells are its children: nothing below it
		{"a \\| b\n", 1, 3},                             // \| only at the start of a line
	})
}

// The example of FORMAT.md's "Rows" section parses and prints back the same.
func TestFormatDocRowsExample(t *testing.T) {
	b, err := os.ReadFile("FORMAT.md")
	require.NoError(t, err)
	_, rest, ok := strings.Cut(string(b), "### Rows")
	require.True(t, ok, "FORMAT.md has a Rows section")
	_, rest, ok = strings.Cut(rest, "```\n")
	require.True(t, ok)
	example, _, ok := strings.Cut(rest, "```\n")
	require.True(t, ok)
	tr, err := Parse(example)
	require.NoError(t, err)
	assert.Equal(t, example, string(AppendText(nil, tr, Options{})))
	rent := tr.Roots[0].Children[1]
	require.Len(t, rent.Children, 4)
	assert.Equal(t, "rowheader", rent.Children[0].Role)
	assert.Equal(t, axtree.Node{ID: 31, Role: "gridcell", Name: "507.00", DOM: -1}, *rent.Children[1])
	other := tr.Roots[1].Children[2]
	require.Len(t, other.Children, 3)
	assert.Equal(t, []string{"cell", "cell", "cell"}, []string{other.Children[0].Role, other.Children[1].Role, other.Children[2].Role})
	assert.Equal(t, "", other.Children[1].Name, "an empty cell")
}

// TestRowLineCellCutForDepth checks that a row printed as a line of cells
// whose cell's content MaxDepth cuts (nothing of it would print) still
// says depth in the truncation note, as the walk would have said, and that
// a row line does not leave the note to the next row.
func TestRowLineCellCutForDepth(t *testing.T) {
	row := el(0, "row", "", el(0, "cell", "a", &axtree.Node{Name: " "}), el(0, "cell", "b"))
	text := string(AppendText(nil, &axtree.Tree{Roots: []*axtree.Node{el(1, "table", "T", row)}}, Options{MaxDepth: 3}))
	assert.Contains(t, text, "| a | b |", "a row line")
	assert.Contains(t, text, noteOpen+"depth]", "the cut content is noted")
	plain := el(0, "row", "", el(0, "cell", "a"), el(0, "cell", "b"))
	text = string(AppendText(nil, &axtree.Tree{Roots: []*axtree.Node{el(1, "table", "T", plain)}}, Options{MaxDepth: 3}))
	assert.NotContains(t, text, noteOpen, "nothing was cut")
}

// TestRowLineManyCells prints rows of more cells than the first row's
// scratch holds (rowForm keeps its marks and its cells in two capped
// halves of one array, and its walk's stack beside them): a row of twenty
// bare cells, the first walked, a row that falls back to lines (a cell
// with a child, after twenty bare ones), and twenty bare cells again,
// each cell in its place on the line.
func TestRowLineManyCells(t *testing.T) {
	id := 1
	row := func(fallBack bool) (*axtree.Node, string) {
		r := el(0, "row", "")
		line := "  |"
		for i := 0; i < 20; i++ {
			id++
			r.Children = append(r.Children, el(id, "gridcell", "c"+strconv.Itoa(id)))
			line += " c" + strconv.Itoa(id) + " [id=" + strconv.Itoa(id) + "] |"
		}
		if !fallBack {
			return r, line + "\n"
		}
		id++
		r.Children = append(r.Children, el(id, "gridcell", "", el(id+1, "button", "b")))
		var lines strings.Builder
		lines.WriteString("  [row]\n")
		for _, c := range r.Children[:20] {
			lines.WriteString("    [gridcell] c" + strconv.Itoa(c.ID) + " [id=" + strconv.Itoa(c.ID) + "]\n")
		}
		lines.WriteString("    [gridcell] [id=" + strconv.Itoa(id) + "]\n      [button] b [id=" + strconv.Itoa(id+1) + "]\n")
		id++
		return r, lines.String()
	}
	grid := el(1, "grid", "")
	want := "[grid] [id=1]\n"
	for _, fallBack := range []bool{false, true, false} {
		r, text := row(fallBack)
		grid.Children = append(grid.Children, r)
		want += text
	}
	tree := &axtree.Tree{Roots: []*axtree.Node{grid}}
	assert.Equal(t, want, string(AppendText(nil, tree, Options{})))
	var w strings.Builder
	require.NoError(t, Render(&w, tree, Options{}))
	assert.Equal(t, want, w.String())
}
