package observe_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/html"

	"github.com/axtree/axtree/dom"
	"github.com/axtree/axtree/internal/shared"
	"github.com/axtree/axtree/observe"
	"github.com/axtree/axtree/observe/sqlite"
	"github.com/axtree/axtree/render"
)

// corpusFile returns the path of a file of the repository's corpus.
func corpusFile(t testing.TB, rel ...string) string {
	t.Helper()
	p := filepath.Join(append([]string{"..", "corpus", "sequences"}, rel...)...)
	if _, err := os.Stat(p); err != nil {
		t.Fatalf("corpus file: %v", err)
	}
	return p
}

func renderFile(t testing.TB, path, pageURL string) *render.Result {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	r, err := render.HTMLBytes(b, render.Options{URL: pageURL})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func renderString(t testing.TB, s string) *render.Result {
	t.Helper()
	r, err := render.HTMLBytes([]byte(s), render.Options{URL: "https://example.test/"})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestIDIsContentOnly(t *testing.T) {
	a := observe.ID([]byte("[button] OK [id=1]\n"), []byte("{}"))
	if len(a) != observe.IDLen || !observe.ValidID(a) {
		t.Fatalf("id %q has the wrong shape", a)
	}
	if b := observe.ID([]byte("[button] OK [id=1]\n"), []byte("{}")); a != b {
		t.Errorf("same content, different ids %s %s", a, b)
	}
	if b := observe.ID([]byte("[button] OK [id=2]\n"), []byte("{}")); a == b {
		t.Error("different text, same id")
	}
	if b := observe.ID([]byte("[button] OK [id=1]\n"), []byte(`{"1":"https://x/"}`)); a == b {
		t.Error("different links, same id")
	}
	// The text length is framed: moving bytes from text to links changes the id.
	if observe.ID([]byte("ab"), []byte("c")) == observe.ID([]byte("a"), []byte("bc")) {
		t.Error("text/links boundary is not part of the hash")
	}
}

func TestValidRunAndID(t *testing.T) {
	for _, s := range []string{"r1", "run-2026.11.30_a", "A", strings.Repeat("x", observe.MaxRunLen)} {
		if !observe.ValidRun(s) {
			t.Errorf("ValidRun(%q) = false", s)
		}
	}
	for _, s := range []string{"", "../x", "a/b", "..", ".hidden", "-x", "a b", "a\\b", "é", strings.Repeat("x", observe.MaxRunLen+1), "a\x00"} {
		if observe.ValidRun(s) {
			t.Errorf("ValidRun(%q) = true", s)
		}
	}
	for _, s := range []string{"", "0123456789abcdef0123456789ABCDEF", "0123456789abcdef0123456789abcde", "../../../../etc/passwd0123456789ab"} {
		if observe.ValidID(s) {
			t.Errorf("ValidID(%q) = true", s)
		}
	}
}

func TestStabilizeKeepsNumbersAndAppendsNew(t *testing.T) {
	prev := renderString(t, `<button>A</button><button>B</button><a href="/c">C</a>`)
	pe, err := observe.Stabilize(prev.Tree, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	cur := renderString(t, `<a href="/x">X</a><button>A</button><a href="/c">C</a><button>D</button>`)
	canon := string(cur.Text())
	ce, err := observe.Stabilize(cur.Tree, nil, pe)
	if err != nil {
		t.Fatal(err)
	}
	got := string(cur.Text())
	if got == canon {
		t.Fatalf("nothing renumbered:\n%s", got)
	}
	want := map[string]int{"X": 4, "A": 1, "C": 3, "D": 5} // B (2) is gone; fresh ids start at 4, in document order
	for _, e := range ce {
		if want[e.Name] != e.ID {
			t.Errorf("%s %q: stable id %d, want %d", e.Role, e.Name, e.ID, want[e.Name])
		}
		if cur.Tree.Node(e.ID) == nil {
			t.Errorf("id %d is not bound to a DOM node after renumbering", e.ID)
		}
	}
	for _, line := range []string{`[button] A [id=1]`, `[C](3)`, `[X](4)`, `[button] D [id=5]`} {
		if !strings.Contains(got, line) {
			t.Errorf("renumbered text lacks %q:\n%s", line, got)
		}
	}
	// Link record keys follow the elements.
	rec := observe.RemapLinks(cur.Links.Record(), ce)
	if rec[4] != "https://example.test/x" || rec[3] != "https://example.test/c" || len(rec) != 2 {
		t.Errorf("remapped links %v", rec)
	}
}

func TestStabilizeSameNameNearestPosition(t *testing.T) {
	prev := renderString(t, `<button>Add</button><button>Add</button><button>Add</button>`)
	pe, _ := observe.Stabilize(prev.Tree, nil, nil)
	// One "Add" removed from the front and one new button before the rest:
	// the two remaining keep the numbers of their nearest predecessors.
	cur := renderString(t, `<button>New</button><button>Add</button><button>Add</button>`)
	ce, err := observe.Stabilize(cur.Tree, nil, pe)
	if err != nil {
		t.Fatal(err)
	}
	got := []int{ce[0].ID, ce[1].ID, ce[2].ID}
	if got[0] != 4 || got[1] != 2 || got[2] != 3 {
		t.Errorf("stable ids %v, want [4 2 3]", got)
	}
}

func TestStabilizeByNodeKey(t *testing.T) {
	build := func(names []string, keys []string) *render.Result {
		var b strings.Builder
		for _, n := range names {
			b.WriteString("<button>" + n + "</button>")
		}
		root, err := html.Parse(strings.NewReader(b.String()))
		if err != nil {
			t.Fatal(err)
		}
		d := dom.New(root)
		i := 0
		for _, el := range d.Elements {
			if el.Data == "button" {
				d.SetFacts(el, &dom.Facts{Key: keys[i]})
				i++
			}
		}
		return render.Doc(d, render.Options{})
	}
	prev := build([]string{"Save", "Save"}, []string{"k1", "k2"})
	pe, _ := observe.Stabilize(prev.Tree, observe.DocKeys(prev.Doc), nil)
	if pe[0].Key != "k1" || pe[1].Key != "k2" {
		t.Fatalf("keys not read: %+v", pe)
	}
	// The same two nodes in swapped order: by role and name they would keep
	// positions; the keys say they moved.
	cur := build([]string{"Save", "Save"}, []string{"k2", "k1"})
	ce, err := observe.Stabilize(cur.Tree, observe.DocKeys(cur.Doc), pe)
	if err != nil {
		t.Fatal(err)
	}
	if ce[0].ID != pe[1].ID || ce[1].ID != pe[0].ID {
		t.Errorf("keyed ids %d %d, want %d %d", ce[0].ID, ce[1].ID, pe[1].ID, pe[0].ID)
	}
}

// commonPrefix returns the number of identical leading bytes of a and b.
func commonPrefix(a, b []byte) int {
	n := min(len(a), len(b))
	for i := 0; i < n; i++ {
		if a[i] != b[i] {
			return i
		}
	}
	return n
}

// sharedLines counts the lines of b that also occur in a (as a multiset).
func sharedLines(a, b []byte) int {
	seen := map[string]int{}
	for _, l := range strings.Split(string(a), "\n") {
		seen[l]++
	}
	n := 0
	for _, l := range strings.Split(string(b), "\n") {
		if seen[l] > 0 {
			seen[l]--
			n++
		}
	}
	return n
}

// TestStableIDsLengthenPrefixes measures byte-identical prefixes between
// consecutive observations with and without stable numbering.
func TestStableIDsLengthenPrefixes(t *testing.T) {
	for _, seq := range []string{"shop", "job-form"} {
		files, _ := filepath.Glob(filepath.Join(corpusFile(t, seq), "*.html"))
		if len(files) < 2 {
			t.Fatalf("%s: %d pages", seq, len(files))
		}
		var prevFresh, prevStable []byte
		var prevElems []observe.Element
		sumFresh, sumStable, sumLen := 0, 0, 0
		linesFresh, linesStable, lines := 0, 0, 0
		for i, f := range files {
			r := renderFile(t, f, "https://"+seq+".example.test/")
			fresh := r.Text()
			elems, err := observe.Stabilize(r.Tree, nil, prevElems)
			if err != nil {
				t.Fatal(err)
			}
			stable := r.Text()
			if i > 0 {
				pf, ps := commonPrefix(prevFresh, fresh), commonPrefix(prevStable, stable)
				lf, ls := sharedLines(prevFresh, fresh), sharedLines(prevStable, stable)
				n := strings.Count(string(stable), "\n")
				t.Logf("%s %s: %d bytes; identical prefix %d fresh, %d stable; lines also in the previous step %d fresh, %d stable of %d",
					seq, filepath.Base(f), len(stable), pf, ps, lf, ls, n)
				if ps < pf {
					t.Errorf("%s %s: stable prefix %d shorter than fresh %d", seq, filepath.Base(f), ps, pf)
				}
				if ls < lf {
					t.Errorf("%s %s: stable numbering keeps fewer lines (%d) than fresh (%d)", seq, filepath.Base(f), ls, lf)
				}
				sumFresh, sumStable, sumLen = sumFresh+pf, sumStable+ps, sumLen+len(stable)
				linesFresh, linesStable, lines = linesFresh+lf, linesStable+ls, lines+n
			}
			prevFresh, prevStable, prevElems = fresh, stable, elems
		}
		t.Logf("%s total: prefix %d fresh vs %d stable of %d bytes; shared lines %d fresh vs %d stable of %d", seq, sumFresh, sumStable, sumLen, linesFresh, linesStable, lines)
	}
}

func TestEstimateTokens(t *testing.T) {
	cases := []struct {
		in   string
		want int
	}{
		{"", 0},
		{"hello", 2},    // 5 letters: 2 chunks of 4
		{"[id=12]", 5},  // [ id = 12 ]
		{"a b\n  c", 4}, // a, b, newline+indent, c
		{"Größe", 4},    // Gr, ö, ß, e
		{"\xff\xfe", 2}, // invalid bytes count one each
	}
	for _, c := range cases {
		if got := observe.EstimateTokens([]byte(c.in)); got != c.want {
			t.Errorf("EstimateTokens(%q) = %d, want %d", c.in, got, c.want)
		}
	}
}

func openStore(t testing.TB, path string) *sqlite.Store {
	t.Helper()
	s, err := sqlite.Open(path, sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// jobRun records the three job-form pages as one run and returns the ids.
func jobRun(t *testing.T, rec *observe.Recorder, run string) []string {
	t.Helper()
	ctx := context.Background()
	steps := []struct {
		file string
		act  *observe.Action
	}{
		{"01-empty.html", nil},
		{"02-half.html", &observe.Action{Element: 11, Action: "type", Value: "Ada Lovelace"}},
		{"03-filled.html", &observe.Action{Element: 13, Action: "type", Value: "ada"}},
	}
	var ids []string
	prev := ""
	for _, s := range steps {
		page := renderFile(t, corpusFile(t, "job-form", s.file), "https://jobs.example.org/jobs/42/apply")
		r, err := rec.Record(ctx, observe.Input{Run: run, Previous: prev, Action: s.act, Page: page})
		if err != nil {
			t.Fatalf("%s %s: %v", run, s.file, err)
		}
		prev = r.Observation.ID
		ids = append(ids, prev)
	}
	return ids
}

func TestSQLiteRecorderRunsAndGraph(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "obs.db")
	st := openStore(t, path)
	clock := time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)
	rec := &observe.Recorder{Store: st, Now: func() time.Time { clock = clock.Add(time.Second); return clock }}
	a := jobRun(t, rec, "run-a")
	b := jobRun(t, rec, "run-b")
	if strings.Join(a, ",") != strings.Join(b, ",") {
		t.Fatalf("same pages, different ids:\n%v\n%v", a, b)
	}
	if a[0] == a[1] || a[1] == a[2] {
		t.Fatalf("different pages, same id: %v", a)
	}
	steps, err := st.Run(ctx, "run-b")
	if err != nil {
		t.Fatal(err)
	}
	if len(steps) != 3 {
		t.Fatalf("run has %d steps", len(steps))
	}
	for i, s := range steps {
		if s.Seq != i || s.ID != b[i] {
			t.Errorf("step %d: seq %d id %s, want %s", i, s.Seq, s.ID, b[i])
		}
		wantPrev := ""
		if i > 0 {
			wantPrev = b[i-1]
		}
		if s.Previous != wantPrev {
			t.Errorf("step %d: previous %q, want %q", i, s.Previous, wantPrev)
		}
		if s.Site != "jobs.example.org" {
			t.Errorf("step %d: site %q", i, s.Site)
		}
	}
	if a1 := steps[1].Action; a1 == nil || a1.Role != "textbox" || a1.Name != "Name *" || a1.Canon != 11 {
		t.Errorf("step 1 action not resolved: %+v", a1)
	}
	g, err := st.Graph(ctx, "jobs.example.org")
	if err != nil {
		t.Fatal(err)
	}
	if n := len(g.Nodes()); n != 3 {
		t.Errorf("graph has %d nodes, want 3", n)
	}
	edges := g.Edges()
	if len(edges) != 2 {
		t.Fatalf("graph has %d edges, want 2: %+v", len(edges), edges)
	}
	for _, e := range edges {
		if e.Count != 2 {
			t.Errorf("edge %s -> %s count %d, want 2", e.From, e.To, e.Count)
		}
	}
	if other, _ := st.Graph(ctx, "elsewhere.example"); len(other.Nodes()) != 0 {
		t.Errorf("site filter let through %d nodes", len(other.Nodes()))
	}
	o, err := st.Get(ctx, a[2])
	if err != nil {
		t.Fatal(err)
	}
	if observe.ID([]byte(o.Text), o.Links.AppendJSON(nil)) != a[2] {
		t.Error("stored content does not hash to its id")
	}
	if o.Run != "run-a" || o.Seq != 2 {
		t.Errorf("Get reports first step %s/%d, want run-a/2", o.Run, o.Seq)
	}
	if _, err := st.Get(ctx, strings.Repeat("0", observe.IDLen)); !errors.Is(err, observe.ErrNotFound) {
		t.Errorf("unknown id: %v", err)
	}
	before := string(g.JSON())
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}

	// Reopen: everything is still there, the schema is not re-applied.
	st = openStore(t, path)
	defer st.Close()
	if v, err := st.SchemaVersion(ctx); err != nil || v != 3 {
		t.Errorf("schema version %d, %v", v, err)
	}
	g2, err := st.Graph(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	if string(g2.JSON()) != before {
		t.Errorf("graph changed across reopen:\n%s\n%s", before, g2.JSON())
	}
	// A third run continues numbering from the stored elements.
	rec.Store = st
	if c := jobRun(t, rec, "run-c"); strings.Join(c, ",") != strings.Join(a, ",") {
		t.Errorf("after reopen, different ids: %v", c)
	}
}

func TestRecorderRejects(t *testing.T) {
	ctx := context.Background()
	st := openStore(t, filepath.Join(t.TempDir(), "obs.db"))
	defer st.Close()
	rec := &observe.Recorder{Store: st}
	page := func() *render.Result { return renderString(t, `<button>Go</button>`) }
	if _, err := rec.Record(ctx, observe.Input{Run: "../x", Page: page()}); !errors.Is(err, observe.ErrBadRun) {
		t.Errorf("bad run: %v", err)
	}
	if _, err := rec.Record(ctx, observe.Input{Run: "r", Previous: strings.Repeat("a", 32), Page: page()}); !errors.Is(err, observe.ErrUnknownPrevious) {
		t.Errorf("unknown previous: %v", err)
	}
	if _, err := rec.Record(ctx, observe.Input{Run: "r", Action: &observe.Action{Action: "click", Element: 1}, Page: page()}); !errors.Is(err, observe.ErrBadAction) {
		t.Errorf("action without previous: %v", err)
	}
	first, err := rec.Record(ctx, observe.Input{Run: "r", Page: page()})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rec.Record(ctx, observe.Input{Run: "r", Action: &observe.Action{Action: "click", Element: 99}, Page: page()}); !errors.Is(err, observe.ErrBadAction) {
		t.Errorf("action on a missing element: %v", err)
	}
	// The previous id must belong to the same run.
	if _, err := rec.Record(ctx, observe.Input{Run: "other", Previous: first.Observation.ID, Page: page()}); !errors.Is(err, observe.ErrUnknownPrevious) {
		t.Errorf("previous from another run: %v", err)
	}
	if steps, _ := st.Run(ctx, "r"); len(steps) != 1 {
		t.Errorf("rejected inputs left %d steps", len(steps))
	}
}

func TestGraphDeterministic(t *testing.T) {
	obs := []*observe.Observation{
		{ID: "a", Title: "Start \"page\""},
		{ID: "b", Previous: "a", Action: &observe.Action{Action: "click", Element: 3, Role: "button", Name: "Go", Canon: 3}},
		{ID: "c", Previous: "b", Action: &observe.Action{Action: "type", Element: 7, Value: "x\ny", Role: "textbox", Name: "Q", Canon: 5}},
		{ID: "a"},
		{ID: "b", Previous: "a", Action: &observe.Action{Action: "click", Element: 9, Role: "button", Name: "Go", Canon: 3}},
	}
	g1, g2 := observe.NewGraph(), observe.NewGraph()
	for _, o := range obs {
		g1.Add(o)
	}
	for i := len(obs) - 1; i >= 0; i-- {
		g2.Add(obs[i])
	}
	if string(g1.JSON()) != string(g2.JSON()) || string(g1.DOT()) != string(g2.DOT()) {
		t.Errorf("graph output depends on insertion order:\n%s\n%s", g1.JSON(), g2.JSON())
	}
	e := g1.Edges()
	if len(e) != 2 || e[0].From != "a" || e[0].Count != 2 || e[1].Count != 1 {
		t.Errorf("edges %+v", e)
	}
	dot := string(g1.DOT())
	if !strings.Contains(dot, `\"page\"`) || !strings.Contains(dot, `x\\ny`) {
		t.Errorf("DOT labels not escaped:\n%s", dot)
	}
	m := observe.NewGraph()
	m.Merge(g1)
	m.Merge(g2)
	if me := m.Edges(); me[0].Count != 4 {
		t.Errorf("merged count %d, want 4", me[0].Count)
	}
}

// Corrupt previous elements (duplicate or non-positive ids) give an error,
// never a panic or a tree with two elements of one id.
func TestStabilizeBadPrevious(t *testing.T) {
	prev := []observe.Element{{ID: 1, Role: "button", Name: "A"}, {ID: 1, Role: "button", Name: "B"}}
	cur := renderString(t, `<button>A</button><button>B</button>`)
	before := string(cur.Text())
	if _, err := observe.Stabilize(cur.Tree, nil, prev); err == nil {
		t.Error("duplicate previous ids accepted")
	}
	if got := string(cur.Text()); got != before {
		t.Errorf("failed Stabilize changed the tree:\n%s", got)
	}
	prev = []observe.Element{{ID: -5, Role: "button", Name: "A"}}
	if _, err := observe.Stabilize(cur.Tree, nil, prev); err == nil {
		t.Error("negative previous id accepted")
	}
	if els, err := observe.Stabilize(nil, nil, prev); err != nil || len(els) != 0 {
		t.Errorf("nil tree: %v %v", els, err)
	}
}

func BenchmarkStabilizeAmazon(b *testing.B) {
	page, err := os.ReadFile(shared.Path(b, "corpus", "pages", "amazon-de-search.html"))
	if err != nil {
		b.Fatal(err)
	}
	r, err := render.HTMLBytes(page, render.Options{})
	if err != nil {
		b.Fatal(err)
	}
	// Two previous steps that number every element differently: each call
	// renumbers the whole tree.
	a, _ := observe.Stabilize(r.Tree, nil, nil)
	rev := make([]observe.Element, len(a))
	for i, e := range a {
		e.ID = len(a) - i
		rev[i] = e
	}
	prevs := [2][]observe.Element{rev, a}
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		if _, err := observe.Stabilize(r.Tree, nil, prevs[i%2]); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(a)), "elements")
}

func BenchmarkRecordSQLite(b *testing.B) {
	st := openStore(b, filepath.Join(b.TempDir(), "obs.db"))
	defer st.Close()
	rec := &observe.Recorder{Store: st}
	page, err := os.ReadFile(corpusFile(b, "job-form", "02-half.html"))
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	b.ReportAllocs()
	for range b.N {
		b.StopTimer()
		r, _ := render.HTMLBytes(page, render.Options{URL: "https://jobs.example.org/"})
		b.StartTimer()
		if _, err := rec.Record(ctx, observe.Input{Run: "bench", Page: r}); err != nil {
			b.Fatal(err)
		}
	}
}
