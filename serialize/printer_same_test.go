package serialize

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/accname"
	"github.com/axtree/axtree/axtree"
	"github.com/axtree/axtree/dom"
	"github.com/axtree/axtree/internal/shared"
)

// oldSizeHint is sizeHint as it was before it kept a stack of sibling
// lists: every node pushed and popped. The reference for
// TestSizeHintSameAsNodeStack.
func oldSizeHint(p *printer, roots []*axtree.Node) (count, size int) {
	const bound = 1 << 16
	p.stack = p.push(p.stack[:0], roots, 0)
	for len(p.stack) > 0 && count < bound {
		it := p.stack[len(p.stack)-1]
		p.stack = p.stack[:len(p.stack)-1]
		if it.n == nil || it.depth >= p.opt.MaxDepth {
			continue
		}
		count++
		size += lineBytes(it.n)
		if !it.n.Joined {
			size += 2 * it.depth
		}
		if it.n.Detail != nil {
			size += detailBytes(it.n.Detail)
		}
		p.stack = p.push(p.stack, it.n.Children, it.depth+1)
	}
	p.stack = p.stack[:0]
	return count, size
}

// TestSizeHintSameAsNodeStack checks sizeHint's count and size against the
// node-by-node walk it replaced on the tree of every corpus page (and the
// same trees cut at a small MaxDepth) and on edge cases: no roots, nil
// roots and children, a node shared twice, a chain deeper than MaxDepth,
// and more siblings than the count's bound.
func TestSizeHintSameAsNodeStack(t *testing.T) {
	var trees [][]*axtree.Node
	for _, f := range shared.PageFiles(t, filepath.Join("..", "corpus", "pages")) {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		d, err := dom.ParseDoc(b)
		require.NoError(t, err)
		trees = append(trees, axtree.Build(d, nil, axtree.Options{}).Roots)
	}
	twice := el(3, "button", "twice")
	deep := el(1, "group", "0")
	for n, i := deep, 0; i < 400; i++ {
		c := el(i+2, "group", "x")
		n.Children = []*axtree.Node{c, nil}
		n = c
	}
	wide := el(1, "list", "wide")
	for i := 0; i < 1<<16+10; i++ {
		wide.Children = append(wide.Children, &axtree.Node{Name: "item"})
	}
	trees = append(trees, nil, []*axtree.Node{nil}, []*axtree.Node{nil, el(1, "link", "a"), nil},
		[]*axtree.Node{el(1, "list", "", twice, nil, twice), twice}, []*axtree.Node{deep}, []*axtree.Node{wide, deep})
	for i, roots := range trees {
		for _, maxDepth := range []int{0, 1, 3, 300} {
			p := newPrinter(Options{MaxDepth: maxDepth}, nil)
			wantCount, wantSize := oldSizeHint(p, roots)
			count, size := p.sizeHint(roots)
			assert.Equal(t, wantCount, count, "tree %d, MaxDepth %d: count", i, maxDepth)
			assert.Equal(t, wantSize, size, "tree %d, MaxDepth %d: size", i, maxDepth)
		}
	}
}

// oldLineBytes is lineBytes as it was before it told texts, joined pieces
// and ids apart: 24 bytes a node on top of indent, role and name. The
// reference for TestPresizeHoldsTheText.
func oldLineBytes(n *axtree.Node, depth int) int {
	b := 2*depth + len(n.Role) + len(n.Name) + 24
	d := n.Detail
	if d == nil {
		return b
	}
	for _, a := range d.States {
		b += len(a.Key) + len(a.Value) + 6
	}
	for _, a := range d.Props {
		b += len(a.Key) + len(a.Value) + 6
	}
	for _, a := range d.Actions {
		b += len(a) + 2
	}
	return b
}

// TestPresizeHoldsTheText checks, on the tree of every corpus page, that
// the room AppendText makes in advance (presize of sizeHint's estimate)
// holds the whole text it then prints (the estimate alone does, and is
// at most twice the text), in the default form, with tabs and with the
// state inline, so the buffer is never grown and copied; and that the
// estimate is no larger than the old one (24 bytes a node over indent,
// role and name), which it replaced for being up to twice the text. The
// output is the same as Render's, which makes no room.
func TestPresizeHoldsTheText(t *testing.T) {
	for _, f := range shared.PageFiles(t, filepath.Join("..", "corpus", "pages")) {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		d, err := dom.ParseDoc(b)
		require.NoError(t, err)
		tree := axtree.Build(d, accname.New(d, nil), axtree.Options{})
		for _, opt := range []Options{{}, {IndentTabs: true}, {InlineState: true}} {
			name := filepath.Base(f)
			p := newPrinter(opt, nil)
			_, size := p.sizeHint(tree.Roots)
			out := AppendText(nil, tree, opt)
			assert.LessOrEqual(t, len(out), size, "%s %+v: the text outgrows its estimate", name, opt)
			assert.LessOrEqual(t, size, 2*len(out), "%s %+v: the estimate is over twice the text", name, opt)
			assert.Equal(t, cap(slices.Grow([]byte(nil), presize(size))), cap(out), "%s %+v: the buffer grew", name, opt)
			var w bytes.Buffer
			require.NoError(t, Render(&w, tree, opt))
			assert.Equal(t, w.String(), string(out), "%s %+v", name, opt)
			if opt.IndentTabs {
				continue // the old estimate counted two bytes a level
			}
			old := 0
			tree.Walk(func(n *axtree.Node, depth int) bool {
				old += oldLineBytes(n, depth)
				return true
			})
			assert.LessOrEqual(t, size, old, "%s %+v: the estimate grew", name, opt)
		}
	}
}

// TestRoleFactsSameAsScan checks the printer's remembered role facts
// against cleanKey, cellContext and cellRole, which read the bytes each
// time: every role of every corpus page's tree, in tree order, and odd
// roles (empty, with spaces, upper case, control bytes, long, non-ASCII,
// the same bytes at another address, one address under two lengths),
// asked twice and in an order that makes roles share and evict slots.
func TestRoleFactsSameAsScan(t *testing.T) {
	var roles []string
	for _, f := range shared.PageFiles(t, filepath.Join("..", "corpus", "pages")) {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		d, err := dom.ParseDoc(b)
		require.NoError(t, err)
		axtree.Build(d, accname.New(d, nil), axtree.Options{}).Walk(func(n *axtree.Node, _ int) bool {
			roles = append(roles, n.Role)
			return true
		})
	}
	odd := []string{"", "grid cell", "Grid", "ro\x00w", "table\n", "treegrid", "link", "columnheader",
		strings.Repeat("row", 40), "réle", "[link]", string([]byte("gridcell")), string([]byte("link"))}
	for i := 0; i < 3*roleSlots; i++ {
		odd = append(odd, fmt.Sprintf("role%d", i), "cell", fmt.Sprintf("g r i d%d", i%3))
	}
	// one string's bytes under two lengths that share a slot
	long := string([]byte("gridcell" + strings.Repeat("x", roleSlots)))
	odd = append(odd, long[:8], long, long[:4], long[:4+roleSlots], long[:8])
	roles = append(roles, odd...)
	roles = append(roles, odd...)
	p := newPrinter(Options{}, nil)
	for i, r := range roles {
		f := p.role(r)
		assert.Equal(t, cleanKey(r), f.key, "%d %q: key", i, r)
		assert.Equal(t, cellContext(r), f.ctx, "%d %q: cell context", i, r)
		assert.Equal(t, cellRole(r), f.cell, "%d %q: cell role", i, r)
	}
}
