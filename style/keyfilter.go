package style

// keyFilter is a 1,024-bit Bloom filter of the keys of one of a scope's
// selector buckets (ids, classes, tags). Most of an element's keys have
// no bucket (a results page tests some 12,000 class tokens against 48
// class keys and finds 37), and the filter answers those without the
// map's hashing and probing; a key it passes is looked up as before, so
// the candidates are the same.
type keyFilter [16]uint64

// add records key s.
func (f *keyFilter) add(s string) {
	a, b := filterBits(s)
	f[a>>6] |= 1 << (a & 63)
	f[b>>6] |= 1 << (b & 63)
}

// may reports whether s may have been added: false means it was not.
func (f *keyFilter) may(s string) bool {
	return f.mayHash(keyHash(0, s))
}

// mayHash is may for a key whose keyHash(0, s) is h.
func (f *keyFilter) mayHash(h uint64) bool {
	a, b := hashFilterBits(h)
	return f[a>>6]&(1<<(a&63)) != 0 && f[b>>6]&(1<<(b&63)) != 0
}

// filterBits returns the two bit positions of s.
func filterBits(s string) (uint, uint) {
	return hashFilterBits(keyHash(0, s))
}

// hashFilterBits returns the two bit positions of a key whose keyHash(0, s)
// is h.
func hashFilterBits(h uint64) (uint, uint) {
	return uint(h >> 54), uint(h>>44) & 1023
}
