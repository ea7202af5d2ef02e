package serialize

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/accname"
	"github.com/axtree/axtree/axtree"
	"github.com/axtree/axtree/dom"
	"github.com/axtree/axtree/internal/shared"
)

// lineCases are hand-built trees for TestLineSameAsOld: rows that print
// as a line of cells and rows that do not (rowCases), rows among many
// roles so that the cells' roles take the row's slot of the role facts,
// parts (Focusable, with actions, with form state) and other roles
// printing or not their id, joined pieces after rows, links and parts,
// placeholders, texts starting with '|', custom and odd roles, and a
// chain deeper than the indent's run of spaces.
func lineCases() map[string]*axtree.Tree {
	j := func(n *axtree.Node) *axtree.Node { n.Joined = true; return n }
	var many []*axtree.Node
	for i := 0; i < 4*roleSets; i++ {
		role := fmt.Sprintf("role%d", i)
		many = append(many, el(100+i, "row", "", el(200+i, role, "x"), el(300+i, "cell", "c")),
			el(400+i, "row", "", el(500+i, "cell", "a"), el(600+i, "gridcell", "b")), j(txt("after")))
	}
	var parts []*axtree.Node
	for _, role := range []string{"heading", "img", "listitem", "row", "cell", "columnheader", "rowheader", "link", "Cell", "row "} {
		a := el(700, role, "focus")
		a.Focusable = true
		b := el(701, role, "act")
		b.SetActions([]string{"click"})
		c := el(702, role, "checked")
		c.SetStates([]axtree.Attr{{Key: "checked"}})
		d := el(703, role, "valued")
		d.SetProps([]axtree.Attr{{Key: "value", Value: "v"}})
		e := el(704, role, "plain")
		parts = append(parts, el(1, "group", "", txt("t"), j(a), j(b), j(c), j(d), j(e), j(el(705, role, ""))))
	}
	deep := el(1000, "group", "0")
	for n, i := deep, 0; i < 70; i++ {
		c := el(i+1001, "group", "x")
		n.Children = []*axtree.Node{c, j(txt("tail"))}
		n = c
	}
	// rows whose first cell holds an element (firstCellNests): printed
	// before (seen: the cell prints as a leaf), itself, past MaxDepth
	// 40, after a nil or an empty text, a non-cell first, a text first,
	// cells under an empty text (the row prints as a line of cells)
	printed := el(800, "link", "printed before")
	self := el(802, "cell", "self")
	self.Children = []*axtree.Node{self}
	deepRow := el(810, "row", "", el(811, "cell", "c", el(812, "link", "deep")))
	for i := 0; i < 40; i++ {
		deepRow = el(820+i, "group", "", deepRow)
	}
	blank := txt(" ")
	blank.Children = []*axtree.Node{el(871, "cell", "under a blank text")}
	nests := []*axtree.Node{printed, el(869, "table", "", el(870, "row", "", blank, el(872, "cell", "z"))), el(803, "table", "",
		el(804, "row", "", el(805, "cell", "a", printed), el(806, "cell", "b")),
		el(807, "row", "", self, el(808, "cell", "b")),
		el(809, "row", "", nil, el(813, "cell", "x", nil, el(814, "button", "b")), el(815, "cell", "y")),
		el(816, "row", "", el(817, "cell", "x", txt(" "), el(818, "link", "l"))),
		el(819, "row", "", el(860, "button", "not a cell", el(861, "link", "l"))),
		el(862, "row", "", txt("text first"), el(863, "cell", "x", el(864, "link", "l"))),
		el(865, "row", "", el(866, "cell", "x", el(867, "link", "l")), el(868, "cell", "y"))), deepRow}
	return map[string]*axtree.Tree{
		"nests": {Roots: nests},
		"rows":  {Roots: rowCases()},
		"grid":  {Roots: []*axtree.Node{el(1, "grid", "g", many...), el(2, "table", "t", many...)}},
		"parts": {Roots: parts},
		"misc": {Roots: []*axtree.Node{txt("| starts with a bar"), el(3, "list", "", txt("|x"), j(el(4, "link", "l")), j(txt(", glued"))),
			{Detail: &axtree.Detail{More: 3}}, j(txt("after more")), el(5, "", "empty role"), el(6, "weird role!", "w"), deep}},
	}
}

// TestLineSameAsOld checks the printer's lines against oldLine's (the
// line, piece, joins, rowLine and rowForm before line asked the role's
// facts once, the facts told parts, the indent went in runs and isMore
// asked the role first), walked by oldDrain, on every corpus page's tree
// and lineCases, with the default options, the state inline, tabs,
// MaxDepth 1, 3 and 40, short limits and an Extra hook, for AppendText
// and Render.
func TestLineSameAsOld(t *testing.T) {
	trees := lineCases()
	for name, tr := range bitsCases() {
		trees["bits "+name] = tr
	}
	for _, f := range shared.PageFiles(t, filepath.Join("..", "corpus", "pages")) {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		d, err := dom.ParseDoc(b)
		require.NoError(t, err)
		trees[filepath.Base(f)] = axtree.Build(d, accname.New(d, nil), axtree.Options{})
	}
	hook := func(n *axtree.Node, dst []axtree.Attr) []axtree.Attr {
		if n.ID%3 == 0 {
			dst = append(dst, axtree.Attr{Key: "url", Value: "u"})
		}
		return dst
	}
	opts := []Options{{}, {InlineState: true}, {IndentTabs: true}, {MaxDepth: 1}, {MaxDepth: 3}, {MaxDepth: 40},
		{NameLimit: 3, TextLimit: 4, ValueLimit: 2}, {Extra: hook}}
	for name, tr := range trees {
		for i, opt := range opts {
			want := string(oldLineText(tr, opt))
			assert.Equal(t, want, string(AppendText(nil, tr, opt)), "%s options %d", name, i)
			var w bytes.Buffer
			require.NoError(t, Render(&w, tr, opt))
			assert.Equal(t, want, w.String(), "%s options %d: Render", name, i)
		}
	}
	if !strings.Contains(string(AppendText(nil, trees["grid"], Options{})), "| [cell] a | b [id=600] |") {
		t.Fatal("no row printed as a line of cells")
	}
}
