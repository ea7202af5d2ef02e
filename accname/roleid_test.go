package accname

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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
			assert.Equal(t, r, c.roleName(id), r)
		}
		for _, r := range []string{"link", "generic", "", "row", "cell"} {
			id := c.roleID(r)
			assert.Equal(t, r, c.roleName(id), r)
		}
	}
	assert.Len(t, c.roleNames, 50, "the roles beyond knownRoles")

	// Prefixes of a role share its address: the cache tells them apart by
	// length, whichever entry they hash to.
	long := strings.Repeat("x", 2*roleHitSlots) // more prefixes than entries
	for round := 0; round < 2; round++ {
		for _, r := range append(knownRoles[:len(knownRoles):len(knownRoles)], long) {
			for k := len(r); k > 0; k-- {
				id := c.roleID(r[:k])
				assert.Equal(t, r[:k], c.roleName(id), "%q", r[:k])
			}
		}
	}

	// Forget drops the role table: the cache must not answer from it.
	c.Forget()
	for _, r := range []string{"row", "link", "role7"} {
		id := c.roleID(r)
		if assert.NotZero(t, id, r) && assert.LessOrEqual(t, int(id), len(knownRoles)+len(c.roleNames), r) {
			assert.Equal(t, r, c.roleName(id), r)
		}
	}
}

// TestKnownRolesCoverCorpus checks that the roles of every element of the
// project's corpus pages are knownRoles: a render makes no role table of
// its own.
func TestKnownRolesCoverCorpus(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "corpus", "pages", "*.html"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, f := range files {
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		d, err := dom.ParseDoc(src)
		require.NoError(t, err)
		c := New(d, nil)
		for _, e := range d.Elements {
			c.Role(e)
		}
		assert.Empty(t, c.roleNames, f)
		assert.Nil(t, c.roleIDs, f)
	}
}

// TestKnownRoleFlags checks the role flags of every known role (and of a
// role beyond them) against allowsContent and contributesContent.
func TestKnownRoleFlags(t *testing.T) {
	c := New(dom.New(&html.Node{Type: html.DocumentNode}), nil)
	for _, r := range append(append([]string{}, knownRoles...), "not-a-role", "sectionhead") {
		for _, id := range []uint16{c.roleID(r), 0} {
			f := roleFlagsByID(id, r)
			assert.Equal(t, allowsContent(r), f&rfAllows != 0, r)
			assert.Equal(t, contributesContent(r), f&rfContributes != 0, r)
			assert.Equal(t, embeddedRole(r), f&rfEmbedded != 0, r)
		}
	}
}

// TestEmbeddedOnlyForEmbeddedRoles checks that embedded gives nothing for
// the roles rfEmbedded leaves out (node does not ask it for them), on
// every kind of element it reads a value of.
func TestEmbeddedOnlyForEmbeddedRoles(t *testing.T) {
	d, err := dom.ParseDoc([]byte(`<input value=v aria-valuenow=3 aria-valuetext=t><textarea>x</textarea>
		<select><option selected>o</select><meter value=2></meter><progress value=1></progress>
		<div role=textbox aria-valuenow=1>c</div><input type=range value=5>`))
	require.NoError(t, err)
	c := New(d, nil)
	roles := append(append([]string{}, knownRoles...), "not-a-role")
	for _, e := range d.Elements {
		for _, r := range roles {
			w := c.begin(d.Elements[0])
			_, ok := w.embedded(e, r, mRecursing, 1)
			if !embeddedRole(r) {
				assert.False(t, ok, "<%s> as %q", e.Data, r)
			}
		}
	}
}

// TestRoleAndIDSameAsRole checks roleAndID against Role on every element
// of the corpus pages, asked first and asked again: the same role, and an
// id that names it (0 only outside the index).
func TestRoleAndIDSameAsRole(t *testing.T) {
	for _, p := range corpusPages(t) {
		d, err := dom.ParseDoc(p.src)
		require.NoError(t, err, p.name)
		ref, c := New(d, nil), New(d, nil)
		for round := 0; round < 2; round++ {
			for i, e := range d.Elements {
				r, id := c.roleAndID(e)
				if !assert.Equal(t, ref.Role(e), r, "%s: element %d", p.name, i) {
					break
				}
				if assert.NotZero(t, id, "%s: element %d", p.name, i) {
					assert.Equal(t, r, c.roleName(id), "%s: element %d", p.name, i)
				}
			}
		}
		outside := &html.Node{Type: html.ElementNode, Data: "a", Attr: []html.Attribute{{Key: "href", Val: "/x"}}}
		r, id := c.roleAndID(outside)
		assert.Equal(t, ref.Role(outside), r)
		assert.Zero(t, id, "an element outside the index has its role in the map")
		r, _ = c.roleAndID(outside)
		assert.Equal(t, ref.Role(outside), r)
	}
}
