package server_test

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/axtree/axtree/observe/server"
)

// serveReal runs the real http.Server axtreed uses (NewHTTPServer: its
// timeouts, header limit and connection cap) on a loopback port.
func serveReal(t *testing.T, o server.Options) string {
	t.Helper()
	st, err := openSQLite(filepath.Join(t.TempDir(), "limits.db"))
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv, lln := server.NewHTTPServer(server.New(st, o.Config), ln, o)
	go srv.Serve(lln)
	t.Cleanup(func() { srv.Close(); st.Close() })
	return ln.Addr().String()
}

// closedWithin reports whether the server closes c (a read returns) within d.
func closedWithin(c net.Conn, d time.Duration) bool {
	c.SetReadDeadline(time.Now().Add(d))
	_, err := io.Copy(io.Discard, c)
	if ne, ok := err.(net.Error); ok && ne.Timeout() {
		return false
	}
	return true
}

// TestSlowClientsAndOversizedHeaders: a slowloris header, a trickling body
// and idle connections are cut off by the server's timeouts; a huge header
// is refused; the server keeps serving throughout.
func TestSlowClientsAndOversizedHeaders(t *testing.T) {
	o := server.Options{
		ReadHeaderTimeout: 300 * time.Millisecond,
		IdleTimeout:       500 * time.Millisecond,
		MaxHeaderBytes:    8 << 10,
		MaxConns:          64,
	}
	o.Timeout = 2 * time.Second
	addr := serveReal(t, o)

	// slowloris: a header that never ends
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprint(c, "POST /v1/observations HTTP/1.1\r\nHost: x\r\nX-Slow: ")
	if !closedWithin(c, 5*time.Second) {
		t.Error("a header that never ends was not cut off by ReadHeaderTimeout")
	}
	c.Close()

	// a body that trickles in slower than the request timeout
	c, err = net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprint(c, "POST /v1/observations HTTP/1.1\r\nHost: x\r\nContent-Type: text/html\r\nX-Axtree-Run: slow\r\nContent-Length: 100000\r\n\r\n<p>")
	done := make(chan bool, 1)
	go func() { done <- closedWithin(c, 8*time.Second) }()
	for i := 0; i < 20; i++ {
		select {
		case ok := <-done:
			if !ok {
				t.Error("a trickling body was not cut off")
			}
			goto trickled
		case <-time.After(250 * time.Millisecond):
			c.Write([]byte("x"))
		}
	}
	if !<-done {
		t.Error("a trickling body was not cut off")
	}
trickled:
	c.Close()

	// idle keep-alive connections are closed after IdleTimeout
	var idle []net.Conn
	for i := 0; i < 20; i++ {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprint(c, "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		idle = append(idle, c)
	}
	for i, c := range idle {
		if !closedWithin(c, 5*time.Second) {
			t.Errorf("idle connection %d was not closed", i)
		}
		c.Close()
	}

	// an oversized header is refused with 431
	req, _ := http.NewRequest("GET", "http://"+addr+"/healthz", nil)
	req.Header.Set("X-Big", strings.Repeat("a", 64<<10))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusRequestHeaderFieldsTooLarge {
		t.Errorf("oversized header: status %d, want 431", resp.StatusCode)
	}

	// and the server still serves
	resp, err = http.Get("http://" + addr + "/healthz")
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("healthz after the abuse: %v %v", resp, err)
	}
	resp.Body.Close()
}

// TestBurst: 1,000 requests at a concurrency of 100 (loopback, bounded,
// stops by itself) all succeed or are told to retry (503), none fails with
// another 5xx, and the heap comes back to where it was.
func TestBurst(t *testing.T) {
	if testing.Short() {
		t.Skip("burst of 1,000 requests")
	}
	o := server.Options{MaxConns: 256}
	o.Timeout = 30 * time.Second
	addr := serveReal(t, o)
	page := jobPage(t, "01-empty.html")
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 100}, Timeout: 60 * time.Second}
	heap := func() uint64 {
		runtime.GC()
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapInuse
	}
	before := heap()
	const total, conc = 1000, 100
	var mu sync.Mutex
	codes := map[int]int{}
	var wg sync.WaitGroup
	jobs := make(chan int)
	for w := 0; w < conc; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				req, _ := http.NewRequest("POST", "http://"+addr+"/v1/observations", bytes.NewReader(page))
				req.Header.Set("Content-Type", "text/html")
				req.Header.Set("X-Axtree-Run", fmt.Sprintf("burst-%d", i%50))
				resp, err := client.Do(req)
				code := -1
				if err == nil {
					io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
					code = resp.StatusCode
				}
				mu.Lock()
				codes[code]++
				mu.Unlock()
			}
		}()
	}
	for i := 0; i < total; i++ {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	client.CloseIdleConnections()
	after := heap()
	t.Logf("status counts %v; heap in use %.1f MB before, %.1f MB after", codes, float64(before)/1e6, float64(after)/1e6)
	for code, n := range codes {
		if code != 200 && code != 503 {
			t.Errorf("%d requests answered %d", n, code)
		}
	}
	if codes[200] < total/2 {
		t.Errorf("only %d of %d requests succeeded", codes[200], total)
	}
	if after > before+64<<20 {
		t.Errorf("heap grew from %d to %d bytes over the burst", before, after)
	}
}
