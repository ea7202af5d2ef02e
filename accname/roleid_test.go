package accname

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"golang.org/x/net/html"

	"github.com/axtree/axtree/dom"
)

// TestRoleIDCache checks that roleID's address cache gives each role string
// one id whatever its address (the same text built twice) and never the id
// of another string (many strings share the cache's slots).
func TestRoleIDCache(t *testing.T) {
	c := New(dom.New(&html.Node{Type: html.DocumentNode}), nil)
	want := map[string]uint16{}
	for round := 0; round < 3; round++ {
		for i := 0; i < 200; i++ {
			r := "role" + strconv.Itoa(i%50) // a fresh string each time, same text
			if round == 1 {
				r = strings.Clone(r)
			}
			id := c.roleID(r)
			if w, ok := want[r]; ok {
				assert.Equal(t, w, id, r)
			} else {
				want[r] = id
			}
			assert.Equal(t, r, c.roleNames[id-1], r)
		}
		for _, r := range []string{"link", "generic", "", "row", "cell"} {
			id := c.roleID(r)
			assert.Equal(t, r, c.roleNames[id-1], r)
		}
	}
	assert.Len(t, c.roleNames, 55)

	// Forget drops the role table: the cache must not answer from it.
	c.Forget()
	for _, r := range []string{"row", "link", "role7"} {
		id := c.roleID(r)
		if assert.NotZero(t, id, r) && assert.LessOrEqual(t, int(id), len(c.roleNames), r) {
			assert.Equal(t, r, c.roleNames[id-1], r)
		}
	}
}
