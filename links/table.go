package links

import (
	"cmp"
	"iter"
	"maps"
	"slices"

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
// map: the ids of a built tree are dense (1 to the element count), so a
// slot per id, 16 bytes, takes less than half of what a map entry does (a
// kept render.Result holds one). Entries whose ids are too spread out for
// that to pay (a few links among many elements, a renumbered tree, an
// arbitrary Record) are held as ascending ids beside their URLs (24 bytes
// an entry), still less than a map. The answers are the same either way.
// The zero Table is empty. A Table is not changed once made; Record gives
// a map of one's own to change.
type Table struct {
	t *table // nil when empty: a Table is one word in a kept Result
}

type table struct {
	urls []string // by id (urls[id], "" when id has none) when ids is nil, else the URL of ids[i]
	ids  []int    // ascending ids, parallel to urls; nil when urls is by id
}

// CollectTable is CollectBounded giving a Table: the same entries, and the
// same report of a URL left out for its length.
func CollectTable(t *axtree.Tree, pageURL, baseHref string) (Table, bool) {
	found := gather(t)
	if len(found) == 0 {
		return Table{}, false
	}
	top := 0
	for _, l := range found {
		top = max(top, l.id) // ids are positive (gather)
	}
	if !byID(top, len(found)) {
		ids := make([]int, 0, len(found))
		urls := make([]string, 0, len(found))
		long := resolveAll(t, found, pageURL, baseHref, func(id int, u string) {
			ids, urls = append(ids, id), append(urls, u)
		})
		return sorted(ids, urls), long
	}
	urls := make([]string, top+1)
	kept := false
	long := resolveAll(t, found, pageURL, baseHref, func(id int, u string) {
		urls[id], kept = u, true // never "": Resolve keeps no empty URL
	})
	if !kept {
		return Table{}, long
	}
	return Table{&table{urls: urls}}, long
}

// sorted returns the Table of the entries ids[i] → urls[i], given in
// tree order: ascending, as Build numbers, unless the tree was renumbered;
// an id given twice (a leaf met twice) has the same URL both times.
func sorted(ids []int, urls []string) Table {
	if len(ids) == 0 {
		return Table{}
	}
	if !slices.IsSorted(ids) {
		idx := make([]int, len(ids))
		for i := range idx {
			idx[i] = i
		}
		slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(ids[a], ids[b]) })
		sids, surls := make([]int, len(ids)), make([]string, len(ids))
		for i, k := range idx {
			sids[i], surls[i] = ids[k], urls[k]
		}
		ids, urls = sids, surls
	}
	n := 1
	for i := 1; i < len(ids); i++ {
		if ids[i] != ids[n-1] {
			ids[n], urls[n] = ids[i], urls[i]
			n++
		}
	}
	return Table{&table{urls: urls[:n:n], ids: ids[:n:n]}}
}

// byID reports whether entries whose largest id is top, all ids positive,
// take no more room in a slice by id (16 bytes a slot, up to top) than as
// ids beside URLs (24 bytes an entry).
func byID(top, entries int) bool { return 2*(top+1) <= 3*entries }

// TableOf returns a Table with r's entries.
func TableOf(r Record) Table { return tableOf(r) }

// tableOf returns the Table of r's entries: by id when the ids suit it
// (all positive, dense enough, no URL "", which a slot cannot tell from
// no entry), else as ascending ids beside their URLs.
func tableOf(r Record) Table {
	if len(r) == 0 {
		return Table{}
	}
	top, ok := 0, true
	for id, u := range r {
		ok = ok && id > 0 && u != ""
		top = max(top, id)
	}
	if ok && byID(top, len(r)) {
		urls := make([]string, top+1)
		for id, u := range r {
			urls[id] = u
		}
		return Table{&table{urls: urls}}
	}
	ids := slices.Sorted(maps.Keys(r))
	urls := make([]string, len(ids))
	for i, id := range ids {
		urls[i] = r[id]
	}
	return Table{&table{urls: urls, ids: ids}}
}

// URL returns the URL of id's link and whether id has one (Lookup).
func (t Table) URL(id int) (string, bool) {
	if t.t == nil {
		return "", false
	}
	if ids := t.t.ids; ids != nil {
		i, ok := slices.BinarySearch(ids, id)
		if !ok {
			return "", false
		}
		return t.t.urls[i], true
	}
	if id <= 0 || id >= len(t.t.urls) || t.t.urls[id] == "" {
		return "", false
	}
	return t.t.urls[id], true
}

// Len returns the number of entries (counted when by id: the slice does
// not keep its count).
func (t Table) Len() int {
	if t.t == nil {
		return 0
	}
	if t.t.ids != nil {
		return len(t.t.ids)
	}
	n := 0
	for _, u := range t.t.urls {
		if u != "" {
			n++
		}
	}
	return n
}

// All yields the entries in ascending id order.
func (t Table) All() iter.Seq2[int, string] {
	return func(yield func(int, string) bool) {
		if t.t == nil {
			return
		}
		if ids := t.t.ids; ids != nil {
			for i, id := range ids {
				if !yield(id, t.t.urls[i]) {
					return
				}
			}
			return
		}
		for id, u := range t.t.urls {
			if u != "" && !yield(id, u) {
				return
			}
		}
	}
}

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
