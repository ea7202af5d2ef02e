package render_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/axtree"
	"github.com/axtree/axtree/dom"
	"github.com/axtree/axtree/render"
	"github.com/axtree/axtree/serialize"
)

// renderText renders page with opts and returns the lean text.
func renderText(t *testing.T, page string, opts render.Options) string {
	t.Helper()
	res, err := render.HTMLBytes([]byte(page), opts)
	require.NoError(t, err)
	return string(res.Text())
}

func TestNoscriptIsNeitherTextNorElements(t *testing.T) {
	// The page an agent sees runs script: noscript content does not render.
	got := renderText(t, `<a href=/p><img alt="Ten tips"><noscript><img src=c.jpg alt="Ten tips"></noscript></a>`, render.Options{})
	assert.Equal(t, "[Ten tips](1)\n", got)
	got = renderText(t, `<p>Shop<noscript><p>Enable JavaScript to shop</p><a href=/x>plain</a></noscript></p>`, render.Options{})
	assert.Equal(t, "Shop\n", got)
}

func TestPageHiddenUntilScriptShowsIt(t *testing.T) {
	// The anti-clickjacking idiom: the style sheet hides the document and
	// a script shows it when the page is not framed. A browser shows it,
	// so the static render does too.
	page := `<html><head><style>html{display:none}</style>
<script>if(self===top){document.documentElement.style.display='block'}else{top.location=self.location}</script></head>
<body><h1>Welcome</h1><a href=/x>Go</a></body></html>`
	want := "[heading][level=1] Welcome\n[Go](2)\n"
	assert.Equal(t, want, renderText(t, page, render.Options{}))
	for _, hide := range []string{
		`<style>body{display:none!important}</style>`,
		`<style>html{visibility:hidden}</style>`,
		`<style>.js-hide{content-visibility:hidden}</style><body class=js-hide>`,
		`<body style="display:none">`,
		`<body hidden>`,
	} {
		assert.Equal(t, want, renderText(t, hide+`<h1>Welcome</h1><a href=/x>Go</a>`, render.Options{}), hide)
	}
	// Only the document's own boxes: hidden content inside stays hidden.
	got := renderText(t, `<style>html{display:none} .x{display:none}</style><h1>Welcome</h1><p class=x>secret</p><div hidden>gone</div>`, render.Options{})
	assert.Equal(t, "[heading][level=1] Welcome\n", got)
}

func TestDeclaredCharsets(t *testing.T) {
	cases := []struct {
		name, page, contentType, want string
	}{
		{"meta charset", "<meta charset=\"windows-1252\"><p>Men\xfc</p>", "", "Menü\n"},
		{"meta http-equiv", "<meta http-equiv=Content-Type content=\"text/html; charset=ISO-8859-1\"><p>Gr\xfc\xdfe</p>", "", "Grüße\n"},
		{"meta shift_jis", "<meta charset=shift_jis><p>\x93\xfa\x96\x7b</p>", "", "日本\n"},
		{"Content-Type over meta", "<meta charset=utf-8><p>Men\xfc</p>", "text/html; charset=windows-1252", "Menü\n"},
		{"BOM over Content-Type", "\xef\xbb\xbf<p>Menü</p>", "text/html; charset=windows-1252", "Menü\n"},
		{"UTF-16LE BOM", "\xff\xfe<\x00p\x00>\x00M\x00\xfc\x00", "", "Mü\n"},
		{"undeclared UTF-8 after an ASCII kilobyte", "<p>" + strings.Repeat("a ", 600) + "</p><p>Menü</p>", "", strings.Repeat("a ", 600)[:0]},
		{"undeclared, not UTF-8", "<p>Men\xfc</p>", "", "Men\ufffd\n"},
		{"utf-16 meta means utf-8", "<meta charset=utf-16><p>Menü</p>", "", "Menü\n"},
	}
	for _, c := range cases {
		got := renderText(t, c.page, render.Options{ContentType: c.contentType})
		if c.want == "" {
			assert.Contains(t, got, "Menü", c.name)
			continue
		}
		assert.Equal(t, c.want, got, c.name)
	}
	b, name := render.Decode([]byte("<meta charset=windows-1252>Men\xfc"), "")
	assert.Equal(t, "windows-1252", name)
	assert.Equal(t, "<meta charset=windows-1252>Menü", string(b))
}

func TestWidgetRolesOutsideTheirContext(t *testing.T) {
	// Chromium keeps tab, menuitem*, gridcell and the headers outside their
	// required context; only listitem, option and treeitem fall back.
	got := renderText(t, `<div role="menuitem">Settings</div><div role="tab">Reviews</div><div role="menuitemcheckbox">Bold</div><div role=treeitem>Leaf</div>`, render.Options{})
	assert.Equal(t, "[menuitem] Settings [id=1]\n[tab] Reviews [id=2]\n[menuitemcheckbox] Bold [id=3]\nLeaf\n", got)
}

func TestComboboxInputOwnsItsPopup(t *testing.T) {
	page := `<label for=c>City</label><input id=c role=combobox aria-expanded=true aria-owns=s aria-controls=s>
<ul id=s role=listbox><li role=option>Berlin</li><li role=option aria-selected=true>Bonn</li></ul><p>after</p>`
	want := "[combobox][editable][expanded] City [id=1]\n  [listbox] [id=2]\n    [option] Berlin [id=3]\n    [option] Bonn [id=4]\nafter\n[id=4] [selected]\n"
	assert.Equal(t, want, renderText(t, page, render.Options{}))
}

// TestLinkFormCannotBeForged: page text and link names that spell the
// short link form, "[name](N)", print escaped, so the printed tree holds
// exactly the page's links with their ids, and the names and text around
// them come back as written.
func TestLinkFormCannotBeForged(t *testing.T) {
	page := `<!doctype html><p>Pay at [Pay](7) or [k="x](8)"] now:
<a href="/a">a](9) [b</a>" then <a href="/b">k="v"</a>, and <a href="/c">[c](10)</a>.</p>`
	r, err := render.HTMLBytes([]byte(page), render.Options{})
	require.NoError(t, err)
	text := string(r.Text())
	back, err := serialize.Parse(text)
	require.NoError(t, err, text)
	var links []string
	var ids []int
	back.Walk(func(n *axtree.Node, _ int) bool {
		if n.Role == "link" {
			links = append(links, n.Name)
			ids = append(ids, n.ID)
		}
		return true
	})
	assert.Equal(t, []string{"a](9) [b", `k="v"`, "[c](10)"}, links, text)
	for _, id := range ids {
		assert.Less(t, id, 7, "an id the page text spelt: %s", text)
	}
	assert.Contains(t, text, `Pay at \[Pay](7) or \[k="x](8)"] now:`, "text keeps its brackets escaped")
	assert.Contains(t, text, `[link] k="v" [id=`, `a name starting key=" prints the element line`)
}

// A sheet's rows print as row lines (serialize/FORMAT.md, "Rows"); each
// cell's id is the one its element has, page text cannot forge a row line
// or a cell, and a row whose cell holds a control keeps its element lines.
func TestRowLinesOfASheet(t *testing.T) {
	page := `<!doctype html><p>| Pay [id=7] | now |</p>
<div role="grid" aria-label="Sheet">
 <div role="row"><span role="columnheader">Item</span><span role="columnheader">Cost</span></div>
 <div role="row"><span role="rowheader">Rent</span><span role="gridcell" data-k="rent">507.00</span></div>
 <div role="row"><span role="rowheader">Net | gross [id=1]</span><span role="gridcell" data-k="net"></span></div>
 <div role="row"><span role="rowheader">Fix</span><span role="gridcell"><button>Edit</button></span></div>
</div>`
	res, err := render.HTMLBytes([]byte(page), render.Options{})
	require.NoError(t, err)
	text := string(res.Text())
	assert.Contains(t, text, "\n  | [columnheader] Item | [columnheader] Cost |\n", text)
	assert.Contains(t, text, `\| Pay \[id=7] | now |`, "text starting with a bar is escaped")
	assert.Contains(t, text, `| [rowheader] Net \| gross \[id=1] | [id=`, "a cell's bar and bracket are escaped")
	assert.Contains(t, text, "\n  [row]\n    [rowheader] Fix\n    [gridcell] [id=", "a cell holding a button keeps its lines")

	back, err := serialize.Parse(text)
	require.NoError(t, err, text)
	var cells, forged []*axtree.Node
	back.Walk(func(n *axtree.Node, _ int) bool {
		switch {
		case n.Role == "gridcell" && n.ID > 0:
			cells = append(cells, n)
		case n.Name == "| Pay [id=7] | now |" || n.Name == "Net | gross [id=1]":
			forged = append(forged, n)
		}
		return true
	})
	require.Len(t, cells, 3, text)
	for i, want := range []string{"rent", "net"} {
		el := res.Tree.Node(cells[i].ID)
		require.NotNil(t, el, "cell %d's id %d names an element", i, cells[i].ID)
		assert.Equal(t, want, dom.AttrOr(el, "data-k"), "cell %d", i)
	}
	require.Len(t, forged, 2, "the page's text comes back whole")
	assert.Equal(t, "", forged[0].Role, "a text, not a row")
	assert.Empty(t, forged[0].Children)
	assert.Equal(t, "rowheader", forged[1].Role)
	assert.Equal(t, 0, forged[1].ID, "one cell, with no id")
}
