package mcp

import (
	"fmt"
	"html"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The test site: the corpus job form and shop sequences made live (the
// form posts to the confirmation page, the search form to the results, a
// result links to the product), a page with a field inside a closed shadow
// root and a same-origin frame, and pages that hang.
const shadowPage = `<!doctype html>
<html lang="en"><head><title>Widgets</title></head>
<body>
<main>
  <h1>Redeem a code</h1>
  <code-box></code-box>
  <p id="result"></p>
  <p><a href="/frame/two" target="inner">Show the second panel</a></p>
  <iframe name="inner" title="Panel" src="/frame/one" width="600" height="200"></iframe>
</main>
<script>
customElements.define('code-box', class extends HTMLElement {
  constructor() {
    super();
    const root = this.attachShadow({mode: 'closed'});
    root.innerHTML = '<label>Voucher code <input id="code" type="text"></label> <button id="go">Redeem</button>';
    root.getElementById('go').addEventListener('click', () => {
      document.getElementById('result').textContent = 'Redeemed: ' + root.getElementById('code').value;
    });
  }
});
</script>
</body></html>`

const frameOne = `<!doctype html><html><head><title>One</title></head><body><p>First panel.</p></body></html>`

const frameTwo = `<!doctype html><html><head><title>Two</title></head><body>
<p>Second panel.</p><button id="b" onclick="document.getElementById('s').textContent='Panel button pressed'">Press me</button><p id="s"></p>
</body></html>`

// chatPage sends a message in the page (no server round trip).
const chatPage = `<!doctype html><html><head><title>Chat</title></head><body>
<main><h1>Messages</h1>
<label>To <input id="to"></label>
<label>Message <textarea id="text"></textarea></label>
<button id="send">Send</button>
<ul id="log"></ul></main>
<script>
document.getElementById('send').addEventListener('click', function () {
  var li = document.createElement('li');
  li.textContent = 'Sent to ' + document.getElementById('to').value + ': ' + document.getElementById('text').value;
  document.getElementById('log').appendChild(li);
});
</script></body></html>`

// uploadPage has a visible file field and a hidden one behind a button of
// the site's own; the change handlers write what the page read of the
// files (name, size, text).
const uploadPage = `<!doctype html><title>Apply</title>
<label>CV <input type=file id=cv></label>
<button id=pick>Attach a cover letter</button><input type=file id=letter style="display:none">
<p id=out>nothing attached</p>
<script>
for (const id of ['cv', 'letter']) {
  const el = document.getElementById(id);
  el.addEventListener('change', async () => {
    const parts = [];
    for (const f of el.files) parts.push(f.name + ' (' + f.size + ' bytes): ' + (await f.text()).trim());
    document.getElementById('out').textContent = id + ' attached: ' + (parts.join(', ') || 'nothing');
  });
}
document.getElementById('pick').addEventListener('click', () => document.getElementById('letter').click());
</script>`

// site serves the test pages on 127.0.0.1.
func site(t testing.TB) *httptest.Server {
	t.Helper()
	read := func(rel ...string) string {
		b, err := os.ReadFile(filepath.Join(append([]string{"..", "corpus", "sequences"}, rel...)...))
		require.NoError(t, err)
		return string(b)
	}
	jobForm, submitted := read("job-form", "01-empty.html"), read("job-form", "04-submitted.html")
	search, results, product := read("shop", "01-search.html"), read("shop", "02-results.html"), read("shop", "03-product.html")
	mux := http.NewServeMux()
	page := func(path, body string) {
		mux.HandleFunc(path, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprint(w, body)
		})
	}
	page("/jobs/42", jobForm)
	mux.HandleFunc("POST /jobs/42/apply", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		name := r.FormValue("name")
		fmt.Fprint(w, strings.ReplaceAll(submitted, "Ada Lovelace", html.EscapeString(name)))
	})
	page("/shop", search)
	page("/search", results)
	page("/p/B00000001", product)
	page("/shadow", shadowPage)
	page("/frame/one", frameOne)
	page("/frame/two", frameTwo)
	page("/dialog", `<!doctype html><title>Dialogs</title><button onclick="document.getElementById('r').textContent = confirm('Delete everything?') ? 'deleted' : 'kept'">Delete</button><p id="r"></p>`)
	page("/login", `<!doctype html><title>Sign in</title><label>User <input name="u"></label><label>Password <input type="password" name="p"></label>`)
	page("/chat", chatPage)
	page("/hover", `<!doctype html><title>Menu</title><div style="height:1600px"><button id="m" onmouseenter="document.getElementById('t').textContent='Menu opened'">Menu</button><p id="t"></p></div>`+
		`<p id="far">Far away</p><button id="late">Late</button><p id="seen"></p><script>new IntersectionObserver(function(es){if(es[0].isIntersecting)document.getElementById('seen').textContent='Came into view'}).observe(document.getElementById('late'))</script>`)
	page("/upload", uploadPage)
	page("/pizza", `<!doctype html><title>Pizza</title><label>Toppings <select id=top multiple>
<option value=basil>Basil</option><option value=chili selected>Chili flakes</option><option value=olive>Olives</option></select></label>
<label>Note <input id=note value="Ring twice"></label><p id=out>no choice yet</p>
<script>document.getElementById('top').addEventListener('change', e => { document.getElementById('out').textContent = 'Toppings: ' + [...e.target.selectedOptions].map(o => o.textContent).join(' and '); });</script>`)
	mux.HandleFunc("POST /signin", func(w http.ResponseWriter, r *http.Request) {
		http.SetCookie(w, &http.Cookie{Name: "user", Value: r.FormValue("u"), Path: "/", HttpOnly: true})
		http.Redirect(w, r, "/account", http.StatusSeeOther)
	})
	page("/signin", `<!doctype html><title>Sign in</title><form method=post action=/signin><label>User name <input name=u></label><button>Sign in</button></form>`)
	mux.HandleFunc("GET /account", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		who := "nobody"
		if c, err := r.Cookie("user"); err == nil {
			who = c.Value
		}
		fmt.Fprintf(w, `<!doctype html><title>Account</title><p>Signed in as %s</p>`, html.EscapeString(who))
	})
	page("/spin", `<!doctype html><title>Spin</title><p>Busy</p><script>for(;;){}</script>`)
	for _, p := range []string{"/logo.svg", "/logo.png", "/favicon.ico"} {
		mux.HandleFunc(p, func(w http.ResponseWriter, r *http.Request) { http.NotFound(w, r) })
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	s := &httptest.Server{Listener: ln, Config: &http.Server{Handler: mux}}
	s.Start()
	t.Cleanup(s.Close)
	return s
}
