package style

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// TestUADisplayByAtom checks that the display table by atom gives every
// tag the display uaDisplay gives it (inline when unlisted), for elements
// with their atom, without one (a node made by hand), and with an atom
// that does not spell the tag.
func TestUADisplayByAtom(t *testing.T) {
	tags := []string{"span", "a", "b", "custom-el", "svg", "x", "acronym", "image", "search", "slot"}
	for tag := range uaDisplay {
		tags = append(tags, tag)
	}
	for _, tag := range tags {
		want := "inline"
		if d, ok := uaDisplay[tag]; ok {
			want = d
		}
		for _, a := range []atom.Atom{atom.Lookup([]byte(tag)), 0, atom.Div, atom.Span} {
			n := &html.Node{Type: html.ElementNode, Data: tag, DataAtom: a}
			assert.Equal(t, want, staticKeywords[uaDisplayID(n)], "%s (atom %q)", tag, a.String())
			if tag != "dialog" && tag != "audio" { // none unless open / with controls
				assert.Equal(t, want, DefaultDisplay(n), "%s (atom %q)", tag, a.String())
			}
		}
	}
}
