// Package listeners models which event listeners an element has and who
// registered them: a record of event types, each with a bitmask of sources.
//
// The bit layout of Source matches the one used by browser extensions in
// this field and must not change.
package listeners

// Source is a bitmask of where a listener came from.
type Source uint16

// Source bits. The values are part of the wire format.
const (
	Native    Source = 1   // addEventListener on the element itself
	Inline    Source = 2   // an on* attribute or property
	React     Source = 4   // React synthetic event props (fiber)
	Vue       Source = 8   // Vue v-on / @ handlers
	Angular   Source = 16  // Angular (event) bindings
	Svelte    Source = 32  // Svelte on: handlers
	JQuery    Source = 64  // jQuery .on()
	Delegated Source = 128 // registered on an ancestor, resolved to this element
	Other     Source = 256 // another framework or unknown origin
	Inferred  Source = 512 // inferred from markup, not observed
)

// Entry is one event type and the sources listening for it.
type Entry struct {
	Event string // event type, e.g. "click"
	Mask  Source
}

// Record is the set of listeners of one element, sorted by event name, one
// entry per event.
type Record []Entry
