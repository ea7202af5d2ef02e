package wire

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/axtree/axtree/dom"
	"github.com/axtree/axtree/internal/shared"
	"github.com/axtree/axtree/listeners"
)

// flatten lists every node of the tree in pre-order as comparable lines.
func flatten(root *html.Node) []string {
	var out []string
	stack := []*html.Node{root}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		out = append(out, fmt.Sprintf("%d|%q|%d|%s|%q", n.Type, n.Data, n.DataAtom, n.Namespace, n.Attr))
		for c := n.LastChild; c != nil; c = c.PrevSibling {
			stack = append(stack, c)
		}
	}
	return out
}

func roundTrip(t testing.TB, doc *html.Node) (*dom.Doc, *Meta, []byte) {
	t.Helper()
	var buf bytes.Buffer
	if err := Encode(&buf, FromHTML(doc)); err != nil {
		t.Fatal(err)
	}
	raw := append([]byte(nil), buf.Bytes()...)
	d, meta, err := Decode(&buf, Limits{})
	if err != nil {
		t.Fatalf("decode: %v", err)
	}
	return d, meta, raw
}

func sameTree(t *testing.T, name string, a, b *html.Node) {
	t.Helper()
	fa, fb := flatten(a), flatten(b)
	for i := 0; i < len(fa) && i < len(fb); i++ {
		if fa[i] != fb[i] {
			t.Fatalf("%s: node %d differs:\n html:    %s\n capture: %s", name, i, fa[i], fb[i])
		}
	}
	if len(fa) != len(fb) {
		t.Fatalf("%s: %d nodes from HTML, %d from the capture", name, len(fa), len(fb))
	}
}

const tricky = `<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01//EN" "http://www.w3.org/TR/html4/strict.dtd">
<!-- top comment --><html lang=en><head><template><title>not this</title></template><title>  A   <b>title</b>
 here </title><style>p>a{color:red}</style></head>
<body><p id=x class="a b" data-X=1>Hello &amp; <b>world</b><!--c--></p>
<svg viewBox="0 0 10 10" xmlns:xlink="http://www.w3.org/1999/xlink"><foreignObject><div>html in svg</div><svg><circle/></svg></foreignObject>
<use xlink:href="#c"/><linearGradient id=g><stop/></linearGradient><desc><span>d</span></desc><title>t</title></svg>
<math><mi>x<mglyph/><b>bold</b></mi><annotation-xml encoding="text/html"><div>h</div></annotation-xml><annotation-xml><svg><g/></svg><foo/></annotation-xml></math>
<template id=t><li>in template</li><template><i>nested</i></template></template>
<div><template shadowrootmode=open><slot></slot></template>light</div>
<textarea>raw &lt;text></textarea><script>if (a < b) {}</script><iframe srcdoc="<p>framed</p>"></iframe>
<table><tr><td>cell</table></body></html>`

func TestRoundTripTricky(t *testing.T) {
	doc, err := html.Parse(strings.NewReader(tricky))
	if err != nil {
		t.Fatal(err)
	}
	d, meta, raw := roundTrip(t, doc)
	sameTree(t, "tricky", doc, d.Root)
	if meta.Title != "A <b>title</b> here" {
		t.Errorf("title = %q", meta.Title)
	}
	// ns is written only where the position does not imply it
	if n := strings.Count(string(raw), `"ns"`); n != 0 {
		t.Errorf("%d explicit ns fields for a parser-built tree; want 0", n)
	}
	if d.HasFacts() {
		t.Error("a capture from static HTML has facts")
	}
	// the srcdoc frame is attached by dom.New on both paths
	var ifr *html.Node
	for _, n := range d.Elements {
		if dom.IsHTML(n, "iframe") {
			ifr = n
		}
	}
	if ifr == nil || d.Frame(ifr) == nil {
		t.Error("srcdoc frame missing")
	}
}

func TestRoundTripCorpus(t *testing.T) {
	dir := shared.Path(t, "corpus", "pages")
	for _, name := range shared.Pages(t) {
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(filepath.Join(dir, name+".html"))
			if err != nil {
				t.Fatal(err)
			}
			doc, err := html.Parse(bytes.NewReader(src))
			if err != nil {
				t.Fatal(err)
			}
			d, _, _ := roundTrip(t, doc)
			sameTree(t, name, doc, d.Root)
			if want := dom.New(doc).Len(); d.Len() != want {
				t.Errorf("%d elements; html path has %d", d.Len(), want)
			}
		})
	}
}

const live = `{"version":1,"url":"https://example.com/","title":"T","frames":["https://example.com/f","https://ads.example.net/x"],
"root":{"tag":"#document","children":[{"tag":"HTML","children":[{"tag":"body","children":[
 {"tag":"DIV","attrs":[["ID","host"],["Data-Foo","1"]],"shadow":{"mode":"closed","children":[{"tag":"slot"},{"tag":"button","attrs":[["id","in"]],"listeners":"0~4"}]},
  "children":[{"tag":"#text","text":"light"}]},
 {"tag":"input","attrs":[["type","checkbox"]],"checked":true,"indeterminate":true,"display":"inline-block","visibility":"hidden","contentVisibility":"auto","zeroSize":true,"inert":true,"cursorPointer":true,"before":"*","after":"","inViewport":false,"listeners":"0~1,30~4","key":"k1","value":"on"},
 {"tag":"svg","attrs":[["viewBox","0 0 1 1"],["xlink:href","#a"]],"children":[{"tag":"foreignObject","children":[{"tag":"P"}]},{"tag":"clipPath"}]},
 {"tag":"math","children":[{"tag":"mi","children":[{"tag":"b"}]}]},
 {"tag":"div","ns":"svg"},
 {"tag":"iframe","frame":{"url":"https://example.com/f","title":"F","root":{"tag":"#document","children":[{"tag":"html","children":[{"tag":"body","children":[{"tag":"a","attrs":[["href","/x"]],"listeners":"0~1"}]}]}]}}}
]}]}]}}`

func TestDecodeLive(t *testing.T) {
	d, meta, err := Decode(strings.NewReader(live), Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if meta.URL != "https://example.com/" || meta.Title != "T" || len(meta.Frames) != 2 || meta.Nodes != 22 {
		t.Errorf("meta = %+v", meta)
	}
	if len(meta.Docs) != 1 || meta.Docs[0].Path != "/html/body/iframe" || meta.Docs[0].Title != "F" {
		t.Errorf("frame docs = %+v", meta.Docs)
	}
	host := d.ByID(nil, "host")
	if host == nil || host.Data != "div" || dom.AttrOr(host, "data-foo") != "1" {
		t.Fatalf("host = %v", host)
	}
	sr := d.ShadowRoot(host)
	if sr == nil || sr != host.FirstChild || dom.AttrOr(sr, "shadowrootmode") != "closed" {
		t.Fatalf("shadow root = %v", sr)
	}
	in := d.ByID(sr.FirstChild.NextSibling, "in")
	if in == nil || d.ByID(nil, "in") != nil {
		t.Fatalf("shadow-scoped id: %v", in)
	}
	if f := d.Facts(in); f == nil || f.Listeners.Mask("click") != listeners.React {
		t.Errorf("shadow facts = %+v", f)
	}
	// the light text is slotted: its flat parent is the slot
	if p := d.Parent(host.LastChild); p == nil || p.Data != "slot" {
		t.Errorf("slotted text parent = %v", p)
	}
	var input, fo, p, clip, mi, b, sdiv, ifr *html.Node
	for _, n := range d.Elements {
		switch n.Data {
		case "input":
			input = n
		case "foreignObject":
			fo = n
		case "p":
			p = n
		case "clipPath":
			clip = n
		case "mi":
			mi = n
		case "b":
			b = n
		case "div":
			if n.Namespace == "svg" {
				sdiv = n
			}
		case "iframe":
			ifr = n
		}
	}
	f := d.Facts(input)
	if f == nil || *f.Value != "on" || !*f.Checked || !f.Indeterminate || f.Display != "inline-block" ||
		f.Visibility != "hidden" || f.ContentVisibility != "auto" || !f.ZeroSize || !f.Inert || !f.CursorPointer ||
		*f.Before != "*" || *f.After != "" || *f.InViewport || f.Key != "k1" ||
		f.Listeners.Mask("click") != listeners.Native || f.Listeners.Mask("change") != listeners.React {
		t.Errorf("input facts = %+v", f)
	}
	if fo == nil || fo.Namespace != "svg" || p == nil || p.Namespace != "" || clip == nil || clip.Namespace != "svg" {
		t.Errorf("svg namespaces: fo=%v p=%v clip=%v", fo, p, clip)
	}
	svg := fo.Parent
	if svg.Attr[0].Key != "viewBox" || svg.Attr[1].Namespace != "xlink" || svg.Attr[1].Key != "href" {
		t.Errorf("svg attrs = %q", svg.Attr)
	}
	if mi == nil || mi.Namespace != "math" || b == nil || b.Namespace != "" {
		t.Errorf("math namespaces: mi=%v b=%v", mi, b)
	}
	if sdiv == nil {
		t.Error("explicit ns ignored")
	}
	sub := d.Frame(ifr)
	if sub == nil {
		t.Fatal("frame not attached")
	}
	var a *html.Node
	for _, n := range sub.Elements {
		if n.Data == "a" {
			a = n
		}
	}
	if a == nil || sub.Facts(a) == nil || !sub.Facts(a).Listeners.Has("click") || d.Facts(a) != nil {
		t.Error("frame facts not in the frame's doc")
	}
}

func TestDecodeErrors(t *testing.T) {
	body := func(kids string) string {
		return `{"version":1,"root":{"tag":"#document","children":[{"tag":"html","children":[{"tag":"body","children":[` + kids + `]}]}]}}`
	}
	cases := []struct{ name, in, want string }{
		{"listener id", body(`{"tag":"div"},{"tag":"div"},{"tag":"div","listeners":"999~1"}`), "wire: node /html/body/div[3]: listeners: unknown event id 999"},
		{"listener order", body(`{"tag":"p","listeners":"5~1,0~1"}`), `node /html/body/p: listeners: entry 1 "0~1": event id 0 out of order`},
		{"version", `{"version":2,"root":{"tag":"#document"}}`, "version: unsupported version 2"},
		{"version with new fields", `{"version":3,"root":{"tag":"#document"},"extra":1}`, "version: unsupported version 3"},
		{"no version", `{"root":{"tag":"#document"}}`, "unsupported version 0"},
		{"no root", `{"version":1}`, "root: missing"},
		{"root kind", `{"version":1,"root":{"tag":"html"}}`, `root.tag: "html", want "#document"`},
		{"unknown field", body(`{"tag":"p","colour":"red"}`), `unknown field "colour"`},
		{"trailing", `{"version":1,"root":{"tag":"#document"}} {}`, "trailing data"},
		{"syntax", `{"version":1,`, "expected a string (at the end of the text)"},
		{"syntax 2", `{"version":1 "root":{}}`, "expected ',' or '}' (byte 13)"},
		{"duplicate field", `{"version":1,"root":{"tag":"#document","tag":"#document"}}`, "tag: duplicate field"},
		{"null field", body(`{"tag":"p","value":null}`), "node /html/body/p: value: null is not allowed"},
		{"float version", `{"version":1.0,"root":{"tag":"#document"}}`, "version: unsupported version 1.0"},
		{"control char", body(`{"tag":"#text","text":"a` + "\x01" + `"}`), "control character"},
		{"bad escape", body(`{"tag":"#text","text":"\q"}`), `bad escape \q`},
		{"deep path elided", `{"version":1,"root":{"tag":"#document","children":[` + strings.Repeat(`{"tag":"i","children":[`, 40) + `{"tag":"b","zeroSize":1}` + strings.Repeat(`]}`, 40) + `]}}`, "node /i/i/i/i/i/i/i/i/...(21 more)/i/i/i/i/i/i/i/i/i/i/i/b: zeroSize: expected true or false"},
		{"type", `{"version":"1","root":{"tag":"#document"}}`, "version"},
		{"no tag", body(`{"children":[]}`), "node /html/body/?: tag: missing"},
		{"bad tag", body(`{"tag":"a b"}`), `tag: "a b" contains ' '`},
		{"unknown kind", body(`{"tag":"#cdata"}`), `unknown node kind "#cdata"`},
		{"nested document", body(`{"tag":"#document"}`), "only as a root"},
		{"doctype in body", body(`{"tag":"#doctype","text":"html"}`), "#doctype outside the document node"},
		{"text with children", body(`{"tag":"#text","children":[{"tag":"b"}]}`), "node /html/body/#text: children: not allowed on #text"},
		{"text with facts", body(`{"tag":"#text","listeners":"0~1"}`), "live facts: not allowed on #text"},
		{"element text", body(`{"tag":"p","text":"x"}`), "text: elements carry text"},
		{"attr pair", body(`{"tag":"p","attrs":[["a"]]}`), "attrs[0]: want a [name, value] pair"},
		{"attr name", body(`{"tag":"p","attrs":[["a=b","1"]]}`), `attrs[0]: name "a=b" contains '='`},
		{"duplicate attr", body(`{"tag":"p","attrs":[["ID","1"],["id","2"]]}`), `attrs[1]: duplicate attribute "id"`},
		{"ns", body(`{"tag":"p","ns":"xul"}`), `ns: "xul", want html, svg or math`},
		{"shadow mode", body(`{"tag":"div","shadow":{"mode":"sideways"}}`), `shadow.mode: "sideways"`},
		{"frame on div", body(`{"tag":"div","frame":{"root":{"tag":"#document"}}}`), "frame: only iframe and frame elements"},
		{"frame root", body(`{"tag":"iframe","frame":{"url":"u"}}`), "frame.root: missing"},
		{"frame root kind", body(`{"tag":"iframe","frame":{"root":{"tag":"html"}}}`), `node /html/body/iframe: frame.root.tag: "html"`},
		{"frame error path", body(`{"tag":"iframe","frame":{"root":{"tag":"#document","children":[{"tag":"p","listeners":"x"}]}}}`), "node /html/body/iframe/#document/p: listeners:"},
		{"shadow error path", body(`{"tag":"div","shadow":{"mode":"open","children":[{"tag":"b"},{"tag":"b","visibility":"gone"}]}}`), `node /html/body/div/#shadow-root/b[2]: visibility: "gone"`},
		{"display", body(`{"tag":"p","display":"Block"}`), `display: "Block" is not a display value`},
		{"content-visibility", body(`{"tag":"p","contentVisibility":"maybe"}`), "contentVisibility"},
		{"delegate listeners", body(`{"tag":"div","delegate":[{"selector":"a"}]}`), "delegate[0].listeners: missing"},
		{"delegate bad listeners", body(`{"tag":"div","delegate":[{"listeners":"0~0"}]}`), "delegate[0].listeners: entry 0"},
		{"claimed nodes", `{"version":1,"nodes":7,"root":{"tag":"#document"}}`, "nodes: claimed 7 nodes, the document has 1"},
		{"absurd claim", `{"version":1,"nodes":1000000000,"root":{"tag":"#document"}}`, "claimed node count 1000000000 is outside"},
		{"null child", body(`null`), "node /html/body: children: expected a node object"},
		{"not an object", `[1]`, "not a JSON object"},
	}
	for _, c := range cases {
		_, _, err := Decode(strings.NewReader(c.in), Limits{})
		var we *Error
		if err == nil || !errors.As(err, &we) {
			t.Errorf("%s: err = %v; want *Error", c.name, err)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s:\n got  %v\n want ...%s...", c.name, err, c.want)
		}
	}
}

func TestLimits(t *testing.T) {
	deep := func(n int) string {
		return `{"version":1,"root":{"tag":"#document","children":[` + strings.Repeat(`{"tag":"div","children":[`, n) + strings.Repeat(`]}`, n) + `]}}`
	}
	wide := `{"version":1,"root":{"tag":"#document","children":[{"tag":"p","children":[` + strings.TrimSuffix(strings.Repeat(`{"tag":"#text","text":"x"},`, 50), ",") + `]}]}}`
	cases := []struct {
		name string
		in   string
		lim  Limits
		want string
	}{
		{"depth", deep(20), Limits{MaxDepth: 10}, "nested deeper than 10"},
		{"very deep JSON", deep(20000), Limits{}, "nested deeper than 512"},
		{"nodes", wide, Limits{MaxNodes: 10}, "more than 10 nodes"},
		{"bytes", wide, Limits{MaxBytes: 100}, "larger than the limit of 100 bytes"},
		{"string", `{"version":1,"root":{"tag":"#document","children":[{"tag":"#comment","text":"` + strings.Repeat("x", 200) + `"}]}}`, Limits{MaxString: 100}, "node /#comment: text: string of 200 bytes"},
		{"attrs", `{"version":1,"root":{"tag":"#document","children":[{"tag":"p","attrs":[["a","1"],["b","2"],["c","3"]]}]}}`, Limits{MaxAttrs: 2}, "node /p: attrs: more than 2 attributes"},
		{"shadow depth", `{"version":1,"root":{"tag":"#document","children":[{"tag":"div","shadow":{"mode":"open","children":[{"tag":"b"}]}}]}}`, Limits{MaxDepth: 2}, "deeper than 2"},
	}
	for _, c := range cases {
		_, _, err := Decode(strings.NewReader(c.in), c.lim)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err = %v; want ...%s...", c.name, err, c.want)
		}
	}
	if _, _, err := Decode(strings.NewReader(deep(20)), Limits{MaxDepth: 21}); err != nil {
		t.Errorf("depth 20 within 21: %v", err)
	}
	if _, _, err := Decode(strings.NewReader(wide), Limits{MaxNodes: 52}); err != nil {
		t.Errorf("52 nodes within 52: %v", err)
	}
}

func TestInvalidUTF8Replaced(t *testing.T) {
	in := []byte(`{"version":1,"root":{"tag":"#document","children":[{"tag":"p","attrs":[["title","a` + "\xff" + `b"]]}]}}`)
	d, _, err := Decode(bytes.NewReader(in), Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if v := dom.AttrOr(d.Elements[0], "title"); v != "a\uFFFDb" {
		t.Errorf("title = %q", v)
	}
}

// TestSchemaMatchesStructs keeps schema.json and the Go types in step: the
// same property names, and the draft it claims.
func TestSchemaMatchesStructs(t *testing.T) {
	var s struct {
		Schema     string                     `json:"$schema"`
		Properties map[string]json.RawMessage `json:"properties"`
		Defs       map[string]struct {
			Properties map[string]json.RawMessage `json:"properties"`
		} `json:"$defs"`
	}
	if err := json.Unmarshal(Schema(), &s); err != nil {
		t.Fatal(err)
	}
	if s.Schema != "https://json-schema.org/draft/2020-12/schema" {
		t.Errorf("$schema = %q", s.Schema)
	}
	check := func(what string, typ reflect.Type, props map[string]json.RawMessage) {
		var want, got []string
		for i := 0; i < typ.NumField(); i++ {
			want = append(want, strings.Split(typ.Field(i).Tag.Get("json"), ",")[0])
		}
		for k := range props {
			got = append(got, k)
		}
		sort.Strings(want)
		sort.Strings(got)
		if !reflect.DeepEqual(want, got) {
			t.Errorf("%s: struct fields %q, schema properties %q", what, want, got)
		}
	}
	check("Capture", reflect.TypeOf(Capture{}), s.Properties)
	check("Node", reflect.TypeOf(Node{}), s.Defs["node"].Properties)
}

func TestDelegation(t *testing.T) {
	in := `{"version":1,"root":{"tag":"#document","children":[{"tag":"html","children":[{"tag":"body","children":[
 {"tag":"ul","attrs":[["id","list"]],"delegate":[{"selector":"li.item > a, [data-act]","listeners":"0~1s"},{"selector":"li:visible","listeners":"0~1s"}],"children":[
   {"tag":"li","attrs":[["class","item x"]],"children":[{"tag":"a","attrs":[["id","a1"]]},{"tag":"span","children":[{"tag":"a","attrs":[["id","a2"]]}]}]},
   {"tag":"li","children":[{"tag":"a","attrs":[["id","a3"]]},{"tag":"b","attrs":[["id","b1"],["data-act","go"]]}]},
   {"tag":"template","children":[{"tag":"b","attrs":[["data-act","x"]]}]}
 ]},
 {"tag":"div","attrs":[["id","root"]],"cursorPointer":false,"delegate":[{"listeners":"0~4"}],"children":[
   {"tag":"div","attrs":[["id","card"]],"cursorPointer":true,"children":[{"tag":"span","attrs":[["id","inner"]],"cursorPointer":true}]},
   {"tag":"div","attrs":[["id","plain"]],"children":[{"tag":"button","attrs":[["id","btn"]]},{"tag":"div","attrs":[["id","own"]],"listeners":"5~4"}]},
   {"tag":"div","attrs":[["id","tab"],["tabindex","0"]]},
   {"tag":"x-host","attrs":[["id","host"]],"shadow":{"mode":"open","children":[{"tag":"div","attrs":[["id","deep"],["role","menuitem"]]}]}}
 ]}
]}]}]}}`
	d, meta, err := Decode(strings.NewReader(in), Limits{})
	if err != nil {
		t.Fatal(err)
	}
	clickOf := func(id string) listeners.Source {
		var n *html.Node
		for _, e := range d.Elements {
			if dom.AttrOr(e, "id") == id {
				n = e
			}
		}
		if n == nil {
			t.Fatalf("no #%s", id)
		}
		if f := d.Facts(n); f != nil {
			return f.Listeners.Mask("click")
		}
		return 0
	}
	want := map[string]listeners.Source{
		"a1": listeners.JQuery | listeners.Delegated, "a2": 0, "a3": 0, "b1": listeners.JQuery | listeners.Delegated, "list": 0,
		"root": 0, "card": listeners.React | listeners.Delegated, "inner": 0, "plain": 0,
		"btn": listeners.React | listeners.Delegated, "own": listeners.React | listeners.Delegated,
		"tab": listeners.React | listeners.Delegated, "host": 0, "deep": listeners.React | listeners.Delegated,
	}
	for id, w := range want {
		if got := clickOf(id); got != w {
			t.Errorf("#%s click = %v; want %v", id, got, w)
		}
	}
	if len(meta.Warnings) != 1 || !strings.Contains(meta.Warnings[0], `node /html/body/ul: delegate[1].selector "li:visible"`) {
		t.Errorf("warnings = %q", meta.Warnings)
	}
}

func TestDelegateWorkLimit(t *testing.T) {
	// nested containers each delegating over the whole chain below them
	n := 200
	in := `{"version":1,"root":{"tag":"#document","children":[` + strings.Repeat(`{"tag":"div","delegate":[{"listeners":"0~4"}],"children":[`, n) + strings.Repeat(`]}`, n) + `]}}`
	if _, _, err := Decode(strings.NewReader(in), Limits{MaxDelegateWork: 1000}); err == nil || !strings.Contains(err.Error(), "delegate: resolving delegation") {
		t.Errorf("err = %v", err)
	}
	if _, _, err := Decode(strings.NewReader(in), Limits{}); err != nil {
		t.Errorf("default limit: %v", err)
	}
}

func TestSelector(t *testing.T) {
	doc, _ := html.Parse(strings.NewReader(`<div id=c class="x y"><ul><li lang=en-GB data-k="a b"><a href="/p?q" id=t>t</a></li></ul></div>`))
	var target *html.Node
	for _, n := range dom.New(doc).Elements {
		if dom.AttrOr(n, "id") == "t" {
			target = n
		}
	}
	yes := []string{"a", "*", "#t", "A#t", "div a", "div.x.y a", "ul > li > a", "li > a[href]", `[href^="/p"]`, "[href$=q]", "[href*='?']",
		"[lang|=en] a", `[data-k~=b] > a`, "div ul a", "p, a", "div  >  ul a", "div li>a"}
	no := []string{"b", "#u", ".x a.z", "div > a", "ul > a", "[href=x]", "[lang|=e] a", "[data-k~=c] a", "span a"}
	for _, s := range yes {
		sel, err := parseSelector(s)
		if err != nil || !sel.match(target, nil) {
			t.Errorf("%q: err %v, want match", s, err)
		}
	}
	for _, s := range no {
		sel, err := parseSelector(s)
		if err == nil && sel.match(target, nil) {
			t.Errorf("%q matched", s)
		}
	}
	for _, s := range []string{"a:hover", "a + b", "a ~ b", "> a", "a >", "", "a,", "[x", "[x=]", "a::before", strings.Repeat("a ", 20)} {
		if _, err := parseSelector(s); err == nil {
			t.Errorf("%q parsed; want unsupported", s)
		}
	}
}

// FuzzDecode checks that Decode never panics, and that an accepted capture
// survives FromHTML → Encode → Decode with the same tree.
func FuzzDecode(f *testing.F) {
	f.Add([]byte(live))
	f.Add([]byte(`{"version":1,"root":{"tag":"#document"}}`))
	f.Add([]byte(`{"version":1,"root":{"tag":"#document","children":[{"tag":"svg","children":[{"tag":"foreignObject","children":[{"tag":"svg"}]}]}]}}`))
	f.Add([]byte(`{"version":1,"root":{"tag":"#document","children":[{"tag":"div","delegate":[{"selector":"a b > c","listeners":"0~1"}],"children":[{"tag":"a"}]}]}}`))
	f.Fuzz(func(t *testing.T, in []byte) {
		lim := Limits{MaxNodes: 5000, MaxDepth: 64}
		// differential: what the strict reader accepts, encoding/json reads
		// to the same capture
		if c, err := unmarshal(string(in), lim.withDefaults()); err == nil {
			var ref Capture
			if err := json.Unmarshal(in, &ref); err != nil {
				t.Fatalf("accepted, but encoding/json fails: %v", err)
			}
			var x, y bytes.Buffer
			Encode(&x, c)
			Encode(&y, &ref)
			if x.String() != y.String() {
				t.Fatalf("reader and encoding/json differ:\n%s\n%s", x.String(), y.String())
			}
		}
		d, _, err := Decode(bytes.NewReader(in), lim)
		if err != nil {
			return
		}
		var buf bytes.Buffer
		if err := Encode(&buf, FromHTML(d.Root)); err != nil {
			t.Fatal(err)
		}
		d2, _, err := Decode(&buf, lim)
		if err != nil {
			t.Fatalf("re-decode of an accepted capture failed: %v", err)
		}
		a, b := flatten(d.Root), flatten(d2.Root)
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("re-decoded tree differs:\n%q\n%q", a, b)
		}
	})
}

func amazonCapture(b *testing.B) []byte {
	p := shared.Path(b, "corpus", "pages", "amazon-de-search.html")
	src, err := os.ReadFile(p)
	if err != nil {
		b.Fatal(err)
	}
	doc, err := html.Parse(bytes.NewReader(src))
	if err != nil {
		b.Fatal(err)
	}
	var buf bytes.Buffer
	if err := Encode(&buf, FromHTML(doc)); err != nil {
		b.Fatal(err)
	}
	return buf.Bytes()
}

func BenchmarkDecodeAmazon(b *testing.B) {
	raw := amazonCapture(b)
	b.SetBytes(int64(len(raw)))
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if _, _, err := Decode(bytes.NewReader(raw), Limits{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkFromHTMLEncodeAmazon(b *testing.B) {
	p := shared.Path(b, "corpus", "pages", "amazon-de-search.html")
	src, _ := os.ReadFile(p)
	doc, err := html.Parse(bytes.NewReader(src))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	var buf bytes.Buffer
	for b.Loop() {
		buf.Reset()
		if err := Encode(&buf, FromHTML(doc)); err != nil {
			b.Fatal(err)
		}
	}
}

func TestBuildRejectsSharedNodes(t *testing.T) {
	// a frame whose document is the page itself
	c := &Capture{Version: 1, Root: &Node{Tag: "#document"}}
	c.Root.Children = []Node{{Tag: "iframe", Frame: &Frame{Root: c.Root}}}
	if _, _, err := Build(c, Limits{}); err == nil || !strings.Contains(err.Error(), "node /iframe: frame.root: node reached twice") {
		t.Errorf("self frame: %v", err)
	}
	// one children slice under two parents
	kids := []Node{{Tag: "b"}}
	c = &Capture{Version: 1, Root: &Node{Tag: "#document", Children: []Node{{Tag: "p", Children: kids}, {Tag: "p", Children: kids}}}}
	if _, _, err := Build(c, Limits{}); err == nil || !strings.Contains(err.Error(), "node /p[2]/b: node reached twice") {
		t.Errorf("shared children: %v", err)
	}
	// a shadow root containing its host's children array
	host := []Node{{Tag: "div"}}
	host[0].Shadow = &Shadow{Mode: "open", Children: host}
	c = &Capture{Version: 1, Root: &Node{Tag: "#document", Children: host}}
	if _, _, err := Build(c, Limits{}); err == nil || !strings.Contains(err.Error(), "reached twice") {
		t.Errorf("shadow cycle: %v", err)
	}
	// the same value without sharing is fine
	c = &Capture{Version: 1, Root: &Node{Tag: "#document", Children: []Node{{Tag: "p", Children: []Node{{Tag: "b"}}}, {Tag: "p", Children: []Node{{Tag: "b"}}}}}}
	if _, _, err := Build(c, Limits{}); err != nil {
		t.Errorf("unshared: %v", err)
	}
}

// BenchmarkParseHTMLAmazon is the static path's first step on the same page,
// for comparison with BenchmarkDecodeAmazon.
func BenchmarkParseHTMLAmazon(b *testing.B) {
	src, err := os.ReadFile(shared.Path(b, "corpus", "pages", "amazon-de-search.html"))
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		doc, err := html.Parse(bytes.NewReader(src))
		if err != nil {
			b.Fatal(err)
		}
		dom.New(doc)
	}
}
