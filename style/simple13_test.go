package style

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/dom"
)

// TestParseSimpleSameAsHeap checks parseSimple, which parses into a local
// value and keeps a single class in the compound's own array, against
// oldParseSimple (the version that built the compound on the heap from
// the start and appended its classes): the same answer and every field
// the same, on compounds simple and not.
func TestParseSimpleSameAsHeap(t *testing.T) {
	cases := []string{
		"", "*", "p", "P", "div.a", ".a", ".a.b", ".a.b.c.d.e.f", "#x", "#x#x", "#x#y", "p#x.a.b",
		"li:first-child", "li:last-child.a", ":only-child", "a::before", "a.b::after", ".x::before",
		"p:hover", "[href]", ".-1", ".--x", ".-", "1p", "-p", "p.", "p..a", ".a:first-child:last-child",
		"é", ".é", "a\\.b", "svg|rect", "p > q", ".a::marker", "::before", ".c::after::before",
	}
	for _, c := range cases {
		for _, pseudo := range []bool{false, true} {
			got, ok := parseSimple(c, pseudo)
			want, wok := oldParseSimple(c, pseudo)
			require.Equal(t, wok, ok, "%q pseudo=%v", c, pseudo)
			if !ok {
				assert.Nil(t, got, "%q", c)
				continue
			}
			assert.Equal(t, len(want.classes), len(got.classes), "%q classes", c)
			if len(want.classes) > 0 {
				assert.Equal(t, want.classes, got.classes, "%q classes", c)
			}
			assert.Equal(t, []any{want.tag, want.id, want.text, want.need, want.pos, want.npos, want.pseudo},
				[]any{got.tag, got.id, got.text, got.need, got.pos, got.npos, got.pseudo}, "%q pseudo=%v", c, pseudo)
			assert.Equal(t, want.Specificity(), got.Specificity(), "%q specificity", c)
		}
	}
}

// oldParseSimple is parseSimple as it was (the reference of
// TestParseSimpleSameAsHeap).
func oldParseSimple(s string, pseudo bool) (*simpleSel, bool) {
	x := &simpleSel{text: s}
	i := 0
	name := func() string {
		j := i
		for j < len(s) && (isNameChar(s[j]) && s[j] < 0x80) {
			j++
		}
		v := s[i:j]
		i = j
		return v
	}
	if i < len(s) && s[i] == '*' {
		i++
	} else if i < len(s) && isNameChar(s[i]) {
		x.tag = dom.LowerASCII(name())
		if x.tag == "" || x.tag[0] >= '0' && x.tag[0] <= '9' || x.tag[0] == '-' {
			return nil, false
		}
	}
	if k := len(s) - len("::before"); pseudo && k >= 0 && s[k:] == "::before" {
		x.pseudo, s = "before", s[:k]
	} else if k := len(s) - len("::after"); pseudo && k >= 0 && s[k:] == "::after" {
		x.pseudo, s = "after", s[:k]
	}
	for i < len(s) {
		c := s[i]
		i++
		v := name()
		if v == "" || v[0] >= '0' && v[0] <= '9' || strings.HasPrefix(v, "--") || v == "-" || v[0] == '-' && len(v) > 1 && v[1] >= '0' && v[1] <= '9' {
			return nil, false
		}
		switch c {
		case '.':
			x.classes = append(x.classes, v)
		case '#':
			if x.id != "" && x.id != v {
				return nil, false
			}
			x.id = v
		case ':':
			pos, ok := positionOf(v)
			if !ok {
				return nil, false
			}
			x.pos |= pos
			x.npos++
		default:
			return nil, false
		}
	}
	x.need = simpleNeed(x)
	return x, true
}
