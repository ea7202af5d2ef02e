package accname

import "strings"

// textBuf gathers the text of one name from content. Most elements met on
// the way give a single piece (a link's one text node, a span around it),
// so the buffer keeps the first piece as it is and copies only once a
// second piece comes: String then returns the piece itself, and the walk
// allocates once per name instead of once per level of nesting.
type textBuf struct {
	one  string // the text while it is a single piece
	sb   strings.Builder
	many bool // the text is in sb
}

// writeString appends s.
func (b *textBuf) writeString(s string) {
	if s == "" {
		return
	}
	if !b.many {
		if b.one == "" {
			b.one = s
			return
		}
		b.spill(len(s))
	}
	b.sb.WriteString(s)
}

// writeByte appends c.
func (b *textBuf) writeByte(c byte) {
	if !b.many {
		b.spill(1)
	}
	b.sb.WriteByte(c)
}

// writeSpaced appends s between two spaces, as a block's text is set
// apart; a single piece moves into sb once, with room for exactly all
// three (no more than writing them one by one would have made).
func (b *textBuf) writeSpaced(s string) {
	if !b.many {
		b.many = true
		b.sb.Grow(len(b.one) + len(s) + 2)
		b.sb.WriteString(b.one)
		b.one = ""
	}
	b.sb.WriteByte(' ')
	b.sb.WriteString(s)
	b.sb.WriteByte(' ')
}

// spill moves the single piece into sb, with room for more bytes.
func (b *textBuf) spill(more int) {
	b.many = true
	b.sb.Grow(len(b.one) + more + 8)
	b.sb.WriteString(b.one)
	b.one = ""
}

// String returns the text gathered.
func (b *textBuf) String() string {
	if !b.many {
		return b.one
	}
	return b.sb.String()
}
