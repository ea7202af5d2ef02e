package roles

import (
	"os"
	"testing"

	"golang.org/x/net/html"

	"github.com/axtree/axtree/dom"
	"github.com/axtree/axtree/internal/shared"
)

// BenchmarkComputeAmazon computes the role of every element of the shared
// Amazon search page (about 8,600 elements).
func BenchmarkComputeAmazon(b *testing.B) {
	p := shared.Path(b, "corpus", "pages", "amazon-de-search.html")
	f, err := os.Open(p)
	if err != nil {
		b.Fatal(err)
	}
	root, err := html.Parse(f)
	f.Close()
	if err != nil {
		b.Fatal(err)
	}
	d := dom.New(root)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		for _, el := range d.Elements {
			Compute(d, el)
		}
	}
	b.ReportMetric(float64(d.Len()), "elements")
}
