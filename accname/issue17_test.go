package accname

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Names that differed from Chromium on pages outside the corpus (the
// external suites in ../shared/conformance-ext), each checked against
// Chromium 156's computedName.
func TestNamesLikeChromium(t *testing.T) {
	cases := []struct {
		name, src, want string
	}{
		{"self-reference takes its own aria-label, not its value",
			`<input id=t value="the value" aria-label="ARIA Label" aria-labelledby="t l"><span id=l>This is a label</span>`, "ARIA Label This is a label"},
		{"self-reference after another",
			`<input id=t aria-label=bar aria-labelledby="l t"><div id=l>foo</div>`, "foo bar"},
		{"embedded ARIA textbox gives its value",
			`<input type=checkbox id=t><label for=t>Flash the screen <div role=textbox contenteditable>1</div> times.</label>`, "Flash the screen 1 times."},
		{"embedded ARIA textbox with an aria-label still gives its value",
			`<label for=t><input type=checkbox id=t> Flash the screen <span tabindex=0 role=textbox aria-label="number of times" contenteditable>5</span> times.</label>`, "Flash the screen 5 times."},
		{"embedded control before its own aria-labelledby (2C before 2B)",
			`<div id=t role=heading>This is <input value="the value" aria-labelledby=l> of</div><div id=l>a label</div>`, "This is the value of"},
		{"layout table inside a link",
			`<a id=t href=x>Where <table><tr><td>are my</td><td>marbles?</td></tr></table></a>`, "Where are my marbles?"},
		{"layout table inside a button",
			`<button id=t>a <table><tr><td>b</td></tr></table> c</button>`, "a b c"},
		{"data table inside a button contributes nothing",
			`<button id=t>a <table><tr><th>h</th></tr><tr><td>b</td></tr></table> c</button>`, "a c"},
		{"block ::before is set apart",
			`<style>label:before{content:"This";display:block} label:after{content:"."}</style><label for=t>is a test</label><input id=t>`, "This is a test."},
		{"block ::before from attr()",
			`<style>.s:before{display:block;content:attr(data-hello)}</style><a id=t href=x><div class=s data-hello=hello>world</div></a>`, "hello world"},
		{"a control in its own label separates the words around it",
			`<style>label:before{content:"foo"} label:after{content:"baz"}</style><label for=t><input id=t type=checkbox title=" bar "></label>`, "foo baz"},
		{"table summary, before title",
			`<table id=t summary="Hello World" title=FAIL></table>`, "Hello World"},
		{"style referenced by aria-labelledby",
			`<div id=t role=group aria-labelledby=s></div><style id=s>content</style>`, ""},
		{"script with aria-label referenced by aria-labelledby",
			`<div id=t role=group aria-labelledby=s></div><script id=s aria-label=aria-label></script>`, ""},
		{"noscript referenced by aria-labelledby",
			`<div id=t role=group aria-labelledby=s></div><noscript id=s>content</noscript>`, ""},
		{"SVG link's xlink:title",
			`<svg><a id=t href=x xlink:title="a link"><rect width=10 height=10></rect></a></svg>`, "a link"},
		{"an aria-label stands for its content's white space",
			`<div id=t role=link tabindex=0>name is <span role=presentation aria-label=Eli><span>Zambino</span> </span> <span>the weird.</span></div>`, "name is Eli the weird."},
		{"a presentational image's title below a referenced element",
			`<input id=t aria-labelledby=l><div id=l>My name is <div><img src=f.jpg title=Bryan alt="" role=presentation></div> Eli</div>`, "My name is Eli"},
	}
	for _, c := range cases {
		comp, el := parse(t, c.src)
		if !assert.NotNil(t, el, c.name) {
			continue
		}
		assert.Equal(t, c.want, collapse(comp.Name(el)), c.name)
	}
	comp, _ := parse(t, `<label id=t for=x>Flash <input id=x type=checkbox></label>`)
	lbl := comp.doc.ByID(nil, "t")
	assert.Equal(t, "", comp.Name(lbl), "a label has no name of its own")
}
