// Package word reads eight bytes of a string as one little-endian word,
// for the scans that test eight bytes a step (white space, escapes,
// collapsed names, selector keys), and names the masks they test with.
package word

// Masks with the same byte in each of a word's eight bytes.
const (
	Lo8 = 0x0101010101010101 // 0x01 in each byte: k*Lo8 repeats byte k
	Hi8 = 0x8080808080808080 // each byte's top bit
	Lo7 = 0x7f7f7f7f7f7f7f7f // each byte's low seven bits
)

// Load8 returns w[:8] as a little-endian word: one load, one bounds
// check. It panics when w is shorter than eight bytes, as w[7] would; the
// callers slice exactly eight.
func Load8(w string) uint64 {
	_ = w[7]
	return uint64(w[0]) | uint64(w[1])<<8 | uint64(w[2])<<16 | uint64(w[3])<<24 |
		uint64(w[4])<<32 | uint64(w[5])<<40 | uint64(w[6])<<48 | uint64(w[7])<<56
}

// ASCIISpace reports whether the eight bytes packed in x are all ASCII
// white space: 9 to 13 and 32 (\t \n \v \f \r and the space).
func ASCIISpace(x uint64) bool {
	if (x|(x+0x5F*Lo8))&Hi8 != 0 {
		return false // a byte above 0x20
	}
	// Every byte is at most 0x20, so adding up to 0x77 to each carries
	// into no other byte: bit 7 of a byte of x+(0x80-k)*Lo8 says b >= k.
	ge9 := x + (0x80-9)*Lo8
	ge14 := x + (0x80-14)*Lo8
	ge32 := x + (0x80-32)*Lo8
	return ^ge9&Hi8 == 0 && ge14&^ge32&Hi8 == 0
}
