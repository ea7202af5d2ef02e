package capture

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/axtree/axtree/render"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// probeServer records every request it gets.
type probeServer struct {
	*httptest.Server
	mu   sync.Mutex
	hits []string
}

func newProbe(t *testing.T) *probeServer {
	ps := &probeServer{}
	ps.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ps.mu.Lock()
		ps.hits = append(ps.hits, r.Method+" "+r.URL.String())
		ps.mu.Unlock()
		w.Header().Set("Access-Control-Allow-Origin", "*")
		w.Write([]byte("PROBE-ANSWER"))
	}))
	t.Cleanup(ps.Close)
	return ps
}

func (ps *probeServer) requests() []string {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	return append([]string(nil), ps.hits...)
}

// A saved page captured from a file tries every way to read other local
// files and to send them out; it reaches nothing.
func TestSavedPageReachesNoFile(t *testing.T) {
	p := newPage(t)
	probe := newProbe(t)
	dir := t.TempDir()
	secret := filepath.Join(dir, "secret.txt")
	require.NoError(t, os.WriteFile(secret, []byte("TOPSECRET-42"), 0o600))
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "page_files"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "page_files", "note.txt"), []byte("COMPANION-OK"), 0o644))
	require.NoError(t, os.Symlink(secret, filepath.Join(dir, "page_files", "link.txt")))
	fileURL := "file://" + filepath.ToSlash(secret)
	page := `<!doctype html><title>exfil</title><p id=out>running</p>
<iframe id=f1 src="` + fileURL + `"></iframe>
<img src="` + fileURL + `"><img src="` + probe.URL + `/img">
<iframe src="` + probe.URL + `/frame"></iframe>
<link rel=stylesheet href="` + probe.URL + `/css">
<script>
const out = [];
const report = () => { document.getElementById('out').textContent = 'report: ' + out.join(' | '); };
const tryRead = async (name, url) => {
  try { const r = await fetch(url); out.push(name + '=' + r.status + ':' + (await r.text()).slice(0, 40)); }
  catch (e) { out.push(name + '=blocked'); }
  report();
};
(async () => {
  await tryRead('fetch-file', '` + fileURL + `');
  await tryRead('fetch-rel', '../secret.txt');
  await tryRead('fetch-rel2', '/secret.txt');
  await tryRead('fetch-companion', 'page_files/note.txt');
  await tryRead('fetch-symlink', 'page_files/link.txt');
  await tryRead('fetch-probe', '` + probe.URL + `/fetch');
  try { const x = new XMLHttpRequest(); x.open('GET', '` + fileURL + `', false); x.send(); out.push('xhr-file=' + x.responseText.slice(0, 40)); }
  catch (e) { out.push('xhr-file=blocked'); }
  try { out.push('beacon=' + navigator.sendBeacon('` + probe.URL + `/beacon', 'data')); } catch (e) { out.push('beacon=threw'); }
  try { out.push('frame-read=' + document.getElementById('f1').contentDocument.body.textContent.slice(0, 40)); } catch (e) { out.push('frame-read=blocked'); }
  try { window.open('` + fileURL + `'); window.open('chrome://version'); } catch (e) {}
  try { const ws = new WebSocket('` + strings.Replace(probe.URL, "http", "ws", 1) + `/ws'); } catch (e) {}
  out.push('done');
  report();
})();
</script>`
	name := filepath.Join(dir, "page.html")
	require.NoError(t, os.WriteFile(name, []byte(page), 0o644))

	s, _, err := p.LoadFile(context.Background(), name)
	require.NoError(t, err)
	text := string(s.Result.Text())
	report := lineWith(s, "report:")
	require.Contains(t, report, "done", "the page's probes did not finish:\n%s", text)
	assert.NotContains(t, text, "TOPSECRET", "the page read the secret file")
	assert.NotContains(t, string(s.Raw), "TOPSECRET")
	assert.Contains(t, report, "fetch-companion=200:COMPANION-OK", "the companion folder is served")
	assert.Contains(t, report, "fetch-rel=404")
	assert.Contains(t, report, "fetch-symlink=404", "a symbolic link out of the folder is not followed")
	assert.NotContains(t, report, "PROBE-ANSWER")
	assert.Empty(t, probe.requests(), "the page reached the network")
	for _, w := range s.Warnings {
		assert.NotContains(t, w, "chrome-error", "a failed load is not a refused navigation")
	}

	// Navigate refuses file: and privileged URLs.
	for _, u := range []string{fileURL, "chrome://version", "devtools://devtools/bundled/inspector.html", "view-source:http://example.com/"} {
		_, err := p.Navigate(context.Background(), u)
		assert.ErrorIs(t, err, ErrRefused, u)
	}
}

// AllowFileURLs and Offline are for trusted local tooling: a file: URL
// opens, and the network stays unreached.
func TestTrustedFileOffline(t *testing.T) {
	probe := newProbe(t)
	b := extBrowser(t, Options{AllowFileURLs: true, Offline: true})
	p, err := b.NewPage(context.Background())
	require.NoError(t, err)
	t.Cleanup(p.Close)
	name := filepath.Join(t.TempDir(), "viewer.html")
	require.NoError(t, os.WriteFile(name, []byte(`<!doctype html><title>viewer</title><button>Step</button><img src="`+probe.URL+`/x">
<script>fetch('`+probe.URL+`/y').catch(() => {}); try { new WebSocket('`+strings.Replace(probe.URL, "http", "ws", 1)+`/ws'); } catch (e) {}</script>`), 0o644))
	s := load(t, p, "file://"+filepath.ToSlash(name))
	assert.NotEmpty(t, lineWith(s, "[button]", "Step"))
	assert.Empty(t, probe.requests())
}

// The tampering page tries every attack on the hook it can think of; the
// capture and the click are unchanged, and what can be seen is reported.
const tamperPage = `<!doctype html><title>tamper</title>
<button id=cancel>Cancel order</button>
<button id=buy style="position:absolute;left:400px;top:300px">Buy now</button>
<span id=desync>Desync target</span>
<span id=oncestop>Once stopper</span>
<p id=result>nothing clicked</p>
<p id=hunt>hunting</p>
<p id=reads>reads</p>
<script>
const $ = (id) => document.getElementById(id);
$('cancel').onclick = () => { $('result').textContent = 'clicked: cancel'; };
$('buy').onclick = () => { $('result').textContent = 'clicked: buy'; };
const found = [];
// 1. The old handle, window's symbols and names.
if (window[Symbol.for('axtree.capture.hook')] !== undefined) found.push('old handle');
for (const k of Reflect.ownKeys(window)) if (/axtree|hook/i.test(String(typeof k === 'symbol' ? k.description : k))) found.push(String(k));
for (const k of Object.getOwnPropertyNames(EventTarget.prototype)) if (/axtree/i.test(k)) found.push(k);
$('hunt').textContent = 'hunt: ' + (found.length ? found.join(',') : 'nothing');
// 2. Option getters: count the reads, answer differently the second time.
const reads = [];
let n = 0;
const opts = { get capture() { reads.push('capture'); return n++ === 0; }, get once() { reads.push('once'); return false; },
  get passive() { reads.push('passive'); return undefined; }, get signal() { reads.push('signal'); return undefined; } };
const fn = () => {};
let conv = 0;
$('desync').addEventListener({ toString() { conv++; return 'click'; } }, fn, opts);
reads.push('|');
$('desync').removeEventListener('click', fn, { get capture() { reads.push('capture'); return true; } });
$('reads').textContent = 'reads: ' + reads.join(',') + ' conversions=' + conv;
// 3. A once listener that stops the others.
$('oncestop').addEventListener('click', (e) => { e.stopImmediatePropagation(); }, { once: true });
$('oncestop').click();
// 4. Builtins the collector and the act helper might use.
JSON.stringify = () => '"hacked"';
Object.prototype.toJSON = () => 'hacked';
Array.prototype.push = function () { throw new Error('push is mine'); };
Map.prototype.get = function () { return undefined; };
Map.prototype.set = function () { return this; };
WeakMap.prototype.get = function () { return undefined; };
Object.defineProperty(Object.prototype, 'bubbles', { get() { window.__leak = this; return false; }, configurable: true });
Object.defineProperty(Array.prototype, '4', { set(v) { window.__table = this; }, get() { return $('buy'); }, configurable: true });
// 5. Redirect a click on Cancel to Buy: lie about geometry and hit tests.
const buyRect = $('buy').getBoundingClientRect();
Element.prototype.getBoundingClientRect = function () { return buyRect; };
Document.prototype.elementFromPoint = function () { return $('cancel'); };
Element.prototype.scrollIntoView = function () {};
HTMLElement.prototype.click = function () { $('buy').dispatchEvent(new MouseEvent('click', {bubbles: true})); };
// 6. Replace addEventListener and attachShadow.
EventTarget.prototype.addEventListener = function (t, f, o) { };
Element.prototype.attachShadow = function () { throw new Error('no shadows'); };
</script>`

func TestTamperingPage(t *testing.T) {
	p := newPage(t)
	srv := serve(t, map[string]string{"/": tamperPage})
	s := load(t, p, srv.URL+"/")
	text := string(s.Result.Text())
	assert.NotEmpty(t, lineWith(s, "hunt: nothing"), "the page found the hook:\n%s", text)
	assert.NotEmpty(t, lineWith(s, "reads: capture,once,passive,signal,|,capture conversions=1"),
		"option getters and type conversion not read as native reads them:\n%s", text)
	assert.NotContains(t, lineWith(s, "Desync target"), "click", "the desynchronized listener is still noted")
	assert.NotContains(t, lineWith(s, "Once stopper"), "click", "a once listener that stopped propagation left its note")
	cancel := lineWith(s, "[button]", "Cancel order")
	require.NotEmpty(t, cancel, text)
	joined := strings.Join(s.Warnings, "\n")
	assert.Contains(t, joined, "replaced addEventListener")
	assert.Contains(t, joined, "replaced attachShadow")
	assert.Contains(t, joined, "index properties on Array.prototype")

	require.NoError(t, p.Act(context.Background(), idOf(cancel), Click, ""))
	s2 := recapture(t, p)
	assert.NotEmpty(t, lineWith(s2, "clicked: cancel"), "the click on Cancel order went elsewhere:\n%s", s2.Result.Text())
	// Nothing leaked into the page's globals.
	var leaked []string
	require.NoError(t, p.Eval(context.Background(), `(() => { const s = document.createElement('script'); s.textContent = "document.body.dataset.leak = String(window.__leak !== undefined) + ',' + String(window.__table !== undefined)"; document.body.append(s); const v = document.body.dataset.leak; s.remove(); return v.split(','); })()`, &leaked))
	assert.Equal(t, []string{"false", "false"}, leaked, "a page getter or setter saw the hook's objects")
}

// Act checks where the trusted click landed: an overlay the page slides
// over the button on mouse move takes the click, and Act says so.
func TestActReportsRedirectedClick(t *testing.T) {
	p := newPage(t)
	srv := serve(t, map[string]string{"/": `<!doctype html><title>overlay</title>
<button id=b style="width:200px;height:50px">Cancel order</button>
<div id=o style="display:none;position:fixed;left:0;top:0;width:100vw;height:100vh" onclick="document.getElementById('r').textContent='clicked: overlay'">Buy now</div>
<p id=r>nothing</p>
<script>addEventListener('mousemove', () => { document.getElementById('o').style.display = 'block'; }, true);</script>`})
	s := load(t, p, srv.URL+"/")
	err := p.Act(context.Background(), idOf(lineWith(s, "[button]", "Cancel order")), Click, "")
	require.Error(t, err)
	assert.True(t, errors.Is(err, ErrRedirected), "got %v", err)
}

// Every collector limit that changes the output says so; comments, which
// do not render, are dropped past their budget without losing what follows.
func TestCollectorLimitsAreMarked(t *testing.T) {
	p := newPage(t)
	srv := serve(t, map[string]string{
		"/comments": `<!doctype html><title>c</title><div id=d></div><script>
const f = document.createDocumentFragment();
for (let i = 0; i < 950000; i++) f.appendChild(document.createComment('c'));
const b = document.createElement('button'); b.textContent = 'Pay'; f.appendChild(b);
document.getElementById('d').appendChild(f);
</script>`,
		"/texts": `<!doctype html><title>t</title><div id=d></div><script>
const f = document.createDocumentFragment();
for (let i = 0; i < 950000; i++) f.appendChild(document.createTextNode(''));
const b = document.createElement('button'); b.textContent = 'Pay'; f.appendChild(b);
document.getElementById('d').appendChild(f);
</script>`,
		"/long": `<!doctype html><title>l</title><p id=p></p><script>document.getElementById('p').textContent = 'x'.repeat(2100000);</script>`,
	})
	s := load(t, p, srv.URL+"/comments")
	assert.NotEmpty(t, lineWith(s, "[button]", "Pay"), "the button after 950,000 comments is missing")
	assert.NotContains(t, string(s.Result.Text()), "truncated")
	assert.Contains(t, strings.Join(s.Warnings, "\n"), "comments")

	s = load(t, p, srv.URL+"/texts")
	assert.Empty(t, lineWith(s, "[button]", "Pay"))
	assert.Contains(t, string(s.Result.Text()), "[truncated=capture-nodes]")

	s = load(t, p, srv.URL+"/long")
	assert.Contains(t, string(s.Result.Text()), "[truncated=capture-text]")
}

// A page nested deeper than the parsers keep renders the same from its
// HTML and from a live capture of it: both flatten the deep elements into
// siblings, nothing is lost.
func TestDeepPageLiveMatchesStatic(t *testing.T) {
	page := "<!doctype html><title>deep</title>" + strings.Repeat("<div>", 600) + "<button>Pay</button>" + strings.Repeat("</div>", 600) + "<p>after</p>"
	p := newPage(t)
	srv := serve(t, map[string]string{"/": page})
	s := load(t, p, srv.URL+"/")
	static, err := render.HTMLBytes([]byte(page), render.Options{URL: s.Meta.URL})
	require.NoError(t, err)
	assert.NotEmpty(t, lineWith(s, "[button]", "Pay"), "live:\n%s", s.Result.Text())
	assert.Equal(t, string(static.Text()), string(s.Result.Text()))
}

// A listener added to the page's own element with a same-origin frame's
// addEventListener is seen: the frames of a page share the hook's notes.
func TestListenerThroughFrameRealm(t *testing.T) {
	p := newPage(t)
	srv := serve(t, map[string]string{"/": `<!doctype html><title>b</title><span id=s>Sneaky</span><span id=t>Plain</span><script>
const f = document.createElement('iframe'); document.body.appendChild(f);
f.contentWindow.EventTarget.prototype.addEventListener.call(document.getElementById('s'), 'click', () => {});
</script>`})
	s := load(t, p, srv.URL+"/")
	assert.Contains(t, lineWith(s, "Sneaky"), "click", "%s", s.Result.Text())
	assert.NotContains(t, lineWith(s, "Plain"), "click")
}
