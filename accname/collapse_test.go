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

// slowBlank is blank one byte at a time.
func slowBlank(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isWS(s[i]) {
			return false
		}
	}
	return true
}

func TestBlankMatchesByteLoop(t *testing.T) {
	// every byte value at every position of a run of white space
	for c := 0; c < 256; c++ {
		for pos := 0; pos < 20; pos++ {
			b := []byte(strings.Repeat(" \n\t\r\f", 4))[:20]
			b[pos] = byte(c)
			for _, n := range []int{pos + 1, 20} {
				s := string(b[:n])
				assert.Equal(t, slowBlank(s), blank(s), "byte %#x at %d of %d", c, pos, n)
			}
		}
	}
	assert.True(t, blank(""))
	assert.True(t, blank(strings.Repeat(" \n", 40)))
}

func TestWSByteTableIsIsWS(t *testing.T) {
	for c := 0; c < 256; c++ {
		assert.Equal(t, isWS(byte(c)), wsByte[c], "byte %#x", c)
	}
}
