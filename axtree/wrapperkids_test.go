package axtree

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"

	"github.com/axtree/axtree/accname"
	"github.com/axtree/axtree/dom"
)

// wrapperCases are pages whose cells, links, headings and leaves hold
// their text inside chains of wrapper elements, and wrappers that walk
// does not just walk through (kept roles, actions, focus, hiding, labels,
// breaks, skipped tags, frames, pseudo content, several children).
var wrapperCases = map[string]string{
	"chains": `<table><tr><td><span class=badge>Paid</span></td><td><time datetime=2024-05-30>30 May 2024</time></td>` +
		`<td><b><i><span>deep</span></i></b></td><td aria-label="Status: Paid"><span>Paid</span></td>` +
		`<td aria-label=Other><span>Paid</span></td><td><span> lead</span></td><td><span>a  b</span></td>` +
		`<td><span>a<!--c-->b</span></td><td><span><!--c--></span></td><td><span></span></td><td><span>x</span>y</td>` +
		`<td><span>x</span><span>y</span></td><td><span>caf` + "\xe9" + `</span></td><td><span>a&nbsp;b</span></td></tr></table>`,
	"kept": `<table><tr><td><a href=/a>link</a></td><td><span role=button>rb</span></td><td><span role=img aria-label=i>i</span></td>` +
		`<td><span role=heading>h</span></td><td><span role=presentation>p</span></td><td><span role=none><b>n</b></span></td>` +
		`<td><span onclick="f()">click</span></td><td><span tabindex=0>focus</span></td><td><span tabindex=-1>minus</span></td>` +
		`<td><span contenteditable>edit</span></td><td><span draggable=true>drag</span></td><td><span role=region aria-label=r>r</span></td>` +
		`<td><section aria-label=s>s</section></td><td><form aria-label=f>f</form></td><td><img alt=pic src=x></td></tr></table>`,
	"display": `<style>.b{display:block}.c{display:contents}.f{display:flex}.n{display:none}.h{visibility:hidden}.v{visibility:visible}` +
		`.g{display:grid}.ib{display:inline-block}</style><table><tr><td><span class=b>block</span></td><td><span class=c>contents</span></td>` +
		`<td><div class=f><span>flex</span></div></td><td><span class=n>none</span></td><td><span class=h>hidden</span></td>` +
		`<td><span class=h><span class=v>visible</span></span></td><td class=h><span class=v>vis</span></td>` +
		`<td class=c><span class=c><span>cc</span></span></td><td class=g><span>g</span></td><td><span class=ib><b>ib</b></span></td>` +
		`<td><span aria-hidden=true>ah</span></td><td><span hidden>h</span></td></tr></table>`,
	"odd": `<table><tr><td><span><br></span></td><td><span>a<br>b</span></td><td><span><script>x</script></span></td>` +
		`<td><label>Name <input></label></td><td><label>text</label></td><td><span><iframe srcdoc="<b>f</b>"></iframe></span></td>` +
		`<td><noscript>ns</noscript></td><td><svg><text>t</text></svg></td><td><math><mi>x</mi></math></td>` +
		`<td><span><template>t</template></span></td><td><span><select><option>o</select></span></td></tr></table>`,
	"pseudo": `<style>.p::before{content:"New "}.q::after{content:"!"}</style><table><tr><td><span class=p>Item</span></td>` +
		`<td><b><span class=q>7</span></b></td><td><span><b class=p>x</b></span></td></tr></table>`,
	"links": `<a href=/a><span>Dash</span></a><a href=/b><span><b>Dash</b></span></a><a href=/c aria-label=Other><span>Dash</span></a>` +
		`<h2><span>Title</span></h2><h3><span><a href=/t>Title</a></span></h3><li><span>item</span></li>`,
	"leaves": `<button><span>Edit</span></button><button><span><i>Edit</i></span></button><button aria-label=Go><span>Edit</span></button>` +
		`<button><span><a href=/x>in</a></span></button><button><span tabindex=0>f</span></button><div role=tab><span>Tab</span></div>` +
		`<div role=menuitem><span><button>x</button></span></div><button><span>a </span></button><button><span>a</span><span>b</span></button>`,
	"owns": `<table><tr><td aria-owns=o><span>own</span></td><td><span aria-owns=p>x</span></td></tr></table>` +
		`<span id=o>owned</span><span id=p role=button>P</span>`,
}

// TestWrapperKidsSameAsWalk: fill, knowing that the walk of a chain of
// wrappers around a named node's text or inside a leaf keeps no line
// (plainKids through wrapper), gives the tree the walk gives
// (knobs.walkText), and the tree 29efaaa's one-level plainKids gives
// (knobs.oneLevel), on every corpus page, capture and frame case and on
// wrapperCases, also at MaxDepth and MaxNodes near each wrapper and with
// a Stop: tree, ids' elements, Truncated, Title and the style limits.
func TestWrapperKidsSameAsWalk(t *testing.T) {
	docs := bindDocs(t)
	for name, src := range wrapperCases {
		d, err := dom.ParseDoc([]byte(src))
		require.NoError(t, err, name)
		docs[name] = d
	}
	for _, name := range []string{"odd", "chains", "orders-grid.html"} {
		// a tree built by hand, its atoms not set: the tests by tag
		// name and by atom must be walk's own
		src := wrapperCases[name]
		if src == "" {
			raw, err := os.ReadFile(filepath.Join("..", "corpus", "pages", name))
			require.NoError(t, err)
			src = string(raw)
		}
		root, err := html.Parse(strings.NewReader(src))
		require.NoError(t, err)
		var clearAtoms func(n *html.Node)
		clearAtoms = func(n *html.Node) {
			n.DataAtom = 0
			for c := n.FirstChild; c != nil; c = c.NextSibling {
				clearAtoms(c)
			}
		}
		clearAtoms(root)
		docs[name+" no atoms"] = dom.New(root)
	}
	for _, n := range []int{1, 2, 3, 6} {
		deep := strings.Repeat("<div>", 20) + "<table><tr><td>" + strings.Repeat("<span>", n) + "deep" +
			strings.Repeat("</span>", n) + "</td></tr></table><button>" + strings.Repeat("<b>", n) + "go" +
			strings.Repeat("</b>", n) + "</button>" + strings.Repeat("</div>", 20)
		d, err := dom.ParseDoc([]byte(deep))
		require.NoError(t, err)
		docs["deep"+strings.Repeat("+", n)] = d
	}
	stopAfter := func(n int) func() bool {
		calls := 0
		return func() bool { calls++; return calls > n }
	}
	optsFor := map[string][]Options{}
	for name := range docs {
		if strings.HasPrefix(name, "deep") {
			for i := 1; i <= 32; i++ {
				optsFor[name] = append(optsFor[name], Options{MaxDepth: i})
			}
		}
	}
	for _, name := range []string{"chains", "kept", "display", "links", "leaves", "orders-grid.html"} {
		for i := 1; i <= 16; i++ {
			optsFor[name] = append(optsFor[name], Options{MaxNodes: i})
		}
	}
	for name, d := range docs {
		for i, o := range append([]Options{{}}, optsFor[name]...) {
			for _, stop := range []int{-1, 0, 1} {
				if stop >= 0 && i > 0 {
					continue
				}
				opts := func() Options {
					if stop >= 0 {
						o.Stop = stopAfter(stop)
					}
					return o
				}
				c := accname.New(d, nil)
				want := build(d, c, opts(), knobs{walkText: true})
				wantLimits := c.Style().LimitsHit()
				for _, k := range []knobs{{}, {oneLevel: true}} {
					c := accname.New(d, nil)
					got := build(d, c, opts(), k)
					require.Equal(t, nodesOf(want.Roots), nodesOf(got.Roots), "%s %+v %+v", name, o, k)
					require.Equal(t, want.Truncated, got.Truncated, name)
					require.Equal(t, want.Title, got.Title, name)
					require.Equal(t, wantLimits, c.Style().LimitsHit(), name)
					require.Equal(t, want.bind.len(), got.bind.len(), name)
					for id := 1; id <= want.bind.len(); id++ {
						require.Equal(t, want.Node(id), got.Node(id), "%s id %d", name, id)
					}
				}
			}
		}
	}
}

// TestWrapperKidsSays: plainKids goes through chains of wrappers to the
// one text at their end, and stops (no) at a wrapper walk would keep,
// hide, break or label, past MaxDepth, at pseudo content on a wrapper,
// and at a wrapper under oneLevel.
func TestWrapperKidsSays(t *testing.T) {
	d, err := dom.ParseDoc([]byte(`<style>.p::after{content:"x"}.n{display:none}</style>` +
		`<table><tr><td id=a><span>Paid</span></td><td id=b><b><i><time>30 May</time></i></b></td><td id=c><span><!--x--></span></td>` +
		`<td id=d><a href=/x>l</a></td><td id=e><span class=p>p</span></td><td id=f><span class=n>n</span></td>` +
		`<td id=g><span tabindex=0>t</span></td><td id=h><span onclick=f()>o</span></td><td id=i><label>l</label></td>` +
		`<td id=j><span>a<br>b</span></td><td id=k><span role=heading>h</span></td><td id=l><span>a</span>b</td></tr></table>`))
	require.NoError(t, err)
	f := &frame{d: d, c: accname.New(d, nil)}
	b := &builder{opts: Options{MaxDepth: 10, MaxNodes: 10}}
	for id, want := range map[string]string{"a": "Paid", "b": "30 May"} {
		one, ok := b.plainKids(f, d.ByID(nil, id), 3)
		assert.True(t, ok, id)
		if assert.NotNil(t, one, id) {
			assert.Equal(t, want, one.Data, id)
		}
	}
	one, ok := b.plainKids(f, d.ByID(nil, "c"), 3)
	assert.True(t, ok)
	assert.Nil(t, one)
	for _, id := range []string{"d", "e", "f", "g", "h", "i", "j", "k", "l"} {
		_, ok = b.plainKids(f, d.ByID(nil, id), 3)
		assert.False(t, ok, id)
	}
	_, ok = b.plainKids(f, d.ByID(nil, "b"), 6)
	assert.True(t, ok, "the text's parent (time) at depth 9")
	_, ok = b.plainKids(f, d.ByID(nil, "b"), 7)
	assert.False(t, ok, "a wrapper at MaxDepth")
	b.oneLevel = true
	_, ok = b.plainKids(f, d.ByID(nil, "a"), 3)
	assert.False(t, ok, "oneLevel")
}
