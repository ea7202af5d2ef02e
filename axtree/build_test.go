package axtree_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"golang.org/x/net/html"

	"github.com/axtree/axtree/axtree"
	"github.com/axtree/axtree/dom"
)

func build(t testing.TB, src string) *axtree.Tree {
	t.Helper()
	root, err := dom.Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return axtree.Build(dom.New(root), nil, axtree.Options{})
}

// lines is a compact debug rendering: depth, role, name, id.
func lines(tr *axtree.Tree) []string {
	var out []string
	tr.Walk(func(n *axtree.Node, d int) bool {
		s := strings.Repeat(".", d)
		if n.Role == "" {
			s += "text:" + n.Name
		} else {
			s += n.Role + ":" + n.Name + "#" + itoa(n.ID)
		}
		out = append(out, s)
		return true
	})
	return out
}

func itoa(i int) string {
	if i == 0 {
		return "0"
	}
	neg := i < 0
	if neg {
		i = -i
	}
	var b []byte
	for i > 0 {
		b = append([]byte{byte('0' + i%10)}, b...)
		i /= 10
	}
	if neg {
		b = append([]byte{'-'}, b...)
	}
	return string(b)
}

func find(tr *axtree.Tree, role, name string) *axtree.Node {
	var got *axtree.Node
	tr.Walk(func(n *axtree.Node, _ int) bool {
		if n.Role == role && n.Name == name {
			got = n
			return false
		}
		return true
	})
	return got
}

func TestKeepsInteractiveAndText(t *testing.T) {
	tr := build(t, `<body><div><div><p>Hello <b>big</b> world</p><button>Go</button></div></div></body>`)
	got := strings.Join(lines(tr), "|")
	want := "text:Hello big world|button:Go#1"
	if got != want {
		t.Fatalf("got %s\nwant %s", got, want)
	}
}

func TestDropsHidden(t *testing.T) {
	tr := build(t, `<body><style>.x{display:none}</style><div hidden><a href=a>A</a></div><div class=x><a href=b>B</a></div><div aria-hidden=true><a href=c>C</a></div><script>var x="[button] evil"</script><a href=d>D</a></body>`)
	got := strings.Join(lines(tr), "|")
	if got != "link:D#1" {
		t.Fatalf("got %s", got)
	}
}

func TestIDsBoundToDOM(t *testing.T) {
	tr := build(t, `<body><a href="/a">First</a><input id=q aria-label="Query"><button>Send</button></body>`)
	for _, c := range []struct {
		role, name, tag string
	}{{"link", "First", "a"}, {"textbox", "Query", "input"}, {"button", "Send", "button"}} {
		n := find(tr, c.role, c.name)
		if n == nil || n.ID <= 0 {
			t.Fatalf("%s %q not found with an id", c.role, c.name)
		}
		el := tr.Node(n.ID)
		if el == nil || el.Data != c.tag {
			t.Fatalf("Node(%d) = %v, want <%s>", n.ID, el, c.tag)
		}
	}
	if tr.Node(999) != nil {
		t.Fatal("Node of an unknown id should be nil")
	}
}

func TestLabelTextNotRepeated(t *testing.T) {
	tr := build(t, `<body><label for=n>Name</label><input id=n><label><input type=checkbox> Remember me</label></body>`)
	got := strings.Join(lines(tr), "|")
	if got != "textbox:Name#1|checkbox:Remember me#2" {
		t.Fatalf("got %s", got)
	}
}

func TestTextRepeatingNameDropped(t *testing.T) {
	tr := build(t, `<body><a href=x><span>Shop</span> <span>now</span></a><h2><a href=y>Deals</a></h2></body>`)
	got := strings.Join(lines(tr), "|")
	if got != "link:Shop now#1|heading:#2|.link:Deals#3" {
		t.Fatalf("got %s", got)
	}
}

func TestWrapperCollapse(t *testing.T) {
	tr := build(t, `<body><ul><li><a href=1>One</a></li><li><a href=2>Two</a></li></ul><ul><li><a href=3>Solo</a></li></ul></body>`)
	got := strings.Join(lines(tr), "|")
	if got != "list:#1|.link:One#2|.link:Two#3|link:Solo#4" {
		t.Fatalf("got %s", got)
	}
}

func TestStatesAndProps(t *testing.T) {
	tr := build(t, `<body>
<label>Email <input type=email required placeholder="you@example.org" value="a@b.c"></label>
<input type=checkbox aria-label=Agree checked>
<div role=checkbox aria-checked=mixed tabindex=0>All</div>
<button aria-expanded=false aria-pressed=true disabled>Menu</button>
<h3>Title</h3>
<select aria-label=Size><option>S</option><option selected>M</option></select>
<input aria-label=Locked readonly value=x>
</body>`)
	check := func(role, name string, states, props string) {
		t.Helper()
		n := find(tr, role, name)
		if n == nil {
			t.Fatalf("%s %q missing: %v", role, name, lines(tr))
		}
		var s, p []string
		for _, a := range n.States() {
			s = append(s, a.Key+"="+a.Value)
		}
		for _, a := range n.Props() {
			p = append(p, a.Key+"="+a.Value)
		}
		if strings.Join(s, ",") != states || strings.Join(p, ",") != props {
			t.Errorf("%s %q: states %v props %v; want %q %q", role, name, s, p, states, props)
		}
	}
	check("textbox", "Email", "editable=", "required=,type=email,placeholder=you@example.org,value=a@b.c")
	check("checkbox", "Agree", "checked=", "")
	check("checkbox", "All", "checked=mixed", "")
	check("button", "Menu", "disabled=,collapsed=,pressed=", "")
	check("heading", "Title", "level=3", "")
	check("combobox", "Size", "", "value=M,options=2")
	check("textbox", "Locked", "read-only=", "value=x")
}

func TestActionableGenericNamedByText(t *testing.T) {
	tr := build(t, `<body><div onclick="go()"><span>Open card</span></div><div tabindex=0>Focusable</div><div tabindex=-1>Not tabbable</div></body>`)
	got := strings.Join(lines(tr), "|")
	if got != "generic:Open card#1|generic:Focusable#2|text:Not tabbable" {
		t.Fatalf("got %s", got)
	}
	if n := find(tr, "generic", "Open card"); strings.Join(n.Actions(), ",") != "click" {
		t.Fatalf("a div with an onclick handler must say [actions=click], got %v", n.Actions())
	}
	tr = build(t, `<body><button onclick="go()">Go</button><div draggable=true>Drag me</div></body>`)
	if n := find(tr, "button", "Go"); len(n.Actions()) != 0 {
		t.Fatalf("a click handler on a button adds nothing, got %v", n.Actions())
	}
	if n := find(tr, "group", "Drag me"); n == nil || strings.Join(n.Actions(), ",") != "drag-drop" {
		t.Fatalf("draggable: %v", lines(tr))
	}
}

func TestVisibilityVisibleInsideHidden(t *testing.T) {
	tr := build(t, `<body><div style="visibility:hidden">gone <button>No</button><span style="visibility:visible">back <button>Yes</button></span></div></body>`)
	got := strings.Join(lines(tr), "|")
	if got != "text:back|button:Yes#1" {
		t.Fatalf("got %s", got)
	}
}

func TestShadowRootAndSrcdoc(t *testing.T) {
	tr := build(t, `<body><x-a><template shadowrootmode=closed><button>Inside</button><slot></slot></template><a href=l>Light</a></x-a><iframe title=F srcdoc="<input aria-label=Inner>"></iframe></body>`)
	got := strings.Join(lines(tr), "|")
	if got != "button:Inside#1|link:Light#2|iframe:F#3|.textbox:Inner#4" {
		t.Fatalf("got %s", got)
	}
	n := find(tr, "textbox", "Inner")
	if el := tr.Node(n.ID); el == nil || el.Data != "input" {
		t.Fatalf("frame element not bound: %v", el)
	}
}

func TestHrefKeptOutOfName(t *testing.T) {
	tr := build(t, `<body><a href=" /x?y=1 ">Go</a><form action="/f" aria-label=F><button>B</button></form></body>`)
	if n := find(tr, "link", "Go"); n == nil || n.Href != "/x?y=1" {
		t.Fatalf("href: %+v", n)
	}
	if n := find(tr, "form", "F"); n == nil || n.Href != "/f" {
		t.Fatalf("form action: %+v", n)
	}
}

func TestDeepNestingBounded(t *testing.T) {
	for _, depth := range []int{10000, 100000} {
		src := strings.Repeat("<div>", depth) + `<button>Deep</button>` + strings.Repeat("</div>", depth)
		tr := build(t, src)
		if find(tr, "button", "Deep") == nil {
			t.Fatalf("depth %d: deep button lost", depth)
		}
	}
}

func TestDepthLimitFlattensAndSays(t *testing.T) {
	src := strings.Repeat(`<ul><li><a href=x>L</a>`, 40) + strings.Repeat(`</li></ul>`, 40)
	root, _ := html.Parse(strings.NewReader(src))
	tr := axtree.Build(dom.New(root), nil, axtree.Options{MaxDepth: 20})
	n := 0
	tr.Walk(func(x *axtree.Node, _ int) bool {
		if x.Role == "link" {
			n++
		}
		return true
	})
	if n != 40 {
		t.Fatalf("got %d links, want 40 (content past the depth limit must not be lost)", n)
	}
	if len(tr.Truncated) != 1 || tr.Truncated[0] != "depth" {
		t.Fatalf("Truncated = %v", tr.Truncated)
	}
}

func TestMaxNodes(t *testing.T) {
	src := strings.Repeat(`<button>b</button>`, 100)
	root, _ := html.Parse(strings.NewReader(src))
	tr := axtree.Build(dom.New(root), nil, axtree.Options{MaxNodes: 10})
	if got := len(tr.IDs()); got != 10 {
		t.Fatalf("%d ids, want 10", got)
	}
	if len(tr.Truncated) == 0 || tr.Truncated[0] != "nodes" {
		t.Fatalf("Truncated = %v", tr.Truncated)
	}
}

func TestRenumber(t *testing.T) {
	tr := build(t, `<body><a href=1>A</a><a href=2>B</a></body>`)
	a := tr.Node(1)
	if err := tr.Renumber(map[int]int{1: 7}); err != nil {
		t.Fatal(err)
	}
	if tr.Node(7) != a || tr.Node(1) != nil {
		t.Fatal("binding did not follow the renumbering")
	}
	if err := tr.Renumber(map[int]int{7: 2}); err == nil {
		t.Fatal("renumbering onto an existing id must fail")
	}
	if tr.Node(7) != a {
		t.Fatal("a failed renumbering changed the tree")
	}
}

func TestFind(t *testing.T) {
	tr := build(t, `<body><nav aria-label=Top><a href=1>Home</a><a href=2>Name list</a></nav>
<form aria-label="Apply"><label>Name * <input></label><label>Email <input></label><button>Send</button></form></body>`)
	r := tr.Find(axtree.Target{Role: "textbox", Name: "Name *"})
	if len(r.Matches) != 1 || r.Matches[0].Name != "Name *" {
		t.Fatalf("exact: %+v", r)
	}
	_, re, err := axtree.ParseName("/^name/i")
	if err != nil {
		t.Fatal(err)
	}
	r = tr.Find(axtree.Target{Name: "", Re: re})
	if len(r.Matches) != 2 || r.Matches[0].Role != "link" || r.Matches[1].Role != "textbox" {
		t.Fatalf("regex across roles: %+v", r)
	}
	r = tr.Find(axtree.Target{Role: "textbox", Re: re, Within: &axtree.Target{Role: "form", Name: "Apply"}})
	if len(r.Matches) != 1 || r.Matches[0].Role != "textbox" {
		t.Fatalf("scoped: %+v", r)
	}
	r = tr.Find(axtree.Target{Role: "button", Name: "Home"})
	if len(r.Matches) != 0 || len(r.Candidates) != 3 {
		t.Fatalf("role mismatch must miss with 3 candidates: %+v", r)
	}
	r = tr.Find(axtree.Target{Role: "button", Name: "Sned"})
	if len(r.Candidates) == 0 || r.Candidates[0].Name != "Send" {
		t.Fatalf("near miss: %+v", r)
	}
	if _, _, err := axtree.ParseName("/(/"); err == nil {
		t.Fatal("bad regexp must fail")
	}
	if _, _, err := axtree.ParseName("/x/g"); err == nil {
		t.Fatal("unknown flag must fail")
	}
	if name, re, _ := axtree.ParseName("  a   b "); re != nil || name != "a b" {
		t.Fatalf("plain name: %q %v", name, re)
	}
	_ = regexp.QuoteMeta
}

// A name the lines below spell out word for word is said once: a table
// row's name is its cells', a cell's its link's. A name that says more
// (or other) than the lines below, and an operable element's name, stay.
func TestNameSpelledOutBelowDropped(t *testing.T) {
	tr := build(t, `<body><table>
<tr><th>Key</th><th>Function</th></tr>
<tr><td>Tab</td><td><a href=x>Next field</a></td></tr>
<tr aria-label="Shortcut row"><td>Esc</td><td>Close</td></tr>
</table>
<ul aria-label="Other words"><li><a href=y>Home</a></li><li><a href=z>About</a></li></ul>
<div role=button tabindex=0><span role=img aria-label=Star></span><a href=w>Star</a></div>
</body>`)
	got := strings.Join(lines(tr), "|")
	want := "table:#1|" +
		".row:#2|..columnheader:Key#3|..columnheader:Function#4|" +
		".row:#5|..cell:Tab#6|..cell:#7|...link:Next field#8|" +
		".row:Shortcut row#9|..cell:Esc#10|..cell:Close#11|" +
		"list:Other words#12|.link:Home#13|.link:About#14|" +
		"button:StarStar#15|.link:Star#16"
	if got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
}

// The spelling check reads a bounded number of nodes: past it the name
// stays (it is only a saving, never a loss).
func TestNameSpelledOutBounded(t *testing.T) {
	var b strings.Builder
	b.WriteString("<body><table><tr>")
	for i := 0; i < 300; i++ {
		b.WriteString("<td><a href=x>w</a></td>")
	}
	b.WriteString("</tr><tr><td><a href=x>w</a></td><td><a href=x>v</a></td></tr></table></body>")
	tr := build(t, b.String())
	var rows []*axtree.Node
	tr.Walk(func(n *axtree.Node, _ int) bool {
		if n.Role == "row" {
			rows = append(rows, n)
		}
		return true
	})
	if len(rows) != 2 || rows[0].Name == "" || rows[1].Name != "" {
		t.Fatalf("row names: %q", []string{rows[0].Name, rows[1].Name})
	}
}

// A name from content that is the element's own text and the names of the
// operable elements inside it (a heading with its anchor link, a table
// cell whose sentence holds a link) is said once, by the lines below,
// where the link can be acted on: the link's name is not said twice.
func TestMixedContentNameSaidBelow(t *testing.T) {
	tr := build(t, `<body><h2 id=s>Signature<a href="#s" aria-label="Direct link to Signature"></a></h2>
<h2>Title <a href="/edit">edit</a></h2>
<table><tr><th>Name</th><th>Description</th></tr><tr><td>scopes</td><td>The scopes. See <a href=/t>Tokens</a>.</td></tr></table>
<h3>Plain</h3><h3>Words <a href=/w>other</a> than its link <span aria-label="Not spelled">x</span></h3></body>`)
	assert.Equal(t, []string{
		"heading:#1", ".text:Signature", ".link:Direct link to Signature#2",
		"heading:#3", ".text:Title", ".link:edit#4",
		"table:#5", ".row:#6", "..columnheader:Name#7", "..columnheader:Description#8",
		".row:#9", "..cell:scopes#10", "..cell:#11", "...text:The scopes. See", "...link:Tokens#12", "...text:.",
		"heading:Plain#13", "heading:Words other than its link Not spelled#14", ".link:other#15", ".text:than its link x",
	}, lines(tr))
}

// A generic element an agent can reach (tabindex, a click handler) with no
// name of its own is named by its text only when the text is short enough
// for a name: a focusable code block or scrolling region keeps its text as
// lines, which the printer does not cut at the name limit.
func TestLongTextNotFoldedIntoName(t *testing.T) {
	code := strings.Repeat("const session = await client.sessions.create({ userId });\n", 4)
	tr := build(t, `<body><pre tabindex=0><code>`+code+`</code></pre><div tabindex=0>Short card</div><div onclick="go()"><p>Title</p><p>€12</p></div></body>`)
	got := lines(tr)
	assert.Equal(t, "generic:#1", got[0], "a long text is not a name")
	assert.Contains(t, got[1], ".text:const session = await client.sessions.create({ userId });")
	assert.Equal(t, []string{"generic:Short card#2", "generic:Title €12#3"}, got[2:])
}
