package bench

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

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

// BenchmarkAmazonPair is the acceptance pair: the whole render of
// the Amazon page against html.Parse alone on the same bytes (render ≤ 2×
// parse). Compare the two ns/op lines.
func BenchmarkAmazonPair(b *testing.B) {
	raw, err := os.ReadFile(shared.Path(b, "corpus", "pages", "amazon-de-search.html"))
	if err != nil {
		b.Fatal(err)
	}
	b.Run("parse", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(raw)))
		for i := 0; i < b.N; i++ {
			if _, err := html.Parse(bytes.NewReader(raw)); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("render", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(raw)))
		for i := 0; i < b.N; i++ {
			r, err := render.HTMLBytes(raw, RenderOptions())
			if err != nil {
				b.Fatal(err)
			}
			_ = r.Text()
		}
	})
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
