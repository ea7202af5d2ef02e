package bench

import (
	"bufio"
	"fmt"
	"io"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// SpeedRow is one page of a RenderVsParse run: the median of each metric
// over the run's samples, for html.Parse alone and for the whole render.
//
// The wall and CPU ratios are paired when the page has as many parse
// samples as render samples: the median over i of render sample i / parse
// sample i, in the order the samples appear. `make bench-speed` runs the
// benchmark once per sample (-count=1, several times over), so parse
// sample i and render sample i of a page are taken one after the other and
// share the machine's state, while the machine drifts between samples; a
// ratio of the medians would set a parse taken in a quiet minute against a
// render taken in a busy one. With unequal counts the ratios are the
// medians' ratios.
type SpeedRow struct {
	Page                       string
	ParseNs, RenderNs          float64 // wall time per op
	ParseCPUNs, RenderCPUNs    float64 // process CPU time per op (0 when not reported)
	ParseHeap, RenderHeap      float64 // live heap per element, bytes
	Samples                    int     // render samples
	WallRatio, CPURatio, HeapX float64 // render / parse
}

var benchLine = regexp.MustCompile(`^BenchmarkRenderVsParse/page=(\S+)/op=(parse|render)(?:-\d+)?\s+\d+\s+(.*)$`)

// ParseSpeed reads `go test -bench RenderVsParse` output (several -count
// runs, any other lines ignored) and returns one row per page in the order
// pages first appear.
func ParseSpeed(r io.Reader) ([]SpeedRow, error) {
	type samples map[string][]float64 // unit -> values
	data := map[string]map[string]samples{}
	var order []string
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		m := benchLine.FindStringSubmatch(strings.TrimSpace(sc.Text()))
		if m == nil {
			continue
		}
		page, op := m[1], m[2]
		if data[page] == nil {
			data[page] = map[string]samples{"parse": {}, "render": {}}
			order = append(order, page)
		}
		f := strings.Fields(m[3])
		for i := 0; i+1 < len(f); i += 2 {
			v, err := strconv.ParseFloat(f[i], 64)
			if err != nil {
				return nil, fmt.Errorf("bench: %q: %v", sc.Text(), err)
			}
			data[page][op][f[i+1]] = append(data[page][op][f[i+1]], v)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	var rows []SpeedRow
	for _, page := range order {
		p, rr := data[page]["parse"], data[page]["render"]
		if len(p["ns/op"]) == 0 || len(rr["ns/op"]) == 0 {
			continue
		}
		// The pairs first: the medians sort the samples in place.
		wall, wallPaired := pairedRatio(rr["ns/op"], p["ns/op"])
		cpu, cpuPaired := pairedRatio(rr["cpu-ns/op"], p["cpu-ns/op"])
		row := SpeedRow{
			Page: page, ParseNs: median(p["ns/op"]), RenderNs: median(rr["ns/op"]),
			ParseCPUNs: median(p["cpu-ns/op"]), RenderCPUNs: median(rr["cpu-ns/op"]),
			ParseHeap: median(p["live-B/element"]), RenderHeap: median(rr["live-B/element"]),
			Samples:   len(rr["ns/op"]),
			WallRatio: wall, CPURatio: cpu,
		}
		if !wallPaired {
			row.WallRatio = div(row.RenderNs, row.ParseNs)
		}
		if !cpuPaired {
			row.CPURatio = div(row.RenderCPUNs, row.ParseCPUNs)
		}
		row.HeapX = div(row.RenderHeap, row.ParseHeap)
		rows = append(rows, row)
	}
	return rows, nil
}

// SpeedTable prints rows as the README's Markdown table, with the median
// of each ratio over the pages in the last line.
func SpeedTable(w io.Writer, rows []SpeedRow) {
	fmt.Fprintln(w, "| page | parse ms | render ms | render / parse (wall) | render / parse (CPU) | live heap B/element: parse tree | kept render | ratio |")
	fmt.Fprintln(w, "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
	var wall, cpu, heap []float64
	for _, r := range rows {
		fmt.Fprintf(w, "| %s | %.2f | %.2f | %.2f | %s | %.0f | %.0f | %.2f |\n", r.Page, r.ParseNs/1e6, r.RenderNs/1e6,
			r.WallRatio, optRatio(r.CPURatio), r.ParseHeap, r.RenderHeap, r.HeapX)
		wall, cpu, heap = append(wall, r.WallRatio), append(cpu, r.CPURatio), append(heap, r.HeapX)
	}
	fmt.Fprintf(w, "| **median of %d pages** | | | **%.2f** | **%s** | | | **%.2f** |\n", len(rows), median(wall), optRatio(median(cpu)), median(heap))
}

func optRatio(v float64) string {
	if v == 0 {
		return "—"
	}
	return fmt.Sprintf("%.2f", v)
}

// pairedRatio returns the median over i of num[i]/den[i], and false
// when the samples do not pair: different counts, none, or one not
// positive. It leaves num and den as they are.
func pairedRatio(num, den []float64) (float64, bool) {
	if len(num) == 0 || len(num) != len(den) {
		return 0, false
	}
	r := make([]float64, len(num))
	for i := range num {
		if num[i] <= 0 || den[i] <= 0 {
			return 0, false
		}
		r[i] = num[i] / den[i]
	}
	return median(r), true
}

func div(a, b float64) float64 {
	if b == 0 {
		return 0
	}
	return a / b
}

// median returns the median of v (0 for none); v is sorted in place.
func median(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	sort.Float64s(v)
	n := len(v)
	if n%2 == 1 {
		return v[n/2]
	}
	return (v[n/2-1] + v[n/2]) / 2
}
