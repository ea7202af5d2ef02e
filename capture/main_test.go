package capture

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/axtree/axtree/serialize"
)

// One browser for the whole package, started on first use.
var (
	sharedBrowser *Browser
	sharedErr     error
	sharedOnce    sync.Once
)

func TestMain(m *testing.M) {
	code := m.Run()
	if sharedBrowser != nil {
		sharedBrowser.Close()
	}
	os.Exit(code)
}

// browser returns the shared browser. Without Chromium the test is skipped,
// unless CI=true, where it fails.
func browser(t testing.TB) *Browser {
	t.Helper()
	if FindChromium() == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("Chromium is required on CI (apt-get install -y chromium) but was not found")
		}
		t.Skip("Chromium not found (set AXTREE_CHROMIUM or install chromium); skipping live capture tests")
	}
	sharedOnce.Do(func() {
		sharedBrowser, sharedErr = Start(context.Background(), Options{
			NavTimeout: 10 * time.Second, Settle: 2 * time.Second, Quiet: 150 * time.Millisecond,
			CollectTimeout: 60 * time.Second, ActTimeout: 20 * time.Second,
		})
	})
	if sharedErr != nil {
		t.Fatalf("start Chromium: %v", sharedErr)
	}
	return sharedBrowser
}

// newPage opens a tab on the shared browser, closed at the end of the test.
func newPage(t testing.TB) *Page {
	t.Helper()
	b := browser(t)
	p, err := b.NewPage(context.Background())
	if err != nil {
		t.Fatalf("NewPage: %v", err)
	}
	t.Cleanup(p.Close)
	return p
}

// serve starts a server on 127.0.0.1 with the given pages (path -> HTML).
func serve(t testing.TB, pages map[string]string) *httptest.Server {
	t.Helper()
	mux := http.NewServeMux()
	for path, body := range pages {
		mux.HandleFunc(path, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprint(w, body)
		})
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &httptest.Server{Listener: ln, Config: &http.Server{Handler: mux}}
	s.Start()
	t.Cleanup(s.Close)
	return s
}

// load navigates and captures, failing the test on error.
func load(t testing.TB, p *Page, url string) *Snapshot {
	t.Helper()
	s, _, err := p.Load(context.Background(), url)
	if err != nil {
		t.Fatalf("Load %s: %v", url, err)
	}
	return s
}

// recapture captures the page again.
func recapture(t testing.TB, p *Page) *Snapshot {
	t.Helper()
	s, err := p.Capture(context.Background())
	if err != nil {
		t.Fatalf("Capture: %v", err)
	}
	return s
}

// stateOf returns the state-record line ("[id=N] [value=…]") of the element
// on line, or "" when it has none.
func stateOf(s *Snapshot, line string) string {
	if line == "" {
		return ""
	}
	prefix := fmt.Sprintf("[id=%d] [", idOf(line))
	for _, l := range strings.Split(string(s.Result.Text()), "\n") {
		if strings.HasPrefix(l, prefix) {
			return l
		}
	}
	return ""
}

// lineWith returns the first tree line containing all parts, or "": the
// piece of one node (a line of an inline run holds several), or a line of
// the state record.
func lineWith(s *Snapshot, parts ...string) string {
	text := string(s.Result.Text())
	lines := strings.Split(text, "\n")
	if _, pieces, err := serialize.ParsePieces(text); err == nil && len(pieces) > 0 {
		rest := lines[pieces[len(pieces)-1].Line:]
		lines = nil
		for _, pc := range pieces {
			lines = append(lines, text[pc.Start:pc.End])
		}
		lines = append(lines, rest...)
	}
	for _, l := range lines {
		ok := true
		for _, p := range parts {
			if !strings.Contains(l, p) {
				ok = false
				break
			}
		}
		if ok {
			return l
		}
	}
	return ""
}

// idOf returns the first id printed on line ("[id=12]", a link's
// "[name](12)"), or 0.
func idOf(line string) int {
	ids, err := serialize.LineIDs(line)
	if err != nil || len(ids) == 0 {
		return 0
	}
	return ids[0]
}
