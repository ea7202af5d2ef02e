package serialize

import (
	"testing"
	"unicode"
)

// oldDropRune and oldIsSpace are dropRune and isSpace as they were before
// plainBMP answered most non-ASCII runes from a bit table: the unicode
// package's range tables searched for every rune. The references for
// TestRuneClassSameAsTables.
func oldDropRune(r rune) bool {
	if r < 0x80 {
		return r < 0x20 || r == 0x7f
	}
	if r == 0x200c || r == 0x200d {
		return false
	}
	return unicode.Is(unicode.Cc, r) || unicode.Is(unicode.Cf, r)
}

func oldIsSpace(r rune) bool {
	if r < 0x80 {
		return r == ' ' || (r >= '\t' && r <= '\r')
	}
	return unicode.IsSpace(r)
}

// TestRuneClassSameAsTables checks dropRune and isSpace against the range
// table searches they replaced on every rune, the surrogates and the
// values past the last rune and below zero included, and that plainBMP
// holds exactly for the BMP runes that are neither.
func TestRuneClassSameAsTables(t *testing.T) {
	check := func(r rune) {
		if got, want := dropRune(r), oldDropRune(r); got != want {
			t.Fatalf("dropRune(%U) = %v, want %v", r, got, want)
		}
		if got, want := isSpace(r), oldIsSpace(r); got != want {
			t.Fatalf("isSpace(%U) = %v, want %v", r, got, want)
		}
		want := r >= 0 && r < 1<<16 && !oldDropRune(r) && !oldIsSpace(r)
		if got := plainBMP(r); got != want && r >= 0x80 {
			t.Fatalf("plainBMP(%U) = %v, want %v", r, got, want)
		}
	}
	for r := rune(0); r <= unicode.MaxRune+0x100; r++ {
		check(r)
	}
	for _, r := range []rune{-1, -0x80, -1 << 31, 1<<31 - 1, 1 << 16, 1<<16 - 1, 0xE0001, 0xE0020} {
		check(r)
	}
}
