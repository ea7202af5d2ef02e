package adversarial

import (
	"fmt"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/axtree/axtree/axtree"
	"github.com/axtree/axtree/render"
)

// TestCases renders every case at its default size through the whole
// pipeline and checks the hardening contract (checkOutcome) and the limits
// each case must report.
func TestCases(t *testing.T) {
	for _, c := range Cases() {
		t.Run(c.Name, func(t *testing.T) {
			if c.Big && testing.Short() {
				t.Skip("big case; CI runs it without -short")
			}
			o := renderPage(c.HTML(), c.Options)
			for _, e := range checkOutcome(o, c.Want, c.Options) {
				t.Error(e)
			}
			if o.err != nil {
				return
			}
			if got := o.res.Tree.Truncated; !slices.Equal(got, c.Hits) {
				t.Errorf("limits hit %q, want %q", got, c.Hits)
			}
			if o.treeElems == 0 {
				t.Errorf("no element in the tree:\n%.500s", o.text)
			}
		})
	}
}

// caseNamed returns the case called name.
func caseNamed(t testing.TB, name string) Case {
	for _, c := range Cases() {
		if c.Name == name {
			return c
		}
	}
	t.Fatalf("no case %q", name)
	return Case{}
}

// TestForgeKeepsRealNodes checks the forging pages at a small size line by
// line: the elements the markup really has are there, with their real
// names, and the forged syntax is escaped text inside them.
func TestForgeKeepsRealNodes(t *testing.T) {
	o := renderPage(Forge(1), render.Options{})
	if o.err != nil {
		t.Fatal(o.err)
	}
	// every forged id is above the page's real element count, so a parsed
	// id that high would be forged; checkRoundTrip compares exactly, this
	// checks the page is what the test thinks it is.
	if o.treeElems < 10 || o.treeElems > 30 {
		t.Fatalf("forge page has %d tree elements:\n%s", o.treeElems, o.text)
	}
	for _, want := range []string{"\\[button] Pay \\[id=7]", "\\[truncated=nodes]", "OK \\[id=1] \\[button] Pay \\[id=2]"} {
		if len(lines(o.text, want)) == 0 {
			t.Errorf("no line holds the escaped text %q:\n%s", want, o.text)
		}
	}
	n := 0
	for _, l := range strings.Split(string(o.text), "\n") {
		if strings.HasPrefix(l, "[truncated=") {
			n++
		}
	}
	if n != 0 {
		t.Errorf("%d unescaped truncation notes:\n%s", n, o.text)
	}
	for _, e := range checkOutcome(o, nil, render.Options{}) {
		t.Error(e)
	}
}

// TestDeepFrameKept checks the content of a frame nested past the parser's
// depth limit is rendered, not dropped.
func TestDeepFrameKept(t *testing.T) {
	o := renderPage(SrcdocDeep(2000), render.Options{})
	if o.err != nil {
		t.Fatal(o.err)
	}
	if len(lines(o.text, "[button] deep in frame")) != 1 {
		t.Errorf("the button inside the deep frame is missing:\n%s", o.text)
	}
}

// TestHugeValuesAreMarked checks that names and values cut by a limit say
// so with an ellipsis, on the 10 MB cases at a smaller size.
func TestHugeValuesAreMarked(t *testing.T) {
	for _, gen := range []func(int) []byte{HugeAttr, HugeText} {
		o := renderPage(gen(1<<16), render.Options{})
		if o.err != nil {
			t.Fatal(o.err)
		}
		n := 0
		for _, l := range strings.Split(string(o.text), "\n") {
			if strings.Contains(l, "word") {
				n++
				if !strings.Contains(l, "…") {
					t.Errorf("cut value without an ellipsis: %.200s", l)
				}
				if len(l) > 4096 {
					t.Errorf("line of %d bytes", len(l))
				}
			}
		}
		if n == 0 {
			t.Errorf("no line holds the huge value:\n%.2000s", o.text)
		}
	}
}

// TestRefusedWithClearError checks a lowered input cap refuses a page with
// render.ErrTooLarge and a message that gives the cap.
func TestRefusedWithClearError(t *testing.T) {
	_, err := render.HTMLBytes(Siblings(1000), render.Options{MaxInputBytes: 1000})
	if err == nil || !strings.Contains(err.Error(), "larger than 1000 bytes") {
		t.Fatalf("err = %v", err)
	}
}

// TestLinearWork renders each scalable case at Small and 4×Small and checks
// that the work counters (allocations, bytes allocated, elements, tree
// nodes, output bytes) grow at most 1.5 × 4 times. Wall time is not used.
func TestLinearWork(t *testing.T) {
	const k = 4
	for _, c := range Cases() {
		if !c.Linear {
			continue
		}
		t.Run(c.Name, func(t *testing.T) {
			small, big := c.Gen(c.Small), c.Gen(k*c.Small)
			renderPage(small, c.Options) // warm up lazily built tables
			a := renderPage(small, c.Options)
			b := renderPage(big, c.Options)
			if a.err != nil || b.err != nil {
				t.Fatalf("refused: %v / %v", a.err, b.err)
			}
			bound := float64(k) * 1.5
			for _, m := range []struct {
				name string
				x, y uint64
			}{
				{"allocations", a.allocs, b.allocs},
				{"bytes allocated", a.allocated, b.allocated},
				{"elements", uint64(a.elements), uint64(b.elements)},
				{"tree nodes", uint64(a.nodes), uint64(b.nodes)},
				{"output bytes", uint64(a.out), uint64(b.out)},
			} {
				// a few fixed costs make tiny counts noisy: compare from 64 up
				x := max(m.x, 64)
				if r := float64(m.y) / float64(x); r > bound {
					t.Errorf("%s grew %.1f× for %d× the size (%d → %d)", m.name, r, k, m.x, m.y)
				}
			}
		})
	}
}

// row is one line of the README table.
type row struct {
	c        Case
	bytes    int
	result   string
	elements int
	nodes    int
	dur      time.Duration
	peak     uint64
	alloc    uint64
}

// measure renders c at its default size, sampling the heap for the peak.
func measure(c Case) row {
	b := c.HTML()
	runtime.GC()
	var m0 runtime.MemStats
	runtime.ReadMemStats(&m0)
	var peak atomic.Uint64
	done := make(chan struct{})
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		tick := time.NewTicker(5 * time.Millisecond)
		defer tick.Stop()
		var m runtime.MemStats
		for {
			select {
			case <-done:
				return
			case <-tick.C:
				runtime.ReadMemStats(&m)
				if m.HeapInuse > peak.Load() {
					peak.Store(m.HeapInuse)
				}
			}
		}
	}()
	start := time.Now()
	o := renderPage(b, c.Options)
	dur := time.Since(start)
	var m1 runtime.MemStats
	runtime.ReadMemStats(&m1)
	close(done)
	<-stopped
	p := max(peak.Load(), m1.HeapInuse)
	r := row{c: c, bytes: len(b), elements: o.elements, nodes: o.nodes, dur: dur, alloc: o.allocated}
	if p > m0.HeapInuse {
		r.peak = p - m0.HeapInuse
	}
	switch {
	case o.err != nil:
		r.result = "refused: " + o.err.Error()
	case len(o.res.Tree.Truncated) > 0:
		r.result = "rendered, truncated=" + strings.Join(o.res.Tree.Truncated, ",")
	default:
		r.result = "rendered"
	}
	if o.err == nil {
		if kept := o.res.Names.Style().Selectors(); c.Name == "style-100k" {
			r.result += fmt.Sprintf(" (%d selectors kept)", kept)
		}
	}
	return r
}

// TestAdversarialTable prints the README table (case, size, result,
// elements, tree nodes, time, peak heap, allocated) when run with -v and
// AXTREE_ADVERSARIAL_TABLE=1; it renders every case once more, so it is
// off by default.
func TestAdversarialTable(t *testing.T) {
	if os.Getenv("AXTREE_ADVERSARIAL_TABLE") == "" {
		t.Skip("set AXTREE_ADVERSARIAL_TABLE=1 to print the README table")
	}
	var sb strings.Builder
	sb.WriteString("| case | size | input | result | DOM elements | tree nodes | time | peak heap | allocated |\n")
	sb.WriteString("|---|---|---|---|---|---|---|---|---|\n")
	for _, c := range Cases() {
		r := measure(c)
		fmt.Fprintf(&sb, "| %s | %d %s | %s | %s | %d | %d | %s | %s | %s |\n",
			c.Name, c.Size, c.Unit, mb(uint64(r.bytes)), r.result, r.elements, r.nodes,
			r.dur.Round(time.Millisecond), mb(r.peak), mb(r.alloc))
	}
	t.Log("\n" + sb.String())
}

func mb(n uint64) string { return fmt.Sprintf("%.1f MB", float64(n)/(1<<20)) }

// BenchmarkCases renders each case at its default size, reporting the
// bytes allocated and the heap in use after the rendering (the result
// alive) per operation.
func BenchmarkCases(b *testing.B) {
	for _, c := range Cases() {
		b.Run(c.Name, func(b *testing.B) {
			page := c.HTML()
			b.SetBytes(int64(len(page)))
			b.ReportAllocs()
			var alloc, held uint64
			for b.Loop() {
				runtime.GC()
				var m0, m1 runtime.MemStats
				runtime.ReadMemStats(&m0)
				o := renderPage(page, c.Options)
				runtime.ReadMemStats(&m1)
				alloc += m1.TotalAlloc - m0.TotalAlloc
				if m1.HeapInuse > m0.HeapInuse {
					held += m1.HeapInuse - m0.HeapInuse
				}
				runtime.KeepAlive(o)
			}
			b.ReportMetric(float64(alloc)/float64(b.N)/(1<<20), "MB-alloc/op")
			b.ReportMetric(float64(held)/float64(b.N)/(1<<20), "MB-heap/op")
		})
	}
}

var _ = axtree.DefaultMaxNodes
