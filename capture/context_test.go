package capture

import (
	"context"
	"fmt"
	"html"
	"net"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// loginSite signs a user in with a cookie (POST /login) and shows who is
// signed in (GET /me), by cookie and by what the page left in localStorage.
func loginSite(t *testing.T) *httptest.Server {
	t.Helper()
	mux := http.NewServeMux()
	mux.HandleFunc("GET /login", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `<!doctype html><title>Sign in</title><form method=post action=/login><label>User <input name=u></label><button>Sign in</button></form>`)
	})
	mux.HandleFunc("POST /login", func(w http.ResponseWriter, r *http.Request) {
		http.SetCookie(w, &http.Cookie{Name: "user", Value: r.FormValue("u"), Path: "/"})
		http.Redirect(w, r, "/me", http.StatusSeeOther)
	})
	mux.HandleFunc("GET /me", func(w http.ResponseWriter, r *http.Request) {
		who := "nobody"
		if c, err := r.Cookie("user"); err == nil {
			who = c.Value
		}
		fmt.Fprintf(w, `<!doctype html><title>Me</title><p>Signed in as %s</p><p id=ls></p>
<script>if (%q !== 'nobody' && !localStorage.getItem('first')) localStorage.setItem('first', %q);
document.getElementById('ls').textContent = 'Stored ' + (localStorage.getItem('first') || 'nothing');</script>`, html.EscapeString(who), who, who)
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	s := &httptest.Server{Listener: ln, Config: &http.Server{Handler: mux}}
	s.Start()
	t.Cleanup(s.Close)
	return s
}

// Two browser contexts on the same site keep their own logins (cookies)
// and storage; the tabs of one context share them; the browser's own pages
// see neither; a closed context's pages are gone and it opens no more.
func TestContextsAreIsolated(t *testing.T) {
	b := browser(t)
	srv := loginSite(t)
	ctx := context.Background()
	login := func(p *Page, user string) {
		t.Helper()
		s := load(t, p, srv.URL+"/login")
		require.NoError(t, p.Act(ctx, idOf(lineWith(s, "[textbox]", "User")), Type, user))
		require.NoError(t, p.Act(ctx, idOf(lineWith(s, "[button] Sign in")), Click, ""))
	}
	me := func(p *Page) string {
		t.Helper()
		s := load(t, p, srv.URL+"/me")
		return lineWith(s, "Signed in as") + " / " + lineWith(s, "Stored")
	}
	ca, err := b.NewContext(ctx)
	require.NoError(t, err)
	t.Cleanup(func() { ca.Close() })
	cb, err := b.NewContext(ctx)
	require.NoError(t, err)
	t.Cleanup(func() { cb.Close() })
	pa, err := ca.NewPage(ctx)
	require.NoError(t, err)
	pb, err := cb.NewPage(ctx)
	require.NoError(t, err)

	login(pa, "ada")
	login(pb, "grace")
	assert.Equal(t, "Signed in as ada / Stored ada", me(pa))
	assert.Equal(t, "Signed in as grace / Stored grace", me(pb))

	pa2, err := ca.NewPage(ctx)
	require.NoError(t, err)
	assert.Equal(t, "Signed in as ada / Stored ada", me(pa2), "a second tab of the context shares its login")
	assert.Equal(t, "Signed in as nobody / Stored nothing", me(newPage(t)), "the browser's own pages share neither")

	require.NoError(t, ca.Close())
	require.NoError(t, ca.Close(), "closing twice does nothing")
	_, err = pa.Capture(ctx)
	assert.Error(t, err, "the closed context's pages are closed")
	_, err = ca.NewPage(ctx)
	assert.ErrorIs(t, err, ErrClosed)
	assert.Equal(t, "Signed in as grace / Stored grace", me(pb), "the other context goes on")
}
