package serialize

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// refPlainRun is plainRun byte by byte: 0 unless s starts and ends with
// a plain byte, else the end of the first run of plain bytes and single
// spaces between them.
func refPlainRun(s string, mode escMode) int {
	plain := &plainTab[mode]
	if s == "" || !plain[s[0]] || !plain[s[len(s)-1]] {
		return 0
	}
	j := 1
	for j < len(s) && (plain[s[j]] || s[j] == ' ' && plain[s[j+1]]) {
		if plain[s[j]] {
			j++
		} else {
			j += 2
		}
	}
	return j
}

// TestPlainRunSameAsByteLoop checks plainRun against refPlainRun, and
// appendClean, which copies the run it finds before its loop (or the whole
// string when the run is all of it), against the byte-at-a-time cleaner
// (oldAppendClean) without a limit and with one the string does not
// reach, in every mode, on every corpus text, the adversarial texts and
// strings whose first run ends at every offset around the eight-byte step
// before a double space, a non-ASCII rune, an escape, a control byte or a
// trailing space.
func TestPlainRunSameAsByteLoop(t *testing.T) {
	texts := append(corpusTexts(t), adversarialTexts()...)
	for k := 0; k < 26; k++ {
		head := strings.Repeat("ab c", 7)[:k]
		for _, tail := range []string{"  x", " \u00e9x", "\u20ac5", "[x", "]x", "|x", "\"x", "\\x", "\x01x", " ", "x ", "  ", "x\t y", "\u00a0x", "x"} {
			texts = append(texts, head+tail, "z"+head+tail, head+tail+"z")
		}
	}
	modes := []escMode{escPlain, escQuoted, escJSON, escLink, escCell}
	for _, s := range texts {
		for _, mode := range modes {
			if !assert.Equal(t, refPlainRun(s, mode), plainRun(s, &plainTab[mode], escWord[mode]), "plainRun(%q, mode %d)", s, mode) {
				return
			}
			for _, limit := range []int{0, len(s), len(s) + 1} {
				want := oldAppendClean([]byte("> "), s, limit, mode)
				if !assert.Equal(t, string(want), string(appendClean([]byte("> "), s, limit, mode)), "appendClean(%q, %d, mode %d)", s, limit, mode) {
					return
				}
			}
		}
	}
}
