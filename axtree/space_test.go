package axtree

import (
	"strings"
	"testing"
	"unicode/utf8"

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
	// bytes next to the ranges word.ASCIISpace tests (8, 9, 13, 14, 31, 32, 33)
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

// TestConsumeWordsShortcut checks the shortcut against the rune walk on
// every pair of short strings over spaces, letters, a no-break space and
// an invalid byte: the same answer, and a rest that reads the same (its
// leading white space aside, which every reader of it skips).
func TestConsumeWordsShortcut(t *testing.T) {
	alpha := []string{" ", "\n", "a", "b", "\u00a0", "\xff", "\u00e9", "\xc3"}
	var strs []string
	var gen func(prefix string, n int)
	gen = func(prefix string, n int) {
		strs = append(strs, prefix)
		if n == 0 {
			return
		}
		for _, a := range alpha {
			gen(prefix+a, n-1)
		}
	}
	gen("", 3)
	for _, name := range strs {
		for _, s := range strs {
			wantRest, wantOK := consumeRunes(name, s)
			valid := utf8.ValidString(name)
			// told that a valid name is valid (spelledOut's case), or
			// told nothing
			for _, nameValid := range []bool{false, valid} {
				rest, ok := consumeWords(name, s, nameValid)
				if !assert.Equal(t, wantOK, ok, "%q %q %v", name, s, nameValid) {
					return
				}
				if ok && !assert.Equal(t, trimLeadSpace(wantRest), trimLeadSpace(rest), "%q %q %v", name, s, nameValid) {
					return
				}
				if ok && valid && !assert.True(t, utf8.ValidString(rest), "rest of %q after %q", name, s) {
					return
				}
			}
		}
	}
}
