package view_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/links"
	"github.com/axtree/axtree/trajectory"
)

// synthText is a product-listing tree of about n lines: sections of cards,
// each a heading, a link (with a URL in the record), a price text and a
// button. Observation k differs from k-1 by a few cards and its state
// record, as consecutive steps of a real run do.
func synthText(k, n int) (string, links.Record, int) {
	var b strings.Builder
	rec := links.Record{}
	id := 0
	next := func() int { id++; return id }
	fmt.Fprintf(&b, "[banner] [id=%d]\n  [searchbox][editable] Search [id=%d]\n[main] [id=%d]\n", next(), next(), next())
	lines := 3
	for card := 0; lines < n; card++ {
		if card%50 == 0 {
			fmt.Fprintf(&b, "  [region] Section %d [id=%d]\n", card/50, next())
			lines++
		}
		// Observation k replaces the cards at positions 40k..40k+2.
		label := fmt.Sprintf("Product %d", card)
		if card >= 40*k && card < 40*k+3 {
			label = fmt.Sprintf("Product %d (updated in step %d)", card, k)
		}
		fmt.Fprintf(&b, "    [article] [id=%d]\n      [heading][level=3] %s [id=%d]\n", next(), label, next())
		l := next()
		if card%4 != 3 {
			rec[l] = fmt.Sprintf("https://shop.example/p/%d?ref=list&pos=%d", card, card)
		}
		fmt.Fprintf(&b, "      [link] %s, details and reviews [id=%d]\n      €%d,%02d\n      [button] Add %s to basket [id=%d]\n", label, l, 10+card%90, card%100, label, next())
		lines += 5
	}
	fmt.Fprintf(&b, "[id=2] [value=\"query %d\"]\n", k)
	return b.String(), rec, id
}

// synthRun is a run of obs observations of about lines lines each, two
// steps on each observation.
func synthRun(t testing.TB, obs, lines int) *trajectory.Run {
	t.Helper()
	at := time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC)
	rec, err := trajectory.NewRecorder(trajectory.Meta{ID: fmt.Sprintf("synth-%dx%d", obs, lines), Task: "Compare the products and add the cheapest to the basket"},
		trajectory.WithClock(func() time.Time { at = at.Add(time.Second); return at }))
	require.NoError(t, err)
	for k := 0; k < obs; k++ {
		text, lk, maxID := synthText(k, lines)
		o, err := rec.Observe(text, lk, fmt.Sprintf("https://shop.example/list?page=%d", k+1), fmt.Sprintf("Results, page %d", k+1))
		require.NoError(t, err)
		for j, id := range []int{2, 4 + (k*7919)%(maxID-4)} {
			r, err := rec.Resolve(o, id)
			require.NoError(t, err, "observation %d id %d", k, id)
			_, err = rec.Append(trajectory.Step{Kind: trajectory.KindDecision, Observation: o, Outcome: trajectory.StepOK,
				Reasoning: fmt.Sprintf("Step %d.%d: looking at [id=%d].", k, j, id),
				Actions:   []trajectory.Action{{Call: trajectory.Call{Tool: "click", Args: trajectory.RawJSON(fmt.Sprintf(`{"id":%d}`, id))}, Resolved: r, Outcome: trajectory.ActionOK}}})
			require.NoError(t, err)
		}
	}
	run, err := rec.Finish(trajectory.Success, "")
	require.NoError(t, err)
	return run
}

// hugeRun is a run of about size bytes of JSON: observations of long text
// lines (paragraphs near the 300-rune text limit), two steps on each.
func hugeRun(t testing.TB, size int) *trajectory.Run {
	t.Helper()
	rec, err := trajectory.NewRecorder(trajectory.Meta{ID: "huge", Task: "Read every article"})
	require.NoError(t, err)
	para := strings.TrimSpace(strings.Repeat("Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor. ", 3))
	const perObs = 4 << 20
	total := 0
	for k := 0; total < size; k++ {
		var b strings.Builder
		fmt.Fprintf(&b, "[main] [id=1]\n  [heading][level=1] Archive page %d\n", k)
		id := 2
		for n := 0; b.Len() < perObs; n++ {
			if n%20 == 0 {
				id++
				fmt.Fprintf(&b, "  [link] Article %d of page %d [id=%d]\n", n/20, k, id)
			}
			fmt.Fprintf(&b, "  %d. %s\n", n, para)
		}
		text := b.String()
		total += len(text) // JSON escapes only the newlines; the loop stops past size
		o, err := rec.Observe(text, nil, "", "")
		require.NoError(t, err)
		for _, target := range []int{3, id} { // the first and the last link
			r, err := rec.Resolve(o, target)
			require.NoError(t, err)
			_, err = rec.Append(trajectory.Step{Kind: trajectory.KindDecision, Observation: o, Outcome: trajectory.StepOK,
				Actions: []trajectory.Action{{Call: trajectory.Call{Tool: "click"}, Resolved: r, Outcome: trajectory.ActionOK}}})
			require.NoError(t, err)
		}
	}
	run, err := rec.Finish(trajectory.Success, "")
	require.NoError(t, err)
	return run
}
