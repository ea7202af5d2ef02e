package axtree

import (
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"

	"github.com/axtree/axtree/dom"
)

// refText is acc.text as it was, rune by rune: the fast version must give
// the same bytes.
func refText(sb *strings.Builder, s string) {
	for _, r := range s {
		if unicode.IsSpace(r) {
			if sb.Len() > 0 && !endsSpace(sb) {
				sb.WriteByte(' ')
			}
			continue
		}
		sb.WriteRune(r)
	}
}

// refNextRune is nextRune as it was, except that the old one could return
// an offset past the end of s after a byte that is not UTF-8 (the new one
// stops at the end).
func refNextRune(s string) (rune, int, bool) {
	for i, c := range s {
		if !unicode.IsSpace(c) {
			return c, min(i+utf8.RuneLen(c), len(s)), true
		}
	}
	return 0, len(s), false
}

var textCases = []string{
	"", " ", "a", " a ", "a  b", "a b ", "a b  ", " \u00a0a", "a\u00a0", "word", "a\tb\nc\rd\fe\vf", "\u00a0x\u00a0", "x\u0085y",
	"caf\u00e9 \u3000 \u65e5\u672c", "\xff", "a\xffb", "\xe2\x82", "\xed\xa0\x80", "\ufffd",
	"  lead", "trail  ", " \t\n ", "\u00a0\u3000", " \u00a0 x", "\u2028\u2029\u202f\u205f", "mixed \xc3( text", "emoji \U0001F600 x",
	"a longer line of words,\n      indented as markup is  with  two spaces\tand tabs\u00a0and more than eight bytes",
	"eight by eight by eight \xff bytes  \u3000 then\x01control\x7fdel ",
}

// TestAccTextMatchesRuneByRune checks the run-copying acc.text against the
// rune-by-rune original on white space, non-ASCII spaces and bytes that
// are not UTF-8, alone and appended to earlier text.
func TestAccTextMatchesRuneByRune(t *testing.T) {
	for _, prefix := range []string{"", "x", "x ", " "} {
		for _, s := range textCases {
			for _, s2 := range []string{"", " tail", "tail"} {
				var a acc
				var ref strings.Builder
				a.text(prefix)
				refText(&ref, prefix)
				a.text(s)
				refText(&ref, s)
				a.text(s2)
				refText(&ref, s2)
				assert.Equal(t, ref.String(), a.line(), "%q + %q + %q", prefix, s, s2)
				assert.Equal(t, ref.Len() > 0, a.pending)
			}
		}
	}
}

// TestNextRune checks the ASCII fast path of nextRune against the original
// and that consumeWords survives a name ending in a byte that is not UTF-8.
func TestNextRune(t *testing.T) {
	for _, s := range textCases {
		r, end, more := nextRune(s)
		wr, wend, wmore := refNextRune(s)
		assert.Equal(t, []any{wr, wend, wmore}, []any{r, end, more}, "%q", s)
	}
	assert.NotPanics(t, func() { consumeWords("ab\xff", "ab\xff", false) })
}

// TestNameEndingInBadByte is a page whose heading and link names end in a
// byte that is not UTF-8: the check whether the link spells out the
// heading's name read past the end of the name and panicked.
func TestNameEndingInBadByte(t *testing.T) {
	root, err := html.Parse(strings.NewReader("<h2><a href=#>ab\xff</a></h2>"))
	require.NoError(t, err)
	var tr *Tree
	require.NotPanics(t, func() { tr = Build(dom.New(root), nil, Options{}) })
	require.Len(t, tr.Roots, 1)
	assert.Equal(t, "heading", tr.Roots[0].Role)
}

// TestASCIISpace checks the range test of asciiSpace against
// unicode.IsSpace for every ASCII byte, and that no byte past ASCII (part
// of a multi-byte rune) counts.
func TestASCIISpace(t *testing.T) {
	for c := 0; c < 256; c++ {
		want := c < utf8.RuneSelf && unicode.IsSpace(rune(c))
		assert.Equal(t, want, asciiSpace(byte(c)), "byte %#x", c)
	}
}

// TestSameWordsMatchesFields checks the in-place sameWords against
// comparing the words strings.Fields gives, on every pair of the text
// cases and of a few word lists.
func TestSameWordsMatchesFields(t *testing.T) {
	cases := append([]string{"a b", "a  b", " a\tb ", "ab", "a b c", "a\u00a0b", "a\u3000b ", "b a", "a\xffb", "a \xff b",
		"\u00a0a b", "\xffa", "é a", "\u00e9 a", "e\u0301 a", "ab c", "a bc", "x b", "\u3000"}, textCases...)
	for _, a := range cases {
		for _, b := range cases {
			want := slices.Equal(strings.Fields(a), strings.Fields(b))
			assert.Equal(t, want, sameWords(a, b), "%q vs %q", a, b)
		}
	}
}
