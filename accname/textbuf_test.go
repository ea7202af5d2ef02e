package accname

import (
	"math/rand"
	"strings"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
)

// TestTextBuf checks that the buffer gives the concatenation of what was
// written (collapsed, and its length), and hands a single piece back
// without copying it, also when block spaces are around it; and that two
// pieces set apart by white space are written with one space between them
// and none around them, so that the text collapses as it is.
func TestTextBuf(t *testing.T) {
	piece := strings.Repeat("name ", 4)
	var one textBuf
	one.writeString("")
	one.writeString(piece)
	one.writeString("")
	assert.Equal(t, piece, one.text().s)
	assert.Equal(t, unsafe.StringData(piece), unsafe.StringData(one.text().s), "one piece is not copied")

	var b textBuf
	var want strings.Builder
	for _, s := range []string{"", "a", "", "bc", " ", "", "déf"} {
		b.writeString(s)
		want.WriteString(s)
		b.writeSpace()
		want.WriteByte(' ')
	}
	assert.Equal(t, "a bc déf", b.text().s)
	assert.Equal(t, want.Len(), b.text().len())
	assert.Equal(t, collapse(want.String()), b.text().collapse())

	var lead textBuf
	lead.writeSpace()
	lead.writeString("x")
	assert.Equal(t, textOf("x", 1, 0), lead.text())
	var empty textBuf
	assert.Equal(t, text{}, empty.text())

	var block, outer textBuf
	block.writeSpaced(plain(piece))
	outer.writeSpaced(block.text())
	got := outer.text()
	assert.Equal(t, textOf(piece, 2, 2), got)
	assert.Equal(t, unsafe.StringData(piece), unsafe.StringData(got.s), "blocks around one piece do not copy it")
	assert.Equal(t, len(piece)+4, got.len())

	// two buttons' labels and the white space text between them (a row's
	// actions cell): one copy, no run to collapse
	var cell textBuf
	cell.writeSpaced(plain("Edit order #1"))
	cell.writeBlank(1)
	cell.writeSpaced(plain("More actions"))
	got = cell.text()
	assert.Equal(t, text{s: "Edit order #1 More actions", m: len(" Edit order #1   More actions ")<<2 | wsBefore | wsAfter}, got)
	assert.Equal(t, unsafe.StringData(got.s), unsafe.StringData(got.collapse()), "the text collapses as it is")
	assert.Equal(t, len(" Edit order #1   More actions "), got.len())
}

// textOf is s as a text with lead and trail bytes of white space around
// it.
func textOf(s string, lead, trail int) text {
	t := text{s: s, m: (lead + len(s) + trail) << 2}
	if lead > 0 {
		t.m |= wsBefore
	}
	if trail > 0 {
		t.m |= wsAfter
	}
	return t
}

// oldText and oldTextBuf are text and textBuf before a run of white space
// between two pieces was written as one space (every byte written): the
// oracle of TestTextBufSameAsOld.
type oldText struct {
	s           string
	lead, trail int
	spilled     bool // made by a buffer that copied (test only)
}

func (t oldText) many() bool { return t.spilled }

func (t oldText) len() int { return t.lead + len(t.s) + t.trail }

func (t oldText) String() string {
	return strings.Repeat(" ", t.lead) + t.s + strings.Repeat(" ", t.trail)
}

type oldTextBuf struct {
	one  oldText
	sb   strings.Builder
	many bool
}

func (b *oldTextBuf) writeString(s string) {
	if s == "" {
		return
	}
	if !b.many {
		if b.one.s == "" {
			b.one = oldText{s: s, lead: b.one.lead + b.one.trail}
			return
		}
		b.spill()
	}
	b.sb.WriteString(s)
}

func (b *oldTextBuf) writeSpace() {
	if !b.many {
		b.one.trail++
		return
	}
	b.sb.WriteByte(' ')
}

func (b *oldTextBuf) writeText(t oldText) {
	if !b.many {
		switch {
		case t.s == "":
			b.one.trail += t.lead + t.trail
			return
		case b.one.s == "":
			b.one = oldText{s: t.s, lead: b.one.lead + b.one.trail + t.lead, trail: t.trail}
			return
		}
		b.spill()
	}
	b.sb.WriteString(t.String())
}

func (b *oldTextBuf) writeSpaced(t oldText) {
	if !b.many {
		if b.one.s == "" || t.s == "" {
			b.writeSpace()
			b.writeText(t)
			b.writeSpace()
			return
		}
		b.spill()
	}
	b.sb.WriteString(" " + t.String() + " ")
}

func (b *oldTextBuf) spill() {
	b.many = true
	b.sb.WriteString(b.one.String())
	b.one = oldText{}
}

func (b *oldTextBuf) text() oldText {
	if !b.many {
		return b.one
	}
	return oldText{s: b.sb.String(), spilled: true}
}

// TestTextBufSameAsOld checks the buffer against the old one (oldTextBuf)
// and against the bytes both stand for (writeString s; writeSpace a space;
// writeBlank a white-space text, which the old buffer wrote with
// writeString; writeText the text's bytes; writeSpaced them between two
// spaces), over every sequence of up to three writes of a few pieces and
// random longer ones, with texts that buffers made (nested, as a child's
// text is written into its parent's): the same length, and collapse and
// blank the same; a single piece is the same string.
func TestTextBufSameAsOld(t *testing.T) {
	strs := []string{"", " ", "a", "bc d", " x ", "\t\n", "x  \n y", strings.Repeat("long text ", 9), "é", "\r\fz\t"}
	blanks := []string{" ", "\n   ", "\t", "\r\n\f "}
	type pair struct {
		n text
		o oldText
		b string // the bytes
		// nested: made by buffers (as texts of nested content), or
		// written from such a text
		nested bool
	}
	var texts []pair
	for _, s := range strs {
		for _, pads := range [][2]int{{0, 0}, {1, 0}, {0, 2}, {2, 1}, {40, 35}} {
			texts = append(texts, pair{textOf(s, pads[0], pads[1]), oldText{s, pads[0], pads[1], false},
				strings.Repeat(" ", pads[0]) + s + strings.Repeat(" ", pads[1]), false})
		}
	}
	type op struct {
		kind int // 0 writeString, 1 writeSpace, 2 writeText, 3 writeSpaced, 4 writeBlank
		i    int
	}
	apply := func(ops []op) pair {
		var b textBuf
		var old oldTextBuf
		var want strings.Builder
		nested := false
		for _, o := range ops {
			if o.kind == 2 || o.kind == 3 {
				nested = nested || texts[o.i%len(texts)].nested
			}
			switch o.kind {
			case 0:
				b.writeString(strs[o.i%len(strs)])
				old.writeString(strs[o.i%len(strs)])
				want.WriteString(strs[o.i%len(strs)])
			case 1:
				b.writeSpace()
				old.writeSpace()
				want.WriteByte(' ')
			case 2:
				tx := texts[o.i%len(texts)]
				b.writeText(tx.n)
				old.writeText(tx.o)
				want.WriteString(tx.b)
			case 3:
				tx := texts[o.i%len(texts)]
				b.writeSpaced(tx.n)
				old.writeSpaced(tx.o)
				want.WriteString(" " + tx.b + " ")
			case 4:
				s := blanks[o.i%len(blanks)]
				b.writeBlank(len(s))
				old.writeString(s)
				want.WriteString(s)
			}
		}
		return pair{b.text(), old.text(), want.String(), nested}
	}
	check := func(ops []op) (pair, bool) {
		p := apply(ops)
		ok := assert.Equal(t, p.b, p.o.String(), "%v: the old buffer", ops) &&
			assert.Equal(t, p.o.len(), p.n.len(), "%v", ops) &&
			assert.Equal(t, len(p.b), p.n.len(), "%v", ops) &&
			assert.Equal(t, collapse(p.o.s), p.n.collapse(), "%v", ops) &&
			assert.Equal(t, collapse(p.b), p.n.collapse(), "%v", ops) &&
			assert.Equal(t, blank(p.o.s), p.n.blank(), "%v", ops) &&
			assert.Equal(t, blank(p.b), p.n.blank(), "%v", ops)
		if ok && !p.o.many() && !blank(p.o.s) && !p.nested {
			// a single piece: the same string, the same spaces around it
			// (the old buffer kept a white-space text written first as
			// its piece, which writeBlank counts, and a nested text as
			// its buffer made it, white space and all)
			ok = assert.Equal(t, textOf(p.o.s, p.o.lead, p.o.trail), p.n, "%v", ops)
		}
		return p, ok
	}
	// every sequence of up to three writes, each kind with a few pieces
	var all []op
	for kind := 0; kind < 5; kind++ {
		for i := 0; i < len(texts); i += 3 {
			all = append(all, op{kind, i})
		}
	}
	for _, a := range all {
		for _, b := range all {
			for _, c := range all {
				p, ok := check([]op{a, b, c})
				if !ok {
					return
				}
				if a.kind == 3 && len(texts) < 2000 {
					p.nested = true
					texts = append(texts, p) // a nested text, for later writes
				}
			}
		}
	}
	r := rand.New(rand.NewSource(1))
	for n := 0; n < 30000; n++ {
		ops := make([]op, 1+r.Intn(10))
		for k := range ops {
			ops[k] = op{r.Intn(5), r.Intn(len(texts) * len(strs))}
		}
		p, ok := check(ops)
		if !ok {
			return
		}
		if n%7 == 0 {
			p.nested = true
			texts = append(texts, p)
		}
	}
}
