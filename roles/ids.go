package roles

import "github.com/axtree/axtree/dom"

import "golang.org/x/net/html"

// ID is a small number that stands for a role an element can have (a
// token Names gives), so that code asking the same questions of many
// roles (is it kept, is it a leaf, is it interactive) reads a table
// indexed by the ID instead of comparing strings. ComputeID gives an
// element's role as an ID; IDOf turns a role token into its ID and
// String turns an ID back. The zero ID is NoRole.
//
// IDs are only meaningful within one build of the package: store role
// strings, not IDs.
type ID uint8

// NoRole is the ID of no role (""), and the ID IDOf gives every string
// that is not the token of a role an element can have (unknown strings,
// abstract roles, the synonyms image, presentation and directory).
const NoRole ID = 0

// NumIDs is the number of IDs: NoRole and one for each role Names gives.
// A table indexed by ID needs NumIDs entries.
const NumIDs = int(numIDs)

// String returns the role token id stands for ("" for NoRole and for a
// number that is no ID).
func (id ID) String() string { return idNames[id] }

// Interactive reports whether id's role is a widget a person operates:
// IsInteractive(id.String()).
func (id ID) Interactive() bool { return idEntries[id] != nil && idEntries[id].info.Interactive }

// IDOf returns the ID of role, a role token exactly as Compute gives it
// (lower case, no synonym), or NoRole when role is none of them.
func IDOf(role string) ID {
	e := roleSlots.find(role)
	if e == nil || e.id == NoRole || e.info.Name != role {
		return NoRole // unknown, abstract, or a synonym
	}
	return e.id
}

// ComputeID is Compute giving the role's ID: Compute(d, n) is
// ComputeID(d, n).String().
func ComputeID(d *dom.Doc, n *html.Node) ID { return ComputeIDWith(d, n, nil) }

// idEntries are the role table's entries by ID (nil for NoRole and past
// the last ID), idNames their tokens. Made once at init, which also gives
// every non-abstract entry its ID (its position among them, from 1); only
// read after.
var idEntries, idNames = func() (ents [256]*roleEntry, names [256]string) {
	id := NoRole
	for i := range roleList {
		e := &roleList[i]
		if e.info.Abstract {
			continue
		}
		id++
		e.id = id
		ents[id], names[id] = e, e.info.Name
	}
	return ents, names
}()
