package capture

import (
	"context"
	"errors"
	"strings"
	"testing"
)

const closedShadowPage = `<!doctype html><title>closed</title>
<div id=host></div><p id=status>status: idle</p>
<script>
const root = document.getElementById('host').attachShadow({mode: 'closed'});
root.innerHTML = '<button id=b>Launch</button>';
root.getElementById('b').addEventListener('click', () => {
  document.getElementById('status').textContent = 'status: launched';
});
</script>`

func TestClosedShadowRootButtonClick(t *testing.T) {
	p := newPage(t)
	srv := serve(t, map[string]string{"/": closedShadowPage})
	s := load(t, p, srv.URL+"/")
	line := lineWith(s, "[button]", "Launch")
	if line == "" {
		t.Fatalf("no Launch button from the closed shadow root in:\n%s", s.Result.Text())
	}
	if lineWith(s, "status: idle") == "" {
		t.Fatalf("no initial status in:\n%s", s.Result.Text())
	}
	id := idOf(line)
	if id == 0 {
		t.Fatalf("button line has no id: %q", line)
	}
	if err := p.Act(context.Background(), id, Click, ""); err != nil {
		t.Fatalf("Act click: %v", err)
	}
	s2 := recapture(t, p)
	if lineWith(s2, "status: launched") == "" {
		t.Fatalf("click did not reach the button; tree after:\n%s", s2.Result.Text())
	}
}

func TestSameOriginIframeTyping(t *testing.T) {
	p := newPage(t)
	srv := serve(t, map[string]string{
		"/": `<!doctype html><title>outer</title><h1>Outer</h1><iframe src="/inner" width=400 height=200></iframe>`,
		"/inner": `<!doctype html><title>inner</title><label>City <input id=city></label><p id=echo>echo:</p><div id=tile>Tile</div>
<script>city.addEventListener('input', () => { echo.textContent = 'echo:' + city.value });
tile.addEventListener('click', () => {});</script>`,
	})
	s := load(t, p, srv.URL+"/")
	line := lineWith(s, "[textbox]", "City")
	if line == "" {
		t.Fatalf("no City textbox from the iframe in:\n%s", s.Result.Text())
	}
	// The hook runs in the frame too: the frame's addEventListener was noted.
	if l := lineWith(s, "Tile", "[id="); !strings.Contains(l, "click") {
		t.Errorf("the frame's click listener was not captured: %q\n%s", l, s.Result.Text())
	}
	if err := p.Act(context.Background(), idOf(line), Type, "Berlin"); err != nil {
		t.Fatalf("Act type: %v", err)
	}
	s2 := recapture(t, p)
	if st := stateOf(s2, lineWith(s2, "[textbox]", "City")); !strings.HasSuffix(st, " [value=Berlin]") {
		t.Fatalf("typed value not in the next capture:\n%s", s2.Result.Text())
	}
	if lineWith(s2, "echo:Berlin") == "" {
		t.Fatalf("the frame's input listener did not see the typing:\n%s", s2.Result.Text())
	}
}

// A hand-written React-style app: one root listener on the container, handler
// props on each element under a __reactProps$ key, dispatch on event.target.
const reactStylePage = `<!doctype html><title>react-style</title>
<div id=root></div><p id=out>picked: none</p>
<script>
const K = 'x1y2z3';
const root = document.getElementById('root');
root['__reactContainer$' + K] = {};
for (const name of ['Apples', 'Pears', 'Plums']) {
  const d = document.createElement('div');
  d.className = 'card';
  d.textContent = name;
  d['__reactProps$' + K] = {className: 'card', onClick: () => { document.getElementById('out').textContent = 'picked: ' + name; }};
  root.appendChild(d);
}
const plain = document.createElement('div');
plain.textContent = 'Just text';
plain['__reactProps$' + K] = {children: 'Just text'};
root.appendChild(plain);
for (const type of ['click', 'mousedown', 'keydown']) {
  root.addEventListener(type, (e) => {
    for (let n = e.target; n && n !== root; n = n.parentNode) {
      const props = n['__reactProps$' + K];
      const h = props && props['on' + type[0].toUpperCase() + type.slice(1)];
      if (h) { h(e); return; }
    }
  });
}
</script>`

func TestReactStyleDelegation(t *testing.T) {
	p := newPage(t)
	srv := serve(t, map[string]string{"/": reactStylePage})
	s := load(t, p, srv.URL+"/")
	for _, name := range []string{"Apples", "Pears", "Plums"} {
		line := lineWith(s, name, "[id=")
		if line == "" || !strings.Contains(line, "click") {
			t.Fatalf("card %s has no id and click action (line %q) in:\n%s", name, line, s.Result.Text())
		}
	}
	if l := lineWith(s, "Just text", "[id="); l != "" {
		t.Errorf("a div without handler props got an id: %q", l)
	}
	if err := p.Act(context.Background(), idOf(lineWith(s, "Pears", "[id=")), Click, ""); err != nil {
		t.Fatalf("Act: %v", err)
	}
	if s2 := recapture(t, p); lineWith(s2, "picked: Pears") == "" {
		t.Fatalf("click on Pears not dispatched:\n%s", s2.Result.Text())
	}
}

func TestTypedValueInNextCapture(t *testing.T) {
	p := newPage(t)
	srv := serve(t, map[string]string{"/": `<!doctype html><title>v</title>
<label>Query <input id=q value=initial></label>
<label>Notes <textarea id=n></textarea></label>
<select aria-label=Size><option value=s>Small</option><option value=l>Large</option></select>
<label><input type=checkbox id=c> Agree</label>`})
	s := load(t, p, srv.URL+"/")
	q := lineWith(s, "[textbox]", "Query")
	if st := stateOf(s, q); !strings.HasSuffix(st, " [value=initial]") {
		t.Fatalf("initial value missing: %q\n%s", st, s.Result.Text())
	}
	ctx := context.Background()
	if err := p.Act(ctx, idOf(q), Type, "hello world"); err != nil {
		t.Fatal(err)
	}
	if err := p.Act(ctx, idOf(lineWith(s, "Size")), Select, "Large"); err != nil {
		t.Fatal(err)
	}
	if err := p.Act(ctx, idOf(lineWith(s, "[checkbox]", "Agree")), Click, ""); err != nil {
		t.Fatal(err)
	}
	s2 := recapture(t, p)
	if l := stateOf(s2, lineWith(s2, "[textbox]", "Query")); !strings.HasSuffix(l, ` [value="hello world"]`) {
		t.Errorf("typed value not captured: %q", l)
	}
	if l := stateOf(s2, lineWith(s2, "[combobox]", "Size")); !strings.HasSuffix(l, " [value=Large]") {
		t.Errorf("selected option not captured: %q", l)
	}
	if l := stateOf(s2, lineWith(s2, "[checkbox]", "Agree")); !strings.HasSuffix(l, " [checked]") {
		t.Errorf("checkbox state not captured: %q", l)
	}
	if err := p.Act(ctx, 99999, Click, ""); !errors.Is(err, ErrNoElement) {
		t.Errorf("Act on a missing id: got %v, want ErrNoElement", err)
	}
}

func TestToStringLooksNative(t *testing.T) {
	p := newPage(t)
	srv := serve(t, map[string]string{"/": `<!doctype html><title>tamper</title><p id=r>checking</p>
<script>
const checks = [
  EventTarget.prototype.addEventListener.toString().includes('[native code]'),
  Function.prototype.toString.call(EventTarget.prototype.removeEventListener).includes('[native code]'),
  Element.prototype.attachShadow.toString().includes('[native code]'),
  Function.prototype.toString.toString().includes('[native code]'),
  EventTarget.prototype.addEventListener.name === 'addEventListener',
  EventTarget.prototype.addEventListener.length === 2,
  Object.keys(window).every(k => !k.includes('axtree')),
];
document.getElementById('r').textContent = 'tamper check: ' + (checks.every(Boolean) ? 'clean' : 'detected ' + checks.join(','));
</script>`})
	s := load(t, p, srv.URL+"/")
	if lineWith(s, "tamper check: clean") == "" {
		t.Fatalf("the page saw the hook:\n%s", s.Result.Text())
	}
}

// Framework markers, hand-written as each framework leaves them on elements.
const frameworksPage = `<!doctype html><title>fw</title>
<div id=vue>Vue item</div>
<div id=ng>Angular item</div>
<div id=sv>Svelte item</div>
<ul id=list><li class=item>jQuery row one</li><li class=item>jQuery row two</li><li class=other>Plain row</li></ul>
<div id=prop>Property handler</div>
<div id=gone>Removed handler</div>
<div id=aborted>Aborted handler</div>
<div id=preaborted>Handler with an aborted signal</div>
<div id=live>Handler with a live signal</div>
<div id=once>Once handler that ran</div>
<div id=oncepending>Once handler still waiting</div>
<div id=readded>Once handler removed and added again</div>
<script>
window.__svelte = {v: new Set()};
const $ = (id) => document.getElementById(id);
const fn = () => {};
$('vue')._vei = {onClick: fn};
$('vue').addEventListener('click', fn);
$('ng').__ngContext__ = 7;
$('ng').addEventListener('click', fn);
$('sv').__click = fn;
$('list')['jQuery3710001'] = {events: {click: [{selector: 'li.item', handler: fn}]}, handle: fn};
$('list').addEventListener('click', fn);
$('prop').onclick = fn;
$('gone').addEventListener('click', fn);
$('gone').removeEventListener('click', fn);
const ac = new AbortController();
$('aborted').addEventListener('click', fn, {signal: ac.signal});
ac.abort();
$('preaborted').addEventListener('click', fn, {signal: AbortSignal.abort()});
$('live').addEventListener('click', () => {}, {signal: new AbortController().signal});
$('once').addEventListener('click', fn, {once: true});
$('once').click();
$('oncepending').addEventListener('click', fn, {once: true});
$('readded').addEventListener('click', fn, {once: true});
$('readded').removeEventListener('click', fn);
$('readded').addEventListener('click', fn);
$('readded').click();
</script>`

func TestFrameworkListeners(t *testing.T) {
	p := newPage(t)
	srv := serve(t, map[string]string{"/": frameworksPage})
	s := load(t, p, srv.URL+"/")
	text := string(s.Result.Text())
	for _, name := range []string{"Vue item", "Angular item", "Svelte item", "jQuery row one", "jQuery row two", "Property handler", "Handler with a live signal", "Once handler still waiting", "Once handler removed and added again"} {
		if l := lineWith(s, name, "[id="); !strings.Contains(l, "click") {
			t.Errorf("%s: no click action (line %q)", name, l)
		}
	}
	for _, name := range []string{"Plain row", "Removed handler", "Aborted handler", "Handler with an aborted signal", "Once handler that ran"} {
		if l := lineWith(s, name, "[id="); l != "" {
			t.Errorf("%s: got an id without a listener: %q", name, l)
		}
	}
	// The raw record carries the framework bits: Vue 8 (+native 1), Angular
	// 16 (+1), Svelte 32, jQuery delegate 64, property handler 2.
	raw := string(s.Raw)
	for _, want := range []string{`"listeners":"0~9"`, `"listeners":"0~h"`, `"listeners":"0~w"`, `"selector":"li.item","listeners":"0~1s"`, `"listeners":"0~2"`} {
		if !strings.Contains(raw, want) {
			t.Errorf("capture lacks %s", want)
		}
	}
	if t.Failed() {
		t.Log(text)
	}
}

func TestClickNavigates(t *testing.T) {
	p := newPage(t)
	srv := serve(t, map[string]string{
		"/":     `<!doctype html><title>one</title><a href="/two">Go to two</a>`,
		"/two":  `<!doctype html><title>two</title><h1>Page two</h1><script>setTimeout(() => fetch('/late'), 50)</script>`,
		"/late": `ok`,
	})
	s := load(t, p, srv.URL+"/")
	id := idOf(lineWith(s, "[Go to two]("))
	if err := p.Act(context.Background(), id, Click, ""); err != nil {
		t.Fatalf("Act: %v", err)
	}
	if err := p.Act(context.Background(), id, Click, ""); !errors.Is(err, ErrNoElement) {
		t.Errorf("an id of the page before the navigation: got %v, want ErrNoElement", err)
	}
	s2 := recapture(t, p)
	if lineWith(s2, "[heading]", "Page two") == "" {
		t.Fatalf("after the click:\n%s", s2.Result.Text())
	}
}

// A capture reads the page and marks nothing in it: a MutationObserver of
// the site sees no change from two captures.
func TestCaptureDoesNotMutateThePage(t *testing.T) {
	p := newPage(t)
	srv := serve(t, map[string]string{"/": `<!doctype html><title>m</title>
<button>One</button><div><input aria-label=Two></div><p id=out>mutations: 0</p>
<script>let n = 0;
new MutationObserver(recs => { for (const r of recs) if (r.target.id !== 'out') n++; document.getElementById('out').textContent = 'mutations: ' + n; })
  .observe(document.documentElement, {attributes: true, subtree: true, childList: true, characterData: true});</script>`})
	s := load(t, p, srv.URL+"/")
	if lineWith(s, "[button]", "One") == "" {
		t.Fatalf("no button:\n%s", s.Result.Text())
	}
	s2 := recapture(t, p)
	if lineWith(s2, "mutations: 0") == "" {
		t.Errorf("the page saw the capture:\n%s", s2.Result.Text())
	}
	// acting still finds the elements without any mark on them
	if err := p.Act(context.Background(), idOf(lineWith(s2, "[button]", "One")), Click, ""); err != nil {
		t.Errorf("Act: %v", err)
	}
}
