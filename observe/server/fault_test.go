package server_test

import (
	"bufio"
	"context"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/axtree/axtree/observe"
)

// child runs this test binary as an axtreed process (see TestMain) on db
// and returns it with its base URL.
func child(t *testing.T, db string) (*exec.Cmd, string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "AXTREED_TEST_CHILD=1", "AXTREED_TEST_DB="+db)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if a, ok := strings.CutPrefix(sc.Text(), "ADDR "); ok {
				addr <- a
			}
		}
	}()
	select {
	case a := <-addr:
		return cmd, "http://" + a
	case <-time.After(60 * time.Second):
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("child did not start: %s", stderr.String())
	}
	return nil, ""
}

type ack struct {
	run string
	seq int
	id  string
}

// TestKillDuringWrites SIGKILLs the server in a burst of writes: the
// database must open again, hold no half-written observation, and keep
// every write that was acknowledged.
func TestKillDuringWrites(t *testing.T) {
	if testing.Short() {
		t.Skip("starts child processes")
	}
	db := filepath.Join(t.TempDir(), "axtree.db")
	cmd, base := child(t, db)
	c := &http.Client{Timeout: 30 * time.Second}

	const writers, perWriter, killAfter = 4, 300, 120
	var mu sync.Mutex
	var acks []ack
	enough := make(chan struct{})
	var once sync.Once
	var wg sync.WaitGroup
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			run := fmt.Sprintf("w%d", w)
			for i := range perWriter {
				page := fmt.Sprintf(`<title>w%d</title><h1>Step %d</h1><button>Next %d</button><a href="/p/%d">Page %d</a>`, w, i, i, i, i)
				hr, _ := http.NewRequest("POST", base+"/v1/observations", strings.NewReader(page))
				hr.Header.Set("Content-Type", "text/html")
				hr.Header.Set("X-Axtree-Run", run)
				hr.Header.Set("X-Axtree-URL", "https://burst.example.test/")
				resp, err := c.Do(hr)
				if err != nil {
					return // the server is gone
				}
				var m struct {
					ID  string `json:"id"`
					Seq int    `json:"seq"`
				}
				code := resp.StatusCode
				err = jsonDecode(resp, &m)
				if code != 200 || err != nil {
					return // killed mid-response
				}
				mu.Lock()
				acks = append(acks, ack{run, m.Seq, m.ID})
				if len(acks) >= killAfter {
					once.Do(func() { close(enough) })
				}
				mu.Unlock()
			}
		}()
	}
	select {
	case <-enough:
	case <-time.After(2 * time.Minute):
		t.Fatal("too few acknowledged writes")
	}
	if err := cmd.Process.Kill(); err != nil { // SIGKILL
		t.Fatal(err)
	}
	cmd.Wait()
	wg.Wait()
	mu.Lock()
	got := append([]ack(nil), acks...)
	mu.Unlock()
	t.Logf("%d writes acknowledged before SIGKILL", len(got))

	st, err := openSQLite(db)
	if err != nil {
		t.Fatalf("database does not open after SIGKILL: %v", err)
	}
	ctx := context.Background()
	if err := st.Verify(ctx); err != nil {
		t.Errorf("after SIGKILL: %v", err)
	}
	runs := map[string][]*observe.Observation{}
	for w := range writers {
		run := fmt.Sprintf("w%d", w)
		runs[run], _ = st.Run(ctx, run)
		for i, s := range runs[run] {
			if s.Seq != i {
				t.Errorf("run %s: step %d has seq %d", run, i, s.Seq)
			}
		}
	}
	for _, a := range got {
		steps := runs[a.run]
		if a.seq >= len(steps) || steps[a.seq].ID != a.id {
			t.Errorf("acknowledged write %s/%d %s is missing", a.run, a.seq, a.id)
		}
		if _, err := st.Get(ctx, a.id); err != nil {
			t.Errorf("acknowledged observation %s: %v", a.id, err)
		}
	}
	st.Close()

	// Restart: the server serves the same file and continues the runs;
	// SIGTERM stops it cleanly.
	cmd, base = child(t, db)
	code, m := post(t, c, base, req{run: "w0", ctype: "text/html", body: []byte("<button>after restart</button>")})
	if code != 200 || int(m["seq"].(float64)) != len(runs["w0"]) {
		t.Errorf("post after restart: %d %v (run w0 had %d steps)", code, m, len(runs["w0"]))
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("SIGTERM exit: %v", err)
		}
	case <-time.After(60 * time.Second):
		cmd.Process.Kill()
		t.Error("server did not stop on SIGTERM")
	}
}
