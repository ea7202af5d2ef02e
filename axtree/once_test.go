package axtree_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// Things said twice on pages outside the corpus (product grids, forms,
// data grids; see corpus/pages/product-grid.html) are said once, and no
// element line or id is lost.
func TestSaidOnce(t *testing.T) {
	card := func(i string) string {
		return `<div class=card><a href="/dp/` + i + `"><img alt="Kettle ` + i + `, 1.7 l, stainless steel" src=k.jpg></a>
<h2><a href="/dp/` + i + `">Kettle ` + i + `, 1.7 l, stainless steel</a></h2>
<p>€39.99</p><button>Small Business</button><div>Small Business</div>
<p>` + strings.Repeat("Shop products from small businesses in your community. ", 3) + `</p></div>`
	}
	got := lines(build(t, card("1")+card("2")))
	want := []string{
		"link:#1", "heading:#2", ".link:Kettle 1, 1.7 l, stainless steel#3", "text:€39.99", "button:Small Business#4",
		"text:Shop products from small businesses in your community. Shop products from small businesses in your community. Shop products from small businesses in your community.",
		"link:#5", "heading:#6", ".link:Kettle 2, 1.7 l, stainless steel#7", "text:€39.99", "button:Small Business#8",
	}
	assert.Equal(t, want, got)

	// Links to other targets, or with text between them, keep their names.
	got = lines(build(t, `<a href=/a>Kettle</a><a href=/b>Kettle</a><a href=/b>Kettle</a> sold out <a href=/b>Kettle</a>`))
	assert.Equal(t, []string{"link:Kettle#1", "link:#2", "link:Kettle#3", "text:sold out", "link:Kettle#4"}, got)

	// In lists and tables a repeated line says something of its own item.
	long := strings.Repeat("If focus is on the last item, moves focus to the first item. ", 2)
	got = lines(build(t, `<ul><li>`+long+`</li><li>`+long+`</li></ul>`))
	assert.Equal(t, []string{"list:#1", ".text:" + strings.TrimSpace(long), ".text:" + strings.TrimSpace(long)}, got)

	// A table labelled by the heading above it says its name once.
	got = lines(build(t, `<h2 id=h>Keyboard Support</h2><table aria-labelledby=h><tr><th>Key</th><th>Function</th></tr><tr><td>Home</td><td>first cell</td></tr></table><h3>Home</h3><button>Home</button>`))
	assert.Equal(t, []string{"heading:Keyboard Support#1", "table:#2", ".row:#3", "..columnheader:Key#4", "..columnheader:Function#5",
		".row:#6", "..cell:Home#7", "..cell:first cell#8", "heading:Home#9", "button:Home#10"}, got)

	// A grid cell that wraps its button says the name once, on the button.
	got = lines(build(t, `<div role=grid><div role=row><div role=gridcell>Deposit</div><div role=gridcell tabindex=-1><button>Cash Deposit</button></div></div></div>`))
	assert.Equal(t, []string{"grid:#1", ".row:#2", "..gridcell:Deposit#3", "..gridcell:#4", "...button:Cash Deposit#5"}, got)
}
