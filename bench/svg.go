package bench

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"math"
)

// chartSeries are the representations the chart draws, in bar order.
var chartSeries = []struct {
	label, color string
	get          func(r Row) int
}{
	{"raw HTML", "#9e9e9e", func(r Row) int { return r.HTML.O200k }},
	{"visible text", "#8d6e63", func(r Row) int { return r.Text.O200k }},
	{"Playwright", "#e53935", func(r Row) int { return pwO200k(r.Playwright) }},
	{"Playwright −url", "#fb8c00", func(r Row) int { return pwO200k(r.PlaywrightNoURL) }},
	{"axtree enriched", "#1e88e5", func(r Row) int { return r.Enriched.O200k }},
	{"axtree lean", "#43a047", func(r Row) int { return r.Lean.O200k }},
	{"axtree JSON", "#8e24aa", func(r Row) int { return r.JSON.O200k }},
	{"lean, tabs", "#00897b", func(r Row) int { return r.LeanTabs.O200k }},
}

func pwO200k(c *Count) int {
	if c == nil {
		return 0
	}
	return c.O200k
}

// WriteSVG draws o200k_base tokens per page for each representation as a
// horizontal grouped bar chart on a log10 axis (raw HTML is two orders of
// magnitude above the rest). The SVG is hand-written and deterministic: the
// same rows give the same bytes. A missing representation (no Playwright
// snapshot) draws no bar.
func WriteSVG(w io.Writer, rows []Row) error {
	const (
		left, right, top = 280.0, 40.0, 70.0
		width            = 1100.0
		bar, gap         = 7.0, 12.0
	)
	group := bar*float64(len(chartSeries)) + gap
	height := top + group*float64(len(rows)) + 40
	max := 10
	for _, r := range rows {
		for _, s := range chartSeries {
			if v := s.get(r); v > max {
				max = v
			}
		}
	}
	decades := int(math.Ceil(math.Log10(float64(max))))
	plot := width - left - right
	x := func(v int) float64 {
		if v < 1 {
			return 0
		}
		return plot * math.Log10(float64(v)) / float64(decades)
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, `<?xml version="1.0" encoding="UTF-8"?>`+"\n")
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" font-family="sans-serif" font-size="11">`+"\n", width, height, width, height)
	fmt.Fprintf(&b, `<rect width="100%%" height="100%%" fill="#ffffff"/>`+"\n")
	fmt.Fprintf(&b, `<text x="%.0f" y="18" font-size="14" font-weight="bold">Tokens per page (o200k_base, log scale)</text>`+"\n", left)
	for i, s := range chartSeries {
		lx := left + float64(i%4)*190
		ly := 32 + float64(i/4)*16
		fmt.Fprintf(&b, `<rect x="%.0f" y="%.0f" width="10" height="10" fill="%s"/><text x="%.0f" y="%.0f">%s</text>`+"\n", lx, ly, s.color, lx+14, ly+9, esc(s.label))
	}
	for d := 0; d <= decades; d++ {
		gx := left + plot*float64(d)/float64(decades)
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%.0f" x2="%.1f" y2="%.0f" stroke="#dddddd"/>`+"\n", gx, top-4, gx, height-30)
		fmt.Fprintf(&b, `<text x="%.1f" y="%.0f" text-anchor="middle">%s</text>`+"\n", gx, height-16, esc(fmt.Sprintf("%.0f", math.Pow(10, float64(d)))))
	}
	for i, r := range rows {
		gy := top + group*float64(i)
		fmt.Fprintf(&b, `<text x="%.0f" y="%.1f" text-anchor="end">%s</text>`+"\n", left-8, gy+group/2, esc(r.Page))
		for j, s := range chartSeries {
			v := s.get(r)
			if v <= 0 {
				continue
			}
			fmt.Fprintf(&b, `<rect x="%.0f" y="%.1f" width="%.1f" height="%.0f" fill="%s"><title>%s: %s %d</title></rect>`+"\n",
				left, gy+bar*float64(j), x(v), bar-1, s.color, esc(r.Page), esc(s.label), v)
		}
	}
	b.WriteString("</svg>\n")
	_, err := w.Write(b.Bytes())
	return err
}

// esc escapes s for XML text and attribute values.
func esc(s string) string {
	var b bytes.Buffer
	_ = xml.EscapeText(&b, []byte(s))
	return b.String()
}
