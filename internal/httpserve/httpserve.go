// Package httpserve runs an http.Server on a listener until a context
// ends, then shuts it down: the serve loop the project's three servers
// (axtreed, the MCP server over HTTP, the trajectory viewer) share.
package httpserve

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"
)

// Serve serves srv on ln until ctx is done, then shuts srv down, letting
// requests in flight finish for up to grace. It returns the error that
// stopped serving before ctx was done, or the shutdown's (prefixed
// "shutdown: "); nil after a clean shutdown.
func Serve(ctx context.Context, srv *http.Server, ln net.Listener, grace time.Duration) error {
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), grace)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	if err := <-done; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
