package axtree

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestAppendAttrsSameAsAppend: appendAttrs gives what append gives, in a
// slice made to measure when dst is empty and one that does not share
// src's array.
func TestAppendAttrsSameAsAppend(t *testing.T) {
	attrs := []Attr{{"a", ""}, {"b", "1"}, {"c", "x"}, {"d", ""}, {"e", "mixed"}}
	for d := 0; d <= 3; d++ {
		for s := 0; s <= len(attrs); s++ {
			dst := append([]Attr(nil), attrs[:d]...)
			src := append([]Attr(nil), attrs[len(attrs)-s:]...)
			want := append(append([]Attr(nil), dst...), src...)
			got := appendAttrs(dst, src)
			if len(want) == 0 {
				assert.Empty(t, got, "dst %d src %d", d, s)
				continue
			}
			assert.Equal(t, want, got, "dst %d src %d", d, s)
			if d == 0 {
				assert.Equal(t, len(src), cap(got), "made to measure")
			}
			if s > 0 {
				src[0].Key = "changed"
				assert.NotEqual(t, "changed", got[d].Key, "shares src's array")
			}
		}
	}
}
