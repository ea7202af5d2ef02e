package style

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"

	"github.com/axtree/axtree/dom"
	"github.com/axtree/axtree/internal/shared"
)

// oldMatchAt is matchAt as it was before the walk memo (walkMemo): the
// oracle of TestWalkMemoSameAsBefore.
func (m *matcher) oldMatchAt(sel *selector, i int, n *html.Node, d int) bool {
	if m.budget <= 0 {
		return false
	}
	m.budget--
	if m.steps != nil {
		if *m.steps <= 0 {
			return false
		}
		*m.steps--
	}
	if m.scope != nil && n == m.scope.Parent {
		if _, ok := sel.comps[i].(*hostSel); !ok {
			return false
		}
	}
	if c := sel.comps[i]; i < len(sel.comps)-1 && m.memoOn {
		if x, ok := c.(*simpleSel); ok {
			if m.ancOK {
				if y := m.kept(n, d); y != nil && !y.self.covers(&x.need) {
					return false
				}
			}
			if !m.simpleMatch(x, n) {
				return false
			}
		} else if !c.Match(n) {
			return false
		}
	} else if !c.Match(n) {
		return false
	}
	if i == 0 {
		return true
	}
	switch sel.combs[i-1] {
	case '>':
		p := m.up(n)
		return p != nil && m.oldMatchAt(sel, i-1, p, d-1)
	case ' ':
		if m.ancOK && sel.hasNeed && i == len(sel.comps)-1 && !m.anc.covers(&sel.need) {
			return m.skipAncestors(m.depth)
		}
		x, simple := sel.comps[i-1].(*simpleSel)
		if i == 1 && m.memoOn && simple {
			return m.walkSimple(x, n, d)
		}
		dp := d - 1
		for p := m.up(n); p != nil && m.budget > 0; p = m.up(p) {
			if simple && m.ancOK {
				if y := m.kept(p, dp); y != nil && y.ok && !y.anc.covers(&x.need) {
					return m.skipAncestors(dp + 1)
				}
			}
			if m.oldMatchAt(sel, i-1, p, dp) {
				return true
			}
			dp--
		}
	case '+':
		if m.scope != nil && n == m.scope.Parent {
			return false
		}
		p := prevElement(n)
		return p != nil && m.oldMatchAt(sel, i-1, p, d)
	case '~':
		if m.scope != nil && n == m.scope.Parent {
			return false
		}
		for p := prevElement(n); p != nil && m.budget > 0; p = prevElement(p) {
			if m.oldMatchAt(sel, i-1, p, d) {
				return true
			}
		}
	}
	return false
}

// walkPage is a page of selectors whose descendant walks go past a
// compound left of the subject (the walks walkMemo remembers): lists and
// rows of siblings under deep nesting, every combinator before and after
// the walk, compounds that are not simple, and nesting deep enough that
// MatchBudget runs out part way (the chained div selectors).
func walkPage(depth int) string {
	var b strings.Builder
	b.WriteString(`<style>
.a .b .c { display: none }
#m div .c { visibility: hidden }
ul li a { cursor: pointer }
section > div .c, section ~ p .c { display: inline }
.a + .b .c, .b ~ div .c { display: block }
div:not(.b) .b span { display: flex }
.a .b:first-child .c, .a :is(.b, .q) .c { display: grid }
div div div div div div div div div div div div div span { display: table }
div div div div div div div div div div div div div div div div div div div div div div div div i { display: contents }
.nowhere .b .c, #absent div span { display: none }
p .c::before { content: "x" }
</style><body><section id=m><div class=a><p class=b>q</p>`)
	for i := 0; i < depth; i++ {
		fmt.Fprintf(&b, `<div class="lvl%d b">`, i)
	}
	for i := 0; i < 6; i++ {
		b.WriteString(`<span class=c>c</span><i class=c>i</i><ul><li><a href=#x>a</a></li><li><a>b</a></li></ul>`)
		b.WriteString(`<p class=b><span class=c>d</span><span class=c>e</span></p>`)
	}
	for i := 0; i < depth; i++ {
		b.WriteString(`<span class=c>t</span></div>`)
	}
	b.WriteString(`</div></section><p class=x><span class=c>z</span></p>
<div id=h><template shadowrootmode=open><style>:host .b .c { display: none } div .b .c { visibility: hidden }</style>
<div class=b><p><span class=c>s</span><span class=c>t</span></p></div><slot></slot></template><span class=c>light</span></div></body>`)
	return b.String()
}

// walkPages returns the crafted walk pages and every corpus page.
func walkPages(t *testing.T) map[string]*dom.Doc {
	docs := map[string]*dom.Doc{}
	for _, depth := range []int{0, 3, 30, 200} {
		d, err := dom.ParseDoc([]byte(walkPage(depth)))
		require.NoError(t, err)
		docs[fmt.Sprintf("walk page depth %d", depth)] = d
	}
	for _, name := range shared.Pages(t) {
		src, err := os.ReadFile(shared.Path(t, "corpus", "pages", name+".html"))
		require.NoError(t, err)
		d, err := dom.ParseDoc(src)
		require.NoError(t, err)
		docs[name] = d
	}
	return docs
}

// TestWalkMemoSameAsBefore checks walkMemo against the walk without it:
// every element's style, the match steps left and the limits hit of a
// Sheet are the same with the memo and without it (walksOff), in document
// order, reversed and jumping around, with steps to spare and with steps
// running out part way; and each selector's matchAt against each element,
// from several budgets and step counts, gives the same answer and leaves
// the same budget and steps as the old code (oldMatchAt), with the memo
// filled by the elements before.
func TestWalkMemoSameAsBefore(t *testing.T) {
	docs := walkPages(t)
	walked := 0
	for name, d := range docs {
		n := len(d.Elements)
		orders := map[string]func(i int) int{
			"":          func(i int) int { return i },
			" reversed": func(i int) int { return n - 1 - i },
			" jumping":  func(i int) int { return i * 7919 % n },
		}
		used := MaxMatchSteps - stepsUsed(d, MaxMatchSteps, false)
		for _, steps := range []int{MaxMatchSteps, used / 2, used / 7, 20_000, 57, 1} {
			for oname, at := range orders {
				if oname == " jumping" && n%7919 == 0 {
					continue
				}
				with, without := New(d), New(d)
				with.steps, without.steps = steps, steps
				with.prepare()
				without.prepare()
				without.m.walksOff = true
				for i := range n {
					e := d.Elements[at(i)]
					if !assert.Equal(t, without.Style(e), with.Style(e), "%s%s, %d steps: element %d <%s>", name, oname, steps, at(i), e.Data) {
						return
					}
				}
				assert.Equal(t, without.steps, with.steps, "%s%s, %d steps: match steps left", name, oname, steps)
				assert.Equal(t, without.LimitsHit(), with.LimitsHit(), "%s%s, %d steps: limits", name, oname, steps)
				if with.m.walks != nil {
					walked++
				}
			}
		}
		// matchAt against oldMatchAt, selector by selector
		s := New(d)
		s.prepare()
		r := s.docRules
		if r == nil {
			continue
		}
		var deep []*selector
		for k := range r.sels {
			sel := &r.sels[k]
			for i := 1; i < len(sel.combs); i++ {
				if sel.combs[i] == ' ' {
					deep = append(deep, sel)
					break
				}
			}
		}
		m := &s.m
		m.ancOK, m.scope = false, nil
		type start struct{ budget, steps int }
		starts := []start{{MatchBudget, MaxMatchSteps}, {40, MaxMatchSteps}, {7, MaxMatchSteps}, {2, MaxMatchSteps},
			{MatchBudget, 30}, {MatchBudget, 3}, {12, 5}}
		for i, e := range d.Elements {
			if inInertTemplate(e, nil) {
				continue
			}
			for _, sel := range deep {
				for _, st := range starts {
					m.budget, s.steps = st.budget, st.steps
					got := m.matchAt(sel, len(sel.comps)-1, e, 0)
					gotB, gotS := m.budget, s.steps
					m.budget, s.steps = st.budget, st.steps
					want := m.oldMatchAt(sel, len(sel.comps)-1, e, 0)
					if !assert.Equal(t, []int{b2i(want), m.budget, s.steps}, []int{b2i(got), gotB, gotS},
						"%s: element %d <%s>, budget %d, steps %d: match, budget and steps left", name, i, e.Data, st.budget, st.steps) {
						return
					}
				}
			}
		}
	}
	assert.Greater(t, walked, 10, "Sheets that remembered walks")
}

// stepsUsed returns the steps left after a Sheet from steps computes
// every element of d in document order (without the walk memo when off).
func stepsUsed(d *dom.Doc, steps int, off bool) int {
	s := New(d)
	s.steps = steps
	s.prepare()
	s.m.walksOff = off
	for _, e := range d.Elements {
		s.Style(e)
	}
	return s.steps
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
