package serialize

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"

	"github.com/axtree/axtree/internal/shared"
)

// corpusTexts returns every text node and attribute value of the corpus
// pages, each once.
func corpusTexts(t *testing.T) []string {
	t.Helper()
	seen := map[string]bool{}
	var out []string
	add := func(s string) {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	for _, f := range shared.PageFiles(t, filepath.Join("..", "corpus", "pages")) {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		doc, err := html.Parse(bytes.NewReader(b))
		require.NoError(t, err)
		var walk func(n *html.Node)
		walk = func(n *html.Node) {
			switch n.Type {
			case html.TextNode:
				add(n.Data)
				add(strings.Join(strings.Fields(n.Data), " "))
			case html.ElementNode:
				for _, a := range n.Attr {
					add(a.Val)
				}
			}
			for c := n.FirstChild; c != nil; c = c.NextSibling {
				walk(c)
			}
		}
		walk(doc)
	}
	return out
}

// adversarialTexts returns edge cases for the text cleaner: brackets and
// every escaped byte, control and format characters, bidi controls,
// invalid UTF-8, Unicode spaces, very long runs, and random mixes of all of
// them at every alignment.
func adversarialTexts() []string {
	parts := []string{"a", "Z", "0", "~", "!", " ", " ", "  ", "[", "]", "\\", "\"", "|", "=", "(",
		"\t", "\n", "\r", "\f", "\v", "\x00", "\x01", "\x1f", "\x7f", "\x80", "\xff", "\xc3", "\xe2\x80",
		"é", "…", "€", "\u00a0", "\u3000", "\u2028", "\u202e", "\u2066", "\u200b", "\u200c", "\u200d",
		"\ufeff", "\u00ad", "\U000e0041", "\U0001f600", "word", "two words", "[k=\"v\"]", "[id=1]"}
	out := []string{"", " ", "a", "a ", " a", "a  b", "a b", "abcdefgh", "abcdefg ", "abcdefgh ",
		"abcdefg  h", "abcdefgh[", "abcdefg\x7f", "abcdefg\x80", "abcdefg\x1f", "abcdefghijklmnopq",
		strings.Repeat("a", 5000), strings.Repeat("ab ", 2000), strings.Repeat("[", 300),
		strings.Repeat("\\", 301), strings.Repeat(" ", 999) + "x", strings.Repeat("\u202e", 400) + "x",
		strings.Repeat("\xff", 500), strings.Repeat("abcdefg ", 100) + "[",
		strings.Repeat("é", 400), strings.Repeat("a ", 700) + "  b",
		"abcdef !gh", "abcdefg !", "a !b !c !d !e !f", "abcdefgh !!!!!!!!", strings.Repeat(" !", 300)}
	rng := rand.New(rand.NewPCG(17, 8))
	for range 3000 {
		var sb strings.Builder
		for range rng.IntN(40) {
			if rng.IntN(3) == 0 {
				sb.WriteString(parts[rng.IntN(len(parts))])
			} else {
				sb.WriteByte(byte('!' + rng.IntN(94))) // printable ASCII, escapes included
			}
		}
		out = append(out, sb.String())
	}
	return out
}

// TestAppendCleanSameAsByteLoop checks appendClean (with its eight-byte
// step) against the byte-at-a-time cleaner it replaced, on every corpus
// text and attribute value and on adversarial edge cases, in every escape
// mode, with limits around the word size and the defaults, after an
// indentation prefix.
func TestAppendCleanSameAsByteLoop(t *testing.T) {
	modes := []escMode{escPlain, escQuoted, escJSON, escLink, escCell}
	check := func(s string, limits []int) {
		for _, mode := range modes {
			for _, limit := range limits {
				want := oldAppendClean([]byte("  "), s, limit, mode)
				got := appendClean([]byte("  "), s, limit, mode)
				if !assert.Equal(t, string(want), string(got), "appendClean(%q, %d, mode %d)", s, limit, mode) {
					return
				}
			}
		}
	}
	corpus := corpusTexts(t)
	require.NotEmpty(t, corpus)
	for _, s := range corpus {
		check(s, []int{0, 1, 2, 8, 9, 10, 17, DefaultValueLimit, DefaultNameLimit, DefaultTextLimit})
	}
	every := make([]int, 0, 26)
	for l := range 24 {
		every = append(every, l)
	}
	for _, s := range adversarialTexts() {
		check(s, append(every, DefaultNameLimit, DefaultTextLimit))
	}
}

// TestKeyBytesSameAsComparisons checks the key table against the
// comparisons it replaced for every byte, and appendKey (a clean prefix at
// once, then byte by byte) and cleanKey against the byte loop on keys,
// roles and every adversarial text.
func TestKeyBytesSameAsComparisons(t *testing.T) {
	old := func(c byte) bool {
		return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
			c == '-' || c == '_' || c == '.'
	}
	for c := 0; c < 256; c++ {
		assert.Equal(t, old(byte(c)), isKeyByte(byte(c)), "byte %#x", c)
	}
	oldAppendKey := func(dst []byte, s string) []byte {
		for i := 0; i < len(s); i++ {
			if old(s[i]) {
				dst = append(dst, s[i])
			}
		}
		return dst
	}
	texts := append([]string{"", "link", "row", "gridcell", "aria-x_1.2", "li nk", "link!", "!link", "[id=1]", "ro\xffw"},
		adversarialTexts()...)
	for _, s := range texts {
		want := string(oldAppendKey([]byte("[x"), s))
		assert.Equal(t, want, string(appendKey([]byte("[x"), s)), "appendKey(%q)", s)
		assert.Equal(t, want[2:], cleanKey(s), "cleanKey(%q)", s)
	}
}

// oldAppendClean is appendClean as it was before the eight-byte step, the
// reference for TestAppendCleanSameAsByteLoop.
func oldAppendClean(dst []byte, s string, limit int, mode escMode) []byte {
	start := len(dst)
	n := 0          // runes emitted so far
	cut := -1       // len(dst) once limit-1 runes were emitted
	space := false  // a space is pending (emitted lazily before the next rune)
	if limit == 1 { // degenerate: only the ellipsis fits
		cut = start
	}
	for i := 0; i < len(s); {
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
