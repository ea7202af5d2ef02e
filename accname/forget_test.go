package accname

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"

	"github.com/axtree/axtree/dom"
	"github.com/axtree/axtree/internal/shared"
)

// answers returns every question the Computer answers about each element
// of d, elements taken in the order given by at.
func answers(c *Computer, d *dom.Doc, at func(i int) int) [][6]any {
	out := make([][6]any, len(d.Elements))
	for k := range d.Elements {
		i := at(k)
		e := d.Elements[i]
		out[i] = [6]any{c.Role(e), c.Name(e), c.Description(e), c.Hidden(e), c.AriaHidden(e), c.LabeledControl(e)}
	}
	return out
}

// checkForget asks everything about every element, forgets, asks again
// back to front and checks that the answers are the same and that the
// memos were dropped.
func checkForget(t *testing.T, name string, d *dom.Doc) {
	t.Helper()
	c := New(d, nil)
	before := answers(c, d, func(i int) int { return i })
	c.Forget()
	assert.Nil(t, c.memo, "%s: the memo and the visited marks are dropped", name)
	assert.Nil(t, c.descIdx, "%s: the descriptions are dropped", name)
	assert.Zero(t, c.labels, "%s: the label index is dropped", name)
	assert.Nil(t, c.slotHits, "%s: the slot cache is dropped", name)
	for k, m := range map[string]bool{"roles": c.roles == nil, "names": c.names == nil,
		"descs": c.descs == nil, "hidden": c.hidden == nil, "ariaH": c.ariaH == nil, "visited": c.visited == nil} {
		assert.True(t, m, "%s: a forgotten Computer keeps no %s map", name, k)
	}
	n := len(d.Elements)
	after := answers(c, d, func(i int) int { return n - 1 - i })
	for i := range before {
		if !assert.Equal(t, before[i], after[i], "%s: element %d <%s>", name, i, d.Elements[i].Data) {
			return
		}
	}
}

// TestForgetSameAnswers checks that a Computer answers the same after
// Forget: names from content, labels, descriptions, hidden and aria-hidden
// subtrees, on a page built for it and on every corpus page.
func TestForgetSameAnswers(t *testing.T) {
	page := `<style>.gone{display:none}b::before{content:"★ "}</style><body>
<label for=q>Search</label><input id=q aria-describedby=hint><span id=hint>type words</span>
<button><b>Go</b> <span class=gone>now</span></button><div aria-hidden=true><a href=/x>x</a></div>
<table summary="s"><caption>Prices</caption><tr><th>a<td><a href=/y title="more">y</a></table>
<ul role=listbox aria-label=Pick><li role=option>one<li role=option aria-selected=true>two</ul>`
	d, err := dom.ParseDoc([]byte(page))
	require.NoError(t, err)
	checkForget(t, "page", d)
	for _, p := range corpusPages(t) {
		d, err := dom.ParseDoc(p.src)
		require.NoError(t, err)
		checkForget(t, p.name, d)
	}
}

// corpusPage is one corpus page: its file name without .html, and its bytes.
type corpusPage struct {
	name string
	src  []byte
}

// corpusPages reads the shared corpus pages (when the shared data is there
// or required) and the project's own, in file order.
func corpusPages(t *testing.T) []corpusPage {
	t.Helper()
	var files []string
	if dir := filepath.Join(shared.Root(), "corpus", "pages"); shared.Required() || dirExists(dir) {
		m, _ := filepath.Glob(filepath.Join(shared.Path(t, "corpus", "pages"), "*.html"))
		files = append(files, m...)
	}
	m, err := filepath.Glob(filepath.Join("..", "corpus", "pages", "*.html"))
	require.NoError(t, err)
	require.NotEmpty(t, m, "the project's corpus pages")
	var pages []corpusPage
	for _, f := range append(files, m...) {
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		pages = append(pages, corpusPage{strings.TrimSuffix(filepath.Base(f), ".html"), src})
	}
	return pages
}

// TestForgetOutsideIndex asks about an element that is not in the
// document's index (its answers are kept in maps, made on their first
// entry) before and after Forget.
func TestForgetOutsideIndex(t *testing.T) {
	d, err := dom.ParseDoc([]byte(`<p>in the page</p>`))
	require.NoError(t, err)
	frag, err := dom.ParseDoc([]byte(`<button title=t>Go <b>now</b></button>`))
	require.NoError(t, err)
	var out *html.Node
	for _, e := range frag.Elements {
		if e.Data == "button" {
			out = e
		}
	}
	require.NotNil(t, out)
	require.Equal(t, -1, d.Index(out))
	c := New(d, nil)
	ask := func() [5]any {
		return [5]any{c.Role(out), c.Name(out), c.Description(out), c.Hidden(out), c.AriaHidden(out)}
	}
	before := ask()
	assert.Equal(t, [5]any{"button", "Go now", "t", false, false}, before)
	assert.NotEmpty(t, c.roles, "an element outside the index is memoized in the maps")
	c.Forget()
	assert.Nil(t, c.roles)
	assert.Equal(t, before, ask(), "the same answers after Forget")
}

func dirExists(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

// TestLabelIndexMadeOnUse checks that the label index makes its maps only
// for a label that labels something: a page without one asks about its
// controls and makes none, and a label added to the question still names.
func TestLabelIndexMadeOnUse(t *testing.T) {
	d, err := dom.ParseDoc([]byte(`<input id=q title="Query"><label>no control</label><button>Go</button>`))
	require.NoError(t, err)
	c := New(d, nil)
	q := d.ByID(d.Root, "q")
	require.NotNil(t, q)
	assert.Equal(t, "Query", c.Name(q))
	assert.True(t, c.labelsDone, "the index was built")
	assert.Nil(t, c.labels.byLabel, "no label labels anything")
	assert.Nil(t, c.labels.byTarget)

	d, err = dom.ParseDoc([]byte(`<label for=q>Search</label><input id=q title="Query">`))
	require.NoError(t, err)
	c = New(d, nil)
	q = d.ByID(d.Root, "q")
	assert.Equal(t, "Search", c.Name(q))
	assert.Len(t, c.labels.byLabel, 1)
	c.Forget()
	assert.False(t, c.labelsDone, "Forget drops the index")
	assert.Equal(t, "Search", c.Name(q), "and it is built again")
}
