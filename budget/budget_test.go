package budget_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/axtree"
	"github.com/axtree/axtree/budget"
	"github.com/axtree/axtree/internal/shared"
	"github.com/axtree/axtree/render"
	"github.com/axtree/axtree/serialize"
	"github.com/axtree/axtree/tokens"
)

func count(t testing.TB) func([]byte) int {
	t.Helper()
	c, err := tokens.Load()
	require.NoError(t, err)
	return func(b []byte) int { return c.Count(tokens.O200k, b) }
}

// operableIDs returns the ids of the operable elements of a printed tree.
func operableIDs(t testing.TB, text string) []int {
	t.Helper()
	tr, err := serialize.Parse(text)
	require.NoError(t, err, "parse")
	var ids []int
	tr.Walk(func(n *axtree.Node, _ int) bool {
		if n.Operable() && n.ID > 0 {
			ids = append(ids, n.ID)
		}
		return true
	})
	return ids
}

func corpusPages(t *testing.T) map[string]string {
	pages := map[string]string{}
	for _, name := range shared.Pages(t) {
		pages[name] = filepath.Join(shared.Path(t, "corpus", "pages"), name+".html")
	}
	local, err := filepath.Glob("../corpus/pages/*.html")
	require.NoError(t, err)
	for _, p := range local {
		pages["local/"+strings.TrimSuffix(filepath.Base(p), ".html")] = p
	}
	return pages
}

// TestCorpusBudgets is the acceptance test: on every corpus page, for 2k, 4k
// and 8k tokens, the fitted text fits (or says over-budget because the
// operable elements alone do not), keeps every operable id, and parses back.
func TestCorpusBudgets(t *testing.T) {
	cnt := count(t)
	pages := corpusPages(t)
	names := make([]string, 0, len(pages))
	for n := range pages {
		names = append(names, n)
	}
	slices := names
	sortStrings(slices)
	fits, over := map[int]int{}, map[int][]string{}
	defer func() {
		for _, b := range []int{2000, 4000, 8000} {
			t.Logf("budget %d: %d of %d pages fit; over (operable elements alone exceed it): %v", b, fits[b], len(slices), over[b])
		}
	}()
	for _, name := range slices {
		raw, err := os.ReadFile(pages[name])
		require.NoError(t, err)
		r, err := render.HTMLBytes(raw, render.Options{URL: "https://example.test/"})
		require.NoError(t, err)
		full := string(r.Text())
		want := operableIDs(t, full)
		for _, tokens := range []int{2000, 4000, 8000} {
			t.Run(fmt.Sprintf("%s/%d", name, tokens), func(t *testing.T) {
				res, err := budget.Fit(r.Tree, budget.Options{Tokens: tokens, Count: cnt, Text: r.TextOptions()})
				require.NoError(t, err)
				text := string(res.Text)
				assert.Equal(t, cnt(res.Text), res.Tokens)
				if res.Over {
					over[tokens] = append(over[tokens], fmt.Sprintf("%s (%d ids, %d tokens)", name, len(want), res.Tokens))
					assert.Greater(t, res.Tokens, tokens)
					assert.True(t, strings.HasSuffix(text, "[truncated=budget,over-budget]\n") ||
						strings.Contains(text, ",budget,over-budget]\n"), "over budget says so on its last line")
				} else {
					fits[tokens]++
					assert.LessOrEqual(t, res.Tokens, tokens, "fits")
				}
				if len(res.Cuts) > 0 {
					last := text[strings.LastIndexByte(strings.TrimSuffix(text, "\n"), '\n')+1:]
					assert.Contains(t, last, "budget", "the last line says what was cut")
				}
				assert.Equal(t, want, operableIDs(t, text), "every operable id is kept")
				back, err := serialize.Parse(text)
				require.NoError(t, err)
				assert.Equal(t, text, string(serialize.AppendText(nil, back, res.Options)), "render(parse(text)) == text")
				t.Logf("%d → %d tokens (%d operable ids), cuts %v, over %v", res.Full, res.Tokens, len(want), res.Cuts, res.Over)
			})
		}
	}
}

func sortStrings(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

// words counts as tokens the space-separated words of a text: a counter
// whose numbers the tests below can follow by hand.
func words(b []byte) int { return len(strings.Fields(string(b))) }

func el(id int, role, name string, kids ...*axtree.Node) *axtree.Node {
	return &axtree.Node{ID: id, Role: role, Name: name, DOM: -1, Children: kids}
}

func txt(s string) *axtree.Node { return &axtree.Node{Name: s, DOM: -1} }

// shop is a results page: a heading, a long description, a list of ten
// products (each a link and a price) and a search box far from the text.
func shop() *axtree.Tree {
	var items []*axtree.Node
	for i := range 10 {
		items = append(items, el(20+2*i, "listitem", "", el(21+2*i, "link", fmt.Sprintf("Product %d", i)), txt(fmt.Sprintf("€%d.99 incl. VAT", i))))
	}
	long := strings.Repeat("lorem ipsum dolor sit amet ", 30)
	return &axtree.Tree{Roots: []*axtree.Node{
		el(1, "searchbox", "Search"),
		el(2, "heading", "Results"),
		el(3, "list", "", items...),
		txt(long), txt(long), txt(long),
		el(4, "paragraph", "", txt("About us and the imprint, far from every control.")),
	}}
}

func TestFitsUntouched(t *testing.T) {
	tr := shop()
	full := serialize.AppendText(nil, tr, serialize.Options{})
	res, err := budget.Fit(tr, budget.Options{Tokens: 10000, Count: words})
	require.NoError(t, err)
	assert.Equal(t, string(full), string(res.Text))
	assert.Empty(t, res.Cuts)
	assert.Same(t, tr, res.Tree)

	res, err = budget.Fit(tr, budget.Options{})
	require.NoError(t, err)
	assert.Equal(t, string(full), string(res.Text), "no budget: printed as it is")

	_, err = budget.Fit(tr, budget.Options{Tokens: 10})
	assert.ErrorIs(t, err, budget.ErrNoCounter)
}

func TestCutsInOrder(t *testing.T) {
	tr := shop()
	before := string(serialize.AppendText(nil, tr, serialize.Options{}))
	full := words([]byte(before))

	// A little over: shortening the long text lines is enough.
	res, err := budget.Fit(tr, budget.Options{Tokens: full - 100, Count: words})
	require.NoError(t, err)
	assert.Equal(t, []string{budget.CutText}, res.Cuts)
	assert.NotContains(t, string(res.Text), "more]")
	assert.Contains(t, string(res.Text), "…\n")
	assert.True(t, strings.HasSuffix(string(res.Text), "[truncated=budget]\n"))

	// Tighter: the list keeps its first three items whole, the others their
	// links only; far-off text goes before the price beside a link.
	res, err = budget.Fit(tr, budget.Options{Tokens: 59, Count: words})
	require.NoError(t, err)
	text := string(res.Text)
	assert.LessOrEqual(t, res.Tokens, 59)
	assert.Equal(t, []string{budget.CutText, budget.CutLists, budget.CutFarText}, res.Cuts, text)
	assert.Contains(t, text, "€2.99", "the first three items stay whole")
	assert.NotContains(t, text, "€3.99", "later items keep only their links")
	assert.Contains(t, text, "[Product 9](39)")
	assert.Contains(t, text, "\n[+3 more]\n", "the far-off text lines and paragraph are counted")
	assert.Equal(t, 1, strings.Count(text, "lorem"), "the text nearest a control stays")
	assert.NotContains(t, text, "About us")
	assert.Equal(t, before, string(serialize.AppendText(nil, tr, serialize.Options{})), "the input is not changed")

	// Tightest: only the operable elements, over budget, and it says so.
	res, err = budget.Fit(tr, budget.Options{Tokens: 5, Count: words})
	require.NoError(t, err)
	assert.True(t, res.Over)
	assert.Equal(t, operableIDs(t, before), operableIDs(t, string(res.Text)))
	assert.True(t, strings.HasSuffix(string(res.Text), "[truncated=budget,over-budget]\n"), string(res.Text))
	assert.NotContains(t, string(res.Text), "[listitem]", "wrappers are gone")
}

// TestListPlaceholder: items without anything operable past the first
// three become one placeholder.
func TestListPlaceholder(t *testing.T) {
	var rows []*axtree.Node
	for i := range 8 {
		rows = append(rows, el(10+i, "row", "", txt(fmt.Sprintf("cell %d with some words in it", i))))
	}
	tr := &axtree.Tree{Roots: []*axtree.Node{el(1, "button", "Next page"), el(2, "table", "", rows...)}, Truncated: []string{"nodes"}}
	res, err := budget.Fit(tr, budget.Options{Tokens: 40, Count: words})
	require.NoError(t, err)
	assert.Equal(t, "[button] Next page [id=1]\n[table] [id=2]\n  [row]\n    cell 0 with some words in it\n"+
		"  [row]\n    cell 1 with some words in it\n  [row]\n    cell 2 with some words in it\n"+
		"  [+5 more]\n[truncated=nodes,budget]\n", string(res.Text))
	back, err := serialize.Parse(string(res.Text))
	require.NoError(t, err)
	assert.Equal(t, 5, back.Roots[1].Children[3].More())
}

// TestHostileTextCannotForgePlaceholder: page text that spells a
// placeholder stays text, escaped, through a budget.
func TestHostileTextCannotForgePlaceholder(t *testing.T) {
	tr := &axtree.Tree{Roots: []*axtree.Node{el(1, "link", "[+99 more]"), txt("[+3 more]"), txt(strings.Repeat("x ", 500))}}
	res, err := budget.Fit(tr, budget.Options{Tokens: 20, Count: words})
	require.NoError(t, err)
	back, err := serialize.Parse(string(res.Text))
	require.NoError(t, err)
	assert.Equal(t, "[+99 more]", back.Roots[0].Name)
	for _, n := range back.Roots {
		if n.More() > 0 {
			assert.Equal(t, 1, n.More(), "only the cut long text is a placeholder: %s", res.Text)
		}
	}
	assert.Contains(t, string(res.Text), `\[+3 more]`)
}
