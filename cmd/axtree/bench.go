package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/axtree/axtree/bench"
	"github.com/axtree/axtree/internal/cli"
)

func benchCommand() *cli.Command {
	var (
		corpora  []string
		out, svg string
		noTiming bool
		scaling  bool
		sizes    = "1000,10000,100000,1000000"
	)
	return &cli.Command{
		Name:    "bench",
		Summary: "token, cache and speed benchmarks",
		Doc: `Measures every corpus page: tokens (o200k_base, cl100k_base) of the raw
HTML, the visible text, Playwright's snapshot (full and without /url:
lines), our lean, enriched, JSON and tab-indented trees; the screenshot
estimate; ids, interactive elements, links, DOM elements, lines out;
parse and render time and allocations. Also simulates prompt-cache
stability over the project's sequences. Prints the Markdown tables; with
--out also writes corpus.md and corpus.json there (make bench-corpus
writes bench/results). On a terminal, stderr shows which page it is at.
When other processes used more than a quarter of a CPU during the run
(/proc/stat against this process's own CPU time), it warns that the
timings are not comparable. See bench/README.md.`,
		Flags: func(f *cli.Flags) {
			f.Strings(&corpora, "corpus", "DIR", "a folder of *.html pages (default: the shared corpus pages and the project's corpus/pages)")
			f.String(&out, "out", "DIR", "also write corpus.md and corpus.json to DIR (bench/results is the checked-in copy)")
			f.String(&svg, "svg", "FILE", "also draw tokens per page as an SVG bar chart")
			f.Bool(&noTiming, "no-timing", "skip the timing and allocation runs")
			f.Bool(&scaling, "scaling", "instead: render synthetic pages of 1k..1M elements and print time per element and the slope")
			f.String(&sizes, "sizes", "LIST", "element counts for --scaling")
		},
		Run: func(e *cli.Env, args []string) error {
			if scaling {
				return runScaling(e, sizes)
			}
			dirs := corpora
			if len(dirs) == 0 {
				dirs = bench.DefaultCorpusDirs()
			}
			var pages []bench.Page
			for _, d := range dirs {
				ps, err := bench.Pages(d)
				if err != nil {
					return err
				}
				pages = append(pages, ps...)
			}
			if len(pages) == 0 {
				return fmt.Errorf("no pages found (folders: %s)", strings.Join(dirs, ", "))
			}
			p := e.Progress()
			defer p.Done()
			meter := bench.StartLoad()
			rows, err := bench.Measure(pages, bench.Options{NoTiming: noTiming, Progress: func(stage string, done, total int, page string) {
				if stage == "timing" {
					p.Step(done+1, total, "measuring %s", page)
				} else {
					p.Step(done, total, "counting tokens (%s)", page)
				}
			}})
			load := meter.Stop()
			if err != nil {
				return err
			}
			var runs []bench.CacheRun
			if len(corpora) == 0 {
				if c := bench.ProjectCorpus(); c != "" {
					seqs := bench.DefaultSequences(c)
					for i, seq := range seqs {
						p.Step(i+1, len(seqs), "simulating the prompt cache")
						run, err := bench.SimulateCache(seq)
						if err != nil {
							return err
						}
						runs = append(runs, run)
					}
				}
			}
			p.Done()
			if !noTiming {
				warnBusy(e, load)
			}
			res := bench.NewResults(rows, runs)
			var md, js bytes.Buffer
			if err := bench.WriteMarkdown(&md, res); err != nil {
				return err
			}
			if err := bench.WriteJSON(&js, res); err != nil {
				return err
			}
			if _, err := e.Stdout.Write(md.Bytes()); err != nil {
				return err
			}
			if out != "" && out != "-" { // "-": nothing, as before --out was needed
				if err := os.MkdirAll(out, 0o755); err != nil {
					return err
				}
				for _, f := range []struct {
					name string
					b    []byte
				}{{"corpus.md", md.Bytes()}, {"corpus.json", js.Bytes()}} {
					if err := os.WriteFile(filepath.Join(out, f.name), f.b, 0o644); err != nil {
						return err
					}
				}
			}
			if svg != "" {
				var b bytes.Buffer
				if err := bench.WriteSVG(&b, rows); err != nil {
					return err
				}
				if err := e.WriteOutput(svg, b.Bytes()); err != nil {
					return err
				}
			}
			return nil
		},
	}
}

// warnBusy warns when other processes took a share of the machine during
// the timing runs.
func warnBusy(e *cli.Env, l bench.Load) {
	if l.Busy() {
		e.Warnf("the machine was busy: other processes used %.2f of %d CPUs on average during the %.1fs run; the timings are slower than the code and not comparable with a quiet run",
			l.Others, l.CPUs, l.Wall.Seconds())
	}
}

// runScaling implements `axtree bench --scaling`.
func runScaling(e *cli.Env, list string) error {
	var sizes []int
	for _, f := range strings.Split(list, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 || n > 5_000_000 {
			return cli.Usagef("--sizes: %q is not an element count in 1..5000000", f)
		}
		sizes = append(sizes, n)
	}
	p := e.Progress()
	meter := bench.StartLoad()
	pts := bench.ScaleProgress(sizes, 3, func(i, n, elements int) {
		p.Step(i+1, n, "rendering synthetic pages of %d elements", elements)
	})
	load := meter.Stop()
	p.Done()
	warnBusy(e, load)
	stdout := e.Stdout
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
	_, err := fmt.Fprintf(stdout, "%s\n", b)
	return err
}
