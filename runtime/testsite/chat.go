package testsite

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"sync"
)

// Chat user credentials.
const (
	ChatUser     = "ada"
	ChatPassword = "lovelace-1815"
)

// ChatOptions vary the chat site.
type ChatOptions struct {
	// Fetch replaces window.fetch once the site's script has run: "" keeps
	// the site's signing wrapper; "throw" installs a function that throws;
	// "hang" one whose promise never settles.
	Fetch string
	// Hostile adds page script that overrides JSON.stringify and
	// JSON.parse for everyone but the site's own code, and looks for any
	// trace of a runtime in the page (own properties and symbols of window,
	// non-native fetch/XHR/sendBeacon/addEventListener source text),
	// reporting what it finds to POST /detect (see Detections).
	Hostile bool
}

// Message is a message the send endpoint accepted.
type Message struct {
	To, Text string
	// Body is the request body as received.
	Body []byte
}

// Chat is the signed-request chat site.
//
// POST /login (form: user, password) sets the HttpOnly session cookie sid
// and redirects to /app. /app carries the CSRF token in the csrf_token
// cookie and in <meta name="csrf-token">; both rotate on every write (the
// server accepts the session's last 8 tokens). The site's script wraps
// window.fetch: requests to /api/ get an x-signature header, the hex
// HMAC-SHA256 of "METHOD\nPATH?QUERY\nBODY" under a per-session key the
// page carries, and each response's x-next-csrf header updates the meta
// tag. The messaging widget (Recipient, Text, Send) lives in the closed
// shadow root of <chat-widget>; hovering Send prefetches GET
// /api/inbox?prefetch=1, and a telemetry beacon (POST /telemetry) fires
// before and after each send. POST /api/send needs the cookie, a live
// x-csrf-token, a valid x-signature and a JSON body {"to", "text"}.
type Chat struct {
	server
	opt ChatOptions

	mu        sync.Mutex
	sessions  map[string]*chatSession
	messages  []Message
	rejected  []string
	beacons   int
	prefetch  int
	detected  []string
	sendCalls int
}

type chatSession struct {
	key    string
	tokens []string // live CSRF tokens, newest last
}

// StartChat starts the chat site.
func StartChat(opt ChatOptions) (*Chat, error) {
	c := &Chat{opt: opt, sessions: map[string]*chatSession{}}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/login", http.StatusSeeOther)
	})
	mux.HandleFunc("GET /login", c.loginPage)
	mux.HandleFunc("POST /login", c.login)
	mux.HandleFunc("GET /app", c.app)
	mux.HandleFunc("GET /settings", func(w http.ResponseWriter, r *http.Request) {
		writeHTML(w, `<!doctype html><html lang="en"><title>Settings</title><h1>Settings</h1><p>Nothing to set.</p></html>`)
	})
	mux.HandleFunc("GET /static/site.js", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/javascript")
		_, _ = io.WriteString(w, chatJS)
	})
	mux.HandleFunc("POST /api/send", c.send)
	mux.HandleFunc("GET /api/inbox", c.inbox)
	mux.HandleFunc("POST /telemetry", func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, io.LimitReader(r.Body, 1<<16))
		c.mu.Lock()
		c.beacons++
		c.mu.Unlock()
		w.WriteHeader(http.StatusNoContent)
	})
	mux.HandleFunc("POST /detect", func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(io.LimitReader(r.Body, 1<<16))
		c.mu.Lock()
		c.detected = append(c.detected, string(b))
		c.mu.Unlock()
		w.WriteHeader(http.StatusNoContent)
	})
	if err := c.start(mux); err != nil {
		return nil, err
	}
	return c, nil
}

// Messages returns the accepted messages in arrival order.
func (c *Chat) Messages() []Message {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Clone(c.messages)
}

// Rejected returns why each refused request to an /api/ write was refused
// ("no session", "csrf", "signature", "body: …").
func (c *Chat) Rejected() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Clone(c.rejected)
}

// Beacons and Prefetches count the telemetry beacons and inbox prefetches
// received.
func (c *Chat) Beacons() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.beacons
}

// Prefetches counts GET /api/inbox?prefetch=1.
func (c *Chat) Prefetches() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.prefetch
}

// Detections returns what the Hostile page script reported finding, one
// JSON document per report; a report of [] means it found nothing.
func (c *Chat) Detections() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Clone(c.detected)
}

// SessionIDs returns the session cookie values the site issued, sorted
// (a test checks none of them leaks into a file).
func (c *Chat) SessionIDs() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := make([]string, 0, len(c.sessions))
	for k := range c.sessions {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// Sign is the signature the site's script computes.
func Sign(key, method, pathQuery string, body []byte) string {
	m := hmac.New(sha256.New, []byte(key))
	fmt.Fprintf(m, "%s\n%s\n", method, pathQuery)
	m.Write(body)
	return hex.EncodeToString(m.Sum(nil))
}

func (c *Chat) loginPage(w http.ResponseWriter, r *http.Request) {
	writeHTML(w, `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in</title></head>
<body><main><h1>Sign in</h1>
<form method="post" action="/login">
<label>Username <input name="user" autocomplete="username"></label>
<label>Password <input name="password" type="password" autocomplete="current-password"></label>
<button type="submit">Sign in</button>
</form></main></body></html>`)
}

func (c *Chat) login(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil || r.PostForm.Get("user") != ChatUser || r.PostForm.Get("password") != ChatPassword {
		w.WriteHeader(http.StatusUnauthorized)
		writeHTML(w, `<!doctype html><title>Sign in</title><p role="alert">Wrong user or password.</p><a href="/login">Try again</a>`)
		return
	}
	sid := token()
	c.mu.Lock()
	c.sessions[sid] = &chatSession{key: token()}
	c.mu.Unlock()
	http.SetCookie(w, &http.Cookie{Name: "sid", Value: sid, Path: "/", HttpOnly: true, SameSite: http.SameSiteLaxMode})
	http.Redirect(w, r, "/app", http.StatusSeeOther)
}

// session returns the request's session, or nil.
func (c *Chat) session(r *http.Request) *chatSession {
	ck, err := r.Cookie("sid")
	if err != nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.sessions[ck.Value]
}

// rotate issues a new CSRF token for the session (c.mu held).
func (s *chatSession) rotate() string {
	t := token()
	s.tokens = append(s.tokens, t)
	if len(s.tokens) > 8 {
		s.tokens = s.tokens[len(s.tokens)-8:]
	}
	return t
}

func setCSRF(w http.ResponseWriter, t string) {
	http.SetCookie(w, &http.Cookie{Name: "csrf_token", Value: t, Path: "/", SameSite: http.SameSiteStrictMode})
}

func (c *Chat) app(w http.ResponseWriter, r *http.Request) {
	s := c.session(r)
	if s == nil {
		http.Redirect(w, r, "/login", http.StatusSeeOther)
		return
	}
	c.mu.Lock()
	t := s.rotate()
	key := s.key
	c.mu.Unlock()
	setCSRF(w, t)
	var extra string
	switch c.opt.Fetch {
	case "throw":
		extra += `<script>window.fetch = function fetch() { throw new TypeError("fetch is disabled on this page"); };</script>`
	case "hang":
		extra += `<script>window.fetch = function fetch() { return new Promise(function () {}); };</script>`
	}
	if c.opt.Hostile {
		extra += `<script>` + hostileJS + `</script>`
	}
	writeHTML(w, `<!doctype html><html lang="en" data-signing-key="`+htmlAttr(key)+`"><head><meta charset="utf-8">
<meta name="csrf-token" content="`+htmlAttr(t)+`"><title>Messages</title>
<script src="/static/site.js"></script>`+extra+`
</head><body>
<header><h1>Messages</h1><nav><a href="/settings">Settings</a></nav></header>
<main><chat-widget></chat-widget><h2>Sent</h2><ul id="sent"></ul></main>
</body></html>`)
}

func (c *Chat) reject(w http.ResponseWriter, status int, why string) {
	c.mu.Lock()
	c.rejected = append(c.rejected, why)
	c.mu.Unlock()
	writeJSON(w, status, `{"error":`+quoteJSON(why)+`}`)
}

func quoteJSON(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

func (c *Chat) send(w http.ResponseWriter, r *http.Request) {
	c.mu.Lock()
	c.sendCalls++
	c.mu.Unlock()
	s := c.session(r)
	if s == nil {
		c.reject(w, http.StatusUnauthorized, "no session")
		return
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err != nil {
		c.reject(w, http.StatusBadRequest, "body: "+err.Error())
		return
	}
	c.mu.Lock()
	live := slices.Contains(s.tokens, r.Header.Get("x-csrf-token"))
	key := s.key
	c.mu.Unlock()
	if !live {
		c.reject(w, http.StatusForbidden, "csrf")
		return
	}
	want := Sign(key, r.Method, r.URL.RequestURI(), body)
	if !hmac.Equal([]byte(want), []byte(r.Header.Get("x-signature"))) {
		c.reject(w, http.StatusForbidden, "signature")
		return
	}
	var m struct {
		To   *string `json:"to"`
		Text *string `json:"text"`
	}
	if err := json.Unmarshal(body, &m); err != nil || m.To == nil || m.Text == nil {
		c.reject(w, http.StatusBadRequest, "body: want {\"to\", \"text\"}")
		return
	}
	c.mu.Lock()
	c.messages = append(c.messages, Message{To: *m.To, Text: *m.Text, Body: body})
	id := len(c.messages)
	t := s.rotate()
	c.mu.Unlock()
	setCSRF(w, t)
	w.Header().Set("x-next-csrf", t)
	writeJSON(w, http.StatusOK, fmt.Sprintf(`{"ok":true,"id":%d}`, id))
}

func (c *Chat) inbox(w http.ResponseWriter, r *http.Request) {
	if c.session(r) == nil {
		writeJSON(w, http.StatusUnauthorized, `{"error":"no session"}`)
		return
	}
	c.mu.Lock()
	if r.URL.Query().Get("prefetch") == "1" {
		c.prefetch++
	}
	n := len(c.messages)
	c.mu.Unlock()
	writeJSON(w, http.StatusOK, fmt.Sprintf(`{"count":%d}`, n))
}

// chatJS is the site's own script: the signing fetch wrapper and the
// widget in a closed shadow root.
const chatJS = `(function () {
  'use strict';
  var key = document.documentElement.getAttribute('data-signing-key') || '';
  var stringify = JSON.stringify;
  var nativeFetch = window.fetch;
  var enc = new TextEncoder();
  var keyP = crypto.subtle.importKey('raw', enc.encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  function hex(buf) {
    var b = new Uint8Array(buf), s = '';
    for (var i = 0; i < b.length; i++) s += (b[i] < 16 ? '0' : '') + b[i].toString(16);
    return s;
  }
  function sign(method, pathQuery, body) {
    return keyP.then(function (k) {
      return crypto.subtle.sign('HMAC', k, enc.encode(method + '\n' + pathQuery + '\n' + body));
    }).then(hex);
  }
  window.fetch = function fetch(input, init) {
    init = init || {};
    var url = new URL(typeof input === 'string' ? input : input.url, location.href);
    var self = this;
    var signed = Promise.resolve(init);
    if (url.origin === location.origin && url.pathname.indexOf('/api/') === 0) {
      var method = (init.method || 'GET').toUpperCase();
      var body = typeof init.body === 'string' ? init.body : '';
      signed = sign(method, url.pathname + url.search, body).then(function (sig) {
        var h = new Headers(init.headers || {});
        h.set('x-signature', sig);
        return Object.assign({}, init, { headers: h });
      });
    }
    return signed.then(function (i2) { return nativeFetch.call(self, input, i2); }).then(function (res) {
      var next = res.headers.get('x-next-csrf');
      if (next) document.querySelector('meta[name="csrf-token"]').setAttribute('content', next);
      return res;
    });
  };
  function beacon(what) {
    navigator.sendBeacon('/telemetry', stringify({ event: what, t: Date.now() }));
  }
  class ChatWidget extends HTMLElement {
    constructor() {
      super();
      var root = this.attachShadow({ mode: 'closed' });
      root.innerHTML = '<form><h2>New message</h2>' +
        '<label>Recipient <input name="to" autocomplete="off"></label> ' +
        '<label>Text <textarea name="text"></textarea></label> ' +
        '<button type="submit">Send</button><p role="status"></p></form>';
      var form = root.querySelector('form'), to = root.querySelector('input'),
        text = root.querySelector('textarea'), button = root.querySelector('button'),
        status = root.querySelector('p');
      var fetched = false;
      button.addEventListener('pointerenter', function () {
        if (!fetched) { fetched = true; fetch('/api/inbox?prefetch=1'); }
      });
      form.addEventListener('submit', function (e) {
        e.preventDefault();
        beacon('send-click');
        var csrf = document.querySelector('meta[name="csrf-token"]').getAttribute('content');
        status.textContent = 'Sending…';
        fetch('/api/send', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
          body: stringify({ to: to.value, text: text.value })
        }).then(function (res) {
          status.textContent = res.ok ? 'Sent' : 'Failed (' + res.status + ')';
          if (res.ok) {
            var li = document.createElement('li');
            li.textContent = to.value;
            document.getElementById('sent').appendChild(li);
          }
          beacon('sent');
        }, function (err) { status.textContent = 'Failed: ' + err; });
      });
    }
  }
  customElements.define('chat-widget', ChatWidget);
})();`

// hostileJS overrides JSON for everyone else and hunts for a runtime.
const hostileJS = `(function () {
  'use strict';
  var stringify = JSON.stringify, send = navigator.sendBeacon.bind(navigator);
  var found = [];
  function nat(f, what) {
    try {
      var s = Function.prototype.toString.call(f);
      if (s.indexOf('[native code]') < 0) found.push(what + ' is not native');
    } catch (e) { found.push(what + ': ' + e); }
  }
  function scan() {
    var names = Object.getOwnPropertyNames(window);
    for (var i = 0; i < names.length; i++) {
      if (/^(ax|__ax|axtree)|axtree/i.test(names[i])) found.push('window.' + names[i]);
    }
    var syms = Object.getOwnPropertySymbols(window);
    for (i = 0; i < syms.length; i++) found.push('window[' + String(syms[i]) + ']');
    if (Symbol.for('axtree.capture.hook') in window) found.push('hook symbol');
    nat(XMLHttpRequest.prototype.open, 'XHR open');
    nat(XMLHttpRequest.prototype.send, 'XHR send');
    nat(XMLHttpRequest.prototype.setRequestHeader, 'XHR setRequestHeader');
    nat(navigator.sendBeacon, 'sendBeacon');
    nat(EventTarget.prototype.addEventListener, 'addEventListener');
    nat(Function.prototype.toString, 'toString');
  }
  scan();
  var pageFetch = window.fetch;
  JSON.stringify = function stringify() { return '"hijacked"'; };
  JSON.parse = function parse() { return { hijacked: true }; };
  window.addEventListener('load', function () {
    scan();
    if (window.fetch !== pageFetch) found.push('fetch replaced after load');
    send('/detect', stringify(found));
  });
})();`
