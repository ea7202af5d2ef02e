package serialize

import (
	"strings"
	"testing"

	"github.com/axtree/axtree/axtree"
	"github.com/axtree/axtree/roles"
)

// TestLearnRoleSameAsComputed checks the facts learnRole takes from
// knownRoleFacts (the roles package's roles, by ID) against cleanKey,
// cellContext, cellRole and axtree.PartRole on the same string (and the
// "[key] " of a known role against the key): every role name, their
// upper-case and spaced forms, synonyms and abstract roles (which IDOf
// does not answer), and strings that are no role.
func TestLearnRoleSameAsComputed(t *testing.T) {
	names := []string{"", "x", "cell?", "row ", " row", "Grid", "none", "presentation", "structure", "widget", "landmark", "directory", "image", "img"}
	for id := range roles.NumIDs {
		n := roles.ID(id).String()
		names = append(names, n, strings.ToUpper(n), n+" ", "["+n+"]", n+"x")
	}
	known := 0
	var p printer
	for _, n := range names {
		var f roleFacts
		got := p.learnRole(&f, n)
		want := roleFacts{data: got.data, n: len(n), key: cleanKey(n), ctx: cellContext(n), cell: cellRole(n), part: axtree.PartRole(n)}
		if roles.IDOf(n) != roles.NoRole && want.key != "" {
			want.open = "[" + want.key + "] " // appendRole's bytes and a space; learnt roles have none
		}
		if *got != want {
			t.Fatalf("learnRole(%q) = %+v, want %+v", n, *got, want)
		}
		if roles.IDOf(n) != roles.NoRole {
			known++
		}
	}
	if known < roles.NumIDs-1 {
		t.Fatalf("only %d roles found by ID", known)
	}
}
