package mcp

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/observe"
	"github.com/axtree/axtree/render"
)

func TestDiffTrees(t *testing.T) {
	old := "[main] [id=1]\n  [textbox][editable] Email [id=2]\n  [checkbox] Keep me posted [id=3]\n  [button][collapsed] More [id=4]\n  Hello\n  [link] Old [id=5]\n[id=3] [checked]\n"
	cur := "[main] [id=1]\n  [textbox][editable] Email [id=2]\n  [checkbox] Keep me posted [id=3]\n  [button][expanded] More [id=4]\n    [link] Settings [id=9]\n  Hello\n  Please enter an email address.\n[id=2] [value=\"ada@\"]\n[id=9] [selected]\n"
	d, err := DiffTrees([]byte(old), []byte(cur))
	require.NoError(t, err)
	assert.Equal(t, []string{"[button][expanded] More [id=4]", `[id=2] [value="ada@"]`, "[id=3] cleared (no value, not checked or selected)"}, d.Changed)
	assert.Equal(t, []string{"[link] Settings [id=9]", "Please enter an email address.", "[id=9] [selected]"}, d.Appeared)
	assert.Equal(t, []int{5}, d.Gone)
	assert.Equal(t, 4, d.Kept)
	assert.Equal(t, 0, d.GoneText)

	same, err := DiffTrees([]byte(old), []byte(old))
	require.NoError(t, err)
	assert.True(t, same.Same())

	first, err := DiffTrees(nil, []byte(old))
	require.NoError(t, err)
	assert.Len(t, first.Appeared, 7)
	assert.Equal(t, 0, first.Kept)

	_, err = DiffTrees([]byte(old), []byte("[button\n"))
	assert.Error(t, err)
}

// A line of an inline run holds several nodes: each is compared on its
// own, so one changed link of a paragraph is one changed line, and the
// paragraph's text does not come back as new.
func TestDiffTreesInlineRun(t *testing.T) {
	old := "[main] [id=1]\n  See the [link] terms [id=2] and the [link] privacy notice [id=3] first.\n[link] Help [id=4]\n"
	cur := "[main] [id=1]\n  See the [link] terms (updated) [id=2] and the [link] privacy notice [id=3] first.\n[link] Help [id=4] [link] Contact [id=5]\n"
	d, err := DiffTrees([]byte(old), []byte(cur))
	require.NoError(t, err)
	assert.Equal(t, []string{"[link] terms (updated) [id=2]"}, d.Changed)
	assert.Equal(t, []string{"[link] Contact [id=5]"}, d.Appeared)
	assert.Equal(t, 4, d.Kept)
	assert.Zero(t, d.GoneText)
	assert.Empty(t, d.Gone)
}

// A row line (serialize/FORMAT.md, "Rows") holds a row and its cells: each
// cell is compared on its own and said as its element line, so one edited
// cell of a sheet is one changed line.
func TestDiffTreesRowLine(t *testing.T) {
	old := "[grid] Budget [id=1]\n  | [rowheader] Rent | 507.00 [id=3] | 1,233.00 [id=4] |\n  | [rowheader] Food | 90.00 [id=6] | [id=7] |\n"
	cur := "[grid] Budget [id=1]\n  | [rowheader] Rent | 600.00 [id=3] | 1,233.00 [id=4] |\n  | [rowheader] Food | 90.00 [id=6] | [id=7] |\n  | [rowheader] Gifts | 12.00 [id=9] |\n"
	d, err := DiffTrees([]byte(old), []byte(cur))
	require.NoError(t, err)
	assert.Equal(t, []string{"[gridcell] 600.00 [id=3]"}, d.Changed)
	assert.Equal(t, []string{"[rowheader] Gifts", "[gridcell] 12.00 [id=9]"}, d.Appeared)
	assert.Equal(t, 5, d.Kept) // the grid and four cells
	assert.Zero(t, d.GoneText)
	assert.Empty(t, d.Gone)
}

// TestGoneSpansUnprintedIDs: the ids of headings and rows are not printed
// (serialize/FORMAT.md, "Ids"), so the printed ids have gaps; a range of
// gone ids runs across a gap neither tree printed, not across an id the
// new tree prints.
func TestGoneSpansUnprintedIDs(t *testing.T) {
	old := "[main] [id=1]\n  [link] A [id=2]\n  [heading][level=2] B\n  [link] C [id=4]\n  [row]\n    [link] D [id=6]\n[link] E [id=7]\n"
	d, err := DiffTrees([]byte(old), []byte("[main] [id=1]\n[link] E [id=7]\n"))
	require.NoError(t, err)
	assert.Equal(t, []int{2, 4, 6}, d.Gone)
	assert.Contains(t, string(AppendQuiet(nil, Step{Observation: "ab", Seq: 2}, d, QuietOptions{})), "\ngone: 2-6 and 2 text lines\n")

	d, err = DiffTrees([]byte(old), []byte("[main] [id=1]\n  [link] New [id=3]\n[link] E [id=7]\n"))
	require.NoError(t, err)
	assert.Contains(t, string(AppendQuiet(nil, Step{Observation: "ab", Seq: 3}, d, QuietOptions{})), "\ngone: 2, 4-6 and 2 text lines\n")
}

func TestAppendQuiet(t *testing.T) {
	d := &Diff{Changed: []string{`[id=2] [value="ada@"]`}, Gone: []int{3, 4, 5, 9, 11, 12}}
	for i := range 15 {
		d.Appeared = append(d.Appeared, fmt.Sprintf("[link] L%d [id=%d]", i, 20+i))
	}
	d.Telling = d.Appeared
	got := string(AppendQuiet(nil, Step{Observation: "ab12cd34ef56", Seq: 3, URL: "https://x.test/\nevil", Title: "T", Navigated: true, Dialogs: []string{"alert: hi (accepted)"}}, d, QuietOptions{MaxLines: 2}))
	assert.Equal(t, "step 3 · observation ab12cd34\nnavigated to https://x.test/ evil \"T\"\ndialog: alert: hi (accepted)\n"+
		"changed: [id=2] [value=\"ada@\"]\nappeared (15), first:\n  [link] L0 [id=20]\n  [link] L1 [id=21]\n  +13 more: browser_snapshot\n"+
		"gone: 3-5, 9, 11-12\n", got)

	// Within a page, up to MaxLines lines, and a same-origin URL by its path.
	d.Telling = nil
	got = string(AppendQuiet(nil, Step{Observation: "ab", Seq: 4, From: "https://x.test/a", URL: "https://x.test/b?q=1", Navigated: true}, &Diff{Appeared: d.Appeared[:2], GoneText: 2}, QuietOptions{}))
	assert.Equal(t, "step 4 · observation ab\nnavigated to /b?q=1\nappeared (2):\n  [link] L0 [id=20]\n  [link] L1 [id=21]\ngone: 2 text lines\n", got)
	got = string(AppendQuiet(nil, Step{Observation: "ab", Seq: 5}, &Diff{}, QuietOptions{}))
	assert.Equal(t, "step 5 · observation ab\nno change on the page\n", got)
}

// sequenceDiffs replays a corpus sequence as a session sees it (stable
// numbering across its pages) and returns the diff of each step.
func sequenceDiffs(t *testing.T, dir string) []*Diff {
	pages, err := filepath.Glob(filepath.Join("..", "corpus", "sequences", dir, "*.html"))
	require.NoError(t, err)
	require.NotEmpty(t, pages)
	var prevElems []observe.Element
	var prevText []byte
	var out []*Diff
	for _, p := range pages {
		raw, err := os.ReadFile(p)
		require.NoError(t, err)
		r, err := render.HTMLBytes(raw, render.Options{URL: "http://127.0.0.1/"})
		require.NoError(t, err)
		prevElems, err = observe.Stabilize(r.Tree, nil, prevElems)
		require.NoError(t, err)
		text := r.Text()
		if prevText != nil {
			d, err := DiffTrees(prevText, text)
			require.NoError(t, err)
			out = append(out, d)
		}
		prevText = text
	}
	return out
}

// TestSequenceDiffs: on the corpus sequences, filling in fields changes
// only their record lines, and sending the form shows the thank-you page
// with the form's ids gone.
func TestSequenceDiffs(t *testing.T) {
	job := sequenceDiffs(t, "job-form")
	require.Len(t, job, 3)
	assert.Equal(t, []string{`[id=11] [value="Ada Lovelace"]`, `[id=12] [value="ada@example.org"]`}, job[0].Changed)
	assert.Empty(t, job[0].Appeared)
	assert.Empty(t, job[0].Gone)
	assert.Len(t, job[1].Changed, 7)
	assert.Contains(t, job[2].Appeared, "[heading][level=2] Thank you, Ada Lovelace!")
	assert.Equal(t, rangeInts(10, 28), job[2].Gone)

	shop := sequenceDiffs(t, "shop")
	require.Len(t, shop, 2)
	assert.Contains(t, shop[0].Appeared, `[heading][level=1] 1-6 of 240 results for "katzenfutter"`)
	assert.NotContains(t, shop[0].Gone, 4, "the search box keeps its number")
	assert.Contains(t, shop[0].Changed, "[id=4] [value=katzenfutter]")
	assert.NotContains(t, shop[0].Telling, "[heading][level=2]", "an unnamed heading says nothing in a preview")
}

func rangeInts(from, to int) []int {
	var out []int
	for i := from; i <= to; i++ {
		out = append(out, i)
	}
	return out
}
