package links

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/internal/shared"
)

// TestResolverMatchesResolve checks the resolver's shortcut for plain
// targets against Resolve on every combination of scheme, host, path,
// query and fragment below, on bases with and without user, port,
// non-ASCII host, query, fragment and dot segments, and on every href and
// src of the shared corpus pages.
func TestResolverMatchesResolve(t *testing.T) {
	bases := []string{
		"", "https://en.wikipedia.org/wiki/Microsoft", "https://user:pw@host.com/a/b?q=1#frag",
		"http://bücher.ch/x/", "https://HOST.com:8443/", "file:///tmp/x.html",
		"https://example.com/a/./b/../c", "https://example.com", "https://example.com/?",
		"http://example.com/a%20b/c?x#",
	}
	var hrefs []string
	for _, pre := range []string{"", "/", "#", "?", "./", "../", "//", "https://", "http://", "HTTPS://", "ftp://"} {
		for _, host := range []string{"", "example.com", "Example.com", "bücher.ch", "a@b.com", "host:8080"} {
			if host != "" && !strings.HasSuffix(pre, "//") {
				continue
			}
			for _, path := range []string{"", "a", "/a/b", "/.", "/..", "/a/./b", "/a/../b", "/%41", "/%zz",
				"/%c3%a9", "/a b", "/a:b", "/[x]", "/~*'@!$&+,;=()", `/a\b`, "/a//b", "/..a", "/%2e/x"} {
				for _, q := range []string{"", "?", "?a=1&b=2%20", "?a/b?c", "?x y", "?%zz"} {
					for _, f := range []string{"", "#", "#f", "#f#g", "#%2F", "#a?b/c", "#x y", "#%"} {
						hrefs = append(hrefs, pre+host+path+q+f)
					}
				}
			}
		}
	}
	hrefs = append(hrefs, "#", "/", "#top", "/wiki/Foo_(bar)", "/w/index.php?title=Special:Search&go=Go",
		"https://en.wikipedia.org", "https://en.wikipedia.org?", "https://en.wikipedia.org#", "javascript:void(0)",
		"https://"+strings.Repeat("a", 3000)+".com/", "/"+strings.Repeat("b", MaxURLBytes))
	hrefs = append(hrefs, corpusTargets(t)...)
	for _, b := range bases {
		base := Base(b, "")
		if b != "" {
			require.NotNil(t, base, b)
		}
		r := newResolver(base)
		plain := 0
		for _, h := range hrefs {
			wantU, wantOK := Resolve(base, h)
			gotU, gotOK, _ := r.resolve(h)
			if !assert.Equal(t, wantOK, gotOK, "base %q href %q", b, h) {
				continue
			}
			if wantOK {
				assert.Equal(t, wantU, gotU, "base %q href %q", b, h)
			}
			if _, ok := r.plain(h); ok {
				plain++
			}
		}
		assert.Greater(t, plain, 100, "base %q: the shortcut is taken", b)
	}
}

// corpusTargets returns the href and src values of the shared corpus pages
// (none when the shared folder is absent).
func corpusTargets(t *testing.T) []string {
	dir := filepath.Join(shared.Root(), "corpus", "pages")
	files, _ := filepath.Glob(filepath.Join(dir, "*.html"))
	if len(files) == 0 && shared.Required() {
		t.Fatalf("shared corpus %s missing", dir)
	}
	attr := regexp.MustCompile(`(?:href|src)="([^"]*)"`)
	var out []string
	for _, f := range files {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		for _, m := range attr.FindAllSubmatch(b, -1) {
			out = append(out, strings.ReplaceAll(string(m[1]), "&amp;", "&"))
		}
	}
	return out
}

// TestResolverProbesSameAsEager checks the probes a resolver finds lazily
// (or takes from noBase when there is no base) against the probes made up
// front as newResolver made them before: the same prefixes and answers, in
// either order of first use.
func TestResolverProbesSameAsEager(t *testing.T) {
	for _, b := range []string{"", "https://en.wikipedia.org/wiki/Microsoft", "https://user:pw@host.com/a/b?q=1#frag", "file:///tmp/x.html", "http://bücher.ch/x/"} {
		base := Base(b, "")
		var want probes
		if u, ok := Resolve(base, "/x"); ok && strings.HasSuffix(u, "/x") {
			want.root, want.rootOK = u[:len(u)-len("x")], true
		}
		if u, ok := Resolve(base, "#x"); ok && strings.HasSuffix(u, "#x") {
			want.frag, want.fragOK = u[:len(u)-len("x")], true
		}
		for _, order := range [][]string{{"/a", "#b"}, {"#b", "/a"}} {
			r := newResolver(base)
			for _, h := range order {
				r.resolve(h)
			}
			assert.Equal(t, want, r.probes, "base %q, order %q", b, order)
		}
	}
}
