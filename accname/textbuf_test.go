package accname

import (
	"strings"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
)

// TestTextBuf checks that the buffer gives the concatenation of what was
// written, and hands a single piece back without copying it.
func TestTextBuf(t *testing.T) {
	piece := strings.Repeat("name ", 4)
	var one textBuf
	one.writeString("")
	one.writeString(piece)
	one.writeString("")
	assert.Equal(t, piece, one.String())
	assert.Equal(t, unsafe.StringData(piece), unsafe.StringData(one.String()), "one piece is not copied")

	var b textBuf
	var want strings.Builder
	for _, s := range []string{"", "a", "", "bc", " ", "", "déf"} {
		b.writeString(s)
		want.WriteString(s)
		b.writeByte('|')
		want.WriteByte('|')
	}
	assert.Equal(t, want.String(), b.String())

	var lead textBuf
	lead.writeByte(' ')
	lead.writeString("x")
	assert.Equal(t, " x", lead.String())
	var empty textBuf
	assert.Equal(t, "", empty.String())
}

// TestTextBufSpacedSameAsThreeWrites checks writeSpaced against the three
// writes it replaces, after every mix of earlier pieces.
func TestTextBufSpacedSameAsThreeWrites(t *testing.T) {
	pieces := []string{"", "a", "bc d", strings.Repeat("long text ", 9), "é"}
	for _, first := range pieces {
		for _, second := range pieces {
			for _, third := range pieces {
				var got, want textBuf
				got.writeString(first)
				want.writeString(first)
				got.writeSpaced(second)
				want.writeByte(' ')
				want.writeString(second)
				want.writeByte(' ')
				got.writeString(third)
				want.writeString(third)
				got.writeSpaced(third)
				want.writeByte(' ')
				want.writeString(third)
				want.writeByte(' ')
				assert.Equal(t, want.String(), got.String(), "%q %q %q", first, second, third)
			}
		}
	}
}
