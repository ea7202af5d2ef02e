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
// Token counting uses github.com/pkoukk/tiktoken-go with the offline loader
// of github.com/pkoukk/tiktoken-go-loader (BPE tables embedded in the
// module): nothing is downloaded at run time. The tiktoken package keeps
// its loader in a package variable; this package sets it once, behind a
// sync.Once, the first time a Counter is asked for (see Tokens).
package bench
