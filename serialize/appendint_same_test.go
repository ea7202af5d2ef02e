package serialize

import (
	"math"
	"strconv"
	"testing"
)

// TestAppendIntSameAsStrconv checks appendInt against strconv.AppendInt
// on every int from -1,000 to 100,000 (each digit count of the short
// paths and past them), the extremes, and onto a non-empty dst.
func TestAppendIntSameAsStrconv(t *testing.T) {
	check := func(v int) {
		t.Helper()
		want := strconv.AppendInt([]byte("x"), int64(v), 10)
		if got := appendInt([]byte("x"), v); string(got) != string(want) {
			t.Fatalf("appendInt(%d) = %q, want %q", v, got, want)
		}
	}
	for v := -1000; v <= 100000; v++ {
		check(v)
	}
	for _, v := range []int{math.MaxInt, math.MinInt, math.MaxInt32, math.MinInt32, 1 << 21, -(1 << 21)} {
		check(v)
	}
}
