package httpserve

import (
	"context"
	"net"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestServeReturnsTheServeError: a listener that fails ends Serve with
// its error before the context is done.
func TestServeReturnsTheServeError(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	require.NoError(t, ln.Close())
	err = Serve(context.Background(), &http.Server{ReadHeaderTimeout: time.Second}, ln, time.Second)
	assert.ErrorIs(t, err, net.ErrClosed)
}
