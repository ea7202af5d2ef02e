package bench

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMeasureHeap checks that the live heap of a kept render covers at
// least its parse tree and that both are counted per element of the page.
func TestMeasureHeap(t *testing.T) {
	page := Synthetic(2000)
	h, err := MeasureHeap(page)
	require.NoError(t, err)
	assert.Equal(t, SyntheticElements(2000), h.Elements)
	assert.Greater(t, h.ParseBytes, uint64(100*h.Elements), "an html.Node alone is over 100 bytes")
	assert.Greater(t, h.RenderBytes, h.ParseBytes, "a kept render holds its parse tree and more")
	assert.InDelta(t, float64(h.RenderBytes)/float64(h.Elements), h.RenderPerElement(), 1e-9)
	assert.InDelta(t, float64(h.ParseBytes)/float64(h.Elements), h.ParsePerElement(), 1e-9)

	_, err = MeasureHeap(nil)
	require.NoError(t, err, "an empty page parses and renders")
}
