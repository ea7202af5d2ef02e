package accname

import (
	"math/rand"
	"strings"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
)

// TestTextBuf checks that the buffer gives the concatenation of what was
// written, and hands a single piece back without copying it, also when
// block spaces are around it.
func TestTextBuf(t *testing.T) {
	piece := strings.Repeat("name ", 4)
	var one textBuf
	one.writeString("")
	one.writeString(piece)
	one.writeString("")
	assert.Equal(t, piece, one.text().String())
	assert.Equal(t, unsafe.StringData(piece), unsafe.StringData(one.text().String()), "one piece is not copied")

	var b textBuf
	var want strings.Builder
	for _, s := range []string{"", "a", "", "bc", " ", "", "déf"} {
		b.writeString(s)
		want.WriteString(s)
		b.writeSpace()
		want.WriteByte(' ')
	}
	assert.Equal(t, want.String(), b.text().String())

	var lead textBuf
	lead.writeSpace()
	lead.writeString("x")
	assert.Equal(t, " x", lead.text().String())
	var empty textBuf
	assert.Equal(t, "", empty.text().String())

	var block, outer textBuf
	block.writeSpaced(plain(piece))
	outer.writeSpaced(block.text())
	got := outer.text()
	assert.Equal(t, "  "+piece+"  ", got.String())
	assert.Equal(t, unsafe.StringData(piece), unsafe.StringData(got.s), "blocks around one piece do not copy it")
	assert.Equal(t, len(piece)+4, got.len())
}

// TestTextBufSameAsBytes checks the buffer against the bytes it stands
// for (writeString s; writeSpace a space; writeText the text's bytes;
// writeSpaced them between two spaces), over every sequence of up to four
// writes of a few pieces and random longer ones: the same raw text, the
// same length, and collapse and blank of the text the same as of the
// bytes.
func TestTextBufSameAsBytes(t *testing.T) {
	strs := []string{"", " ", "a", "bc d", " x ", "\t\n", strings.Repeat("long text ", 9), "é"}
	var texts []text
	for _, s := range strs {
		for _, pads := range [][2]int{{0, 0}, {1, 0}, {0, 2}, {2, 1}, {40, 35}} {
			texts = append(texts, text{s, pads[0], pads[1]})
		}
	}
	type op struct {
		kind int // 0 writeString, 1 writeSpace, 2 writeText, 3 writeSpaced
		i    int
	}
	apply := func(ops []op) (text, string) {
		var b textBuf
		var want strings.Builder
		for _, o := range ops {
			switch o.kind {
			case 0:
				b.writeString(strs[o.i%len(strs)])
				want.WriteString(strs[o.i%len(strs)])
			case 1:
				b.writeSpace()
				want.WriteByte(' ')
			case 2:
				tx := texts[o.i%len(texts)]
				b.writeText(tx)
				want.WriteString(strings.Repeat(" ", tx.lead) + tx.s + strings.Repeat(" ", tx.trail))
			case 3:
				tx := texts[o.i%len(texts)]
				b.writeSpaced(tx)
				want.WriteString(" " + strings.Repeat(" ", tx.lead) + tx.s + strings.Repeat(" ", tx.trail) + " ")
			}
		}
		return b.text(), want.String()
	}
	check := func(ops []op) bool {
		got, want := apply(ops)
		return assert.Equal(t, want, got.String(), "%v", ops) &&
			assert.Equal(t, len(want), got.len(), "%v", ops) &&
			assert.Equal(t, collapse(want), got.collapse(), "%v", ops) &&
			assert.Equal(t, blank(want), got.blank(), "%v", ops)
	}
	// every sequence of up to three writes, each kind with a few pieces
	var all []op
	for kind := 0; kind < 4; kind++ {
		for i := 0; i < len(texts); i += 3 {
			all = append(all, op{kind, i})
		}
	}
	for _, a := range all {
		for _, b := range all {
			for _, c := range all {
				if !check([]op{a, b, c}) {
					return
				}
			}
		}
	}
	r := rand.New(rand.NewSource(1))
	for n := 0; n < 20000; n++ {
		ops := make([]op, 1+r.Intn(10))
		for k := range ops {
			ops[k] = op{r.Intn(4), r.Intn(len(texts) * len(strs))}
		}
		if !check(ops) {
			return
		}
	}
}
