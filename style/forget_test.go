package style

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"

	"github.com/axtree/axtree/dom"
	"github.com/axtree/axtree/internal/shared"
)

// styleAll returns every element's Computed style and the cheap answers
// the builder asks for, in the order given.
func styleAll(s *Sheet, els []*html.Node) []any {
	out := make([]any, 0, 5*len(els))
	for _, e := range els {
		out = append(out, s.Style(e), s.Rendered(e), s.HasPseudo(e), s.CursorPointer(e), s.Inline(e))
	}
	return out
}

// reversed returns els back to front: a later question comes in another
// order than the build's walk, so ancestors are computed on the way down
// from a leaf instead of before their children.
func reversed(els []*html.Node) []*html.Node {
	r := make([]*html.Node, len(els))
	for i, e := range els {
		r[len(els)-1-i] = e
	}
	return r
}

// checkForget computes every element's style of d, forgets, computes again
// in reverse order and checks the answers, the steps spent and the limits
// are the same, and that the memo was really dropped.
func checkForget(t *testing.T, name string, d *dom.Doc) {
	t.Helper()
	s := New(d)
	before := styleAll(s, d.Elements)
	spent := MaxMatchSteps - s.steps
	limits := s.LimitsHit()
	selectors, anc, compiled := s.Selectors(), s.ancOn, s.rules != nil || s.scopes != nil
	s.Forget()
	assert.Nil(t, s.scopes, "%s: the compiled rules are dropped", name)
	assert.Nil(t, s.rules, "%s: the document's compiled rules are dropped", name)
	assert.Equal(t, compiled, s.dropped, "%s: a sheet with rules compiles them again", name)
	assert.Nil(t, s.memo, "%s: the memo is dropped", name)
	assert.Nil(t, s.pseudos, "%s: the pseudo texts are dropped", name)
	assert.Nil(t, s.hits, "%s: the lookup cache is dropped", name)
	assert.Nil(t, s.scratch, "%s: the cascade scratch is dropped", name)
	after := styleAll(s, reversed(d.Elements))
	require.Len(t, after, len(before))
	for i := range d.Elements {
		j := len(d.Elements) - 1 - i
		if !assert.Equal(t, before[5*i:5*i+5], after[5*j:5*j+5], "%s: element %d <%s>", name, i, d.Elements[i].Data) {
			return
		}
	}
	assert.Equal(t, spent, MaxMatchSteps-s.steps, "%s: each element costs the same steps again", name)
	assert.Equal(t, limits, s.LimitsHit(), "%s: limits", name)
	assert.False(t, s.dropped, "%s: the rules are compiled again", name)
	assert.Equal(t, anc, s.ancOn, "%s: the ancestor filter as New left it", name)
	assert.Equal(t, selectors, s.Selectors(), "%s: the same rules", name)
}

// TestForgetSameStyles checks that a Sheet computes the same styles after
// Forget, on a page of descendant selectors, pseudo-element content and
// shadow roots, and on every corpus page.
func TestForgetSameStyles(t *testing.T) {
	pages := map[string]string{
		"filter": filterPage(5),
		"pseudo": `<style>a::before{content:"→ "}p::after{content:attr(title)}.h{display:none}` +
			`li{cursor:pointer}</style><body><a href=/>x</a><p title=t>p</p><ul class=h><li>a</ul><ul><li>b</ul>`,
		"shadow": `<body><div id=h><template shadowrootmode=open><style>p{display:none}</style>` +
			`<p>in</p><slot></slot></template><p>out</p></div>`,
		"shadow-descendant": `<style>div p{display:none}</style><body><div id=h><template shadowrootmode=open>` +
			`<p>in</p><slot></slot></template><p>out</p></div><div><p>x</p></div>`,
	}
	for _, name := range []string{"filter", "pseudo", "shadow", "shadow-descendant"} {
		root, err := html.Parse(strings.NewReader(pages[name]))
		require.NoError(t, err)
		checkForget(t, name, dom.New(root))
	}
	for _, f := range shared.PageFiles(t, filepath.Join("..", "corpus", "pages")) {
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		d, err := dom.ParseDoc(src)
		require.NoError(t, err)
		checkForget(t, filepath.Base(f), d)
	}
}

// TestForgetKeepsCutMemo checks that a Sheet whose match steps ran out
// keeps what it computed: computed again, the elements after the cut
// would get a fresh budget and other styles.
func TestForgetKeepsCutMemo(t *testing.T) {
	root, err := html.Parse(strings.NewReader(filterPage(40)))
	require.NoError(t, err)
	d := dom.New(root)
	s := New(d)
	s.steps = 57
	before := styleAll(s, d.Elements)
	require.Contains(t, s.LimitsHit(), "style-match")
	s.Forget()
	assert.NotNil(t, s.memo, "a cut memo is kept")
	assert.Equal(t, before, styleAll(s, d.Elements))
	assert.Contains(t, s.LimitsHit(), "style-match")
}

// TestRulesKeptExact checks that the compiled rules a Sheet keeps for its
// lifetime sit in arrays of their length (append's doubling left up to
// half of each unused).
func TestRulesKeptExact(t *testing.T) {
	var b strings.Builder
	b.WriteString("<style>")
	for i := range 37 {
		b.WriteString(".c" + strings.Repeat("x", i) + " { display: none } * { color: red } :host { display: block }\n")
	}
	b.WriteString("</style><p class=c>x</p>")
	d, err := dom.ParseDoc([]byte(b.String()))
	require.NoError(t, err)
	s := New(d)
	require.NotEmpty(t, allRules(s))
	for _, r := range allRules(s) {
		require.NotEmpty(t, r.sels)
		assert.Equal(t, len(r.sels), cap(r.sels), "selectors")
		assert.Equal(t, len(r.decls), cap(r.decls), "declarations")
		assert.Equal(t, len(r.universal), cap(r.universal), "universal selectors")
		assert.Equal(t, len(r.host), cap(r.host), "host selectors")
	}
}

// TestBucketsMadeOnUse checks that a scope keeps a selector bucket and its
// key filter only for the kinds of key its rules have: a sheet of class
// rules carries no id, tag or attribute buckets, and still matches.
func TestBucketsMadeOnUse(t *testing.T) {
	d, err := dom.ParseDoc([]byte(`<style>.gone { display: none } .x { display: block }</style><p class=gone id=p>x</p><span class=x id=q>y</span>`))
	require.NoError(t, err)
	s := New(d)
	r := s.rules
	require.NotNil(t, r)
	assert.Len(t, r.byClass, 2)
	assert.NotNil(t, r.classKeys)
	assert.Nil(t, r.byID, "id buckets")
	assert.Nil(t, r.byTag, "tag buckets")
	assert.Nil(t, r.byAttr, "attribute buckets")
	assert.Nil(t, r.idKeys, "id filter")
	assert.Nil(t, r.tagKeys, "tag filter")
	p, q := d.ByID(d.Root, "p"), d.ByID(d.Root, "q")
	require.NotNil(t, p)
	require.NotNil(t, q)
	assert.False(t, s.Rendered(p))
	assert.Equal(t, "block", s.Style(q).Display)

	d, err = dom.ParseDoc([]byte(`<style>#p, p, [hidden] { display: none }</style><p id=p>x</p>`))
	require.NoError(t, err)
	r = New(d).rules
	require.NotNil(t, r)
	assert.NotNil(t, r.idKeys)
	assert.NotNil(t, r.tagKeys)
	assert.Nil(t, r.classKeys)
	assert.Len(t, r.byAttr, 1)
}
