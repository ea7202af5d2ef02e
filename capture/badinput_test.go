package capture

import (
	"context"
	"errors"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"net/http"
	"strings"
	"testing"
	"time"
)

// short gives the page timeouts that keep the bad-input tests quick.
func short(p *Page) {
	p.SetOptions(Options{NavTimeout: 2 * time.Second, Settle: time.Second, Quiet: 100 * time.Millisecond,
		CollectTimeout: 30 * time.Second, ActTimeout: 10 * time.Second})
}

// within fails the test when fn takes longer than max: the adapter promised a
// bound, and a hang would otherwise only show as the test binary's timeout.
func within(t *testing.T, max time.Duration, fn func() error) error {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- fn() }()
	select {
	case err := <-done:
		return err
	case <-time.After(max):
		t.Fatalf("no answer within %v", max)
		return nil
	}
}

func TestUnreachableURL(t *testing.T) {
	p := newPage(t)
	short(p)
	err := within(t, 30*time.Second, func() error {
		_, _, err := p.Load(context.Background(), "http://127.0.0.1:1/")
		return err
	})
	// Chromium refuses port 1 outright (ERR_UNSAFE_PORT); either way the
	// navigation error must name the network error.
	if err == nil || !strings.Contains(err.Error(), "net::ERR_") {
		t.Fatalf("got %v, want a net::ERR_ navigation error", err)
	}
}

func TestDocumentNeverResponds(t *testing.T) {
	p := newPage(t)
	short(p)
	srv := serve(t, nil)
	block := make(chan struct{})
	t.Cleanup(func() { close(block) }) // before srv.Close, which waits for handlers
	srv.Config.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-block:
		case <-r.Context().Done():
		}
	})
	err := within(t, 30*time.Second, func() error {
		_, _, err := p.Load(context.Background(), srv.URL+"/")
		return err
	})
	if !errors.Is(err, ErrTimeout) {
		t.Fatalf("got %v, want ErrTimeout", err)
	}
}

func TestSubresourceNeverLoads(t *testing.T) {
	p := newPage(t)
	short(p)
	srv := serve(t, nil)
	block := make(chan struct{})
	t.Cleanup(func() { close(block) }) // before srv.Close, which waits for handlers
	srv.Config.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/slow.png" {
			select {
			case <-block:
			case <-r.Context().Done():
			}
			return
		}
		w.Header().Set("Content-Type", "text/html")
		w.Write([]byte(`<!doctype html><title>slow</title><button>Still here</button><img src="/slow.png" alt="slow image">`))
	})
	var s *Snapshot
	var warns []string
	err := within(t, 40*time.Second, func() error {
		var err error
		s, warns, err = p.Load(context.Background(), srv.URL+"/")
		return err
	})
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	if len(warns) == 0 {
		t.Errorf("no warning for a load event that never fired")
	}
	if lineWith(s, "[button]", "Still here") == "" {
		t.Fatalf("page content missing:\n%s", s.Result.Text())
	}
}

func TestHostileBuiltins(t *testing.T) {
	p := newPage(t)
	short(p)
	srv := serve(t, map[string]string{"/": `<!doctype html><title>hostile</title>
<button id=b>Pay now</button><label>Card <input id=card value="4111"></label>
<script>
document.getElementById('b').addEventListener('click', () => {});
Array.prototype.push = function () { throw new Error('push is mine'); };
Array.prototype.join = function () { return 'joined!'; };
JSON.stringify = function () { return '"hacked"'; };
Object.keys = function () { throw new Error('keys are mine'); };
Object.prototype.toJSON = function () { return 'hacked'; };
String.prototype.slice = function () { return 'sliced'; };
String.prototype.toLowerCase = function () { return 'LOWER'; };
Map.prototype.get = function () { throw new Error('get is mine'); };
Function.prototype.call = function () { throw new Error('call is mine'); };
Function.prototype.apply = function () { throw new Error('apply is mine'); };
window.getComputedStyle = function () { throw new Error('no styles'); };
Element.prototype.getAttribute = function () { return 'x'; };
</script>`})
	var s *Snapshot
	err := within(t, 40*time.Second, func() error {
		var err error
		s, _, err = p.Load(context.Background(), srv.URL+"/")
		return err
	})
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	if l := lineWith(s, "[button]", "Pay now"); l == "" {
		t.Fatalf("button missing:\n%s", s.Result.Text())
	}
	if l := stateOf(s, lineWith(s, "[textbox]", "Card")); !strings.HasSuffix(l, " [value=4111]") {
		t.Fatalf("live value missing: %q\n%s", l, s.Result.Text())
	}
}

func TestRendererCrash(t *testing.T) {
	p := newPage(t)
	short(p)
	srv := serve(t, map[string]string{"/": `<!doctype html><title>ok</title><p>fine</p>`})
	load(t, p, srv.URL+"/")
	// chrome://crash is refused (a privileged URL): crash the renderer
	// through the protocol instead.
	if _, err := p.Navigate(context.Background(), "chrome://crash"); !errors.Is(err, ErrRefused) {
		t.Fatalf("Navigate chrome://crash: got %v, want ErrRefused", err)
	}
	err := within(t, 30*time.Second, func() error {
		_ = p.do(context.Background(), 5*time.Second, func(c context.Context) error {
			_, err := chromedp.Call(c, page.Crash, cdp.Empty{})
			return err
		})
		_, err := p.Capture(context.Background())
		return err
	})
	if err == nil {
		t.Fatal("no error after crashing the renderer")
	}
	t.Logf("crash error: %v", err)
	err = within(t, 30*time.Second, func() error { _, err := p.Capture(context.Background()); return err })
	t.Logf("capture after the crash: %v", err)
	if !errors.Is(err, ErrCrashed) {
		t.Fatalf("capture of a crashed page: got %v, want ErrCrashed", err)
	}
}

func TestDeepAndWideDOM(t *testing.T) {
	p := newPage(t)
	short(p)
	srv := serve(t, map[string]string{"/": `<!doctype html><title>deep</title><button>Top</button><div style="cursor:pointer"><span>Pointer region</span></div><div id=d></div>
<script>
let n = document.getElementById('d');
for (let i = 0; i < 700; i++) { const c = document.createElement('div'); n.appendChild(c); n = c; }
n.innerHTML = '<button>Bottom</button>';
const w = document.createElement('div');
for (let i = 0; i < 2000; i++) w.setAttribute('data-a' + i, 'v');
w.innerHTML = '<button>Wide</button>';
document.body.appendChild(w);
window.onclick = () => {};
</script>`})
	var s *Snapshot
	err := within(t, 40*time.Second, func() error {
		var err error
		s, _, err = p.Load(context.Background(), srv.URL+"/")
		return err
	})
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	if lineWith(s, "[button]", "Top") == "" || lineWith(s, "[button]", "Wide") == "" {
		t.Fatalf("shallow content lost:\n%s", s.Result.Text())
	}
	// Nesting past the collector's depth limit is flattened, as the HTML
	// parser flattens it: the deep button is kept.
	if lineWith(s, "[button]", "Bottom") == "" {
		t.Errorf("a button 700 levels deep was dropped:\n%s", s.Result.Text())
	}
	// 2,000 attributes exceed the collector's 1,000: the tree says so.
	if !strings.Contains(string(s.Result.Text()), "capture-attrs") {
		t.Errorf("the attribute cut is not reported:\n%s", tail(string(s.Result.Text())))
	}
	// window.onclick is a page-wide delegate: the pointer region's top
	// takes the click, the span inside it does not.
	if l := lineWith(s, "Pointer region", "[id="); !strings.Contains(l, "click") {
		t.Errorf("window.onclick did not reach the pointer start: %q\n%s", l, s.Result.Text())
	}
	if strings.Count(string(s.Raw), `"listeners":"0~`) != 1 {
		t.Errorf("want exactly one element with the delegated click, capture has %d", strings.Count(string(s.Raw), `"listeners":"0~`))
	}
}

// tail returns the last lines of a tree text, for failure messages.
func tail(s string) string {
	if len(s) > 2000 {
		return "…" + s[len(s)-2000:]
	}
	return s
}
