package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/axtree/axtree/internal/shared"
	"github.com/axtree/axtree/observe"
	"github.com/axtree/axtree/observe/server"
	"github.com/axtree/axtree/observe/sqlite"
	"github.com/axtree/axtree/wire"

	"golang.org/x/net/html"
)

// TestMain doubles as the axtreed child process of the fault test.
func TestMain(m *testing.M) {
	if os.Getenv("AXTREED_TEST_CHILD") == "1" {
		ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM)
		defer stop()
		err := server.ListenAndServe(ctx, server.Options{
			Addr:  "127.0.0.1:0",
			DB:    os.Getenv("AXTREED_TEST_DB"),
			Ready: func(a net.Addr) { fmt.Printf("ADDR %s\n", a) },
		})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

const jobURL = "https://jobs.example.org/jobs/42/apply"

func jobPage(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "corpus", "sequences", "job-form", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func openSQLite(path string) (*sqlite.Store, error) { return sqlite.Open(path, sqlite.Options{}) }

// start serves a store at path through httptest; the cleanup closes both.
func start(t testing.TB, path string, cfg server.Config) (*httptest.Server, *sqlite.Store) {
	t.Helper()
	st, err := openSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(server.New(st, cfg))
	t.Cleanup(func() { ts.Close(); st.Close() })
	return ts, st
}

type req struct {
	run, prev, action, ctype, url string
	body                          []byte
}

// post sends r and decodes the JSON answer.
func post(t testing.TB, c *http.Client, base string, r req) (int, map[string]any) {
	t.Helper()
	hr, err := http.NewRequest("POST", base+"/v1/observations", bytes.NewReader(r.body))
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range map[string]string{"X-Axtree-Run": r.run, "X-Axtree-Previous": r.prev, "X-Axtree-Action": r.action, "Content-Type": r.ctype, "X-Axtree-URL": r.url} {
		if v != "" {
			hr.Header.Set(k, v)
		}
	}
	resp, err := c.Do(hr)
	if err != nil {
		t.Fatalf("post: %v", err)
	}
	defer resp.Body.Close()
	return resp.StatusCode, decode(t, resp)
}

func decode(t testing.TB, resp *http.Response) map[string]any {
	t.Helper()
	if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Fatalf("%s: content type %q", resp.Request.URL, ct)
	}
	var m map[string]any
	if err := json.NewDecoder(resp.Body).Decode(&m); err != nil {
		t.Fatalf("%s: response is not JSON: %v", resp.Request.URL, err)
	}
	return m
}

func jsonDecode(resp *http.Response, v any) error {
	defer resp.Body.Close()
	return json.NewDecoder(resp.Body).Decode(v)
}

func get(t testing.TB, url string) (int, []byte) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, b
}

// jobRun posts the three job-form pages as one run and returns their ids.
func jobRun(t *testing.T, base, run string) []string {
	t.Helper()
	steps := []struct{ file, action string }{
		{"01-empty.html", ""},
		{"02-half.html", `{"element":11,"action":"type","value":"Ada Lovelace"}`},
		{"03-filled.html", `{"element":13,"action":"type","value":"ada"}`},
	}
	var ids []string
	prev := ""
	for i, s := range steps {
		code, m := post(t, http.DefaultClient, base, req{run: run, prev: prev, action: s.action, ctype: "text/html; charset=utf-8", url: jobURL, body: jobPage(t, s.file)})
		if code != 200 {
			t.Fatalf("%s step %d: %d %v", run, i, code, m)
		}
		if int(m["seq"].(float64)) != i {
			t.Errorf("%s step %d: seq %v", run, i, m["seq"])
		}
		if txt, _ := m["text"].(string); !strings.Contains(txt, "[button] Submit Application") {
			t.Errorf("%s step %d: text lacks the submit button:\n%s", run, i, txt)
		}
		if n, _ := m["tokens"].(float64); n < 100 {
			t.Errorf("%s step %d: %v tokens", run, i, m["tokens"])
		}
		prev = m["id"].(string)
		ids = append(ids, prev)
	}
	return ids
}

type graphJSON struct {
	Nodes []struct {
		ID     string `json:"id"`
		Visits int    `json:"visits"`
	} `json:"nodes"`
	Edges []struct {
		From, To string
		Count    int
	} `json:"edges"`
}

func TestJobFormRunsGraphAndRestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "axtree.db")
	ts, st := start(t, path, server.Config{})
	a := jobRun(t, ts.URL, "run-a")
	b := jobRun(t, ts.URL, "run-b")
	if strings.Join(a, " ") != strings.Join(b, " ") {
		t.Fatalf("identical states, different ids:\n%v\n%v", a, b)
	}
	for _, run := range []string{"run-a", "run-b"} {
		code, body := get(t, ts.URL+"/v1/runs/"+run)
		if code != 200 {
			t.Fatalf("run %s: %d %s", run, code, body)
		}
		var rr server.RunResponse
		if err := json.Unmarshal(body, &rr); err != nil {
			t.Fatal(err)
		}
		if len(rr.Steps) != 3 {
			t.Fatalf("run %s has %d steps", run, len(rr.Steps))
		}
		for i, s := range rr.Steps {
			if s.ID != a[i] || s.Seq != i || s.Run != run {
				t.Errorf("run %s step %d: %+v", run, i, s)
			}
			if (i == 0) != (s.Previous == "") || (i > 0 && s.Previous != a[i-1]) {
				t.Errorf("run %s step %d: previous %q", run, i, s.Previous)
			}
			if i > 0 && (s.Action == nil || s.Action.Role != "textbox") {
				t.Errorf("run %s step %d: action %+v", run, i, s.Action)
			}
		}
	}
	code, gb := get(t, ts.URL+"/v1/graph?site=jobs.example.org&format=json")
	if code != 200 {
		t.Fatalf("graph: %d %s", code, gb)
	}
	var g graphJSON
	if err := json.Unmarshal(gb, &g); err != nil {
		t.Fatal(err)
	}
	if len(g.Nodes) < 3 || len(g.Nodes) > 4 {
		t.Errorf("graph has %d nodes, want 3-4", len(g.Nodes))
	}
	if len(g.Edges) != 2 {
		t.Errorf("graph has %d edges, want 2", len(g.Edges))
	}
	for _, e := range g.Edges {
		if e.Count != 2 {
			t.Errorf("edge %s -> %s count %d, want 2", e.From, e.To, e.Count)
		}
	}
	code, dot := get(t, ts.URL+"/v1/graph?site=jobs.example.org&format=dot")
	if code != 200 || !bytes.HasPrefix(dot, []byte("digraph")) || bytes.Count(dot, []byte("->")) != 2 {
		t.Errorf("dot graph: %d\n%s", code, dot)
	}
	code, ob := get(t, ts.URL+"/v1/observations/"+a[1])
	if code != 200 {
		t.Fatalf("observation: %d %s", code, ob)
	}

	// Restart on the same file: everything is kept.
	ts.Close()
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	ts2, _ := start(t, path, server.Config{})
	if code, gb2 := get(t, ts2.URL+"/v1/graph?site=jobs.example.org"); code != 200 || !bytes.Equal(gb, gb2) {
		t.Errorf("graph after restart: %d\n%s\nwant\n%s", code, gb2, gb)
	}
	if code, ob2 := get(t, ts2.URL+"/v1/observations/"+a[1]); code != 200 || !bytes.Equal(ob, ob2) {
		t.Errorf("observation after restart: %d", code)
	}
	c := jobRun(t, ts2.URL, "run-c")
	if strings.Join(c, " ") != strings.Join(a, " ") {
		t.Errorf("run after restart has other ids: %v", c)
	}
}

// A capture of a static page renders like the page itself.
func TestCaptureBody(t *testing.T) {
	ts, _ := start(t, filepath.Join(t.TempDir(), "axtree.db"), server.Config{})
	page := jobPage(t, "02-half.html")
	doc, err := html.Parse(bytes.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	c := wire.FromHTML(doc)
	c.URL = jobURL
	var buf bytes.Buffer
	if err := wire.Encode(&buf, c); err != nil {
		t.Fatal(err)
	}
	code, m := post(t, http.DefaultClient, ts.URL, req{run: "cap", ctype: "application/json", body: buf.Bytes()})
	if code != 200 {
		t.Fatalf("capture post: %d %v", code, m)
	}
	code, h := post(t, http.DefaultClient, ts.URL, req{run: "html", ctype: "text/html", url: jobURL, body: page})
	if code != 200 {
		t.Fatalf("html post: %d %v", code, h)
	}
	if m["id"] != h["id"] || m["url"] != jobURL {
		t.Errorf("capture %v (%v) and HTML %v give different observations:\n%s\n---\n%s", m["id"], m["url"], h["id"], m["text"], h["text"])
	}
}

func TestBadInput(t *testing.T) {
	ts, st := start(t, filepath.Join(t.TempDir(), "axtree.db"), server.Config{MaxBodyBytes: 4096})
	okPage := []byte(`<title>t</title><button>Go</button>`)
	code, first := post(t, http.DefaultClient, ts.URL, req{run: "r", ctype: "text/html", body: okPage})
	if code != 200 {
		t.Fatalf("first post: %d %v", code, first)
	}
	big := append([]byte("<p>"), bytes.Repeat([]byte("x"), 8192)...)
	cases := []struct {
		name string
		r    req
		want int
	}{
		{"empty body", req{run: "r", ctype: "text/html"}, 400},
		{"blank body", req{run: "r", ctype: "text/html", body: []byte(" \n")}, 400},
		{"wrong content type", req{run: "r", ctype: "text/plain", body: okPage}, 415},
		{"no content type", req{run: "r", body: okPage}, 415},
		{"bad content type", req{run: "r", ctype: "text/html; ===", body: okPage}, 415},
		{"malformed JSON", req{run: "r", ctype: "application/json", body: []byte(`{"version":1,"root":`)}, 400},
		{"JSON of another shape", req{run: "r", ctype: "application/json", body: []byte(`[1,2,3]`)}, 400},
		{"body over the limit", req{run: "r", ctype: "text/html", body: big}, 413},
		{"unknown previous", req{run: "r", prev: strings.Repeat("ab", 16), ctype: "text/html", body: okPage}, 422},
		{"previous not an id", req{run: "r", prev: "../../etc", ctype: "text/html", body: okPage}, 422},
		{"previous of another run", req{run: "other", prev: first["id"].(string), ctype: "text/html", body: okPage}, 422},
		{"run with ..", req{run: "../x", ctype: "text/html", body: okPage}, 400},
		{"run with slash", req{run: "a/b", ctype: "text/html", body: okPage}, 400},
		{"no run", req{ctype: "text/html", body: okPage}, 400},
		{"malformed action", req{run: "r", action: `{"element":`, ctype: "text/html", body: okPage}, 400},
		{"action with unknown field", req{run: "r", action: `{"click":1}`, ctype: "text/html", body: okPage}, 400},
		{"action on missing element", req{run: "r", action: `{"element":999,"action":"click"}`, ctype: "text/html", body: okPage}, 422},
		{"action without a name", req{run: "r", action: `{"element":1}`, ctype: "text/html", body: okPage}, 422},
		{"action starting a run", req{run: "fresh", action: `{"element":1,"action":"click"}`, ctype: "text/html", body: okPage}, 422},
	}
	for _, c := range cases {
		code, m := post(t, http.DefaultClient, ts.URL, c.r)
		if code != c.want {
			t.Errorf("%s: status %d, want %d (%v)", c.name, code, c.want, m)
		}
		if msg, _ := m["error"].(string); msg == "" {
			t.Errorf("%s: no error message: %v", c.name, m)
		}
	}
	gets := []struct {
		method, path string
		want         int
	}{
		{"GET", "/v1/runs/nope", 404},
		{"GET", "/v1/runs/-x", 400},
		{"GET", "/v1/observations/zzz", 400},
		{"GET", "/v1/observations/" + strings.Repeat("0", 32), 404},
		{"GET", "/v1/graph?format=png", 400},
		{"DELETE", "/v1/observations", 405},
		{"PUT", "/v1/graph", 405},
		{"GET", "/v1/observations", 405},
		{"GET", "/nope", 404},
	}
	for _, g := range gets {
		hr, _ := http.NewRequest(g.method, ts.URL+g.path, nil)
		resp, err := http.DefaultClient.Do(hr)
		if err != nil {
			t.Fatal(err)
		}
		m := decode(t, resp)
		resp.Body.Close()
		if resp.StatusCode != g.want || m["error"] == nil {
			t.Errorf("%s %s: %d %v, want %d with an error", g.method, g.path, resp.StatusCode, m, g.want)
		}
	}
	// Still serving, and none of the rejects left a step.
	if code, b := get(t, ts.URL+"/healthz"); code != 200 {
		t.Errorf("healthz: %d %s", code, b)
	}
	steps, err := st.Run(context.Background(), "r")
	if err != nil || len(steps) != 1 {
		t.Errorf("run r has %d steps (%v), want 1", len(steps), err)
	}
	if code, m := post(t, http.DefaultClient, ts.URL, req{run: "r", action: `{"element":1,"action":"click"}`, ctype: "text/html", body: okPage}); code != 200 {
		t.Errorf("valid post after bad ones: %d %v", code, m)
	}
}

// TestLoadSharedPage posts the 2 MB Amazon page from many clients at once.
func TestLoadSharedPage(t *testing.T) {
	page, err := os.ReadFile(shared.Path(t, "corpus", "pages", "amazon-de-search.html"))
	if err != nil {
		t.Fatal(err)
	}
	clients := 200
	if raceEnabled || testing.Short() {
		clients = 12
	}
	ts, st := start(t, filepath.Join(t.TempDir(), "axtree.db"), server.Config{Timeout: 5 * time.Minute})
	tr := &http.Transport{MaxIdleConnsPerHost: clients}
	defer tr.CloseIdleConnections()
	c := &http.Client{Transport: tr, Timeout: 5 * time.Minute}
	ids := make([]string, clients)
	codes := make([]int, clients)
	begin := time.Now()
	var wg sync.WaitGroup
	for i := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			hr, _ := http.NewRequest("POST", ts.URL+"/v1/observations", bytes.NewReader(page))
			hr.Header.Set("Content-Type", "text/html")
			hr.Header.Set("X-Axtree-Run", fmt.Sprintf("load-%03d", i))
			hr.Header.Set("X-Axtree-URL", "https://www.amazon.de/s?k=katzenfutter")
			resp, err := c.Do(hr)
			if err != nil {
				t.Errorf("client %d: %v", i, err)
				return
			}
			defer resp.Body.Close()
			codes[i] = resp.StatusCode
			var m struct {
				ID string `json:"id"`
			}
			if err := json.NewDecoder(resp.Body).Decode(&m); err != nil {
				t.Errorf("client %d: %v", i, err)
			}
			ids[i] = m.ID
		}()
	}
	wg.Wait()
	t.Logf("%d clients, 2 MB page: %v total, %.1f ms per request", clients, time.Since(begin).Round(time.Millisecond), float64(time.Since(begin).Milliseconds())/float64(clients))
	for i := range clients {
		if codes[i] != 200 || ids[i] != ids[0] || !observe.ValidID(ids[i]) {
			t.Fatalf("client %d: status %d id %q (client 0: %q)", i, codes[i], ids[i], ids[0])
		}
	}
	g, err := st.Graph(context.Background(), "www.amazon.de")
	if err != nil {
		t.Fatal(err)
	}
	if n := g.Nodes(); len(n) != 1 || n[0].Visits != clients || n[0].Starts != clients {
		t.Errorf("graph nodes %+v, want one node visited %d times", n, clients)
	}
}

// A request in flight when shutdown starts is finished and stored.
func TestGracefulShutdown(t *testing.T) {
	path := filepath.Join(t.TempDir(), "axtree.db")
	entered, release := make(chan struct{}), make(chan struct{})
	var once sync.Once
	now := func() time.Time {
		once.Do(func() { close(entered); <-release })
		return time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	}
	ctx, cancel := context.WithCancel(context.Background())
	addrc := make(chan string, 1)
	done := make(chan error, 1)
	go func() {
		done <- server.ListenAndServe(ctx, server.Options{Addr: "127.0.0.1:0", DB: path, Config: server.Config{Now: now},
			Ready: func(a net.Addr) { addrc <- a.String() }})
	}()
	var base string
	select {
	case a := <-addrc:
		base = "http://" + a
	case err := <-done:
		t.Fatal(err)
	}
	type result struct {
		code int
		m    map[string]any
	}
	res := make(chan result, 1)
	go func() {
		code, m := post(t, http.DefaultClient, base, req{run: "g", ctype: "text/html", body: jobPage(t, "01-empty.html")})
		res <- result{code, m}
	}()
	<-entered
	cancel() // shutdown starts while the post is inside the handler
	time.Sleep(50 * time.Millisecond)
	if _, err := net.DialTimeout("tcp", strings.TrimPrefix(base, "http://"), time.Second); err == nil {
		t.Error("server still accepts connections after shutdown began")
	}
	close(release)
	r := <-res
	if r.code != 200 {
		t.Fatalf("in-flight post: %d %v", r.code, r.m)
	}
	if err := <-done; err != nil {
		t.Fatalf("ListenAndServe: %v", err)
	}
	st, err := openSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if o, err := st.Get(context.Background(), r.m["id"].(string)); err != nil || o.Run != "g" {
		t.Errorf("in-flight observation not stored: %v %+v", err, o)
	}
}
