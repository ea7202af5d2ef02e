package capture

import (
	"context"
	"encoding/json"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/axtree/axtree/wire"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// extBrowser starts a browser of its own with extensions (the shared one
// has none), closed at the end of the test.
func extBrowser(t *testing.T, opts Options) *Browser {
	t.Helper()
	browser(t) // skips without Chromium
	opts.NavTimeout, opts.Settle, opts.Quiet = 10*time.Second, 2*time.Second, 150*time.Millisecond
	opts.CollectTimeout, opts.ActTimeout, opts.CallTimeout = 60*time.Second, 20*time.Second, 30*time.Second
	b, err := Start(context.Background(), opts)
	require.NoError(t, err)
	t.Cleanup(func() { b.Close() })
	return b
}

// The extension's page functions are callable from Go, its requests reach
// a Go handler that may capture and act while the page side awaits, and
// the page itself reaches none of it.
const testExtension = `function (api) {
  var N = api.natives, log = [];
  api.register('add', function (a) { return {sum: a.x + a.y, top: api.top}; });
  api.register('later', function (a) {
    return new N.Promise(function (res) { setTimeout(function () { res(a.v * 2); }, 10); });
  });
  api.register('fail', function () { throw new Error('nope'); });
  api.register('ask', function (a) {
    return api.send('question', {q: a.q}).then(function (v) { log[log.length] = v.answer; return v; });
  });
  api.register('askcb', function (a) {
    return new N.Promise(function (res) {
      api.send('question', {q: a.q}, function (err, v) { res(err ? 'error: ' + err.message : v.answer); });
    });
  });
  api.register('log', function () { return log; });
  api.register('snap', function () {
    var r = api.snapshot(), b = N.apply(N.querySelector, document, ['#b']);
    return {raw: r[0], id: r[1](b)};
  });
  api.register('spin', function () { console.error('spinning'); for (;;) {} });
  api.register('tag', function (a) { var el = api.element(a.k); return el ? N.apply(N.localName, el, []) : null; });
}`

func TestExtensionChannel(t *testing.T) {
	b := extBrowser(t, Options{Extensions: []string{testExtension}})
	p, err := b.NewPage(context.Background())
	require.NoError(t, err)
	t.Cleanup(p.Close)
	srv := serve(t, map[string]string{"/": `<!doctype html><title>ext</title><button id=b>Go</button><p id=out>none</p>
<script>
// The page hunts for the hook and the extension.
const found = [];
for (const k of Reflect.ownKeys(window)) { if (String(typeof k === 'symbol' ? k.description : k).includes('axtree')) found.push(String(k)); }
for (const s of Object.getOwnPropertySymbols(window)) found.push(String(s));
document.getElementById('out').textContent = 'found: ' + (found.length ? found.join(' ') : 'nothing');
</script>`})
	s := load(t, p, srv.URL+"/")
	assert.NotEmpty(t, lineWith(s, "found: nothing"), "the page found something of the hook:\n%s", s.Result.Text())

	ctx := context.Background()
	var sum struct {
		Sum int
		Top bool
	}
	require.NoError(t, p.Call(ctx, "", "add", map[string]int{"x": 2, "y": 40}, &sum))
	assert.Equal(t, 42, sum.Sum)
	assert.True(t, sum.Top)

	var v int
	require.NoError(t, p.Call(ctx, "", "later", map[string]int{"v": 21}, &v))
	assert.Equal(t, 42, v)

	err = p.Call(ctx, "", "fail", nil, nil)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "nope")
	err = p.Call(ctx, "", "missing", nil, nil)
	require.Error(t, err)

	// Page -> Go: the handler captures and clicks while the page awaits.
	var mu sync.Mutex
	var seen []string
	p.Handle("question", func(hctx context.Context, payload json.RawMessage) (any, error) {
		var q struct{ Q string }
		if err := json.Unmarshal(payload, &q); err != nil {
			return nil, err
		}
		snap, err := p.Capture(hctx)
		if err != nil {
			return nil, err
		}
		if err := p.Act(hctx, idOf(lineWith(snap, "[button]", "Go")), Click, ""); err != nil {
			return nil, err
		}
		mu.Lock()
		seen = append(seen, q.Q)
		mu.Unlock()
		if q.Q == "bad" {
			return nil, errors.New("bad question")
		}
		return map[string]string{"answer": "yes to " + q.Q}, nil
	})
	var ans struct{ Answer string }
	require.NoError(t, p.Call(ctx, "", "ask", map[string]string{"q": "life"}, &ans))
	assert.Equal(t, "yes to life", ans.Answer)
	var cb string
	require.NoError(t, p.Call(ctx, "", "askcb", map[string]string{"q": "bad"}, &cb))
	assert.Equal(t, "error: bad question", cb)
	var log []string
	require.NoError(t, p.Call(ctx, "", "log", nil, &log))
	assert.Equal(t, []string{"yes to life"}, log)
	mu.Lock()
	assert.Equal(t, []string{"life", "bad"}, seen)
	mu.Unlock()

	// Element lookup by capture id.
	snap := recapture(t, p)
	var tag string
	require.NoError(t, p.Call(ctx, "", "tag", map[string]int{"k": snap.CaptureID(idOf(lineWith(snap, "[button]", "Go")))}, &tag))
	assert.Equal(t, "button", tag)

	// A private snapshot numbers its own table: Go's ids stay valid.
	var ps struct {
		Raw string
		ID  int
	}
	require.NoError(t, p.Call(ctx, "", "snap", nil, &ps))
	priv, err := Decode([]byte(ps.Raw), wire.Limits{})
	require.NoError(t, err)
	assert.Equal(t, ps.ID, priv.CaptureID(idOf(lineWith(priv, "[button]", "Go"))))
	require.NoError(t, p.Act(ctx, idOf(lineWith(snap, "[button]", "Go")), Click, ""), "Go's ids survive a private snapshot")

	// A runaway page function is stopped by Terminate.
	spun := make(chan error, 1)
	go func() { spun <- p.Call(ctx, "", "spin", nil, nil) }()
	require.Eventually(t, func() bool {
		for _, e := range p.ConsoleErrors() {
			if e == "spinning" {
				return true
			}
		}
		return false
	}, 30*time.Second, 20*time.Millisecond, "the loop did not start")
	require.NoError(t, p.Terminate(ctx))
	select {
	case err := <-spun:
		assert.Error(t, err)
	case <-time.After(30 * time.Second):
		t.Fatal("Terminate did not stop the call")
	}
	require.NoError(t, p.Call(ctx, "", "add", map[string]int{"x": 1, "y": 1}, &sum), "the page works after Terminate")

	// Trusted tooling: an isolated world sees the DOM, not the page's globals.
	var got []string
	require.NoError(t, p.Eval(ctx, `[document.title, typeof found]`, &got))
	assert.Equal(t, []string{"ext", "undefined"}, got)
	png, err := p.Screenshot(ctx)
	require.NoError(t, err)
	assert.Equal(t, "\x89PNG", string(png[:4]))
}

// Concurrent captures, calls and acts on one page are safe (go test -race).
func TestPageConcurrentUse(t *testing.T) {
	b := extBrowser(t, Options{Extensions: []string{testExtension}})
	p, err := b.NewPage(context.Background())
	require.NoError(t, err)
	t.Cleanup(p.Close)
	srv := serve(t, map[string]string{"/": `<!doctype html><title>c</title><button onclick="this.textContent='Clicked'">Go</button>`})
	load(t, p, srv.URL+"/")
	var wg sync.WaitGroup
	errs := make(chan error, 30)
	for i := 0; i < 10; i++ {
		wg.Add(3)
		go func() { defer wg.Done(); _, err := p.Capture(context.Background()); errs <- err }()
		go func() {
			defer wg.Done()
			var s struct{ Sum int }
			errs <- p.Call(context.Background(), "", "add", map[string]int{"x": 1, "y": 1}, &s)
		}()
		go func() { defer wg.Done(); _ = p.ConsoleErrors(); _ = p.Last(); errs <- nil }()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		assert.NoError(t, err)
	}
}
