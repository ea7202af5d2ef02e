package axtree

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"

	"github.com/axtree/axtree/internal/shared"
)

// edgeTexts are texts the fast paths of the text path must treat as the
// rune-by-rune versions do: tree syntax, NUL and other controls, bytes
// that are not UTF-8, no-break and other Unicode spaces, CR/LF, tabs, runs
// of spaces at every offset of an eight-byte word.
var edgeTexts = []string{
	"[link] a", "a [b=c] \\d", "x\x00y", "\x00", "a\x7fb", "a\x1fb\x01",
	"\xff\xfe", "ab\xc3", "caf\xc3\xa9 \xe2\x82\xac", "a\u00a0b", "\u00a0", "a\u2009b", "a\u3000\u3000b",
	"a\u0085b", "a\u1680b", "a\u200bb", "a\u2028b", "a\ufeffb", "line\r\nbreak", "a\rb", "tab\tbed",
	"a\vb", "a\fb", "1234567 9", "1234567  0", "12345678 ", "12345678  x", "1234567\t9",
	"abcdefg hijklmn opqrstu", "abcdefgh ijklmnop", "a b c d e f g h i j k l", "a b c d e f g  h i j",
	"seven77 \u00a0eight", "trailing ", "trailing  ", "1234567 ", "1234567 8 ", "12345678\u00a0",
	"\u20ac 2,95 \u20ac", "\u22ef\u22ef", "x\u2000\u200a\u202f\u205fy",
}

// corpusTexts returns the text nodes of every corpus page (the shared
// ones when present or required, and the project's own), in document
// order, each page's after the one before.
func corpusTexts(t *testing.T) []string {
	t.Helper()
	var texts []string
	for _, f := range shared.PageFiles(t, filepath.Join("..", "corpus", "pages")) {
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		root, err := html.Parse(strings.NewReader(string(src)))
		require.NoError(t, err, f)
		var walk func(n *html.Node)
		walk = func(n *html.Node) {
			if n.Type == html.TextNode {
				texts = append(texts, n.Data)
			}
			for c := n.FirstChild; c != nil; c = c.NextSibling {
				walk(c)
			}
		}
		walk(root)
	}
	require.Greater(t, len(texts), 10000)
	return texts
}

// lineOf feeds texts to an acc as the walk does (lead, then rest for
// what is left) and returns the text line brk makes of them ("" for
// none).
func lineOf(texts ...string) string {
	var a acc
	for _, s := range texts {
		if s := a.lead(s); s != "" {
			a.rest(s)
		}
	}
	a.brk()
	if out := a.out(); len(out) > 0 {
		return out[len(out)-1].Name
	}
	return ""
}

// refLine is lineOf rune by rune: white space collapsed to one space,
// U+FFFD for a byte that is not UTF-8, the ends trimmed.
func refLine(texts ...string) string {
	var sb strings.Builder
	for _, s := range texts {
		refText(&sb, s)
	}
	return strings.TrimSpace(sb.String())
}

// TestTextLinesSameAsRuneByRune checks the builder's text lines (the
// leading white space trimmed once, the prefix that needs no change found
// eight bytes a step, the ends trimmed knowing a line's only white space
// is single ASCII spaces) against the rune-by-rune collapse, on every text
// node of every corpus page alone and joined to the next, and on the edge
// cases alone, in pairs and after a word.
func TestTextLinesSameAsRuneByRune(t *testing.T) {
	texts := corpusTexts(t)
	for i, s := range texts {
		if !assert.Equal(t, refLine(s), lineOf(s), "%q", s) {
			return
		}
		if i+1 < len(texts) && !assert.Equal(t, refLine(s, texts[i+1]), lineOf(s, texts[i+1]), "%q + %q", s, texts[i+1]) {
			return
		}
	}
	cases := append(append([]string{}, edgeTexts...), textCases...)
	for _, s := range cases {
		for _, s2 := range cases {
			assert.Equal(t, refLine(s, s2), lineOf(s, s2), "%q + %q", s, s2)
		}
		assert.Equal(t, refLine("word", s), lineOf("word", s), "word + %q", s)
		assert.Equal(t, refLine(" \n ", s, "\t"), lineOf(" \n ", s, "\t"), "space + %q", s)
	}
}

// refCollapsedLen is collapsedLen rune by rune.
func refCollapsedLen(s string) int {
	space := false
	for i, r := range s {
		switch {
		case r == ' ':
			if space {
				return i
			}
			space = true
		case unicode.IsSpace(r):
			return i
		case r == utf8.RuneError && !strings.HasPrefix(s[i:], "\ufffd"):
			return i
		default:
			space = false
		}
	}
	return len(s)
}

// TestCollapsedLenMatchesRuneLoop checks collapsedLen's eight-byte steps
// (plain8) against the rune loop: every byte value at every position of a
// 20-byte text, spaces at every pair of positions, the edge cases and the
// corpus texts.
func TestCollapsedLenMatchesRuneLoop(t *testing.T) {
	base := "abcdefghijklmnopqrst"
	for c := 0; c < 256; c++ {
		for pos := 1; pos < len(base); pos++ {
			b := []byte(base)
			b[pos] = byte(c)
			s := string(b)
			if !assert.Equal(t, refCollapsedLen(s), collapsedLen(s), "byte %#x at %d", c, pos) {
				return
			}
		}
	}
	for p := 1; p < len(base); p++ {
		for q := p; q < len(base); q++ {
			b := []byte(base)
			b[p], b[q] = ' ', ' '
			s := string(b)
			assert.Equal(t, refCollapsedLen(s), collapsedLen(s), "%q", s)
		}
	}
	for _, s := range append(append([]string{}, edgeTexts...), corpusTexts(t)...) {
		if s = trimLeadSpace(s); !assert.Equal(t, refCollapsedLen(s), collapsedLen(s), "%q", s) {
			return
		}
	}
}

// TestWideSpaceIsUnicodeSpace checks wideSpace against unicode.IsSpace for
// every rune past ASCII.
func TestWideSpaceIsUnicodeSpace(t *testing.T) {
	for r := rune(utf8.RuneSelf); r <= unicode.MaxRune+1; r++ {
		if wideSpace(r) != unicode.IsSpace(r) {
			assert.Fail(t, "wideSpace differs", "%U", r)
		}
	}
}

// refDropSpace is dropSpace as it was: strings.Map rune by rune.
func refDropSpace(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return -1
		}
		return r
	}, s)
}

// TestDropSpaceMatchesMap checks the run-copying dropSpace against
// strings.Map on every corpus text node and the edge cases, alone and
// joined.
func TestDropSpaceMatchesMap(t *testing.T) {
	cases := append(append([]string{}, edgeTexts...), textCases...)
	for _, s := range cases {
		for _, s2 := range cases {
			assert.Equal(t, refDropSpace(s+s2), dropSpace(s+s2), "%q", s+s2)
		}
	}
	for _, s := range corpusTexts(t) {
		if !assert.Equal(t, refDropSpace(s), dropSpace(s), "%q", s) {
			return
		}
	}
}

// TestDropSpaceMaxSameAsDropSpace checks the bounded squeeze the name
// matcher uses: dropSpaceMax(s, limit) is dropSpace(s) when that is at most
// limit bytes, and not ok otherwise, for every limit around the result's
// length, on the edge cases alone and joined and every corpus text node;
// and nameMatcher.contains answers as the unbounded comparison did.
func TestDropSpaceMaxSameAsDropSpace(t *testing.T) {
	cases := append(append([]string{}, edgeTexts...), textCases...)
	check := func(s string) bool {
		want := dropSpace(s)
		for _, limit := range []int{0, 1, len(want) - 3, len(want) - 1, len(want), len(want) + 1, len(s), 3 * len(s)} {
			got, ok := dropSpaceMax(s, limit)
			if !assert.Equal(t, len(want) <= limit, ok, "%q within %d", s, limit) {
				return false
			}
			if ok && !assert.Equal(t, want, got, "%q within %d", s, limit) {
				return false
			}
		}
		return true
	}
	for _, s := range cases {
		for _, s2 := range cases {
			if !check(s + s2) {
				return
			}
			m := nameMatcher{name: s}
			assert.Equal(t, strings.Contains(s, s2) || strings.Contains(dropSpace(s), dropSpace(s2)), m.contains(s2), "%q in %q", s2, s)
		}
	}
	for _, s := range corpusTexts(t) {
		if !check(s) {
			return
		}
	}
}

// TestShorterThanCountsRunes checks shorterThan against counting the
// runes, for lengths around LongText in bytes and in runes (ASCII, 2-, 3-
// and 4-byte runes, bytes that are not UTF-8) and every corpus text node.
func TestShorterThanCountsRunes(t *testing.T) {
	var cases []string
	for _, unit := range []string{"a", "é", "日", "😀", "\xff", "a\xe2\x82"} {
		for k := 0; k <= 4*LongText+2; k++ {
			cases = append(cases, strings.Repeat(unit, k))
		}
	}
	// ASCII up to a wider rune or a byte that is not UTF-8 at each place
	// around LongText (the eight-bytes-a-step test and its tail)
	for _, unit := range []string{"é", "😀", "\xff", "\x80"} {
		for k := LongText - 12; k <= LongText+2; k++ {
			for _, tail := range []int{0, 1, 5, 3 * LongText} {
				cases = append(cases, strings.Repeat("a", k)+unit+strings.Repeat("b", tail))
			}
		}
	}
	cases = append(cases, corpusTexts(t)...)
	for _, s := range cases {
		for _, n := range []int{0, 1, 2, 7, 8, 9, LongText - 1, LongText, LongText + 1} {
			if !assert.Equal(t, utf8.RuneCountInString(s) < n, shorterThan(s, n), "%d bytes, %d runes, n %d", len(s), utf8.RuneCountInString(s), n) {
				return
			}
		}
	}
}

// TestCollapseSameAsFields checks collapse's shortcut for values that are
// collapsed already against splitting and joining (the code it skips), on
// the edge cases alone and joined, every corpus text node and every
// attribute value of every corpus element.
func TestCollapseSameAsFields(t *testing.T) {
	ref := func(s string) string {
		if s == "" {
			return s
		}
		if !utf8.ValidString(s) {
			s = strings.ToValidUTF8(s, "\uFFFD")
		}
		return strings.Join(strings.Fields(s), " ")
	}
	cases := append(append([]string{"a", "a b", "a  b", " a", "a ", "a\tb", "a\u00a0b", "\u00a0a", "a\u00a0",
		"a\xffb", "\xff", "a b c", "x\u3000y"}, edgeTexts...), textCases...)
	for _, s := range cases {
		for _, s2 := range cases {
			assert.Equal(t, ref(s+s2), collapse(s+s2), "%q", s+s2)
		}
	}
	texts := corpusTexts(t)
	for _, f := range shared.PageFiles(t, filepath.Join("..", "corpus", "pages")) {
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		doc, err := html.Parse(strings.NewReader(string(src)))
		require.NoError(t, err)
		for n := range doc.Descendants() {
			for _, a := range n.Attr {
				texts = append(texts, a.Val)
			}
		}
	}
	for _, s := range texts {
		if !assert.Equal(t, ref(s), collapse(s), "%q", s) {
			return
		}
	}
}

// TestTrimLeadSpaceSameAsTrimFunc checks trimLeadSpace (and its shortcut
// for one space before a word) against strings.TrimLeftFunc with
// unicode.IsSpace: every pair of leading bytes of interest before edge
// cases, and every corpus text node and its rest after each space.
func TestTrimLeadSpaceSameAsTrimFunc(t *testing.T) {
	ref := func(s string) string { return strings.TrimLeftFunc(s, unicode.IsSpace) }
	leads := []string{"", " ", "  ", "\t", "\n", " \t", "\u00a0", " \u00a0", "\xff", " \xff", " \x7f", " \x01", "\x01", " a", "a"}
	cases := append(append([]string{}, edgeTexts...), textCases...)
	for _, l := range leads {
		for _, l2 := range leads {
			for _, s := range cases {
				x := l + l2 + s
				assert.Equal(t, ref(x), trimLeadSpace(x), "%q", x)
			}
		}
	}
	for _, s := range corpusTexts(t) {
		for i := 0; i < len(s); i++ {
			if s[i] == ' ' && !assert.Equal(t, ref(s[i:]), trimLeadSpace(s[i:]), "%q", s[i:]) {
				return
			}
		}
	}
}
