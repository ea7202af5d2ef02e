package capture

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestHostResolverRules: a host name mapped to a test server's loopback
// port loads from it, under its own name (so its URLs do not carry the
// port).
func TestHostResolverRules(t *testing.T) {
	browser(t) // skip without Chromium
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `<!doctype html><title>mapped</title><main><a href="/next">Next</a><p>%s</p></main>`, r.Host)
	}))
	defer srv.Close()
	port := srv.Listener.Addr().(*net.TCPAddr).Port
	b, err := Start(context.Background(), Options{HostResolverRules: fmt.Sprintf("MAP shop.example 127.0.0.1:%d", port)})
	require.NoError(t, err)
	defer b.Close()
	p, err := b.NewPage(context.Background())
	require.NoError(t, err)
	defer p.Close()
	snap, _, err := p.Load(context.Background(), "http://shop.example/")
	require.NoError(t, err)
	assert.Contains(t, string(snap.Result.Text()), "shop.example")
	assert.Equal(t, "http://shop.example/next", snap.Result.Links.Record()[2])
}
