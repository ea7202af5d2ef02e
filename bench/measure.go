package bench

import (
	"bytes"
	"fmt"
	"github.com/axtree/axtree/tokens"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"golang.org/x/net/html"

	"github.com/axtree/axtree/axtree"
	"github.com/axtree/axtree/render"
	"github.com/axtree/axtree/roles"
	"github.com/axtree/axtree/serialize"
)

// Page is one corpus page.
type Page struct {
	Name       string // file name without .html
	Path       string // the HTML file
	Playwright string // Playwright's ai-mode snapshot of the page; "" when there is none
}

// Pages lists the *.html pages of dir, sorted by name. A page's Playwright
// snapshot is looked up as dir/../peers/playwright/NAME.yml (the layout of
// the shared corpus).
func Pages(dir string) ([]Page, error) {
	m, err := filepath.Glob(filepath.Join(dir, "*.html"))
	if err != nil {
		return nil, err
	}
	sort.Strings(m)
	out := make([]Page, 0, len(m))
	for _, f := range m {
		name := strings.TrimSuffix(filepath.Base(f), ".html")
		p := Page{Name: name, Path: f}
		yml := filepath.Join(dir, "..", "peers", "playwright", name+".yml")
		if _, err := os.Stat(yml); err == nil {
			p.Playwright = yml
		}
		out = append(out, p)
	}
	return out, nil
}

// Count is the size of one representation of a page.
type Count struct {
	Bytes  int `json:"bytes"`
	O200k  int `json:"o200k_base"`
	CL100k int `json:"cl100k_base"`
}

// Row is everything measured about one page. Token ratios are in
// o200k_base tokens; a ratio against Playwright is 0 when the page has no
// Playwright snapshot.
type Row struct {
	Page string `json:"page"`

	HTML            Count  `json:"html"`
	Text            Count  `json:"visible_text"`
	Playwright      *Count `json:"playwright,omitempty"`
	PlaywrightNoURL *Count `json:"playwright_without_url,omitempty"`
	Lean            Count  `json:"lean"`
	Enriched        Count  `json:"enriched"`
	JSON            Count  `json:"json"`
	LeanTabs        Count  `json:"lean_tabs"`

	LeanVsPlaywrightNoURL float64 `json:"lean_vs_playwright_without_url,omitempty"`
	EnrichedVsPlaywright  float64 `json:"enriched_vs_playwright,omitempty"`
	TabsVsSpaces          float64 `json:"tabs_vs_spaces"`

	Viewports              int `json:"viewports"`
	ScreenshotTokensClaude int `json:"screenshot_tokens_anthropic"`
	ScreenshotTokensGPT4o  int `json:"screenshot_tokens_openai_gpt4o_high"`

	IDs         int `json:"ids"`
	Interactive int `json:"interactive"`
	Links       int `json:"links"`
	DOMElements int `json:"dom_elements"`
	LinesOut    int `json:"lines_out"`

	ParseMillis  float64 `json:"parse_ms"`
	RenderMillis float64 `json:"render_ms"`
	// ParseCPUMillis and RenderCPUMillis are process CPU time (user +
	// system, garbage collector included) of the fastest run, less
	// disturbed than wall time by other processes; 0 where unknown.
	ParseCPUMillis  float64 `json:"parse_cpu_ms"`
	RenderCPUMillis float64 `json:"render_cpu_ms"`
	RenderAllocs    uint64  `json:"render_allocs"`
	RenderBytes     uint64  `json:"render_alloc_bytes"`
}

// Options tune Measure.
type Options struct {
	// Workers counts tokens in parallel; 0 means runtime.GOMAXPROCS(0).
	Workers int
	// Runs is the most timed runs per page (the minimum is kept); 0 means
	// 5. Runs stop early once a page has been timed for TimeBudget.
	Runs int
	// TimeBudget is the wall time after which a page's timing stops; 0
	// means one second.
	TimeBudget time.Duration
	// NoTiming skips timing and allocation counts (their fields stay 0).
	NoTiming bool
	// Progress, when set, is called as the work goes: stage "timing"
	// before each page (done pages before it), then "tokens" as each
	// page's tokens are counted (done including it). It must be cheap and
	// safe to call from several goroutines (the tokens stage).
	Progress func(stage string, done, total int, page string)
}

// Reps holds the bytes of every representation of one page.
type Reps struct {
	HTML, Text, Playwright, PlaywrightNoURL, Lean, Enriched, JSON, LeanTabs []byte
	Result                                                                  *render.Result
}

// RenderOptions returns the options every measurement renders with: no
// page URL, so link targets stay as written in the page, as in
// Playwright's snapshot of the same file. (A function, not a variable, so
// no caller can change what the others measure.)
func RenderOptions() render.Options { return render.Options{} }

// BuildReps renders p and returns its representations.
func BuildReps(p Page) (*Reps, error) {
	b, err := os.ReadFile(p.Path)
	if err != nil {
		return nil, err
	}
	r, err := render.HTMLBytes(b, RenderOptions())
	if err != nil {
		return nil, fmt.Errorf("%s: %w", p.Name, err)
	}
	reps := &Reps{
		HTML:     b,
		Text:     VisibleText(r),
		Lean:     r.Text(),
		Enriched: r.Enriched(),
		JSON:     r.JSON(),
		LeanTabs: serialize.AppendText(nil, r.Tree, serialize.Options{IndentTabs: true}),
		Result:   r,
	}
	if p.Playwright != "" {
		pw, err := os.ReadFile(p.Playwright)
		if err != nil {
			return nil, err
		}
		reps.Playwright = pw
		reps.PlaywrightNoURL = WithoutURLLines(pw)
	}
	return reps, nil
}

// WithoutURLLines drops the "- /url: ..." lines of a Playwright snapshot.
func WithoutURLLines(b []byte) []byte {
	out := make([]byte, 0, len(b))
	for len(b) > 0 {
		i := bytes.IndexByte(b, '\n')
		line := b
		if i >= 0 {
			line = b[:i+1]
		}
		b = b[len(line):]
		if bytes.HasPrefix(bytes.TrimLeft(line, " "), []byte("- /url:")) {
			continue
		}
		out = append(out, line...)
	}
	return out
}

// Measure measures every page. Timing runs first, one page at a time, so
// that token counting (parallel, Options.Workers) does not disturb it.
func Measure(pages []Page, opts Options) ([]Row, error) {
	ctr, err := tokens.Load()
	if err != nil {
		return nil, err
	}
	rows := make([]Row, len(pages))
	reps := make([]*Reps, len(pages))
	progress := opts.Progress
	if progress == nil {
		progress = func(string, int, int, string) {}
	}
	for i, p := range pages {
		progress("timing", i, len(pages), p.Name)
		r, err := BuildReps(p)
		if err != nil {
			return nil, err
		}
		reps[i] = r
		rows[i] = structure(p.Name, r)
		if !opts.NoTiming {
			timePage(&rows[i], r.HTML, opts)
		}
	}
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	counted := 0
	next := make(chan int)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				countTokens(ctr, &rows[i], reps[i])
				reps[i] = nil // let the page go
				mu.Lock()
				counted++
				progress("tokens", counted, len(pages), pages[i].Name)
				mu.Unlock()
			}
		}()
	}
	for i := range pages {
		next <- i
	}
	close(next)
	wg.Wait()
	return rows, nil
}

// structure fills the counts that need no tokenizer.
func structure(name string, r *Reps) Row {
	row := Row{Page: name, DOMElements: len(r.Result.Doc.Elements), Links: r.Result.Links.Len()}
	r.Result.Tree.Walk(func(n *axtree.Node, _ int) bool {
		if n.Role != "" {
			if n.ID > 0 {
				row.IDs++
			}
			if roles.IsInteractive(n.Role) {
				row.Interactive++
			}
		}
		return true
	})
	row.LinesOut = bytes.Count(r.Lean, []byte{'\n'})
	row.Viewports = Viewports(runes(r.Text), Controls(r.Result.Tree))
	row.ScreenshotTokensClaude = row.Viewports * AnthropicImageTokens(ViewportWidth, ViewportHeight)
	row.ScreenshotTokensGPT4o = row.Viewports * OpenAIImageTokens(ViewportWidth, ViewportHeight)
	return row
}

// countTokens fills the token counts and ratios.
func countTokens(c *tokens.Counter, row *Row, r *Reps) {
	count := func(b []byte) Count {
		return Count{Bytes: len(b), O200k: c.Count(tokens.O200k, b), CL100k: c.Count(tokens.CL100k, b)}
	}
	row.HTML = count(r.HTML)
	row.Text = count(r.Text)
	row.Lean = count(r.Lean)
	row.Enriched = count(r.Enriched)
	row.JSON = count(r.JSON)
	row.LeanTabs = count(r.LeanTabs)
	if r.Playwright != nil {
		pw, pwn := count(r.Playwright), count(r.PlaywrightNoURL)
		row.Playwright, row.PlaywrightNoURL = &pw, &pwn
		row.LeanVsPlaywrightNoURL = ratio(row.Lean.O200k, pwn.O200k)
		row.EnrichedVsPlaywright = ratio(row.Enriched.O200k, pw.O200k)
	}
	row.TabsVsSpaces = ratio(row.LeanTabs.O200k, row.Lean.O200k)
}

// ratio returns a/b rounded to 3 decimals, 0 when b is 0.
func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(int(float64(a)/float64(b)*1000+0.5)) / 1000
}

// timePage times html.Parse alone and the whole render (parse, index,
// names, tree, links and the lean text) of b, keeping the fastest of up to
// opts.Runs runs, and counts the allocations of one render.
func timePage(row *Row, b []byte, opts Options) {
	runs, budget := opts.Runs, opts.TimeBudget
	if runs <= 0 {
		runs = 5
	}
	if budget <= 0 {
		budget = time.Second
	}
	best := func(fn func()) (wall, cpu time.Duration) {
		start := time.Now()
		for i := 0; i < runs; i++ {
			c0, t0 := cpuTime(), time.Now()
			fn()
			d, dc := time.Since(t0), cpuTime()-c0
			if i == 0 || d < wall {
				wall = d
			}
			if i == 0 || dc < cpu {
				cpu = dc
			}
			if time.Since(start) > budget {
				break
			}
		}
		return wall, cpu
	}
	renderOnce := func() {
		if r, err := render.HTMLBytes(b, RenderOptions()); err == nil {
			_ = r.Text()
		}
	}
	pw, pc := best(func() { _, _ = html.Parse(bytes.NewReader(b)) })
	rw, rc := best(renderOnce)
	row.ParseMillis, row.ParseCPUMillis = millis(pw), millis(pc)
	row.RenderMillis, row.RenderCPUMillis = millis(rw), millis(rc)
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	renderOnce()
	runtime.ReadMemStats(&m1)
	row.RenderAllocs = m1.Mallocs - m0.Mallocs
	row.RenderBytes = m1.TotalAlloc - m0.TotalAlloc
}

// millis returns d in milliseconds rounded to 0.01.
func millis(d time.Duration) float64 {
	return float64(d.Microseconds()/10) / 100
}
