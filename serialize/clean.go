package serialize

import (
	"unicode"
	"unicode/utf8"

	"github.com/axtree/axtree/internal/word"
)

// escMode says which characters of untrusted text get a backslash.
type escMode uint8

const (
	escPlain  escMode = iota // names and text: \ and [
	escQuoted                // quoted values: \ [ and "
	escJSON                  // JSON strings: JSON's own escapes, no [ escape
	escLink                  // a link's name in its short form "[name](N)": \ [ and ]
	escCell                  // a cell's text in a row line "| a | b |": \ [ and |
)

const ellipsis = "…"

// dropRune reports whether r is removed from untrusted text: control
// characters (Cc) and format characters (Cf: bidi embeddings, overrides,
// isolates and marks, zero-width space, BOM, soft hyphen, tag characters),
// except ZERO WIDTH NON-JOINER and ZERO WIDTH JOINER, which scripts and
// emoji need and which forge nothing. Whitespace is handled before this.
func dropRune(r rune) bool {
	if r < 0x80 {
		return r < 0x20 || r == 0x7f
	}
	if plainBMP(r) {
		return false // most non-ASCII runes: letters, punctuation, symbols
	}
	if r == 0x200c || r == 0x200d {
		return false
	}
	return unicode.Is(unicode.Cc, r) || unicode.Is(unicode.Cf, r)
}

// isSpace reports Unicode White_Space (as unicode.IsSpace).
func isSpace(r rune) bool {
	if r < 0x80 {
		return r == ' ' || (r >= '\t' && r <= '\r')
	}
	if plainBMP(r) {
		return false
	}
	return unicode.IsSpace(r)
}

// plainBMP reports whether r is a rune of the Basic Multilingual Plane
// that is neither Unicode White_Space nor a control or format character
// (Cc, Cf) other than ZWNJ and ZWJ: neither isSpace nor dropRune holds,
// told by one bit instead of their range-table searches (~100 and ~190
// instructions a non-ASCII rune).
func plainBMP(r rune) bool {
	return uint32(r) < 1<<16 && specialBMP[uint32(r)>>6]&(1<<(uint32(r)&63)) == 0
}

// specialBMP has a bit set for each rune below U+10000 that is White_Space,
// Cc or Cf (ZWNJ and ZWJ left clear, as dropRune keeps them): the runes
// plainBMP does not answer. Made from the unicode package's tables at
// init; read-only after.
var specialBMP = func() (t [1 << 16 / 64]uint64) {
	for _, tab := range []*unicode.RangeTable{unicode.White_Space, unicode.Cc, unicode.Cf} {
		for _, rg := range tab.R16 {
			for r := uint32(rg.Lo); r <= uint32(rg.Hi); r += uint32(rg.Stride) {
				t[r>>6] |= 1 << (r & 63)
			}
		}
	}
	for _, r := range []uint32{0x200c, 0x200d} {
		t[r>>6] &^= 1 << (r & 63)
	}
	return t
}()

// appendClean appends s normalised and escaped: invalid UTF-8 becomes
// U+FFFD; every run of Unicode whitespace becomes one space and the ends are
// trimmed; dropped runes (dropRune) vanish; if more than limit runes remain
// (limit > 0), the first limit-1 are kept, a trailing space is trimmed and
// "…" is appended. Escapes do not count toward the limit. It returns the
// extended slice and whether anything was written.
func appendClean(dst []byte, s string, limit int, mode escMode) []byte {
	if limit != 0 && limit < len(s) {
		return appendCleanFrom(dst, s, limit, mode, 0) // the limit may cut s
	}
	// s has no more runes than bytes: the limit cannot cut it, and the
	// fast path takes each run whole. Its first run is found here, when s
	// starts and ends with a plain byte: printable ASCII that mode leaves
	// unescaped, with single spaces between, eight bytes a step (as
	// plainWords, inline) and then byte by byte, without the fast path's
	// bookkeeping and without a call before the copy of a clean s (most
	// names: nothing to clean, cut or escape)
	plain := &plainTab[mode]
	if len(s) == 0 {
		return dst
	}
	if !plain[s[0]] || !plain[s[len(s)-1]] {
		return appendCleanFrom(dst, s, 0, mode, 0)
	}
	j := 1
	if len(s) >= 9 {
		esc := escWord[mode]
		for ; j+8 <= len(s); j += 8 { // plainWords
			bad, sp := wordBad(word.Load8(s[j:j+8]), esc)
			if bad != 0 {
				break
			}
			j -= int(sp >> 63) // a space last: take seven
		}
	}
	for j < len(s) {
		if plain[s[j]] {
			j++
		} else if s[j] == ' ' && plain[s[j+1]] { // s[j+1] exists: s ends with a plain byte
			j += 2
		} else {
			break
		}
	}
	if j == len(s) {
		return append(dst, s...) // nothing to clean, nothing to escape
	}
	// the fast path's first run, as the loop would take it (without a
	// limit nothing is cut, and n only needs to be nonzero)
	return appendCleanFrom(append(dst, s[:j]...), s, 0, mode, j)
}

// appendCleanFrom is appendClean past s[:i], the first run of s, already
// appended to dst (i is 0 when limit is not, or when s does not start
// and end with a plain byte); limit is 0 when it cannot cut s.
//
//go:noinline
func appendCleanFrom(dst []byte, s string, limit int, mode escMode, i int) []byte {
	start := len(dst)
	n := i          // runes emitted so far
	cut := -1       // len(dst) once limit-1 runes were emitted
	space := false  // a space is pending (emitted lazily before the next rune)
	if limit == 1 { // degenerate: only the ellipsis fits
		cut = start
	}
	for i < len(s) {
		c := s[i]
		if plain := &plainTab[mode]; plain[c] {
			// fast path: copy a run of printable ASCII needing no escape,
			// single spaces between words included, stopping early enough
			// that the per-rune path records cut.
			end := len(s) // scan no further than the limit can use
			if limit > 0 && limit-n < end-i {
				end = i + limit - n
			}
			j := i + 1
			if j+8 <= end {
				j = plainWords(s, j, end, escWord[mode])
			}
			for j < end {
				if b := s[j]; plain[b] {
					j++
				} else if b == ' ' && j+1 < len(s) && plain[s[j+1]] {
					j += 2
				} else {
					break
				}
			}
			k, extra := j-i, 0
			if space {
				extra = 1
			}
			if limit > 0 && k+extra > limit-2-n {
				k = limit - 2 - n - extra
			}
			if k > 0 {
				if space {
					dst = append(dst, ' ')
					n++
					space = false
				}
				dst = append(dst, s[i:i+k]...)
				n += k
				i += k
				continue
			}
		}
		var r rune
		if c < utf8.RuneSelf {
			r = rune(c)
			i++
		} else {
			var size int
			r, size = utf8.DecodeRuneInString(s[i:])
			i += size // invalid bytes decode as U+FFFD with size 1
		}
		if isSpace(r) {
			if n > 0 {
				space = true
			}
			continue
		}
		if dropRune(r) {
			continue
		}
		if space {
			space = false
			if limit > 0 && n >= limit {
				return truncate(dst, start, cut)
			}
			dst = append(dst, ' ')
			n++
			if n == limit-1 {
				cut = len(dst)
			}
		}
		if limit > 0 && n >= limit {
			return truncate(dst, start, cut)
		}
		dst = appendRune(dst, r, mode)
		n++
		if n == limit-1 {
			cut = len(dst)
		}
	}
	return dst
}

// truncate cuts dst back to cut, drops a trailing space written after start
// and adds "…".
func truncate(dst []byte, start, cut int) []byte {
	dst = dst[:cut]
	if len(dst) > start && dst[len(dst)-1] == ' ' {
		dst = dst[:len(dst)-1]
	}
	return append(dst, ellipsis...)
}

// plainTab[mode][c] reports whether byte c is printable ASCII (not space)
// that mode leaves unescaped. Read-only after init.
var plainTab = func() (t [5][256]bool) {
	for m := range t {
		for c := '!'; c < 0x7f; c++ {
			t[m][c] = c != '[' && c != '\\' && (c != '"' || escMode(m) == escPlain || escMode(m) == escLink || escMode(m) == escCell) &&
				(c != ']' || escMode(m) != escLink) && (c != '|' || escMode(m) != escCell)
		}
	}
	return t
}()

// escWord[mode] repeats in each byte the byte other than '[' and '\\' that
// mode escapes (or '[' again when there is none), for appendClean's
// eight-byte step. Read-only.
var escWord = [5]uint64{escPlain: '[' * word.Lo8, escQuoted: '"' * word.Lo8, escJSON: '"' * word.Lo8, escLink: ']' * word.Lo8, escCell: '|' * word.Lo8}

// plainWords returns how far from j (s[j-1] a plain byte) appendClean's
// fast path may go in steps of eight bytes before end: a step x is taken
// when each byte is plain or a single space and the last is no space
// (all eight) or only the last is a space (seven). The byte loop then
// decides, and ends the run within the next eight bytes. A function of its
// own so that its loop keeps its words in registers.
func plainWords(s string, j, end int, esc uint64) int {
	for ; j+8 <= end; j += 8 {
		bad, sp := wordBad(word.Load8(s[j:j+8]), esc)
		if bad != 0 {
			return j
		}
		j -= int(sp >> 63) // a space last: take seven
	}
	return j
}

// wordBad is plainWords' test of the eight bytes x: bad is nonzero when
// a byte is not plain (esc is mode's escWord) or two spaces are side by
// side (or, a false alarm that only ends a run early, a '!' right after a
// space); sp has the high bit of each space (and of such a '!').
func wordBad(x, esc uint64) (bad, sp uint64) {
	// a byte with the high bit, 0x7f (adding 1 sets its high bit),
	// or below 0x20 (subtracting 0x20 borrows into its high bit)
	odd := x | (x + word.Lo8) | ((x - 0x20*word.Lo8) &^ x)
	// '[' or '\\' (x+1 with bit 0 cleared is '\\'), or esc's byte:
	// a zero byte after the xor
	v1, v2 := (x+word.Lo8)&^word.Lo8^('\\'*word.Lo8), x^esc
	odd |= (v1-word.Lo8)&^v1 | (v2-word.Lo8)&^v2
	// the spaces: the high bit of each zero byte, and of a '!' (0x01)
	// just above a space (the borrow)
	v := x ^ (' ' * word.Lo8)
	sp = (v - word.Lo8) &^ v & word.Hi8
	return odd&word.Hi8 | sp&(sp>>8), sp
}

const hexDigits = "0123456789abcdef"

// appendRune appends r with the escapes of mode.
func appendRune(dst []byte, r rune, mode escMode) []byte {
	switch r {
	case '\\':
		return append(dst, '\\', '\\')
	case '[':
		if mode != escJSON {
			return append(dst, '\\', '[')
		}
	case '"':
		if mode == escQuoted || mode == escJSON {
			return append(dst, '\\', '"')
		}
	case ']':
		if mode == escLink {
			return append(dst, '\\', ']')
		}
	case '|':
		if mode == escCell {
			return append(dst, '\\', '|')
		}
	}
	if r < utf8.RuneSelf {
		if mode == escJSON && r < 0x20 { // unreachable after cleaning; kept for safety
			return append(dst, '\\', 'u', '0', '0', hexDigits[r>>4], hexDigits[r&0xf])
		}
		return append(dst, byte(r))
	}
	return utf8.AppendRune(dst, r)
}

// isKeyByte reports whether c may appear in a role, state or prop key.
func isKeyByte(c byte) bool { return keyTab[c] }

// keyTab[c] says whether c may appear in a key: ASCII letters and digits,
// '-', '_' and '.'. Read-only after init.
var keyTab = func() (t [256]bool) {
	for c := 0; c < 256; c++ {
		t[c] = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
			c == '-' || c == '_' || c == '.'
	}
	return t
}()

// isTokenByte reports whether c may appear in a bare (unquoted) value.
func isTokenByte(c byte) bool { return isKeyByte(c) || c == ':' || c == '+' }

// appendKey appends the key bytes of s (others dropped).
func appendKey(dst []byte, s string) []byte {
	i := 0
	for i < len(s) && keyTab[s[i]] {
		i++
	}
	dst = append(dst, s[:i]...) // a clean key (the usual one) at once
	for ; i < len(s); i++ {
		if keyTab[s[i]] {
			dst = append(dst, s[i])
		}
	}
	return dst
}

// cleanKey returns s with non-key bytes removed, without allocating when s
// is already clean.
func cleanKey(s string) string {
	for i := 0; i < len(s); i++ {
		if !keyTab[s[i]] {
			return string(appendKey(make([]byte, 0, len(s)), s))
		}
	}
	return s
}

// isToken reports whether s prints bare: non-empty and only token bytes.
func isToken[T ~string | ~[]byte](s T) bool {
	if len(s) == 0 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isTokenByte(s[i]) {
			return false
		}
	}
	return true
}

// isActionByte reports whether c (a byte of valid UTF-8) may appear in an
// action name: anything but ASCII controls, space and , [ ] \ ".
// Non-ASCII runes are checked separately.
func isActionByte(c byte) bool {
	return c > ' ' && c != 0x7f && c != ',' && c != '[' && c != ']' && c != '\\' && c != '"'
}

// appendAction appends the action name s with forbidden runes dropped
// (ASCII controls, space , [ ] \ ", non-ASCII whitespace, dropRune runes and
// invalid UTF-8 bytes).
func appendAction(dst []byte, s string) []byte {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if isActionByte(c) {
				dst = append(dst, c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if !(r == utf8.RuneError && size == 1) && !isSpace(r) && !dropRune(r) {
			dst = append(dst, s[i:i+size]...)
		}
		i += size
	}
	return dst
}
