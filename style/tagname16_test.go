package style

import (
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/axtree/axtree/dom"
	"github.com/axtree/axtree/internal/shared"
)

// tagNameCases are tags a compound names and elements spell otherwise:
// custom elements (no atom), SVG names in camel case, upper case in the
// source, an atom's name as a custom element's prefix.
var tagNameCases = map[string]string{
	"names": `<style>my-el, clippath, lineargradient, svg, rect, a, p, DIV, span.x, b:first-child, tablex, tabl { display: block }</style>` +
		`<my-el>m</my-el><MY-EL>M</MY-EL><svg><clipPath><rect/></clipPath><linearGradient/><a>svg a</a><p>svg p</p></svg>` +
		`<div><span class=x>s</span><b>b</b></div><tablex>t</tablex><tabl>u</tabl><P>P</P>`,
}

// TestTagCompareSameAsBytes checks Match with the compounds' tags as
// parseSimple keeps them (an atom's own string, compared by address
// first) against Match with a copy of each tag (compared by bytes), for
// every simple compound of the corpus pages' sheets (up to 400 a page)
// and every element of the page.
func TestTagCompareSameAsBytes(t *testing.T) {
	pairs := 0
	eachSimpleSel(t, func(name string, d *dom.Doc, all []*simpleSel) {
		var xs, copies []*simpleSel
		for _, x := range all {
			if x.tag != "" {
				xs = append(xs, x)
				y := *x
				y.tag = strings.Clone(x.tag)
				copies = append(copies, &y)
			}
		}
		for _, e := range d.Elements {
			for k, x := range xs {
				pairs++
				if got, want := x.Match(e), copies[k].Match(e); got != want {
					t.Fatalf("%s: %q on <%s>: %v, by bytes %v", name, x.text, e.Data, got, want)
				}
			}
		}
	})
	t.Logf("%d compound-element pairs", pairs)
}

// TestSimpleMatchMemoSameAsMatch checks the matcher's memo of simple
// compounds' answers (the answer kept in the element address's low bit)
// against Match, for every simple compound of the corpus sheets (up to
// 400 a page) on every element, asked twice in a scattered order (so that
// answers are read back from the memo and slots are refilled).
func TestSimpleMatchMemoSameAsMatch(t *testing.T) {
	eachSimpleSel(t, func(name string, d *dom.Doc, xs []*simpleSel) {
		var m matcher
		for pass := 0; pass < 2; pass++ {
			for k, e := range d.Elements {
				for j := range xs {
					x := xs[(j*7+k+pass)%len(xs)]
					if got, want := m.simpleMatch(x, e), x.Match(e); got != want {
						t.Fatalf("%s: %q on <%s>: memo %v, Match %v", name, x.text, e.Data, got, want)
					}
				}
			}
		}
	})
}

// eachSimpleSel calls fn with every page of tagNameCases and the corpus,
// indexed, and the distinct simple compounds of its sheets (the first
// 400), for pages with rules.
func eachSimpleSel(t *testing.T, fn func(name string, d *dom.Doc, xs []*simpleSel)) {
	t.Helper()
	for name, src := range shared.ReadPages(t, tagNameCases, filepath.Join("..", "corpus", "pages")) {
		root, err := html.Parse(strings.NewReader(string(src)))
		if err != nil {
			t.Fatal(err)
		}
		d := dom.New(root)
		s := New(d)
		if s.rules == nil {
			continue
		}
		var xs []*simpleSel
		seen := map[*simpleSel]bool{}
		for i := range s.rules.sels {
			for _, c := range s.rules.sels[i].comps {
				if x, ok := c.(*simpleSel); ok && !seen[x] && len(xs) < 400 {
					seen[x] = true
					xs = append(xs, x)
				}
			}
		}
		fn(name, d, xs)
	}
}
