package bench

import (
	"encoding/json"
	"fmt"
	"github.com/axtree/axtree/tokens"
	"io"
	"strconv"
)

// Results is the JSON document `axtree bench` writes.
type Results struct {
	// Encodings names the token encodings counted.
	Encodings []tokens.Encoding `json:"encodings"`
	// ImageTokens is the per-screenshot cost used, by provider.
	ImageTokensAnthropic int   `json:"image_tokens_anthropic_1280x800"`
	ImageTokensOpenAI    int   `json:"image_tokens_openai_gpt4o_high_1280x800"`
	Pages                []Row `json:"pages"`
	// Cache holds the prompt-cache simulations, one per sequence.
	Cache []CacheRun `json:"cache,omitempty"`
}

// NewResults wraps rows and cache runs with the constants they used.
func NewResults(rows []Row, cache []CacheRun) Results {
	return Results{
		Encodings:            tokens.Encodings(),
		ImageTokensAnthropic: AnthropicImageTokens(ViewportWidth, ViewportHeight),
		ImageTokensOpenAI:    OpenAIImageTokens(ViewportWidth, ViewportHeight),
		Pages:                rows,
		Cache:                cache,
	}
}

// WriteJSON writes res as indented JSON.
func WriteJSON(w io.Writer, res Results) error {
	b, err := json.MarshalIndent(res, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// WriteMarkdown writes the tables: tokens in o200k_base with the ratios,
// the screenshot estimate, counts and speed; then tokens in cl100k_base;
// then the cache simulations.
func WriteMarkdown(w io.Writer, res Results) error {
	ew := &errWriter{w: w}
	ew.printf("### Tokens (o200k_base) and ratios\n\n")
	ew.printf("| page | HTML | visible text | Playwright | Playwright −url | lean | enriched | JSON | lean, tabs | lean / PW−url | enriched / PW | tabs / spaces |\n")
	ew.printf("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n")
	for _, r := range res.Pages {
		ew.printf("| %s | %d | %d | %s | %s | %d | %d | %d | %d | %s | %s | %.3f |\n", r.Page,
			r.HTML.O200k, r.Text.O200k, pw(r.Playwright, tokens.O200k), pw(r.PlaywrightNoURL, tokens.O200k),
			r.Lean.O200k, r.Enriched.O200k, r.JSON.O200k, r.LeanTabs.O200k,
			pct(r.LeanVsPlaywrightNoURL), pct(r.EnrichedVsPlaywright), r.TabsVsSpaces)
	}
	ew.printf("\n### Screenshots instead (estimate), counts and speed\n\n")
	ew.printf("Per 1280×800 screenshot: Anthropic %d tokens, OpenAI GPT-4o (high) %d tokens.\n\n", res.ImageTokensAnthropic, res.ImageTokensOpenAI)
	ew.printf("| page | viewports | screenshots, Anthropic | screenshots, GPT-4o | lean | ids | interactive | links | DOM elements | lines out | parse ms | render ms | render / parse (CPU) | render allocs | render MB |\n")
	ew.printf("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n")
	for _, r := range res.Pages {
		rp := "—"
		if r.ParseCPUMillis > 0 {
			rp = fmt.Sprintf("%.2f", r.RenderCPUMillis/r.ParseCPUMillis)
		}
		ew.printf("| %s | %d | %d | %d | %d | %d | %d | %d | %d | %d | %.2f | %.2f | %s | %d | %.1f |\n", r.Page,
			r.Viewports, r.ScreenshotTokensClaude, r.ScreenshotTokensGPT4o, r.Lean.O200k,
			r.IDs, r.Interactive, r.Links, r.DOMElements, r.LinesOut,
			r.ParseMillis, r.RenderMillis, rp, r.RenderAllocs, float64(r.RenderBytes)/(1<<20))
	}
	ew.printf("\n### Tokens (cl100k_base)\n\n")
	ew.printf("| page | HTML | visible text | Playwright | Playwright −url | lean | enriched | JSON | lean, tabs |\n")
	ew.printf("|---|---:|---:|---:|---:|---:|---:|---:|---:|\n")
	for _, r := range res.Pages {
		ew.printf("| %s | %d | %d | %s | %s | %d | %d | %d | %d |\n", r.Page,
			r.HTML.CL100k, r.Text.CL100k, pw(r.Playwright, tokens.CL100k), pw(r.PlaywrightNoURL, tokens.CL100k),
			r.Lean.CL100k, r.Enriched.CL100k, r.JSON.CL100k, r.LeanTabs.CL100k)
	}
	for _, c := range res.Cache {
		ew.printf("\n")
		writeCache(ew, c)
	}
	return ew.err
}

// pw formats an optional count.
func pw(c *Count, e tokens.Encoding) string {
	if c == nil {
		return "—"
	}
	if e == tokens.CL100k {
		return strconv.Itoa(c.CL100k)
	}
	return strconv.Itoa(c.O200k)
}

// pct formats a ratio as a percentage, "—" when absent.
func pct(r float64) string {
	if r == 0 {
		return "—"
	}
	return fmt.Sprintf("%.1f%%", r*100)
}

// errWriter keeps the first write error.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) printf(format string, args ...any) {
	if e.err == nil {
		_, e.err = fmt.Fprintf(e.w, format, args...)
	}
}
