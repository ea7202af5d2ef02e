package observe

import "unicode/utf8"

// EstimateTokens returns a cheap estimate of the number of tokens a BPE
// tokenizer of the cl100k/o200k family gives b: every run of ASCII letters
// and digits counts one token per started 4 bytes, every other ASCII
// non-space byte one token, every non-ASCII rune one token, every newline one
// token (with the indentation after it), and spaces are free (they merge
// into the following word). It is an estimate (within
// about ±25% on tree text), not a tokenizer.
func EstimateTokens(b []byte) int {
	n, word := 0, 0
	flush := func() {
		if word > 0 {
			n += (word + 3) / 4
			word = 0
		}
	}
	for i := 0; i < len(b); {
		c := b[i]
		switch {
		case c >= 0x80:
			flush()
			_, size := utf8.DecodeRune(b[i:])
			n++
			i += size
			continue
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
			word++
		case c == ' ':
			flush()
		case c == '\n':
			flush()
			n++ // a newline and the indentation after it are one token
		case c == '\t' || c == '\r':
			flush()
		default:
			flush()
			n++
		}
		i++
	}
	flush()
	return n
}
