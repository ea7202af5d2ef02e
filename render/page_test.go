package render_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/render"
)

// renderText renders page with opts and returns the lean text.
func renderText(t *testing.T, page string, opts render.Options) string {
	t.Helper()
	res, err := render.HTMLBytes([]byte(page), opts)
	require.NoError(t, err)
	return string(res.Text())
}

func TestNoscriptIsNeitherTextNorElements(t *testing.T) {
	// The page an agent sees runs script: noscript content does not render.
	got := renderText(t, `<a href=/p><img alt="Ten tips"><noscript><img src=c.jpg alt="Ten tips"></noscript></a>`, render.Options{})
	assert.Equal(t, "[link] Ten tips [id=1]\n", got)
	got = renderText(t, `<p>Shop<noscript><p>Enable JavaScript to shop</p><a href=/x>plain</a></noscript></p>`, render.Options{})
	assert.Equal(t, "Shop\n", got)
}

func TestPageHiddenUntilScriptShowsIt(t *testing.T) {
	// The anti-clickjacking idiom: the style sheet hides the document and
	// a script shows it when the page is not framed. A browser shows it,
	// so the static render does too.
	page := `<html><head><style>html{display:none}</style>
<script>if(self===top){document.documentElement.style.display='block'}else{top.location=self.location}</script></head>
<body><h1>Welcome</h1><a href=/x>Go</a></body></html>`
	want := "[heading][level=1] Welcome [id=1]\n[link] Go [id=2]\n"
	assert.Equal(t, want, renderText(t, page, render.Options{}))
	for _, hide := range []string{
		`<style>body{display:none!important}</style>`,
		`<style>html{visibility:hidden}</style>`,
		`<style>.js-hide{content-visibility:hidden}</style><body class=js-hide>`,
		`<body style="display:none">`,
		`<body hidden>`,
	} {
		assert.Equal(t, want, renderText(t, hide+`<h1>Welcome</h1><a href=/x>Go</a>`, render.Options{}), hide)
	}
	// Only the document's own boxes: hidden content inside stays hidden.
	got := renderText(t, `<style>html{display:none} .x{display:none}</style><h1>Welcome</h1><p class=x>secret</p><div hidden>gone</div>`, render.Options{})
	assert.Equal(t, "[heading][level=1] Welcome [id=1]\n", got)
}
