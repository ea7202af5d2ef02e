package links

import (
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// oldPlain is resolver.plain before a fragment on no base was answered
// with the target itself (kept as the oracle of TestResolveSameAsCopying).
func (r *resolver) oldPlain(s string) (string, bool) {
	switch {
	case s == "":
		return "", false
	case s[0] == '#':
		if !r.fragDone {
			r.frag, r.fragOK = probeFrag(r.base)
			r.fragDone = true
		}
		if r.fragOK && len(s) > 1 && plainRest(s[1:], '#') {
			return r.frag + s[1:], true
		}
	case s[0] == '/':
		if !r.rootDone {
			r.root, r.rootOK = probeRoot(r.base)
			r.rootDone = true
		}
		if r.rootOK && (len(s) == 1 || s[1] != '/') && plainRest(s, '/') {
			if r.root == "/" {
				return s, true
			}
			return r.root + s[1:], true
		}
	case strings.HasPrefix(s, "https://"):
		return s, plainAbsolute(s, len("https://"))
	case strings.HasPrefix(s, "http://"):
		return s, plainAbsolute(s, len("http://"))
	}
	return "", false
}

// oldResolveLong is resolveLong before a result equal to the target was
// given as the target itself.
func oldResolveLong(base *url.URL, raw string) (out string, ok, long bool) {
	s := clean(raw)
	if blocked(s) {
		return "", false, false
	}
	u, err := url.Parse(fixBackslashes(s, base))
	if err != nil {
		return "", false, false
	}
	if base != nil {
		b := *base
		b.Fragment, b.RawFragment = "", ""
		u = b.ResolveReference(u)
	} else if s == "" {
		return "", false, false
	}
	if u.Host != "" && !isLowerASCII(u.Host) {
		h, ok := asciiHost(strings.ToLower(u.Host))
		if !ok {
			return "", false, false
		}
		u.Host = h
	}
	out = encode(u.String())
	if out == "" {
		return "", false, false
	}
	if len(out) > MaxURLBytes {
		return "", false, true
	}
	return out, true, false
}

// oldResolve is resolver.resolve with both old parts, unmemoized.
func (r *resolver) oldResolve(raw string) (string, bool, bool) {
	if u, ok := r.oldPlain(raw); ok {
		if len(u) > MaxURLBytes {
			return "", false, true
		}
		return u, true, false
	}
	return oldResolveLong(r.base, raw)
}

// allCorpusTargets is corpusTargets of both corpora (the shared one and
// corpus/pages), with form actions too.
func allCorpusTargets(t *testing.T) []string {
	out := corpusTargets(t)
	files, _ := filepath.Glob(filepath.Join("..", "corpus", "pages", "*.html"))
	require.NotEmpty(t, files)
	attr := regexp.MustCompile(`(?:href|src|action)="([^"]*)"`)
	for _, f := range files {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		for _, m := range attr.FindAllSubmatch(b, -1) {
			out = append(out, strings.ReplaceAll(string(m[1]), "&amp;", "&"))
		}
	}
	return out
}

// TestResolveSameAsCopying checks that the resolver gives the answers of
// the old code (oldResolve) for every target of the corpus pages and
// crafted ones, on every base, and that on no base a URL equal to its
// target shares the target's bytes (a fragment, a query, a relative path)
// instead of being a copy.
func TestResolveSameAsCopying(t *testing.T) {
	hrefs := []string{"#", "##", "#a", "#a#b", "#%zz", "#%41", "#a b", "# a", "#\u00e9", "#top", "?page=3", "?",
		"a", "./a", "../a", "a/../b", "a b", " #x ", "#x\n", "\t?x", "/", "/a", "//a", "HTTP://A.com/", "https://a.com/#x",
		"javascript:x", "data:,x", "mailto:a@b.c", "tel:1", "#" + strings.Repeat("x", MaxURLBytes), "#" + strings.Repeat("y", MaxURLBytes-1),
		"?" + strings.Repeat("q", MaxURLBytes), "a\\b", "#a\\b", "\u00e9", "%zz", "#\x00"}
	hrefs = append(hrefs, allCorpusTargets(t)...)
	aliased := 0
	for _, b := range []string{"", "https://en.wikipedia.org/wiki/Microsoft", "https://user:pw@host.com/a/b?q=1#frag",
		"http://bücher.ch/x/", "file:///tmp/x.html", "https://example.com", "https://example.com/?#", "http://a.com/b#c"} {
		base := Base(b, "")
		r, old := newResolver(base), newResolver(base)
		first := map[string]*byte{} // the bytes of the first target of each text (the memo answers later ones with them)
		for _, h := range hrefs {
			if _, ok := first[h]; !ok {
				first[h] = unsafe.StringData(h)
			}
			wantU, wantOK, wantLong := old.oldResolve(h)
			gotU, gotOK, gotLong := r.resolve(h)
			require.Equal(t, []any{wantU, wantOK, wantLong}, []any{gotU, gotOK, gotLong}, "base %q href %q", b, h)
			if base == nil && gotOK && gotU == h && h != "" {
				p := unsafe.StringData(gotU)
				assert.True(t, p == unsafe.StringData(h) || p == first[h], "href %q: a copy", h)
				aliased++
			}
		}
	}
	assert.Greater(t, aliased, 1000)
}
