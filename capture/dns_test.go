package capture

import (
	"context"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A saved page's <link rel=dns-prefetch>, <link rel=preconnect> and links
// make the browser look up no host name and connect nowhere. Observed two
// ways: Chromium's own network log (every host resolution is in it), and a
// preconnect to a name mapped to a loopback listener that counts the
// connections it gets. A live page's request to a host is looked up as
// always (the log does show lookups).
func TestSavedPageLooksUpNoHost(t *testing.T) {
	browser(t) // skip without Chromium
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	var conns atomic.Int32
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			conns.Add(1)
			c.Close()
		}
	}()
	defer ln.Close()
	port := ln.Addr().(*net.TCPAddr).Port

	dir := t.TempDir()
	netLog := filepath.Join(dir, "netlog.json")
	b, err := Start(context.Background(), Options{
		NavTimeout: 20e9, Quiet: 300e6, Settle: 3e9,
		HostResolverRules: fmt.Sprintf("MAP connect-probe.test 127.0.0.1:%d", port),
		netLog:            netLog,
	})
	require.NoError(t, err)
	closed := false
	defer func() {
		if !closed {
			b.Close()
		}
	}()
	p, err := b.NewPage(context.Background())
	require.NoError(t, err)

	saved := filepath.Join(dir, "saved.html")
	require.NoError(t, os.WriteFile(saved, []byte(`<!doctype html><title>saved</title>
<link rel="dns-prefetch" href="//prefetch-probe.test">
<link rel="preconnect" href="http://preconnect-probe.test">
<link rel="preconnect" href="http://connect-probe.test">
<p><a href="http://anchor-probe.test/">A link</a></p>`), 0o644))
	s, _, err := p.LoadFile(context.Background(), saved)
	require.NoError(t, err)
	require.NotEmpty(t, lineWith(s, "A link"))

	// The same in a browser context of its own (an incognito-like profile).
	bc, err := b.NewContext(context.Background())
	require.NoError(t, err)
	cp, err := bc.NewPage(context.Background())
	require.NoError(t, err)
	saved2 := filepath.Join(dir, "saved2.html")
	require.NoError(t, os.WriteFile(saved2, []byte(`<!doctype html><title>saved</title>
<link rel="dns-prefetch" href="//ctx-prefetch-probe.test"><link rel="preconnect" href="http://connect-probe.test"><p>In a context</p>`), 0o644))
	s, _, err = cp.LoadFile(context.Background(), saved2)
	require.NoError(t, err)
	require.NotEmpty(t, lineWith(s, "In a context"))
	require.NoError(t, bc.Close())

	// The control: a live page's request is looked up (and fails: no such host).
	srv := serve(t, map[string]string{"/": `<!doctype html><title>live</title><img src="http://control-probe.test/x.png"><p>Live</p>`})
	_, _, err = p.Load(context.Background(), srv.URL+"/")
	require.NoError(t, err)
	p.Close()
	require.NoError(t, b.Close()) // the log is complete once the browser is gone
	closed = true

	log, err := os.ReadFile(netLog)
	require.NoError(t, err)
	require.True(t, strings.Contains(string(log), "control-probe.test"), "the network log shows a live page's lookup")
	for _, name := range []string{"prefetch-probe.test", "preconnect-probe.test", "//connect-probe.test", "anchor-probe.test", "ctx-prefetch-probe.test"} {
		assert.False(t, strings.Contains(string(log), name), "the saved page made the browser look up %s", name)
	}
	assert.Zero(t, conns.Load(), "the saved page's preconnect reached the probe")
}
