package word

import (
	"encoding/binary"
	"testing"

	"github.com/stretchr/testify/assert"
)

// Load8 is the little-endian word of the first eight bytes, whatever
// follows them.
func TestLoad8IsLittleEndian(t *testing.T) {
	for _, s := range []string{"\x00\x00\x00\x00\x00\x00\x00\x00", "abcdefgh", "\xff\x01\x80\x7f [\\]\"|", "12345678tail"} {
		assert.Equal(t, binary.LittleEndian.Uint64([]byte(s[:8])), Load8(s), "%q", s)
	}
	assert.Equal(t, uint64(' ')*Lo8, Load8("        "))
	assert.Equal(t, uint64(Hi8), Load8("\x80\x80\x80\x80\x80\x80\x80\x80"))
	assert.Equal(t, uint64(Lo7), Load8("\x7f\x7f\x7f\x7f\x7f\x7f\x7f\x7f"))
	assert.Panics(t, func() { Load8("short") }, "fewer than eight bytes is the caller's bug, caught as an index would")
}

// ASCIISpace answers as a byte loop does, for every byte value at every
// position of a word of spaces and of a word of tabs.
func TestASCIISpaceMatchesByteLoop(t *testing.T) {
	isSpace := func(b byte) bool { return b == ' ' || b >= 9 && b <= 13 }
	for _, fill := range []byte{' ', '\t', '\r'} {
		for pos := 0; pos < 8; pos++ {
			for b := 0; b < 256; b++ {
				w := []byte{fill, fill, fill, fill, fill, fill, fill, fill}
				w[pos] = byte(b)
				assert.Equal(t, isSpace(byte(b)), ASCIISpace(Load8(string(w))), "byte %#x at %d among %q", b, pos, fill)
			}
		}
	}
}
