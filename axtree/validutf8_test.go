package axtree

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
)

// TestValidUTF8SameAsValidString: validUTF8 answers as utf8.ValidString
// (the check it replaces in spelledOut) for every piece of valid and
// invalid UTF-8 (runes of each length, U+FFFD itself, cut runes, stray
// continuation bytes, overlong forms, surrogates, past U+10FFFF) at every
// offset of ASCII text up to 24 bytes long, for pairs of them, and for
// random bytes.
func TestValidUTF8SameAsValidString(t *testing.T) {
	pieces := []string{
		"", "a", "é", "€", "\U0001F600", "\uFFFD", "\u2028",
		"\xe2\x82", "\xf0\x9f\x98", "\xc3", "\x80", "\xbf\xbf", "\xff", "\xfe",
		"\xc0\xaf", "\xe0\x80\xaf", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\xf8\x88\x80\x80\x80",
	}
	valid, invalid := 0, 0
	check := func(s string) {
		want := utf8.ValidString(s)
		assert.Equal(t, want, validUTF8(s), "%q", s)
		if want {
			valid++
		} else {
			invalid++
		}
	}
	for n := 0; n <= 24; n++ {
		pad := strings.Repeat("x", n)
		for at := 0; at <= n; at++ {
			for _, p := range pieces {
				check(pad[:at] + p + pad[at:])
				for _, q := range pieces {
					check(pad[:at] + p + pad[at:] + q)
					check(p + pad[:at] + q + pad[at:])
				}
			}
		}
	}
	r := rand.New(rand.NewPCG(17, 4))
	for range 20000 {
		b := make([]byte, r.IntN(40))
		for i := range b {
			switch r.IntN(4) {
			case 0:
				b[i] = byte(r.IntN(256))
			default:
				b[i] = byte('a' + r.IntN(26))
			}
		}
		check(string(b))
		check(string(b) + "€" + string(b))
	}
	assert.Positive(t, valid)
	assert.Positive(t, invalid)
}
