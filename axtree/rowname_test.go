package axtree_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"

	"github.com/axtree/axtree/accname"
	"github.com/axtree/axtree/axtree"
	"github.com/axtree/axtree/dom"
	"github.com/axtree/axtree/internal/shared"
)

// rowCases are tables whose rows' names accname may join from the cells'
// names (plain cells) and tables where it must walk the row (each thing
// the join does not know: limits, references, hidden or inline cells,
// generated content, markers, text-transform, aria-owns).
var rowCases = map[string]string{
	"plain": `<table><tr><th>Name</th><th>Price</th></tr>
		<tr><td>Tea <b>green</b></td><td> 3 € </td><td></td></tr>
		<tr><td><a href=/x>Link</a> text</td><td><input type=checkbox aria-label="Pick"></td></tr></table>`,
	"div grid": `<div role=grid><div role=row><div role=gridcell>a</div><span role=gridcell>b</span></div>
		<div role=row> <div role=columnheader>H</div>
		<div role=rowheader>R</div> </div></div>`,
	"many objects":            `<table><tr>` + strings.Repeat(`<td><i>x</i> <b>y</b></td>`, 40) + `</tr></table>`,
	"spaces near the limit":   `<table><tr>` + strings.Repeat("\n <td>c</td>", 33) + "\n</tr><tr>" + strings.Repeat("\n <td>c</td>", 49) + `</tr></table>`,
	"long text":               `<table><tr><td>` + strings.Repeat("word ", 9000) + `</td><td>` + strings.Repeat("more ", 9000) + `</td></tr></table>`,
	"deep cell":               `<table><tr><td>` + strings.Repeat("<span>", 99) + "deep" + strings.Repeat("</span>", 99) + `</td><td>b</td></tr></table>`,
	"labelledby in cell":      `<p id=l>Label</p><table><tr><td><span aria-labelledby=l>x</span></td><td>y</td></tr></table>`,
	"labelledby across cells": `<table><tr><td><span aria-labelledby=t>x</span></td><td id=t>target</td></tr></table>`,
	"cell labelledby":         `<p id=l>Label</p><table><tr><td aria-labelledby=l>x</td><td>y</td></tr></table>`,
	"row label":               `<table><tr aria-label="Row one"><td>x</td></tr><tr aria-labelledby=c><td id=c>y</td></tr></table>`,
	"hidden cells":            `<table><tr><td hidden>h</td><td aria-hidden=true>a</td><td style="visibility:hidden">v<span style="visibility:visible">w</span></td><td>z</td></tr></table>`,
	"inline cell":             `<table><tr><td style="display:inline">a</td><td style="display:inline">b</td></tr><tr><td style="display:contents">c</td><td style="display:contents">d</td></tr></table>`,
	"pseudo":                  `<style>tr.p::before{content:"B"} td.q::after{content:"A"}</style><table><tr class=p><td>a</td></tr><tr><td class=q>b</td></tr></table>`,
	"marker":                  `<ul><li role=row><li role=cell>x</li></li></ul><div role=row><li role=cell>y</li><li role=cell>z</li></div>`,
	"transform":               `<table><tr><td style="text-transform:uppercase">abc</td><td>d</td></tr></table>`,
	"owns":                    `<table><tr aria-owns=o><td>a</td></tr></table><div id=o role=cell>owned</div>`,
	"title only":              `<table><tr title="T"><td></td></tr><tr><td title="cell title"></td><td>x</td></tr></table>`,
	"br and text":             `<div role=row>text <div role=cell>c</div></div><div role=row><div role=cell>a</div><br><div role=cell>b</div></div>`,
	"nested":                  `<table><tr><td>out</td><td><table><tr><td>in1</td><td>in2</td></tr></table></td><td>last</td></tr></table>`,
	"embedded controls":       `<table><tr><td><input value="typed"></td><td><select><option>One<option selected>Two</select></td><td><div role=textbox>t</div></td></tr></table>`,
	"other elements as cells": `<div role=row><img role=cell alt="pic" src=x><button role=cell>Go</button><a role=cell href=/a>A</a><li role=cell>L</li></div>`,
	"svg":                     `<table><tr><td><svg><title>Chart</title></svg></td><td>1</td></tr></table>`,
}

// TestRowNameSameAsWalk checks that the names the tree builder gives rows
// (accname.RowName: joined from the cells' names when it can) are the
// names a fresh computation walking each row gives, on the cases above and
// on every corpus page.
func TestRowNameSameAsWalk(t *testing.T) {
	pages := shared.ReadPages(t, rowCases, filepath.Join("..", "corpus", "pages"))
	rows := 0
	for name, src := range pages {
		d, err := dom.ParseDoc(src)
		require.NoError(t, err, name)
		c := accname.New(d, nil)
		axtree.Build(d, c, axtree.Options{})
		fresh := accname.New(d, nil)
		for _, n := range d.Elements {
			if c.Role(n) != "row" {
				continue
			}
			rows++
			want := fresh.Name(n)
			assert.Equal(t, want, c.Name(n), "%s: row %s", name, describe(n))
		}
	}
	assert.Greater(t, rows, 100)
}

func describe(n *html.Node) string {
	var sb strings.Builder
	_ = html.Render(&sb, n)
	s := sb.String()
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	return s
}
