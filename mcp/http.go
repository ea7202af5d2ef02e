package mcp

import (
	"context"
	"crypto/subtle"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/axtree/axtree/internal/httpserve"
	"github.com/axtree/axtree/internal/loopback"
)

// HTTPOptions configure the streamable HTTP transport.
type HTTPOptions struct {
	// Addr is the host:port the server listens on; its host must be a
	// loopback address (127.0.0.1, ::1, localhost) unless AllowRemote.
	Addr string
	// AllowRemote permits a non-loopback Addr; it then needs a Token.
	AllowRemote bool
	// Token, when set, is the bearer token every request must carry
	// (Authorization: Bearer TOKEN). Required with AllowRemote.
	Token string
}

// CheckHTTP checks that o is a safe configuration: a loopback address, or
// a remote one that was asked for explicitly and has a token.
func CheckHTTP(o HTTPOptions) error {
	host, port, err := net.SplitHostPort(o.Addr)
	if err != nil || port == "" {
		return fmt.Errorf("mcp: --http %q: want HOST:PORT, such as 127.0.0.1:8931", o.Addr)
	}
	if loopback.Is(host) {
		return nil
	}
	if !o.AllowRemote {
		return fmt.Errorf("mcp: --http %s is not a loopback address: anyone who reaches it drives your browser; pass --allow-remote and a token to mean it", o.Addr)
	}
	if len(o.Token) < 16 {
		return errors.New("mcp: a non-loopback address needs a bearer token of at least 16 characters")
	}
	return nil
}

// Handler returns the streamable HTTP handler of the server, with the Host
// header checked (only the listening address and, on loopback, the
// loopback names with its port: no DNS rebinding) and the bearer token
// required when one is set. Each client session (Mcp-Session-Id) gets its
// own tabs.
func (s *Server) Handler(o HTTPOptions) (http.Handler, error) {
	if err := CheckHTTP(o); err != nil {
		return nil, err
	}
	allowed := loopback.Hosts(o.Addr)
	inner := sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return s.mcp }, nil)
	token := []byte("Bearer " + o.Token)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !loopback.Allowed(allowed, r.Host) {
			http.Error(w, "mcp: Host "+r.Host+" is not this server's address", http.StatusForbidden)
			return
		}
		if o.Token != "" && subtle.ConstantTimeCompare([]byte(r.Header.Get("Authorization")), token) != 1 {
			w.Header().Set("WWW-Authenticate", `Bearer realm="axtree"`)
			http.Error(w, "mcp: a valid bearer token is required", http.StatusUnauthorized)
			return
		}
		inner.ServeHTTP(w, r)
	}), nil
}

// ServeHTTP listens on o.Addr and serves the streamable HTTP transport
// until ctx ends (then it stops accepting and lets calls in flight finish
// for up to five seconds). ready, if set, is called with the address
// listened on.
func (s *Server) ServeHTTP(ctx context.Context, o HTTPOptions, ready func(addr string)) error {
	h, err := s.Handler(o)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", o.Addr)
	if err != nil {
		return fmt.Errorf("mcp: listen: %w", err)
	}
	hs := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	if ready != nil {
		ready(ln.Addr().String())
	}
	if err := httpserve.Serve(ctx, hs, ln, 5*time.Second); err != nil {
		return fmt.Errorf("mcp: %w", err)
	}
	return nil
}

// ServeStdio serves one client on in and out (a command's standard input
// and output: newline-delimited JSON-RPC) until the client disconnects or
// ctx ends.
func (s *Server) ServeStdio(ctx context.Context, in io.Reader, out io.Writer) error {
	err := s.mcp.Run(ctx, &sdk.IOTransport{Reader: io.NopCloser(in), Writer: nopWriteCloser{out}})
	if ctx.Err() != nil {
		return nil
	}
	return err
}

type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }
