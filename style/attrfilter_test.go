package style

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"golang.org/x/net/html"

	"github.com/axtree/axtree/dom"
)

// TestAttrCandidatesSameAsLookups checks that attrCandidates, which skips
// the attributes the bucket keys' filter has not, finds the candidates a
// lookup of every attribute finds, on elements of many attributes against
// a sheet of many attribute selectors.
func TestAttrCandidatesSameAsLookups(t *testing.T) {
	var css, body strings.Builder
	for k := 0; k < 300; k++ {
		fmt.Fprintf(&css, "[data-k%d]{display:block} [a%d=\"x\"]{cursor:pointer}\n", k*7, k)
	}
	for k := 0; k < 400; k++ {
		fmt.Fprintf(&body, "<div data-k%d a%d=x title=t data-z%d></div>", k, k, k)
	}
	root, err := html.Parse(strings.NewReader("<style>" + css.String() + "</style>" + body.String()))
	if !assert.NoError(t, err) {
		return
	}
	d := dom.New(root)
	s := New(d)
	r := s.scopeOf(nil)
	if !assert.NotNil(t, r) || !assert.NotNil(t, r.attrKeys) {
		return
	}
	hits := 0
	for _, n := range d.Elements {
		var want []int32
		for _, a := range n.Attr {
			if a.Namespace == "" {
				want = append(want, r.byAttr[a.Key]...)
			}
		}
		got := s.attrCandidates(n, r, nil)
		hits += len(got)
		if !assert.Equal(t, want, got, "<%s %v>", n.Data, n.Attr) {
			return
		}
	}
	assert.Greater(t, hits, 300)
}
