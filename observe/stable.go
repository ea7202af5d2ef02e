package observe

import (
	"fmt"
	"sort"

	"golang.org/x/net/html"

	"github.com/axtree/axtree/axtree"
	"github.com/axtree/axtree/dom"
	"github.com/axtree/axtree/links"
)

// KeyFunc returns the stable node key of a DOM element, or "".
type KeyFunc func(n *html.Node) string

// DocKeys returns the KeyFunc that reads capture node keys
// (dom.Facts.Key) from d. A static HTML page has none.
func DocKeys(d *dom.Doc) KeyFunc {
	if d == nil || !d.HasFacts() {
		return nil
	}
	return func(n *html.Node) string {
		if f := d.Facts(n); f != nil {
			return f.Key
		}
		return ""
	}
}

// Elements lists the elements of t in document order, with ID and Canon
// both set to the element's current id and Key read through key (nil:
// no keys).
func Elements(t *axtree.Tree, key KeyFunc) []Element {
	var out []Element
	if t == nil {
		return out
	}
	t.Walk(func(n *axtree.Node, _ int) bool {
		if n.Role == "" || n.ID <= 0 {
			return true
		}
		e := Element{ID: n.ID, Canon: n.ID, Role: n.Role, Name: n.Name}
		if key != nil {
			if h := t.Node(n.ID); h != nil {
				e.Key = key(h)
			}
		}
		out = append(out, e)
		return true
	})
	return out
}

// Stabilize renumbers t in place so that elements still present since the
// previous step of a run keep their numbers. prev are that step's elements
// (nil for a first step: t is left as it is). An element matches a
// previous one by node key when both have it; otherwise by role and name,
// taking among the unmatched previous elements with the same role and name
// the one nearest in document position. Elements that match nothing get
// fresh numbers after the largest previous id, in document order.
//
// It returns t's elements with ID the new (stable) number and Canon the
// number t had before. Work is O(n log n) plus, for a role and name shared
// by k elements, O(k²) in the worst case.
func Stabilize(t *axtree.Tree, key KeyFunc, prev []Element) ([]Element, error) {
	cur := Elements(t, key)
	if len(prev) == 0 || len(cur) == 0 {
		return cur, nil
	}
	assigned := make([]int, len(cur)) // stable id, 0 while unmatched
	used := make([]bool, len(prev))
	maxID := 0
	for _, p := range prev {
		maxID = max(maxID, p.ID)
	}

	// 1. Node keys, when unique on both sides.
	byKey := make(map[string]int)
	for i, p := range prev {
		if p.Key == "" {
			continue
		}
		if _, dup := byKey[p.Key]; dup {
			byKey[p.Key] = -1
		} else {
			byKey[p.Key] = i
		}
	}
	if len(byKey) > 0 {
		for i, c := range cur {
			if c.Key == "" {
				continue
			}
			if j, ok := byKey[c.Key]; ok && j >= 0 && !used[j] {
				used[j] = true
				assigned[i] = prev[j].ID
				byKey[c.Key] = -1
			}
		}
	}

	// 2. Role and name, nearest position among the unmatched.
	type rn struct{ role, name string }
	groups := make(map[rn][]int) // previous indexes, ascending
	for j, p := range prev {
		if !used[j] {
			k := rn{p.Role, p.Name}
			groups[k] = append(groups[k], j)
		}
	}
	for i, c := range cur {
		if assigned[i] != 0 {
			continue
		}
		k := rn{c.Role, c.Name}
		g := groups[k]
		if len(g) == 0 {
			continue
		}
		at := sort.SearchInts(g, i) // first previous index >= i
		best := at
		if best == len(g) || (best > 0 && i-g[best-1] <= g[best]-i) {
			best--
		}
		assigned[i] = prev[g[best]].ID
		groups[k] = append(g[:best], g[best+1:]...)
	}

	// 3. Fresh numbers.
	next := maxID + 1
	m := make(map[int]int, len(cur))
	for i := range cur {
		if assigned[i] == 0 {
			assigned[i] = next
			next++
		}
		if assigned[i] != cur[i].Canon {
			m[cur[i].Canon] = assigned[i]
		}
		cur[i].ID = assigned[i]
	}
	if len(m) > 0 {
		if err := t.Renumber(m); err != nil {
			return nil, fmt.Errorf("observe: stabilize: %w", err)
		}
	}
	return cur, nil
}

// RemapLinks returns r with its keys moved from canonical to stable ids as
// elems say. Ids not in elems are dropped.
func RemapLinks(r links.Record, elems []Element) links.Record {
	out := make(links.Record, len(r))
	if len(r) == 0 {
		return out
	}
	stable := make(map[int]int, len(elems))
	for _, e := range elems {
		stable[e.Canon] = e.ID
	}
	for id, u := range r {
		if s, ok := stable[id]; ok {
			out[s] = u
		}
	}
	return out
}
