package server_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/observe"
	"github.com/axtree/axtree/observe/postgres"
	"github.com/axtree/axtree/observe/server"
	"github.com/axtree/axtree/observe/storetest"
)

// pgSchemaDSN makes a fresh schema in the test database and returns a DSN
// that uses it; the schema is dropped in t's cleanup.
func pgSchemaDSN(t *testing.T) string {
	t.Helper()
	st, schema := storetest.Postgres(t) // creates and migrates the schema
	st.Close()
	dsn := storetest.PostgresDSN(t)
	u, err := url.Parse(dsn)
	require.NoError(t, err)
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

// loadPost is one post of the load: a distinct page into a run.
type loadPost struct {
	run  string
	n    int // page number within the test, unique
	body string
}

func loadPosts(runs, perRun, shared int) []loadPost {
	var out []loadPost
	n := 0
	for range perRun {
		for r := range runs {
			out = append(out, loadPost{run: fmt.Sprintf("run%02d", r), n: n})
			n++
		}
	}
	for range shared {
		out = append(out, loadPost{run: "shared", n: n})
		n++
	}
	for i := range out {
		p := &out[i]
		p.body = fmt.Sprintf(`<title>Page %d</title><nav><a href="/">Home</a><a href="/cart">Cart</a></nav><h1>Item %d</h1><p>%s</p><button>Buy %d</button><input aria-label="Quantity">`,
			p.n, p.n, strings.Repeat("word ", p.n%7), p.n)
	}
	return out
}

type loadResult struct {
	codes map[int]int         // status counts (-1: no answer)
	by    []map[int]int       // the same per server
	acked map[string][]string // run -> ids acknowledged (any order)
	state map[string]int      // state id -> page number
}

// burst posts every post from clients goroutines, spread round-robin over
// bases; a client whose server went away keeps going with the next post
// (its error counted as code -1). onAck, when set, is called (under the
// burst's lock) with the server index of each acknowledged post.
func burst(t *testing.T, bases []string, clients int, posts []loadPost, onAck func(int)) loadResult {
	res := loadResult{codes: map[int]int{}, acked: map[string][]string{}, state: map[string]int{}}
	for range bases {
		res.by = append(res.by, map[int]int{})
	}
	var mu sync.Mutex
	jobs := make(chan loadPost)
	var wg sync.WaitGroup
	for c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			base := bases[c%len(bases)]
			hc := &http.Client{Timeout: 2 * time.Minute}
			for p := range jobs {
				hr, _ := http.NewRequest("POST", base+"/v1/observations", strings.NewReader(p.body))
				hr.Header.Set("Content-Type", "text/html")
				hr.Header.Set("X-Axtree-Run", p.run)
				hr.Header.Set("X-Axtree-URL", "https://load.example/"+p.run)
				hr.Header.Set("X-Axtree-Action", `{"action":"navigate","value":"https://load.example/`+p.run+`"}`)
				code := -1
				var m struct{ ID, State string }
				if resp, err := hc.Do(hr); err == nil {
					if err := jsonDecode(resp, &m); err == nil {
						code = resp.StatusCode
					}
				}
				mu.Lock()
				res.codes[code]++
				res.by[c%len(bases)][code]++
				if code == 200 {
					res.acked[p.run] = append(res.acked[p.run], m.ID)
					res.state[m.State] = p.n
					if onAck != nil {
						onAck(c % len(bases))
					}
				}
				mu.Unlock()
			}
		}()
	}
	for _, p := range posts {
		jobs <- p
	}
	close(jobs)
	wg.Wait()
	return res
}

// runOf fetches a run's steps from base.
func runOf(t *testing.T, base, run string) []*observe.Observation {
	t.Helper()
	resp, err := http.Get(base + "/v1/runs/" + run)
	require.NoError(t, err)
	var m struct{ Steps []*observe.Observation }
	require.NoError(t, jsonDecode(resp, &m))
	return m.Steps
}

func graphOf(t *testing.T, base string) string {
	t.Helper()
	code, b := get(t, base+"/v1/graph")
	require.Equal(t, 200, code)
	return string(b)
}

func linear(t *testing.T, run string, steps []*observe.Observation) {
	t.Helper()
	for i, s := range steps {
		require.Equal(t, i, s.Seq, "run %s: step %d (gap or repeat)", run, i)
		want := ""
		if i > 0 {
			want = steps[i-1].ID
		}
		require.Equal(t, want, s.Previous, "run %s: step %d does not follow the step before it", run, i)
	}
}

// TestTwoServersOnePostgres is issue 16's acceptance test: two axtreed
// processes on one PostgreSQL database, many concurrent clients spread
// over both, distinct pages into 20 runs and into one shared run. Every
// answer is 200, every run's chain is linear, and the merged graph equals
// the graph of the same posts, in the order the store took them, through
// one server on a fresh store. CI runs it at full size (200 clients,
// 2,000 + 500 posts; about 11 s of burst on the 2-core machine) in its
// plain run, and at the -short size (40 clients, 200 + 100 posts) under
// -race.
func TestTwoServersOnePostgres(t *testing.T) {
	dsn := pgSchemaDSN(t)
	clients, perRun, shared := 200, 100, 500
	if testing.Short() || raceEnabled {
		clients, perRun, shared = 40, 10, 100
	}
	const runs = 20
	a, baseA := child(t, dsn)
	b, baseB := child(t, dsn)
	defer stopChild(t, a)
	defer stopChild(t, b)

	posts := loadPosts(runs, perRun, shared)
	t0 := time.Now()
	res := burst(t, []string{baseA, baseB}, clients, posts, nil)
	t.Logf("%d posts from %d clients over two servers in %v: %v", len(posts), clients, time.Since(t0).Round(time.Millisecond), res.codes)
	require.Equal(t, map[int]int{200: len(posts)}, res.codes, "every answer must be 200")

	runNames := []string{"shared"}
	for r := range runs {
		runNames = append(runNames, fmt.Sprintf("run%02d", r))
	}
	chains := map[string][]*observe.Observation{}
	for _, run := range runNames {
		steps := runOf(t, baseA, run)
		assert.Len(t, steps, len(res.acked[run]), "run %s", run)
		linear(t, run, steps)
		assert.ElementsMatch(t, res.acked[run], idsOf(steps), "run %s: acknowledged ids differ from the stored ones", run)
		chains[run] = steps
	}
	merged := graphOf(t, baseB)
	assert.Equal(t, graphOf(t, baseA), merged, "the two servers serve different graphs")

	// The same posts, in the order the store took them, through one
	// server on a fresh SQLite store.
	one, _ := start(t, filepath.Join(t.TempDir(), "one.db"), server.Config{})
	byN := map[int]loadPost{}
	for _, p := range posts {
		byN[p.n] = p
	}
	for _, run := range runNames {
		for _, s := range chains[run] {
			p := byN[res.state[s.State]]
			code, m := post(t, http.DefaultClient, one.URL, req{run: run, ctype: "text/html", url: "https://load.example/" + run,
				action: `{"action":"navigate","value":"https://load.example/` + run + `"}`, body: []byte(p.body)})
			require.Equal(t, 200, code, "%v", m)
		}
	}
	assert.Equal(t, graphOf(t, one.URL), merged, "two servers on PostgreSQL and one on SQLite made different graphs of the same posts")
}

func idsOf(steps []*observe.Observation) []string {
	var out []string
	for _, s := range steps {
		out = append(out, s.ID)
	}
	return out
}

// TestKillOneOfTwoServers SIGKILLs one of two servers on one PostgreSQL
// database during a burst: the other one answers every one of its
// clients, every acknowledged write is stored, and the store verifies
// (nothing half-written).
func TestKillOneOfTwoServers(t *testing.T) {
	dsn := pgSchemaDSN(t)
	clients, perRun, shared := 40, 30, 300
	if testing.Short() || raceEnabled {
		clients, perRun, shared = 16, 10, 60
	}
	a, baseA := child(t, dsn)
	b, baseB := child(t, dsn)
	defer stopChild(t, b)
	ackedByA := 0
	var killedAt time.Time
	onAck := func(server int) {
		if server == 0 {
			ackedByA++
			if ackedByA == 50 {
				a.Process.Kill() // SIGKILL mid-burst
				killedAt = time.Now()
			}
		}
	}
	res := burst(t, []string{baseA, baseB}, clients, loadPosts(10, perRun, shared), onAck)
	killed := !killedAt.IsZero()
	if !killed {
		a.Process.Kill()
	}
	a.Wait()
	require.True(t, killed, "the burst ended before the kill: %v", res.by)
	t.Logf("killed server: %v; surviving server: %v", res.by[0], res.by[1])
	assert.Len(t, res.by[1], 1, "the surviving server failed requests: %v", res.by[1])
	assert.Positive(t, res.by[1][200])
	assert.Positive(t, res.by[0][-1], "no request to the killed server failed: was it killed mid-burst?")

	st, err := postgres.Open(context.Background(), dsn, postgres.Options{})
	require.NoError(t, err)
	defer st.Close()
	require.NoError(t, st.Verify(context.Background()), "half-written data after SIGKILL")
	{
		for run, ids := range res.acked {
			steps, err := st.Run(context.Background(), run)
			require.NoError(t, err)
			linear(t, run, steps)
			stored := map[string]bool{}
			for _, s := range steps {
				stored[s.ID] = true
			}
			for _, id := range ids {
				assert.True(t, stored[id], "acknowledged write %s of run %s is missing", id, run)
			}
		}
	}
}

// stopChild stops a child server with SIGTERM and waits for it (SIGKILL
// after a minute).
func stopChild(t *testing.T, c *exec.Cmd) {
	t.Helper()
	c.Process.Signal(syscall.SIGTERM)
	done := make(chan error, 1)
	go func() { done <- c.Wait() }()
	select {
	case err := <-done:
		assert.NoError(t, err, "server exit after SIGTERM")
	case <-time.After(time.Minute):
		c.Process.Kill()
		<-done
		t.Error("server did not stop on SIGTERM")
	}
}
