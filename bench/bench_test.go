package bench

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/html"

	"github.com/axtree/axtree/accname"
	"github.com/axtree/axtree/axtree"
	"github.com/axtree/axtree/dom"
	"github.com/axtree/axtree/internal/shared"
	"github.com/axtree/axtree/render"
	"github.com/axtree/axtree/serialize"
)

// benchPage is a corpus page loaded for the benchmarks.
type benchPage struct {
	name string
	html []byte
}

// benchPages loads the shared corpus pages (when present) and the
// project's own corpus/pages, sorted by name within each folder. Sub-
// benchmarks are named by page, so runs compare with benchstat.
func benchPages(b *testing.B) []benchPage {
	b.Helper()
	var dirs []string
	if d := filepath.Join(shared.Root(), "corpus", "pages"); isDir(d) {
		dirs = append(dirs, d)
	} else if shared.Required() {
		b.Fatalf("shared corpus %s missing (AXTREE_REQUIRE_SHARED=1)", d)
	}
	dirs = append(dirs, filepath.Join("..", "corpus", "pages"))
	var out []benchPage
	for _, d := range dirs {
		ps, err := Pages(d)
		if err != nil {
			b.Fatal(err)
		}
		for _, p := range ps {
			raw, err := os.ReadFile(p.Path)
			if err != nil {
				b.Fatal(err)
			}
			out = append(out, benchPage{p.Name, raw})
		}
	}
	return out
}

func parseDoc(b *testing.B, raw []byte) *dom.Doc {
	b.Helper()
	root, err := html.Parse(bytes.NewReader(raw))
	if err != nil {
		b.Fatal(err)
	}
	return dom.New(root)
}

// BenchmarkParse is html.Parse alone.
func BenchmarkParse(b *testing.B) {
	for _, p := range benchPages(b) {
		b.Run(p.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(p.html)))
			for i := 0; i < b.N; i++ {
				if _, err := html.Parse(bytes.NewReader(p.html)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkAccname is a fresh accname.Computer (style cascade included)
// naming every element of the page.
func BenchmarkAccname(b *testing.B) {
	for _, p := range benchPages(b) {
		d := parseDoc(b, p.html)
		b.Run(p.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				c := accname.New(d, nil)
				for _, el := range d.Elements {
					_ = c.Name(el)
				}
			}
		})
	}
}

// BenchmarkBuild is axtree.Build with a fresh accname.Computer, so the
// names, roles and hidden-ness it needs are computed inside (Build minus
// Accname approximates the tree walk itself).
func BenchmarkBuild(b *testing.B) {
	for _, p := range benchPages(b) {
		d := parseDoc(b, p.html)
		b.Run(p.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				_ = axtree.Build(d, accname.New(d, nil), axtree.Options{})
			}
		})
	}
}

// BenchmarkSerialize is serialize.AppendText of the built tree into a
// reused buffer.
func BenchmarkSerialize(b *testing.B) {
	for _, p := range benchPages(b) {
		d := parseDoc(b, p.html)
		t := axtree.Build(d, nil, axtree.Options{})
		b.Run(p.name, func(b *testing.B) {
			b.ReportAllocs()
			var buf []byte
			for i := 0; i < b.N; i++ {
				buf = serialize.AppendText(buf[:0], t, serialize.Options{})
			}
			b.SetBytes(int64(len(buf)))
		})
	}
}

// BenchmarkRender is the whole pipeline: bytes in, lean tree text out.
func BenchmarkRender(b *testing.B) {
	for _, p := range benchPages(b) {
		b.Run(p.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(p.html)))
			for i := 0; i < b.N; i++ {
				r, err := render.HTMLBytes(p.html, RenderOptions())
				if err != nil {
					b.Fatal(err)
				}
				_ = r.Text()
			}
		})
	}
}

// BenchmarkRenderVsParse is the speed goal's measurement: for every corpus
// page, html.Parse alone (op=parse) and the whole render, bytes in and lean
// text out (op=render), on the same bytes in the same run, so
//
//	benchstat -col /op results.txt
//
// prints render's time relative to parse per page, in wall time (sec/op)
// and in process CPU time (cpu-ns/op, steadier on a loaded machine). Each op also reports the
// live heap per element the result holds (MeasureHeap: the parse tree
// alone, and the kept render.Result), measured once outside the timed loop.
func BenchmarkRenderVsParse(b *testing.B) {
	for _, p := range benchPages(b) {
		h, err := MeasureHeap(p.html)
		if err != nil {
			b.Fatal(err)
		}
		b.Run("page="+p.name+"/op=parse", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(p.html)))
			c0 := cpuTime()
			for b.Loop() {
				if _, err := html.Parse(bytes.NewReader(p.html)); err != nil {
					b.Fatal(err)
				}
			}
			reportCPU(b, c0)
			b.ReportMetric(h.ParsePerElement(), "live-B/element")
		})
		b.Run("page="+p.name+"/op=render", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(p.html)))
			c0 := cpuTime()
			for b.Loop() {
				r, err := render.HTMLBytes(p.html, RenderOptions())
				if err != nil {
					b.Fatal(err)
				}
				_ = r.Text()
			}
			reportCPU(b, c0)
			b.ReportMetric(h.RenderPerElement(), "live-B/element")
		})
	}
}

// reportCPU reports the process CPU time (all threads, the garbage
// collector's included) per op since c0, as cpu-ns/op: on a loaded
// machine it moves far less than wall time, which counts the time other
// processes hold the cores.
func reportCPU(b *testing.B, c0 time.Duration) {
	if c1 := cpuTime(); c0 > 0 && c1 > c0 && b.N > 0 {
		b.ReportMetric(float64(c1-c0)/float64(b.N), "cpu-ns/op")
	}
}

// BenchmarkScaling renders synthetic pages of 1k to 1M elements and
// reports ns/element; the slope is ns/element at 1M over that at 10k. The
// 1M case (about 35 MB of HTML, seconds per op) is skipped with -short.
func BenchmarkScaling(b *testing.B) {
	opts := RenderOptions()
	opts.MaxInputBytes = -1
	opts.Build.MaxNodes = 1 << 30 // measure the whole page, past the default node cap
	for _, n := range []int{1_000, 10_000, 100_000, 1_000_000} {
		name := strings.TrimSuffix(strings.TrimSuffix(itoa(n), "000"), "000")
		switch {
		case n >= 1_000_000:
			name = itoa(n/1_000_000) + "M"
		case n >= 1_000:
			name = itoa(n/1_000) + "k"
		}
		b.Run(name, func(b *testing.B) {
			if n >= 1_000_000 && os.Getenv("AXTREE_BENCH_1M") != "1" {
				b.Skip("1M elements: set AXTREE_BENCH_1M=1 (or run axtree bench --scaling)")
			}
			page := Synthetic(n)
			el := SyntheticElements(n)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				r, err := render.HTMLBytes(page, opts)
				if err != nil {
					b.Fatal(err)
				}
				_ = r.Text()
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(el), "ns/element")
		})
	}
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var d []byte
	for ; n > 0; n /= 10 {
		d = append([]byte{byte('0' + n%10)}, d...)
	}
	return string(d)
}
