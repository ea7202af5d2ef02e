package axtree

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/accname"
	"github.com/axtree/axtree/dom"
)

// TestPlainKidsSameAsWalk: fill, knowing that the walk of a leaf's text
// children or of a named node's one text child its name holds keeps no
// line (plainKids), gives the tree the walk gives (knobs.walkText), on
// every corpus page, capture and frame case and on crafted pages: names
// that do not hold the text (aria-label, title, alt), texts with runs of
// white space, wide or no-break spaces, invalid UTF-8, hidden text,
// labels, comments, pseudo content, shadow trees, aria-owns, and the
// limits (MaxNodes at the node, MaxDepth at it, a Stop).
func TestPlainKidsSameAsWalk(t *testing.T) {
	docs := bindDocs(t)
	cases := map[string]string{
		"cells": `<table><tr><td>4</td><td aria-label="four">4</td><td aria-label="x 4 y">4</td><td title=t>a  b</td>` +
			`<td> lead</td><td>trail </td><td>a&nbsp;b</td><td>a` + "\u3000" + `b</td><td>caf` + "\xe9" + `</td><td>x<!-- c -->y</td>` +
			`<td><!-- only --></td><td></td><td>  </td><td><b>4</b></td></tr></table>`,
		"links": `<a href=/a>Dash</a><a href=/b aria-label="Go to Dash">Dash</a><a href=/c aria-label=Other>Dash</a>` +
			`<a href=/d title=T></a><a href=/e>a` + "\t" + `b</a><a href=/f>Dash<!--x--></a><a href=/g><img alt=Dash src=x></a>`,
		"leaves": `<button>Edit</button><button aria-label="Edit order">Edit</button><button>a <b>b</b></button>` +
			`<button><!--c--></button><input type=checkbox aria-label=c><div role=checkbox aria-checked=true>text</div>` +
			`<div role=menuitem>Open <button>x</button></div><div role=button tabindex=0>  spaced   out  </div>` +
			`<div role=button tabindex=0>Go <a href=/x>link</a></div><div role=tab>Tab <button>close</button></div>`,
		"hidden": `<style>.h{visibility:hidden}.v{visibility:visible}</style><h2 class=h>Title</h2><td class=h>cell</td>` +
			`<a href=/h class=h>hid<span class=v>den</span></a><button class=h>B</button><h3 aria-label=H3><span class=h>H3</span></h3>`,
		"labels": `<label>Name <input></label><label><button>In label</button></label><label for=q>Q</label><input id=q>`,
		"pseudo": `<style>.p::before{content:"New "}.q::after{content:"!"}</style><h2 class=p>Item</h2><button class=q>Go</button>` +
			`<a href=/p class=p>Item</a><td class=q>7</td>`,
		"shadow": `<div><template shadowrootmode=open><h2>In <slot></slot></h2><button>Shadow</button></template>light</div>` +
			`<h2>Plain</h2><button>Plain</button>`,
		"owns": `<button aria-owns=o>Owner</button><span id=o>owned</span><div role=listbox aria-owns=p>x</div><div id=p role=option>P</div>` +
			`<h2 aria-owns=z>Head</h2><b id=z>bold</b>`,
		"headings": `<h1>Orders</h1><h2>Two  spaces</h2><h3 aria-label="Third level">Third</h3><h4>` + "\u00a0" + `</h4><li><a href=/l>L</a></li>`,
	}
	for name, src := range cases {
		d, err := dom.ParseDoc([]byte(src))
		require.NoError(t, err, name)
		docs[name] = d
	}
	deep := strings.Repeat("<div>", 20) + "<h2>Deep</h2><button>Deep</button><td>deep</td>" + strings.Repeat("</div>", 20)
	dd, err := dom.ParseDoc([]byte(deep))
	require.NoError(t, err)
	docs["deep"] = dd
	stopAfter := func(n int) func() bool {
		calls := 0
		return func() bool { calls++; return calls > n }
	}
	optsFor := map[string][]func() Options{}
	for i := 1; i <= 24; i++ {
		optsFor["deep"] = append(optsFor["deep"], func() Options { return Options{MaxDepth: i} })
	}
	for _, name := range []string{"cells", "links", "leaves", "headings", "orders-grid.html"} {
		for i := 1; i <= 12; i++ {
			optsFor[name] = append(optsFor[name], func() Options { return Options{MaxNodes: i} })
		}
		optsFor[name] = append(optsFor[name], func() Options { return Options{Stop: stopAfter(1)} },
			func() Options { return Options{Stop: stopAfter(0)} })
	}
	for name, d := range docs {
		for _, o := range append([]func() Options{func() Options { return Options{} }}, optsFor[name]...) {
			want := build(d, nil, o(), knobs{walkText: true})
			got := build(d, nil, o(), knobs{})
			require.Equal(t, nodesOf(want.Roots), nodesOf(got.Roots), "%s %+v", name, o())
			require.Equal(t, want.Truncated, got.Truncated, name)
			require.Equal(t, want.Title, got.Title, name)
			require.Equal(t, want.bind.len(), got.bind.len(), name)
			for id := 1; id <= want.bind.len(); id++ {
				require.Equal(t, want.Node(id), got.Node(id), "%s id %d", name, id)
			}
		}
	}
}

// TestPlainKidsSays: plainKids answers yes for text and comment children
// and a text child alone (one), no past the limits, for an element child,
// pseudo content and shadow trees, and always under walkText.
func TestPlainKidsSays(t *testing.T) {
	d, err := dom.ParseDoc([]byte(`<style>.p::after{content:"x"}</style><button id=a>Edit</button><button id=b>a<!--c-->b</button>` +
		`<button id=c><b>x</b></button><button id=d class=p>y</button><button id=e></button>`))
	require.NoError(t, err)
	f := &frame{d: d, c: accname.New(d, nil)}
	b := &builder{opts: Options{MaxDepth: 10, MaxNodes: 10}}
	one, ok := b.plainKids(f, d.ByID(nil, "a"), 3)
	assert.True(t, ok)
	assert.Equal(t, "Edit", one.Data)
	one, ok = b.plainKids(f, d.ByID(nil, "b"), 3)
	assert.True(t, ok)
	assert.Nil(t, one)
	one, ok = b.plainKids(f, d.ByID(nil, "e"), 3)
	assert.True(t, ok)
	assert.Nil(t, one)
	one, ok = b.plainKids(f, d.ByID(nil, "c"), 3)
	assert.True(t, ok, "c: a wrapper around the text (TestWrapperKidsSays)")
	assert.Equal(t, "x", one.Data)
	b.oneLevel = true
	for _, id := range []string{"c", "d"} {
		_, ok = b.plainKids(f, d.ByID(nil, id), 3)
		assert.False(t, ok, id)
	}
	b.oneLevel = false
	_, ok = b.plainKids(f, d.ByID(nil, "d"), 3)
	assert.False(t, ok, "d")
	_, ok = b.plainKids(f, d.ByID(nil, "a"), 10)
	assert.False(t, ok, "at MaxDepth")
	b.count = 10
	_, ok = b.plainKids(f, d.ByID(nil, "a"), 3)
	assert.False(t, ok, "at MaxNodes")
	b.count = 0
	b.opts.Stop = func() bool { return false }
	_, ok = b.plainKids(f, d.ByID(nil, "a"), 3)
	assert.False(t, ok, "with a Stop")
	b.opts.Stop, b.walkText = nil, true
	_, ok = b.plainKids(f, d.ByID(nil, "a"), 3)
	assert.False(t, ok, "walkText")
	sd, err := dom.ParseDoc([]byte(`<div><template shadowrootmode=open><slot></slot></template><button id=s>S</button></div>`))
	require.NoError(t, err)
	b.walkText = false
	_, ok = b.plainKids(&frame{d: sd, c: accname.New(sd, nil)}, sd.ByID(nil, "s"), 3)
	assert.False(t, ok, "shadow tree")
}
