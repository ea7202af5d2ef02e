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
