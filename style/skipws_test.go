package style

import (
	"strings"
	"testing"
)

// TestSkipWSSameAsByteLoop checks skipWS against a byte loop on every
// string of up to ten bytes over space, tab, newline and a letter, from
// every start, and on runs of spaces of every length up to 40.
func TestSkipWSSameAsByteLoop(t *testing.T) {
	ref := func(s string, i int) int {
		for i < len(s) && isWS(s[i]) {
			i++
		}
		return i
	}
	check := func(s string) bool {
		for i := 0; i <= len(s); i++ {
			if got, want := skipWS(s, i), ref(s, i); got != want {
				t.Errorf("skipWS(%q, %d) = %d, want %d", s, i, got, want)
				return false
			}
		}
		return true
	}
	const alphabet = " \t\nx"
	buf := make([]byte, 0, 10)
	var try func(n int) bool
	try = func(n int) bool {
		if !check(string(buf)) {
			return false
		}
		if n == 0 {
			return true
		}
		for k := 0; k < len(alphabet); k++ {
			buf = append(buf, alphabet[k])
			ok := try(n - 1)
			buf = buf[:len(buf)-1]
			if !ok {
				return false
			}
		}
		return true
	}
	try(10)
	for n := 0; n <= 40; n++ {
		sp := make([]byte, n)
		for k := range sp {
			sp[k] = ' '
		}
		check(string(sp) + "x")
		check("\n" + string(sp) + "\t" + string(sp))
	}
}

// TestHasTokenSameAsSearch checks hasToken (which answers a list as long
// as the token by comparing them) against the substring search alone, on
// every list of up to seven bytes over two letters, a space and a tab, for
// every token of up to three of them.
func TestHasTokenSameAsSearch(t *testing.T) {
	ref := func(s, tok string) bool {
		if tok == "" {
			return false
		}
		for from := 0; from+len(tok) <= len(s); {
			k := strings.Index(s[from:], tok)
			if k < 0 {
				return false
			}
			i := from + k
			j := i + len(tok)
			if (i == 0 || isWS(s[i-1])) && (j == len(s) || isWS(s[j])) {
				return true
			}
			from = i + 1
		}
		return false
	}
	const alphabet = "ab \t"
	var all []string
	var gen func(prefix string, n int)
	gen = func(prefix string, n int) {
		all = append(all, prefix)
		if n == 0 {
			return
		}
		for k := 0; k < len(alphabet); k++ {
			gen(prefix+alphabet[k:k+1], n-1)
		}
	}
	gen("", 7)
	for _, s := range all {
		for _, tok := range all {
			if len(tok) > 3 {
				continue
			}
			if got, want := hasToken(s, tok), ref(s, tok); got != want {
				t.Fatalf("hasToken(%q, %q) = %v, want %v", s, tok, got, want)
			}
		}
	}
}
