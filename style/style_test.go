package style

import (
	"fmt"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/axtree/axtree/dom"
)

// load parses src and returns the Doc and a Sheet for it.
func load(t testing.TB, src string) (*dom.Doc, *Sheet) {
	t.Helper()
	root, err := html.Parse(strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	d := dom.New(root)
	return d, New(d)
}

func eq[T comparable](t testing.TB, want, got T, msg ...any) {
	t.Helper()
	if want != got {
		t.Errorf("%v: want %v, got %v", fmt.Sprint(msg...), want, got)
	}
}

func isTrue(t testing.TB, v bool, msg ...any) {
	t.Helper()
	if !v {
		t.Errorf("%v: want true", fmt.Sprint(msg...))
	}
}

func isFalse(t testing.TB, v bool, msg ...any) {
	t.Helper()
	if v {
		t.Errorf("%v: want false", fmt.Sprint(msg...))
	}
}

// byID returns the first element (in any tree) with the given id.
func byID(t testing.TB, d *dom.Doc, id string) *html.Node {
	t.Helper()
	for _, e := range d.Elements {
		if dom.AttrOr(e, "id") == id {
			return e
		}
	}
	t.Fatalf("no element with id %q", id)
	return nil
}

func TestDefaultDisplay(t *testing.T) {
	d, _ := load(t, `<!doctype html><html><head><title>x</title><meta charset=utf-8><link rel=x><script></script><style></style></head><body>
<div id=div></div><span id=span></span><p id=p></p><li id=li></li>
<table id=table><caption id=caption></caption><colgroup id=colgroup><col id=col></colgroup><thead id=thead><tr id=tr><th id=th></th><td id=td></td></tr></thead><tbody id=tbody></tbody><tfoot id=tfoot></tfoot></table>
<input id=input><input id=hiddeninput type=HIDDEN><button id=button></button><select id=select></select><textarea id=textarea></textarea>
<div id=hidden hidden></div><div id=untilfound hidden=until-found></div>
<dialog id=dialog></dialog><dialog id=opendialog open></dialog>
<details id=details><summary id=summary1></summary><summary id=summary2></summary></details>
<area id=area><datalist id=datalist></datalist><template id=template></template><noscript id=noscript></noscript>
<audio id=audio></audio><audio id=audioc controls></audio><div id=pop popover></div>
<ruby id=ruby>a<rp id=rp>(</rp><rt id=rt>b</rt></ruby><slot id=slot></slot><img id=img>
<svg id=svg><defs id=defs></defs><title id=svgtitle>t</title><rect id=rect /></svg>
</body></html>`)
	want := map[string]string{
		"div": "block", "span": "inline", "p": "block", "li": "list-item",
		"table": "table", "caption": "table-caption", "colgroup": "table-column-group",
		"col": "table-column", "thead": "table-header-group", "tr": "table-row",
		"th": "table-cell", "td": "table-cell", "tbody": "table-row-group",
		"tfoot": "table-footer-group", "input": "inline-block", "hiddeninput": "none",
		"button": "inline-block", "select": "inline-block", "textarea": "inline-block",
		"hidden": "none", "untilfound": "block", "dialog": "none", "opendialog": "block",
		"details": "block", "summary1": "list-item", "summary2": "block", "area": "none",
		"datalist": "none", "template": "none", "noscript": "none", "audio": "none",
		"audioc": "inline", "pop": "none", "ruby": "ruby", "rp": "none", "rt": "ruby-text",
		"slot": "contents", "img": "inline", "svg": "inline", "defs": "none",
		"svgtitle": "none", "rect": "inline",
	}
	for id, disp := range want {
		eq(t, disp, DefaultDisplay(byID(t, d, id)), id)
	}
	for _, tag := range []string{"head", "title", "meta", "link", "script", "style"} {
		for _, e := range d.Elements {
			if e.Data == tag && e.Namespace == "" {
				eq(t, "none", DefaultDisplay(e), tag)
			}
		}
	}
	eq(t, "", DefaultDisplay(nil))
	eq(t, "", DefaultDisplay(&html.Node{Type: html.TextNode, Data: "x"}))
}

func TestCascadeOrderSpecificityImportant(t *testing.T) {
	d, s := load(t, `<style>
  #a { display: flex }
  div { display: grid }
  .c { display: inline-block }
  .c { display: table }            /* later, same specificity: wins */
  div.imp { display: block !important }
  #imp { display: inline }          /* higher specificity but not important */
  .inl { display: block !important }
</style>
<div id=a class=c></div>
<div id=b class=c></div>
<div id=imp class=imp></div>
<span id=i1 style="display: grid"></span>
<span id=i2 class=inl style="display: flex"></span>
<span id=i3 class=inl style="display: flex !important"></span>
<span id=i4 style="display:none; display: block"></span>
`)
	eq(t, "flex", s.Style(byID(t, d, "a")).Display, "id beats class and tag")
	eq(t, "table", s.Style(byID(t, d, "b")).Display, "later rule wins at equal specificity")
	eq(t, "block", s.Style(byID(t, d, "imp")).Display, "!important beats specificity")
	eq(t, "grid", s.Style(byID(t, d, "i1")).Display, "inline style applies")
	eq(t, "block", s.Style(byID(t, d, "i2")).Display, "sheet !important beats inline")
	eq(t, "flex", s.Style(byID(t, d, "i3")).Display, "inline !important beats sheet !important")
	eq(t, "block", s.Style(byID(t, d, "i4")).Display, "last declaration in a block wins")
}

func TestVisibilityInheritance(t *testing.T) {
	d, s := load(t, `<style>.h{visibility:hidden}.v{visibility:visible}.c{visibility:collapse}</style>
<div id=p class=h><span id=c1>x</span><span id=c2 class=v>y</span></div>
<table><tr id=row class=c><td id=cell>z</td></tr></table>
<div id=inh style="visibility:hidden"><b id=b style="visibility:inherit"></b><i id=i style="visibility:initial"></i></div>`)
	isFalse(t, s.Rendered(byID(t, d, "p")))
	isFalse(t, s.Rendered(byID(t, d, "c1")), "visibility is inherited")
	isTrue(t, s.Rendered(byID(t, d, "c2")), "a visible child of a hidden parent renders")
	eq(t, "hidden", s.Style(byID(t, d, "c1")).Visibility)
	isFalse(t, s.Rendered(byID(t, d, "row")))
	isFalse(t, s.Rendered(byID(t, d, "cell")))
	isFalse(t, s.Rendered(byID(t, d, "b")))
	isTrue(t, s.Rendered(byID(t, d, "i")))
	// text nodes follow their parent
	c1 := byID(t, d, "c1")
	isFalse(t, s.Rendered(c1.FirstChild))
	isTrue(t, s.Rendered(byID(t, d, "c2").FirstChild))
}

func TestDisplayNoneSubtree(t *testing.T) {
	d, s := load(t, `<style>.x{display:none}</style>
<div id=a class=x><div id=b style="display:block"><span id=c>t</span></div></div>
<div id=d hidden><p id=e></p></div>
<div id=f hidden style="display:block"><p id=g></p></div>
<template><p id=inert></p></template>`)
	for _, id := range []string{"a", "b", "c", "d", "e", "inert"} {
		isFalse(t, s.Rendered(byID(t, d, id)), id)
	}
	eq(t, "block", s.Style(byID(t, d, "b")).Display, "display is not inherited")
	isTrue(t, s.Rendered(byID(t, d, "f")), "author display overrides the [hidden] UA rule")
	isTrue(t, s.Rendered(byID(t, d, "g")))
	isFalse(t, s.Rendered(byID(t, d, "c").FirstChild))
}

func TestContentVisibility(t *testing.T) {
	d, s := load(t, `<div id=a style="content-visibility:hidden"><p id=b><span id=c>x</span></p></div>
<div id=auto style="content-visibility:auto"><p id=d></p></div>
<div id=uf hidden=until-found><p id=e></p></div>
<details id=det><summary id=sum>S</summary><p id=body>B</p>text</details>
<details open><summary>S</summary><p id=body2>B</p></details>`)
	isTrue(t, s.Rendered(byID(t, d, "a")), "the element itself renders")
	isFalse(t, s.Rendered(byID(t, d, "b")))
	isFalse(t, s.Rendered(byID(t, d, "c")))
	isTrue(t, s.Rendered(byID(t, d, "d")), "auto renders content")
	isTrue(t, s.Rendered(byID(t, d, "uf")))
	isFalse(t, s.Rendered(byID(t, d, "e")), "hidden=until-found hides content")
	eq(t, "hidden", s.Style(byID(t, d, "uf")).ContentVisibility)
	isTrue(t, s.Rendered(byID(t, d, "sum")))
	isFalse(t, s.Rendered(byID(t, d, "body")), "closed details hides its content")
	isFalse(t, s.Rendered(byID(t, d, "det").LastChild), "text in closed details")
	isTrue(t, s.Rendered(byID(t, d, "body2")))
}

func TestPseudoContent(t *testing.T) {
	d, s := load(t, `<style>
.q::before { content: "\201C" attr(data-x) " " }
.q::after { content: '!' counter(c) }
.n::before { content: none }
.b:before { content: "B"; display: block }
.hid::before { content: "X"; display: none }
.alt::before { content: url(x.png) / "alt text" }
.esc::after { content: "a\
b\41 c" }
.q::placeholder { display: none }
img::before { content: "never" }
</style>
<span id=q class=q data-x=Hi>t</span><span id=n class="n q"></span><div id=b class=b></div>
<span id=hid class=hid></span><span id=alt class=alt></span><span id=esc class=esc></span><img id=img>
<span id=none></span>`)
	q := s.Style(byID(t, d, "q"))
	isTrue(t, q.HasBefore)
	eq(t, "\u201cHi ", q.Before)
	isTrue(t, q.HasAfter)
	eq(t, "!", q.After)
	eq(t, "inline", q.BeforeDisplay)
	eq(t, "inline", q.Display, "::placeholder rules do not style the element")
	n := s.Style(byID(t, d, "n"))
	isFalse(t, n.HasBefore, "content:none at higher order wins")
	isTrue(t, n.HasAfter)
	b := s.Style(byID(t, d, "b"))
	eq(t, "B", b.Before)
	eq(t, "block", b.BeforeDisplay)
	isFalse(t, s.Style(byID(t, d, "hid")).HasBefore)
	eq(t, "alt text", s.Style(byID(t, d, "alt")).Before)
	eq(t, "abAc", s.Style(byID(t, d, "esc")).After)
	isFalse(t, s.Style(byID(t, d, "img")).HasBefore)
	isFalse(t, s.Style(byID(t, d, "none")).HasBefore)
}

func TestMediaAndSupports(t *testing.T) {
	d, s := load(t, `<style>
@media (max-width: 600px) { #a { display: none } }
@media screen and (min-width: 768px) { #b { display: none } }
@media print { #c { display: none } }
@media not print { #d { display: none } }
@media (width >= 1000px) and (hover: hover) { #e { display: none } }
@media (400px <= width <= 700px) { #f { display: none } }
@media screen and garbage (x) { #g { display: none } }
@media screen, print { #h { display: none } }
@supports (display: grid) { #i { display: none } }
@supports not (display: grid) { #j { display: none } }
@media (prefers-color-scheme: dark) { #k { display: none } }
@media (min-width: 48em) { @media (orientation: landscape) { #l { display: none } } }
@font-face { font-family: x; src: url(x) }
@import url(foo.css);
#m { display: none }
@layer base { #n { display: none } }
</style><style media="print">#o{display:none}</style><style type="text/x-template">#p{display:none}</style>
<div id=a></div><div id=b></div><div id=c></div><div id=d></div><div id=e></div><div id=f></div>
<div id=g></div><div id=h></div><div id=i></div><div id=j></div><div id=k></div><div id=l></div>
<div id=m></div><div id=n></div><div id=o></div><div id=p></div>`)
	hidden := map[string]bool{"b": true, "d": true, "e": true, "h": true, "i": true, "l": true, "m": true, "n": true}
	for _, id := range []string{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p"} {
		eq(t, !hidden[id], s.Rendered(byID(t, d, id)), id)
	}
}

func TestMediaEval(t *testing.T) {
	cases := map[string]bool{
		"":                                     true,
		"all":                                  true,
		"screen":                               true,
		"only screen and (max-width:1280px)":   true,
		"(max-width: 1279px)":                  false,
		"(min-width: 80em)":                    true,
		"(min-width: 80.1em)":                  false,
		"(orientation: portrait)":              false,
		"(min-resolution: 2dppx)":              false,
		"(-webkit-min-device-pixel-ratio: 1)":  true,
		"(min-aspect-ratio: 16/10)":            true,
		"(min-aspect-ratio: 16/9)":             false,
		"not screen and (max-width: 600px)":    true,
		"(hover) and (pointer: fine)":          true,
		"(hover) or (max-width: 10px)":         true,
		"(hover) and (max-width: 10px) or (x)": false,
		"not (max-width: 600px)":               true,
		"(scripting: none)":                    false,
		"(scripting: enabled)":                 true,
		"(prefers-reduced-motion: reduce)":     false,
		"(unknown-feature: 1)":                 false,
		"tv, (min-width: 1px)":                 true,
		"(min-width: 600px":                    false,
		"bogus":                                false,
		"(1000px < width < 1300px)":            true,
		"(width > 1280px)":                     false,
	}
	for q, want := range cases {
		eq(t, want, evalMediaList(q), q)
	}
	isTrue(t, evalSupports("(display: grid) and (gap: 1px)"))
	isTrue(t, evalSupports("selector(:has(a))"))
	isFalse(t, evalSupports("not (display: grid)"))
	isFalse(t, evalSupports("(display: grid"))
}

func TestNormalizeDisplay(t *testing.T) {
	cases := map[string]string{
		"block": "block", "inline flow-root": "inline-block", "block flex": "flex",
		"inline flex": "inline-flex", "inline grid": "inline-grid", "list-item block": "list-item",
		"flow": "block", "inline": "inline", "block flow": "block", "inline table": "inline-table",
	}
	for in, want := range cases {
		got, ok := normalizeDisplay(in)
		isTrue(t, ok, in)
		eq(t, want, got, in)
	}
	for _, bad := range []string{"blok", "block inline", "flex grid", "a b c d"} {
		_, ok := normalizeDisplay(bad)
		isFalse(t, ok, bad)
	}
}

func TestSelectorsAndIndexing(t *testing.T) {
	d, s := load(t, `<style>
ul > li.x { display: none }
.wrap .deep { display: none }
h1 + p { display: none }
h1 ~ span { display: none }
[aria-hidden="true"] { display: none }
a:hover { display: none }
div:not(.keep) > em { display: none }
.a:has(.b) { visibility: hidden }
*:first-child.first { display: none }
.md\:hidden { display: none }
.ok, .bad:unknownpseudo, .ok2 { display: none }
p:contains(x) { display: none }
</style>
<ul><li id=li1 class=x></li><li id=li2></li></ul><ol><li id=li3 class=x></li></ol>
<div class=wrap><section><b id=deep class=deep></b></section></div><b id=notdeep class=deep></b>
<h1></h1><p id=adj></p><p id=notadj></p><span id=sib></span>
<i id=ah aria-hidden=true></i><a id=link href=#></a>
<div><em id=em1></em></div><div class=keep><em id=em2></em></div>
<div id=has class=a><i class=b></i></div><div id=hasnot class=a></div>
<section><span id=first class=first></span></section>
<span id=tw class="md:hidden"></span><span id=ok class=ok></span><span id=ok2 class=ok2></span>
<p id=contains>x</p>`)
	gone := map[string]bool{"li1": true, "deep": true, "adj": true, "sib": true, "ah": true,
		"em1": true, "has": true, "first": true, "tw": true, "ok": true, "ok2": true}
	for _, id := range []string{"li1", "li2", "li3", "deep", "notdeep", "adj", "notadj", "sib", "ah",
		"link", "em1", "em2", "has", "hasnot", "first", "tw", "ok", "ok2", "contains"} {
		eq(t, !gone[id], s.Rendered(byID(t, d, id)), id)
	}
	isTrue(t, s.Style(byID(t, d, "link")).CursorPointer, "UA: links have cursor pointer")
}

func TestCursorPointer(t *testing.T) {
	d, s := load(t, `<style>.btn{cursor:pointer}.def{cursor:default}</style>
<div id=a class=btn><span id=b>x</span><span id=c class=def>y</span></div><div id=d></div>
<a id=l href=x><span id=ls></span></a><a id=nl></a>`)
	isTrue(t, s.Style(byID(t, d, "a")).CursorPointer)
	isTrue(t, s.Style(byID(t, d, "b")).CursorPointer, "cursor inherits")
	isFalse(t, s.Style(byID(t, d, "c")).CursorPointer)
	isFalse(t, s.Style(byID(t, d, "d")).CursorPointer)
	isTrue(t, s.Style(byID(t, d, "ls")).CursorPointer)
	isFalse(t, s.Style(byID(t, d, "nl")).CursorPointer)
}

func TestShadowScoping(t *testing.T) {
	d, s := load(t, `<style>.x { display: none } span { visibility: hidden }</style>
<div id=host><template shadowrootmode=open>
  <style>.y { display: none }</style>
  <p id=sx class=x>doc styles do not enter</p>
  <p id=sy class=y>shadow styles apply</p>
  <slot></slot>
  <span id=sspan>not hidden by the document's span rule</span>
</template><i id=ly class=y>light child: shadow styles do not apply</i></div>
<p id=dy class=y>document p</p>
<div id=hidhost style="visibility:hidden"><template shadowrootmode=open><b id=inh>x</b></template></div>
<div id=nonehost style="display:none"><template shadowrootmode=open><b id=under>x</b></template></div>
<div id=host2><template shadowrootmode=open><slot name=a></slot></template><i id=unassigned>u</i><i id=assigned slot=a>a</i></div>`)
	isTrue(t, s.Rendered(byID(t, d, "sx")))
	isFalse(t, s.Rendered(byID(t, d, "sy")))
	isTrue(t, s.Rendered(byID(t, d, "sspan")))
	isTrue(t, s.Rendered(byID(t, d, "ly")))
	isTrue(t, s.Rendered(byID(t, d, "dy")))
	isFalse(t, s.Rendered(byID(t, d, "inh")), "visibility inherits through the flat tree")
	isFalse(t, s.Rendered(byID(t, d, "under")), "display:none on the host hides the shadow tree")
	isFalse(t, s.Rendered(byID(t, d, "unassigned")), "unassigned light children are not in the flat tree")
	isTrue(t, s.Rendered(byID(t, d, "assigned")))
}

func TestFactsOverride(t *testing.T) {
	d, s0 := load(t, `<style>.x{display:none}</style>
<div id=a class=x><span id=a1></span></div><div id=b><span id=b1></span></div><div id=c></div><div id=e></div><div id=f class=x></div>`)
	_ = s0
	str := func(v string) *string { return &v }
	d.SetFacts(byID(t, d, "a"), &dom.Facts{Display: "block"})
	d.SetFacts(byID(t, d, "b"), &dom.Facts{Display: "block", Visibility: "hidden", CursorPointer: true, Before: str("★"), Inert: true})
	d.SetFacts(byID(t, d, "c"), &dom.Facts{ZeroSize: true})
	d.SetFacts(byID(t, d, "e"), &dom.Facts{ContentVisibility: "hidden"})
	s := New(d)
	isTrue(t, s.Rendered(byID(t, d, "a")), "live display wins over the sheet")
	isTrue(t, s.Rendered(byID(t, d, "a1")))
	b := s.Style(byID(t, d, "b"))
	isFalse(t, s.Rendered(byID(t, d, "b")))
	isFalse(t, s.Rendered(byID(t, d, "b1")), "live visibility inherits")
	isTrue(t, b.CursorPointer)
	isTrue(t, b.HasBefore)
	eq(t, "★", b.Before)
	isTrue(t, b.Inert)
	isTrue(t, s.Style(byID(t, d, "b1")).Inert)
	isFalse(t, s.Rendered(byID(t, d, "c")), "zero size")
	isTrue(t, s.Style(byID(t, d, "c")).ZeroSize)
	isTrue(t, s.Rendered(byID(t, d, "e")))
	isFalse(t, s.Rendered(byID(t, d, "f")), "no facts: static cascade")
}

func TestInline(t *testing.T) {
	d, s := load(t, `<span id=a></span><div id=b></div><span id=c style="display:block"></span><div id=e style="display:inline-flex"></div><div id=f style="display:contents"></div>`)
	isTrue(t, s.Inline(byID(t, d, "a")))
	isFalse(t, s.Inline(byID(t, d, "b")))
	isFalse(t, s.Inline(byID(t, d, "c")))
	isTrue(t, s.Inline(byID(t, d, "e")))
	isTrue(t, s.Inline(byID(t, d, "f")))
	isTrue(t, IsInlineDisplay("inline-block"))
	isFalse(t, IsInlineDisplay("list-item"))
}

func TestInert(t *testing.T) {
	d, s := load(t, `<div id=a inert><p id=b></p></div><p id=c></p>`)
	isTrue(t, s.Style(byID(t, d, "a")).Inert)
	isTrue(t, s.Style(byID(t, d, "b")).Inert)
	isFalse(t, s.Style(byID(t, d, "c")).Inert)
	isTrue(t, s.Rendered(byID(t, d, "b")), "inert does not hide")
}

func TestCDATAStyleIsOneBadRule(t *testing.T) {
	// "<![CDATA[" opens two [ blocks that swallow every rule up to "]]>":
	// browsers apply nothing from such a sheet.
	d, s := load(t, `<style><![CDATA[ .a { display: none } [x] { display: none } ]]></style><style>.b{display:none}</style><i id=a class=a></i><i id=b class=b></i>`)
	isTrue(t, s.Rendered(byID(t, d, "a")))
	isFalse(t, s.Rendered(byID(t, d, "b")))
}

func TestParserRecovery(t *testing.T) {
	d, s := load(t, `<style>
.a { color: red; display: none; } }
garbage ; { } .b { display none; display: none }
.c { content: "}"; display: none }
.d { &:hover { display: block } display: none; .e { display: block } }
.f { display: var(--x, none) }
.g { display: none !IMPORTANT } .g { display: block }
<!-- .h { display: none } -->
/* .i { display: none } */
.j { display: none
</style><i id=a class=a></i><i id=b class=b></i><i id=c class=c></i><i id=d class=d></i><i id=f class=f></i><i id=g class=g></i><i id=h class=h></i><i id=i class=i></i><i id=j class=j></i>`)
	for id, want := range map[string]bool{"a": false, "b": false, "c": false, "d": false, "f": true, "g": false, "h": false, "i": true, "j": false} {
		eq(t, want, s.Rendered(byID(t, d, id)), id)
	}
}

func TestExtendedPseudoClasses(t *testing.T) {
	d, s := load(t, `<style>
:is(.a, .b) > i { display: none }
:where(#w) { display: none }
.w2 { display: block }
#sp:is(#sp) { display: none }
#sp { display: block }
[hidden]:where(:not([hidden=until-found])) { display: none !important }
a:any-link { display: none }
my-widget:not(:defined) { visibility: hidden }
details:open > p { display: none }
button:focus-visible { display: none }
.f:is(:unknownthing, .f) { display: none }
:where(:where(:where(:where(:where(.deep))))) { display: none }
:is(.outer .inner) { display: none }
</style>
<div class=a><i id=ia></i></div><div class=b><i id=ib></i></div><div class=c><i id=ic></i></div>
<div id=w class=w2></div><span id=sp></span><div id=hid hidden style="display:block"></div>
<a id=link href=x></a><a id=nolink></a><my-widget id=mw></my-widget>
<details open><summary>s</summary><p id=dp></p></details><button id=btn></button><i id=f class=f></i>
<i id=deep class=deep></i><div class=outer><b><i id=inner class=inner></i></b></div><i id=inner2 class=inner></i>`)
	gone := map[string]bool{"ia": true, "ib": true, "sp": true, "hid": true, "link": true, "mw": true, "dp": true, "f": true, "inner": true}
	for _, id := range []string{"ia", "ib", "ic", "w", "sp", "hid", "link", "nolink", "mw", "dp", "btn", "f", "deep", "inner", "inner2"} {
		eq(t, !gone[id], s.Rendered(byID(t, d, id)), id)
	}
	eq(t, "block", s.Style(byID(t, d, "w")).Display, ":where has zero specificity")
}

func TestHostSelectors(t *testing.T) {
	d, s := load(t, `<style>#h2 { display: block } #h3 { display: block !important }</style>
<x-a id=h1><template shadowrootmode=open><style>:host { display: block } :host([hidden]) { display: none } :host(.dark) p { display: none } :host::before { content: "H" } div p { visibility: hidden }</style><p id=p1>x</p></template></x-a>
<x-a id=h2 hidden><template shadowrootmode=open><style>:host([hidden]) { display: none }</style><p id=p2>x</p></template></x-a>
<x-a id=h3 class=dark><template shadowrootmode=open><style>:host { display: none !important } :host(.dark) p { display: none }</style><p id=p3>x</p></template></x-a>
<div id=h4 class=dark><template shadowrootmode=open><style>:host(.dark) p { display: none } div p { display: none }</style><p id=p4>x</p></template></div>
<x-a id=h5><template shadowrootmode=open><style>:host.x { display: none } :host-context(body) { display: none }</style></template></x-a>`)
	h1 := s.Style(byID(t, d, "h1"))
	eq(t, "block", h1.Display, ":host styles the host")
	eq(t, "H", h1.Before)
	isTrue(t, s.Rendered(byID(t, d, "p1")))
	isTrue(t, s.Rendered(byID(t, d, "h2")), "the document's normal rule beats the shadow tree's :host rule")
	isFalse(t, s.Rendered(byID(t, d, "h3")), "a shadow tree's important :host rule beats the document's important rule")
	isFalse(t, s.Rendered(byID(t, d, "p4")), ":host(.dark) p matches through the host")
	eq(t, "inline", s.Style(byID(t, d, "h5")).Display, "featureless :host.x and :host-context are dropped")
	// the featureless host matches no plain compound: "div p" does not match through the div host
	d2, s2 := load(t, `<div id=h><template shadowrootmode=open><style>div p { display: none }</style><p id=p>x</p></template></div>`)
	isTrue(t, s2.Rendered(byID(t, d2, "p")))
}

func TestCascadeLayers(t *testing.T) {
	d, s := load(t, `<style>
@layer base, utilities;
#a { display: flex }                               /* unlayered beats layered, whatever the order */
@layer utilities { #a.x.y { display: grid } .b { display: block } .c { display: none !important } }
@layer base { .b.b.b { display: table } .c { display: inline !important } }
@layer outer { .d { display: table } @layer inner { #d { display: grid } } }
@layer { .e { display: table } }
.e { display: block }
</style><i id=a class="x y"></i><i id=b class=b></i><i id=c class=c></i><i id=d class=d></i><i id=e class=e></i>`)
	eq(t, "flex", s.Style(byID(t, d, "a")).Display, "unlayered rules beat layered ones")
	eq(t, "block", s.Style(byID(t, d, "b")).Display, "a later-declared layer beats an earlier one despite specificity")
	eq(t, "inline", s.Style(byID(t, d, "c")).Display, "important declarations: the earlier layer wins")
	eq(t, "table", s.Style(byID(t, d, "d")).Display, "a layer's own rules beat its sublayers'")
	eq(t, "block", s.Style(byID(t, d, "e")).Display)
}

func TestNoscript(t *testing.T) {
	// Scripting is on, as on the page an agent sees: noscript content is
	// neither text nor elements, whichever way it was parsed.
	d, s := load(t, `<body><noscript id=ns><img src=x alt="markup"></noscript>`)
	ns := byID(t, d, "ns")
	isFalse(t, s.Rendered(ns), "scripting is on: noscript does not render")
	isFalse(t, s.Rendered(ns.FirstChild), "raw markup text is not page text")
	root, err := html.ParseWithOptions(strings.NewReader(`<body><noscript id=ns><p id=p>real</p></noscript>`), html.ParseOptionEnableScripting(false))
	if err != nil {
		t.Fatal(err)
	}
	d2 := dom.New(root)
	s2 := New(d2)
	p := byID(t, d2, "p")
	isFalse(t, s2.Rendered(p))
	isFalse(t, s2.Rendered(p.FirstChild))
}

func TestHasToken(t *testing.T) {
	isTrue(t, hasToken("a b c", "b"))
	isTrue(t, hasToken("a\tb", "a"))
	isTrue(t, hasToken(" ab  b", "b"))
	isFalse(t, hasToken("ab abc", "b"))
	isFalse(t, hasToken("", "a"))
	isFalse(t, hasToken("a", ""))
	isFalse(t, hasToken("ba", "a b"))
}

func TestDocumentHidingRuleIgnored(t *testing.T) {
	d, s := load(t, `<html id=h style="visibility:hidden"><style>html{display:none} body{display:none} #p{display:none}</style><body id=b><p id=p>x</p><span id=q>y</span></body></html>`)
	isTrue(t, s.Rendered(byID(t, d, "h")), "html renders")
	isTrue(t, s.Rendered(byID(t, d, "b")), "body renders")
	eq(t, "block", s.Style(byID(t, d, "b")).Display)
	isTrue(t, s.Rendered(byID(t, d, "q")), "body content renders")
	isFalse(t, s.Rendered(byID(t, d, "p")), "other rules still hide")
}
