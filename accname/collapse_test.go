package accname

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"

	"github.com/axtree/axtree/internal/shared"
)

// slowCollapse is collapse written plainly: one byte at a time.
func slowCollapse(s string) string {
	var sb strings.Builder
	ws := false
	for k := 0; k < len(s); k++ {
		if isWS(s[k]) {
			ws = true
			continue
		}
		if ws && sb.Len() > 0 {
			sb.WriteByte(' ')
		}
		ws = false
		sb.WriteByte(s[k])
	}
	return sb.String()
}

func TestCollapseMatchesByteLoop(t *testing.T) {
	// every string of up to six bytes over an alphabet of white space,
	// text and bytes that are not collapsed (\v, no-break space's bytes)
	alpha := []string{" ", "\t", "\n", "\f", "\r", "\v", "a", "\xc2\xa0"}
	var gen func(prefix string, n int)
	gen = func(prefix string, n int) {
		assert.Equal(t, slowCollapse(prefix), collapse(prefix), "%q", prefix)
		if n == 0 {
			return
		}
		for _, a := range alpha {
			gen(prefix+a, n-1)
		}
	}
	gen("", 6)
	assert.Equal(t, "Ten tips a b", collapse("\n   Ten  tips\n\t a \r\n b  "))
}

// slowBlank is blank one byte at a time.
func slowBlank(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isWS(s[i]) {
			return false
		}
	}
	return true
}

func TestBlankMatchesByteLoop(t *testing.T) {
	// every byte value at every position of a run of white space: mixed,
	// spaces only (a word of eight spaces is one comparison), a newline
	// and indentation
	// (and runs long enough for the 32-byte step after the first word)
	runs := []string{strings.Repeat(" \n\t\r\f", 4), strings.Repeat(" ", 20), "\n" + strings.Repeat(" ", 19),
		"\n" + strings.Repeat(" ", 89), "\n\n" + strings.Repeat(" ", 88), strings.Repeat(" ", 90), "\t" + strings.Repeat(" ", 89)}
	for _, run := range runs {
		for c := 0; c < 256; c++ {
			for pos := 0; pos < len(run); pos++ {
				b := []byte(run)
				b[pos] = byte(c)
				for _, n := range []int{pos + 1, len(run)} {
					s := string(b[:n])
					assert.Equal(t, slowBlank(s), blank(s), "byte %#x at %d of %d in %q", c, pos, n, run)
				}
			}
		}
	}
	assert.True(t, blank(""))
	assert.True(t, blank(strings.Repeat(" \n", 40)))
}

func TestWSByteTableIsIsWS(t *testing.T) {
	for c := 0; c < 256; c++ {
		assert.Equal(t, isWS(byte(c)), wsByte[c], "byte %#x", c)
	}
}

// TestCollapseEightBytesMatchesByteLoop checks collapse's eight-byte step
// against the plain byte loop: every byte value at every position of
// collapsed 24-byte texts (word boundaries at every alignment, a space
// before and after the byte), random mixes of white space and text, and
// every text node and attribute value of the corpus pages.
func TestCollapseEightBytesMatchesByteLoop(t *testing.T) {
	bases := []string{"abcdefghijklmnopqrstuvwx", "a b c d e f g h i j k l ", "ab cd ef gh ij kl mn op ",
		"abc defg hij klmn opq rs", "abcdefg hijklmn opqrstu ", "abcdefgh ijklmnop qrstuv"}
	for _, base := range bases {
		for c := 0; c < 256; c++ {
			for pos := 0; pos < len(base); pos++ {
				b := []byte(base)
				b[pos] = byte(c)
				for _, n := range []int{pos + 1, pos + 2, len(b)} {
					s := string(b[:min(n, len(b))])
					if !assert.Equal(t, slowCollapse(s), collapse(s), "byte %#x at %d of %q", c, pos, s) {
						return
					}
				}
			}
		}
	}
	alpha := []string{" ", " ", "  ", "\t", "\n", "\r", "\f", "\v", "\x01", "a", "bc", "defgh", "\xc2\xa0", "\xff"}
	rng := rand.New(rand.NewPCG(8, 17))
	for range 20000 {
		var sb strings.Builder
		for range rng.IntN(30) {
			sb.WriteString(alpha[rng.IntN(len(alpha))])
		}
		s := sb.String()
		if !assert.Equal(t, slowCollapse(s), collapse(s), "%q", s) {
			return
		}
	}
	for _, f := range shared.PageFiles(t, filepath.Join("..", "corpus", "pages")) {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		doc, err := html.Parse(bytes.NewReader(b))
		require.NoError(t, err)
		for n := range doc.Descendants() {
			texts := []string{n.Data}
			for _, a := range n.Attr {
				texts = append(texts, a.Val)
			}
			for _, s := range texts {
				if !assert.Equal(t, slowCollapse(s), collapse(s), "%s: %q", filepath.Base(f), s) {
					return
				}
			}
		}
	}
}

// TestIgnorableEdgeOfTextSameAsBlankCheck checks that a text's near edge
// answers ignorableEdge as the blank check it replaced did: empty, blank,
// or white space at that edge.
func TestIgnorableEdgeOfTextSameAsBlankCheck(t *testing.T) {
	var c Computer
	texts := []string{"", " ", "\n\t ", "\v", "a", " a", "a ", " a ", "\u00a0", "a\n", "\na", strings.Repeat(" ", 40),
		strings.Repeat(" ", 40) + "x", "x" + strings.Repeat("\n ", 20), "\x00", "\f\r"}
	for _, s := range texts {
		n := &html.Node{Type: html.TextNode, Data: s}
		for _, after := range []bool{false, true} {
			want := s == "" || blank(s)
			if !want && after {
				want = isWS(s[0])
			} else if !want {
				want = isWS(s[len(s)-1])
			}
			assert.Equal(t, want, c.ignorableEdge(n, after, 0), "%q after=%v", s, after)
		}
	}
}
