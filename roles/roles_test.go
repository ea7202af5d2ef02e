package roles

import (
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/axtree/axtree/dom"
)

// parse builds a Doc from a body fragment and returns it with the element
// marked id="t".
func parse(t testing.TB, src string) (*dom.Doc, *html.Node) {
	t.Helper()
	root, err := html.Parse(strings.NewReader("<!doctype html><html><body>" + src))
	if err != nil {
		t.Fatal(err)
	}
	d := dom.New(root)
	for _, el := range d.Elements {
		if dom.AttrOr(el, "id") == "t" {
			return d, el
		}
	}
	t.Fatalf("no element with id=t in %q", src)
	return nil, nil
}

func TestCompute(t *testing.T) {
	cases := []struct{ src, want string }{
		// explicit roles
		{`<div id=t role="button">x</div>`, "button"},
		{`<div id=t role="BUTTON">x</div>`, "button"},
		{`<div id=t role="foo  link button">x</div>`, "link"},
		{`<nav id=t role="widget">x</nav>`, "navigation"},
		{`<div id=t role="widget">x</div>`, "generic"},
		{`<div id=t role="image">x</div>`, "img"},
		{`<div id=t role="img">x</div>`, "img"},
		{`<ul id=t role="directory"><li>x</ul>`, "list"},
		{`<div id=t role="presentation">x</div>`, "none"},
		{`<div id=t role="none">x</div>`, "none"},
		{"<div id=t role=\"\u2800 button\">x</div>", "button"},
		{"<nav id=t role=\"\u00a0\">x</nav>", "navigation"},
		// presentational conflict resolution
		{`<h1 id=t role="none" aria-label="x">x</h1>`, "heading"},
		{`<h1 id=t role="none" tabindex="-1">x</h1>`, "heading"},
		{`<h1 id=t role="none" tabindex="x">x</h1>`, "none"},
		{`<input id=t role="presentation">`, "textbox"},
		{`<button id=t role="none link">x</button>`, "link"},
		{`<button id=t disabled role="none">x</button>`, "none"},
		{`<span id=t role="presentation" aria-hidden="true">x</span>`, "none"},
		// roles that need a name
		{`<nav id=t role="region">x</nav>`, "navigation"},
		{`<nav id=t role="region" aria-label="x">x</nav>`, "region"},
		{`<nav id=t role="region group">x</nav>`, "group"},
		{`<div id=t role="form" title=" ">x</div>`, "generic"},
		{`<div id=t role="form" aria-labelledby="l">x</div><p id=l>Label</p>`, "form"},
		{`<div id=t role="form" aria-labelledby="l">x</div><p id=l> </p>`, "generic"},
		{`<div id=t role="form" aria-labelledby="nope">x</div>`, "generic"},
		{`<section id=t aria-labelledby="a b">x</section><p id=a></p><div id=b>` + strings.Repeat("<span> </span>", 100) + `<i><b>T</b></i></div>`, "region"},
		{`<section id=t aria-labelledby="b">x</section><div id=b><script>x</script><img alt=" "></div>`, "generic"},
		{`<section id=t aria-labelledby="b">x</section><div id=b><span><img alt="Logo"></span></div>`, "region"},
		// required context
		{`<div id=t role="menuitem">x</div>`, "menuitem"}, // Chromium keeps it
		{`<button id=t role="menuitem">x</button>`, "menuitem"},
		{`<div id=t role="treeitem">x</div>`, "generic"},
		{`<button id=t role="treeitem">x</button>`, "button"},
		{`<div role=menu><div role=group><div id=t role="menuitemradio">x</div></div></div>`, "menuitemradio"},
		{`<ul role=tablist><li><div id=t role=tab>x</div></li></ul>`, "tab"},
		{`<ul role=tablist><li role=none><div id=t role=tab>x</div></li></ul>`, "tab"},
		{`<nav id=t role="option">x</nav>`, "navigation"},
		{`<div role=listbox><span id=t role="option">x</span></div>`, "option"},
		{`<p id=t role="listitem">x</p>`, "paragraph"},
		{`<div role=list><div><div id=t role="listitem">x</div></div></div>`, "listitem"},
		{`<div role=row><span id=t role="gridcell">x</span></div>`, "gridcell"},
		{`<div id=t role="rowheader">x</div>`, "rowheader"},
		{`<span id=t role="cell">x</span>`, "cell"},
		// minimum role
		{`<div id=t autofocus>x</div>`, "group"},
		{`<div id=t draggable role=none>x</div>`, "group"},
		{`<div id=t draggable=false>x</div>`, "generic"},
		{`<div id=t popover>x</div>`, "group"},
		{`<article id=t draggable>x</article>`, "article"},
		// implicit roles
		{`<a id=t href="">x</a>`, "link"},
		{`<a id=t>x</a>`, "generic"},
		{`<map><area id=t href="#" alt=x></map>`, "link"},
		{`<map><area id=t alt=x></map>`, "generic"},
		{`<img id=t src=x alt="">`, "none"},
		{`<img id=t src=x alt>`, "none"},
		{`<img id=t src=x alt="" aria-label="y">`, "img"},
		{`<img id=t src=x alt="" tabindex=0>`, "img"},
		{`<img id=t src=x>`, "img"},
		{`<img id=t src=x alt="y">`, "img"},
		{`<input id=t>`, "textbox"},
		{`<input id=t type=EMAIL>`, "textbox"},
		{`<input id=t type=search>`, "searchbox"},
		{`<input id=t type=search list=dl><datalist id=dl></datalist>`, "combobox"},
		{`<input id=t list=dl><datalist id=dl></datalist>`, "combobox"},
		{`<input id=t list=nope>`, "textbox"},
		{`<input id=t type=checkbox>`, "checkbox"},
		{`<input id=t type=checkbox switch>`, "switch"},
		{`<input id=t type=radio>`, "radio"},
		{`<input id=t type=range>`, "slider"},
		{`<input id=t type=number>`, "spinbutton"},
		{`<input id=t type=submit>`, "button"},
		{`<input id=t type=image>`, "button"},
		{`<input id=t type=hidden>`, "none"},
		{`<input id=t type=password>`, "textbox"},
		{`<select id=t><option>a</select>`, "combobox"},
		{`<select id=t size=2><option>a</select>`, "listbox"},
		{`<select id=t size=1><option>a</select>`, "combobox"},
		{`<select id=t multiple><option>a</select>`, "listbox"},
		{`<select><option id=t>a</select>`, "option"},
		{`<select><optgroup label=g><option id=t>a</optgroup></select>`, "option"},
		{`<datalist><option id=t>a</datalist>`, "option"},
		{`<textarea id=t></textarea>`, "textbox"},
		{`<ul><li id=t>x</ul>`, "listitem"},
		{`<ul><div><li id=t>x</li></div></ul>`, "listitem"},
		{`<li id=t>x</li>`, "generic"},
		{`<ul role=none><li id=t>x</ul>`, "none"},
		{`<ul role=tablist><li id=t>x</ul>`, "generic"},
		{`<div role=list><li id=t>x</li></div>`, "listitem"},
		{`<header id=t>x</header>`, "banner"},
		{`<footer id=t>x</footer>`, "contentinfo"},
		{`<nav><header id=t>x</header></nav>`, "generic"},
		{`<main><footer id=t>x</footer></main>`, "generic"},
		{`<div role=article><footer id=t>x</footer></div>`, "generic"},
		{`<aside id=t>x</aside>`, "complementary"},
		{`<main><aside id=t>x</aside></main>`, "complementary"},
		{`<nav><aside id=t>x</aside></nav>`, "generic"},
		{`<nav><aside id=t aria-label="x">x</aside></nav>`, "complementary"},
		{`<section id=t>x</section>`, "generic"},
		{`<section id=t aria-label=x>x</section>`, "region"},
		{`<section id=t title=x>x</section>`, "region"},
		{`<form id=t></form>`, "form"},
		{`<details><summary id=t>x</summary></details>`, "button"},
		{`<details><summary>x</summary><summary id=t>y</summary></details>`, "generic"},
		{`<summary id=t>x</summary>`, "generic"},
		{`<table><tr><td id=t>x</table>`, "cell"},
		{`<table role=grid><tr><td id=t>x</table>`, "gridcell"},
		{`<table role=treegrid><tbody><tr><td id=t>x</table>`, "gridcell"},
		{`<table role=presentation><tr><td id=t>x</table>`, "none"},
		{`<table role=presentation><tr id=t><td>x</table>`, "none"},
		{`<table role=presentation tabindex=0><tr><td id=t>x</table>`, "cell"},
		{`<table><thead><tr><th id=t>a</th><th>b</th></tr></thead></table>`, "columnheader"},
		{`<table><tr><th id=t>a</th><td>b</td></tr></table>`, "rowheader"},
		{`<table><tr><td>b</td><th id=t>a</th></tr></table>`, "rowheader"},
		{`<table><tr><th>b</th><th id=t>a</th></tr></table>`, "columnheader"},
		{`<table><tr><th id=t scope=row>a</th><th>b</th></tr></table>`, "rowheader"},
		{`<table><tr><th id=t scope=col>a</th><td>b</td></tr></table>`, "columnheader"},
		{`<table><tr><th id=t>a</th></tr></table>`, "columnheader"},
		{`<table><tbody id=t><tr><td>x</table>`, "rowgroup"},
		{`<table id=t><tr><td>x</table>`, "table"},
		{`<table><caption id=t>c</caption><tr><td>x</table>`, "caption"},
		{`<b id=t>x</b>`, "strong"},
		{`<i id=t>x</i>`, "generic"},
		{`<my-widget id=t>x</my-widget>`, "generic"},
		{`<unknown id=t>x</unknown>`, "generic"},
		{`<label id=t>x</label>`, "none"},
		{`<svg id=t></svg>`, "img"},
		{`<svg><g id=t></g></svg>`, "generic"},
		{`<svg><g id=t><title>T</title></g></svg>`, "group"},
		{`<svg><a id=t href="#">x</a></svg>`, "link"},
		{`<svg><path id=t d="M0 0"/></svg>`, "none"},
		{`<svg><title id=t>x</title></svg>`, "none"},
		{`<math id=t><mi>x</mi></math>`, "math"},
		{`<hr id=t>`, "separator"},
		{`<output id=t></output>`, "status"},
		{`<progress id=t></progress>`, "progressbar"},
		{`<dl><dt id=t>a</dt><dd>b</dd></dl>`, "term"},
		{`<dl><dt>a</dt><dd id=t>b</dd></dl>`, "definition"},
	}
	for _, c := range cases {
		d, n := parse(t, c.src)
		if got := Compute(d, n); got != c.want {
			t.Errorf("Compute(%s) = %q, want %q", c.src, got, c.want)
		}
	}
}

func TestComputeShadowParent(t *testing.T) {
	// The li is slotted into a ul inside the shadow tree: its flat-tree
	// parent is the slot, whose parent is the list.
	src := `<div id=host><template shadowrootmode=open><ul><slot></slot></ul></template><li id=t>x</li></div>`
	d, n := parse(t, src)
	if got := Compute(d, n); got != "listitem" {
		t.Errorf("slotted li: got %q, want listitem", got)
	}
	if got := Compute(nil, n); got != "generic" {
		t.Errorf("slotted li without Doc (DOM parent is a div): got %q, want generic", got)
	}
}

func TestComputeNonElement(t *testing.T) {
	if got := Compute(nil, nil); got != "" {
		t.Errorf("nil: %q", got)
	}
	if got := Compute(nil, &html.Node{Type: html.TextNode, Data: "x"}); got != "" {
		t.Errorf("text node: %q", got)
	}
	if got := Implicit(nil, nil); got != "" {
		t.Errorf("Implicit(nil): %q", got)
	}
	if got := Explicit(nil, nil); got != "" {
		t.Errorf("Explicit(nil): %q", got)
	}
}

func TestExplicitAndImplicit(t *testing.T) {
	d, n := parse(t, `<nav id=t role="foo region">x</nav>`)
	if got := Explicit(d, n); got != "" {
		t.Errorf("Explicit = %q, want \"\" (unnamed region is not valid)", got)
	}
	if got := Implicit(d, n); got != "navigation" {
		t.Errorf("Implicit = %q, want navigation", got)
	}
}

func TestLookup(t *testing.T) {
	for _, r := range []string{"command", "composite", "input", "landmark", "range", "roletype", "section", "sectionhead", "select", "structure", "widget", "window"} {
		info, ok := Lookup(r)
		if !ok || !info.Abstract {
			t.Errorf("Lookup(%q) = %+v, %v; want abstract", r, info, ok)
		}
	}
	if info, ok := Lookup("image"); !ok || info.Name != "img" {
		t.Errorf("Lookup(image) = %+v, %v; want img", info, ok)
	}
	if info, ok := Lookup("presentation"); !ok || info.Name != "none" || info.NameFrom != FromProhibited {
		t.Errorf("Lookup(presentation) = %+v, %v", info, ok)
	}
	if _, ok := Lookup("Button"); ok {
		t.Errorf("Lookup is for lower-case tokens")
	}
	if _, ok := Lookup("associationlist"); ok {
		t.Errorf("associationlist is not a role")
	}
	if info, _ := Lookup("button"); info.NameFrom != FromAuthor|FromContents || !info.Interactive || info.Abstract {
		t.Errorf("button: %+v", info)
	}
	if info, _ := Lookup("paragraph"); info.NameFrom != FromProhibited {
		t.Errorf("paragraph: %+v", info)
	}
	if info, _ := Lookup("navigation"); !info.Landmark || info.Interactive {
		t.Errorf("navigation: %+v", info)
	}
	for _, r := range []string{"banner", "complementary", "contentinfo", "form", "main", "navigation", "region", "search"} {
		if !IsLandmark(r) {
			t.Errorf("%s should be a landmark", r)
		}
	}
	if IsLandmark("article") || IsInteractive("heading") || !IsInteractive("textbox") {
		t.Errorf("IsLandmark/IsInteractive disagree with the table")
	}
	// every role in the table is lower-case and listed once
	seen := map[string]bool{}
	for _, e := range roleList {
		if e.info.Name != strings.ToLower(e.info.Name) || seen[e.info.Name] {
			t.Errorf("bad or duplicate table entry %q", e.info.Name)
		}
		seen[e.info.Name] = true
		if e.info.Abstract && (e.info.Interactive || e.info.Landmark) {
			t.Errorf("abstract role %q marked concrete-only", e.info.Name)
		}
	}
}

func TestImplied(t *testing.T) {
	want := map[string]Action{
		"button": Click, "link": Click, "tab": Click, "menuitem": Click,
		"menuitemcheckbox": Click, "menuitemradio": Click, "option": Click, "treeitem": Click,
		"textbox": Type, "searchbox": Type,
		"checkbox": Toggle, "radio": Toggle, "switch": Toggle,
		"combobox": ClickSelect,
		"slider":   Adjust, "spinbutton": Adjust,
	}
	for role, a := range want {
		got := Implied(role)
		if len(got) != 1 || got[0] != a {
			t.Errorf("Implied(%q) = %v, want [%v]", role, got, a)
		}
	}
	for _, role := range []string{"heading", "generic", "listbox", "", "img"} {
		if got := Implied(role); got != nil {
			t.Errorf("Implied(%q) = %v, want nil", role, got)
		}
	}
	// appending to a returned slice must not change the table
	s := append(Implied("button"), Type)
	_ = s
	if got := Implied("button"); len(got) != 1 || got[0] != Click {
		t.Errorf("table changed by append: %v", got)
	}
}

func TestFocusable(t *testing.T) {
	cases := []struct {
		src  string
		want bool
	}{
		{`<button id=t>x</button>`, true},
		{`<button id=t disabled>x</button>`, false},
		{`<fieldset disabled><input id=t></fieldset>`, false},
		{`<fieldset disabled><legend><input id=t></legend></fieldset>`, true},
		{`<input id=t type=hidden>`, false},
		{`<a id=t href=#>x</a>`, true},
		{`<a id=t>x</a>`, false},
		{`<div id=t tabindex=-1>x</div>`, true},
		{`<div id=t tabindex=" 3">x</div>`, true},
		{`<div id=t tabindex="">x</div>`, false},
		{`<div id=t tabindex="a1">x</div>`, false},
		{`<div id=t contenteditable>x</div>`, true},
		{`<div id=t contenteditable=false>x</div>`, false},
		{`<div id=t contenteditable=PLAINTEXT-ONLY>x</div>`, true},
		{`<details><summary id=t>x</summary></details>`, true},
		{`<video id=t controls></video>`, true},
		{`<video id=t></video>`, false},
		{`<select><optgroup disabled><option id=t>a</optgroup></select>`, false},
		{`<svg><a id=t href=#><text>x</text></a></svg>`, true},
		{`<iframe id=t></iframe>`, true},
	}
	for _, c := range cases {
		_, n := parse(t, c.src)
		if got := Focusable(n); got != c.want {
			t.Errorf("Focusable(%s) = %v, want %v", c.src, got, c.want)
		}
	}
	if Focusable(nil) {
		t.Error("Focusable(nil)")
	}
}

func TestComputeNoAllocs(t *testing.T) {
	d, _ := parse(t, `<div id=t></div><ul><li><a href=#>x</a></li></ul><div role="Foo BUTTON">b</div><table><tr><th>a<td>b</table>`)
	allocs := testing.AllocsPerRun(50, func() {
		for _, el := range d.Elements {
			Compute(d, el)
		}
	})
	if allocs != 0 {
		t.Errorf("Compute allocates %.1f times per document walk; want 0", allocs)
	}
}
