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

// TestIsInteractiveSameAsTable checks IsInteractive's slots against the
// role table it stands for (the entry's Interactive flag): every role name
// and synonym, the strings one byte off each, and strings that are no
// role, give the same answer.
func TestIsInteractiveSameAsTable(t *testing.T) {
	old := func(s string) bool {
		e := roleSlots.find(s)
		return e != nil && e.info.Interactive
	}
	interactive, want := 0, 0
	for name := range byName {
		for _, s := range []string{name, name + "x", name[1:], name[:len(name)-1], "X" + name, name + name} {
			assert.Equal(t, old(s), IsInteractive(s), s)
		}
		if IsInteractive(name) {
			interactive++
		}
		if old(name) {
			want++
		}
	}
	for _, s := range []string{"", "x", "Button", "link ", "\xff", "tab\x00", "tabx", "gri", "menus", "trees"} {
		assert.Equal(t, old(s), IsInteractive(s), s)
	}
	assert.Equal(t, want, interactive)
	assert.Greater(t, interactive, 20)
}
