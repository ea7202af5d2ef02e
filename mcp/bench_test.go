package mcp

import (
	"net/http"
	"os"
	"testing"

	shareddata "github.com/axtree/axtree/internal/shared"
)

// BenchmarkClickQuiet is the round trip of one click and its quiet answer
// on the job form, through the SDK client (in memory) and Chromium: the
// privacy checkbox, toggled each iteration.
func BenchmarkClickQuiet(b *testing.B) {
	needChromium(b)
	web := site(b)
	cs := connect(b, shared(b))
	nav := ok(b, cs, "browser_navigate", map[string]any{"url": web.URL + "/jobs/42"})
	box := idOf(b, nav, `\[checkbox\] I agree`)
	b.ResetTimer()
	for b.Loop() {
		ok(b, cs, "browser_click", map[string]any{"id": box})
	}
}

// BenchmarkSnapshotAmazon is the round trip of a full browser_snapshot of
// the saved Amazon search page (shared corpus), served on 127.0.0.1.
func BenchmarkSnapshotAmazon(b *testing.B) {
	needChromium(b)
	page, err := os.ReadFile(shareddata.Path(b, "corpus", "pages", "amazon-de-search.html"))
	if err != nil {
		b.Fatal(err)
	}
	web := site(b)
	mux := web.Config.Handler.(*http.ServeMux)
	mux.HandleFunc("/amazon", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write(page)
	})
	cs := connect(b, shared(b))
	ok(b, cs, "browser_navigate", map[string]any{"url": web.URL + "/amazon"})
	b.ResetTimer()
	for b.Loop() {
		ok(b, cs, "browser_snapshot", map[string]any{})
	}
}
