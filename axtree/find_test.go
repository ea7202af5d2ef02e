package axtree_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/axtree"
)

func names(ms []axtree.Match) []string {
	out := []string{}
	for _, m := range ms {
		out = append(out, m.Name)
	}
	return out
}

// TestParseTargetGetByRole: the match modes of Playwright's getByRole.
func TestParseTargetGetByRole(t *testing.T) {
	tr := build(t, `<main><button>Submit  Application</button><button>Submit</button><button>ÜBER uns</button><a href=x>submit a bug</a></main>`)
	find := func(role, name string, exact bool) []string {
		tg, err := axtree.ParseTarget(role, name, exact)
		require.NoError(t, err)
		return names(tr.Find(tg).Matches)
	}
	assert.Equal(t, []string{"Submit Application", "Submit"}, find("button", "submit", false), "case-insensitive substring")
	assert.Equal(t, []string{"Submit Application"}, find("button", "submit   APPLICATION", false), "white space collapsed")
	assert.Equal(t, []string{"ÜBER uns"}, find("button", "über", false), "Unicode case folding")
	assert.Equal(t, []string{"Submit"}, find("button", "Submit", true), "exact")
	assert.Empty(t, find("button", "submit", true), "exact is case-sensitive")
	assert.Equal(t, []string{"Submit", "submit a bug"}, find("", "/^submit( a bug)?$/i", false), "regexp, any role")
	assert.Equal(t, []string{"Submit Application", "Submit", "ÜBER uns"}, find("BUTTON", "", false), "role any case, empty name matches all")
	// The zero Target keeps matching exactly (existing callers).
	assert.Empty(t, names(tr.Find(axtree.Target{Role: "button", Name: "submit"}).Matches))
	assert.Equal(t, []string{"Submit"}, names(tr.Find(axtree.Target{Role: "button", Name: "Submit"}).Matches))
}

func TestCheckRole(t *testing.T) {
	for _, r := range []string{"", "button", "Link", "image", "presentation", "textbox"} {
		assert.NoError(t, axtree.CheckRole(r), r)
	}
	cases := map[string]string{
		"buton":   `unknown role "buton" (did you mean "button"?)`,
		"chekbox": `unknown role "chekbox" (did you mean "checkbox"?)`,
		"txtbox":  `unknown role "txtbox" (did you mean "textbox"?)`,
		"headng":  `unknown role "headng" (did you mean "heading"?)`,
		"widget":  `unknown role "widget" (not a WAI-ARIA role)`, // abstract
		"xyzzy":   `unknown role "xyzzy" (not a WAI-ARIA role)`,
	}
	for in, want := range cases {
		err := axtree.CheckRole(in)
		if assert.Error(t, err, in) {
			assert.Equal(t, want, err.Error())
		}
	}
	_, err := axtree.ParseTarget("buton", "x", false)
	assert.EqualError(t, err, `unknown role "buton" (did you mean "button"?)`)
	_, err = axtree.ParseTarget("button", "/x/g", false)
	assert.Error(t, err)
}

// An element whose name the lines below it spell out prints no name (a
// table row and its cells, a heading and its anchor link); Find still
// knows it by the name those lines say.
func TestFindByNameSaidBelow(t *testing.T) {
	tr := build(t, `<main><h2 id=s>Signature<a href="#s">Direct link to Signature</a></h2>
<table><tr><th>Item</th><th>Cost</th></tr><tr><td>Rent</td><td>507.00</td></tr></table></main>`)
	find := func(role, name string, exact bool) []string {
		tg, err := axtree.ParseTarget(role, name, exact)
		require.NoError(t, err)
		return names(tr.Find(tg).Matches)
	}
	rows := find("row", "rent", false)
	require.Len(t, rows, 1, "the row is found by its cells' text")
	assert.Equal(t, "Rent 507.00", rows[0], "and reported with it")
	assert.Equal(t, []string{"Rent 507.00"}, find("row", "Rent 507.00", true))
	assert.Len(t, find("heading", "Signature", false), 1, "the anchored heading is found by its text")
	assert.Empty(t, find("row", "Groceries", false))
}

// A near miss is ranked and reported by the name said below it too.
func TestFindCandidatesSaidBelow(t *testing.T) {
	tr := build(t, `<table><tr><th>Item</th><th>Cost</th></tr><tr><td>Rent</td><td>507.00</td></tr></table>`)
	tg, err := axtree.ParseTarget("row", "Rant 507.00", true)
	require.NoError(t, err)
	res := tr.Find(tg)
	assert.Empty(t, res.Matches)
	require.NotEmpty(t, res.Candidates)
	assert.Equal(t, "Rent 507.00", res.Candidates[0].Name)
}
