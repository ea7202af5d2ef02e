package axtree

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/axtree/axtree/roles"
)

// addressableBefore is Node.Addressable as it was before it skipped the
// interactive-role probe for part roles.
func addressableBefore(n *Node) bool {
	if n == nil || n.Role == "" {
		return false
	}
	if !PartRole(n.Role) || n.Focusable || n.Operable() {
		return true
	}
	for _, a := range n.States() {
		if a.Key == "checked" || a.Key == "selected" {
			return true
		}
	}
	for _, a := range n.Props() {
		if a.Key == "value" {
			return true
		}
	}
	return false
}

// TestPartRolesAreNotInteractive: Addressable leans on it.
func TestPartRolesAreNotInteractive(t *testing.T) {
	parts := 0
	for _, r := range append(roles.Names(), "generic", "heading", "img", "listitem", "row", "cell", "columnheader", "rowheader") {
		if PartRole(r) {
			parts++
			assert.False(t, roles.IsInteractive(r), r)
		}
	}
	assert.Equal(t, 14, parts) // the seven part roles, each twice
}

// TestAddressableSameAsBefore: every role (and none, and one unknown),
// focusable or not, with no Detail or with each kind of Detail content.
func TestAddressableSameAsBefore(t *testing.T) {
	details := []*Detail{
		nil,
		{},
		{Actions: []string{"click"}},
		{States: []Attr{{"checked", ""}}},
		{States: []Attr{{"checked", "mixed"}}},
		{States: []Attr{{"expanded", ""}, {"selected", ""}}},
		{States: []Attr{{"level", "2"}}},
		{Props: []Attr{{"value", "x"}}},
		{Props: []Attr{{"required", ""}, {"placeholder", "p"}}},
		{More: 3},
	}
	rs := append(roles.Names(), "", "generic", "no-such-role")
	yes, no := 0, 0
	for _, r := range rs {
		for _, focusable := range []bool{false, true} {
			for _, d := range details {
				n := &Node{Role: r, Focusable: focusable, Detail: d}
				want := addressableBefore(n)
				assert.Equal(t, want, n.Addressable(), "%q focusable=%v detail=%+v", r, focusable, d)
				if want {
					yes++
				} else {
					no++
				}
			}
		}
	}
	assert.False(t, (*Node)(nil).Addressable())
	assert.Positive(t, yes)
	assert.Positive(t, no)
}
