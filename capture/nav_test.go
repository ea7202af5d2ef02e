package capture

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// slowLeave keeps the renderer busy for 1.5 s when the page is left, so a
// navigation commits long after the input that asked for it, with no
// request in flight meanwhile (the quiet window alone would end first).
const slowLeave = `<script>addEventListener('beforeunload', function () { var t = Date.now(); while (Date.now() - t < 1500) {} });</script>`

// navSite serves /a (a search form and a link) and /b, both uncached, so
// back and forward load them again.
func navSite(t *testing.T) *httptest.Server {
	t.Helper()
	mux := http.NewServeMux()
	page := func(path, body string) {
		mux.HandleFunc(path, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Header().Set("Cache-Control", "no-store")
			_, _ = w.Write([]byte(body))
		})
	}
	page("/a", `<!doctype html><title>A</title><h1>Page A</h1><form action="/b"><label>Query <input name=q></label><button>Go</button></form><a href="/b?via=link">Link to B</a> <a href="/none">Nothing</a>`+slowLeave)
	mux.HandleFunc("/none", func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusNoContent) })
	page("/b", `<!doctype html><title>B</title><h1>Page B</h1>`+slowLeave)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	s := &httptest.Server{Listener: ln, Config: &http.Server{Handler: mux}}
	s.Start()
	t.Cleanup(s.Close)
	return s
}

// An input or a history move that starts a navigation returns only after
// the new document has loaded, however late it commits: the next capture
// is of the new page, never of the one left (or of a document going away,
// "Cannot find context with specified id").
func TestActionsWaitForTheirNavigation(t *testing.T) {
	p := newPage(t)
	srv := navSite(t)
	ctx := context.Background()
	heading := func(want string) {
		t.Helper()
		s, err := p.Capture(ctx)
		require.NoError(t, err)
		assert.NotEmpty(t, lineWith(s, "[heading]", want), "want %s, got %s:\n%s", want, s.Meta.URL, s.Result.Text())
	}

	s := load(t, p, srv.URL+"/a")
	require.NoError(t, p.Act(ctx, idOf(lineWith(s, "[button] Go")), Click, ""), "a form submitted by a click")
	heading("Page B")
	require.NoError(t, p.Back(ctx))
	heading("Page A")
	require.NoError(t, p.Forward(ctx))
	heading("Page B")
	require.NoError(t, p.Back(ctx))
	heading("Page A")

	s = recapture(t, p)
	require.NoError(t, p.Act(ctx, idOf(lineWith(s, "[Link to B](")), Click, ""), "a link")
	heading("Page B")
	require.NoError(t, p.Reload(ctx))
	heading("Page B")

	s = load(t, p, srv.URL+"/a")
	require.NoError(t, p.Act(ctx, idOf(lineWith(s, "[textbox]", "Query")), Type, "cats"))
	require.NoError(t, p.Key(ctx, "Enter"), "a form submitted by Enter")
	s = recapture(t, p)
	assert.True(t, strings.HasSuffix(s.Meta.URL, "/b?q=cats"), s.Meta.URL)
	assert.NotEmpty(t, lineWith(s, "[heading]", "Page B"))

	// A navigation that commits nothing (204) is over when the frame stops
	// loading: the page stays, and nothing is left waiting.
	s = load(t, p, srv.URL+"/a")
	require.NoError(t, p.Act(ctx, idOf(lineWith(s, "[Nothing](")), Click, ""))
	p.mu.Lock()
	pending := p.navPending
	p.mu.Unlock()
	assert.False(t, pending, "the 204 navigation is not pending")
	heading("Page A")
}
