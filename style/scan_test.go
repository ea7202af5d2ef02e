package style

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestParseSheetIndented checks that the scanners' word-at-a-time skip
// over runs of spaces finds the same rules as a byte-at-a-time read: a
// sheet indented with runs of every length around each token (strings,
// brackets, nested blocks, at-rules, stray closers) parses to the rules
// of its one-space form.
func TestParseSheetIndented(t *testing.T) {
	src := ` a { display : none ; } @media screen { .b , #c { visibility : hidden !important ; } } ` +
		`d::before { content : "x }  { y" ; display : block ; } e [ title = "a  b" ] { cursor : pointer ; } ` +
		`@supports ( display : grid ) { f { display : grid ; g { display : none ; } } } } ` +
		`h { content : '\'  q' attr( title ) ; } @font-face { src : url( "a b" ) ; } i { display : inline-block }`
	norm := func(rs []rawRule) []rawRule {
		for i := range rs {
			rs[i].selectors = strings.Join(strings.Fields(rs[i].selectors), " ")
			for k := range rs[i].decls {
				for j := range rs[i].decls[k].content {
					c := &rs[i].decls[k].content[j]
					c.text = strings.Join(strings.Fields(c.text), " ")
				}
			}
		}
		return rs
	}
	want := norm(parseSheet(src, newLayerTree(), nil))
	assert.Len(t, want, 7)
	for n := 2; n <= 19; n++ {
		wide := strings.ReplaceAll(src, " ", strings.Repeat(" ", n))
		assert.Equal(t, want, norm(parseSheet(wide, newLayerTree(), nil)), "runs of %d spaces", n)
		tabs := strings.ReplaceAll(src, " ", strings.Repeat(" ", n-1)+"\t")
		assert.Equal(t, want, norm(parseSheet(tabs, newLayerTree(), nil)), "runs of %d blanks", n)
	}
}
