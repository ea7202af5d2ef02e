package bench

import (
	"bytes"
	"runtime"
	"strconv"
	"time"

	"github.com/axtree/axtree/render"
)

// cardElements is the number of elements one synthetic product card has.
const cardElements = 12

// pageElements is the number of elements of the synthetic page outside the
// cards: html, head, title, body, header, h1, main.
const pageElements = 7

// Synthetic returns a synthetic shop page of about n elements (at least
// one card): repeated product cards, each with nested wrappers, an image
// link, a heading link, a price, a labelled number input and a button. It
// is generated on demand and never stored. The exact element count is
// SyntheticElements(n).
func Synthetic(n int) []byte {
	cards := syntheticCards(n)
	var b bytes.Buffer
	b.Grow(cards*330 + 256)
	b.WriteString("<!doctype html><html><head><title>Synthetic shop</title></head><body><header><h1>Synthetic shop</h1></header><main>\n")
	var num []byte
	for i := 0; i < cards; i++ {
		num = strconv.AppendInt(num[:0], int64(i), 10)
		b.WriteString(`<div class="card"><div class="wrap"><div class="inner"><a href="/p/`)
		b.Write(num)
		b.WriteString(`"><img src="/img/`)
		b.Write(num)
		b.WriteString(`.jpg" alt="Photo of product `)
		b.Write(num)
		b.WriteString(`"></a><h3><a href="/p/`)
		b.Write(num)
		b.WriteString(`">Product number `)
		b.Write(num)
		b.WriteString(` with a longer descriptive name</a></h3><span class="price">€`)
		b.Write(num)
		b.WriteString(`,99</span><div class="buy"><label>Quantity <input type="number" name="q`)
		b.Write(num)
		b.WriteString(`" value="1" min="1"></label><button type="button">Add to basket</button></div></div></div></div>` + "\n")
	}
	b.WriteString("</main></body></html>\n")
	return b.Bytes()
}

func syntheticCards(n int) int {
	c := (n - pageElements) / cardElements
	if c < 1 {
		c = 1
	}
	return c
}

// SyntheticElements returns the number of elements of Synthetic(n).
func SyntheticElements(n int) int { return pageElements + cardElements*syntheticCards(n) }

// ScalePoint is the render cost of one synthetic page.
type ScalePoint struct {
	Elements     int     `json:"elements"`
	Bytes        int     `json:"bytes"`
	Runs         int     `json:"runs"` // renders averaged
	Millis       float64 `json:"render_ms"`
	NanosPerNode float64 `json:"ns_per_element"`
	// CPUMillis and CPUNanosPerNode are process CPU time (user + system,
	// garbage collector included) of the same renders, less disturbed than
	// wall time by other processes on a busy machine; 0 where unknown.
	CPUMillis       float64 `json:"cpu_ms"`
	CPUNanosPerNode float64 `json:"cpu_ns_per_element"`
	Allocs          uint64  `json:"allocs"`
	AllocsPerNode   float64 `json:"allocs_per_element"`
}

// Scale renders Synthetic(n) for each n (whole pipeline: parse, index,
// names, tree, links, lean text) and reports time and allocations per
// element. Each size is rendered at least runs times (at least once) and
// for at least ScaleWindow, and the times are the mean of those renders,
// as testing.B reports: the minimum of a few 40 ms renders of a small page
// is a best case a 5 s render of a large one never gets (it cannot dodge
// the collector or the machine's other load), so a min/min slope measures
// the noise more than the code. Pages are generated before the clock
// starts; the collector runs before every render.
func Scale(sizes []int, runs int) []ScalePoint {
	return ScaleProgress(sizes, runs, nil)
}

// ScaleProgress is Scale calling progress (when not nil) before each size
// with its index (0-based), the number of sizes and the element count.
func ScaleProgress(sizes []int, runs int, progress func(i, n, elements int)) []ScalePoint {
	if runs < 1 {
		runs = 1
	}
	opts := RenderOptions()
	opts.MaxInputBytes = -1
	opts.Build.MaxNodes = 1 << 30 // measure the whole page, past the default node cap
	out := make([]ScalePoint, 0, len(sizes))
	for i, n := range sizes {
		if progress != nil {
			progress(i, len(sizes), n)
		}
		page := Synthetic(n)
		var total, totalCPU time.Duration
		var allocs uint64
		done := 0
		for start := time.Now(); done < runs || (time.Since(start) < ScaleWindow && done < maxScaleRuns); done++ {
			runtime.GC()
			var m0, m1 runtime.MemStats
			runtime.ReadMemStats(&m0)
			c0, t0 := cpuTime(), time.Now()
			if r, err := render.HTMLBytes(page, opts); err == nil {
				_ = r.Text()
			}
			total += time.Since(t0)
			totalCPU += cpuTime() - c0
			runtime.ReadMemStats(&m1)
			allocs = m1.Mallocs - m0.Mallocs
		}
		el := SyntheticElements(n)
		mean, meanCPU := total/time.Duration(done), totalCPU/time.Duration(done)
		out = append(out, ScalePoint{
			Elements:        el,
			Bytes:           len(page),
			Runs:            done,
			Millis:          millis(mean),
			NanosPerNode:    float64(mean.Nanoseconds()) / float64(el),
			CPUMillis:       millis(meanCPU),
			CPUNanosPerNode: float64(meanCPU.Nanoseconds()) / float64(el),
			Allocs:          allocs,
			AllocsPerNode:   float64(allocs) / float64(el),
		})
	}
	return out
}

// ScaleWindow is the least time Scale spends rendering each size.
const ScaleWindow = time.Second

// maxScaleRuns bounds the renders of one size (tiny pages).
const maxScaleRuns = 1000

// Slope returns the wall time per element of the largest point divided by
// that of the point closest to 10,000 elements (1 means perfectly linear),
// or 0 when there are fewer than two points.
func Slope(pts []ScalePoint) float64 {
	return slope(pts, func(p ScalePoint) float64 { return p.NanosPerNode })
}

// CPUSlope is Slope over CPU time.
func CPUSlope(pts []ScalePoint) float64 {
	return slope(pts, func(p ScalePoint) float64 { return p.CPUNanosPerNode })
}

func slope(pts []ScalePoint, per func(ScalePoint) float64) float64 {
	if len(pts) < 2 {
		return 0
	}
	base := 0
	for i, p := range pts {
		if abs(p.Elements-10000) < abs(pts[base].Elements-10000) {
			base = i
		}
	}
	last := len(pts) - 1
	for i, p := range pts {
		if p.Elements > pts[last].Elements {
			last = i
		}
	}
	if per(pts[base]) == 0 {
		return 0
	}
	return per(pts[last]) / per(pts[base])
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
