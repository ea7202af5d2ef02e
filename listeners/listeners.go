// Package listeners models which event listeners an element has and who
// registered them: a record of event types, each with a bitmask of sources.
//
// The bit layout of Source matches the one used by browser extensions in
// this field and must not change.
package listeners

import (
	"slices"
	"strconv"
	"strings"
)

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

// AllSources is the union of every defined Source bit. A mask with other
// bits set is invalid.
const AllSources Source = Native | Inline | React | Vue | Angular | Svelte | JQuery | Delegated | Other | Inferred

// sourceNames lists the bits in value order for String.
var sourceNames = [...]struct {
	bit  Source
	name string
}{
	{Native, "native"}, {Inline, "inline"}, {React, "react"}, {Vue, "vue"},
	{Angular, "angular"}, {Svelte, "svelte"}, {JQuery, "jquery"},
	{Delegated, "delegated"}, {Other, "other"}, {Inferred, "inferred"},
}

// Has reports whether every bit of b is set in s.
func (s Source) Has(b Source) bool { return s&b == b && b != 0 }

// String returns the set bits as lower-case names joined by "|" in bit
// order, e.g. "native|react"; "0" for an empty mask. Undefined bits print as
// a trailing hexadecimal remainder.
func (s Source) String() string {
	if s == 0 {
		return "0"
	}
	var b strings.Builder
	for _, sn := range sourceNames {
		if s&sn.bit != 0 {
			if b.Len() > 0 {
				b.WriteByte('|')
			}
			b.WriteString(sn.name)
		}
	}
	if rest := s &^ AllSources; rest != 0 {
		if b.Len() > 0 {
			b.WriteByte('|')
		}
		b.WriteString("0x")
		b.WriteString(strconv.FormatUint(uint64(rest), 16))
	}
	return b.String()
}

// find returns the position of event in r and whether it is there; when it
// is not, the position where inserting it keeps a sorted record sorted.
// Records are a handful of entries, so a linear scan is as fast as a binary
// search and also correct for records that are not sorted.
func (r Record) find(event string) (int, bool) {
	at := len(r)
	for i, e := range r {
		if e.Event == event {
			return i, true
		}
		if at == len(r) && e.Event > event {
			at = i
		}
	}
	return at, false
}

// Mask returns the sources listening for event, 0 when none. It reads the
// first entry for event, so r need not be sorted (records with several
// entries for one event should be normalized first).
func (r Record) Mask(event string) Source {
	if i, ok := r.find(event); ok {
		return r[i].Mask
	}
	return 0
}

// Has reports whether any source listens for event.
func (r Record) Has(event string) bool { return r.Mask(event) != 0 }

// HasAny reports whether any source listens for at least one of events.
func (r Record) HasAny(events ...string) bool {
	for _, e := range events {
		if r.Mask(e) != 0 {
			return true
		}
	}
	return false
}

// Add ORs mask into the entry for event, inserting it in sorted position
// when absent (so a normalized record stays normalized). A zero mask or an
// empty event name changes nothing.
func (r *Record) Add(event string, mask Source) {
	if mask == 0 || event == "" {
		return
	}
	i, ok := r.find(event)
	if ok {
		(*r)[i].Mask |= mask
		return
	}
	*r = append(*r, Entry{})
	copy((*r)[i+1:], (*r)[i:])
	(*r)[i] = Entry{Event: event, Mask: mask}
}

// Merge returns the union of a and b (masks of the same event ORed) as a new
// normalized record; neither input is modified. Inputs need not be
// normalized.
func Merge(a, b Record) Record {
	out := make(Record, 0, len(a)+len(b))
	out = append(out, a...)
	out = append(out, b...)
	return Normalize(out)
}

// Normalize sorts r by event name in place, merges entries of the same event
// (ORing masks) and drops entries with an empty event or a zero mask. It
// returns the shortened slice.
func Normalize(r Record) Record {
	slices.SortStableFunc(r, func(x, y Entry) int { return strings.Compare(x.Event, y.Event) })
	out := r[:0]
	for _, e := range r {
		if e.Event == "" || e.Mask == 0 {
			continue
		}
		if n := len(out); n > 0 && out[n-1].Event == e.Event {
			out[n-1].Mask |= e.Mask
			continue
		}
		out = append(out, e)
	}
	return out
}

// Sources returns the OR of every entry's mask.
func (r Record) Sources() Source {
	var s Source
	for _, e := range r {
		s |= e.Mask
	}
	return s
}
