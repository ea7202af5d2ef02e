package axtree

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// slowLeadSpace is leadSpace one byte at a time.
func slowLeadSpace(s string) int {
	i := 0
	for i < len(s) && asciiSpace(s[i]) {
		i++
	}
	return i
}

func TestLeadSpaceMatchesByteLoop(t *testing.T) {
	// every byte value at every position of a run of spaces, and the
	// bytes next to the ranges spaceWord tests (8, 9, 13, 14, 31, 32, 33)
	for c := 0; c < 256; c++ {
		for pos := 0; pos < 20; pos++ {
			b := []byte(strings.Repeat(" \n\t\r\f\v", 4))[:20]
			b[pos] = byte(c)
			s := string(b)
			assert.Equal(t, slowLeadSpace(s), leadSpace(s), "byte %#x at %d", c, pos)
		}
	}
	for _, s := range []string{"", " ", "x", "        ", "         x", "\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n", "\x08       ", "\x0e\x1f\x00      ", "       \xc2\xa0"} {
		assert.Equal(t, slowLeadSpace(s), leadSpace(s), "%q", s)
	}
}
