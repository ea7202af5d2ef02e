package bench

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const speedSample = `goos: linux
BenchmarkRenderVsParse/page=a/op=parse-2    	  100	   1000 ns/op	  5.0 MB/s	   900 cpu-ns/op	  400.0 live-B/element	  10 B/op	  1 allocs/op
BenchmarkRenderVsParse/page=a/op=render-2   	  100	   3000 ns/op	  1.0 MB/s	  1800 cpu-ns/op	  500.0 live-B/element	  10 B/op	  1 allocs/op
BenchmarkRenderVsParse/page=b/op=parse-2    	   10	 100000 ns/op
BenchmarkRenderVsParse/page=b/op=render-2   	   10	 150000 ns/op
BenchmarkRenderVsParse/page=a/op=parse-2    	  100	   2000 ns/op	  5.0 MB/s	  1100 cpu-ns/op	  400.0 live-B/element
BenchmarkRenderVsParse/page=a/op=render-2   	  100	   5000 ns/op	  1.0 MB/s	  2200 cpu-ns/op	  500.0 live-B/element
BenchmarkRenderVsParse/page=a/op=render-2   	  100	   4000 ns/op	  1.0 MB/s	  2000 cpu-ns/op	  500.0 live-B/element
BenchmarkOther/x-2  10  5 ns/op
PASS
`

// TestSpeedTable checks medians, ratios and the printed table on a small
// benchmark output with several samples per op and a page without CPU and
// heap metrics.
func TestSpeedTable(t *testing.T) {
	rows, err := ParseSpeed(strings.NewReader(speedSample))
	require.NoError(t, err)
	require.Len(t, rows, 2)
	a, b := rows[0], rows[1]
	assert.Equal(t, "a", a.Page)
	assert.InDelta(t, 1500, a.ParseNs, 1e-9)
	assert.InDelta(t, 4000, a.RenderNs, 1e-9)
	assert.InDelta(t, 4000.0/1500, a.WallRatio, 1e-9)
	assert.InDelta(t, 2000.0/1000, a.CPURatio, 1e-9)
	assert.InDelta(t, 1.25, a.HeapX, 1e-9)
	assert.Equal(t, 3, a.Samples)
	assert.InDelta(t, 1.5, b.WallRatio, 1e-9)
	assert.Zero(t, b.CPURatio)

	var out bytes.Buffer
	SpeedTable(&out, rows)
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	require.Len(t, lines, 5)
	assert.Equal(t, "| a | 0.00 | 0.00 | 2.67 | 2.00 | 400 | 500 | 1.25 |", lines[2])
	assert.Equal(t, "| b | 0.10 | 0.15 | 1.50 | — | 0 | 0 | 0.00 |", lines[3])
	assert.Contains(t, lines[4], "median of 2 pages")

	_, err = ParseSpeed(strings.NewReader("BenchmarkRenderVsParse/page=a/op=parse-2 1 x ns/op\n"))
	assert.Error(t, err)
}

// TestSpeedPairedRatio checks that a page with as many parse as render
// samples gets the median of the per-sample ratios, pairing the samples in
// the order they appear (2.5, 1.1, 1.05: 1.1), not the medians' ratio
// (250/200), nor pairs of sorted samples (1.25).
func TestSpeedPairedRatio(t *testing.T) {
	var in strings.Builder
	for _, s := range [][2]int{{100, 250}, {400, 440}, {200, 210}} {
		in.WriteString("BenchmarkRenderVsParse/page=p/op=parse-2 10 " + itoa(s[0]) + " ns/op " + itoa(s[0]/2) + " cpu-ns/op\n")
		in.WriteString("BenchmarkRenderVsParse/page=p/op=render-2 10 " + itoa(s[1]) + " ns/op " + itoa(s[1]/2) + " cpu-ns/op\n")
	}
	rows, err := ParseSpeed(strings.NewReader(in.String()))
	require.NoError(t, err)
	require.Len(t, rows, 1)
	r := rows[0]
	assert.InDelta(t, 200, r.ParseNs, 1e-9)
	assert.InDelta(t, 250, r.RenderNs, 1e-9)
	assert.InDelta(t, 1.1, r.WallRatio, 1e-9)
	assert.InDelta(t, 1.1, r.CPURatio, 1e-9)

	// A sample without a positive value cannot be paired: the medians'
	// ratio stands.
	_, ok := pairedRatio([]float64{250, 440, 0}, []float64{100, 400, 200})
	assert.False(t, ok)
	in.WriteString("BenchmarkRenderVsParse/page=q/op=parse-2 10 100 ns/op\nBenchmarkRenderVsParse/page=q/op=parse-2 10 400 ns/op\nBenchmarkRenderVsParse/page=q/op=parse-2 10 200 ns/op\n")
	in.WriteString("BenchmarkRenderVsParse/page=q/op=render-2 10 250 ns/op\nBenchmarkRenderVsParse/page=q/op=render-2 10 440 ns/op\nBenchmarkRenderVsParse/page=q/op=render-2 10 0 ns/op\n")
	rows, err = ParseSpeed(strings.NewReader(in.String()))
	require.NoError(t, err)
	require.Len(t, rows, 2)
	assert.InDelta(t, 250.0/200, rows[1].WallRatio, 1e-9)
}
