package style

import (
	"maps"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"

	"github.com/axtree/axtree/dom"
	"github.com/axtree/axtree/internal/shared"
)

// cascadeCases are pages beside tagCases whose declarations come from
// one source only: a shadow root's :host rules under a document without a
// sheet, style attributes alone, and both.
var cascadeCases = map[string]string{
	"host-only":  `<div id=h><template shadowrootmode=open><style>:host { display: none }</style>x</template></div><p>y</p>`,
	"inline":     `<p style="display:none">a</p><p style="cursor:pointer"><b>b</b></p><p>c</p>`,
	"host-style": `<div style="visibility:hidden"><template shadowrootmode=open><style>:host { cursor: pointer }</style><i>s</i></template></div>`,
}

// TestMayDeclareIsExact checks the cascade's skip (mayDeclare) against the
// cascade it skips: for every element of the corpus pages and the edge
// cases where mayDeclare says no declaration may apply, cascade finds
// none; and the Sheet computes every element as the general path does.
func TestMayDeclareIsExact(t *testing.T) {
	cases := maps.Clone(tagCases)
	maps.Copy(cases, cascadeCases)
	for name, src := range shared.ReadPages(t, cases, filepath.Join("..", "corpus", "pages")) {
		d, err := dom.ParseDoc(src)
		require.NoError(t, err, name)
		s := New(d)
		s.prepare()
		skipped := 0
		for i, n := range d.Elements {
			at := readAttrs(n)
			sc := d.Scope(n)
			r := s.scopeOf(sc)
			if s.mayDeclare(n, r, &at) {
				continue
			}
			skipped++
			x := s.tags.tagOf(n, r, sc == nil)
			if !assert.False(t, s.cascade(n, sc, r, x, &at, s.cas, nil), "%s: element %d <%s> has declarations", name, i, n.Data) {
				break
			}
		}
		if s.Selectors() == 0 && len(d.Elements) > 0 && name != "host-only" && name != "host-style" && name != "inline" {
			assert.Positive(t, skipped, "%s: elements skipped", name)
		}
	}
}

// TestUAContentVisibilitySameAsBefore checks uaContentVisibility, whose
// value test moved to untilFound, against the expression it had: hidden
// values of every kind, with and without the attribute, in and out of
// the HTML namespace.
func TestUAContentVisibilitySameAsBefore(t *testing.T) {
	before := func(n *html.Node, at *elemAttrs) kwID {
		if at.has&aHidden != 0 && n.Namespace == "" && strings.EqualFold(strings.TrimSpace(at.hidden), "until-found") {
			return kwHidden
		}
		return kwVisible
	}
	values := []string{"", "until-found", "UNTIL-FOUND", " until-found\t", "until-found x", "untilfound", "hidden", "\u00a0until-found", "until-found\n"}
	for _, ns := range []string{"", "svg"} {
		for _, v := range values {
			for _, has := range []attrBits{0, aHidden, aHidden | aPopover} {
				n := &html.Node{Type: html.ElementNode, Data: "p", Namespace: ns}
				at := elemAttrs{hidden: v, has: has}
				assert.Equal(t, before(n, &at), uaContentVisibility(n, &at), "%q %q %b", ns, v, has)
			}
		}
	}
}
