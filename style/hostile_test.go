package style

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/axtree/axtree/dom"
	"github.com/axtree/axtree/internal/shared"
)

// renderAll computes Rendered and Style for every element and text node.
func renderAll(d *dom.Doc, s *Sheet) int {
	n := 0
	for _, e := range d.Elements {
		if s.Rendered(e) {
			n++
		}
		_ = s.Style(e)
		for c := e.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.TextNode {
				s.Rendered(c)
			}
		}
	}
	return n
}

func TestHostileUnterminated(t *testing.T) {
	for _, css := range []string{
		`.a { display: none } /* never closed .b { display: none }`,
		`.a { content: "never closed; display: none }`,
		`.a { display: none`,
		`@media (max-width: 600px) { .a { display: none }`,
		`.a::before { content: "x`,
		`@media`, `@`, `{`, `}`, `"`, `'`, `\`, `/*`, `(`, `[`, `:not(`, `.a { display: }`,
		`.a{display:none !}`, `@supports`, `@media ((((((((((((((((((((((((((((((((((((a`,
		`.a { content: attr( }`, `.a::before { content: "\` + "\n" + `" }`,
		`.a { display: none } ` + strings.Repeat("}", 100) + ` .b { display: none }`,
	} {
		d, s := load(t, `<style>`+css+`</style><i class=a id=a>x</i><i class=b id=b>y</i>`)
		renderAll(d, s)
	}
	// an unterminated comment hides the rest of the sheet
	d, s := load(t, `<style>.a { display: none } /* .b { display: none }</style><i class=a id=a></i><i class=b id=b></i>`)
	isFalse(t, s.Rendered(byID(t, d, "a")))
	isTrue(t, s.Rendered(byID(t, d, "b")))
}

func TestHostileManyRules(t *testing.T) {
	var b strings.Builder
	for i := 0; i < 100000; i++ {
		fmt.Fprintf(&b, ".c%d, [data-x%d], p > :nth-child(%d) { display: none }\n", i, i, i+2)
	}
	d, s := load(t, `<style>`+b.String()+`</style><p><i id=c data-x99999></i><i id=a class="c5"></i><i id=b></i></p>`)
	if s.Selectors() > MaxSelectors {
		t.Fatalf("kept %d selectors, limit %d", s.Selectors(), MaxSelectors)
	}
	if s.rules == nil || len(s.rules.universal) > MaxUniversal {
		t.Fatalf("universal bucket over its limit")
	}
	isFalse(t, s.Rendered(byID(t, d, "a")), "an early rule still applies")
	isFalse(t, s.Rendered(byID(t, d, "b")), "b is the third child: :nth-child(3) (kept early) hides it")
	isTrue(t, s.Rendered(byID(t, d, "c")), "rules past MaxSelectors are dropped")
}

func TestHostileDeepNot(t *testing.T) {
	deep := strings.Repeat(":not(", 10000) + ".x" + strings.Repeat(")", 10000)
	d, s := load(t, `<style>`+deep+` { display: none } .y { display: none }</style><i id=a class=y></i><i id=b></i>`)
	isFalse(t, s.Rendered(byID(t, d, "a")), "the next rule still parses")
	isTrue(t, s.Rendered(byID(t, d, "b")), "the over-deep selector is dropped")
	// within the limits it works
	d, s = load(t, `<style>:not(:not(.x)) { display: none }</style><i id=a class=x></i><i id=b></i>`)
	isFalse(t, s.Rendered(byID(t, d, "a")))
	isTrue(t, s.Rendered(byID(t, d, "b")))
}

func TestHostileDeepDOMDescendants(t *testing.T) {
	// 500 nested divs (the HTML parser caps depth at 512) and selectors that would backtrack exponentially
	// without the match budget.
	body := strings.Repeat("<div>", 500) + "<i id=a></i>" + strings.Repeat("</div>", 500)
	css := ".nope div div div div div div div div div div i { display: none } div > div i { visibility: hidden }"
	d, s := load(t, `<style>`+css+`</style>`+body)
	a := byID(t, d, "a")
	isFalse(t, s.Rendered(a), "the second rule matches")
	eq(t, "inline", s.Style(a).Display)
	renderAll(d, s)
}

func TestHostileHugeStyle(t *testing.T) {
	var b strings.Builder
	b.Grow(11 << 20)
	for b.Len() < 10<<20 {
		b.WriteString(`.q:hover > a[href^="x"]::after { content: "\201C" attr(title); cursor: pointer } @media (min-width: 10px) { .z { display: block } } `)
	}
	d, s := load(t, `<style>`+b.String()+`</style><a id=a class=z href=x></a>`)
	eq(t, "block", s.Style(byID(t, d, "a")).Display)
	renderAll(d, s)
}

func TestHostileSelectorsNoPanic(t *testing.T) {
	c := newCompiler(nil)
	for _, sel := range []string{
		"", " ", ">", "a >", "> a", "a > > b", "a,,b", "[", "[a", "[a=", `[a="`, "a[b=c", ":", "::", ":::", "::before::after",
		"a::before b", ":nth-child(", ":nth-child(n+)", ":nth-child(999999999999999999999n)",
		":not()", ":has()", ":has(:has(a))", ":not(a b c)", ":not(:not(a b))", ":lang(", "#", ".", "#-", ".\\",
		"*|*", "ns|a", "a\\", "\\31 23", "a:matches(^x$)", "a[b#=c]", "a[b!=c]", ":contains(", "a:first-child:last-child:only-child:empty:root",
		strings.Repeat("a ", 100), strings.Repeat("a>", 40) + "a", strings.Repeat("[", 5000),
		"\x00", "\xff\xfe", "a\u00a0b", ":is(a)", ":where(a)", ":host", "::slotted(a)", "::-webkit-scrollbar",
	} {
		c.compile(sel) // must not panic
	}
	d, s := load(t, `<style>`+strings.Join([]string{":has(a)", ":not(a b)", "a b c d e f g h i j k l m n o p"}, ",")+`{display:none}</style><p><a id=a></a></p>`)
	renderAll(d, s)
}

// FuzzSheet checks that no style text or markup makes New, Style or
// Rendered panic.
func FuzzSheet(f *testing.F) {
	for _, seed := range []string{
		`.a{display:none}`, `@media (max-width:1px){.a{display:none}}`, `.a::before{content:"x" attr(id)}`,
		`:not(:not(.a)) ~ b + c > d e{visibility:hidden!important}`, `/*`, `"`, `@supports not (a:b){}`,
		`.a{content-visibility:hidden;cursor:pointer}`, `:has(.a){display:contents}`,
	} {
		f.Add(seed, `<div class=a id=x style="display:block"><b>t</b></div>`)
	}
	f.Fuzz(func(t *testing.T, css, markup string) {
		root, err := html.Parse(strings.NewReader("<style>" + css + "</style>" + markup))
		if err != nil {
			return
		}
		d := dom.New(root)
		renderAll(d, New(d))
	})
}

// FuzzCompile checks that cascadia and this package's selector handling
// never panic on any selector text, and that matching stays panic-free.
func FuzzCompile(f *testing.F) {
	for _, seed := range []string{"a", ".a > b", ":not(.a)", "a::before", "[a|=b i]", ":nth-last-of-type(2n+1)", ":has(a b)"} {
		f.Add(seed)
	}
	root, _ := html.Parse(strings.NewReader(`<div id=a class="b c"><p lang=en><a href=x>t</a></p><input disabled checked></div>`))
	d := dom.New(root)
	f.Fuzz(func(t *testing.T, sel string) {
		c := newCompiler(nil)
		s, _, _, ok := c.compile(sel)
		if !ok {
			return
		}
		var m matcher
		for _, e := range d.Elements {
			m.matches(&s, e)
		}
	})
}

func TestAmazonPage(t *testing.T) {
	p := shared.Path(t, "corpus", "pages", "amazon-de-search.html")
	src, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	root, err := html.Parse(strings.NewReader(string(src)))
	if err != nil {
		t.Fatal(err)
	}
	d := dom.New(root)
	s := New(d)
	n := renderAll(d, s)
	t.Logf("%d elements, %d rendered, %d selectors kept", d.Len(), n, s.Selectors())
	if n == 0 || n == d.Len() {
		t.Fatalf("rendered %d of %d elements: the cascade hid nothing or everything", n, d.Len())
	}
	// every script, style and head descendant is not rendered
	for _, e := range d.Elements {
		if e.Namespace == "" && (e.Data == "script" || e.Data == "style") && s.Rendered(e) {
			t.Fatalf("%s rendered", e.Data)
		}
	}
}

func BenchmarkAmazon(b *testing.B) {
	p := shared.Path(b, "corpus", "pages", "amazon-de-search.html")
	src, err := os.ReadFile(p)
	if err != nil {
		b.Fatal(err)
	}
	root, err := html.Parse(strings.NewReader(string(src)))
	if err != nil {
		b.Fatal(err)
	}
	d := dom.New(root)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s := New(d)
		for _, e := range d.Elements {
			s.Rendered(e)
		}
	}
}

// BenchmarkCorpusPages measures New plus Rendered over every element for
// each corpus page.
func BenchmarkCorpusPages(b *testing.B) {
	for _, name := range shared.Pages(b) {
		src, err := os.ReadFile(shared.Path(b, "corpus", "pages", name+".html"))
		if err != nil {
			b.Fatal(err)
		}
		root, err := html.Parse(strings.NewReader(string(src)))
		if err != nil {
			b.Fatal(err)
		}
		d := dom.New(root)
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				s := New(d)
				for _, e := range d.Elements {
					s.Rendered(e)
				}
			}
		})
	}
}

func TestHasLimit(t *testing.T) {
	var b strings.Builder
	for i := 0; i < 100; i++ {
		fmt.Fprintf(&b, ".h%d:has(.x) { display: none }\n", i)
	}
	markup := `<i id=first class="h0"><b class=x></b></i><i id=last class="h99"><b class=x></b></i>`
	d, s := load(t, `<style>`+b.String()+`</style>`+markup)
	eq(t, MaxHasSelectors, s.Selectors())
	isFalse(t, s.Rendered(byID(t, d, "first")), "early :has() selectors work")
	isTrue(t, s.Rendered(byID(t, d, "last")), ":has() selectors past the limit are dropped")
}

func TestSlotFallback(t *testing.T) {
	d, s := load(t, `<div><template shadowrootmode=open><slot><b id=fb1>fallback</b></slot><slot name=n><b id=fb2>fallback</b></slot></template><i id=light>x</i></div>`)
	isFalse(t, s.Rendered(byID(t, d, "fb1")), "fallback of a slot with assigned nodes is not rendered")
	isTrue(t, s.Rendered(byID(t, d, "fb2")), "fallback of an empty slot renders")
	isTrue(t, s.Rendered(byID(t, d, "light")))
}
