package accname

import (
	"os"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/axtree/axtree/dom"
	"github.com/axtree/axtree/internal/shared"
)

// BenchmarkAmazon computes Name and Description for every element of the
// shared 2.1 MB Amazon search page with a fresh Computer (parsing and
// indexing excluded).
func BenchmarkAmazon(b *testing.B) {
	p := shared.Path(b, "corpus", "pages", "amazon-de-search.html")
	src, err := os.ReadFile(p)
	if err != nil {
		b.Fatal(err)
	}
	doc, err := html.Parse(strings.NewReader(string(src)))
	if err != nil {
		b.Fatal(err)
	}
	d := dom.New(doc)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		c := New(d, nil)
		for _, n := range d.Elements {
			c.Name(n)
			c.Description(n)
		}
	}
	b.ReportMetric(float64(len(d.Elements)), "elements")
}
