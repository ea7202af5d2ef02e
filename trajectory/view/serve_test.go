package view_test

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/trajectory/view"
)

func TestHandlerChecksHost(t *testing.T) {
	page := []byte("<!doctype html><p>viewer</p>")
	srv := httptest.NewUnstartedServer(nil)
	srv.Config.Handler = view.Handler(page, srv.Listener.Addr())
	srv.Start()
	defer srv.Close()
	port := srv.Listener.Addr().(*net.TCPAddr).Port

	get := func(host, path, method string) (int, string, http.Header) {
		req, err := http.NewRequest(method, srv.URL+path, nil)
		require.NoError(t, err)
		req.Host = host
		res, err := srv.Client().Do(req)
		require.NoError(t, err)
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(b), res.Header
	}
	local := "127.0.0.1:" + strconv.Itoa(port)
	code, body, h := get(local, "/", http.MethodGet)
	assert.Equal(t, http.StatusOK, code)
	assert.Equal(t, string(page), body)
	assert.Equal(t, view.CSP(), h.Get("Content-Security-Policy"))
	assert.Equal(t, "nosniff", h.Get("X-Content-Type-Options"))
	code, _, _ = get("localhost:"+strconv.Itoa(port), "/", http.MethodGet)
	assert.Equal(t, http.StatusOK, code)
	code, _, _ = get("evil.example:"+strconv.Itoa(port), "/", http.MethodGet)
	assert.Equal(t, http.StatusMisdirectedRequest, code, "DNS rebinding: a foreign Host is refused")
	code, _, _ = get("127.0.0.1:1", "/", http.MethodGet)
	assert.Equal(t, http.StatusMisdirectedRequest, code)
	code, _, _ = get(local, "/etc/passwd", http.MethodGet)
	assert.Equal(t, http.StatusNotFound, code)
	code, _, _ = get(local, "/", http.MethodPost)
	assert.Equal(t, http.StatusMethodNotAllowed, code)
}

func TestLoopback(t *testing.T) {
	for addr, want := range map[string]bool{
		"127.0.0.1:0": true, "localhost:8080": true, "[::1]:9": true, "127.1.2.3:80": true,
		"0.0.0.0:80": false, ":8080": false, "192.168.1.2:80": false, "example.org:80": false, "nonsense": false,
	} {
		assert.Equal(t, want, view.Loopback(addr), addr)
	}
}

// Serve serves the page until its context ends, refusing a foreign Host.
func TestServe(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- view.Serve(ctx, ln, []byte("<!doctype html>viewer")) }()
	res, err := http.Get("http://" + ln.Addr().String() + "/")
	require.NoError(t, err)
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	assert.Equal(t, http.StatusOK, res.StatusCode)
	assert.Equal(t, "<!doctype html>viewer", string(body))
	req, err := http.NewRequest(http.MethodGet, "http://"+ln.Addr().String()+"/", nil)
	require.NoError(t, err)
	req.Host = "attacker.example"
	res, err = http.DefaultClient.Do(req)
	require.NoError(t, err)
	res.Body.Close()
	assert.Equal(t, http.StatusMisdirectedRequest, res.StatusCode)
	cancel()
	assert.NoError(t, <-done)
}
