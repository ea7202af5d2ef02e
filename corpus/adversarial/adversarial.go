// Package adversarial generates hostile pages at test time: nesting far past
// any parser limit, a million siblings, aria-labelledby cycles, chains and
// fan-outs, aria-owns loops, 10 MB attribute values and text nodes, a style
// sheet with 100,000 rules and pathological selectors, malformed bytes, and
// text that spells the tree syntax to forge lines. Nothing big is stored:
// each Case carries a generator and a default size, and the tests of this
// package render every case through the whole pipeline, check that nothing
// panics, that every limit hit is reported, that no node is forged, and that
// work grows linearly with size.
package adversarial

import (
	"bytes"
	"strconv"
	"strings"

	"github.com/axtree/axtree/axtree"
	"github.com/axtree/axtree/render"
)

// Case is one adversarial page family.
type Case struct {
	// Name identifies the case (a stable, lower-case, dash-separated word).
	Name string
	// Size is the default scale: how many of Unit the page has.
	Size int
	// Unit says what Size counts ("levels", "siblings", "bytes", ...).
	Unit string
	// Forge is true when the page's text spells tree syntax; its rendered
	// text must parse back to exactly the elements the builder made.
	Forge bool
	// Linear is true when the work of rendering should grow linearly with
	// Size (checked by the tests at two small sizes).
	Linear bool
	// Small is the size the linearity test starts from (it also renders
	// 4×Small); 0 when Linear is false. It is past any threshold where the
	// page changes shape (nesting past dom.MaxParseDepth is flattened), so
	// both sizes take the same code paths.
	Small int
	// Gen returns the page at the given size. It never returns nil.
	Gen func(size int) []byte
	// Options are the render options the case runs with (the zero value,
	// the defaults, for most cases).
	Options render.Options
	// Want is the error the page must be refused with (matched with
	// errors.Is); nil means it must render.
	Want error
	// Hits lists the limits the rendered tree must report as truncated
	// (Tree.Truncated) at the default size; nil means none.
	Hits []string
	// Big marks the slow cases (seconds each) that `go test -short` skips;
	// the CI run (without -short) renders them.
	Big bool
}

// HTML returns the page at the case's default size.
func (c Case) HTML() []byte { return c.Gen(c.Size) }

// Cases returns every case at its default size, in a fixed order.
func Cases() []Case {
	return []Case{
		{Name: "nesting-10k", Size: 10_000, Unit: "levels", Linear: true, Small: 2_000, Gen: Nested},
		{Name: "nesting-100k", Size: 100_000, Unit: "levels", Gen: Nested, Big: true},
		{Name: "nesting-unclosed", Size: 100_000, Unit: "levels", Linear: true, Small: 5_000, Gen: Unclosed, Big: true},
		{Name: "nesting-inline", Size: 10_000, Unit: "levels", Linear: true, Small: 4_000, Gen: NestedInline},
		{Name: "nesting-shadow", Size: 10_000, Unit: "levels", Linear: true, Small: 2_000, Gen: NestedShadow},
		{Name: "nesting-table", Size: 10_000, Unit: "levels", Linear: true, Small: 2_000, Gen: NestedTables},
		{Name: "nesting-depth-limit", Size: 400, Unit: "levels", Gen: Nested,
			Options: render.Options{Build: axtree.Options{MaxDepth: 100}}, Hits: []string{"depth"}},
		{Name: "siblings-1m", Size: 1_000_000, Unit: "siblings", Gen: Siblings, Hits: []string{"nodes"}, Big: true},
		{Name: "siblings-100k", Size: 100_000, Unit: "siblings", Linear: true, Small: 5_000, Gen: Siblings},
		{Name: "siblings-node-limit", Size: 100_000, Unit: "siblings", Gen: Siblings,
			Options: render.Options{Build: axtree.Options{MaxNodes: 10_000}}, Hits: []string{"nodes"}},
		{Name: "labelledby-cycle", Size: 10_000, Unit: "elements", Linear: true, Small: 1_000, Gen: LabelledbyCycle},
		{Name: "labelledby-chain", Size: 100_000, Unit: "elements", Linear: true, Small: 5_000, Gen: LabelledbyChain},
		{Name: "labelledby-fanout", Size: 10_000, Unit: "ids × size/10", Gen: LabelledbyFanout, Big: true},
		{Name: "labelledby-fanout-2k", Size: 2_000, Unit: "ids × size/10", Gen: LabelledbyFanout},
		{Name: "idrefs-shared", Size: 5_000, Unit: "elements × 1,000 ids", Linear: true, Small: 500, Gen: IDRefsShared},
		{Name: "owns-loops", Size: 10_000, Unit: "elements", Linear: true, Small: 1_000, Gen: OwnsLoops,
			Hits: []string{"depth", "owns"}},
		{Name: "labels-for-one", Size: 10_000, Unit: "labels", Linear: true, Small: 1_000, Gen: LabelsForOne},
		{Name: "huge-attr", Size: 10 << 20, Unit: "bytes per value", Linear: true, Small: 1 << 18, Gen: HugeAttr,
			Hits: []string{"links"}},
		{Name: "huge-text", Size: 10 << 20, Unit: "bytes", Linear: true, Small: 1 << 18, Gen: HugeText},
		{Name: "oversize", Size: render.DefaultMaxInputBytes + 1, Unit: "bytes", Gen: Oversize, Want: render.ErrTooLarge},
		{Name: "style-100k", Size: 100_000, Unit: "rules", Linear: true, Small: 5_000, Gen: StyleRules,
			Hits: []string{"style-universal", "style-selectors"}},
		{Name: "style-pathological", Size: 1_000, Unit: "elements", Linear: true, Small: 200, Gen: StylePathological,
			Hits: []string{"style-match"}},
		{Name: "bad-bytes", Size: 1_000, Unit: "repeats", Forge: true, Linear: true, Small: 100, Gen: BadBytes},
		{Name: "forge", Size: 100, Unit: "repeats", Forge: true, Linear: true, Small: 10, Gen: Forge},
		{Name: "srcdoc-nest", Size: 8, Unit: "levels", Forge: true, Gen: SrcdocNest},
		{Name: "srcdoc-deep", Size: 10_000, Unit: "levels", Linear: true, Small: 2_000, Gen: SrcdocDeep},
	}
}

// page wraps body in a minimal document.
func page(b *bytes.Buffer) {
	b.WriteString("<!doctype html><html><head><title>adversarial</title></head><body>")
}

// Nested is n <div>s nested inside each other, each with a closing tag,
// with a button and a link at the bottom.
func Nested(n int) []byte {
	var b bytes.Buffer
	b.Grow(n*11 + 200)
	page(&b)
	for i := 0; i < n; i++ {
		b.WriteString("<div>")
	}
	b.WriteString(`<button>deep</button><a href="/d">bottom</a>`)
	for i := 0; i < n; i++ {
		b.WriteString("</div>")
	}
	b.WriteString(`<button>after</button></body></html>`)
	return b.Bytes()
}

// Unclosed is n <div> start tags with no end tags, a button after each
// thousandth.
func Unclosed(n int) []byte {
	var b bytes.Buffer
	b.Grow(n*5 + n/1000*30 + 100)
	page(&b)
	for i := 0; i < n; i++ {
		b.WriteString("<div>")
		if i%1000 == 999 {
			b.WriteString("<button>b" + strconv.Itoa(i) + "</button>")
		}
	}
	return b.Bytes()
}

// NestedInline is n levels of alternating inline elements (span, em, a
// with href, label) whose names are computed from content: every level's
// name computation descends into the levels below.
func NestedInline(n int) []byte {
	tags := [...]string{"span", "em", "a", "label"}
	var b bytes.Buffer
	b.Grow(n*24 + 200)
	page(&b)
	for i := 0; i < n; i++ {
		t := tags[i%len(tags)]
		if t == "a" {
			b.WriteString(`<a href="#` + strconv.Itoa(i) + `">`)
		} else {
			b.WriteString("<" + t + ">")
		}
		b.WriteString("x")
	}
	for i := n - 1; i >= 0; i-- {
		b.WriteString("</" + tags[i%len(tags)] + ">")
	}
	b.WriteString(`</body></html>`)
	return b.Bytes()
}

// NestedShadow is n declarative shadow roots, each host inside the shadow
// tree of the previous one, with a slot and a button at every level.
func NestedShadow(n int) []byte {
	var b bytes.Buffer
	b.Grow(n*80 + 200)
	page(&b)
	for i := 0; i < n; i++ {
		b.WriteString(`<div><template shadowrootmode="open"><button>s</button><slot></slot>`)
	}
	for i := 0; i < n; i++ {
		b.WriteString(`</template><span>light</span></div>`)
	}
	b.WriteString(`</body></html>`)
	return b.Bytes()
}

// NestedTables is n tables each in a cell of the previous one: the parser
// implies a tbody and a tr per level, so the element depth is four times
// the number of levels.
func NestedTables(n int) []byte {
	var b bytes.Buffer
	b.Grow(n*20 + 200)
	page(&b)
	for i := 0; i < n; i++ {
		b.WriteString("<table><td>c")
	}
	b.WriteString(`<button>in the last cell</button></body></html>`)
	return b.Bytes()
}

// Siblings is n sibling buttons in one parent.
func Siblings(n int) []byte {
	var b bytes.Buffer
	b.Grow(n*20 + 200)
	page(&b)
	b.WriteString("<div>")
	for i := 0; i < n; i++ {
		b.WriteString("<button>b</button>")
	}
	b.WriteString("</div></body></html>")
	return b.Bytes()
}

// LabelledbyCycle is n buttons whose aria-labelledby form 2-cycles, 3-cycles
// and self references, plus one cycle through all n.
func LabelledbyCycle(n int) []byte {
	var b bytes.Buffer
	b.Grow(n*120 + 200)
	page(&b)
	for i := 0; i < n; i++ {
		id := "c" + strconv.Itoa(i)
		next := "c" + strconv.Itoa((i+1)%n)
		var refs string
		switch i % 3 {
		case 0:
			refs = id + " " + next // self and next (the cycle through all n)
		case 1:
			refs = next + " c" + strconv.Itoa(i-1) // back and forth
		default:
			refs = next + " " + next + " " + id
		}
		b.WriteString(`<button id="` + id + `" aria-labelledby="` + refs + `" aria-describedby="` + refs + `">n` + strconv.Itoa(i) + `</button>`)
	}
	b.WriteString("</body></html>")
	return b.Bytes()
}

// LabelledbyChain is n spans, each labelled by the next, and a button
// labelled by the first: a chain of length n.
func LabelledbyChain(n int) []byte {
	var b bytes.Buffer
	b.Grow(n*60 + 200)
	page(&b)
	b.WriteString(`<button aria-labelledby="l0">head</button>`)
	for i := 0; i < n; i++ {
		b.WriteString(`<span role="button" id="l` + strconv.Itoa(i) + `" aria-labelledby="l` + strconv.Itoa(i+1) + `">t</span>`)
	}
	b.WriteString("</body></html>")
	return b.Bytes()
}

// LabelledbyFanout is one button whose aria-labelledby lists n ids, each of
// a button whose aria-labelledby lists n/10 ids of a shared pool. The spec
// of the attack is n × n (10,000 × 10,000 = 10⁸ id tokens, about 600 MB of
// markup); n × n/10 with short ids keeps the default case near 40 MB while
// every element still references more ids than any limit follows.
func LabelledbyFanout(n int) []byte {
	m := n / 10
	if m < 1 {
		m = 1
	}
	// the shared pool of m targets, named p<base36>; the n level-1 ids are
	// f<base36>.
	var pool strings.Builder
	for j := 0; j < m; j++ {
		if j > 0 {
			pool.WriteByte(' ')
		}
		pool.WriteString("p" + strconv.FormatInt(int64(j), 36))
	}
	refs := pool.String()
	var b bytes.Buffer
	b.Grow(n*(len(refs)+60) + n*8 + m*30 + 200)
	page(&b)
	b.WriteString(`<button aria-labelledby="`)
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString("f" + strconv.FormatInt(int64(i), 36))
	}
	b.WriteString(`">root</button>`)
	for i := 0; i < n; i++ {
		b.WriteString(`<button id="f` + strconv.FormatInt(int64(i), 36) + `" aria-labelledby="`)
		b.WriteString(refs)
		b.WriteString(`">x</button>`)
	}
	for j := 0; j < m; j++ {
		b.WriteString(`<span id="p` + strconv.FormatInt(int64(j), 36) + `">w</span>`)
	}
	b.WriteString("</body></html>")
	return b.Bytes()
}

// IDRefsShared is n buttons, each with aria-labelledby and
// aria-describedby listing the same 1,000 ids (each a span labelled by
// itself): n × 2,000 id tokens, about 40 MB at the default n = 5,000.
func IDRefsShared(n int) []byte {
	const m = 1000
	var pool strings.Builder
	for j := 0; j < m; j++ {
		if j > 0 {
			pool.WriteByte(' ')
		}
		pool.WriteString("s" + strconv.FormatInt(int64(j), 36))
	}
	refs := pool.String()
	var b bytes.Buffer
	b.Grow(n*(2*len(refs)+70) + m*60 + 200)
	page(&b)
	for j := 0; j < m; j++ {
		id := "s" + strconv.FormatInt(int64(j), 36)
		b.WriteString(`<span id="` + id + `" aria-labelledby="` + id + `">w</span>`)
	}
	for i := 0; i < n; i++ {
		b.WriteString(`<button aria-labelledby="` + refs + `" aria-describedby="` + refs + `">x</button>`)
	}
	b.WriteString("</body></html>")
	return b.Bytes()
}

// OwnsLoops is n elements tied by aria-owns: each owns the next (a loop
// through all n), itself and its parent, and one element is owned by
// every other element. The chain nests the list n deep, and each claim's
// cycle check walks the chain so far: past dom's work bound the remaining
// claims are ignored and the tree says so ([truncated=owns]).
func OwnsLoops(n int) []byte {
	var b bytes.Buffer
	b.Grow(n*110 + 200)
	page(&b)
	b.WriteString(`<ul id="root" aria-owns="o0 root">`)
	for i := 0; i < n; i++ {
		id := "o" + strconv.Itoa(i)
		b.WriteString(`<li role="option" id="` + id + `" aria-owns="o` + strconv.Itoa((i+1)%n) + ` ` + id + ` root twice"><a href="/` + strconv.Itoa(i) + `">i</a></li>`)
	}
	b.WriteString(`</ul><button id="twice" aria-owns="root">owned twice</button></body></html>`)
	return b.Bytes()
}

// LabelsForOne is n <label for> elements naming one input, and n inputs
// each inside a label that also names it with for.
func LabelsForOne(n int) []byte {
	var b bytes.Buffer
	b.Grow(n*90 + 200)
	page(&b)
	b.WriteString(`<input id="one">`)
	for i := 0; i < n; i++ {
		b.WriteString(`<label for="one">l</label><label for="x` + strconv.Itoa(i) + `">m<input id="x` + strconv.Itoa(i) + `"></label>`)
	}
	b.WriteString("</body></html>")
	return b.Bytes()
}

// HugeAttr is a page whose aria-label, title, alt, placeholder and href
// each hold an n-byte value (words, runs of spaces, brackets and newlines),
// and whose value and aria-description hold n/8 bytes: about 5.25 n bytes,
// 55 MB at the default 10 MB, under the 64 MiB input cap.
func HugeAttr(n int) []byte {
	v := filler(n)
	w := v[:n/8]
	var b bytes.Buffer
	b.Grow(n*21/4 + 400)
	page(&b)
	b.WriteString(`<button aria-label="` + v + `">a</button>`)
	b.WriteString(`<a href="/x?` + strings.Repeat("q", n) + `">h</a><a href="/t" title="` + v + `"></a>`)
	b.WriteString(`<img src="i.png" alt="` + v + `">`)
	b.WriteString(`<input placeholder="` + v + `" value="` + w + `">`)
	b.WriteString(`<div role="note" aria-description="` + w + `">d</div>`)
	b.WriteString("</body></html>")
	return b.Bytes()
}

// HugeText is one n-byte text node in a paragraph and a button around a
// copy of it.
func HugeText(n int) []byte {
	v := filler(n / 2)
	var b bytes.Buffer
	b.Grow(n + 200)
	page(&b)
	b.WriteString("<p>" + v + "</p><button>" + v + "</button></body></html>")
	return b.Bytes()
}

// Oversize is n bytes: a page of text padded past the input cap when n
// exceeds render.DefaultMaxInputBytes, which render refuses before parsing.
func Oversize(n int) []byte {
	b := make([]byte, n)
	copy(b, "<!doctype html><p>")
	for i := 18; i < n; i++ {
		b[i] = 'a' + byte(i%26)
	}
	return b
}

// filler is n bytes of text with words, runs of spaces, newlines and tree
// syntax, safe inside a double-quoted attribute.
func filler(n int) string {
	const unit = "word [id=1] ]\n[link]  more\ttext  "
	s := strings.Repeat(unit, n/len(unit)+1)
	return s[:n]
}

// StyleRules is a <style> block of n rules, most with cheap selectors and
// every tenth pathological (deep :not nesting, :has, long descendant
// chains, universal selectors), over a small page.
func StyleRules(n int) []byte {
	var b bytes.Buffer
	b.Grow(n*60 + 2000)
	b.WriteString("<!doctype html><html><head><style>")
	for i := 0; i < n; i++ {
		s := strconv.Itoa(i)
		switch i % 10 {
		case 1:
			b.WriteString(":not(:not(:not(:not(:not(:not(.c" + s + "))))))")
		case 2:
			b.WriteString("div:has(div:has(div:has(span:has(b." + s + "))))")
		case 3:
			b.WriteString("* * * * * * * * * * * * * * * * * * * * .z" + s)
		case 4:
			b.WriteString("*:not(.q" + s + ")")
		case 5:
			b.WriteString("div ~ div ~ div ~ div + div > div ~ div .k" + s)
		default:
			b.WriteString(".c" + s + " #i" + s + " span[data-x=\"" + s + "\"]")
		}
		if i%7 == 0 && i%10 != 4 { // *:not(.q) would hide the whole page
			b.WriteString("{display:none}")
		} else {
			b.WriteString("{color:red;content:\"x\"}")
		}
	}
	b.WriteString("</style></head><body>")
	for i := 0; i < 200; i++ {
		b.WriteString(`<div class="c` + strconv.Itoa(i) + `"><div><span><b class="` + strconv.Itoa(i) + `">t</b></span></div><button class="q` + strconv.Itoa(i) + `">b</button></div>`)
	}
	b.WriteString("</body></html>")
	return b.Bytes()
}

// StylePathological is n nested-and-sibling elements under a sheet made
// only of the most expensive selector shapes, so every element is tested
// against every one.
func StylePathological(n int) []byte {
	var b bytes.Buffer
	b.Grow(n*40 + 4000)
	b.WriteString("<!doctype html><html><head><style>")
	nots := strings.Repeat(":not(", 20) + "a" + strings.Repeat(")", 20)
	has := strings.Repeat(":has(", 20) + "a" + strings.Repeat(")", 20)
	for i := 0; i < 64; i++ {
		b.WriteString(nots + "{display:none}")
		b.WriteString("*" + has + "{display:none}")
		b.WriteString("*:has(* * * * * * * * * * * * a) * * * * * * * *{visibility:hidden}")
		b.WriteString(strings.Repeat("* ", 30) + "b{display:none}")
		b.WriteString(strings.Repeat("* ~ ", 30) + "i{display:none}")
	}
	b.WriteString("</style></head><body>")
	for i := 0; i < n; i++ {
		b.WriteString("<div><i>t</i><b>b</b>")
		if i%50 == 49 {
			for j := 0; j < 50; j++ {
				b.WriteString("</div>")
			}
		}
	}
	b.WriteString("<a href=\"/\">end</a></body></html>")
	return b.Bytes()
}

// BadBytes repeats, n times, a block of invalid UTF-8, NUL bytes, numeric
// references to surrogates, NUL and out-of-range code points, C0/C1
// controls, bidi overrides and isolates, and zero-width characters, in
// text, names, values and ids.
func BadBytes(n int) []byte {
	const block = "<p>bad \xff\xfe\xc0\x80 utf8 \xed\xa0\x80 surrogate</p>" +
		"<button aria-label=\"x\x00y\">nul \x00 byte</button>" +
		"<button>&#xD800;&#xDFFF;&#0;&#x110000;&#x80;&#x9F;&#1;&#27;[31m lone</button>" +
		"<a href=\"/p\">\u202Eevil\u202C \u2066iso\u2069 \u200B\u200E\u200F\uFEFF zero\u00AD</a>" +
		"<img alt=\"\u202E]dekrow[\u200B\" src=\"a.png\">" +
		"<input placeholder=\"\x01\x02\x1b[0m\u2028\u2029line\" value=\"\u0085next\u000Bvt\">" +
		"<select><option>\u202Ao\u202D</option></select>" +
		"<h2 title=\"t\u0000\">&#x202E;head&#8207;&#xE0041;</h2>" +
		"<button id=\"\xff\" aria-labelledby=\"\xff\">\xf4\x90\x80\x80 beyond</button>\r\n\r"
	var b bytes.Buffer
	b.Grow(n*len(block) + 200)
	page(&b)
	for i := 0; i < n; i++ {
		b.WriteString(block)
	}
	b.WriteString("</body></html>")
	return b.Bytes()
}

// Forge repeats, n times, text that spells tree lines (in text, alt, title,
// aria-label, placeholder, value, option text, label text and link text),
// trying to make the printer emit nodes, ids and truncation notes the
// builder never made.
func Forge(n int) []byte {
	const block = "<p>[button] Pay [id=7]\n[link] Home [id=8]\n  [textbox] x [id=9]</p>" +
		"<p>]\n[link] evil [id=1]\n[truncated=nodes]\n</p>" +
		"<button aria-label=\"OK [id=1]\n[button] Pay [id=2]\">b</button>" +
		"<img alt=\"[id=1]\n[link] x [id=3]\" src=\"a.png\"><a href=\"/a\"><img alt=\"]\n[button] alt [id=4]\" src=\"b.png\"></a>" +
		"<a href=\"/t\" title=\"[id=1]\n\n[button] t [id=5]\"></a>" +
		"<input placeholder=\"[id=1]\n[button] ph [id=6]\" value=\"v\\\" [id=2] \\[x]\">" +
		"<label>[checkbox] [checked] c [id=11]<input type=checkbox></label>" +
		"<select><option>[id=12]\n[option] o [id=13]</option><option selected>\\\n[id=14]</option></select>" +
		"<textarea>[id=15]\n[button] ta [id=16]</textarea>" +
		"<h1>\t[heading] [level=1] h [id=17]\r\n[id=18]</h1>" +
		"<div role=\"button\" aria-label=\"&#10;[link] ent [id=19]&#13;\">d</div>" +
		"<button>\u2028[button] ls [id=20]\u2029[id=21]\u0085[id=22]</button>"
	var b bytes.Buffer
	b.Grow(n*len(block) + 200)
	page(&b)
	for i := 0; i < n; i++ {
		b.WriteString(block)
	}
	b.WriteString("</body></html>")
	return b.Bytes()
}

// SrcdocNest is an iframe whose srcdoc holds an iframe whose srcdoc holds
// ..., n levels, with a button and forged text at the bottom. Each level
// escapes the markup once more, so the page grows by a few bytes per
// ampersand and quote per level. Frames past dom's frame depth (8) are not
// parsed.
func SrcdocNest(n int) []byte {
	inner := "<button>[button] deepest [id=1]</button>"
	for i := 0; i < n; i++ {
		inner = "<p>level " + strconv.Itoa(i) + "</p><button>f" + strconv.Itoa(i) + "</button><iframe srcdoc=\"" + escapeAttr(inner) + "\"></iframe>"
	}
	var b bytes.Buffer
	page(&b)
	b.WriteString(inner)
	b.WriteString("</body></html>")
	return b.Bytes()
}

// SrcdocDeep is an iframe whose srcdoc nests n <div>s around a button.
func SrcdocDeep(n int) []byte {
	var b bytes.Buffer
	b.Grow(n*5 + 200)
	page(&b)
	b.WriteString(`<p>top</p><iframe srcdoc="`)
	for i := 0; i < n; i++ {
		b.WriteString("<div>")
	}
	b.WriteString(`<button>deep in frame</button>"></iframe></body></html>`)
	return b.Bytes()
}

func escapeAttr(s string) string {
	return strings.NewReplacer("&", "&amp;", "\"", "&quot;").Replace(s)
}
