package accname

import "strings"

// text is the raw text of a name from content, before its white space is
// collapsed: s, with white space around it or inside it that s does not
// hold. The spaces are the ones the block boxes around a single piece of
// text set it apart with (a badge in a cell, a paragraph in a block in a
// link): not written, they cost no copy of the piece, which collapse would
// only trim again. Every consumer of a name's raw text collapses it (white
// space at its ends is trimmed, each run inside it becomes one space) or
// counts its bytes (len), so it needs the spaces only when the text is
// joined to another piece (textBuf), and then only whether there are any
// before and after s: m is the raw length << 2 | white space before s << 1
// | white space after s: three words (a text is passed and returned by
// value through every step of a walk, in registers).
type text struct {
	s string
	m int
}

// The bits of text.m below the length.
const (
	wsBefore = 1 << 1
	wsAfter  = 1 << 0
)

// plain is s as a text with no spaces around it.
func plain(s string) text { return text{s: s, m: len(s) << 2} }

// len is the length of the raw text, spaces included.
func (t text) len() int { return t.m >> 2 }

// collapse is collapse of the raw text: the spaces at its ends are trimmed.
func (t text) collapse() string { return collapse(t.s) }

// blank reports whether the raw text is empty or only ASCII white space.
func (t text) blank() bool { return blank(t.s) }

// textBuf gathers the text of one name from content. Most elements met on
// the way give a single piece (a link's one text node, a span around it, a
// block around either), so the buffer keeps the first piece as it is, with
// the spaces around it counted, and copies only once a second piece comes:
// text then returns the piece itself, and the walk allocates once per name
// instead of once per level of nesting. Once it copies, it writes each
// piece without the white space at its ends and a run of white space
// between two pieces as one space: the text it gives then collapses
// without another copy when its pieces hold no run of their own (two
// buttons' labels in a cell, paragraphs in a link), and the buffer grows
// less.
type textBuf struct {
	s    string // the text while it is a single piece
	sb   strings.Builder
	many bool // the text is in sb
	n    int  // the raw length so far
	// before: white space comes before s (before sb's first byte); pend:
	// white space comes after it (after sb's last byte), written only as
	// the one space before a piece that follows. While s is "", pend says
	// that white space was met.
	before, pend bool
}

// writeString appends s.
func (b *textBuf) writeString(s string) {
	if s == "" {
		return
	}
	if !b.many {
		if b.s == "" { // spaces so far, if anything
			b.s, b.before, b.pend = s, b.pend, false
			b.n += len(s)
			return
		}
		b.spill(len(s) + 8)
	}
	b.add(s, len(s), false, false)
}

// writeBlank appends n bytes of white space (a text that is only white
// space, n bytes long).
func (b *textBuf) writeBlank(n int) {
	b.n += n
	if n > 0 {
		b.pend = true
	}
}

// writeSpace appends a space.
func (b *textBuf) writeSpace() {
	b.n++
	b.pend = true
}

// writeText appends t.
func (b *textBuf) writeText(t text) {
	if !b.many {
		switch {
		case t.s == "":
			b.writeBlank(t.len())
			return
		case b.s == "":
			b.s, b.before, b.pend = t.s, b.pend || t.m&wsBefore != 0, t.m&wsAfter != 0
			b.n += t.len()
			return
		}
		b.spill(t.len() + 8)
	}
	b.add(t.s, t.len(), t.m&wsBefore != 0, t.m&wsAfter != 0)
}

// writeSpaced appends t between two spaces, as a block's text is set
// apart. A first piece stays as it is, its spaces counted; a single piece
// moves into sb once, with room for it and the block (no more than
// writing them one by one would have made).
func (b *textBuf) writeSpaced(t text) {
	if !b.many {
		if b.s == "" || t.s == "" {
			b.writeSpace()
			b.writeText(t)
			b.writeSpace()
			return
		}
		b.spill(t.len() + 2)
	}
	b.add(t.s, t.len()+2, true, true)
}

// add appends s, n bytes of raw text with white space before and after it
// as wsb and wsa say, to the text in sb: s without the white space at its
// ends, after one space for the run before it (none before sb's first
// byte: before says there was one), the run after it left pending.
func (b *textBuf) add(s string, n int, wsb, wsa bool) {
	b.n += n
	i, j := 0, len(s)
	for i < j && wsByte[s[i]] {
		i++
	}
	for j > i && wsByte[s[j-1]] {
		j--
	}
	if i == j { // only white space
		if n > 0 {
			b.pend = true
		}
		return
	}
	if run := b.pend || wsb || i > 0; b.sb.Len() == 0 {
		b.before = b.before || run
	} else if run {
		b.sb.WriteByte(' ')
	}
	b.sb.WriteString(s[i:j])
	b.pend = wsa || j < len(s)
}

// spill moves the single piece into sb, with room for more bytes (a
// little more than the piece that comes next, but for writeSpaced, whose
// block is most often the last piece).
func (b *textBuf) spill(more int) {
	b.many = true
	s, n, wsa := b.s, b.n, b.pend
	b.s, b.n, b.pend = "", 0, false
	b.sb.Grow(len(s) + more)
	b.add(s, n, false, wsa)
}

// text returns the text gathered.
func (b *textBuf) text() text {
	s := b.s
	if b.many {
		s = b.sb.String()
	}
	t := text{s: s, m: b.n << 2}
	if b.before {
		t.m |= wsBefore
	}
	if b.pend {
		t.m |= wsAfter
	}
	return t
}
