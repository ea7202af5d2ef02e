package mcp

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestSelectMultipleAndAppend: browser_select_option with several values
// chooses exactly those options of a <select multiple> (the page's change
// handler sees them); browser_type with clear false types after what the
// field holds.
func TestSelectMultipleAndAppend(t *testing.T) {
	needChromium(t)
	web := site(t)
	cs := connect(t, shared(t))
	nav := ok(t, cs, "browser_navigate", map[string]any{"url": web.URL + "/pizza"})
	tops := idOf(t, nav, `\[listbox\].* Toppings`)
	res := ok(t, cs, "browser_select_option", map[string]any{"id": tops, "values": []string{"basil", "Olives"}})
	assert.Contains(t, res, "Toppings: Basil and Olives")
	res = ok(t, cs, "browser_select_option", map[string]any{"id": tops, "values": []string{"Chili flakes"}})
	assert.Contains(t, res, "Toppings: Chili flakes")
	text, isErr := call(t, cs, "browser_select_option", map[string]any{"id": tops, "values": []string{"basil", "Pineapple"}})
	assert.True(t, isErr)
	assert.Contains(t, text, `has no option "Pineapple"`)

	res = ok(t, cs, "browser_type", map[string]any{"id": idOf(t, nav, `\[textbox\].* Note`), "text": ", then wait", "clear": false})
	assert.Contains(t, res, "Ring twice, then wait")
}
