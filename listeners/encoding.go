package listeners

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// The compact text encoding of a Record, used by the capture wire format:
//
//	record = "" | entry *( "," entry )
//	entry  = event-id "~" mask
//
// event-id is the decimal id of the event in the event table (see
// EventName), without leading zeros; mask is the Source bitmask in base 36,
// lower case, without leading zeros, non-zero, with only defined bits
// (AllSources). Entries are sorted by strictly increasing event id, so every
// record has exactly one encoding: "0~1,5~4" is click from addEventListener
// and mouseup from React.

// maxMaskLen is the longest base-36 text of a valid mask (AllSources = 1023 = "sf").
const maxMaskLen = 2

// Encode returns the compact encoding of r. Entries of the same event are
// merged and zero masks dropped, so r need not be normalized. It fails for
// an event missing from the event table or a mask with undefined bits.
func Encode(r Record) (string, error) {
	type idMask struct {
		id   int
		mask Source
	}
	tmp := make([]idMask, 0, len(r))
	for _, e := range r {
		if e.Mask == 0 {
			continue
		}
		id, ok := EventID(e.Event)
		if !ok {
			return "", fmt.Errorf("listeners: event %q has no id in the event table", e.Event)
		}
		if e.Mask&^AllSources != 0 {
			return "", fmt.Errorf("listeners: event %q: mask %#x has undefined source bits", e.Event, uint16(e.Mask))
		}
		tmp = append(tmp, idMask{id, e.Mask})
	}
	slices.SortFunc(tmp, func(a, b idMask) int { return a.id - b.id })
	var b strings.Builder
	b.Grow(len(tmp) * 6)
	for i, x := range tmp {
		if i > 0 && tmp[i-1].id == x.id {
			continue // merged below
		}
		m := x.mask
		for j := i + 1; j < len(tmp) && tmp[j].id == x.id; j++ {
			m |= tmp[j].mask
		}
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(x.id))
		b.WriteByte('~')
		b.WriteString(strconv.FormatUint(uint64(m), 36))
	}
	return b.String(), nil
}

// DecodeError reports a malformed entry of an encoded record.
type DecodeError struct {
	Entry  string // the offending entry text (possibly truncated)
	Index  int    // its zero-based position in the list
	Reason string
}

// Error formats the entry, its position and the reason.
func (e *DecodeError) Error() string {
	return fmt.Sprintf("listeners: entry %d %q: %s", e.Index, e.Entry, e.Reason)
}

// Decode parses the compact encoding (see Encode) into a record sorted by
// event name. It is strict: an unknown event id, a malformed, zero,
// non-canonical or undefined-bit mask, a duplicate or out-of-order id, and
// any stray character are errors (*DecodeError) naming the entry. The empty
// string is the empty record.
func Decode(s string) (Record, error) {
	if s == "" {
		return nil, nil
	}
	r := make(Record, 0, strings.Count(s, ",")+1)
	prev := -1
	for i := 0; len(s) > 0 || i == 0; i++ {
		var ent string
		comma := false
		if j := strings.IndexByte(s, ','); j >= 0 {
			ent, s, comma = s[:j], s[j+1:], true
		} else {
			ent, s = s, ""
		}
		id, mask, reason := parseEntry(ent)
		if reason != "" {
			return nil, bad(ent, i, reason)
		}
		if comma && s == "" {
			return nil, bad(ent, i, "trailing comma")
		}
		if id == prev {
			return nil, bad(ent, i, "duplicate event id "+strconv.Itoa(id))
		}
		if id < prev {
			return nil, bad(ent, i, "event id "+strconv.Itoa(id)+" out of order (entries must be sorted by id)")
		}
		prev = id
		r = append(r, Entry{Event: eventNames[id], Mask: mask})
	}
	slices.SortFunc(r, func(a, b Entry) int { return strings.Compare(a.Event, b.Event) })
	return r, nil
}

func bad(ent string, i int, reason string) error {
	if len(ent) > 40 {
		ent = ent[:40] + "..."
	}
	return &DecodeError{Entry: ent, Index: i, Reason: reason}
}

// parseEntry parses "id~mask"; reason is "" on success.
func parseEntry(ent string) (id int, mask Source, reason string) {
	if ent == "" {
		return 0, 0, "empty entry"
	}
	t := strings.IndexByte(ent, '~')
	if t < 0 {
		return 0, 0, "missing '~'"
	}
	ids, ms := ent[:t], ent[t+1:]
	if ids == "" {
		return 0, 0, "missing event id"
	}
	if len(ids) > 1 && ids[0] == '0' {
		return 0, 0, "event id has leading zeros"
	}
	if len(ids) > 6 {
		return 0, 0, "event id too long"
	}
	for i := 0; i < len(ids); i++ {
		c := ids[i]
		if c < '0' || c > '9' {
			return 0, 0, "event id is not a decimal number"
		}
		id = id*10 + int(c-'0')
	}
	if id >= len(eventNames) {
		return 0, 0, "unknown event id " + ids
	}
	if ms == "" {
		return 0, 0, "missing mask"
	}
	if ms[0] == '0' {
		return 0, 0, "mask is zero or has leading zeros"
	}
	if len(ms) > maxMaskLen {
		return 0, 0, "mask " + strconv.Quote(ms) + " has undefined source bits or is too long"
	}
	var m uint32
	for i := 0; i < len(ms); i++ {
		c := ms[i]
		var d uint32
		switch {
		case c >= '0' && c <= '9':
			d = uint32(c - '0')
		case c >= 'a' && c <= 'z':
			d = uint32(c-'a') + 10
		default:
			return 0, 0, "mask " + strconv.Quote(ms) + " is not lower-case base 36"
		}
		m = m*36 + d
	}
	if Source(m)&^AllSources != 0 || m > uint32(AllSources) {
		return 0, 0, "mask " + ms + " has undefined source bits"
	}
	return id, Source(m), ""
}
