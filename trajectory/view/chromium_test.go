package view_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/capture"
	"github.com/axtree/axtree/serialize"
	"github.com/axtree/axtree/trajectory"
	"github.com/axtree/axtree/trajectory/view"
)

// One offline browser for the package's Chromium tests and benchmarks.
var (
	sharedBrowser *capture.Browser
	sharedErr     error
	sharedOnce    sync.Once
)

func TestMain(m *testing.M) {
	code := m.Run()
	if sharedBrowser != nil {
		sharedBrowser.Close()
	}
	os.Exit(code)
}

// browser returns a headless Chromium with the network disabled that may
// open file: URLs (the viewer is a trusted local file). Without Chromium
// the test is skipped, except under CI=true, where it fails.
func browser(t testing.TB) *capture.Browser {
	t.Helper()
	if capture.FindChromium() == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("Chromium is required on CI (apt-get install -y chromium) but was not found")
		}
		t.Skip("Chromium not found (set AXTREE_CHROMIUM or install chromium); skipping the viewer's browser tests")
	}
	sharedOnce.Do(func() {
		sharedBrowser, sharedErr = capture.Start(context.Background(), capture.Options{
			Offline: true, AllowFileURLs: true, Width: 1400, Height: 900,
			NavTimeout: 120 * time.Second, CallTimeout: 120 * time.Second, ActTimeout: 60 * time.Second,
		})
	})
	require.NoError(t, sharedErr, "start Chromium")
	return sharedBrowser
}

// viewer is the generated page of a run, open in a tab.
type viewer struct {
	t testing.TB
	p *capture.Page
}

// open writes run's viewer to a file, loads it from its file: URL and
// waits until the viewer has painted its first step.
func open(t testing.TB, run *trajectory.Run) *viewer {
	t.Helper()
	b, err := view.HTML(run)
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "viewer.html")
	require.NoError(t, os.WriteFile(path, b, 0o644))
	return openFile(t, path)
}

func openFile(t testing.TB, path string) *viewer {
	t.Helper()
	p, err := browser(t).NewPage(context.Background())
	require.NoError(t, err)
	t.Cleanup(p.Close)
	_, err = p.Navigate(context.Background(), "file://"+path)
	require.NoError(t, err)
	v := &viewer{t: t, p: p}
	v.wait(`document.documentElement.dataset.ready === "1"`)
	return v
}

// eval evaluates expr in the page (an isolated world: the DOM, not the
// page's globals) into out.
func (v *viewer) eval(expr string, out any) {
	v.t.Helper()
	require.NoError(v.t, v.p.Eval(context.Background(), expr, out))
}

// wait polls cond (a JS boolean expression) until it holds; the test's
// own deadline bounds it.
func (v *viewer) wait(cond string) {
	v.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	expr := `new Promise(r => { const f = () => { try { if (` + cond + `) return r(true) } catch (e) {} requestAnimationFrame(f) }; f() })`
	var ok bool
	require.NoError(v.t, v.p.Eval(ctx, expr, &ok), "waiting for %s", cond)
	require.True(v.t, ok)
}

// click sends a trusted mouse click to the centre of the element sel
// names, after scrolling it into view.
func (v *viewer) click(sel string) {
	v.t.Helper()
	var pt struct{ X, Y float64 }
	v.eval(fmt.Sprintf(`(() => { const e = document.querySelector(%q); e.scrollIntoView({block: "center"});
		const r = e.getBoundingClientRect(); return {X: r.left + r.width / 2, Y: r.top + r.height / 2} })()`, sel), &pt)
	require.NoError(v.t, v.p.MouseClick(context.Background(), pt.X, pt.Y))
}

// highlighted is the highlighted tree line as the page shows it.
type highlighted struct {
	Text   string
	Line   string
	InView bool
	Count  int
}

func (v *viewer) highlighted() highlighted {
	v.t.Helper()
	var h highlighted
	v.eval(`(() => { const rows = document.querySelectorAll("#tree .row.hl"); const row = rows[0];
		if (!row) return {Count: 0};
		const t = document.getElementById("tree").getBoundingClientRect(), r = row.getBoundingClientRect();
		return {Text: row.querySelector(".tx").textContent, Line: row.dataset.line, Count: rows.length,
			InView: r.top >= t.top && r.bottom <= t.bottom && r.height > 0} })()`, &h)
	return h
}

func (v *viewer) selected() int {
	v.t.Helper()
	var n int
	v.eval(`Number(document.querySelector(".step.sel").dataset.step)`, &n)
	return n
}

// lineOf returns the text of the line of observation text that carries
// [id=id], found without the viewer: the element line whose id group is
// " [id=N]" (page text cannot spell an unescaped "[").
func lineOf(t testing.TB, text string, id int) (int, string) {
	t.Helper()
	for i, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(l, "[id=") {
			continue // the state record
		}
		if ids, err := serialize.LineIDs(l); err == nil && slices.Contains(ids, id) {
			return i + 1, l
		}
	}
	t.Fatalf("no line carries [id=%d]", id)
	return 0, ""
}

func obsOf(run *trajectory.Run, step int) *trajectory.Observation {
	for i := range run.Observations {
		if run.Observations[i].ID == run.Steps[step].Observation {
			return &run.Observations[i]
		}
	}
	return nil
}

// TestViewerInChromium: the acceptance checks of the viewer in a real
// browser, from a file: URL with the network off.
func TestViewerInChromium(t *testing.T) {
	run := jobRun(t)
	v := open(t, run)

	// Clicking the element id of step 3 highlights the line of step 3's
	// observation that carries it, scrolled into view.
	for _, c := range []struct {
		name string
		step int
	}{{"step 3", 2}, {"a failed step (4)", 3}} {
		t.Run(c.name, func(t *testing.T) {
			v.t = t
			res := run.Steps[c.step].Actions[0].Resolved
			require.NotNil(t, res)
			v.eval(`document.getElementById("tree").scrollTop = 0`, nil) // start away from the line
			v.click(fmt.Sprintf(`.step[data-step="%d"] .resolved .idlink`, c.step))
			wantLine, wantText := lineOf(t, obsOf(run, c.step).Text, res.ID)
			v.wait(fmt.Sprintf(`document.querySelector("#tree .row.hl") && document.querySelector("#tree .row.hl").dataset.line === "%d"`, wantLine))
			h := v.highlighted()
			assert.Equal(t, 1, h.Count)
			assert.Equal(t, wantText, h.Text, "the highlighted line is the observation line carrying [id=%d]", res.ID)
			assert.Equal(t, fmt.Sprint(wantLine), h.Line)
			assert.True(t, h.InView, "the highlighted line is scrolled into view")
			assert.Equal(t, c.step, v.selected())
		})
	}
	v.t = t

	// A failed step's error is shown in full.
	var errText string
	v.eval(`document.querySelector('.step[data-step="3"] .err').textContent`, &errText)
	assert.Equal(t, run.Steps[3].Actions[0].Error, errText)

	// A dead id is not a line: clicking it says so and highlights nothing.
	v.click(`.step[data-step="4"] .err .idlink`)
	v.wait(`document.getElementById("notice").textContent.includes("[id=99]")`)
	assert.Equal(t, 0, v.highlighted().Count)

	// The next-step key selects step 6 and highlights its target.
	require.NoError(t, v.p.Press(context.Background(), "j"))
	v.wait(`document.querySelector(".step.sel").dataset.step === "5"`)
	_, want := lineOf(t, obsOf(run, 5).Text, 28)
	assert.Equal(t, want, v.highlighted().Text)
	require.NoError(t, v.p.Press(context.Background(), "k"))
	v.wait(`document.querySelector(".step.sel").dataset.step === "4"`)

	// Hovering a link id shows its URL from the link record.
	var title string
	v.eval(`(() => { document.querySelector('.step[data-step="6"]').click(); return document.querySelector('.step[data-step="6"] .reason .idlink').title })()`, &title)
	assert.Equal(t, obsOf(run, 6).Links[11], title)
	assert.NotEmpty(t, title)

	// The diff with the previous observation marks the typed values.
	v.click(`.step[data-step="2"]`)
	require.NoError(t, v.p.Press(context.Background(), "d"))
	v.wait(`document.querySelector("#tree .row.ins") !== null`)
	var ins []string
	v.eval(`[...document.querySelectorAll("#tree .row.ins .tx")].map(e => e.textContent)`, &ins)
	assert.Contains(t, ins, `[id=11] [value="Ada Lovelace"]`)
	require.NoError(t, v.p.Press(context.Background(), "d"))

	// A screenshot, to look at.
	v.click(`.step[data-step="3"] .resolved .idlink`)
	v.wait(`document.querySelector("#tree .row.hl") !== null`)
	shot, err := v.p.Screenshot(context.Background())
	require.NoError(t, err)
	out := filepath.Join(artifactDir(t), "viewer.png")
	require.NoError(t, os.WriteFile(out, shot, 0o644))
	t.Logf("screenshot: %s", out)

	assert.Empty(t, v.p.ConsoleErrors(), "no console errors")
}

// artifactDir is $AXTREE_ARTIFACTS, or a fixed folder under the temporary
// directory, so a screenshot outlives the test.
func artifactDir(t testing.TB) string {
	dir := os.Getenv("AXTREE_ARTIFACTS")
	if dir == "" {
		dir = filepath.Join(os.TempDir(), "axtree-artifacts")
	}
	require.NoError(t, os.MkdirAll(dir, 0o755))
	return dir
}

// TestViewerShowsHostileTextAsText: page text, a task, a reasoning and an
// error that spell </script>, markup and handlers are shown as text; no
// element of theirs exists and nothing of theirs runs.
func TestViewerShowsHostileTextAsText(t *testing.T) {
	run := hostileRun(t)
	v := open(t, run)
	var got struct {
		Pwned    string
		Scripts  int
		Injected int
		Task     string
		Rows     []string
		Reason   string
		Err      string
	}
	v.eval(`({Pwned: document.documentElement.getAttribute("data-pwned") || "",
		Scripts: document.scripts.length,
		Injected: document.querySelectorAll("img, svg, b, iframe, object, embed, #left script, #right script").length,
		Task: document.querySelector(".task").textContent,
		Rows: [...document.querySelectorAll("#tree .row .tx")].map(e => e.textContent),
		Reason: document.querySelector(".reason").textContent,
		Err: document.querySelector(".err").textContent})`, &got)
	assert.Empty(t, got.Pwned, "no payload ran")
	assert.Equal(t, 2, got.Scripts, "only the data and viewer scripts")
	assert.Zero(t, got.Injected, "no element from page text")
	assert.Equal(t, run.Task, got.Task)
	assert.Equal(t, strings.Split(strings.TrimSuffix(run.Observations[0].Text, "\n"), "\n"), got.Rows, "every line shown verbatim as text")
	assert.Equal(t, run.Steps[0].Reasoning, got.Reason)
	assert.Equal(t, run.Steps[0].Actions[0].Error, got.Err)
	assert.Empty(t, v.p.ConsoleErrors())
}

// TestViewerOnSamples: the shipped sample runs (corpus/trajectories, made
// by the runtime) open, and the element id of their step 3 highlights the
// line of step 3's observation that carries it.
func TestViewerOnSamples(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "..", "corpus", "trajectories", "*.json"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			b, err := os.ReadFile(f)
			require.NoError(t, err)
			run, err := trajectory.Unmarshal(b, trajectory.Options{})
			require.NoError(t, err)
			v := open(t, run)
			res := run.Steps[2].Actions[0].Resolved
			require.NotNil(t, res)
			v.click(`.step[data-step="2"] .resolved .idlink`)
			wantLine, wantText := lineOf(t, obsOf(run, 2).Text, res.ID)
			v.wait(fmt.Sprintf(`document.querySelector("#tree .row.hl") && document.querySelector("#tree .row.hl").dataset.line === "%d"`, wantLine))
			h := v.highlighted()
			assert.Equal(t, wantText, h.Text)
			assert.True(t, h.InView)
			// the id is marked where the line prints it: "[id=N]", or a
			// link's "(N)"
			tok := fmt.Sprintf("[id=%d]", res.ID)
			if !strings.Contains(wantText, " "+tok) {
				tok = fmt.Sprintf("(%d)", res.ID)
			}
			var marked string
			v.eval(`document.querySelector("#tree .row.hl .idtok").textContent`, &marked)
			assert.Equal(t, tok, marked)
			assert.Empty(t, v.p.ConsoleErrors())
		})
	}
}
