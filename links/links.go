// Package links keeps the link targets of a tree out of the tree: a Record
// maps element ids to resolved URLs (from Node.Href: a/area href, iframe src,
// form action), with script and data URLs dropped; a Table holds the same
// entries in slices, in less room (what a kept render.Result holds). The
// lean observation is the tree text alone; Enriched prints the same text,
// through the same printer, with each link's URL inline as a trailing
// [url="…"].
package links

import (
	"net/url"
	"strings"

	"github.com/axtree/axtree/axtree"
	"github.com/axtree/axtree/internal/ptrset"
)

// Record maps an element id to the resolved URL of its link. It encodes to
// JSON with keys in ascending numeric order.
type Record map[int]string

// MaxURLBytes bounds a resolved URL; longer ones (tracking blobs, inlined
// payloads) are dropped from the record rather than cut, since a cut URL
// would point somewhere else. CollectBounded says when it dropped one.
const MaxURLBytes = 2048

// Collect resolves the Href of every element with a positive id in t. The
// base for relative links is baseHref (the document's first <base href>,
// raw; "" if none) resolved against pageURL, or pageURL itself; pageURL ""
// means t.URL. Each node is visited once (cycles and shared nodes are
// safe). Links that Resolve rejects are left out.
func Collect(t *axtree.Tree, pageURL, baseHref string) Record {
	r, _ := CollectBounded(t, pageURL, baseHref)
	return r
}

// CollectBounded is Collect that also reports whether a link was left out
// for its length (longer than MaxURLBytes once resolved): the record then
// misses a link the tree shows, which the tree says with [truncated=links].
func CollectBounded(t *axtree.Tree, pageURL, baseHref string) (Record, bool) {
	var buf [foundBuf]link
	found := linkList{first: buf[:]}
	gather(t, &found)
	if found.len() == 0 {
		return Record{}, false // and no base URL parsed for nothing
	}
	r := make(Record, found.len())
	_, long := resolveAll(t, &found, pageURL, baseHref)
	for i := range found.chunks() {
		for _, l := range found.chunk(i) {
			if l.id > 0 {
				r[l.id] = l.href
			}
		}
	}
	return r, long
}

// foundBuf is the room for links a collection makes on its stack: the
// links of most small pages, which then need no list of their own.
const foundBuf = 32

// link is an element id with its raw link target (Node.Href).
type link struct {
	id   int
	href string
}

// linkList is the links a walk found, in order: first in the caller's
// buffer (first, on its stack), then in chunks each twice the size of the
// one before, which never move. Growing one slice instead would copy it
// at every step, and past 256 entries append grows by a quarter: on a
// page of 3,000 links (river-article) the steps took three times the
// room of the list. A link resolveAll drops keeps its place with id 0.
type linkList struct {
	first []link // set once; its length is its room
	n     int    // links in first
	more  *moreLinks
}

// moreLinks is the chunks after a linkList's first, made by the link
// that overflows it (a pointer of its own, so that growing the list of
// chunks does not make the first buffer escape to the heap).
type moreLinks struct {
	full [][]link
	cur  []link // being filled
}

// add appends l.
func (ls *linkList) add(l link) {
	if ls.n < len(ls.first) {
		ls.first[ls.n] = l
		ls.n++
		return
	}
	ls.addMore(l)
}

// addMore appends l past the first buffer: in the chunk being filled, or
// a new one twice its room.
//
//go:noinline
func (ls *linkList) addMore(l link) {
	if ls.more == nil {
		ls.more = &moreLinks{}
	}
	m := ls.more
	if len(m.cur) < cap(m.cur) {
		m.cur = m.cur[:len(m.cur)+1]
		m.cur[len(m.cur)-1] = l
		return
	}
	m.next(l, len(ls.first))
}

// next appends l in a new chunk, twice the room of cur (or of a first
// buffer of first links).
func (m *moreLinks) next(l link, first int) {
	room := 2 * max(first, foundBuf/2)
	if m.cur != nil {
		m.full = append(m.full, m.cur)
		room = 2 * cap(m.cur)
	}
	m.cur = append(make([]link, 0, room), l)
}

// chunks returns the number of chunks (first included); chunk(i) is the
// i-th, to read or change in place.
func (ls *linkList) chunks() int {
	if ls.more == nil {
		return 1
	}
	return 2 + len(ls.more.full)
}

func (ls *linkList) chunk(i int) []link {
	switch {
	case i == 0:
		return ls.first[:ls.n]
	case i <= len(ls.more.full):
		return ls.more.full[i-1]
	}
	return ls.more.cur
}

// len returns the number of links (dropped ones included).
func (ls *linkList) len() int {
	n := ls.n
	if m := ls.more; m != nil {
		for _, c := range m.full {
			n += len(c)
		}
		n += len(m.cur)
	}
	return n
}

// kept returns the links not dropped, in order, in a slice of their own.
func (ls *linkList) kept(n int) []link {
	out := make([]link, 0, n)
	for c := range ls.chunks() {
		for _, l := range ls.chunk(c) {
			if l.id > 0 {
				out = append(out, l)
			}
		}
	}
	return out
}

// reset empties ls, keeping its first buffer.
func (ls *linkList) reset() {
	ls.n, ls.more = 0, nil
}

// gather lists in found the ids and raw targets of the elements of t
// with a positive id and an Href, each node visited once (cycles and
// shared nodes are safe); nothing for a nil tree. Only a node with
// children can close a cycle or repeat a subtree (a leaf met twice records
// the same entry twice), so gather first walks telling those apart by
// their ids (gatherByID), which in a built tree are positive and their
// own; a tree where they are not is walked again with a set of the nodes
// met (gatherBySet). Both give the same list.
func gather(t *axtree.Tree, found *linkList) {
	if t == nil {
		return
	}
	if !gatherByID(t, found) {
		found.reset()
		gatherBySet(t, found)
	}
}

// maxWalkID bounds the ids gatherByID keeps a bit for (128 KiB of bits).
const maxWalkID = 1 << 20

// gatherByID is gatherBySet with a bit per id for the nodes with
// children in place of the set: it reports false, and what it added is
// to be dropped, once such a node has no positive id under maxWalkID or
// one met before (the same node again, or another with its id).
func gatherByID(t *axtree.Tree, found *linkList) bool {
	var bitsBuf [16]uint64 // ids below 1,024 without an allocation
	bits := bitsBuf[:]
	// pre-order, as gatherBySet (the roots last first, as it pops them):
	// the sibling list being walked in cur from i, and a stack of the
	// lists to come back to, so no child is pushed
	type resume struct {
		kids []*axtree.Node
		i    int
	}
	var stackBuf [32]resume
	stack := stackBuf[:0]
	for r := len(t.Roots) - 1; r >= 0; r-- {
		cur, i := t.Roots[r:r+1], 0
		for {
			if i == len(cur) {
				if len(stack) == 0 {
					break
				}
				top := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				cur, i = top.kids, top.i
				continue
			}
			n := cur[i]
			i++
			if n == nil {
				continue
			}
			id, kids := n.ID, n.Children
			if id > 0 && n.Href != "" {
				found.add(link{id, n.Href})
			}
			if len(kids) == 0 {
				continue
			}
			if uint(id-1) >= maxWalkID-1 { // not in 1..maxWalkID-1
				return false
			}
			w, b := uint(id)>>6, uint64(1)<<(id&63)
			if w >= uint(len(bits)) {
				bits = append(bits, make([]uint64, int(w)+1-len(bits))...)
			}
			if bits[w]&b != 0 {
				return false
			}
			bits[w] |= b
			stack = append(stack, resume{cur, i})
			cur, i = kids, 0
		}
	}
	return true
}

// gatherBySet is gather's walk for any tree: a set of the nodes with
// children met, each walked once.
func gatherBySet(t *axtree.Tree, found *linkList) {
	var seen ptrset.Set[axtree.Node]
	stack := append([]*axtree.Node(nil), t.Roots...)
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if n == nil {
			continue
		}
		if len(n.Children) > 0 {
			// Only a node with children can close a cycle or repeat a
			// subtree; a leaf met twice records the same entry twice.
			if !seen.Add(n) {
				continue
			}
		}
		if n.ID > 0 && n.Href != "" {
			found.add(link{n.ID, n.Href})
		}
		for i := len(n.Children) - 1; i >= 0; i-- {
			stack = append(stack, n.Children[i])
		}
	}
}

// resolveAll resolves the targets found in t (see Collect for pageURL
// and baseHref) in place: each link whose target Resolve keeps gets its
// resolved URL as href, the others id 0. It returns the count kept, and
// whether a URL was dropped for its length.
func resolveAll(t *axtree.Tree, found *linkList, pageURL, baseHref string) (int, bool) {
	if pageURL == "" {
		pageURL = t.URL
	}
	res := newResolver(Base(pageURL, baseHref))
	n, long := 0, false
	for c := range found.chunks() {
		ls := found.chunk(c)
		for j := range ls {
			u, ok, tooLong := res.resolve(ls[j].href)
			if ok {
				ls[j].href = u
				n++
			} else {
				ls[j].id = 0
			}
			long = long || tooLong
		}
	}
	return n, long
}

// Base returns the document base URL: baseHref resolved against pageURL
// when that gives an absolute URL with a hierarchical, non-script, non-data
// scheme, else pageURL when it is such a URL, else nil. Any fragment is
// removed (it never takes part in resolution).
func Base(pageURL, baseHref string) *url.URL {
	page := absBase(nil, pageURL)
	if strings.TrimSpace(baseHref) != "" {
		if b := absBase(page, baseHref); b != nil {
			return b
		}
	}
	return page
}

func absBase(against *url.URL, raw string) *url.URL {
	s := clean(raw)
	if s == "" || blocked(s) {
		return nil
	}
	u, err := url.Parse(fixBackslashes(s, against))
	if err != nil {
		return nil
	}
	if against != nil {
		u = against.ResolveReference(u)
	}
	if !u.IsAbs() || u.Opaque != "" {
		return nil
	}
	u.Fragment, u.RawFragment = "", ""
	return u
}

// Resolve resolves one raw link target against base (nil when unknown) as
// a browser would and reports whether to keep it:
//   - leading and trailing C0 controls and spaces are stripped and ASCII
//     tab, LF and CR removed anywhere (so "\tjava\nscript:" is caught);
//   - javascript: and vbscript: (any case) are dropped: they run code, they
//     go nowhere; data: is dropped too: an inline payload, often huge,
//     that browsers refuse to open at top level;
//   - in http(s), ws(s), ftp and file URLs '\' counts as '/' before the
//     query, as browsers do;
//   - relative targets, "#fragment" and "" included, resolve against base;
//     with no base they are kept as written (cleaned);
//   - the result is ASCII: the host is lower-cased and a non-ASCII label
//     goes to punycode; spaces, controls, '"', '<', '>', '`' and non-ASCII
//     bytes elsewhere are percent-encoded;
//   - unparsable URLs, host labels with anything but letters, marks,
//     digits and '-', and results longer than MaxURLBytes are dropped.
func Resolve(base *url.URL, raw string) (string, bool) {
	out, ok, _ := resolveLong(base, raw)
	return out, ok
}

// resolveLong is Resolve, also reporting a URL dropped for its length.
func resolveLong(base *url.URL, raw string) (out string, ok, long bool) {
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
	if out == raw {
		out = raw // the target as written (no base): share its bytes instead of keeping a copy
	}
	if out == "" {
		return "", false, false
	}
	if len(out) > MaxURLBytes {
		return "", false, true
	}
	return out, true, false
}

// clean strips leading/trailing C0 controls and spaces and removes ASCII
// tab and newlines, as the URL parser does.
func clean(s string) string {
	s = strings.TrimFunc(s, func(r rune) bool { return r <= ' ' })
	if strings.ContainsAny(s, "\t\n\r") {
		s = strings.Map(func(r rune) rune {
			if r == '\t' || r == '\n' || r == '\r' {
				return -1
			}
			return r
		}, s)
	}
	return s
}

// scheme returns the lower-cased scheme of s, or "" when s has none.
func scheme(s string) string {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
		case i > 0 && (c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.'):
		case i > 0 && c == ':':
			return strings.ToLower(s[:i])
		default:
			return ""
		}
	}
	return ""
}

func blocked(s string) bool {
	switch scheme(s) {
	case "javascript", "vbscript", "data":
		return true
	}
	return false
}

var special = map[string]bool{"http": true, "https": true, "ws": true, "wss": true, "ftp": true, "file": true}

// fixBackslashes turns '\' into '/' before the query or fragment when the
// URL's scheme (its own, or the base's for a relative URL) is special.
func fixBackslashes(s string, base *url.URL) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	sc := scheme(s)
	if sc == "" && base != nil {
		sc = strings.ToLower(base.Scheme)
	}
	if !special[sc] {
		return s
	}
	end := len(s)
	if i := strings.IndexAny(s, "?#"); i >= 0 {
		end = i
	}
	return strings.ReplaceAll(s[:end], `\`, "/") + s[end:]
}

func isLowerASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 0x80 || (c >= 'A' && c <= 'Z') {
			return false
		}
	}
	return true
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// encode percent-encodes the bytes a browser would not leave raw in a URL.
func encode(s string) string {
	need := false
	for i := 0; i < len(s) && !need; i++ {
		need = mustEncode(s[i])
	}
	if !need {
		return s
	}
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	b.Grow(len(s) + 16)
	for i := 0; i < len(s); i++ {
		c := s[i]
		if mustEncode(c) {
			b.WriteByte('%')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

func mustEncode(c byte) bool {
	return c <= ' ' || c >= 0x7f || c == '"' || c == '<' || c == '>' || c == '`'
}
