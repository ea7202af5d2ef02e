package axtree

// Pages indent their markup: on large pages most text nodes are white
// space alone (tens of bytes each, most of a megabyte on a results page),
// and the builder reads them only to find where the text starts.
// leadSpace reads them eight bytes at a time.

const (
	lo8 = 0x0101010101010101
	hi8 = 0x8080808080808080
)

// spaceWord reports whether the eight bytes packed in x are all ASCII
// white space as asciiSpace counts it (9..13 and 32).
func spaceWord(x uint64) bool {
	if (x|(x+0x5F*lo8))&hi8 != 0 {
		return false // a byte above 0x20
	}
	// Every byte is at most 0x20, so adding up to 0x77 to each carries
	// into no other byte: bit 7 of a byte of x+(0x80-k)*lo8 says b >= k.
	ge9 := x + (0x80-9)*lo8
	ge14 := x + (0x80-14)*lo8
	ge32 := x + (0x80-32)*lo8
	return ^ge9&hi8 == 0 && ge14&^ge32&hi8 == 0
}

// leadSpace returns the length of the run of ASCII white space
// (asciiSpace) s starts with.
func leadSpace(s string) int {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		w := s[i : i+8] // one load, no bounds check per byte
		x := uint64(w[0]) | uint64(w[1])<<8 | uint64(w[2])<<16 | uint64(w[3])<<24 |
			uint64(w[4])<<32 | uint64(w[5])<<40 | uint64(w[6])<<48 | uint64(w[7])<<56
		if !spaceWord(x) {
			break
		}
	}
	for i < len(s) && asciiSpace(s[i]) {
		i++
	}
	return i
}
