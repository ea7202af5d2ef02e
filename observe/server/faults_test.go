package server_test

// Tests of the faults of issue 16, each found by trying the server as a
// hostile or unlucky client would. Each failed on the server before the
// fix.

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/observe"
	"github.com/axtree/axtree/observe/server"
	"github.com/axtree/axtree/render"
)

// runSteps fetches GET /v1/runs/{run}.
func runSteps(t testing.TB, base, run string) (int, []map[string]any) {
	t.Helper()
	resp, err := http.Get(base + "/v1/runs/" + run)
	require.NoError(t, err)
	var m struct {
		Steps []map[string]any `json:"steps"`
	}
	code := resp.StatusCode
	require.NoError(t, jsonDecode(resp, &m))
	return code, m.Steps
}

// assertLinear checks that steps form one chain: seq 0..n-1 without gaps
// or repeats, each step's previous the step before it.
func assertLinear(t testing.TB, run string, steps []map[string]any) {
	t.Helper()
	for i, s := range steps {
		if !assert.EqualValues(t, i, s["seq"], "run %s: step %d", run, i) {
			return
		}
		want := ""
		if i > 0 {
			want, _ = steps[i-1]["id"].(string)
		}
		got, _ := s["previous"].(string)
		if !assert.Equal(t, want, got, "run %s: step %d names the wrong previous step (the chain forks)", run, i) {
			return
		}
	}
}

// TestConcurrentPostsOneRunStayLinear: many clients post to one run at
// once without naming the previous step. Every step must continue from the
// one before it; reading the run's last step outside the write transaction
// forked the chain.
func TestConcurrentPostsOneRunStayLinear(t *testing.T) {
	ts, _ := start(t, filepath.Join(t.TempDir(), "obs.db"), server.Config{MaxConcurrent: 8})
	const clients, posts = 64, 256
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: clients}, Timeout: 2 * time.Minute}
	jobs := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	codes := map[int]int{}
	for range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				page := fmt.Sprintf(`<title>Step %d</title><h1>Step %d</h1><button>Next %d</button>`, i, i, i)
				code, _ := post(t, client, ts.URL, req{run: "shared", ctype: "text/html", url: "https://chain.example/", body: []byte(page)})
				mu.Lock()
				codes[code]++
				mu.Unlock()
			}
		}()
	}
	for i := range posts {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	assert.Equal(t, map[int]int{200: posts}, codes)
	code, steps := runSteps(t, ts.URL, "shared")
	require.Equal(t, 200, code)
	require.Len(t, steps, posts)
	assertLinear(t, "shared", steps)
}

// amplifyingPage returns a page of about size bytes whose tree text is
// several times larger: every button is named by one long paragraph.
func amplifyingPage(size int) []byte {
	var b strings.Builder
	b.WriteString("<p id=t>" + strings.Repeat("word ", 60) + "</p>")
	for b.Len() < size {
		b.WriteString(`<button aria-labelledby=t></button>`)
	}
	return []byte(b.String())
}

// TestTimeoutCommitsNothing posts a page whose tree renders well within the
// request timeout but whose token count (a BPE pass over megabytes of text)
// runs far past it. The client must get a 503 and the store must hold no
// step of the run: a step committed for a request answered with an error
// (or not at all) is one the next post would chain onto unknowingly.
func TestTimeoutCommitsNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("renders a large page")
	}
	page := amplifyingPage(1 << 20)
	// The timeout is set from this machine's render time, so that
	// rendering fits and counting (several times slower) does not.
	t0 := time.Now()
	r, err := render.HTMLBytes(page, render.Options{})
	require.NoError(t, err)
	text := r.Text()
	timeout := 2*time.Since(t0) + 500*time.Millisecond
	t.Logf("%d bytes of page, %d bytes of tree; request timeout %v", len(page), len(text), timeout)

	ts, _ := start(t, filepath.Join(t.TempDir(), "obs.db"), server.Config{Timeout: timeout})
	client := &http.Client{Timeout: 5 * time.Minute}
	hr, err := http.NewRequest("POST", ts.URL+"/v1/observations", strings.NewReader(string(page)))
	require.NoError(t, err)
	hr.Header.Set("Content-Type", "text/html")
	hr.Header.Set("X-Axtree-Run", "slow")
	resp, err := client.Do(hr)
	require.NoError(t, err, "the client got no answer")
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	assert.Equal(t, http.StatusServiceUnavailable, resp.StatusCode)

	code, steps := runSteps(t, ts.URL, "slow")
	assert.Equal(t, http.StatusNotFound, code, "a step was committed for a request that timed out: %v", steps)
	code, m := post(t, client, ts.URL, req{run: "slow", ctype: "text/html", body: []byte("<button>small</button>")})
	require.Equal(t, 200, code, "%v", m)
	assert.EqualValues(t, 0, m["seq"])
	assert.Empty(t, m["previous"])
}

// TestSlowBodyHoldsNoRenderSlot: a client that sends its body one byte at
// a time must not hold a render slot, or as many such clients as there are
// slots lock everyone out.
func TestSlowBodyHoldsNoRenderSlot(t *testing.T) {
	o := server.Options{}
	o.MaxConcurrent = 1
	o.Timeout = 10 * time.Minute
	addr := serveReal(t, o)
	c, err := net.Dial("tcp", addr)
	require.NoError(t, err)
	t.Cleanup(func() { c.Close() })
	// Expect: 100-continue makes the server say when the handler first
	// reads the body: from then on the request is in the handler.
	fmt.Fprintf(c, "POST /v1/observations HTTP/1.1\r\nHost: %s\r\nContent-Type: text/html\r\nX-Axtree-Run: slow\r\nContent-Length: 1000\r\nExpect: 100-continue\r\n\r\n", addr)
	c.SetReadDeadline(time.Now().Add(time.Minute))
	line, err := bufio.NewReader(c).ReadString('\n')
	require.NoError(t, err)
	require.Contains(t, line, "100 Continue")
	_, err = c.Write([]byte("<"))
	require.NoError(t, err)
	client := &http.Client{Timeout: 30 * time.Second}
	hr, err := http.NewRequest("POST", "http://"+addr+"/v1/observations", strings.NewReader("<button>fast</button>"))
	require.NoError(t, err)
	hr.Header.Set("Content-Type", "text/html")
	hr.Header.Set("X-Axtree-Run", "fast")
	resp, err := client.Do(hr)
	require.NoError(t, err, "a trickling body locked out a normal client")
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	assert.Equal(t, 200, resp.StatusCode)
}

// TestIdleConnectionsDoNotLockOut: keep-alive connections left idle up to
// the connection cap must not keep a new client waiting.
func TestIdleConnectionsDoNotLockOut(t *testing.T) {
	o := server.Options{MaxConns: 4, IdleTimeout: 10 * time.Minute}
	addr := serveReal(t, o)
	for range 4 {
		c, err := net.Dial("tcp", addr)
		require.NoError(t, err)
		t.Cleanup(func() { c.Close() })
		fmt.Fprintf(c, "GET /healthz HTTP/1.1\r\nHost: %s\r\n\r\n", addr)
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		require.NoError(t, err)
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		require.Equal(t, 200, resp.StatusCode)
	}
	client := &http.Client{Timeout: 30 * time.Second}
	resp, err := client.Get("http://" + addr + "/healthz")
	require.NoError(t, err, "idle keep-alive connections locked out a new client")
	resp.Body.Close()
	assert.Equal(t, 200, resp.StatusCode)
}

// TestHostHeaderChecked: a page in the user's browser that rebinds its own
// DNS name to 127.0.0.1 reaches the server with its own Host header; the
// server must refuse every host name it was not told to serve.
func TestHostHeaderChecked(t *testing.T) {
	ts, _ := start(t, filepath.Join(t.TempDir(), "obs.db"), server.Config{})
	_, port, _ := net.SplitHostPort(strings.TrimPrefix(ts.URL, "http://"))
	for _, c := range []struct {
		host string
		code int
	}{
		{"127.0.0.1:" + port, 200},
		{"localhost:" + port, 200},
		{"[::1]:" + port, 200},
		{"localhost", 200},
		{"attacker.example:" + port, 403},
		{"attacker.example", 403},
		{"127.0.0.1.attacker.example:" + port, 403},
		{"LOCALHOST.:" + port, 200},
	} {
		hr, err := http.NewRequest("GET", ts.URL+"/v1/graph", nil)
		require.NoError(t, err)
		hr.Host = c.host
		resp, err := http.DefaultClient.Do(hr)
		require.NoError(t, err)
		resp.Body.Close()
		assert.Equal(t, c.code, resp.StatusCode, "Host %q", c.host)
	}
	// HTTP/1.0 lets a request name no host at all: refused too.
	conn, err := net.Dial("tcp", strings.TrimPrefix(ts.URL, "http://"))
	require.NoError(t, err)
	defer conn.Close()
	fmt.Fprint(conn, "GET /v1/graph HTTP/1.0\r\n\r\n")
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, 403, resp.StatusCode, "no Host header")
}

// TestBearerToken: with a token set, every endpoint but /healthz needs it.
func TestBearerToken(t *testing.T) {
	st, err := openSQLite(filepath.Join(t.TempDir(), "obs.db"))
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	ts := httptestServer(server.New(st, server.Config{Token: "s3cret"}))
	t.Cleanup(ts.Close)
	for _, c := range []struct {
		path, auth string
		code       int
	}{
		{"/v1/graph", "", 401},
		{"/v1/graph", "Bearer wrong", 401},
		{"/v1/graph", "s3cret", 401},
		{"/v1/graph", "Bearer s3cret", 200},
		{"/healthz", "", 200},
	} {
		hr, err := http.NewRequest("GET", ts.URL+c.path, nil)
		require.NoError(t, err)
		if c.auth != "" {
			hr.Header.Set("Authorization", c.auth)
		}
		resp, err := http.DefaultClient.Do(hr)
		require.NoError(t, err)
		resp.Body.Close()
		assert.Equal(t, c.code, resp.StatusCode, "%s with %q", c.path, c.auth)
	}
}

// manyButtons is a page of n distinctly named buttons.
func manyButtons(n int) []byte {
	var b strings.Builder
	b.WriteString("<title>Many</title>")
	for i := range n {
		fmt.Fprintf(&b, "<button>Action number %d</button>", i)
	}
	return []byte(b.String())
}

// TestIdenticalStatesStoredOnce posts one page 41 times into a run: the 40
// steps after the first must cost far less than the first step, since the
// state (text, links and element numbering) is the same every time.
func TestIdenticalStatesStoredOnce(t *testing.T) {
	path := filepath.Join(t.TempDir(), "obs.db")
	page := manyButtons(2000)
	size := func() int64 {
		fi, err := os.Stat(path)
		require.NoError(t, err)
		return fi.Size()
	}
	phase := func(posts int) int64 {
		st, err := openSQLite(path)
		require.NoError(t, err)
		ts := httptestServer(server.New(st, server.Config{}))
		for range posts {
			code, m := post(t, http.DefaultClient, ts.URL, req{run: "same", ctype: "text/html", url: "https://same.example/", body: page})
			require.Equal(t, 200, code, "%v", m)
		}
		ts.Close()
		require.NoError(t, st.Close()) // the last close checkpoints the WAL into the file
		return size()
	}
	s0 := phase(0)
	s1 := phase(1)
	s41 := phase(40)
	t.Logf("empty %d bytes, after 1 post %d, after 41 posts %d", s0, s1, s41)
	assert.Less(t, s41-s1, (s1-s0)/2, "40 identical steps cost %d bytes, the first one %d", s41-s1, s1-s0)
}

// failingStore fails every write, as a full disk does.
type failingStore struct {
	observe.Store
}

var errDiskFull = errors.New("database or disk is full (13)")

func (failingStore) Append(ctx context.Context, run, previous string, build observe.BuildFunc) (*observe.Observation, error) {
	return nil, errDiskFull
}

// TestHealthzReportsFailingWrites: when writes fail, /healthz must not say
// ok.
func TestHealthzReportsFailingWrites(t *testing.T) {
	st, err := openSQLite(filepath.Join(t.TempDir(), "obs.db"))
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	ts := httptestServer(server.New(failingStore{st}, server.Config{}))
	t.Cleanup(ts.Close)
	code, m := post(t, http.DefaultClient, ts.URL, req{run: "r", ctype: "text/html", body: []byte("<button>x</button>")})
	assert.Equal(t, 500, code, "%v", m)
	code, body := get(t, ts.URL+"/healthz")
	assert.Equal(t, http.StatusServiceUnavailable, code, "/healthz says %s while writes fail", body)
}

// TestUnknownActionVerb: an action whose verb is not one the server knows
// is refused with 422, as the README promises for a bad action.
func TestUnknownActionVerb(t *testing.T) {
	ts, _ := start(t, filepath.Join(t.TempDir(), "obs.db"), server.Config{})
	code, m := post(t, http.DefaultClient, ts.URL, req{run: "v", ctype: "text/html", body: []byte("<button>Go</button>")})
	require.Equal(t, 200, code, "%v", m)
	for _, a := range []string{`{"action":"teleport"}`, `{"element":1,"action":"teleport"}`, `{"element":1,"action":"Click"}`} {
		code, m = post(t, http.DefaultClient, ts.URL, req{run: "v", action: a, ctype: "text/html", body: []byte("<button>Gone</button>")})
		assert.Equal(t, http.StatusUnprocessableEntity, code, "action %s: %v", a, m)
	}
	code, m = post(t, http.DefaultClient, ts.URL, req{run: "v", action: `{"element":1,"action":"click"}`, ctype: "text/html", body: []byte("<button>Gone</button>")})
	assert.Equal(t, 200, code, "%v", m)
}

func httptestServer(h http.Handler) *httptest.Server { return httptest.NewServer(h) }
