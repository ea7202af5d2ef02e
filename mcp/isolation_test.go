package mcp

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestSessionsAreIsolated: two sessions sign in to the same site as
// different users; each sees its own account (its own cookies: a browser
// context per session), and a new session is signed in as nobody.
func TestSessionsAreIsolated(t *testing.T) {
	needChromium(t)
	web := site(t)
	srv := shared(t)
	ada := connect(t, srv)
	form := ok(t, ada, "browser_navigate", map[string]any{"url": web.URL + "/signin"})
	ok(t, ada, "browser_type", map[string]any{"id": idOf(t, form, `\[textbox\].* User name`), "text": "ada"})
	assert.Contains(t, ok(t, ada, "browser_click", map[string]any{"id": idOf(t, form, `\[button\] Sign in`)}), "Signed in as ada")

	grace := connect(t, srv)
	form = ok(t, grace, "browser_navigate", map[string]any{"url": web.URL + "/signin"})
	ok(t, grace, "browser_type", map[string]any{"id": idOf(t, form, `\[textbox\].* User name`), "text": "grace"})
	assert.Contains(t, ok(t, grace, "browser_click", map[string]any{"id": idOf(t, form, `\[button\] Sign in`)}), "Signed in as grace")

	assert.Contains(t, ok(t, ada, "browser_navigate", map[string]any{"url": web.URL + "/account"}), "Signed in as ada", "ada's session keeps ada's login")
	assert.Contains(t, ok(t, grace, "browser_navigate", map[string]any{"url": web.URL + "/account"}), "Signed in as grace")
	ok(t, ada, "browser_tabs", map[string]any{"action": "new"})
	assert.Contains(t, ok(t, ada, "browser_navigate", map[string]any{"url": web.URL + "/account"}), "Signed in as ada", "a session's tabs share its login")
	assert.Contains(t, ok(t, connect(t, srv), "browser_navigate", map[string]any{"url": web.URL + "/account"}), "Signed in as nobody", "a new session is signed in as nobody")
}
