// Package capture takes live captures from a real browser (Chromium, over
// the DevTools protocol with chromedp) and acts on the page by tree id.
//
// # The hook and the collector
//
// Static HTML cannot show a React onClick, a closed shadow root or a value
// typed a second ago. Script (hook.js, with collect.js inside it) is installed
// with Page.addScriptToEvaluateOnNewDocument, so it runs at document start in
// the main world of every frame before any site script. It wraps
// addEventListener/removeEventListener, the on* handler setters and
// attachShadow, passing every call through to the native function and keeping
// notes in closures. At capture time the collector walks the document, open
// and closed shadow roots and same-origin frames, reads the live facts and
// returns the capture document (axtree/CAPTURE.md, version 1), which wire
// decodes and render renders exactly as it renders static HTML.
//
// The event-name table the script uses is injected from listeners (the name
// of id i is listeners.EventName(i)) when Script builds the source, so the
// JavaScript and the Go table cannot drift.
//
// # Listener sources
//
// Native addEventListener is bit 1, on* properties and attributes bit 2;
// React props found on elements (__reactProps$…, __reactEventHandlers$…)
// give bit 4 on the element itself and the React root container's own
// listeners are not reported; Vue 3 invokers (_vei) 8; Angular elements
// (__ngContext__) add 16 to their native listeners; Svelte 5 delegated
// handlers (el.__click, when window.__svelte exists) 32; jQuery handlers (its
// expando data) 64, with delegated jQuery handlers written as a selector
// delegate entry on the container. Click-like listeners (click, dblclick,
// auxclick, mouse/pointer down/up, touchstart/end) on window, document,
// <html>, <body> or a shadow root become a selector-less delegate entry on
// <html> (or the shadow host), which the decoder resolves onto the
// interactive-looking descendants (CAPTURE.md, Delegation).
//
// # Ids: tree id → element
//
// The tree's ids are assigned by the Go builder (dense, in output order), so
// they are not the collector's. The collector numbers every element it
// captures in pre-order (1, 2, ...; reset on every capture), keeps the
// numbering in the page (an array in the hook's closure, capture id →
// element) and writes it as a data-axid attribute into the capture only:
// the live elements are not marked, so no MutationObserver or attribute
// selector of the site notices a capture. The renderer never prints it. To
// act on tree id N, Act takes the element the tree bound to N
// (Snapshot.Tree.Node(N), an *html.Node decoded from the capture), reads
// its data-axid K and resolves K in the page through the hook's array
// (which reaches closed shadow roots and frames). Ids are valid until the
// next capture of the page; an element the page has since removed is an
// ErrNoElement.
//
// # Settling
//
// Navigate sends Page.navigate (an error when the main document does not
// commit within NavTimeout), waits for the load event (up to NavTimeout;
// past it the page is captured as it is and Snapshot.Warnings says so), then
// waits for a quiet window: no network request in flight for Quiet, capped
// at Settle. A renderer crash (Inspector.targetCrashed) ends every pending
// operation of the page with ErrCrashed; every protocol call runs under a
// timeout, so nothing waits forever.
package capture

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/inspector"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/remote"

	"github.com/axtree/axtree/dom"
	"github.com/axtree/axtree/listeners"
	"github.com/axtree/axtree/render"
	"github.com/axtree/axtree/wire"
)

//go:embed hook.js
var hookJS string

//go:embed collect.js
var collectJS string

//go:embed act.js
var actJS string

// HookKey is the Symbol.for key of the hook's handle on window.
const HookKey = "axtree.capture.hook"

// hookExpr evaluates to the hook's handle in the page.
const hookExpr = "window[Symbol.for('" + HookKey + "')]"

// script is the hook source with the event table and the collector in
// place; built once, read-only.
var script = func() string {
	names := make([]string, listeners.NumEvents())
	for i := range names {
		names[i], _ = listeners.EventName(i)
	}
	table, _ := json.Marshal(names)
	s := strings.Replace(hookJS, "__AXTREE_EVENTS__", string(table), 1)
	return strings.Replace(s, "__AXTREE_COLLECT__", strings.TrimSpace(collectJS), 1)
}()

// Script returns the JavaScript source installed at document start: the
// hook with the event table of package listeners and the collector inside.
func Script() string { return script }

// Errors the adapter returns (wrapped, with details).
var (
	// ErrCrashed: the page's renderer crashed; open a new Page.
	ErrCrashed = errors.New("the page's renderer crashed")
	// ErrNoBrowser: no Chromium executable was found.
	ErrNoBrowser = errors.New("capture: no Chromium executable found")
	// ErrTimeout: an operation ran out of time.
	ErrTimeout = errors.New("timed out")
	// ErrNoElement: the id is not in the latest snapshot, or its element is gone.
	ErrNoElement = errors.New("no such element")
)

// Options configure a Browser. The zero value gives the defaults.
type Options struct {
	// ExecPath is the Chromium executable; "" finds one (FindChromium).
	ExecPath string
	// RemoteURL attaches to a running browser at this DevTools websocket (or
	// http://host:port) URL instead of starting one.
	RemoteURL string
	// NavTimeout bounds the navigation and the wait for the load event;
	// default 20s.
	NavTimeout time.Duration
	// Quiet is the network-idle window the page must show after load;
	// default 500ms.
	Quiet time.Duration
	// Settle caps the wait for the quiet window; default 3s.
	Settle time.Duration
	// CollectTimeout bounds one capture (collect + transfer); default 15s.
	CollectTimeout time.Duration
	// ActTimeout bounds one action; default 10s.
	ActTimeout time.Duration
	// Width and Height are the viewport size; default 1280x800.
	Width, Height int
	// Limits bound the decoder (wire.Limits zero fields take defaults).
	Limits wire.Limits
}

func (o Options) withDefaults() Options {
	def := func(d *time.Duration, v time.Duration) {
		if *d <= 0 {
			*d = v
		}
	}
	def(&o.NavTimeout, 20*time.Second)
	def(&o.Quiet, 500*time.Millisecond)
	def(&o.Settle, 3*time.Second)
	def(&o.CollectTimeout, 15*time.Second)
	def(&o.ActTimeout, 10*time.Second)
	if o.Width <= 0 {
		o.Width = 1280
	}
	if o.Height <= 0 {
		o.Height = 800
	}
	return o
}

// FindChromium returns the path of a Chromium executable: $AXTREE_CHROMIUM,
// /usr/bin/chromium, or chromium, chromium-browser, google-chrome,
// google-chrome-stable on PATH; "" when none is found.
func FindChromium() string {
	if p := os.Getenv("AXTREE_CHROMIUM"); p != "" {
		return p
	}
	if _, err := os.Stat("/usr/bin/chromium"); err == nil {
		return "/usr/bin/chromium"
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// Browser is a running (or attached) Chromium.
type Browser struct {
	opts    Options
	ctx     context.Context // chromedp browser context
	cancel  func()
	dataDir string
}

// Start launches Chromium headless with a fresh profile (or attaches to
// opts.RemoteURL). Close it when done.
func Start(ctx context.Context, opts Options) (*Browser, error) {
	opts = opts.withDefaults()
	b := &Browser{opts: opts}
	var allocCtx context.Context
	var allocCancel context.CancelFunc
	if opts.RemoteURL != "" {
		allocCtx, allocCancel = remote.NewAllocator(ctx, opts.RemoteURL)
	} else {
		path := opts.ExecPath
		if path == "" {
			path = FindChromium()
		}
		if path == "" {
			return nil, ErrNoBrowser
		}
		dir, err := os.MkdirTemp("", "axtree-chromium-")
		if err != nil {
			return nil, fmt.Errorf("capture: profile directory: %w", err)
		}
		b.dataDir = dir
		flags := append(chromedp.DefaultExecAllocatorOptions[:],
			chromedp.ExecPath(path),
			chromedp.Headless,
			chromedp.NoSandbox,
			chromedp.DisableGPU,
			chromedp.NoFirstRun,
			chromedp.UserDataDir(dir),
			chromedp.WindowSize(opts.Width, opts.Height),
			chromedp.Flag("disable-background-networking", true),
			chromedp.Flag("disable-component-update", true),
			chromedp.Flag("disable-sync", true),
			chromedp.Flag("disable-quic", true),
			chromedp.Flag("allow-file-access-from-files", true),
		)
		allocCtx, allocCancel = chromedp.NewExecAllocator(ctx, flags...)
	}
	bctx, bcancel := chromedp.NewContext(allocCtx)
	b.ctx = bctx
	b.cancel = func() { bcancel(); allocCancel() }
	// Start the browser now (the first Run must not carry a timeout: it
	// would bound the browser's life), but bound the wait for it.
	started := make(chan error, 1)
	go func() { started <- chromedp.Do(bctx) }()
	select {
	case err := <-started:
		if err != nil {
			b.Close()
			return nil, fmt.Errorf("capture: start browser: %w", err)
		}
	case <-time.After(opts.NavTimeout + 10*time.Second):
		b.Close()
		return nil, fmt.Errorf("capture: start browser: %w", ErrTimeout)
	case <-ctx.Done():
		b.Close()
		return nil, ctx.Err()
	}
	return b, nil
}

// Close stops the browser (or detaches) and removes the fresh profile.
func (b *Browser) Close() error {
	if b == nil || b.cancel == nil {
		return nil
	}
	b.cancel()
	b.cancel = nil
	if b.dataDir != "" {
		var err error
		for range 50 { // Chromium's children may still write for a moment
			if err = os.RemoveAll(b.dataDir); err == nil {
				break
			}
			time.Sleep(50 * time.Millisecond)
		}
		return err
	}
	return nil
}

// Page is one tab with the hook installed. Its methods must not be called
// concurrently.
type Page struct {
	b      *Browser
	opts   Options
	ctx    context.Context // chromedp tab context
	cancel func()
	alive  context.Context // canceled with ErrCrashed when the renderer dies
	kill   context.CancelCauseFunc

	mu       sync.Mutex
	inflight map[network.RequestID]bool
	lastNet  time.Time
	loads    int // load events of the main frame so far
	navs     int // committed main-frame navigations so far

	last *Snapshot
}

// NewPage opens a tab and installs the hook.
func (b *Browser) NewPage(ctx context.Context) (*Page, error) {
	tctx, tcancel := chromedp.NewContext(b.ctx)
	p := &Page{b: b, opts: b.opts, ctx: tctx, cancel: tcancel, inflight: map[network.RequestID]bool{}}
	p.alive, p.kill = context.WithCancelCause(tctx)
	// The first Run opens the tab; bound it from outside.
	opened := make(chan error, 1)
	go func() { opened <- chromedp.Do(tctx) }()
	select {
	case err := <-opened:
		if err != nil {
			tcancel()
			return nil, fmt.Errorf("capture: open tab: %w", err)
		}
	case <-time.After(b.opts.NavTimeout):
		tcancel()
		return nil, fmt.Errorf("capture: open tab: %w", ErrTimeout)
	case <-ctx.Done():
		tcancel()
		return nil, ctx.Err()
	}
	if err := chromedp.Listen(tctx, p.onEvent); err != nil {
		tcancel()
		return nil, fmt.Errorf("capture: listen: %w", err)
	}
	err := p.do(ctx, b.opts.NavTimeout, func(c context.Context) error {
		if _, err := chromedp.Call(c, inspector.Enable, struct{}{}); err != nil {
			return err
		}
		if _, err := chromedp.Call(c, page.Enable, page.EnableParams{}); err != nil {
			return err
		}
		if _, err := chromedp.Call(c, network.Enable, network.EnableParams{}); err != nil {
			return err
		}
		t := true
		_, err := chromedp.Call(c, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: script, RunImmediately: &t})
		return err
	})
	if err != nil {
		tcancel()
		return nil, fmt.Errorf("capture: set up tab: %w", err)
	}
	return p, nil
}

// SetOptions replaces the page's timeouts and limits (zero fields take the
// defaults); ExecPath, RemoteURL, Width and Height are the browser's and are
// ignored here.
func (p *Page) SetOptions(o Options) { p.opts = o.withDefaults() }

// onEvent runs on chromedp's reader goroutine: it must be fast.
func (p *Page) onEvent(ev any) {
	switch e := ev.(type) {
	case *inspector.EventTargetCrashed:
		p.kill(ErrCrashed)
	case *network.EventRequestWillBeSent:
		p.mu.Lock()
		p.inflight[e.RequestID] = true
		p.lastNet = time.Now()
		p.mu.Unlock()
	case *network.EventLoadingFinished:
		p.netDone(e.RequestID)
	case *network.EventLoadingFailed:
		p.netDone(e.RequestID)
	case *page.EventLoadEventFired:
		p.mu.Lock()
		p.loads++
		p.mu.Unlock()
	case *page.EventFrameNavigated:
		if e.Frame != nil && e.Frame.ParentID == "" {
			p.mu.Lock()
			p.navs++
			p.mu.Unlock()
		}
	}
}

func (p *Page) netDone(id network.RequestID) {
	p.mu.Lock()
	delete(p.inflight, id)
	p.lastNet = time.Now()
	p.mu.Unlock()
}

// Close closes the tab.
func (p *Page) Close() {
	if p != nil && p.cancel != nil {
		p.cancel()
		p.cancel = nil
	}
}

// do runs fn with a context that is a child of the tab's (as chromedp needs)
// and ends at the timeout, when ctx ends, or when the renderer crashes.
func (p *Page) do(ctx context.Context, timeout time.Duration, fn func(context.Context) error) error {
	c, cancel := context.WithTimeoutCause(p.alive, timeout, ErrTimeout)
	defer cancel()
	stop := context.AfterFunc(ctx, cancel)
	defer stop()
	err := fn(c)
	if err != nil {
		if cause := context.Cause(p.alive); cause != nil {
			return cause
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if cause := context.Cause(c); errors.Is(cause, ErrTimeout) {
			return fmt.Errorf("%w after %v: %v", ErrTimeout, timeout, err)
		}
	}
	return err
}

// Navigate loads url and waits for the page to settle (see the package doc).
// It returns warnings for a load that did not finish (the page is usable).
func (p *Page) Navigate(ctx context.Context, url string) (warnings []string, err error) {
	o := p.opts
	p.mu.Lock()
	loads := p.loads
	clear(p.inflight)
	p.mu.Unlock()
	p.last = nil
	err = p.do(ctx, o.NavTimeout, func(c context.Context) error {
		res, err := chromedp.Call(c, page.Navigate, page.NavigateParams{URL: url})
		if err != nil {
			return err
		}
		if res.ErrorText != "" {
			return errors.New(res.ErrorText)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("capture: navigate %s: %w", url, err)
	}
	warnings, err = p.settle(ctx, loads, true)
	if err != nil {
		return nil, fmt.Errorf("capture: navigate %s: %w", url, err)
	}
	return warnings, nil
}

// settle waits for a load event after the loads-th (when waitLoad), then
// for the quiet window: no request in flight for Quiet, capped at Settle.
// Running out of either wait is a warning, not an error: the page is
// captured as it is.
func (p *Page) settle(ctx context.Context, loads int, waitLoad bool) (warnings []string, err error) {
	o := p.opts
	tick := time.NewTicker(25 * time.Millisecond)
	defer tick.Stop()
	wait := func() error {
		select {
		case <-tick.C:
			return nil
		case <-p.alive.Done():
			return context.Cause(p.alive)
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	if waitLoad {
		deadline := time.Now().Add(o.NavTimeout)
		for {
			p.mu.Lock()
			done := p.loads > loads
			p.mu.Unlock()
			if done {
				break
			}
			if time.Now().After(deadline) {
				warnings = append(warnings, fmt.Sprintf("the load event did not fire within %v; captured the page as it was", o.NavTimeout))
				break
			}
			if err := wait(); err != nil {
				return nil, err
			}
		}
	}
	capT := time.Now().Add(o.Settle)
	quietSince := time.Now()
	for {
		p.mu.Lock()
		busy := len(p.inflight) > 0
		if p.lastNet.After(quietSince) {
			quietSince = p.lastNet
		}
		p.mu.Unlock()
		now := time.Now()
		if busy {
			quietSince = now
		}
		if now.Sub(quietSince) >= o.Quiet {
			break
		}
		if now.After(capT) {
			warnings = append(warnings, fmt.Sprintf("the network was not quiet for %v within %v", o.Quiet, o.Settle))
			break
		}
		if err := wait(); err != nil {
			return nil, err
		}
	}
	return warnings, nil
}

// Snapshot is one capture of a page, rendered.
type Snapshot struct {
	Raw    []byte // the capture document as the collector wrote it
	Doc    *dom.Doc
	Meta   *wire.Meta
	Result *render.Result // the rendered tree: Text(), Enriched(), JSON(), Tree
	// InPage is the time the collector took inside the page.
	InPage time.Duration
}

// evaluate runs expr in the page's main world and decodes its value into out.
func (p *Page) evaluate(c context.Context, expr string, timeout time.Duration, out any) error {
	t := true
	res, err := chromedp.Call(c, runtime.Evaluate, runtime.EvaluateParams{
		Expression:    expr,
		ReturnByValue: &t,
		Silent:        &t,
		Timeout:       runtime.TimeDelta(timeout.Milliseconds()),
	})
	if err != nil {
		return err
	}
	if res.ExceptionDetails != nil {
		msg := res.ExceptionDetails.Text
		if ex := res.ExceptionDetails.Exception; ex != nil && ex.Description != "" {
			msg = ex.Description
		}
		return fmt.Errorf("script error: %s", msg)
	}
	if res.Result == nil || len(res.Result.Value) == 0 {
		return errors.New("script returned no value")
	}
	return json.Unmarshal(res.Result.Value, out)
}

// collectExpr installs the hook when the page has none (a page that was
// open before NewPage, or a frame the protocol did not reach) and collects.
var collectExpr = "(function(){var h=" + hookExpr + ";if(!h){" + script + ";h=" + hookExpr + ";}" +
	"var s=h.collect();return [s,h.lastMs];})()"

// Capture collects the page, decodes and renders it. Its ids are valid for
// Act until the next Capture.
func (p *Page) Capture(ctx context.Context) (*Snapshot, error) {
	o := p.opts
	var out [2]json.RawMessage
	err := p.do(ctx, o.CollectTimeout, func(c context.Context) error {
		return p.evaluate(c, collectExpr, o.CollectTimeout, &out)
	})
	if err != nil {
		return nil, fmt.Errorf("capture: collect: %w", err)
	}
	var raw string
	if err := json.Unmarshal(out[0], &raw); err != nil {
		return nil, fmt.Errorf("capture: collect: the page returned no capture: %w", err)
	}
	ms, _ := strconv.ParseFloat(string(out[1]), 64)
	snap, err := Decode([]byte(raw), o.Limits)
	if err != nil {
		return nil, err
	}
	snap.InPage = time.Duration(ms * float64(time.Millisecond))
	p.last = snap
	return snap, nil
}

// Decode decodes and renders a saved capture document.
func Decode(raw []byte, lim wire.Limits) (*Snapshot, error) {
	d, meta, err := wire.Decode(strings.NewReader(string(raw)), lim)
	if err != nil {
		return nil, fmt.Errorf("capture: decode: %w", err)
	}
	return &Snapshot{Raw: raw, Doc: d, Meta: meta, Result: render.Doc(d, render.Options{URL: meta.URL})}, nil
}

// Load navigates to url, settles and captures.
func (p *Page) Load(ctx context.Context, url string) (*Snapshot, []string, error) {
	w, err := p.Navigate(ctx, url)
	if err != nil {
		return nil, nil, err
	}
	s, err := p.Capture(ctx)
	return s, w, err
}

// CaptureID returns the collector's id (data-axid) of tree id in the
// snapshot, or 0 when the tree has no such id.
func (s *Snapshot) CaptureID(id int) int {
	if s == nil || s.Result == nil {
		return 0
	}
	n := s.Result.Tree.Node(id)
	if n == nil {
		return 0
	}
	v, ok := dom.Attr(n, "data-axid")
	if !ok {
		return 0
	}
	k, err := strconv.Atoi(v)
	if err != nil || k <= 0 {
		return 0
	}
	return k
}

// Actions Act performs.
const (
	Click  = "click"  // scroll into view, then a trusted mouse click at its center (a DOM click when the center is covered)
	Type   = "type"   // focus, select the current content, insert value as typed text
	Select = "select" // choose the option whose value (or else label) is value; input and change events follow
)

// Act performs action on the element with tree id id of the latest
// capture, then lets the page settle: the quiet window, and when the action
// navigated the main frame, its load (the old ids are then void). Capture
// again to observe the result.
func (p *Page) Act(ctx context.Context, id int, action, value string) error {
	if action != Click && action != Type && action != Select {
		return fmt.Errorf("capture: act: unknown action %q (want click, type or select)", action)
	}
	k := p.last.CaptureID(id)
	if k == 0 {
		return fmt.Errorf("capture: act %s on [%d]: %w in the latest capture", action, id, ErrNoElement)
	}
	val, _ := json.Marshal(value)
	act, _ := json.Marshal(action)
	expr := "(" + strings.TrimSpace(actJS) + ")(" + hookExpr + "," + strconv.Itoa(k) + "," + string(act) + "," + string(val) + ")"
	o := p.opts
	p.mu.Lock()
	loads, navs := p.loads, p.navs
	p.mu.Unlock()
	err := p.do(ctx, o.ActTimeout, func(c context.Context) error {
		var r struct {
			X, Y  *float64
			Done  int
			Type  int
			Error string
		}
		if err := p.evaluate(c, expr, o.ActTimeout, &r); err != nil {
			return fmt.Errorf("capture: act %s on [%d]: %w", action, id, err)
		}
		if r.Error != "" {
			return fmt.Errorf("capture: act %s on [%d]: %w: %s", action, id, ErrNoElement, r.Error)
		}
		switch {
		case r.X != nil && r.Y != nil:
			for _, typ := range []input.DispatchMouseEventType{input.DispatchMouseEventTypeMouseMoved, input.DispatchMouseEventTypeMousePressed, input.DispatchMouseEventTypeMouseReleased} {
				ev := input.DispatchMouseEventParams{Type: typ, X: *r.X, Y: *r.Y}
				if typ != input.DispatchMouseEventTypeMouseMoved {
					ev.Button, ev.ClickCount = input.MouseButtonLeft, 1
					if typ == input.DispatchMouseEventTypeMousePressed {
						ev.Buttons = 1
					}
				}
				if _, err := chromedp.Call(c, input.DispatchMouseEvent, ev); err != nil {
					return fmt.Errorf("capture: act click on [%d]: %w", id, err)
				}
			}
		case r.Type == 1:
			if _, err := chromedp.Call(c, input.InsertText, input.InsertTextParams{Text: value}); err != nil {
				return fmt.Errorf("capture: act type on [%d]: %w", id, err)
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	// Let what the action started settle: requests, and a navigation's load.
	if _, err := p.settle(ctx, loads, false); err != nil {
		return fmt.Errorf("capture: act %s on [%d]: %w", action, id, err)
	}
	p.mu.Lock()
	navigated := p.navs != navs
	p.mu.Unlock()
	if navigated {
		p.last = nil // the ids belonged to the page that is gone
		if _, err := p.settle(ctx, loads, true); err != nil {
			return fmt.Errorf("capture: act %s on [%d]: %w", action, id, err)
		}
	}
	return nil
}

// Last returns the latest snapshot of the page (nil before the first
// Capture or after a navigation).
func (p *Page) Last() *Snapshot { return p.last }
