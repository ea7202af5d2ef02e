package runtime

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/runtime/testsite"
)

// runJSON runs a program and decodes its result.
func runJSON(t *testing.T, s *Session, program string, params map[string]any, out any) *Run {
	t.Helper()
	r, err := s.Run(context.Background(), program, params)
	require.NoError(t, err)
	require.Empty(t, r.Error, "program error; calls: %s", mustJSON(r.Calls))
	if out != nil {
		require.NoError(t, json.Unmarshal(r.Result, out))
	}
	return r
}

// The three typing pages: naive event firing leaves the site's own state
// unchanged, ax.type changes it.
func TestTypingWhereNaiveFails(t *testing.T) {
	f, err := testsite.StartForms()
	require.NoError(t, err)
	t.Cleanup(f.Close)
	cases := []struct {
		page, role, name, naive, state string
	}{
		{"/react", "textbox", "Name",
			`const el = document.getElementById('name'); el.value = text; el.dispatchEvent(new Event('input', {bubbles: true})); return {state: window.appState.name, dom: el.value};`,
			"name"},
		{"/editor", "textbox", "Message",
			`const el = document.getElementById('ed'); el.focus(); el.textContent = text; el.dispatchEvent(new Event('input', {bubbles: true})); return {state: window.appState.text, dom: el.textContent};`,
			"text"},
		{"/date", "textbox", "Earliest start date",
			`const el = document.getElementById('start'); el.value = text; el.dispatchEvent(new Event('input', {bubbles: true})); return {state: window.appState.start, dom: el.value};`,
			"start"},
	}
	ctx := context.Background()
	for _, c := range cases {
		t.Run(c.page, func(t *testing.T) {
			text := "Ada 'Lovelace' `1815` ${x} 🙂"
			if c.page == "/date" {
				text = "01.02.2026"
			}
			s := session(t, SessionOptions{})
			_, err := s.Open(ctx, f.URL()+c.page)
			require.NoError(t, err)
			var naive struct{ State, DOM string }
			runJSON(t, s, c.naive, map[string]any{"text": text}, &naive)
			assert.Equal(t, text, naive.DOM, "the naive program did set the DOM")
			assert.NotEqual(t, text, naive.State, "naive event firing must not reach the site's state (else the page tests nothing)")

			_, err = s.Open(ctx, f.URL()+c.page)
			require.NoError(t, err)
			var st map[string]string
			r := runJSON(t, s, `await ax.type({role: ROLE, name: NAME}, text); return window.appState;`,
				map[string]any{"text": text, "ROLE": c.role, "NAME": c.name}, &st)
			assert.Equal(t, text, st[c.state], "the site's own state")
			require.Len(t, r.Calls, 1)
			assert.Equal(t, "type", r.Calls[0].Call)
			require.NotNil(t, r.Calls[0].Resolved)
			if c.page == "/date" {
				assert.Contains(t, r.Calls[0].Resolved.How, "click first", "the focus-first field is clicked first")
			}
			// Typing again replaces; clear:false appends.
			runJSON(t, s, `await ax.type({role: ROLE, name: NAME}, "12.03.2027"); await ax.type({role: ROLE, name: NAME}, "9", {clear: false}); return window.appState;`,
				map[string]any{"ROLE": c.role, "NAME": c.name}, &st)
			assert.Equal(t, "12.03.20279", st[c.state])
		})
	}
}
