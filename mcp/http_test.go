package mcp

import (
	"context"
	"net"
	"net/http"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCheckHTTP(t *testing.T) {
	assert.NoError(t, CheckHTTP(HTTPOptions{Addr: "127.0.0.1:8931"}))
	assert.NoError(t, CheckHTTP(HTTPOptions{Addr: "localhost:8931"}))
	assert.NoError(t, CheckHTTP(HTTPOptions{Addr: "[::1]:8931"}))
	assert.ErrorContains(t, CheckHTTP(HTTPOptions{Addr: "0.0.0.0:8931"}), "not a loopback address")
	assert.ErrorContains(t, CheckHTTP(HTTPOptions{Addr: "0.0.0.0:8931", AllowRemote: true}), "bearer token")
	assert.NoError(t, CheckHTTP(HTTPOptions{Addr: "0.0.0.0:8931", AllowRemote: true, Token: "0123456789abcdef"}))
	assert.ErrorContains(t, CheckHTTP(HTTPOptions{Addr: "8931"}), "HOST:PORT")
}

// bearer adds a token to every request.
type bearer struct {
	token string
	host  string
}

func (b bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	if b.token != "" {
		r.Header.Set("Authorization", "Bearer "+b.token)
	}
	if b.host != "" {
		r.Host = b.host
	}
	return http.DefaultTransport.RoundTrip(r)
}

// TestHTTP serves the streamable HTTP transport on loopback: a client with
// the token lists the tools; a wrong token and a foreign Host header are
// refused.
func TestHTTP(t *testing.T) {
	srv := shared(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := ln.Addr().String()
	const token = "s3cret-token-0123456789"
	h, err := srv.Handler(HTTPOptions{Addr: addr, Token: token})
	require.NoError(t, err)
	hs := &http.Server{Handler: h}
	go hs.Serve(ln)
	t.Cleanup(func() { hs.Close() })

	connectHTTP := func(tr http.RoundTripper) (*sdk.ClientSession, error) {
		c := sdk.NewClient(&sdk.Implementation{Name: "test", Version: "v0"}, nil)
		return c.Connect(context.Background(), &sdk.StreamableClientTransport{Endpoint: "http://" + addr, HTTPClient: &http.Client{Transport: tr}}, nil)
	}
	cs, err := connectHTTP(bearer{token: token})
	require.NoError(t, err)
	res, err := cs.ListTools(context.Background(), nil)
	require.NoError(t, err)
	assert.NotEmpty(t, res.Tools)
	text, isErr := call(t, cs, "browser_navigate", map[string]any{"url": "chrome://version"})
	assert.True(t, isErr)
	assert.Contains(t, text, "refused")
	cs.Close()

	_, err = connectHTTP(bearer{token: "wrong"})
	assert.Error(t, err, "a wrong token is refused")
	_, err = connectHTTP(bearer{token: token, host: "evil.example:80"})
	assert.Error(t, err, "a foreign Host header is refused")

	req, _ := http.NewRequest("POST", "http://"+addr, strings.NewReader("{}"))
	req.Host = "attacker.test"
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusForbidden, resp.StatusCode)
	req, _ = http.NewRequest("POST", "http://"+addr, strings.NewReader("{}"))
	resp, err = http.DefaultClient.Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusUnauthorized, resp.StatusCode)
}
