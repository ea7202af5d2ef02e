package links

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/accname"
	"github.com/axtree/axtree/axtree"
	"github.com/axtree/axtree/dom"
	"github.com/axtree/axtree/internal/shared"
)

// TestGatherSameAsSet checks gather against gatherBySet, the walk with a
// set of the nodes met that it answers before with ids: the same links in
// the same order on the tree of every corpus page (where the ids are
// used: gatherByID reports true) and on trees the ids cannot vouch for
// (gatherByID reports false and the set walk answers): a shared subtree,
// a cycle, two parents with one id, a parent without an id or with one
// past maxWalkID; and on trees it may walk by ids: shared leaves, nil
// nodes, ids past the bits on the stack, a stack deeper than its buffer.
func TestGatherSameAsSet(t *testing.T) {
	check := func(name string, tr *axtree.Tree, byID bool) {
		t.Helper()
		var want []link
		if tr != nil {
			want = gatherBySet(tr, nil)
		}
		assert.Equal(t, want, gather(tr, nil), "%s", name)
		var buf [foundBuf]link
		got := gather(tr, buf[:0])
		if len(want) == 0 {
			assert.Empty(t, got, "%s: on a buffer", name)
		} else {
			assert.Equal(t, want, got, "%s: on a buffer", name)
		}
		if tr != nil {
			_, ok := gatherByID(tr, nil)
			assert.Equal(t, byID, ok, "%s: walked by ids", name)
		}
	}
	for _, f := range shared.PageFiles(t, filepath.Join("..", "corpus", "pages")) {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		d, err := dom.ParseDoc(b)
		require.NoError(t, err)
		tr := axtree.Build(d, accname.New(d, nil), axtree.Options{})
		check(filepath.Base(f), tr, true)
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
	} {
		check(c.name, c.tr, c.byID)
	}
}
