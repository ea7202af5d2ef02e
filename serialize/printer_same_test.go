package serialize

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

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
		size += lineBytes(it.n, it.depth)
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
