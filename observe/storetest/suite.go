package storetest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/links"
	"github.com/axtree/axtree/observe"
	"github.com/axtree/axtree/render"
	"github.com/axtree/axtree/trajectory"
)

// Run runs the whole suite against the stores open makes.
func Run(t *testing.T, open Factory) {
	for _, c := range []struct {
		name string
		fn   func(*testing.T, Factory)
	}{
		{"RunsAndGraph", testRunsAndGraph},
		{"ShownTextJoins", testShownTextJoins},
		{"Previous", testPrevious},
		{"StartRefusesExistingRun", testStart},
		{"ConcurrentOneRun", testConcurrentOneRun},
		{"ConcurrentManyRuns", testConcurrentManyRuns},
		{"IdenticalStatesStoredOnce", testIdenticalOnce},
		{"NothingStoredOnError", testNothingOnError},
		{"HostileMetadata", testHostileMetadata},
		{"Health", testHealth},
		{"Trajectories", testTrajectories},
		{"TrajectoriesInGraph", testTrajectoriesInGraph},
		{"TrajectoryAppendChecked", testTrajectoryAppendChecked},
		{"TrajectoryConcurrentAppends", testTrajectoryConcurrent},
	} {
		t.Run(c.name, func(t *testing.T) { c.fn(t, open) })
	}
}

// repoFile finds a file of the repository from a test's working directory
// (the package directory, somewhere under the repository root).
func repoFile(t testing.TB, rel string) string {
	t.Helper()
	dir, err := os.Getwd()
	require.NoError(t, err)
	for {
		p := filepath.Join(dir, rel)
		if _, err := os.Stat(p); err == nil {
			return p
		}
		up := filepath.Dir(dir)
		require.NotEqual(t, up, dir, "%s not found above the test's directory", rel)
		dir = up
	}
}

func page(t testing.TB, html, pageURL string) *render.Result {
	t.Helper()
	r, err := render.HTMLBytes([]byte(html), render.Options{URL: pageURL})
	require.NoError(t, err)
	return r
}

func jobPage(t testing.TB, name string) *render.Result {
	t.Helper()
	b, err := os.ReadFile(repoFile(t, filepath.Join("corpus", "sequences", "job-form", name)))
	require.NoError(t, err)
	return page(t, string(b), "https://jobs.example.org/jobs/42/apply")
}

// clock returns a Now that advances a second per call from a fixed time.
func clock() func() time.Time {
	var mu sync.Mutex
	t := time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)
	return func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		t = t.Add(time.Second)
		return t
	}
}

// jobRun records the job-form pages as run and returns what was recorded.
func jobRun(t testing.TB, rec *observe.Recorder, run string) []*observe.Recorded {
	t.Helper()
	steps := []struct {
		file string
		act  *observe.Action
	}{
		{"01-empty.html", nil},
		{"02-half.html", &observe.Action{Element: 11, Action: "type", Value: "Ada Lovelace"}},
		{"03-filled.html", &observe.Action{Element: 13, Action: "type", Value: "ada"}},
	}
	var out []*observe.Recorded
	prev := ""
	for _, s := range steps {
		r, err := rec.Record(context.Background(), observe.Input{Run: run, Previous: prev, Action: s.act, Page: jobPage(t, s.file)})
		require.NoError(t, err, "%s %s", run, s.file)
		prev = r.Observation.ID
		out = append(out, r)
	}
	return out
}

func verify(t testing.TB, st Store) {
	t.Helper()
	assert.NoError(t, st.Verify(context.Background()), "store does not verify")
}

func ids(rs []*observe.Recorded) []string {
	var out []string
	for _, r := range rs {
		out = append(out, r.Observation.ID)
	}
	return out
}

func testRunsAndGraph(t *testing.T, open Factory) {
	ctx := context.Background()
	st := open(t)
	rec := &observe.Recorder{Store: st, Now: clock()}
	a := jobRun(t, rec, "run-a")
	b := jobRun(t, rec, "run-b")
	assert.Equal(t, ids(a), ids(b), "same pages, different ids")
	assert.NotEqual(t, a[0].Observation.ID, a[1].Observation.ID)

	steps, err := st.Run(ctx, "run-b")
	require.NoError(t, err)
	require.Len(t, steps, 3)
	for i, s := range steps {
		assert.Equal(t, i, s.Seq)
		assert.Equal(t, b[i].Observation.ID, s.ID)
		assert.Equal(t, b[i].Observation.State, s.State)
		want, wantState := "", ""
		if i > 0 {
			want, wantState = b[i-1].Observation.ID, b[i-1].Observation.State
		}
		assert.Equal(t, want, s.Previous, "step %d previous", i)
		assert.Equal(t, wantState, s.PreviousState, "step %d previous state", i)
		assert.Equal(t, "jobs.example.org", s.Site)
		assert.Empty(t, s.Text, "Run loads no text")
	}
	if a1 := steps[1].Action; assert.NotNil(t, a1) {
		assert.Equal(t, "textbox", a1.Role)
		assert.Equal(t, "Name *", a1.Name)
		assert.Equal(t, 11, a1.Canon)
	}
	g, err := st.Graph(ctx, "jobs.example.org")
	require.NoError(t, err)
	assert.Len(t, g.Nodes(), 3)
	edges := g.Edges()
	require.Len(t, edges, 2)
	for _, e := range edges {
		assert.Equal(t, 2, e.Count)
	}
	for _, n := range g.Nodes() {
		found := false
		for _, r := range a {
			found = found || r.Observation.State == n.ID
		}
		assert.True(t, found, "graph node %s is no state of the run", n.ID)
	}
	other, err := st.Graph(ctx, "elsewhere.example")
	require.NoError(t, err)
	assert.Empty(t, other.Nodes())

	o, err := st.Get(ctx, a[2].Observation.ID)
	require.NoError(t, err)
	assert.Equal(t, a[2].Observation.ID, observe.ID([]byte(o.Text), o.Links.AppendJSON(nil)), "stored content does not hash to its id")
	assert.Equal(t, "run-a", o.Run, "Get reports the first step that recorded it")
	assert.Equal(t, 2, o.Seq)
	_, err = st.Get(ctx, strings.Repeat("0", observe.IDLen))
	assert.ErrorIs(t, err, observe.ErrNotFound)
	_, err = st.Run(ctx, "no-such-run")
	assert.ErrorIs(t, err, observe.ErrNotFound)

	last, err := st.Step(ctx, "run-a", "")
	require.NoError(t, err)
	assert.Equal(t, 2, last.Seq)
	assert.NotEmpty(t, last.Elements)
	verify(t, st)
}

// testShownTextJoins: when a step renumbers its page, the stored text
// under the step's id is the text the agent was shown, and the canonical
// text is stored under the state; an action's element id is found in the
// stored text of the observation it was taken on.
func testShownTextJoins(t *testing.T, open Factory) {
	ctx := context.Background()
	st := open(t)
	rec := &observe.Recorder{Store: st}
	first, err := rec.Record(ctx, observe.Input{Run: "j", Page: page(t, `<button>Search</button><a href="/cart">Cart</a>`, "https://shop.example/")})
	require.NoError(t, err)
	second, err := rec.Record(ctx, observe.Input{Run: "j", Action: &observe.Action{Element: 2, Action: "click"},
		Page: page(t, `<a href="/deals">Deals</a><button>Search</button><a href="/cart">Cart</a>`, "https://shop.example/cart")})
	require.NoError(t, err)
	o2 := second.Observation
	require.NotEqual(t, o2.ID, o2.State, "the second page must be renumbered for this test")
	assert.Equal(t, first.Observation.ID, first.Observation.State, "a first step is shown in canonical numbering")

	shown, err := st.Get(ctx, o2.ID)
	require.NoError(t, err)
	assert.Equal(t, string(second.Text), shown.Text, "stored text is not what the agent was shown")
	assert.Equal(t, second.Links, shown.Links)
	assert.Equal(t, o2.State, shown.State)
	assert.Equal(t, trajectory.ObservationID(shown.Text, shown.Links), o2.ID, "the id is the trajectory format's id of the shown text")

	canon, err := st.Get(ctx, o2.State)
	require.NoError(t, err)
	assert.Equal(t, "[Deals](1)\n[button] Search [id=2]\n[Cart](3)\n", canon.Text)
	assert.Equal(t, "[Deals](3)\n[button] Search [id=1]\n[Cart](2)\n", shown.Text)

	// The action named element 2 of the first observation as shown.
	prev, err := st.Get(ctx, o2.Previous)
	require.NoError(t, err)
	ix, err := trajectory.NewIndex(prev.Text)
	require.NoError(t, err)
	el, ok := ix.Lookup(o2.Action.Element)
	require.True(t, ok, "element %d not in the stored previous text", o2.Action.Element)
	assert.Equal(t, o2.Action.Role, el.Role)
	assert.Equal(t, o2.Action.Name, el.Name)
	verify(t, st)
}

func testPrevious(t *testing.T, open Factory) {
	ctx := context.Background()
	st := open(t)
	rec := &observe.Recorder{Store: st}
	rs := jobRun(t, rec, "p")
	// A branch from the first step, named by its state id.
	r, err := rec.Record(ctx, observe.Input{Run: "p", Previous: rs[0].Observation.State, Page: jobPage(t, "04-submitted.html")})
	require.NoError(t, err)
	assert.Equal(t, 3, r.Observation.Seq)
	assert.Equal(t, rs[0].Observation.ID, r.Observation.Previous)
	_, err = rec.Record(ctx, observe.Input{Run: "p", Previous: strings.Repeat("a", 32), Page: jobPage(t, "01-empty.html")})
	assert.ErrorIs(t, err, observe.ErrUnknownPrevious)
	_, err = rec.Record(ctx, observe.Input{Run: "other", Previous: rs[1].Observation.ID, Page: jobPage(t, "01-empty.html")})
	assert.ErrorIs(t, err, observe.ErrUnknownPrevious, "a previous step of another run")
	_, err = rec.Record(ctx, observe.Input{Run: "p", Action: &observe.Action{Element: 9999, Action: "click"}, Page: jobPage(t, "01-empty.html")})
	assert.ErrorIs(t, err, observe.ErrBadAction)
	_, err = rec.Record(ctx, observe.Input{Run: "p", Action: &observe.Action{Element: 1}, Page: jobPage(t, "01-empty.html")})
	assert.ErrorIs(t, err, observe.ErrBadAction, "an action without a name")
	steps, err := st.Run(ctx, "p")
	require.NoError(t, err)
	assert.Len(t, steps, 4, "refused records stored something")
	verify(t, st)
}

func testStart(t *testing.T, open Factory) {
	ctx := context.Background()
	st := open(t)
	rec := &observe.Recorder{Store: st}
	_, err := rec.Record(ctx, observe.Input{Run: "s", Start: true, Page: jobPage(t, "01-empty.html")})
	require.NoError(t, err)
	_, err = rec.Record(ctx, observe.Input{Run: "s", Start: true, Page: jobPage(t, "01-empty.html")})
	assert.ErrorIs(t, err, observe.ErrRunExists)
	steps, err := st.Run(ctx, "s")
	require.NoError(t, err)
	assert.Len(t, steps, 1)
}

// assertLinear checks that steps form one chain.
func assertLinear(t testing.TB, run string, steps []*observe.Observation) {
	t.Helper()
	for i, s := range steps {
		if !assert.Equal(t, i, s.Seq, "run %s: step %d", run, i) {
			return
		}
		want := ""
		if i > 0 {
			want = steps[i-1].ID
		}
		if !assert.Equal(t, want, s.Previous, "run %s: step %d names the wrong previous step", run, i) {
			return
		}
	}
}

// distinctPage is the n-th of many distinct pages that share most of
// their elements, so that stable numbering has work to do.
func distinctPage(t testing.TB, run string, n int) *render.Result {
	return page(t, fmt.Sprintf(`<title>%s %d</title><h1>Step %d</h1><a href="/home">Home</a><button>Next %d</button><input aria-label="Query">`, run, n, n, n), "https://chain.example/"+run)
}

func testConcurrentOneRun(t *testing.T, open Factory) {
	ctx := context.Background()
	st := open(t)
	rec := &observe.Recorder{Store: st}
	const writers, each = 16, 12
	var wg sync.WaitGroup
	errs := make(chan error, writers*each)
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range each {
				_, err := rec.Record(ctx, observe.Input{Run: "shared", Page: distinctPage(t, "shared", w*each+i)})
				errs <- err
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		require.NoError(t, err)
	}
	steps, err := st.Run(ctx, "shared")
	require.NoError(t, err)
	require.Len(t, steps, writers*each)
	assertLinear(t, "shared", steps)
	verify(t, st)
}

func testConcurrentManyRuns(t *testing.T, open Factory) {
	ctx := context.Background()
	st := open(t)
	rec := &observe.Recorder{Store: st}
	const runs, each = 8, 10
	var wg sync.WaitGroup
	errs := make(chan error, runs*each)
	for r := range runs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			run := fmt.Sprintf("run%d", r)
			for i := range each {
				_, err := rec.Record(ctx, observe.Input{Run: run, Page: distinctPage(t, run, i)})
				errs <- err
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		require.NoError(t, err)
	}
	for r := range runs {
		run := fmt.Sprintf("run%d", r)
		steps, err := st.Run(ctx, run)
		require.NoError(t, err)
		require.Len(t, steps, each)
		assertLinear(t, run, steps)
	}
	verify(t, st)
}

func testIdenticalOnce(t *testing.T, open Factory) {
	ctx := context.Background()
	st := open(t)
	rec := &observe.Recorder{Store: st}
	var b strings.Builder
	for i := range 300 {
		fmt.Fprintf(&b, "<button>Action %d</button>", i)
	}
	for range 30 {
		_, err := rec.Record(ctx, observe.Input{Run: "same", Page: page(t, b.String(), "https://same.example/")})
		require.NoError(t, err)
	}
	stats, err := st.Stats(ctx)
	require.NoError(t, err)
	assert.Equal(t, 30, stats.Steps)
	assert.Equal(t, 1, stats.Contents, "one page state, one text")
	assert.Equal(t, 1, stats.ElementSets, "one page state, one element numbering")
	verify(t, st)
}

// testNothingOnError: a build that fails (a Finish error, a context that
// ran out) stores nothing, and the run goes on from where it was.
func testNothingOnError(t *testing.T, open Factory) {
	ctx := context.Background()
	st := open(t)
	rec := &observe.Recorder{Store: st}
	_, err := rec.Record(ctx, observe.Input{Run: "e", Page: jobPage(t, "01-empty.html")})
	require.NoError(t, err)
	before, err := st.Stats(ctx)
	require.NoError(t, err)
	boom := errors.New("boom")
	_, err = rec.Record(ctx, observe.Input{Run: "e", Page: jobPage(t, "02-half.html"),
		Finish: func(context.Context, *observe.Recorded) error { return boom }})
	assert.ErrorIs(t, err, boom)
	cctx, cancel := context.WithCancel(ctx)
	_, err = rec.Record(cctx, observe.Input{Run: "e", Page: jobPage(t, "03-filled.html"),
		Finish: func(context.Context, *observe.Recorded) error { cancel(); return nil }})
	assert.ErrorIs(t, err, context.Canceled)
	// build itself failing inside the transaction
	_, err = st.Append(ctx, "e", "", func(prev *observe.Observation) (*observe.Observation, error) { return nil, boom })
	assert.ErrorIs(t, err, boom)
	// build returning content that does not hash to its id
	_, err = st.Append(ctx, "e", "", func(prev *observe.Observation) (*observe.Observation, error) {
		return &observe.Observation{ID: strings.Repeat("1", 32), State: strings.Repeat("1", 32), Text: "forged"}, nil
	})
	assert.Error(t, err)
	after, err := st.Stats(ctx)
	require.NoError(t, err)
	assert.Equal(t, before, after, "a failed record stored something")
	r, err := rec.Record(ctx, observe.Input{Run: "e", Page: jobPage(t, "04-submitted.html")})
	require.NoError(t, err)
	assert.Equal(t, 1, r.Observation.Seq)
	verify(t, st)
}

// testHostileMetadata: titles and URLs with NUL bytes and invalid UTF-8,
// and a capture page whose text holds them, store and read back the same
// on every store.
func testHostileMetadata(t *testing.T, open Factory) {
	ctx := context.Background()
	st := open(t)
	rec := &observe.Recorder{Store: st}
	p := page(t, "<button>ok</button>", "")
	r, err := rec.Record(ctx, observe.Input{Run: "h", Page: p, Title: "a\x00b\xffc", URL: "https://h.example/\x00",
		Action: nil})
	require.NoError(t, err)
	assert.Equal(t, "a\uFFFDb\uFFFDc", r.Observation.Title)
	steps, err := st.Run(ctx, "h")
	require.NoError(t, err)
	assert.Equal(t, r.Observation.Title, steps[0].Title)
	assert.Equal(t, r.Observation.URL, steps[0].URL)
	_, err = rec.Record(ctx, observe.Input{Run: "h", Page: page(t, "<button>ok</button><p>next</p>", ""),
		Action: &observe.Action{Element: 1, Action: "type", Value: "nul\x00 and \xff"}})
	require.NoError(t, err)
	steps, err = st.Run(ctx, "h")
	require.NoError(t, err)
	require.Len(t, steps, 2)
	assert.Equal(t, "nul\uFFFD and \uFFFD", steps[1].Action.Value)
	verify(t, st)
}

func testHealth(t *testing.T, open Factory) {
	st := open(t)
	assert.NoError(t, st.Health(context.Background()))
	assert.NoError(t, st.Health(context.Background()), "a second probe")
}

// newTrajectory starts a run on two observations (the second one's text
// holds </script> and markup) with one step on the first.
func newTrajectory(t testing.TB, id string) (*trajectory.Recorder, [2]string) {
	t.Helper()
	now := clock()
	rec, err := trajectory.NewRecorder(trajectory.Meta{ID: id, Task: "Buy cat food", Site: "shop.example"}, trajectory.WithClock(now))
	require.NoError(t, err)
	rec.SetPlan(trajectory.Plan{Reasoning: "search, then buy", Language: "javascript", Program: "ax.type(4, 'cat')\nax.click(7)\n"})
	o1, err := rec.Observe("[searchbox] Search [id=4]\n[button] Go [id=5]\n", nil, "https://shop.example/", "Shop")
	require.NoError(t, err)
	o2, err := rec.Observe("[Cat food </script><b>&amp;](7)\n", links.Record{7: "https://shop.example/p/1"}, "https://shop.example/s", "Results")
	require.NoError(t, err)
	res, err := rec.Resolve(o1, 4)
	require.NoError(t, err)
	_, err = rec.Append(trajectory.Step{Kind: trajectory.KindProgram, Observation: o1, Line: 1,
		Actions: []trajectory.Action{{Call: trajectory.Call{Tool: "type", Args: trajectory.RawJSON(`{"id":4,"text":"cat"}`)}, Resolved: res, Outcome: trajectory.ActionOK}},
		Outcome: trajectory.StepOK})
	require.NoError(t, err)
	return rec, [2]string{o1, o2}
}

func testTrajectories(t *testing.T, open Factory) {
	ctx := context.Background()
	st := open(t)
	rec, obs := newTrajectory(t, "traj-1")
	run := rec.Run()
	require.NoError(t, st.CreateTrajectory(ctx, run))
	assert.ErrorIs(t, st.CreateTrajectory(ctx, run), observe.ErrExists)

	got, err := st.Trajectory(ctx, "traj-1")
	require.NoError(t, err)
	assert.Equal(t, run, got, "a stored trajectory reads back as it was")

	res, err := rec.Resolve(obs[1], 7)
	require.NoError(t, err)
	step := trajectory.Step{Kind: trajectory.KindProgram, Observation: obs[1], Line: 2,
		Actions: []trajectory.Action{{Call: trajectory.Call{Tool: "click", Args: trajectory.RawJSON(`{"id":7}`)}, Resolved: res, Outcome: trajectory.ActionOK}},
		Outcome: trajectory.StepOK}
	_, err = rec.Append(step)
	require.NoError(t, err)
	full, err := rec.Finish(trajectory.Success, "")
	require.NoError(t, err)
	n, err := st.AppendTrajectory(ctx, "traj-1", &observe.TrajectoryAppend{
		Observations: full.Observations, // the one it has is skipped
		Steps:        full.Steps[1:], Outcome: full.Outcome, Ended: full.Ended})
	require.NoError(t, err)
	assert.Equal(t, 2, n)
	got, err = st.Trajectory(ctx, "traj-1")
	require.NoError(t, err)
	assert.Equal(t, full, got)

	// The observations are the store's content: the text under the id is
	// the text the agent was shown.
	o, err := st.Get(ctx, obs[1])
	require.NoError(t, err)
	assert.Equal(t, full.Observations[1].Text, o.Text)

	_, err = st.Trajectory(ctx, "nope")
	assert.ErrorIs(t, err, observe.ErrNotFound)
	_, err = st.AppendTrajectory(ctx, "nope", &observe.TrajectoryAppend{})
	assert.ErrorIs(t, err, observe.ErrNotFound)
	stats, err := st.Stats(ctx)
	require.NoError(t, err)
	assert.Equal(t, 1, stats.Trajectories)
	verify(t, st)
}

// testTrajectoriesInGraph: a site's state graph counts its stored
// trajectories (it used to count only the steps of runs): their
// observations are nodes, their edges the actions that succeeded, an
// appended step adds its edge, other sites' trajectories stay out, and a
// trajectory that records a run of steps is not counted twice.
func testTrajectoriesInGraph(t *testing.T, open Factory) {
	ctx := context.Background()
	st := open(t)
	rec, obs := newTrajectory(t, "traj-g")
	require.NoError(t, st.CreateTrajectory(ctx, rec.Run()))
	g, err := st.Graph(ctx, "shop.example")
	require.NoError(t, err)
	if nodes := g.Nodes(); assert.Len(t, nodes, 1) {
		assert.Equal(t, observe.GraphNode{ID: obs[0], URL: "https://shop.example/", Title: "Shop", Visits: 1, Starts: 1}, nodes[0])
	}
	assert.Empty(t, g.Edges(), "one step leads nowhere yet")

	res, err := rec.Resolve(obs[1], 7)
	require.NoError(t, err)
	_, err = rec.Append(trajectory.Step{Kind: trajectory.KindProgram, Observation: obs[1], Line: 2,
		Actions: []trajectory.Action{{Call: trajectory.Call{Tool: "click", Args: trajectory.RawJSON(`{"id":7}`)}, Resolved: res, Outcome: trajectory.ActionOK}},
		Outcome: trajectory.StepOK})
	require.NoError(t, err)
	full, err := rec.Finish(trajectory.Success, "")
	require.NoError(t, err)
	_, err = st.AppendTrajectory(ctx, "traj-g", &observe.TrajectoryAppend{Observations: full.Observations, Steps: full.Steps[1:], Outcome: full.Outcome, Ended: full.Ended})
	require.NoError(t, err)
	want := observe.NewGraph()
	want.AddRun(full)
	g, err = st.Graph(ctx, "shop.example")
	require.NoError(t, err)
	assert.Equal(t, string(want.JSON()), string(g.JSON()))
	if edges := g.Edges(); assert.Len(t, edges, 1) {
		e := edges[0]
		assert.Equal(t, obs[0], e.From)
		assert.Equal(t, obs[1], e.To)
		assert.Equal(t, 1, e.Count)
		if assert.NotNil(t, e.Action) {
			assert.Equal(t, "type", e.Action.Action)
			assert.Equal(t, "cat", e.Action.Value)
			assert.Equal(t, "searchbox", e.Action.Role)
		}
	}
	other, err := st.Graph(ctx, "elsewhere.example")
	require.NoError(t, err)
	assert.Empty(t, other.Nodes())

	// A run of steps, and a trajectory under the same id (the same texts as
	// traj-g's, so counted it would double traj-g's edge): the run's steps
	// are in the graph of their site, the trajectory is not counted again.
	jobRun(t, &observe.Recorder{Store: st, Now: clock()}, "run-a")
	dup, _ := newTrajectory(t, "run-a")
	require.NoError(t, st.CreateTrajectory(ctx, dup.Run()))
	g, err = st.Graph(ctx, "shop.example")
	require.NoError(t, err)
	assert.Equal(t, string(want.JSON()), string(g.JSON()), "the trajectory of a run was counted again")
	all, err := st.Graph(ctx, "")
	require.NoError(t, err)
	jobs, err := st.Graph(ctx, "jobs.example.org")
	require.NoError(t, err)
	assert.Len(t, jobs.Nodes(), 3)
	assert.Len(t, all.Nodes(), len(jobs.Nodes())+2, "the graph of all sites holds both")
	verify(t, st)
}

func testTrajectoryAppendChecked(t *testing.T, open Factory) {
	ctx := context.Background()
	st := open(t)
	rec, obs := newTrajectory(t, "traj-2")
	require.NoError(t, st.CreateTrajectory(ctx, rec.Run()))
	bad := []*observe.TrajectoryAppend{
		// a step on an observation the trajectory does not have
		{Steps: []trajectory.Step{{Kind: trajectory.KindDecision, Observation: strings.Repeat("e", 32), Outcome: trajectory.StepOK}}},
		// a resolved element that is not in its observation
		{Steps: []trajectory.Step{{Kind: trajectory.KindDecision, Observation: obs[0], Outcome: trajectory.StepOK,
			Actions: []trajectory.Action{{Call: trajectory.Call{Tool: "click"}, Resolved: &trajectory.Resolved{ID: 99, Role: "button", Line: 1}, Outcome: trajectory.ActionOK}}}}},
		// a wrong outcome value
		{Outcome: "sort-of"},
	}
	for i, add := range bad {
		_, err := st.AppendTrajectory(ctx, "traj-2", add)
		var te *trajectory.Error
		assert.True(t, errors.As(err, &te), "bad append %d: %v", i, err)
	}
	got, err := st.Trajectory(ctx, "traj-2")
	require.NoError(t, err)
	assert.Equal(t, rec.Run(), got, "a refused append changed the trajectory")
	invalid := rec.Run()
	invalid.ID = "traj-3"
	invalid.Steps[0].Observation = strings.Repeat("f", 32)
	var te *trajectory.Error
	assert.True(t, errors.As(st.CreateTrajectory(ctx, invalid), &te), "an invalid trajectory was stored")
	verify(t, st)
}

func testTrajectoryConcurrent(t *testing.T, open Factory) {
	ctx := context.Background()
	st := open(t)
	rec, obs := newTrajectory(t, "traj-c")
	require.NoError(t, st.CreateTrajectory(ctx, rec.Run()))
	const n = 24
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := st.AppendTrajectory(ctx, "traj-c", &observe.TrajectoryAppend{Steps: []trajectory.Step{{
				Kind: trajectory.KindDecision, Observation: obs[0], Reasoning: fmt.Sprintf("step %d", i), Outcome: trajectory.StepOK}}})
			assert.NoError(t, err)
		}()
	}
	wg.Wait()
	got, err := st.Trajectory(ctx, "traj-c")
	require.NoError(t, err)
	assert.Len(t, got.Steps, n+1, "concurrent appends lost steps")
	seen := map[string]bool{}
	for _, s := range got.Steps[1:] {
		seen[s.Reasoning] = true
	}
	assert.Len(t, seen, n)
	verify(t, st)
}
