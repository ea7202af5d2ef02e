package accname

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/dom"
)

// TestMemoPoolReuse renders the corpus pages one after another, as
// renders do: each Computer names, describes and asks the role and
// hidden-ness of every element, then Forget gives its memo to memoPool.
// The next New's memo (from the pool when it holds one large enough) must
// be all zero slots, and its answers those of a Computer whose memo was
// made fresh.
func TestMemoPoolReuse(t *testing.T) {
	pages := corpusPages(t)
	pages = append(pages, pages...) // large pages after small ones, and the reverse
	reused := 0
	for _, p := range pages {
		d, err := dom.ParseDoc(p.src)
		require.NoError(t, err, p.name)
		c := New(d, nil)
		if c.box != nil {
			reused++
		}
		for i := range c.memo[:cap(c.memo)] {
			if !assert.Equal(t, slot{}, c.memo[:cap(c.memo)][i], "%s: slot %d of a new memo", p.name, i) {
				return
			}
		}
		fd, err := dom.ParseDoc(p.src)
		require.NoError(t, err, p.name)
		fresh := New(fd, nil)
		fresh.memo = make([]slot, fd.Len())
		for i, n := range d.Elements {
			f := fd.Elements[i]
			if !assert.Equal(t, fresh.RoleID(f), c.RoleID(n), "%s: role of element %d", p.name, i) ||
				!assert.Equal(t, fresh.Hidden(f), c.Hidden(n), "%s: hidden element %d", p.name, i) ||
				!assert.Equal(t, fresh.Name(f), c.Name(n), "%s: name of element %d", p.name, i) ||
				!assert.Equal(t, fresh.Description(f), c.Description(n), "%s: description of element %d", p.name, i) {
				return
			}
		}
		c.Forget()
		assert.Nil(t, c.memo, p.name)
	}
	t.Logf("%d of %d memos came from the pool", reused, len(pages))
}
