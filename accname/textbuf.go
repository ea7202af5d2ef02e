package accname

import "strings"

// text is the raw text of a name from content, before its white space is
// collapsed: s between lead and trail spaces. The spaces are the ones the
// block boxes around a single piece of text set it apart with (a badge in
// a cell, a paragraph in a block in a link): kept as counts, they cost no
// copy of the piece, which collapse would only trim again. Every consumer
// of a name's raw text collapses it (white space at its ends is trimmed) or
// counts its bytes (len), so it needs the spaces only when the text is
// joined to another piece (textBuf).
type text struct {
	s           string
	lead, trail int
}

// plain is s as a text with no spaces around it.
func plain(s string) text { return text{s: s} }

// len is the length of the raw text, spaces included.
func (t text) len() int { return t.lead + len(t.s) + t.trail }

// collapse is collapse of the raw text: the spaces at its ends are trimmed.
func (t text) collapse() string { return collapse(t.s) }

// blank reports whether the raw text is empty or only ASCII white space.
func (t text) blank() bool { return blank(t.s) }

// String returns the raw text, spaces and all.
func (t text) String() string {
	if t.lead == 0 && t.trail == 0 {
		return t.s
	}
	var sb strings.Builder
	sb.Grow(t.len())
	writeSpaces(&sb, t.lead)
	sb.WriteString(t.s)
	writeSpaces(&sb, t.trail)
	return sb.String()
}

// textBuf gathers the text of one name from content. Most elements met on
// the way give a single piece (a link's one text node, a span around it, a
// block around either), so the buffer keeps the first piece as it is, with
// the spaces around it as counts, and copies only once a second piece
// comes: text then returns the piece itself, and the walk allocates once
// per name instead of once per level of nesting.
type textBuf struct {
	one  text // the text while it is a single piece
	sb   strings.Builder
	many bool // the text is in sb
}

// writeString appends s.
func (b *textBuf) writeString(s string) {
	if s == "" {
		return
	}
	if !b.many {
		if b.one.s == "" { // spaces so far, if anything
			b.one = text{s: s, lead: b.one.lead + b.one.trail}
			return
		}
		b.spill(len(s) + 8)
	}
	b.sb.WriteString(s)
}

// writeSpace appends a space.
func (b *textBuf) writeSpace() {
	if !b.many {
		b.one.trail++
		return
	}
	b.sb.WriteByte(' ')
}

// writeText appends t.
func (b *textBuf) writeText(t text) {
	if !b.many {
		switch {
		case t.s == "":
			b.one.trail += t.lead + t.trail
			return
		case b.one.s == "":
			b.one = text{s: t.s, lead: b.one.lead + b.one.trail + t.lead, trail: t.trail}
			return
		}
		b.spill(t.len() + 8)
	}
	writeSpaces(&b.sb, t.lead)
	b.sb.WriteString(t.s)
	writeSpaces(&b.sb, t.trail)
}

// writeSpaced appends t between two spaces, as a block's text is set
// apart. A first piece stays as it is, its spaces counted; a single piece
// moves into sb once, with room for exactly all three (no more than
// writing them one by one would have made).
func (b *textBuf) writeSpaced(t text) {
	if !b.many {
		if b.one.s == "" || t.s == "" {
			b.writeSpace()
			b.writeText(t)
			b.writeSpace()
			return
		}
		b.spill(t.len() + 2)
	}
	b.sb.WriteByte(' ')
	writeSpaces(&b.sb, t.lead)
	b.sb.WriteString(t.s)
	writeSpaces(&b.sb, t.trail)
	b.sb.WriteByte(' ')
}

// spill moves the single piece into sb, with room for more bytes (a
// little more than the piece that comes next, but for writeSpaced, whose
// block is most often the last piece).
func (b *textBuf) spill(more int) {
	b.many = true
	b.sb.Grow(b.one.len() + more)
	writeSpaces(&b.sb, b.one.lead)
	b.sb.WriteString(b.one.s)
	writeSpaces(&b.sb, b.one.trail)
	b.one = text{}
}

// text returns the text gathered.
func (b *textBuf) text() text {
	if !b.many {
		return b.one
	}
	return text{s: b.sb.String()}
}

// spaces is a run of spaces for writeSpaces.
const spaces = "                                "

// writeSpaces writes n spaces to sb (most often none: a test that
// inlines, before the loop that does not).
func writeSpaces(sb *strings.Builder, n int) {
	if n > 0 {
		writeSpacesSlow(sb, n)
	}
}

// writeSpacesSlow is writeSpaces for n > 0.
func writeSpacesSlow(sb *strings.Builder, n int) {
	for n > len(spaces) {
		sb.WriteString(spaces)
		n -= len(spaces)
	}
	if n > 0 {
		sb.WriteString(spaces[:n])
	}
}
