package links

import (
	"net/url"
	"strings"
)

// resolver resolves the link targets of one page against one base. Most
// targets on real pages are plain: an absolute http(s) URL with a
// lower-case host, a path from the root ("/wiki/Foo_(bar)?x=1"), or a
// fragment ("#cite_note-1"), written only with characters that net/url
// leaves as they are and with no "." or ".." path segment. For those the
// answer of Resolve is known without parsing: the target itself, or the
// target after the prefix Resolve gives a probe of the same kind ("/x",
// "#x") on this base. Everything else goes through Resolve, memoized
// (pages repeat targets: the image and title of a card, "#").
// TestResolverMatchesResolve checks the shortcut against Resolve.
type resolver struct {
	base *url.URL
	probes
	rootDone, fragDone bool              // root, frag found (by the first target that needs it)
	memo               map[string]result // made by the first target that is not plain
}

// probes are the prefixes Resolve gives the probes "/x" and "#x" on a base.
type probes struct {
	root, frag     string // Resolve(base, "/x") and Resolve(base, "#x") less the probe's "x"
	rootOK, fragOK bool
}

// probeRoot and probeFrag find the prefix of one probe on base.
func probeRoot(base *url.URL) (string, bool) {
	if u, ok := Resolve(base, "/x"); ok && strings.HasSuffix(u, "/x") {
		return u[:len(u)-len("x")], true
	}
	return "", false
}

func probeFrag(base *url.URL) (string, bool) {
	if u, ok := Resolve(base, "#x"); ok && strings.HasSuffix(u, "#x") {
		return u[:len(u)-len("x")], true
	}
	return "", false
}

// noBase is the probes on no base (a page rendered without a URL), found
// once: each probe is a parse and a print through net/url, ~2 K
// instructions, that a render would otherwise pay again. Only read after
// package initialization.
var noBase = func() (p probes) {
	p.root, p.rootOK = probeRoot(nil)
	p.frag, p.fragOK = probeFrag(nil)
	return p
}()

type result struct {
	url      string
	ok, long bool
}

func newResolver(base *url.URL) *resolver {
	r := &resolver{base: base}
	if base == nil {
		r.probes, r.rootDone, r.fragDone = noBase, true, true
	}
	return r
}

// resolve returns Resolve(r.base, raw), and whether the URL was dropped
// for its length (longer than MaxURLBytes).
func (r *resolver) resolve(raw string) (string, bool, bool) {
	if u, ok := r.plain(raw); ok {
		if len(u) > MaxURLBytes {
			return "", false, true
		}
		return u, true, false
	}
	res, ok := r.memo[raw]
	if !ok {
		res.url, res.ok, res.long = resolveLong(r.base, raw)
		if r.memo == nil {
			r.memo = map[string]result{}
		}
		r.memo[raw] = res
	}
	return res.url, res.ok, res.long
}

// plain returns the resolution of a plain target (see resolver); ok is
// false when raw is not plain and Resolve must answer.
func (r *resolver) plain(s string) (string, bool) {
	switch {
	case s == "":
		return "", false
	case s[0] == '#':
		if !r.fragDone {
			r.frag, r.fragOK = probeFrag(r.base)
			r.fragDone = true
		}
		if r.fragOK && len(s) > 1 && plainRest(s[1:], '#') {
			if r.frag == "#" {
				return s, true // no base: the target itself, not a copy of it
			}
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

// plainAbsolute reports whether s, from host (the offset after "scheme://"),
// is a non-empty lower-case ASCII host name (no user, no port) followed by
// a plain rest.
func plainAbsolute(s string, host int) bool {
	i := host
	for i < len(s) {
		c := s[i]
		if c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '.' {
			i++
			continue
		}
		break
	}
	if i == host || i < len(s) && s[i] != '/' && s[i] != '?' && s[i] != '#' {
		return false
	}
	if i < len(s) && s[i] == '/' && i+1 < len(s) && s[i+1] == '/' {
		return false
	}
	return plainRest(s[i:], '/')
}

// plainRest reports whether s (from part: '/' a path, then a query, then a
// fragment; '#' a fragment alone) holds only characters net/url keeps as they are in each part (a percent
// sign only before two hex digits), no "." or ".." path segment, and no
// empty fragment.
func plainRest(s string, part byte) bool {
	segStart := 0
	dots := func(end int) bool { // the path segment s[segStart:end] is . or ..
		seg := s[segStart:end]
		return seg == "." || seg == ".."
	}
	for i := 0; i < len(s); i++ {
		// Most of a long target is letters, digits and the punctuation
		// every part keeps: skip them a table lookup a byte.
		for i < len(s) && kept[s[i]] {
			i++
		}
		if i == len(s) {
			break
		}
		switch s[i] {
		case '%':
			if i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
				return false
			}
			i += 2
		case '/':
			if part == '/' {
				if dots(i) {
					return false
				}
				segStart = i + 1
			}
		case '?':
			if part == '/' {
				if dots(i) {
					return false
				}
				part = '?'
			}
		case '#':
			if part == '#' {
				return false
			}
			if part == '/' && dots(i) {
				return false
			}
			if i == len(s)-1 {
				return false // an empty fragment is dropped by net/url
			}
			part = '#'
		default:
			return false
		}
	}
	return part != '/' || !dots(len(s))
}

// kept marks the bytes plainRest passes in every part without a second
// look: letters, digits and the sub-delimiters and unreserved marks
// net/url leaves as they are (a dot segment is found at the slash after
// it).
var kept = func() (t [256]bool) {
	for c := 'a'; c <= 'z'; c++ {
		t[c], t[c-'a'+'A'] = true, true
	}
	for c := '0'; c <= '9'; c++ {
		t[c] = true
	}
	for _, c := range "-_.~!$&'()*+,;=:@" {
		t[c] = true
	}
	return t
}()

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}
