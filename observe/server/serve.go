package server

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"

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
}

// ListenAndServe opens the store, serves the API on Addr until ctx is done
// (a signal, say), then stops accepting, lets in-flight requests finish and
// closes the store. It returns nil after a clean shutdown.
func ListenAndServe(ctx context.Context, o Options) error {
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
	st, err := observe.OpenSQLite(o.DB)
	if err != nil {
		return err
	}
	defer st.Close()
	ln, err := net.Listen("tcp", o.Addr)
	if err != nil {
		return fmt.Errorf("axtreed: listen: %w", err)
	}
	srv := &http.Server{
		Handler:           New(st, o.Config),
		ReadHeaderTimeout: 10 * time.Second,
		// A body of MaxBodyBytes must arrive within the request timeout.
		ReadTimeout:    o.Timeout,
		WriteTimeout:   o.Timeout + 5*time.Second,
		IdleTimeout:    2 * time.Minute,
		MaxHeaderBytes: 64 << 10,
		BaseContext:    func(net.Listener) context.Context { return context.WithoutCancel(ctx) },
	}
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
