package bench

import (
	"bytes"
	"encoding/json"
	"github.com/axtree/axtree/tokens"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/axtree/axtree/internal/shared"
	"github.com/axtree/axtree/render"
	"github.com/axtree/axtree/serialize"
)

// TestJSONCountsAreFresh measures two pages, writes the results as JSON,
// reads them back and checks every token count against a fresh count of
// the same bytes, produced here without the bench helpers.
func TestJSONCountsAreFresh(t *testing.T) {
	dir := filepath.Dir(shared.Path(t, "corpus", "pages", "apg-dialog.html"))
	pages := []Page{
		{Name: "apg-dialog", Path: filepath.Join(dir, "apg-dialog.html"), Playwright: filepath.Join(dir, "..", "peers", "playwright", "apg-dialog.yml")},
		{Name: "job-form", Path: "../corpus/pages/job-form.html"},
	}
	rows, err := Measure(pages, Options{NoTiming: true})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := WriteJSON(&buf, NewResults(rows, nil)); err != nil {
		t.Fatal(err)
	}
	var res Results
	if err := json.Unmarshal(buf.Bytes(), &res); err != nil {
		t.Fatal(err)
	}
	if len(res.Pages) != 2 {
		t.Fatalf("%d pages in JSON, want 2", len(res.Pages))
	}
	c := counter(t)
	for i, p := range pages {
		got := res.Pages[i]
		raw, err := os.ReadFile(p.Path)
		if err != nil {
			t.Fatal(err)
		}
		r, err := render.HTMLBytes(raw, render.Options{})
		if err != nil {
			t.Fatal(err)
		}
		check := func(what string, cnt *Count, b []byte) {
			t.Helper()
			if cnt == nil {
				t.Errorf("%s %s: missing", p.Name, what)
				return
			}
			want := Count{Bytes: len(b), O200k: c.Count(tokens.O200k, b), CL100k: c.Count(tokens.CL100k, b)}
			if *cnt != want {
				t.Errorf("%s %s: JSON says %+v, fresh count %+v", p.Name, what, *cnt, want)
			}
		}
		check("html", &got.HTML, raw)
		check("lean", &got.Lean, r.Text())
		check("enriched", &got.Enriched, r.Enriched())
		check("json", &got.JSON, r.JSON())
		check("tabs", &got.LeanTabs, serialize.AppendText(nil, r.Tree, serialize.Options{IndentTabs: true}))
		check("text", &got.Text, VisibleText(r))
		if p.Playwright != "" {
			pw, err := os.ReadFile(p.Playwright)
			if err != nil {
				t.Fatal(err)
			}
			check("playwright", got.Playwright, pw)
			var kept []string
			for _, l := range strings.SplitAfter(string(pw), "\n") {
				if !strings.HasPrefix(strings.TrimLeft(l, " "), "- /url:") {
					kept = append(kept, l)
				}
			}
			check("playwright -url", got.PlaywrightNoURL, []byte(strings.Join(kept, "")))
			if want := ratio(got.Lean.O200k, got.PlaywrightNoURL.O200k); got.LeanVsPlaywrightNoURL != want {
				t.Errorf("%s lean/PW: %v, want %v", p.Name, got.LeanVsPlaywrightNoURL, want)
			}
		} else if got.Playwright != nil || got.LeanVsPlaywrightNoURL != 0 {
			t.Errorf("%s: Playwright figures without a snapshot", p.Name)
		}
		if got.DOMElements != len(r.Doc.Elements) || got.Links != r.Links.Len() {
			t.Errorf("%s: elements %d links %d, want %d %d", p.Name, got.DOMElements, got.Links, len(r.Doc.Elements), r.Links.Len())
		}
		if want := strings.Count(string(r.Text()), "\n"); got.LinesOut != want {
			t.Errorf("%s: lines out %d, want %d", p.Name, got.LinesOut, want)
		}
		if len(r.Tree.IDs()) != got.IDs {
			t.Errorf("%s: ids %d, want %d", p.Name, got.IDs, len(r.Tree.IDs()))
		}
	}
}

func TestMeasureTiming(t *testing.T) {
	rows, err := Measure([]Page{{Name: "job-form", Path: "../corpus/pages/job-form.html"}}, Options{Runs: 2, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	r := rows[0]
	if r.ParseMillis < 0 || r.RenderMillis <= 0 || r.RenderAllocs == 0 || r.RenderBytes == 0 {
		t.Errorf("timing not measured: %+v", r)
	}
	if _, err := Measure([]Page{{Name: "missing", Path: "no/such/file.html"}}, Options{NoTiming: true}); err == nil {
		t.Error("a missing page gave no error")
	}
}

func TestPages(t *testing.T) {
	ps, err := Pages("../corpus/pages")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, p := range ps {
		names = append(names, p.Name)
		// corpus/peers/playwright holds a snapshot of every project page
		if want := filepath.Join("..", "corpus", "peers", "playwright", p.Name+".yml"); p.Playwright != want {
			t.Errorf("%s: Playwright snapshot %q, want %q", p.Name, p.Playwright, want)
		}
	}
	if !strings.Contains(strings.Join(names, ","), "job-form") {
		t.Errorf("pages %v lack job-form", names)
	}
	sp, err := Pages(filepath.Dir(shared.Path(t, "corpus", "pages", "amazon-de-search.html")))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range sp {
		if p.Playwright == "" {
			t.Errorf("%s: no Playwright snapshot found", p.Name)
		}
	}
}

func TestWithoutURLLines(t *testing.T) {
	in := "- link \"a\":\n  - /url: /x\n  - text: /url: kept\n- /url: y\n- button"
	want := "- link \"a\":\n  - text: /url: kept\n- button"
	if got := string(WithoutURLLines([]byte(in))); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestVisibleText(t *testing.T) {
	page := `<html><head><title>T</title><style>.h{display:none}</style><script>var x</script></head>
<body><p>Hello
   <b>world</b></p><div hidden>secret</div><div class="h">gone</div><span aria-hidden="true">shown</span>
<details><summary>Sum</summary>inside</details><template><p>tpl</p></template>
<textarea>typed</textarea><select><option>opt</option></select></body></html>`
	r, err := render.HTMLBytes([]byte(page), render.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(VisibleText(r)), "Hello world shown Sum"; got != want {
		t.Errorf("VisibleText = %q, want %q", got, want)
	}
}

func TestImageTokens(t *testing.T) {
	for _, c := range []struct{ w, h, anthropic, openai int }{
		{1280, 800, 1366, 1105},  // 1,024,000 px / 750; 1229×768 → 3×2 tiles
		{1024, 1024, 1399, 765},  // OpenAI's documented example: 4 tiles
		{2048, 4096, 1601, 1105}, // OpenAI's example: 768×1536 → 6 tiles; Anthropic: 784×1568, then 1.2 MP → 775×1549
		{3136, 1400, 1464, 1445}, // Anthropic: long edge 1568 → 1568×700; OpenAI: 1720×768 → 4×2 tiles
		{1400, 1400, 1599, 765},  // Anthropic: 1.96 MP → 1095×1095
		{200, 200, 54, 255},
	} {
		if got := AnthropicImageTokens(c.w, c.h); got != c.anthropic {
			t.Errorf("Anthropic %d×%d = %d, want %d", c.w, c.h, got, c.anthropic)
		}
		if got := OpenAIImageTokens(c.w, c.h); got != c.openai {
			t.Errorf("OpenAI %d×%d = %d, want %d", c.w, c.h, got, c.openai)
		}
	}
}

func TestViewports(t *testing.T) {
	for _, c := range []struct{ text, controls, want int }{
		{0, 0, 1},
		{100 * 33, 0, 1}, // 33 rows × 24 px = 792 px
		{100 * 34, 0, 2}, // 816 px
		{0, 34, 2},       // controls take a row each
		{100000, 0, 30},  // 1000 rows = 24,000 px
	} {
		if got := Viewports(c.text, c.controls); got != c.want {
			t.Errorf("Viewports(%d, %d) = %d, want %d", c.text, c.controls, got, c.want)
		}
	}
}

func counter(t testing.TB) *tokens.Counter {
	t.Helper()
	c, err := tokens.Load()
	if err != nil {
		t.Fatal(err)
	}
	return c
}
