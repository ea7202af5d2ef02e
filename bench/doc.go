// Package bench measures what axtree costs and saves: tokens of every
// representation of a page (raw HTML, visible text, Playwright's snapshot,
// our lean, enriched, JSON and tab-indented trees) in two OpenAI encodings,
// the estimated cost of the same page as screenshots, node and line counts,
// wall time and allocations of parse and render, prompt-cache stability over
// multi-step sequences, and render time per node on synthetic pages of 1k to
// 1M nodes.
//
// The command `axtree bench` drives it and writes the Markdown table and the
// JSON results; `go test -bench=. ./bench` runs the Go benchmarks. See
// bench/README.md for the formulas and their sources.
//
// Tokens are counted by package tokens (o200k_base and cl100k_base with
// tiktoken-go's offline loader: nothing is downloaded at run time).
package bench
