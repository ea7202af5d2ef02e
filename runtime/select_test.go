package runtime

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/runtime/testsite"
)

// ax.select chooses options of a single and a multiple <select>, by value
// or label, and the site's own change listeners see the choice; an ARIA
// combobox or listbox is not a <select>: a clear error that says how to
// drive it (click it open, click the option), and that way works.
func TestSelect(t *testing.T) {
	f, err := testsite.StartForms()
	require.NoError(t, err)
	t.Cleanup(f.Close)
	s := session(t, SessionOptions{})
	ctx := context.Background()
	_, err = s.Open(ctx, f.URL()+"/select")
	require.NoError(t, err)

	type state struct {
		Country  string
		Toppings []string
		Size     string
		Changes  int
		// ListboxError is the message of ax.select on the ARIA listbox.
		ListboxError string
	}
	var st state
	// One value, by label; then by value.
	r := runJSON(t, s, `await ax.select({role: "combobox", name: "Country"}, "New Zealand"); return window.appState;`, nil, &st)
	assert.Equal(t, "nz", st.Country, "the site's state after selecting by label")
	require.Len(t, r.Calls, 1)
	assert.JSONEq(t, `{"values":["New Zealand"]}`, string(r.Calls[0].Args))
	require.NotNil(t, r.Calls[0].Resolved)
	assert.Equal(t, "Country", r.Calls[0].Resolved.Name)
	runJSON(t, s, `await ax.select({role: "combobox", name: "Country"}, ["jp"]); return window.appState;`, nil, &st)
	assert.Equal(t, "jp", st.Country, "by value, given as an array of one")

	// Several values in a <select multiple>: exactly those options.
	r = runJSON(t, s, `await ax.select({role: "listbox", name: "Toppings"}, ["basil", "Chili flakes"]); return window.appState;`, nil, &st)
	assert.Equal(t, []string{"basil", "chili"}, st.Toppings)
	assert.JSONEq(t, `{"values":["basil","Chili flakes"]}`, string(r.Calls[0].Args))
	runJSON(t, s, `await ax.select({role: "listbox", name: "Toppings"}, ["Olives", "ham"]); return window.appState;`, nil, &st)
	assert.Equal(t, []string{"olives", "ham"}, st.Toppings, "a new choice replaces the old one")
	changes := st.Changes

	// A value with no option: an error naming it; the state is unchanged.
	r, err = s.Run(ctx, `await ax.select({role: "listbox", name: "Toppings"}, ["olives", "pineapple"]);`, nil)
	require.NoError(t, err)
	assert.Contains(t, r.Error, `no option "pineapple"`)
	// Several values for a single select.
	r, err = s.Run(ctx, `await ax.select({role: "combobox", name: "Country"}, ["de", "nz"]);`, nil)
	require.NoError(t, err)
	assert.Contains(t, r.Error, "takes one option")
	runJSON(t, s, `return window.appState;`, nil, &st)
	assert.Equal(t, changes, st.Changes, "failed selects change nothing")
	assert.Equal(t, "jp", st.Country)
	assert.Equal(t, []string{"olives", "ham"}, st.Toppings)

	// The ARIA combobox: ax.select refuses it clearly; clicking works.
	r, err = s.Run(ctx, `await ax.select({role: "combobox", name: "Size"}, "Large");`, nil)
	require.NoError(t, err)
	assert.Contains(t, r.Error, `combobox "Size": ax.select chooses options of a <select> element, and this is a <button>`)
	assert.Contains(t, r.Error, `ax.click({role: "option"`)
	require.Len(t, r.Calls, 1)
	assert.Contains(t, r.Calls[0].Error, "ax.select chooses options of a <select> element", "the call's recorded error")
	runJSON(t, s, `await ax.click({role: "combobox", name: "Size"});
await ax.select({role: "listbox", name: "Sizes"}, "Large").catch(e => { globalThis.__listboxError = e.message; });
await ax.click({role: "option", name: "Large"});
return {...window.appState, listboxError: globalThis.__listboxError};`, nil, &st)
	assert.Equal(t, "Large", st.Size)
	assert.Contains(t, st.ListboxError, `listbox "Sizes": ax.select chooses options of a <select> element, and this is a <ul>`)
}
