package roles

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestRoleSlotsAreByName checks the slot table against the map it stands
// for: every name (synonyms included) finds its entry, and strings that
// are not role names, or are one byte off one, find none.
func TestRoleSlotsAreByName(t *testing.T) {
	for name, e := range byName {
		assert.Same(t, e, roleSlots.find(name), name)
		for _, other := range []string{name + "x", name[1:], name[:len(name)-1], "X" + name} {
			assert.Equal(t, byName[other], roleSlots.find(other), other)
		}
	}
	for _, s := range []string{"", "x", "Button", "link ", "\xff", "doc-tocx"} {
		assert.Equal(t, byName[s], roleSlots.find(s), s)
	}
}
