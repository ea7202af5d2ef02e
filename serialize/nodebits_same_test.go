package serialize

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/accname"
	"github.com/axtree/axtree/axtree"
	"github.com/axtree/axtree/dom"
	"github.com/axtree/axtree/internal/ptrset"
	"github.com/axtree/axtree/internal/shared"
)

// TestNodeBitsSameAsPtrset checks makeNodeBits' set against a ptrset.Set
// (the exact answers): in long random sequences of add (alone, and after
// addBit as the walk asks), has and delete (of members only, as
// undoQuiet deletes), over pools of nodes with ids in and past the bits,
// no id and negative ids, the same answers as long as no clash is noted;
// with each id on one node no clash is ever noted, and a node of an id
// held by another, or met again, is noted as one.
func TestNodeBitsSameAsPtrset(t *testing.T) {
	for seed := uint64(1); seed <= 60; seed++ {
		r := rand.New(rand.NewPCG(seed, seed*13))
		hint := []int{0, 1, 5, 64, 300}[seed%5]
		unique := seed%2 == 0
		var pool []*axtree.Node
		used := map[int]bool{}
		for i := 0; i < 40; i++ {
			id := r.IntN(hint + 80)
			switch r.IntN(6) {
			case 0:
				id = 0
			case 1:
				id = -r.IntN(3)
			case 2:
				id = maxSlots + r.IntN(200)
			}
			if unique && id > 0 {
				if used[id] {
					continue
				}
				used[id] = true
			}
			pool = append(pool, &axtree.Node{ID: id})
		}
		pool = append(pool, nil)
		s := makeNodeBits(hint, int(seed%3))
		var want ptrset.Set[axtree.Node]
		for step := 0; step < 3000; step++ {
			n := pool[r.IntN(len(pool))]
			held := n != nil && n.ID != 0 && uint(n.ID)>>6 < uint(len(s.bits)) && slicesHasID(pool, &want, n.ID)
			member := want.Has(n)
			var got, exp bool
			switch r.IntN(4) {
			case 0:
				exp, got = want.Add(n), s.add(n)
			case 3:
				if n == nil {
					continue
				}
				exp, got = want.Add(n), s.addBit(n) || s.add(n)
			case 1:
				exp, got = want.Has(n), s.has(n)
			default:
				if want.Has(n) {
					want.Delete(n)
					s.delete(n)
				}
				continue
			}
			if s.clash {
				// only a node whose id's bit a member holds clashes
				// (with unique ids: the member itself)
				assert.True(t, held, "seed %d step %d: a clash on a free id %v", seed, step, n)
				assert.False(t, unique && !member, "seed %d step %d: a clash on a new node", seed, step)
				break
			}
			assert.False(t, held, "seed %d step %d: no clash on held id %v", seed, step, n)
			assert.Equal(t, exp, got, "seed %d step %d: id %v", seed, step, n)
		}
	}
	// a node met again, and another node of a held id, clash
	a, b := &axtree.Node{ID: 3}, &axtree.Node{ID: 3}
	s := makeNodeBits(10, 0)
	assert.True(t, s.addBit(a))
	assert.False(t, s.add(a))
	assert.True(t, s.clash)
	s = makeNodeBits(10, 0)
	assert.True(t, s.add(a))
	assert.True(t, s.has(b))
	assert.True(t, s.clash)
	// a deleted member's id is free again
	s = makeNodeBits(10, 0)
	assert.True(t, s.add(a))
	s.delete(a)
	assert.False(t, s.has(a))
	assert.True(t, s.addBit(b))
	assert.False(t, s.clash)
}

// slicesHasID reports whether a member of want among pool has id.
func slicesHasID(pool []*axtree.Node, want *ptrset.Set[axtree.Node], id int) bool {
	for _, m := range pool {
		if m != nil && m.ID == id && want.Has(m) {
			return true
		}
	}
	return false
}

// exactText is AppendText as it was before makeNodeBits: the seen set
// is makeNodeSet's from the start. The reference for
// TestAppendTextBitsSameAsExact.
func exactText(dst []byte, t *axtree.Tree, opt Options) []byte {
	p := printer{opt: opt.resolved(), buf: dst, exact: true}
	p.text(t)
	return p.buf
}

// bitsCases are hand-built trees the bits of a seen set cannot print
// alone: a cycle, a shared subtree, a shared text, two nodes of one id
// (leaves and with children, in a row whose cells quietWalk asks about),
// a row's cell met again, ids past the count of nodes, negative ids and
// elements without an id.
func bitsCases() map[string]*axtree.Tree {
	loop := el(1, "group", "loop")
	loop.Children = []*axtree.Node{txt("in"), loop, el(2, "button", "after")}
	sub := el(3, "list", "shared", txt("item"), el(4, "link", "x"))
	shText := txt("shared text")
	cell := el(12, "cell", "c")
	row := el(11, "row", "", cell, el(13, "cell", "d"))
	row2 := el(14, "row", "", el(15, "cell", "e"), cell)
	return map[string]*axtree.Tree{
		"cycle":         {Roots: []*axtree.Node{loop, loop}},
		"shared":        {Roots: []*axtree.Node{el(5, "group", "", sub, nil, sub), sub}},
		"shared text":   {Roots: []*axtree.Node{el(5, "group", "", shText, el(6, "link", "l"), shText), shText}},
		"dup ids":       {Roots: []*axtree.Node{el(7, "button", "one"), el(7, "button", "two"), el(8, "list", "", el(7, "link", "three"))}},
		"dup with kids": {Roots: []*axtree.Node{el(9, "group", "g", el(10, "link", "a")), el(9, "group", "h", el(10, "link", "b"))}},
		"dup in row": {Roots: []*axtree.Node{el(20, "table", "t", el(21, "row", "", el(22, "cell", "a"), el(23, "cell", "b")),
			el(24, "row", "", el(22, "cell", "c"), el(25, "cell", "d")))}},
		"cell again": {Roots: []*axtree.Node{el(10, "table", "t", row, row2, cell)}},
		"big ids":    {Roots: []*axtree.Node{el(1000, "button", "b", el(5000, "link", "l")), el(maxSlots+5, "link", "m"), el(1000, "link", "again")}},
		"negative":   {Roots: []*axtree.Node{el(-1, "button", "n"), el(-1, "button", "n2"), el(0, "button", "z"), el(0, "button", "z")}},
		"plain":      {Roots: []*axtree.Node{el(1, "main", "", el(2, "link", "a"), txt("t"), el(3, "table", "", el(4, "row", "", el(5, "cell", "x"))))}},
	}
}

// TestAppendTextBitsSameAsExact checks AppendText, whose seen set holds
// ids in bits, against exactText and Render (makeNodeSet's set) on every
// corpus page's tree, with the default options, the state inline and a
// MaxDepth of 3, where no clash may be noted (no page prints twice), and
// on the hand-built trees of bitsCases, which print again after a clash.
func TestAppendTextBitsSameAsExact(t *testing.T) {
	trees := bitsCases()
	for _, f := range shared.PageFiles(t, filepath.Join("..", "corpus", "pages")) {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		d, err := dom.ParseDoc(b)
		require.NoError(t, err)
		tree := axtree.Build(d, accname.New(d, nil), axtree.Options{})
		name := filepath.Base(f)
		trees[name] = tree
		p := printer{opt: Options{}.resolved()}
		p.text(tree)
		assert.False(t, p.exact, "%s: printed twice (a clash in a built tree)", name)
	}
	for name, tr := range trees {
		for _, opt := range []Options{{}, {InlineState: true}, {MaxDepth: 3}, {IndentTabs: true}} {
			want := string(exactText([]byte("prefix "), tr, opt))
			assert.Equal(t, want, string(AppendText([]byte("prefix "), tr, opt)), "%s %+v", name, opt)
			var w bytes.Buffer
			require.NoError(t, Render(&w, tr, opt))
			assert.Equal(t, want, "prefix "+w.String(), "%s %+v: Render", name, opt)
		}
	}
}

// oldIDLineBytes is lineBytes as it was before it left out the id of a
// part that never prints one: " [id=NNN]" for every element with an id.
func oldIDLineBytes(n *axtree.Node) int {
	b := len(n.Name) + 1
	if n.Role == "" {
		return b
	}
	b += len(n.Role) + 4
	if n.ID > 0 {
		b += 9
	}
	return b
}

// TestPartEstimateDropsOnlyUnprintedIDs checks lineBytes less the id
// unprintedID takes off, which counts no id for a part role (heading, img, listitem, row, cell, columnheader,
// rowheader) without Detail that is not Focusable, against the estimate
// with every id counted (oldIDLineBytes): the two differ only by the
// nine bytes of an id, and only for an element that prints none
// (Node.Addressable false), on every node of every corpus page and of
// trees of each part role and others, Focusable, with an action,
// checked, a value, a prop or a state other than the form state's. (That
// the estimate holds the text on the corpus, TestPresizeHoldsTheText.)
func TestPartEstimateDropsOnlyUnprintedIDs(t *testing.T) {
	var trees []*axtree.Tree
	for _, f := range shared.PageFiles(t, filepath.Join("..", "corpus", "pages")) {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		d, err := dom.ParseDoc(b)
		require.NoError(t, err)
		trees = append(trees, axtree.Build(d, accname.New(d, nil), axtree.Options{}))
	}
	var kids []*axtree.Node
	for _, role := range []string{"heading", "img", "listitem", "row", "cell", "columnheader", "rowheader", "link", "group", "Cell", "cell "} {
		for i := 0; i < 8; i++ {
			n := el(100+i, role, "name")
			switch i {
			case 0:
				n.Focusable = true
			case 1:
				n.Detail = &axtree.Detail{Actions: []string{"click"}}
			case 2:
				n.Detail = &axtree.Detail{States: []axtree.Attr{{Key: "checked"}}}
			case 3:
				n.Detail = &axtree.Detail{Props: []axtree.Attr{{Key: "value", Value: "v"}}}
			case 4:
				n.Detail = &axtree.Detail{Props: []axtree.Attr{{Key: "placeholder"}}}
			case 5:
				n.Detail = &axtree.Detail{States: []axtree.Attr{{Key: "expanded"}}}
			case 6:
				n.ID = 0
			}
			kids = append(kids, n)
		}
	}
	trees = append(trees, &axtree.Tree{Roots: kids})
	parts, dropped := 0, 0
	for _, tree := range trees {
		tree.Walk(func(n *axtree.Node, _ int) bool {
			old, got := oldIDLineBytes(n), lineBytes(n)
			if unprintedID(n) {
				got -= 9
			}
			if axtree.PartRole(n.Role) && n.ID > 0 {
				parts++
			}
			if got != old {
				dropped++
				assert.Equal(t, old-9, got, "%+v", n)
				assert.False(t, n.Addressable(), "%+v: its id prints", n)
			}
			return true
		})
	}
	assert.Greater(t, dropped, 1000)
	assert.Greater(t, parts, dropped)
}
