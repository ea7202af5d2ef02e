package accname

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"

	"github.com/axtree/axtree/dom"
	"github.com/axtree/axtree/internal/shared"
)

// TestRowNameHiddenCellsSameAsWalk: RowName, after each cell of the row was
// asked Hidden (as a tree builder asks, which joinCells' knownShown reads)
// and named even when hidden (so that its note is there), gives the name a
// fresh walk of the row gives, on rows with hidden, aria-hidden, inert,
// display:none and visibility:hidden cells and on every corpus page.
func TestRowNameHiddenCellsSameAsWalk(t *testing.T) {
	cases := map[string]string{
		"hidden":     `<table><tr><td hidden>h</td><td>a</td><td>b</td></tr></table>`,
		"aria":       `<table><tr><td aria-hidden=true>h</td><td>a</td></tr><tr><td>x</td><td aria-hidden=" TRUE ">y</td></tr></table>`,
		"inert":      `<table><tr><td inert>h</td><td>a</td></tr></table>`,
		"none":       `<table><tr><td style="display:none">h</td><td>a</td></tr></table>`,
		"visibility": `<table><tr><td style="visibility:hidden">v<span style="visibility:visible">w</span></td><td>z</td></tr></table>`,
		"hidden row": `<table><tr aria-hidden=true><td>a</td><td>b</td></tr></table><div hidden><div role=row><div role=cell>c</div></div></div>`,
		"div grid":   `<div role=grid><div role=row><div role=gridcell aria-hidden=true>a</div><div role=gridcell>b</div><span role=gridcell hidden>c</span></div></div>`,
		"plain":      `<table><tr><td>a</td><td>b</td></tr></table>`,
	}
	pages := shared.ReadPages(t, cases, filepath.Join("..", "corpus", "pages"))
	rows := 0
	for name, src := range pages {
		d, err := dom.ParseDoc(src)
		require.NoError(t, err, name)
		c := New(d, nil)
		fresh := New(d, nil)
		for _, row := range d.Elements {
			if fresh.Role(row) != "row" {
				continue
			}
			c.Hidden(row)
			mark := c.BeginRow()
			for ch := row.FirstChild; ch != nil; ch = ch.NextSibling {
				if ch.Type == html.ElementNode {
					c.Hidden(ch)
					c.Name(ch)
				}
			}
			got := c.RowName(row, mark)
			rows++
			assert.Equal(t, fresh.Name(row), got, "%s: row %d", name, d.Index(row))
		}
	}
	assert.Greater(t, rows, 100)
}
