package render_test

import (
	"bytes"
	"os"
	"testing"

	"golang.org/x/net/html"

	"github.com/axtree/axtree/internal/shared"
	"github.com/axtree/axtree/render"
)

// BenchmarkAmazonParse and BenchmarkAmazonRender are the pair the README's
// "render ≤ 2× parse" claim rests on: the same bytes, html.Parse alone vs
// the whole pipeline to tree text.
func BenchmarkAmazonParse(b *testing.B) {
	page := amazon(b)
	b.ReportAllocs()
	b.SetBytes(int64(len(page)))
	for b.Loop() {
		if _, err := html.Parse(bytes.NewReader(page)); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkAmazonRender(b *testing.B) {
	page := amazon(b)
	b.ReportAllocs()
	b.SetBytes(int64(len(page)))
	for b.Loop() {
		res, err := render.HTMLBytes(page, render.Options{})
		if err != nil {
			b.Fatal(err)
		}
		_ = res.Text()
	}
}

func amazon(b *testing.B) []byte {
	page, err := os.ReadFile(shared.Path(b, "corpus", "pages", "amazon-de-search.html"))
	if err != nil {
		b.Fatal(err)
	}
	return page
}
