package accname

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// slowCollapse is collapse written plainly: one byte at a time.
func slowCollapse(s string) string {
	var sb strings.Builder
	ws := false
	for k := 0; k < len(s); k++ {
		if isWS(s[k]) {
			ws = true
			continue
		}
		if ws && sb.Len() > 0 {
			sb.WriteByte(' ')
		}
		ws = false
		sb.WriteByte(s[k])
	}
	return sb.String()
}

func TestCollapseMatchesByteLoop(t *testing.T) {
	// every string of up to six bytes over an alphabet of white space,
	// text and bytes that are not collapsed (\v, no-break space's bytes)
	alpha := []string{" ", "\t", "\n", "\f", "\r", "\v", "a", "\xc2\xa0"}
	var gen func(prefix string, n int)
	gen = func(prefix string, n int) {
		assert.Equal(t, slowCollapse(prefix), collapse(prefix), "%q", prefix)
		if n == 0 {
			return
		}
		for _, a := range alpha {
			gen(prefix+a, n-1)
		}
	}
	gen("", 6)
	assert.Equal(t, "Ten tips a b", collapse("\n   Ten  tips\n\t a \r\n b  "))
}
