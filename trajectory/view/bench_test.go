package view_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/trajectory/view"
)

// paintTimes reads the load's first contentful paint and the viewer's
// ready mark (its first step and observation painted), in ms since the
// navigation started.
type paintTimes struct{ Start, Parsed, Built, FCP, Ready float64 }

func (v *viewer) paintTimes() paintTimes {
	v.t.Helper()
	var pt paintTimes
	v.wait(`performance.getEntriesByName("first-contentful-paint").length > 0`)
	v.eval(`({FCP: performance.getEntriesByName("first-contentful-paint")[0].startTime,
		Start: performance.getEntriesByName("axtree-viewer-start")[0].startTime,
		Parsed: performance.getEntriesByName("axtree-viewer-parsed")[0].startTime,
		Built: performance.getEntriesByName("axtree-viewer-built")[0].startTime,
		Ready: performance.getEntriesByName("axtree-viewer-ready")[0].startTime})`, &pt)
	return pt
}

// stepMS selects the next step through the viewer's key handler and
// returns the time until the new observation is painted.
func (v *viewer) stepMS() float64 {
	v.t.Helper()
	var ms float64
	v.eval(`new Promise(r => { const t = performance.now();
		document.dispatchEvent(new KeyboardEvent("keydown", {key: "j", bubbles: true}));
		requestAnimationFrame(() => setTimeout(() => r(performance.now() - t), 0)) })`, &ms)
	return ms
}

// BenchmarkViewerFirstPaint opens the viewer of a synthetic run of 20
// observations × 8,000 lines from a file: URL and reports the first
// contentful paint and the viewer's ready time (first step selected, its
// observation's lines in view painted), and the time to step to the next
// observation. Run with -benchtime=Nx; the page is loaded anew each time.
func BenchmarkViewerFirstPaint(b *testing.B) {
	benchOpen(b, 20, 8000)
}

// BenchmarkViewerPublishedSize is the same for a run the size of the
// published ones (18 observations, ~40,000 lines, ~6,000 links).
func BenchmarkViewerPublishedSize(b *testing.B) {
	benchOpen(b, 18, 2222)
}

func benchOpen(b *testing.B, obs, lines int) {
	run := synthRun(b, obs, lines)
	page, err := view.HTML(run)
	require.NoError(b, err)
	path := filepath.Join(b.TempDir(), "viewer.html")
	require.NoError(b, os.WriteFile(path, page, 0o644))
	browser(b)
	b.ReportMetric(float64(len(page))/(1<<20), "MiB")
	var start, parsed, built, fcp, ready, step float64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		v := openFile(b, path)
		pt := v.paintTimes()
		start += pt.Start
		parsed += pt.Parsed
		built += pt.Built
		fcp += pt.FCP
		ready += pt.Ready
		step += v.stepMS()
		v.p.Close()
	}
	b.ReportMetric(start/float64(b.N), "script-ms")
	b.ReportMetric(parsed/float64(b.N), "parsed-ms")
	b.ReportMetric(built/float64(b.N), "built-ms")
	b.ReportMetric(fcp/float64(b.N), "fcp-ms")
	b.ReportMetric(ready/float64(b.N), "ready-ms")
	b.ReportMetric(step/float64(b.N), "step-ms")
}

// TestViewerPublishedSizeIsLazy: on a run the size of the published ones,
// the page holds only the lines in view, and the last step's target is
// reached and highlighted (counted, not timed).
func TestViewerPublishedSizeIsLazy(t *testing.T) {
	run := synthRun(t, 18, 2222)
	v := open(t, run)
	last := len(run.Steps) - 1
	v.click(fmt.Sprintf(`.step[data-step="%d"] .resolved .idlink`, last))
	res := run.Steps[last].Actions[0].Resolved
	_, want := lineOf(t, obsOf(run, last).Text, res.ID)
	v.wait(`document.querySelector("#tree .row.hl") !== null`)
	h := v.highlighted()
	assert.Equal(t, want, h.Text)
	assert.True(t, h.InView)
	var rows int
	v.eval(`document.querySelectorAll("#tree .row").length`, &rows)
	assert.Less(t, rows, 200, "only the lines in view (and a margin) are in the DOM, of %d lines", 2222)
	assert.Empty(t, v.p.ConsoleErrors())
}
