package accname

import (
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/axtree/axtree/dom"
)

// parse builds a Computer over src and returns it with the element whose
// id is "t".
func parse(t testing.TB, src string) (*Computer, *html.Node) {
	t.Helper()
	doc, err := html.Parse(strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	d := dom.New(doc)
	c := New(d, nil)
	return c, d.ByID(nil, "t")
}

func TestNameRules(t *testing.T) {
	cases := []struct {
		name, src, want string
	}{
		{"aria-label", `<div id=t role=group aria-label=" x  y ">z</div>`, "x y"},
		{"aria-label whitespace ignored", `<button id=t aria-label="  ">ok</button>`, "ok"},
		{"nbsp kept", `<button id=t aria-label="&nbsp;a">b</button>`, "\u00a0a"},
		{"labelledby beats aria-label", `<a id=t href=# aria-labelledby="l" aria-label=no>x</a><span id=l>yes</span>`, "yes"},
		{"labelledby self", `<div id=t role=group aria-label=self aria-labelledby="t h"></div><p id=h>head</p>`, "self head"},
		{"labelledby keeps no-break spaces", `<nav id=t aria-labelledby="a"></nav><i id=a>&nbsp;A</i>`, "\u00a0A"},
		{"labelledby order and missing ids", `<nav id=t aria-labelledby="b zz a"></nav><i id=a>A</i><i id=b>B</i>`, "B A"},
		{"labelledby empty falls back", `<button id=t aria-labelledby=e aria-label=lab></button><span id=e></span>`, "lab"},
		{"labelledby hidden target included", `<button id=t aria-labelledby=h>x</button><span id=h hidden>a <span>b</span></span>`, "a b"},
		{"labelledby visible target drops hidden child", `<button id=t aria-labelledby=h>x</button><span id=h>a <span hidden>b</span></span>`, "a"},
		{"labelledby not followed twice", `<button id=t aria-labelledby=a>x</button><span id=a aria-labelledby=b>A</span><span id=b>B</span>`, "A"},
		{"label for", `<label for=t>L1</label><input id=t><label for=t>L2</label>`, "L1 L2"},
		{"wrapping label skips own value", `<label>Name <input id=t value=v></label>`, "Name"},
		{"embedded textbox", `<label><input id=t type=checkbox> Flash <input value=3 aria-label=n> times</label>`, "Flash 3 times"},
		{"embedded select", `<label><input id=t type=checkbox> Pick <select><option>a<option selected>b</select></label>`, "Pick b"},
		{"embedded slider valuetext", `<label><input id=t type=checkbox> V <span role=slider aria-valuenow=3.0 aria-valuetext=three>x</span></label>`, "V three"},
		{"embedded range default", `<label><input id=t type=checkbox> R <input type=range min=0 max=10></label>`, "R 5"},
		{"submit default", `<input id=t type=submit>`, "Submit"},
		{"reset value", `<input id=t type=reset value=Clear>`, "Clear"},
		{"image input alt", `<input id=t type=image alt=Go>`, "Go"},
		{"image input default", `<input id=t type=image>`, "Submit"},
		{"img alt", `<img id=t alt=" a  b ">`, "a b"},
		{"img empty alt beats title", `<img id=t alt="" title=tt>`, ""},
		{"img title", `<img id=t title=tt>`, "tt"},
		{"fieldset legend", `<fieldset id=t><legend>Leg</legend><input></fieldset>`, "Leg"},
		{"hidden legend", `<fieldset id=t><legend hidden>Leg</legend></fieldset>`, ""},
		{"table caption", `<table id=t><caption>Cap</caption><tr><td>x</table>`, "Cap"},
		{"figure figcaption", `<figure id=t><img alt=i><figcaption>FC</figcaption></figure>`, "FC"},
		{"svg title", `<svg id=t><title>Logo</title><path/></svg>`, "Logo"},
		{"optgroup label", `<select><optgroup id=t label=G><option>o</optgroup></select>`, "G"},
		{"placeholder last", `<input id=t placeholder=ph>`, "ph"},
		{"title before placeholder", `<input id=t placeholder=ph title=ti>`, "ti"},
		{"role none has no name", `<img id=t role=none alt=x>`, ""},
		{"content", `<button id=t><span>one</span> <img alt=two> <b>three</b></button>`, "one two three"},
		{"inline joins", `<a id=t href=#><span>a</span><span>b</span></a>`, "ab"},
		{"block separates", `<a id=t href=#><div>a</div><div>b</div></a>`, "a b"},
		{"br separates", `<a id=t href=#>a<br>b</a>`, "a b"},
		{"hidden content skipped", `<button id=t><span aria-hidden=true>\\n x</span><span hidden>y</span><span style="display:none">z</span>ok</button>`, "ok"},
		{"visibility visible under hidden", `<h2 id=t>a <span style="visibility:hidden">b <span style="visibility:visible">c</span></span></h2>`, "a c"},
		{"nested link aria-label", `<h3 id=t>h <a href=# aria-label=L>ignored</a> h</h3>`, "h L h"},
		{"tooltip", `<a id=t href=# title=T><img alt=""></a>`, "T"},
		{"group not from content", `<div id=t role=group title=T>content</div>`, "T"},
		{"text-transform", `<h1 id=t style="text-transform:uppercase">Call us</h1>`, "CALL US"},
		{"heading names dialog", `<div id=t role=dialog><div><h2>Title</h2></div><p>body</p></div>`, "Title"},
		{"abbr title", `<abbr id=t title="Web Platform">WP</abbr>`, "Web Platform"},
		{"comment splits nothing", "<button id=t>a<!-- c -->b</button>", "ab"},
		{"whitespace-only child separates", "<button id=t>a<span><span> </span></span>b</button>", "a b"},
		{"space next to whitespace edge dropped", "<a id=t href=#><span>-13%</span>\n <span>\n <span>€2</span> <span aria-hidden=true>\n x</span>\n</span>\n <span>(€1/kg)</span></a>", "-13%€2(€1/kg)"},
		{"space between words kept", "<a id=t href=#><span>one</span>\n <span>two</span></a>", "one two"},
		{"space next to empty inline dropped", "<h2 id=t><span>for</span> <span></span> <b>x</b></h2>", "forx"},
		{"images set apart", `<a id=t href=#><span>A</span><img alt=B><img alt=C></a>`, "A B C"},
		{"container roles contribute nothing", `<a id=t href=#><article><h2>Head</h2></article></a>`, ""},
		{"menu inside cell left out", `<table role=grid><tr><td id=t><button>Pick</button><ul role=menu><li role=menuitem>a</ul></td></table>`, "Pick"},
		{"empty label wins over placeholder", `<label for=t></label><input id=t placeholder=ph>`, ""},
		{"generic title ignored inside content", `<a id=t href=#><span title=T><img alt=""></span> Go</a>`, "Go"},
		{"q quotes", `<button id=t>say <q>hi</q></button>`, "say \u201chi\u201d"},
		{"marker of referenced item", `<button id=t aria-labelledby=l></button><ol start=3><li>a<li id=l>b</ol>`, "4. b"},
		{"no marker inside content", `<a id=t href=#><ul><li>a</ul></a>`, "a"},
		{"labelled image skipped later", `<h3 id=t><a href=# aria-labelledby=i>l1</a> <a href=#>l2 <img id=i alt=image> l3</a></h3>`, "image l2 l3"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c, n := parse(t, tc.src)
			if n == nil {
				t.Fatal("no element with id t")
			}
			if got := c.Name(n); got != tc.want {
				t.Errorf("Name = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestDescription(t *testing.T) {
	cases := []struct{ name, src, want string }{
		{"describedby", `<button id=t aria-describedby="a b">x</button><p id=a>one</p><p id=b hidden>two</p>`, "one two"},
		{"aria-description", `<button id=t aria-description=" d ">x</button>`, "d"},
		{"title describes when not the name", `<button id=t aria-label=n title=tt>x</button>`, "tt"},
		{"title that names does not describe", `<img id=t title=tt>`, ""},
		{"title repeating the text does not describe", `<a id=t href=# title="Go  home">Go home</a>`, ""},
		{"title repeating an alt describes", `<a id=t href=# title=Logo><img alt=Logo></a>`, "Logo"},
		{"caption describes when not the name", `<table id=t aria-label=n><caption>c</caption></table>`, "c"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c, n := parse(t, tc.src)
			if got := c.Description(n); got != tc.want {
				t.Errorf("Description = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestHidden(t *testing.T) {
	c, _ := parse(t, `<div aria-hidden=true><p id=a>x</p></div><p id=b hidden>y</p><div inert><p id=c>z</p></div><p id=d>ok</p><p id=e style="display:none"><span id=f>q</span></p>`)
	d := c.Doc()
	for id, want := range map[string]bool{"a": true, "b": true, "c": true, "d": false, "e": true, "f": true} {
		if got := c.Hidden(d.ByID(nil, id)); got != want {
			t.Errorf("Hidden(#%s) = %v, want %v", id, got, want)
		}
	}
	if !c.Hidden(nil) {
		t.Error("Hidden(nil) = false")
	}
}

func TestMemoIsNotPolluted(t *testing.T) {
	// Computing the heading first visits the image through the first link;
	// the second link's own name must still include the image.
	c, _ := parse(t, `<h3 id=h><a href=# aria-labelledby=i>l1</a> <a id=l2 href=#>l2 <img id=i alt=image> l3</a></h3>`)
	d := c.Doc()
	if got := c.Name(d.ByID(nil, "h")); got != "image l2 l3" {
		t.Fatalf("heading = %q", got)
	}
	if got := c.Name(d.ByID(nil, "l2")); got != "l2 image l3" {
		t.Errorf("link after heading = %q, want %q", got, "l2 image l3")
	}
}

func TestMaxObjects(t *testing.T) {
	// 200 links in a cell: the name stops once MaxObjects objects gave text.
	var sb strings.Builder
	sb.WriteString(`<table><tr><td id=t>`)
	for i := 0; i < 200; i++ {
		sb.WriteString(`<a href=#>w</a> `)
	}
	sb.WriteString(`</td></table>`)
	c, n := parse(t, sb.String())
	got := strings.Count(c.Name(n), "w")
	if got == 0 || got >= 200 || got > MaxObjects {
		t.Errorf("name has %d words, want between 1 and %d", got, MaxObjects/2)
	}
}
