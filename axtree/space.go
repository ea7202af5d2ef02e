package axtree

import (
	"unicode/utf8"

	"github.com/axtree/axtree/internal/word"
)

// Pages indent their markup: on large pages most text nodes are white
// space alone (tens of bytes each, most of a megabyte on a results page),
// and the builder reads them only to find where the text starts.
// leadSpace reads them eight bytes at a time.

// leadSpace returns the length of the run of ASCII white space
// (asciiSpace) s starts with.
func leadSpace(s string) int {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		if !word.ASCIISpace(word.Load8(s[i : i+8])) {
			break
		}
	}
	for i < len(s) && asciiSpace(s[i]) {
		i++
	}
	return i
}

// wideSpace is unicode.IsSpace for a rune past ASCII (asciiSpace tests
// the ASCII bytes): U+0085, U+00A0, U+1680, U+2000..U+200A, U+2028,
// U+2029, U+202F, U+205F and U+3000, without the range-table search.
func wideSpace(r rune) bool {
	switch {
	case r < 0x1680:
		return r == 0x85 || r == 0xa0
	case r < 0x2000:
		return r == 0x1680
	case r <= 0x200a:
		return true
	}
	return r == 0x2028 || r == 0x2029 || r == 0x202f || r == 0x205f || r == 0x3000
}

// plain8 reports whether the eight bytes packed in x (first byte lowest)
// are ASCII from ' ' to DEL with no two spaces side by side, and, when
// space is set (the byte before them was a space), the first is not a
// space; last says whether the eighth is a space.
func plain8(x uint64, space bool) (ok, last bool) {
	if (x|(x-0x20*word.Lo8))&word.Hi8 != 0 {
		return false, false // a byte below ' ' or past ASCII
	}
	// sp has bit 7 of each byte that is a space (exactly: no borrows)
	e := x ^ 0x20*word.Lo8
	const low7 = ^uint64(word.Hi8)
	sp := ^((e&low7 + low7) | e | low7)
	if sp&(sp<<8) != 0 || space && sp&0x80 != 0 {
		return false, false
	}
	return true, sp>>63 != 0
}

// collapsedLen returns the length of the part of s, which starts with no
// white space, that acc.rest copies as it is (the whole of a line's first
// piece, most often): up to the first white space other than one ASCII
// space between other runes, or the first byte that is not UTF-8.
func collapsedLen(s string) int {
	space := false
	i := 0
	for ; i+8 <= len(s); i += 8 {
		w := s[i : i+8]
		x := uint64(w[0]) | uint64(w[1])<<8 | uint64(w[2])<<16 | uint64(w[3])<<24 |
			uint64(w[4])<<32 | uint64(w[5])<<40 | uint64(w[6])<<48 | uint64(w[7])<<56
		ok, last := plain8(x, space)
		if !ok {
			break
		}
		space = last
	}
	for i < len(s) {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == ' ':
				if space {
					return i
				}
				space = true
			case asciiSpace(c):
				return i
			default:
				space = false
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 || wideSpace(r) {
			return i
		}
		space = false
		i += size
	}
	return i
}
