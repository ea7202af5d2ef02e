package view

import (
	"context"
	"net"
	"net/http"
	"strconv"
	"time"

	"github.com/axtree/axtree/internal/httpserve"
	"github.com/axtree/axtree/internal/loopback"
)

// Serve serves page on ln (through Handler) until ctx is done, then shuts
// the server down (waiting up to 5 s for requests in flight).
func Serve(ctx context.Context, ln net.Listener, page []byte) error {
	srv := &http.Server{Handler: Handler(page, ln.Addr()), ReadHeaderTimeout: 10 * time.Second}
	return httpserve.Serve(ctx, srv, ln, 5*time.Second)
}

// Handler serves a viewer page at "/" to requests whose Host header names
// the loopback address it listens on (127.0.0.1:PORT, localhost:PORT or
// [::1]:PORT, with addr the listener's address), so another site cannot
// reach it through DNS rebinding. Anything else gets 404, a wrong Host
// 421, a method other than GET or HEAD 405. The page is sent with its
// Content-Security-Policy as a header too.
func Handler(page []byte, addr net.Addr) http.Handler {
	allowed := loopback.Hosts(addr.String())
	csp := CSP()
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Cache-Control", "no-store")
		if !loopback.Allowed(allowed, r.Host) {
			http.Error(w, "wrong Host header", http.StatusMisdirectedRequest)
			return
		}
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			h.Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		if r.URL.Path != "/" {
			http.NotFound(w, r)
			return
		}
		h.Set("Content-Type", "text/html; charset=utf-8")
		h.Set("Content-Security-Policy", csp)
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("Content-Length", strconv.Itoa(len(page)))
		if r.Method == http.MethodHead {
			return
		}
		_, _ = w.Write(page)
	})
}

// Loopback reports whether addr (host:port) names a loopback address, the
// only kind the viewer serves on.
func Loopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	return loopback.Is(host)
}
