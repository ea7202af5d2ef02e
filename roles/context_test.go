package roles_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"

	"github.com/axtree/axtree/dom"
	"github.com/axtree/axtree/roles"
)

// Chromium drops a required-context role only for listitem, option and
// treeitem; tab, menuitem*, gridcell, columnheader and rowheader stay.
func TestRequiredContextLikeChromium(t *testing.T) {
	root, err := html.Parse(strings.NewReader(`<body>
<div id=tab role=tab>t</div><div id=mi role=menuitem>m</div><div id=mc role=menuitemcheckbox>c</div>
<div id=mr role=menuitemradio>r</div><div id=gc role=gridcell>g</div><div id=ch role=columnheader>h</div>
<div id=rh role=rowheader>r</div><div id=li role=listitem>l</div><div id=op role=option>o</div>
<div id=ti role=treeitem>i</div><div role=list><div id=li2 role=listitem>l</div></div>`))
	require.NoError(t, err)
	d := dom.New(root)
	want := map[string]string{
		"tab": "tab", "mi": "menuitem", "mc": "menuitemcheckbox", "mr": "menuitemradio",
		"gc": "gridcell", "ch": "columnheader", "rh": "rowheader",
		"li": "generic", "op": "generic", "ti": "generic", "li2": "listitem",
	}
	for _, e := range d.Elements {
		id := dom.AttrOr(e, "id")
		if w, ok := want[id]; ok {
			assert.Equal(t, w, roles.Compute(d, e), id)
		}
	}
}

// A th is a rowheader when a td shares its row, in a thead too (Chromium).
func TestHeaderCellLikeChromium(t *testing.T) {
	for src, want := range map[string]string{
		`<table><thead><tr><th id=t>A</th><td>B</td></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table>`: "rowheader",
		`<table><tr><th>A</th><th id=t>B</th><td>C</td></tr></table>`:                                             "rowheader",
		`<table><thead><tr><th id=t>A</th><th>B</th></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table>`: "columnheader",
		`<table><tr><th id=t scope=col>A</th><td>B</td></tr></table>`:                                             "columnheader",
	} {
		root, err := html.Parse(strings.NewReader(src))
		require.NoError(t, err)
		d := dom.New(root)
		assert.Equal(t, want, roles.Compute(d, d.ByID(nil, "t")), src)
	}
}
