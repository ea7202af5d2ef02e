package links

import (
	"cmp"
	"iter"
	"math"
	mbits "math/bits"
	"slices"
	"unsafe"

	"github.com/axtree/axtree/axtree"
	"github.com/axtree/axtree/serialize"
)

// Lookup is what the enriched view asks of a link record: the resolved URL
// of an element id. Record and Table are Lookups.
type Lookup interface {
	// URL returns the resolved URL of id's link and whether id has one.
	URL(id int) (string, bool)
}

// URL returns the URL r holds for id (Lookup).
func (r Record) URL(id int) (string, bool) {
	u, ok := r[id]
	return u, ok
}

// Table is a link record (id → resolved URL) held in slices instead of a
// map: the URLs in ascending id order and a bit per id saying which ids
// have one (with the count of entries below each 64 ids, so a lookup is a
// bit test and a popcount). The ids of a built tree are dense (1 to the
// element count), so an entry takes 16 bytes and a quarter byte per id,
// under half of what a map entry does (a kept render.Result holds one).
// When nearly every id has a link, bits save nothing and the URLs are
// held by id (a slot per id, "" for none); entries whose ids are too
// spread out for bits (a renumbered tree, an arbitrary Record) are held as
// ascending ids beside their URLs. The answers are the same in every
// layout. The zero Table is empty. A Table is
// not changed once made; Record gives a map of one's own to change.
type Table struct {
	t entries // nil when empty
}

// entries is one layout of a Table's entries: *bitEntries, *denseEntries
// or *idEntries.
type entries interface {
	url(id int) (string, bool)
	all(yield func(int, string) bool)
	len() int
}

// bitEntries holds the URLs in ascending id order and a bit per id from
// 0 to the largest.
type bitEntries struct {
	urls  urlSlots
	words []bitWord // ids 64w to 64w+63 at words[w]
}

// bitWord says which of 64 ids have a URL (bit i for the word's id i) and
// how many entries come before the word's first id.
type bitWord struct {
	set, below uint64
}

// denseEntries holds the URLs by id: urls[id], "" when id has none (a
// collected URL is never ""), when bits would take as much room.
type denseEntries struct {
	urls urlSlots
}

func (e *denseEntries) url(id int) (string, bool) {
	if id < 0 || id >= e.urls.len() {
		return "", false
	}
	u := e.urls.at(id)
	return u, u != ""
}

func (e *denseEntries) all(yield func(int, string) bool) {
	for id := range e.urls.len() {
		if u := e.urls.at(id); u != "" && !yield(id, u) {
			return
		}
	}
}

func (e *denseEntries) len() int {
	n := 0
	for id := range e.urls.len() {
		if e.urls.at(id) != "" {
			n++
		}
	}
	return n
}

// urlSlots is a list of URLs held as a data pointer and a 16-bit length
// each, 10 bytes a URL instead of a string's 16 (a kept render.Result
// holds one per link: river-article's 3,300 ids, 53 KB as strings, 33 KB
// so); the bytes are the URLs' own, shared, not copied. The pointers'
// array is held by its first element (len(n) of them), so the list is 32
// bytes, not 48. Every URL is at most 65,535 bytes: collected URLs are at
// most MaxURLBytes, and tableOf holds a Record with a longer one as ids.
type urlSlots struct {
	ptr **byte   // the first of len(n) pointers: unsafe.StringData of each URL, nil for ""
	n   []uint16 // each URL's length
}

// makeSlots returns a urlSlots of n empty URLs.
func makeSlots(n int) urlSlots {
	return urlSlots{ptr: unsafe.SliceData(make([]*byte, n)), n: make([]uint16, n)}
}

func (s *urlSlots) len() int { return len(s.n) }

func (s *urlSlots) at(i int) string {
	return unsafe.String(unsafe.Slice(s.ptr, len(s.n))[i], s.n[i])
}

// set makes slot i u, which is at most 65,535 bytes.
func (s *urlSlots) set(i int, u string) {
	unsafe.Slice(s.ptr, len(s.n))[i], s.n[i] = unsafe.StringData(u), uint16(len(u))
}

// idEntries holds the URLs beside their ids, in ascending id order.
type idEntries struct {
	urls []string
	ids  []int
}

// CollectTable is CollectBounded giving a Table: the same entries, and the
// same report of a URL left out for its length.
func CollectTable(t *axtree.Tree, pageURL, baseHref string) (Table, bool) {
	var buf [foundBuf]link
	found := linkList{first: buf[:]}
	gather(t, &found)
	if found.len() == 0 {
		return Table{}, false
	}
	kept, long := resolveAll(t, &found, pageURL, baseHref)
	if kept == 0 {
		return Table{}, long
	}
	top := 0
	for c := range found.chunks() {
		for _, l := range found.chunk(c) {
			top = max(top, l.id) // ids are positive (gather), 0 if dropped
		}
	}
	if !bitsPay(top, kept) {
		return tableOf(found.kept(kept)), long
	}
	// The bits first (an id found twice sets its bit twice), then the
	// URLs placed by their slots: no sort, no rank counted for each entry,
	// and no slot per id made only to be read back (16 bytes an id).
	words := make([]bitWord, top/64+1)
	for c := range found.chunks() {
		for _, l := range found.chunk(c) {
			if l.id > 0 {
				words[l.id>>6].set |= 1 << (l.id & 63)
			}
		}
	}
	below := uint64(0)
	for w := range words {
		words[w].below = below
		below += uint64(mbits.OnesCount64(words[w].set))
	}
	n := int(below)
	if slotsTake(top+1) <= slotsTake(n)+allocated(16*len(words)) {
		byID := makeSlots(top + 1) // bits would save nothing
		for c := range found.chunks() {
			for _, l := range found.chunk(c) {
				if l.id > 0 {
					byID.set(l.id, l.href) // never "": Resolve keeps no empty URL
				}
			}
		}
		return Table{&denseEntries{urls: byID}}, long
	}
	e := &bitEntries{urls: makeSlots(n), words: words}
	for c := range found.chunks() {
		for _, l := range found.chunk(c) {
			if l.id > 0 {
				e.urls.set(int(e.slot(uint(l.id))), l.href) // an id found twice: the same URL
			}
		}
	}
	return Table{e}, long
}

// tableOf returns the Table of the entries ls (id → URL in href), given
// in tree order (ascending, as Build numbers, unless the tree was
// renumbered or a form's id comes after its fields'); an id given twice (a
// leaf met twice) has the same URL both times. As bits the URLs are placed
// by id with no sort; as ids they are sorted. It may reorder ls.
func tableOf(ls []link) Table {
	if len(ls) == 0 {
		return Table{}
	}
	low, top := ls[0].id, ls[0].id
	for _, l := range ls {
		low, top = min(low, l.id), max(top, l.id)
	}
	longest := 0
	for _, l := range ls {
		longest = max(longest, len(l.href))
	}
	if low >= 0 && longest <= math.MaxUint16 && bitsPay(top, len(ls)) {
		words := make([]bitWord, top/64+1)
		for _, l := range ls {
			u := uint(l.id)
			words[u>>6].set |= 1 << (u & 63)
		}
		below := uint64(0)
		for w := range words {
			words[w].below = below
			below += uint64(mbits.OnesCount64(words[w].set))
		}
		e := &bitEntries{urls: makeSlots(int(below)), words: words}
		for _, l := range ls {
			e.urls.set(int(e.slot(uint(l.id))), l.href)
		}
		return Table{e}
	}
	slices.SortStableFunc(ls, func(a, b link) int { return cmp.Compare(a.id, b.id) })
	ls = slices.CompactFunc(ls, func(a, b link) bool { return a.id == b.id })
	e := &idEntries{urls: make([]string, len(ls)), ids: make([]int, len(ls))}
	for i, l := range ls {
		e.ids[i], e.urls[i] = l.id, l.href
	}
	return Table{e}
}

// allocated is about what an allocation of size bytes takes: past 32 KB
// the runtime gives whole 8 KB pages (below, size classes round by less;
// they are left out).
func allocated(size int) int {
	if size > 32<<10 {
		return (size + 8<<10 - 1) &^ (8<<10 - 1)
	}
	return size
}

// slotsTake is about what n slots of short URLs (urlSlots) take.
func slotsTake(n int) int { return allocated(8*n) + allocated(2*n) }

// bitsPay reports whether entries ids 0 to top take no more room as bits
// (16 bytes for each 64 ids) than as ids (8 bytes an entry).
func bitsPay(top, entries int) bool { return top/64+1 <= entries/2 }

// TableOf returns a Table with r's entries.
func TableOf(r Record) Table {
	ls := make([]link, 0, len(r))
	for id, u := range r {
		ls = append(ls, link{id, u})
	}
	return tableOf(ls)
}

// URL returns the URL of id's link and whether id has one (Lookup).
func (t Table) URL(id int) (string, bool) {
	if t.t == nil {
		return "", false
	}
	return t.t.url(id)
}

// Len returns the number of entries.
func (t Table) Len() int {
	if t.t == nil {
		return 0
	}
	return t.t.len()
}

// All yields the entries in ascending id order.
func (t Table) All() iter.Seq2[int, string] {
	return func(yield func(int, string) bool) {
		if t.t != nil {
			t.t.all(yield)
		}
	}
}

func (e *bitEntries) url(id int) (string, bool) {
	u := uint(id) // a negative id is past every word
	if u>>6 >= uint(len(e.words)) || e.words[u>>6].set&(1<<(u&63)) == 0 {
		return "", false
	}
	return e.urls.at(int(e.slot(u))), true
}

// slot returns the index in urls of id, which has a bit: the entries
// below its word and the bits below it in the word.
func (e *bitEntries) slot(id uint) uint64 {
	w := &e.words[id>>6]
	return w.below + uint64(mbits.OnesCount64(w.set&(1<<(id&63)-1)))
}

func (e *bitEntries) all(yield func(int, string) bool) {
	k := 0
	for w, word := range e.words {
		for set := word.set; set != 0; set &= set - 1 {
			if !yield(64*w+mbits.TrailingZeros64(set), e.urls.at(k)) {
				return
			}
			k++
		}
	}
}

func (e *bitEntries) len() int { return e.urls.len() }

func (e *idEntries) url(id int) (string, bool) {
	i, ok := slices.BinarySearch(e.ids, id)
	if !ok {
		return "", false
	}
	return e.urls[i], true
}

func (e *idEntries) all(yield func(int, string) bool) {
	for i, id := range e.ids {
		if !yield(id, e.urls[i]) {
			return
		}
	}
}

func (e *idEntries) len() int { return len(e.urls) }

// Record returns the entries as a Record of the caller's own (empty, not
// nil, when there are none, as Collect gives).
func (t Table) Record() Record {
	r := make(Record, t.Len())
	for id, u := range t.All() {
		r[id] = u
	}
	return r
}

// AppendJSON appends the entries as Record.AppendJSON does: the same
// bytes for the same entries.
func (t Table) AppendJSON(dst []byte) []byte { return serialize.AppendLinksSeq(dst, t.All()) }

// MarshalJSON implements json.Marshaler as Record does.
func (t Table) MarshalJSON() ([]byte, error) { return t.AppendJSON(nil), nil }

// Hook returns a serialize.Options.Extra hook that appends [url="…"] to the
// line of every element whose id has a URL in t (as Record.Hook).
func (t Table) Hook() func(n *axtree.Node, dst []axtree.Attr) []axtree.Attr { return hook(t) }
