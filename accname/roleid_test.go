package accname

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"

	"github.com/axtree/axtree/dom"
	"github.com/axtree/axtree/roles"
)

// allRoles are the roles an element can have (roles.Names) and "".
func allRoles() []string { return append(roles.Names(), "") }

// TestKnownRoleFlags checks the role flags of every role's ID (and of
// NoRole with roles beyond them) against allowsContent,
// contributesContent and embeddedRole.
func TestKnownRoleFlags(t *testing.T) {
	for _, r := range append(allRoles(), "not-a-role", "sectionhead", "image", "presentation") {
		for _, id := range []roles.ID{roles.IDOf(r), roles.NoRole} {
			if id != roles.NoRole {
				require.Equal(t, r, id.String())
			}
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
	for _, e := range d.Elements {
		for _, r := range append(allRoles(), "not-a-role") {
			w := c.begin(d.Elements[0])
			_, ok := w.embedded(e, r, mRecursing, 1)
			if !embeddedRole(r) {
				assert.False(t, ok, "<%s> as %q", e.Data, r)
			}
		}
	}
}

// TestRoleAndIDSameAsRole checks roleAndID and RoleID against
// roles.Compute on every element of the corpus pages, asked first and
// asked again, and on an element outside the index (memoized in the map):
// the same role, and its ID.
func TestRoleAndIDSameAsRole(t *testing.T) {
	for _, p := range corpusPages(t) {
		d, err := dom.ParseDoc(p.src)
		require.NoError(t, err, p.name)
		c := New(d, nil)
		for round := 0; round < 2; round++ {
			for i, e := range d.Elements {
				want := roles.Compute(d, e)
				r, id := c.roleAndID(e)
				if !assert.Equal(t, want, r, "%s: element %d", p.name, i) {
					break
				}
				assert.Equal(t, roles.IDOf(want), id, "%s: element %d", p.name, i)
				assert.Equal(t, id, c.RoleID(e), "%s: element %d", p.name, i)
				assert.Equal(t, want, c.Role(e), "%s: element %d", p.name, i)
			}
		}
		outside := &html.Node{Type: html.ElementNode, Data: "a", Attr: []html.Attribute{{Key: "href", Val: "/x"}}}
		for round := 0; round < 2; round++ {
			r, id := c.roleAndID(outside)
			assert.Equal(t, "link", r)
			assert.Equal(t, roles.IDOf("link"), id)
			assert.Equal(t, "link", c.Role(outside))
		}
		assert.NotEmpty(t, c.roles, "an element outside the index has its role in the map")
		text := &html.Node{Type: html.TextNode, Data: "x"}
		assert.Equal(t, roles.NoRole, c.RoleID(text))
		assert.Equal(t, "", c.Role(text))
	}
}
