package links

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/accname"
	"github.com/axtree/axtree/axtree"
	"github.com/axtree/axtree/dom"
	"github.com/axtree/axtree/internal/ptrset"
	"github.com/axtree/axtree/internal/shared"
)

// oldGather is gather as it was before it walked by ids into a linkList:
// a set of the nodes with children met, the links in one slice grown by
// append. The reference for TestGatherSameAsSet.
func oldGather(t *axtree.Tree) []link {
	if t == nil {
		return nil
	}
	var seen ptrset.Set[axtree.Node]
	var found []link
	stack := append([]*axtree.Node(nil), t.Roots...)
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if n == nil {
			continue
		}
		if len(n.Children) > 0 {
			if !seen.Add(n) {
				continue
			}
		}
		if n.ID > 0 && n.Href != "" {
			found = append(found, link{n.ID, n.Href})
		}
		for i := len(n.Children) - 1; i >= 0; i-- {
			stack = append(stack, n.Children[i])
		}
	}
	return found
}

// oldCollect is CollectBounded as it was before the linkList: oldGather,
// then the kept links compacted in place and put in a map. The reference
// for TestCollectSameAsOld.
func oldCollect(t *axtree.Tree, pageURL, baseHref string) (Record, bool) {
	found := oldGather(t)
	if len(found) == 0 {
		return Record{}, false
	}
	if pageURL == "" {
		pageURL = t.URL
	}
	res := newResolver(Base(pageURL, baseHref))
	long := false
	kept := found[:0]
	for _, l := range found {
		u, ok, tooLong := res.resolve(l.href)
		if ok {
			kept = append(kept, link{l.id, u})
		}
		long = long || tooLong
	}
	r := make(Record, len(kept))
	for _, l := range kept {
		r[l.id] = l.href
	}
	return r, long
}

// gathered returns gather's list for t, on a first buffer of room links.
func gathered(t *axtree.Tree, room int) []link {
	ls := linkList{first: make([]link, room)}
	gather(t, &ls)
	if ls.len() == 0 {
		return nil
	}
	return ls.kept(ls.len())
}

// corpusTrees returns the built tree of every corpus page by file name.
func corpusTrees(t *testing.T) map[string]*axtree.Tree {
	trees := map[string]*axtree.Tree{}
	for _, f := range shared.PageFiles(t, filepath.Join("..", "corpus", "pages")) {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		d, err := dom.ParseDoc(b)
		require.NoError(t, err)
		trees[filepath.Base(f)] = axtree.Build(d, accname.New(d, nil), axtree.Options{})
	}
	return trees
}

// manyLinks returns a tree of n links under one list, every third one a
// javascript: link Resolve drops and every fifth one too long to keep.
func manyLinks(n int) *axtree.Tree {
	list := &axtree.Node{ID: 1, Role: "list"}
	for i := 0; i < n; i++ {
		href := fmt.Sprintf("/p/%d", i)
		switch {
		case i%3 == 0:
			href = "javascript:void(0)"
		case i%5 == 0:
			href = "/" + strings.Repeat("x", MaxURLBytes)
		}
		list.Children = append(list.Children, &axtree.Node{ID: i + 2, Role: "link", Name: "x", Href: href})
	}
	return &axtree.Tree{URL: "https://a.test/", Roots: []*axtree.Node{list}}
}

// TestGatherSameAsSet checks gather against oldGather, the walk with a
// set of the nodes met and one growing slice that it replaced: the same
// links in the same order, on first buffers of 0, 1, 32 and 100 links,
// on the tree of every corpus page (where the ids are used: gatherByID
// reports true) and on trees the ids cannot vouch for (gatherByID reports
// false and the set walk answers): a shared subtree, a cycle, two parents
// with one id, a parent without an id or with one past maxWalkID; and on
// trees it may walk by ids: shared leaves, nil nodes, ids past the bits on
// the stack, a stack deeper than its buffer, links past several chunks.
func TestGatherSameAsSet(t *testing.T) {
	check := func(name string, tr *axtree.Tree, byID bool) {
		t.Helper()
		want := oldGather(tr)
		for _, room := range []int{0, 1, foundBuf, 100} {
			assert.Equal(t, want, gathered(tr, room), "%s, room %d", name, room)
		}
		if tr != nil {
			ls := linkList{first: make([]link, foundBuf)}
			assert.Equal(t, byID, gatherByID(tr, &ls), "%s: walked by ids", name)
		}
	}
	for name, tr := range corpusTrees(t) {
		check(name, tr, true)
	}
	a := func(id int, href string, kids ...*axtree.Node) *axtree.Node {
		return &axtree.Node{ID: id, Role: "link", Name: "x", Href: href, Children: kids}
	}
	leaf := a(5, "/leaf")
	sub := a(6, "/sub", a(7, "/in"))
	loop := a(8, "/loop")
	loop.Children = []*axtree.Node{a(9, "/x"), loop}
	deep := a(1, "/d0")
	for n, i := deep, 2; i < 300; i++ {
		c := a(i, "/d")
		n.Children = []*axtree.Node{c, a(i+1000, "/side"), nil}
		n = c
	}
	wide := &axtree.Tree{}
	for i := 1; i <= 200; i++ {
		wide.Roots = append(wide.Roots, a(i*97, "/w", a(i*97+1, "/k")))
	}
	for _, c := range []struct {
		name string
		tr   *axtree.Tree
		byID bool
	}{
		{"nil tree", nil, true},
		{"no roots", &axtree.Tree{}, true},
		{"nil roots", &axtree.Tree{Roots: []*axtree.Node{nil, a(1, "/a"), nil}}, true},
		{"shared leaf", &axtree.Tree{Roots: []*axtree.Node{a(1, "/p", leaf, leaf), a(2, "/q", leaf)}}, true},
		{"shared subtree", &axtree.Tree{Roots: []*axtree.Node{a(1, "/p", sub), a(2, "/q", sub)}}, false},
		{"cycle", &axtree.Tree{Roots: []*axtree.Node{a(1, "/p", loop)}}, false},
		{"root twice", &axtree.Tree{Roots: []*axtree.Node{sub, sub}}, false},
		{"two parents, one id", &axtree.Tree{Roots: []*axtree.Node{a(3, "/p", a(4, "/c")), a(3, "/q", a(5, "/d"))}}, false},
		{"parent without id", &axtree.Tree{Roots: []*axtree.Node{a(1, "/p", &axtree.Node{Name: "t", Children: []*axtree.Node{a(2, "/c")}})}}, false},
		{"parent past the bits", &axtree.Tree{Roots: []*axtree.Node{a(maxWalkID, "/p", a(2, "/c"))}}, false},
		{"parent just below", &axtree.Tree{Roots: []*axtree.Node{a(maxWalkID-1, "/p", a(2, "/c"))}}, true},
		{"deep", &axtree.Tree{Roots: []*axtree.Node{deep}}, true},
		{"wide, ids past 1,024", wide, true},
		{"500 links", manyLinks(500), true},
	} {
		check(c.name, c.tr, c.byID)
	}
}

// TestCollectSameAsOld checks CollectBounded and CollectTable against
// oldCollect, the collection into one slice compacted in place that the
// linkList replaced: the same entries and the same report of a URL left
// out for its length, on every corpus page with and without a page URL,
// and on trees of links past the first buffer and several chunks, some
// dropped (javascript:) and some too long, and on a tree that falls back
// to the set walk after filling the first buffer.
func TestCollectSameAsOld(t *testing.T) {
	trees := corpusTrees(t)
	for _, n := range []int{0, 1, foundBuf - 1, foundBuf, foundBuf + 1, 3*foundBuf + 5, 1000} {
		trees[fmt.Sprintf("%d links", n)] = manyLinks(n)
	}
	shared := manyLinks(100)
	shared.Roots = append(shared.Roots, shared.Roots[0]) // the list twice: the ids cannot vouch
	trees["list twice"] = shared
	for name, tr := range trees {
		for _, page := range []string{"", "https://example.com/dir/page?q=1"} {
			want, wantLong := oldCollect(tr, page, "")
			got, long := CollectBounded(tr, page, "")
			assert.Equal(t, want, got, "%s %q: record", name, page)
			assert.Equal(t, wantLong, long, "%s %q: long", name, page)
			tab, long := CollectTable(tr, page, "")
			assert.Equal(t, want, tab.Record(), "%s %q: table", name, page)
			assert.Equal(t, wantLong, long, "%s %q: table long", name, page)
		}
	}
}
