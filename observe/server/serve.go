package server

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"

	"golang.org/x/net/netutil"

	"github.com/axtree/axtree/observe"
)

// Options configure ListenAndServe. Zero fields take the defaults.
type Options struct {
	Addr string // listen address; default 127.0.0.1:8080
	DB   string // SQLite file; default axtree.db
	Config
	// ShutdownTimeout bounds the wait for in-flight requests once ctx is
	// done; default Timeout + 5s.
	ShutdownTimeout time.Duration
	// Ready, when set, is called with the listening address once the
	// server accepts connections.
	Ready func(addr net.Addr)

	// Connection limits (zero: the defaults below). They bound what slow
	// or idle clients can hold: a header must arrive within
	// ReadHeaderTimeout, a whole request within Config.Timeout, an idle
	// keep-alive connection is closed after IdleTimeout, headers larger than
	// MaxHeaderBytes get 431, and past MaxConns open connections new ones
	// wait in the kernel's accept queue.
	ReadHeaderTimeout time.Duration // default 10s
	IdleTimeout       time.Duration // default 2m
	MaxHeaderBytes    int           // default 64 KiB
	MaxConns          int           // default 1024
}

// Defaults of the connection limits in Options.
const (
	DefaultReadHeaderTimeout = 10 * time.Second
	DefaultIdleTimeout       = 2 * time.Minute
	DefaultMaxHeaderBytes    = 64 << 10
	DefaultMaxConns          = 1024
)

func (o Options) withDefaults() Options {
	if o.Addr == "" {
		o.Addr = "127.0.0.1:8080"
	}
	if o.DB == "" {
		o.DB = "axtree.db"
	}
	o.Config = o.Config.withDefaults()
	if o.ShutdownTimeout <= 0 {
		o.ShutdownTimeout = o.Timeout + 5*time.Second
	}
	if o.ReadHeaderTimeout <= 0 {
		o.ReadHeaderTimeout = DefaultReadHeaderTimeout
	}
	if o.IdleTimeout <= 0 {
		o.IdleTimeout = DefaultIdleTimeout
	}
	if o.MaxHeaderBytes <= 0 {
		o.MaxHeaderBytes = DefaultMaxHeaderBytes
	}
	if o.MaxConns <= 0 {
		o.MaxConns = DefaultMaxConns
	}
	return o
}

// NewHTTPServer returns the http.Server axtreed runs for handler h, with
// the timeouts and header limit of o, and wraps ln so that at most
// o.MaxConns connections are open at once. Serve the returned listener.
func NewHTTPServer(h http.Handler, ln net.Listener, o Options) (*http.Server, net.Listener) {
	o = o.withDefaults()
	srv := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: o.ReadHeaderTimeout,
		// A body of MaxBodyBytes must arrive within the request timeout.
		ReadTimeout:    o.Timeout,
		WriteTimeout:   o.Timeout + 5*time.Second,
		IdleTimeout:    o.IdleTimeout,
		MaxHeaderBytes: o.MaxHeaderBytes,
	}
	return srv, netutil.LimitListener(ln, o.MaxConns)
}

// ListenAndServe opens the store, serves the API on Addr until ctx is done
// (a signal, say), then stops accepting, lets in-flight requests finish and
// closes the store. It returns nil after a clean shutdown.
func ListenAndServe(ctx context.Context, o Options) error {
	o = o.withDefaults()
	st, err := observe.OpenSQLite(o.DB)
	if err != nil {
		return err
	}
	defer st.Close()
	ln, err := net.Listen("tcp", o.Addr)
	if err != nil {
		return fmt.Errorf("axtreed: listen: %w", err)
	}
	srv, ln := NewHTTPServer(New(st, o.Config), ln, o)
	srv.BaseContext = func(net.Listener) context.Context { return context.WithoutCancel(ctx) }
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	if o.Ready != nil {
		o.Ready(ln.Addr())
	}
	select {
	case err := <-errc:
		return fmt.Errorf("axtreed: serve: %w", err)
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), o.ShutdownTimeout)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		return fmt.Errorf("axtreed: shutdown: %w", err)
	}
	if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
