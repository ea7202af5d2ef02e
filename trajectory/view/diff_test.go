package view

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// runDiffLines is lineDiff for tests: it expands ops into the lines of a
// diff view ("  x", "- x", "+ x").
func runDiffLines(a, b []string) []string {
	ops, _ := lineDiff(a, b)
	var out []string
	i, j := 0, 0
	for k := 0; k+1 < len(ops); k += 2 {
		for n := 0; n < ops[k+1]; n++ {
			switch ops[k] {
			case 0:
				out = append(out, "  "+b[j])
				i++
				j++
			case -1:
				out = append(out, "- "+a[i])
				i++
			case 1:
				out = append(out, "+ "+b[j])
				j++
			}
		}
	}
	return slices.Clip(out)
}

func TestLineDiff(t *testing.T) {
	a := strings.Split("a b c d e f", " ")
	b := strings.Split("a x c d f g", " ")
	assert.Equal(t, []string{"  a", "- b", "+ x", "  c", "  d", "- e", "  f", "+ g"}, runDiffLines(a, b))
	assert.Equal(t, []string{"  a"}, runDiffLines([]string{"a"}, []string{"a"}))
	assert.Equal(t, []string{"+ a"}, runDiffLines(nil, []string{"a"}))
	ops, cut := lineDiff(nil, nil)
	assert.Equal(t, []int{}, ops)
	assert.False(t, cut)
}

func TestLineDiffIsBounded(t *testing.T) {
	n := 9000 // 9000 × 9000 > MaxDiffWork
	a, b := make([]string, n), make([]string, n)
	for i := range a {
		a[i], b[i] = "a"+strings.Repeat("x", i%7)+string(rune('A'+i%26)), "b"+string(rune('A'+i%26))
	}
	a[0], b[0] = "same", "same"
	ops, cut := lineDiff(a, b)
	assert.True(t, cut)
	assert.Equal(t, []int{0, 1, -1, n - 1, 1, n - 1}, ops)
}
