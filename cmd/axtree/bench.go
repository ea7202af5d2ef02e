package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/axtree/axtree/bench"
)

const benchUsage = `usage: axtree bench [flags]

Measures every corpus page: tokens (o200k_base, cl100k_base) of the raw
HTML, the visible text, Playwright's snapshot (full and without /url: lines),
our lean, enriched, JSON and tab-indented trees; the screenshot estimate;
ids, interactive elements, links, DOM elements, lines out; parse and render
time and allocations. Also simulates prompt-cache stability over the
project's sequences. Prints the Markdown tables and writes corpus.md and
corpus.json to --out. See bench/README.md.

flags:
  --corpus DIR     a folder of *.html pages (repeatable); default: the shared
                   corpus pages and the project's corpus/pages
  --out DIR        where to write corpus.md and corpus.json (default
                   bench/results under the module root; "-" writes nothing)
  --svg FILE       also draw tokens per page as an SVG bar chart
  --no-timing      skip the timing and allocation runs
  --scaling        instead: render synthetic pages of 1k..1M elements and
                   print time per element and the slope
  --sizes LIST     element counts for --scaling (default
                   1000,10000,100000,1000000)
`

// multiFlag collects a repeatable string flag.
type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, ",") }
func (m *multiFlag) Set(v string) error { *m = append(*m, v); return nil }

// runBench implements `axtree bench`.
func runBench(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var corpora multiFlag
	fs.Var(&corpora, "corpus", "")
	out := fs.String("out", "", "")
	svg := fs.String("svg", "", "")
	noTiming := fs.Bool("no-timing", false, "")
	scaling := fs.Bool("scaling", false, "")
	sizes := fs.String("sizes", "1000,10000,100000,1000000", "")
	err := fs.Parse(args)
	if err == flag.ErrHelp {
		fmt.Fprint(stdout, benchUsage)
		return 0
	}
	if err != nil || fs.NArg() > 0 {
		if err == nil {
			err = fmt.Errorf("unexpected argument %q", fs.Arg(0))
		}
		fmt.Fprintf(stderr, "axtree bench: %v\n%s", err, benchUsage)
		return 2
	}
	if *scaling {
		return runScaling(*sizes, stdout, stderr)
	}
	dirs := []string(corpora)
	if len(dirs) == 0 {
		dirs = bench.DefaultCorpusDirs()
	}
	var pages []bench.Page
	for _, d := range dirs {
		ps, err := bench.Pages(d)
		if err != nil {
			fmt.Fprintf(stderr, "axtree bench: %v\n", err)
			return 1
		}
		pages = append(pages, ps...)
	}
	if len(pages) == 0 {
		fmt.Fprintf(stderr, "axtree bench: no pages found (folders: %s)\n", strings.Join(dirs, ", "))
		return 1
	}
	rows, err := bench.Measure(pages, bench.Options{NoTiming: *noTiming})
	if err != nil {
		fmt.Fprintf(stderr, "axtree bench: %v\n", err)
		return 1
	}
	var runs []bench.CacheRun
	if len(corpora) == 0 {
		if c := bench.ProjectCorpus(); c != "" {
			for _, seq := range bench.DefaultSequences(c) {
				run, err := bench.SimulateCache(seq)
				if err != nil {
					fmt.Fprintf(stderr, "axtree bench: %v\n", err)
					return 1
				}
				runs = append(runs, run)
			}
		}
	}
	res := bench.NewResults(rows, runs)
	var md, js bytes.Buffer
	if err := bench.WriteMarkdown(&md, res); err != nil {
		fmt.Fprintf(stderr, "axtree bench: %v\n", err)
		return 1
	}
	if err := bench.WriteJSON(&js, res); err != nil {
		fmt.Fprintf(stderr, "axtree bench: %v\n", err)
		return 1
	}
	if _, err := stdout.Write(md.Bytes()); err != nil {
		return 1
	}
	dir := *out
	if dir == "" {
		dir = "bench/results"
		if root := bench.ModuleRoot(); root != "" {
			dir = filepath.Join(root, "bench", "results")
		}
	}
	if dir != "-" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			fmt.Fprintf(stderr, "axtree bench: %v\n", err)
			return 1
		}
		for _, f := range []struct {
			name string
			b    []byte
		}{{"corpus.md", md.Bytes()}, {"corpus.json", js.Bytes()}} {
			if err := os.WriteFile(filepath.Join(dir, f.name), f.b, 0o644); err != nil {
				fmt.Fprintf(stderr, "axtree bench: %v\n", err)
				return 1
			}
		}
	}
	if *svg != "" {
		var b bytes.Buffer
		if err := bench.WriteSVG(&b, rows); err != nil {
			fmt.Fprintf(stderr, "axtree bench: %v\n", err)
			return 1
		}
		if err := os.WriteFile(*svg, b.Bytes(), 0o644); err != nil {
			fmt.Fprintf(stderr, "axtree bench: %v\n", err)
			return 1
		}
	}
	return 0
}

// runScaling implements `axtree bench --scaling`.
func runScaling(list string, stdout, stderr io.Writer) int {
	var sizes []int
	for _, f := range strings.Split(list, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 || n > 5_000_000 {
			fmt.Fprintf(stderr, "axtree bench: --sizes: %q is not an element count in 1..5000000\n", f)
			return 2
		}
		sizes = append(sizes, n)
	}
	pts := bench.Scale(sizes, 3)
	fmt.Fprintf(stdout, "| elements | HTML bytes | renders | render ms (mean) | ns/element | CPU ms | CPU ns/element | allocs/element |\n|---:|---:|---:|---:|---:|---:|---:|---:|\n")
	for _, p := range pts {
		fmt.Fprintf(stdout, "| %d | %d | %d | %.2f | %.1f | %.2f | %.1f | %.2f |\n", p.Elements, p.Bytes, p.Runs, p.Millis, p.NanosPerNode, p.CPUMillis, p.CPUNanosPerNode, p.AllocsPerNode)
	}
	slope, cpu := bench.Slope(pts), bench.CPUSlope(pts)
	fmt.Fprintf(stdout, "\nslope (ns/element at the largest size ÷ ns/element at ~10k): wall %.3f, CPU %.3f\n", slope, cpu)
	b, _ := json.Marshal(struct {
		Points   []bench.ScalePoint `json:"points"`
		Slope    float64            `json:"slope"`
		CPUSlope float64            `json:"cpu_slope"`
	}{pts, slope, cpu})
	fmt.Fprintf(stdout, "%s\n", b)
	return 0
}
