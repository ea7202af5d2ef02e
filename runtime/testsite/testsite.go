// Package testsite serves the realistic sites the runtime's tests, examples
// and benchmarks drive in a real browser: a chat app that signs its own
// requests (Chat), a chat app that sends GraphQL persisted queries (GraphQL),
// pages where typing or choosing needs more than setting a value (Forms),
// a shop whose task crosses documents (Shop) and a help page whose contact
// dialog must be opened before its request is accepted (Support).
//
// Every site listens on 127.0.0.1 (httptest), refuses requests whose Host
// header is not its own, keeps its state in memory and exposes what its
// server received, so a test asserts what the site saw rather than what
// the page shows.
package testsite

import (
	"crypto/rand"
	"encoding/hex"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
)

// server is the common part: a loopback server with a Host check.
type server struct {
	srv  *httptest.Server
	host string
}

func (s *server) start(h http.Handler) error {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	s.host = ln.Addr().String()
	s.srv = &httptest.Server{Listener: ln, Config: &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Host != s.host {
			http.Error(w, "wrong Host header", http.StatusMisdirectedRequest)
			return
		}
		w.Header().Set("Cache-Control", "no-store")
		h.ServeHTTP(w, r)
	})}}
	s.srv.Start()
	return nil
}

// URL is the site's origin, http://127.0.0.1:PORT.
func (s *server) URL() string { return s.srv.URL }

// Close stops the server.
func (s *server) Close() { s.srv.Close() }

// token returns 128 random bits in hex.
func token() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

func writeHTML(w http.ResponseWriter, body string) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_, _ = w.Write([]byte(body))
}

func writeJSON(w http.ResponseWriter, status int, body string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write([]byte(body))
}

// htmlAttr escapes s for an attribute value in double quotes.
func htmlAttr(s string) string {
	return strings.NewReplacer("&", "&amp;", `"`, "&quot;", "<", "&lt;", ">", "&gt;").Replace(s)
}
