package style

import (
	"math/rand"
	"reflect"
	"strings"
	"testing"
)

// The selector splitters as they were, byte by byte: the references of
// TestSplittersSameAsByteLoop.

func oldSplitComplex(s string) (comps []string, combs []byte, ok bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, nil, false
	}
	depth, start := 0, 0
	pending := byte(0)
	flush := func(end int) bool {
		part := s[start:end]
		if part == "" {
			return true
		}
		if len(comps) > 0 {
			if pending == 0 {
				return false
			}
			combs = append(combs, pending)
		} else if pending != 0 && pending != ' ' {
			return false // leading combinator (relative selector)
		}
		comps = append(comps, part)
		pending = 0
		return true
	}
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '"' || c == '\'':
			i = skipString(s, i)
			continue
		case c == '\\':
			i += 2
			continue
		case c == '(' || c == '[':
			depth++
		case c == ')' || c == ']':
			depth--
			if depth < 0 {
				return nil, nil, false
			}
		case depth == 0 && (isWS(c) || c == '>' || c == '+' || c == '~'):
			if !flush(i) {
				return nil, nil, false
			}
			if isWS(c) {
				if pending == 0 {
					pending = ' '
				}
			} else {
				if pending != 0 && pending != ' ' {
					return nil, nil, false // two combinators in a row
				}
				pending = c
			}
			i++
			start = i
			continue
		}
		i++
	}
	if depth != 0 {
		return nil, nil, false
	}
	if !flush(len(s)) {
		return nil, nil, false
	}
	if pending != 0 && pending != ' ' || len(comps) == 0 {
		return nil, nil, false // trailing combinator
	}
	if pending == ' ' {
		// trailing whitespace was trimmed, so this cannot happen; keep the
		// invariant len(combs) == len(comps)-1 regardless.
		pending = 0
	}
	if len(combs) != len(comps)-1 {
		return nil, nil, false
	}
	return comps, combs, true
}

func oldSplitTop(s string, sep byte) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); {
		switch c := s[i]; c {
		case '"', '\'':
			i = skipString(s, i)
			continue
		case '\\':
			i += 2
			continue
		case '(', '[':
			depth++
		case ')', ']':
			if depth > 0 {
				depth--
			}
		default:
			if c == sep && depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
		i++
	}
	if start <= len(s) {
		out = append(out, s[start:])
	}
	return out
}

// TestSplittersSameAsByteLoop checks splitComplex and splitTop (which skip
// the bytes they do nothing with in a tight loop) against the byte loops
// on random selector text of every byte they act on.
func TestSplittersSameAsByteLoop(t *testing.T) {
	pieces := []string{"a", ".b", "#c", ":d", " ", "\t", "\n", "\f", "\r", ">", "+", "~", ",", ";", "(", ")", "[", "]",
		"\"", "'", "\\", "x y", "::before", ":is(a, b)", "[t=\"a,b\"]", "\u00a0"}
	r := rand.New(rand.NewSource(11))
	for k := 0; k < 200000; k++ {
		var b strings.Builder
		for n := r.Intn(12); n > 0; n-- {
			b.WriteString(pieces[r.Intn(len(pieces))])
		}
		s := b.String()
		c1, b1, ok1 := splitComplex(s)
		c2, b2, ok2 := oldSplitComplex(s)
		if !reflect.DeepEqual(c1, c2) || !reflect.DeepEqual(b1, b2) || ok1 != ok2 {
			t.Fatalf("splitComplex(%q) = %q %q %v, want %q %q %v", s, c1, b1, ok1, c2, b2, ok2)
		}
		for _, sep := range []byte{',', ';', ' '} {
			if got, want := splitTop(s, sep), oldSplitTop(s, sep); !reflect.DeepEqual(got, want) {
				t.Fatalf("splitTop(%q, %q) = %q, want %q", s, sep, got, want)
			}
		}
	}
}
