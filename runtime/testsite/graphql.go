package testsite

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"slices"
	"sync"
)

// SendMutation is the GraphQL document the GraphQL site's client sends by
// hash; SendMutationHash is its SHA-256, the persisted-query id.
const SendMutation = `mutation SendMessage($to: String!, $text: String!) { sendMessage(to: $to, text: $text) { id } }`

// SendMutationHash is hex(SHA-256(SendMutation)).
var SendMutationHash = func() string {
	s := sha256.Sum256([]byte(SendMutation))
	return hex.EncodeToString(s[:])
}()

// GraphQL is a chat site whose client sends GraphQL persisted queries:
// POST /graphql with {"operationName", "variables": {"to", "text"},
// "extensions": {"persistedQuery": {"version": 1, "sha256Hash"}}}. The
// widget (Recipient, Text, Send) is in the closed shadow root of
// <gql-chat>; GET /app sets the session cookie. A request whose hash the
// server does not know is refused with PersistedQueryNotFound, as Apollo
// servers do after a deploy.
type GraphQL struct {
	server
	mu       sync.Mutex
	messages []Message
	rejected []string
}

// StartGraphQL starts the GraphQL site.
func StartGraphQL() (*GraphQL, error) {
	g := &GraphQL{}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /app", func(w http.ResponseWriter, r *http.Request) {
		if _, err := r.Cookie("gsid"); err != nil {
			http.SetCookie(w, &http.Cookie{Name: "gsid", Value: token(), Path: "/", HttpOnly: true, SameSite: http.SameSiteLaxMode})
		}
		writeHTML(w, `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>GQL chat</title>
<script>`+gqlJS+`</script></head><body><main><h1>Chat</h1><gql-chat></gql-chat></main></body></html>`)
	})
	mux.HandleFunc("POST /graphql", g.graphql)
	if err := g.start(mux); err != nil {
		return nil, err
	}
	return g, nil
}

// Messages returns the accepted messages in arrival order.
func (g *GraphQL) Messages() []Message {
	g.mu.Lock()
	defer g.mu.Unlock()
	return slices.Clone(g.messages)
}

// Rejected returns the reasons of refused requests.
func (g *GraphQL) Rejected() []string {
	g.mu.Lock()
	defer g.mu.Unlock()
	return slices.Clone(g.rejected)
}

func (g *GraphQL) graphql(w http.ResponseWriter, r *http.Request) {
	fail := func(why string) {
		g.mu.Lock()
		g.rejected = append(g.rejected, why)
		g.mu.Unlock()
		writeJSON(w, http.StatusOK, `{"errors":[{"message":`+quoteJSON(why)+`}]}`)
	}
	if _, err := r.Cookie("gsid"); err != nil {
		fail("no session")
		return
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err != nil {
		fail("body: " + err.Error())
		return
	}
	var q struct {
		OperationName string `json:"operationName"`
		Variables     struct {
			To   *string `json:"to"`
			Text *string `json:"text"`
		} `json:"variables"`
		Extensions struct {
			PersistedQuery struct {
				Version    int    `json:"version"`
				Sha256Hash string `json:"sha256Hash"`
			} `json:"persistedQuery"`
		} `json:"extensions"`
	}
	if err := json.Unmarshal(body, &q); err != nil {
		fail("body: " + err.Error())
		return
	}
	if q.Extensions.PersistedQuery.Sha256Hash != SendMutationHash {
		fail("PersistedQueryNotFound")
		return
	}
	if q.Variables.To == nil || q.Variables.Text == nil {
		fail("variables: want to and text")
		return
	}
	g.mu.Lock()
	g.messages = append(g.messages, Message{To: *q.Variables.To, Text: *q.Variables.Text, Body: body})
	id := len(g.messages)
	g.mu.Unlock()
	b, _ := json.Marshal(map[string]any{"data": map[string]any{"sendMessage": map[string]any{"id": id}}})
	writeJSON(w, http.StatusOK, string(b))
}

var gqlJS = `(function () {
  'use strict';
  var HASH = '` + SendMutationHash + `';
  class GqlChat extends HTMLElement {
    constructor() {
      super();
      var root = this.attachShadow({ mode: 'closed' });
      root.innerHTML = '<section aria-label="Compose"><label>Recipient <input name="to"></label> ' +
        '<label>Text <textarea name="text"></textarea></label> ' +
        '<button type="button">Send</button><p role="status"></p></section>';
      var to = root.querySelector('input'), text = root.querySelector('textarea'),
        status = root.querySelector('p');
      root.querySelector('button').addEventListener('click', function () {
        status.textContent = 'Sending…';
        fetch('/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ operationName: 'SendMessage', variables: { to: to.value, text: text.value },
            extensions: { persistedQuery: { version: 1, sha256Hash: HASH } } })
        }).then(function (r) { return r.json(); }).then(function (j) {
          status.textContent = j.data ? 'Sent #' + j.data.sendMessage.id : 'Failed';
          if (j.data) { to.value = ''; text.value = ''; }
        }, function (e) { status.textContent = 'Failed: ' + e; });
      });
    }
  }
  customElements.define('gql-chat', GqlChat);
})();`
