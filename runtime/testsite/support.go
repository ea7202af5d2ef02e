package testsite

import (
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"sync"
)

// Support is a help page whose contact form lives in a dialog that must be
// opened first: opening it (the "Contact support" button) creates a draft
// on the server (POST /api/drafts), and the site's fetch wrapper adds the
// open draft's id to the ticket request as x-draft. POST /api/tickets
// (JSON {"subject", "message"}) is accepted only with a live draft, which
// it uses up; without one it answers 409. So replaying the ticket request
// alone fails; a replay must open the dialog first (a DOM step), then send
// the request (a hybrid plan). The dialog's Close button hides it.
type Support struct {
	server
	mu       sync.Mutex
	drafts   map[string]bool
	tickets  []Ticket
	rejected int
}

// Ticket is a ticket the server accepted.
type Ticket struct{ Subject, Message string }

// StartSupport starts the help site.
func StartSupport() (*Support, error) {
	s := &Support{drafts: map[string]bool{}}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /help", func(w http.ResponseWriter, r *http.Request) {
		writeHTML(w, `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Help</title></head><body>`+supportHTML+`<script>`+supportJS+`</script></body></html>`)
	})
	mux.HandleFunc("POST /api/drafts", func(w http.ResponseWriter, r *http.Request) {
		id := token()
		s.mu.Lock()
		s.drafts[id] = true
		s.mu.Unlock()
		writeJSON(w, http.StatusOK, `{"draft":"`+id+`"}`)
	})
	mux.HandleFunc("POST /api/tickets", func(w http.ResponseWriter, r *http.Request) {
		var t struct{ Subject, Message string }
		b, _ := io.ReadAll(io.LimitReader(r.Body, 1<<20))
		s.mu.Lock()
		defer s.mu.Unlock()
		draft := r.Header.Get("X-Draft")
		if !s.drafts[draft] {
			s.rejected++
			writeJSON(w, http.StatusConflict, `{"error":"no open draft: open the contact form first"}`)
			return
		}
		if err := json.Unmarshal(b, &t); err != nil || t.Subject == "" {
			s.rejected++
			writeJSON(w, http.StatusBadRequest, `{"error":"a ticket is {subject, message}"}`)
			return
		}
		delete(s.drafts, draft)
		s.tickets = append(s.tickets, Ticket{Subject: t.Subject, Message: t.Message})
		writeJSON(w, http.StatusOK, `{"id":`+strconv.Itoa(len(s.tickets))+`}`)
	})
	if err := s.start(mux); err != nil {
		return nil, err
	}
	return s, nil
}

// Tickets returns the tickets the server accepted, in order.
func (s *Support) Tickets() []Ticket {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Ticket(nil), s.tickets...)
}

// Rejected counts the ticket requests the server refused.
func (s *Support) Rejected() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.rejected
}

const supportHTML = `<main><h1>Help</h1><p>No answer here? Write to us.</p>
<button type="button" id="open">Contact support</button>
<div role="dialog" aria-label="New ticket" id="dlg" hidden>
<label>Subject <input id="subject"></label>
<label>Message <textarea id="message"></textarea></label>
<button type="button" id="send">Send</button> <button type="button" id="close">Close</button>
<p role="status" id="status"></p>
</div></main>`

const supportJS = `(function () {
  'use strict';
  var state = window.appState = { draft: null };
  var nativeFetch = window.fetch;
  // The site's request path: the open draft travels with each ticket.
  window.fetch = function (input, init) {
    var url = typeof input === 'string' ? input : input.url;
    if (state.draft && url.indexOf('/api/tickets') >= 0) {
      var h = new Headers((init && init.headers) || {});
      h.set('x-draft', state.draft);
      init = Object.assign({}, init || {}, { headers: h });
    }
    return nativeFetch.call(this, input, init);
  };
  var $ = function (id) { return document.getElementById(id); };
  $('open').addEventListener('click', function () {
    fetch('/api/drafts', { method: 'POST' }).then(function (r) { return r.json(); }).then(function (j) {
      state.draft = j.draft;
      $('dlg').hidden = false;
    });
  });
  $('send').addEventListener('click', function () {
    fetch('/api/tickets', { method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ subject: $('subject').value, message: $('message').value }) })
      .then(function (r) { return r.json().then(function (j) { $('status').textContent = r.ok ? 'Ticket ' + j.id + ' sent' : 'Failed: ' + j.error; }); });
  });
  $('close').addEventListener('click', function () { $('dlg').hidden = true; });
})();`
