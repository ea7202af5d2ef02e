package links_test

import (
	"encoding/json"
	"maps"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/axtree"
	"github.com/axtree/axtree/internal/shared"
	"github.com/axtree/axtree/links"
	"github.com/axtree/axtree/render"
	"github.com/axtree/axtree/serialize"
)

// sameAnswers checks that tab answers every question as rec does, the
// record it replaces: the same entries by URL and All (in ascending id
// order), the same count, the same JSON and the same enriched text of t.
func sameAnswers(t *testing.T, name string, tr *axtree.Tree, rec links.Record, tab links.Table) {
	t.Helper()
	assert.Equal(t, len(rec), tab.Len(), "%s: count", name)
	want := rec
	if want == nil {
		want = links.Record{} // Record gives a map to change, as Collect does
	}
	assert.Equal(t, want, tab.Record(), "%s: entries", name)
	ask := map[int]bool{}
	for id := -2; id <= 5000; id++ {
		ask[id] = true // every id of a corpus page, and past it
	}
	for id := range rec {
		ask[id-1], ask[id], ask[id+1] = true, true, true
	}
	for id := range ask {
		wu, wok := rec[id]
		gu, gok := tab.URL(id)
		if !assert.Equal(t, wok, gok, "%s: id %d present", name, id) || !assert.Equal(t, wu, gu, "%s: id %d", name, id) {
			return
		}
	}
	last, n := 0, 0
	for id, u := range tab.All() {
		if n > 0 {
			assert.Greater(t, id, last, "%s: All out of order", name)
		}
		assert.Equal(t, rec[id], u, "%s: All id %d", name, id)
		last, n = id, n+1
	}
	assert.Equal(t, len(rec), n, "%s: All count", name)
	assert.Equal(t, string(rec.AppendJSON(nil)), string(tab.AppendJSON(nil)), "%s: JSON", name)
	wjs, err := json.Marshal(rec)
	require.NoError(t, err)
	js, err := json.Marshal(tab)
	require.NoError(t, err)
	assert.Equal(t, string(wjs), string(js), "%s: MarshalJSON", name)
	if tr != nil {
		assert.Equal(t, string(links.AppendEnriched(nil, tr, rec, serialize.Options{})),
			string(links.AppendEnriched(nil, tr, tab, serialize.Options{})), "%s: enriched", name)
	}
}

// TestTableSameAsRecord checks CollectTable against CollectBounded, the
// map it replaces in render.Result, on every corpus page, with and without
// a page URL to resolve against, and on the same trees renumbered with ids
// too spread out for a slice.
func TestTableSameAsRecord(t *testing.T) {
	pages := shared.ReadPages(t, map[string]string{
		"empty":    ``,
		"no links": `<p>text</p><button>Go</button>`,
		"dropped":  `<a href="javascript:x()">a</a><a href="/b">b</a><a href="data:,x">c</a>`,
		"last dropped": `<a href="/a">a</a><a href="/b">b</a><a href="javascript:x()">c</a>` +
			`<button>d</button>`,
		"too long": `<a href="/` + string(make([]byte, links.MaxURLBytes)) + `">a</a><a href="/b">b</a>`,
	}, "../corpus/pages")
	require.NotEmpty(t, pages)
	for name, b := range pages {
		for _, url := range []string{"", "https://example.com/dir/page?q=1"} {
			res, err := render.HTMLBytes(b, render.Options{URL: url})
			require.NoError(t, err, name)
			tr, d := res.Tree, res.Doc
			rec, long := links.CollectBounded(tr, url, d.BaseURL())
			tab, tlong := links.CollectTable(tr, url, d.BaseURL())
			assert.Equal(t, long, tlong, "%s: long", name)
			sameAnswers(t, name, tr, rec, tab)
			sameAnswers(t, name+" (Result)", tr, rec, res.Links)
			sameAnswers(t, name+" (TableOf)", tr, rec, links.TableOf(rec))

			// Renumbered: ids spread out, then also in descending tree
			// order (the Table sorts them).
			ids := tr.IDs()
			for _, spread := range []func(i, id int) int{
				func(_, id int) int { return id * 1000 },
				func(i, _ int) int { return (len(ids) - i) * 7 },
			} {
				m := map[int]int{}
				for i, id := range tr.IDs() {
					m[id] = spread(i, id)
				}
				require.NoError(t, tr.Renumber(m))
				rec, long = links.CollectBounded(tr, url, d.BaseURL())
				tab, tlong = links.CollectTable(tr, url, d.BaseURL())
				assert.Equal(t, long, tlong, "%s renumbered: long", name)
				sameAnswers(t, name+" renumbered", tr, rec, tab)
			}
		}
	}
}

// TestTableOfAnyRecord checks the tables of records no tree gives: ids
// zero and negative, an empty URL, ids spread out, nothing at all.
func TestTableOfAnyRecord(t *testing.T) {
	for name, rec := range map[string]links.Record{
		"nil":       nil,
		"empty":     {},
		"dense":     {1: "a", 2: "b", 4: "d"},
		"negative":  {-1: "y", 3: "x"},
		"zero":      {0: "z", 1: "a"},
		"empty URL": {1: "", 2: "b"},
		"spread":    {1: "a", 1 << 40: "b"},
		"top only":  {200: "c"},
		// urlSlots' 16-bit lengths: the longest that fits, one byte past
		// it (held as strings), and far past it
		"65535 B URL": {1: strings.Repeat("u", 1<<16-1), 2: "b", 3: "c"},
		"65536 B URL": {1: "a", 2: strings.Repeat("v", 1<<16), 3: "c"},
		"long URLs":   {1: strings.Repeat("w", 70000), 2: strings.Repeat("x", 1<<17+5), 5: "e"},
	} {
		tab := links.TableOf(rec)
		sameAnswers(t, name, nil, rec, tab)
		if rec != nil {
			before := maps.Clone(rec)
			rec[12345] = "changed"
			sameAnswers(t, name+" (after the record changed)", nil, before, tab)
		}
	}
	var zero links.Table
	sameAnswers(t, "zero Table", nil, links.Record{}, zero)
	assert.Equal(t, "{}", string(zero.AppendJSON(nil)))
}
