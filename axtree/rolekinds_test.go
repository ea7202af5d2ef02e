package axtree

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/axtree/axtree/roles"
)

// TestRoleKindsSameAsSwitches checks roleKinds, which the builder reads
// by a role's ID, against the string tests it stands for
// (roles.IsInteractive, keptRole, leafRole) for every role an element can
// have and for no role; it fails when a kind is taken from the wrong test
// or a role is left out of the table.
func TestRoleKindsSameAsSwitches(t *testing.T) {
	for _, r := range append(roles.Names(), "") {
		id := roles.IDOf(r)
		if r != "" && !assert.NotEqual(t, roles.NoRole, id, r) {
			continue
		}
		k := roleKinds[id]
		assert.Equal(t, roles.IsInteractive(r), k&kInteractive != 0, "%q interactive", r)
		assert.Equal(t, keptRole(r), k&kKept != 0, "%q kept", r)
		assert.Equal(t, leafRole(r), k&kLeaf != 0, "%q leaf", r)
	}
	for id := roles.NumIDs; id < len(roleKinds); id++ {
		assert.Zero(t, roleKinds[id], "no role has ID %d", id)
	}
	for name, id := range map[string]roles.ID{"img": idImg, "region": idRegion, "form": idForm, "listbox": idListbox} {
		assert.Equal(t, name, id.String())
	}
}
