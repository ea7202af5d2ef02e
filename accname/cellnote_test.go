package accname

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"

	"github.com/axtree/axtree/dom"
	"github.com/axtree/axtree/internal/shared"
	"github.com/axtree/axtree/roles"
)

// oldJoinCells is joinCells before the cells' notes kept their names: it
// reads each cell's name from the memo (nameMemoOf).
func oldJoinCells(c *Computer, row *html.Node, notes []cellNote, exact bool) (s string, steps int, ok, guessed bool) {
	if c.hasTransform || c.doc.HasOwns() || !rowBox(row) || c.Role(row) != "row" ||
		dom.Has(row, "aria-labelledby") || dom.Has(row, "aria-label") ||
		c.doc.ShadowRoot(row) != nil || c.style.HasPseudo(row) {
		return "", 0, false, false
	}
	objects, bytes := objectsStart, 0
	steps = 1
	spaces := false
	var buf [16]string
	names := buf[:0]
	next := 0
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
			if !c.knownShown(ch) {
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
			if !cellBox(ch) || dom.Has(ch, "aria-labelledby") ||
				isInline(c.display(ch)) || replaced(ch) {
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
			m, named := c.nameMemoOf(ch)
			if !named || int(nt.maxDepth)+1 > MaxDepth {
				return "", 0, false, false
			}
			objects += 1 + int(nt.objects)
			steps += int(nt.steps)
			bytes += int(nt.bytes) + int(nt.rawLen)
			if m.name != "" {
				names = append(names, m.name)
			}
		}
		if objects > MaxObjects || steps >= MaxSteps || bytes >= MaxTextBytes {
			return "", 0, false, spaces
		}
	}
	if len(names) == 0 {
		return "", 0, false, false
	}
	return truncate(joinNames(names), MaxTextBytes), steps, true, false
}

// oldIsCell is noteCell's role test before it went by the role's ID.
func oldIsCell(role string) bool {
	switch role {
	case "cell", "gridcell", "columnheader", "rowheader":
		return true
	}
	return false
}

// TestIsCellIDSameAsRoleNames: isCellID(id) is oldIsCell(id.String()) for
// every role ID.
func TestIsCellIDSameAsRoleNames(t *testing.T) {
	cells := 0
	for i := range roles.NumIDs {
		id := roles.ID(i)
		assert.Equal(t, oldIsCell(id.String()), isCellID(id), "%d %q", i, id.String())
		if isCellID(id) {
			cells++
		}
	}
	assert.Equal(t, 4, cells)
}

// TestJoinCellsSameAsMemo compares joinCells (the names from the cells'
// notes) with oldJoinCells (the names from the memo), both ways of
// counting the spaces, on every row of the corpus pages and of crafted
// cases, with the memo forgotten in the middle of some rows (cells named
// again after it or not; in some, a cell given an aria-labelledby before
// Forget), and RowName with a fresh walk of the row.
func TestJoinCellsSameAsMemo(t *testing.T) {
	cases := map[string]string{
		"plain":    `<table><tr><td>a</td><td>b</td></tr><tr><td> x  y </td><td></td><td>z</td></tr></table>`,
		"headers":  `<table><tr><th>H1</th><th scope=row>R</th><td>c</td></tr></table>`,
		"grid":     `<div role=grid><div role=row><div role=gridcell>a</div><span role=gridcell>b</span><div role=columnheader>c</div><div role=rowheader>d</div></div></div>`,
		"empty":    `<table><tr><td></td><td> </td></tr></table>`,
		"nested":   `<table><tr><td><table><tr><td>in1</td><td>in2</td></tr></table></td><td>out</td></tr></table>`,
		"labelled": `<table><tr><td aria-label="L">a</td><td title=T></td><td><img alt=I></td></tr></table>`,
		"hidden":   `<table><tr><td hidden>h</td><td aria-hidden=true>a</td><td>b</td></tr></table>`,
		"refs":     `<p id=x>ref</p><table><tr><td aria-labelledby=x>a</td><td>b</td></tr><tr><td><span aria-labelledby=x>s</span></td><td>q</td></tr></table>`,
		"unicode":  "<table><tr><td>\u00e9t\u00e9</td><td>\u00a0nb\u00a0</td><td>\xff</td></tr></table>",
		"space":    "<table><tr>\n <td>a</td>\n\t<td>b</td>  </tr></table>",
		"inline":   `<table><tr><td style="display:inline">a</td><td>b</td></tr></table>`,
	}
	pages := shared.ReadPages(t, cases, filepath.Join("..", "corpus", "pages"))
	rows, forgot, joined, mutations := 0, 0, 0, 0
	for name, src := range pages {
		d, err := dom.ParseDoc(src)
		require.NoError(t, err, name)
		c := New(d, nil)
		fresh := New(d, nil)
		for k, row := range d.Elements {
			if fresh.Role(row) != "row" {
				continue
			}
			c.Hidden(row)
			mark := c.BeginRow()
			forget := k%7 == 3 // some rows: the memo dropped after their cells' names
			for ch := row.FirstChild; ch != nil; ch = ch.NextSibling {
				if ch.Type == html.ElementNode {
					c.Hidden(ch)
					c.Name(ch)
				}
			}
			mutated := false
			if forget && k%3 == 0 {
				// the document changes before Forget: a cell gains an
				// aria-labelledby (a stale note's cell is asked again)
				for ch := row.FirstChild; ch != nil; ch = ch.NextSibling {
					if ch.Type == html.ElementNode {
						ch.Attr = append(ch.Attr, html.Attribute{Key: "aria-labelledby", Val: "nowhere"})
						mutated = true
						break
					}
				}
			}
			if forget {
				c.Forget()
				forgot++
				for ch := row.FirstChild; ch != nil; ch = ch.NextSibling {
					if ch.Type == html.ElementNode && k%2 == 0 { // named again, or not
						c.Name(ch)
					}
				}
			}
			notes := c.cells[mark:]
			for _, exact := range []bool{false, true} {
				s, steps, ok, guessed := c.joinCells(row, notes, exact)
				os, osteps, ook, oguessed := oldJoinCells(c, row, notes, exact)
				assert.Equal(t, []any{os, osteps, ook, oguessed}, []any{s, steps, ok, guessed},
					"%s: row %d exact %v", name, d.Index(row), exact)
				if ok {
					joined++
				}
			}
			got := c.RowName(row, mark)
			rows++
			if mutated {
				mutations++
				continue // fresh's answers were for the document before
			}
			assert.Equal(t, fresh.Name(row), got, "%s: row %d", name, d.Index(row))
		}
	}
	assert.Greater(t, rows, 100)
	assert.Greater(t, forgot, 10)
	assert.Greater(t, mutations, 5)
	assert.Greater(t, joined, 100)
}
