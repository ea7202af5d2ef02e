package style

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestKeywordTable checks the static ids the code names, that every static
// keyword maps to its own position, that every display value the parser
// accepts is static (so CSS never grows a Sheet's table), and that other
// strings (live facts) get ids of their own and come back unchanged.
func TestKeywordTable(t *testing.T) {
	for id, want := range map[kwID]string{kwInline: "inline", kwBlock: "block", kwDispNone: "none", kwVisible: "visible", kwHidden: "hidden", kwListItem: "list-item"} {
		assert.Equal(t, want, staticKeywords[id])
	}
	require.Len(t, staticKeywordIDs, len(staticKeywords), "no keyword is listed twice")
	var k keywords
	for i, s := range staticKeywords {
		assert.Equal(t, kwID(i), k.id(s), s)
		assert.Equal(t, s, k.str(kwID(i)))
	}
	for kw := range displayKeywords {
		n, ok := normalizeDisplay(kw)
		require.True(t, ok, kw)
		_, static := staticKeywordIDs[n]
		assert.True(t, static, "display %q normalizes to %q, not a static keyword", kw, n)
	}
	for _, v := range []string{"inline flow-root", "block ruby", "inline ruby", "inline flex", "inline table",
		"inline grid", "block flow", "inline math", "run-in", "list-item block", "inline list-item", "block flex"} {
		n, ok := normalizeDisplay(v)
		require.True(t, ok, v)
		_, static := staticKeywordIDs[n]
		assert.True(t, static, "display %q normalizes to %q, not a static keyword", v, n)
	}
	assert.Empty(t, k.extra)
	a, b := k.id("weird-live-value"), k.id("other")
	assert.NotEqual(t, a, b)
	assert.Equal(t, a, k.id("weird-live-value"))
	assert.Equal(t, "weird-live-value", k.str(a))
	assert.Equal(t, "other", k.str(b))
}
