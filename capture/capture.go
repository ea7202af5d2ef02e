// Package capture takes live captures from a real browser (Chromium, over
// the DevTools protocol with chromedp) and acts on the page by tree id.
//
// # The hook and the collector
//
// Static HTML cannot show a React onClick, a closed shadow root or a value
// typed a second ago. Script (hook.js, with collect.js and act.js inside it)
// is installed with Page.addScriptToEvaluateOnNewDocument, so it runs at
// document start in the main world of every frame before any site script. It
// wraps addEventListener/removeEventListener, the on* handler setters and
// attachShadow, passing every call through to the native function and keeping
// notes in closures. At capture time the collector walks the document, open
// and closed shadow roots and same-origin frames, reads the live facts and
// returns the capture document (axtree/CAPTURE.md, version 1), which wire
// decodes and render renders exactly as it renders static HTML.
//
// # The private channel
//
// A page is hostile, so nothing of the hook is reachable from it: no
// property on window or on any page object. Each Browser draws a secret
// (crypto/rand) and bakes it into the hook's source (which no page script
// can read: the secret lives only in the hook's outer function, never
// stored). At install the hook announces its handle, a frozen object with no
// prototype whose methods close over natives captured before site script
// ran, with the console.debug it captured: Runtime.consoleAPICalled hands
// Go a RemoteObject of the handle. Go accepts only the first announcement
// carrying the secret in each execution context, and calls into the page
// only with Runtime.callFunctionOn on that handle (never an evaluate that
// reads page globals). Hooks of the frames of one page find each other by
// dispatching, with captured natives, an event whose type contains the
// secret. Page -> Go requests (Extension API send) travel the same console
// channel: a request of up to 64 KiB with its kind and payload (so Go has
// it even when the document goes away at once), a larger one as an id
// whose payload Go takes; Go answers with callFunctionOn. Options.Extensions adds trusted scripts run inside the
// hook's closure with that API (see Extension); Page.Call and Page.Handle
// are the Go side.
//
// The hook checks at every capture that the page has not replaced its
// wrappers (addEventListener, removeEventListener, attachShadow, the on*
// setters, Function.prototype.toString), shadowed them on a nearer
// prototype, put index properties on Array or Object prototypes, or kept a
// same-origin frame without a hook (whose natives bypass the wrappers); what
// it finds is reported in the capture's "warnings" and Snapshot.Warnings.
//
// # Local files and privileged URLs
//
// Chromium never gets file access from files. ServeFile serves a local file
// (and its "save page, complete" folder NAME_files/) from a loopback server
// on a fresh origin; Page.LoadFile loads it there with every request to any
// other origin failed, so a saved page reaches neither other local files nor
// the network. Navigate refuses file:, chrome:, devtools: and other
// privileged URLs unless Options.AllowFileURLs (file: only, for trusted
// local tooling); a frame of the page that commits such a URL anyway is sent
// to about:blank and a popup to one is closed. The sandbox stays on unless
// Chromium cannot run with it (as root); Browser.Warnings says so.
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
// captures in pre-order (1, 2, ...; a new generation on every capture), keeps
// the numbering in the page (a Map in the hook's closure, capture id →
// element) and writes it as a data-axid attribute into the capture only:
// the live elements are not marked, so no MutationObserver or attribute
// selector of the site notices a capture. The renderer never prints it. To
// act on tree id N, Act takes the element the tree bound to N
// (Snapshot.Tree.Node(N), an *html.Node decoded from the capture), reads
// its data-axid K and resolves K in the page through the hook's table
// (which reaches closed shadow roots and frames). Ids are valid until the
// next capture of the page; an element the page has since removed is an
// ErrNoElement. Act reads geometry and focus only through captured natives,
// and checks where the trusted input landed (the first press, or
// beforeinput, seen by window listeners registered before any site
// script): input that landed outside the element is an ErrRedirected.
//
// # Concurrency
//
// A Page's methods may be called from several goroutines, and a Handle
// function may call Capture, Act, Call and the input methods while the page
// side of the request is still awaiting its answer. Each method is one or a
// few protocol calls under its own timeout; a Capture replaces the id table,
// so an Act with an id of an older snapshot fails with ErrNoElement rather
// than act on a renumbered element.
//
// # Limits
//
// The collector keeps at most 900,000 nodes, 1,000 attributes per element
// and 2,000,000 UTF-16 units per string; past each it leaves the rest out
// and lists the limit in the capture's "truncated" (rendered as
// [truncated=capture-nodes], capture-attrs, capture-text). Elements nested
// deeper than 480 levels become siblings, as the HTML parser flattens them,
// so a deep page renders the same from its HTML and from a capture; shadow
// roots and frames past 500 levels are left out (capture-depth). Comments
// past the first 100,000 are dropped with a warning: they do not render.
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
	"crypto/rand"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	neturl "net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/inspector"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/remote"

	"github.com/axtree/axtree/axtree"
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

// template is the hook source with the event table, the collector and the
// act helper in place; the secret and the extensions are filled per
// Browser (buildScript). Built once, read-only.
var template = func() string {
	names := make([]string, listeners.NumEvents())
	for i := range names {
		names[i], _ = listeners.EventName(i)
	}
	table, _ := json.Marshal(names)
	s := strings.Replace(hookJS, "__AXTREE_EVENTS__", string(table), 1)
	s = strings.Replace(s, "__AXTREE_ACT__", strings.TrimSpace(actJS), 1)
	return strings.Replace(s, "__AXTREE_COLLECT__", strings.TrimSpace(collectJS), 1)
}()

// buildScript fills the secret and the extensions into the template.
func buildScript(secret string, extensions []string) string {
	sec, _ := json.Marshal(secret)
	exts := make([]string, len(extensions))
	for i, e := range extensions {
		exts[i] = "(" + strings.TrimSpace(e) + "\n)"
	}
	s := strings.Replace(template, "__AXTREE_SECRET__", string(sec), 1)
	return strings.Replace(s, "__AXTREE_EXTENSIONS__", strings.Join(exts, ",\n"), 1)
}

// Script returns the JavaScript source installed at document start, with a
// placeholder secret ("0") and no extensions: the hook with the event
// table of package listeners, the collector and the act helper inside. A
// Browser installs it with its own secret.
func Script() string { return buildScript("0", nil) }

// newSecret returns 32 hex digits from crypto/rand.
func newSecret() (string, error) {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", fmt.Errorf("capture: secret: %w", err)
	}
	return hex.EncodeToString(b[:]), nil
}

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
	// ErrRedirected: the trusted input of an action landed outside the
	// element (the page moved something over it, or moved the focus).
	ErrRedirected = errors.New("the input landed outside the element")
	// ErrRefused: the URL's scheme is not one the adapter navigates to.
	ErrRefused = errors.New("refused")
	// ErrNavigated: the frame navigated (its document is gone) during the call.
	ErrNavigated = errors.New("the frame navigated")
	// ErrNoHook: the page's capture hook did not announce itself.
	ErrNoHook = errors.New("the capture hook is not in the page")
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
	// CallTimeout bounds one Page.Call, one Page.Eval and one Handle
	// function; default 30s.
	CallTimeout time.Duration
	// Limits bound the decoder (wire.Limits zero fields take defaults).
	Limits wire.Limits

	// Extensions are trusted scripts run in every frame at document start,
	// inside the hook's closure, after the hook and before any site script:
	// each a JavaScript function expression called with the Extension API
	// object (see Extension). Browser-wide; fixed at Start.
	Extensions []string
	// AllowFileURLs lets Navigate open file: URLs (and pages opened so
	// navigate to other file: URLs). For trusted local files only (a
	// generated viewer page): a file: page can read other local files.
	AllowFileURLs bool
	// Offline fails every network request of the browser's pages (file:,
	// data: and blob: URLs still load): for trusted local tooling that must
	// not reach the network. Requests fail at the request interception,
	// WebSockets at a proxy that is not there (a started browser only, not
	// RemoteURL).
	Offline bool
	// HostResolverRules maps host names for a started browser, as
	// Chromium's --host-resolver-rules ("MAP jobs.example 127.0.0.1:8080"):
	// for test servers whose pages must have the same URLs on every run (a
	// golden file), whatever port the server got. Empty: none.
	HostResolverRules string
	// NoSandbox turns Chromium's sandbox off even when it could run with
	// it. Without it the sandbox is off only where Chromium cannot run with
	// it (as root), and Browser.Warnings says so.
	NoSandbox bool

	// netLog is a file for Chromium's network log (tests: which host names
	// were looked up); "" for none.
	netLog string
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
	def(&o.CallTimeout, 30*time.Second)
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
	opts     Options
	ctx      context.Context // chromedp browser context
	cancel   func()
	dataDir  string
	secret   string
	script   string
	warnings []string

	mu    sync.Mutex
	pages map[target.ID]bool // tabs of this Browser's pages (popups of others are checked)
}

// Start launches Chromium headless with a fresh profile (or attaches to
// opts.RemoteURL). Close it when done.
func Start(ctx context.Context, opts Options) (*Browser, error) {
	opts = opts.withDefaults()
	secret, err := newSecret()
	if err != nil {
		return nil, err
	}
	b := &Browser{opts: opts, secret: secret, script: buildScript(secret, opts.Extensions), pages: map[target.ID]bool{}}
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
		if err := quietProfile(dir); err != nil {
			os.RemoveAll(dir)
			return nil, err
		}
		flags := append(chromedp.DefaultExecAllocatorOptions[:],
			chromedp.ExecPath(path),
			chromedp.Headless,
			chromedp.DisableGPU,
			chromedp.NoFirstRun,
			chromedp.UserDataDir(dir),
			chromedp.WindowSize(opts.Width, opts.Height),
			chromedp.Flag("disable-background-networking", true),
			chromedp.Flag("disable-component-update", true),
			chromedp.Flag("disable-sync", true),
			chromedp.Flag("disable-quic", true),
			// Never file access from files; no WebRTC UDP around the
			// request interception of a confined page.
			chromedp.Flag("allow-file-access-from-files", false),
			chromedp.Flag("force-webrtc-ip-handling-policy", "disable_non_proxied_udp"),
			// Back and forward load the document again (with the hook)
			// instead of restoring a frozen one whose handle Go lost.
			chromedp.Flag("disable-back-forward-cache", true),
		)
		if opts.Offline {
			// Fetch interception does not see WebSockets: send all traffic,
			// loopback included, to a proxy that is not there.
			flags = append(flags, chromedp.ProxyServer("http://127.0.0.1:9"), chromedp.Flag("proxy-bypass-list", "<-loopback>"))
		}
		if opts.netLog != "" {
			flags = append(flags, chromedp.Flag("log-net-log", opts.netLog))
		}
		if opts.HostResolverRules != "" {
			flags = append(flags, chromedp.Flag("host-resolver-rules", opts.HostResolverRules))
		}
		switch {
		case opts.NoSandbox:
			flags = append(flags, chromedp.NoSandbox)
			b.warnings = append(b.warnings, "Chromium's sandbox is off (Options.NoSandbox)")
		case os.Geteuid() == 0:
			// Chromium refuses to start sandboxed as root.
			flags = append(flags, chromedp.NoSandbox)
			b.warnings = append(b.warnings, "running as root: Chromium's sandbox is off (--no-sandbox); run as an ordinary user to keep it on")
		}
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
	// Popups a page opens to a privileged URL are closed.
	chromedp.ListenBrowser(bctx, func(ev any) {
		var info *target.Info
		switch e := ev.(type) {
		case *target.EventTargetCreated:
			info = e.TargetInfo
		case *target.EventTargetInfoChanged:
			info = e.TargetInfo
		}
		if info == nil || info.Type != "page" || info.OpenerID == "" || b.allowed(info.URL) {
			return
		}
		id := info.TargetID
		go func() {
			c, cancel := context.WithTimeout(bctx, 10*time.Second)
			defer cancel()
			_, _ = chromedp.CallBrowser(c, target.CloseTarget, target.CloseTargetParams{TargetID: id})
		}()
	})
	return b, nil
}

// quietProfile writes the fresh profile's preferences before Chromium
// starts: no network prediction, so no page makes the browser look up or
// connect to a host it names in <link rel=dns-prefetch>, <link
// rel=preconnect> or a link, ahead of a request (those lookups pass no
// request interception: a saved page confined to its origin could
// otherwise still signal a name server it is being opened). Captures lose
// nothing: the requests themselves are unchanged.
func quietProfile(dir string) error {
	prefs := filepath.Join(dir, "Default", "Preferences")
	if err := os.MkdirAll(filepath.Dir(prefs), 0o700); err != nil {
		return fmt.Errorf("capture: profile directory: %w", err)
	}
	// 2 is NETWORK_PREDICTION_NEVER (chrome/browser/preloading).
	if err := os.WriteFile(prefs, []byte(`{"net":{"network_prediction_options":2}}`), 0o600); err != nil {
		return fmt.Errorf("capture: profile preferences: %w", err)
	}
	return nil
}

// Warnings says what the browser runs without (the sandbox, when Chromium
// cannot run with it here). A command prints them.
func (b *Browser) Warnings() []string { return append([]string(nil), b.warnings...) }

// allowed reports whether a page of this browser may be on raw (a URL):
// http, https, data, blob, about:blank, about:srcdoc, and file only with
// AllowFileURLs. Everything else (chrome:, devtools:, view-source:,
// chrome-extension:, filesystem:, javascript:, ...) is refused.
func (b *Browser) allowed(raw string) bool {
	if raw == "" {
		return true
	}
	u, err := neturl.Parse(raw)
	if err != nil {
		return false
	}
	switch strings.ToLower(u.Scheme) {
	case "http", "https", "data", "blob":
		return true
	case "about":
		return u.Opaque == "blank" || u.Opaque == "srcdoc"
	case "file":
		return b.opts.AllowFileURLs
	}
	return false
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

// hookRef is the announced hook handle of one execution context.
type hookRef struct {
	ctx    runtime.ExecutionContextID
	unique string
	frame  cdp.FrameID
	obj    runtime.RemoteObjectID
	seq    int // the announcement's place in the page's order
}

// Page is one tab with the hook installed. Its methods are safe for
// concurrent use (see the package doc, Concurrency).
type Page struct {
	b      *Browser
	ctx    context.Context // chromedp tab context
	cancel func()
	alive  context.Context // canceled with ErrCrashed when the renderer dies
	kill   context.CancelCauseFunc

	mu       sync.Mutex
	opts     Options
	inflight map[network.RequestID]bool
	lastNet  time.Time
	loads    int // load events of the main frame so far
	navs     int // committed main-frame navigations so far
	// navPending: a main-frame navigation started and has neither
	// committed nor stopped.
	navPending bool
	mainFrame  cdp.FrameID
	contexts   map[runtime.ExecutionContextID]contextInfo // default-world contexts by id
	hooks      map[string]hookRef                         // announced hooks, first per context (hookKey)
	hookSeq    int                                        // announcements so far (hookRef.seq)
	hookCh     chan struct{}                              // closed and replaced when a hook announces
	handlers   map[string]HandlerFunc
	errs       []string     // console errors and uncaught exceptions, latest last
	navWarn    []string     // privileged navigations stopped since the last capture
	confine    string       // when not "": the only origin requests may go to ("-": none)
	files      *FileServer  // the server of LoadFile's file, closed with the page
	dialogs    []Dialog     // dialogs answered since the last Dialogs call (more.go)
	chooser    *FileChooser // the file chooser the page opened and Go has not answered (files.go)
	last       *Snapshot
}

type contextInfo struct {
	frame  cdp.FrameID
	unique string
}

// NewPage opens a tab and installs the hook.
func (b *Browser) NewPage(ctx context.Context) (*Page, error) { return b.newPage(ctx, "") }

// newPage opens a tab in browser context bc ("" is the browser's default
// one) and installs the hook.
func (b *Browser) newPage(ctx context.Context, bc cdp.BrowserContextID) (*Page, error) {
	var opts []chromedp.ContextOption
	if bc != "" {
		opts = append(opts, chromedp.WithExistingBrowserContext(bc))
	}
	tctx, tcancel := chromedp.NewContext(b.ctx, opts...)
	p := &Page{b: b, opts: b.opts, ctx: tctx, cancel: tcancel, inflight: map[network.RequestID]bool{},
		contexts: map[runtime.ExecutionContextID]contextInfo{}, hooks: map[string]hookRef{},
		hookCh: make(chan struct{}), handlers: map[string]HandlerFunc{}}
	if b.opts.Offline {
		p.confine = "-"
	}
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
	if err := chromedp.Listen(tctx, p.onDialog); err != nil { // more.go
		tcancel()
		return nil, fmt.Errorf("capture: listen: %w", err)
	}
	if err := chromedp.Listen(tctx, p.onFileChooser); err != nil { // files.go
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
		// A file chooser the page opens is handed to Go (Page.FileChooser),
		// not shown: SetChooserFiles answers it.
		if _, err := chromedp.Call(c, page.SetInterceptFileChooserDialog, page.SetInterceptFileChooserDialogParams{Enabled: true}); err != nil {
			return err
		}
		// The window size counts the browser's own frame; the page's
		// viewport (innerWidth × innerHeight) is what Width and Height say.
		if _, err := chromedp.Call(c, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{
			Width: int64(b.opts.Width), Height: int64(b.opts.Height), DeviceScaleFactor: 1}); err != nil {
			return err
		}
		if b.opts.Offline {
			if err := p.setFetch(c, true); err != nil {
				return err
			}
		}
		t := true
		if _, err := chromedp.Call(c, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: b.script, RunImmediately: &t}); err != nil {
			return err
		}
		tree, err := chromedp.Call(c, page.GetFrameTree, cdp.Empty{})
		if err == nil && tree.FrameTree != nil && tree.FrameTree.Frame != nil {
			p.mu.Lock()
			p.mainFrame = tree.FrameTree.Frame.ID
			p.mu.Unlock()
		}
		return err
	})
	if err != nil {
		tcancel()
		return nil, fmt.Errorf("capture: set up tab: %w", err)
	}
	return p, nil
}

// SetOptions replaces the page's timeouts and limits (zero fields take the
// defaults); ExecPath, RemoteURL, Width, Height, Extensions, AllowFileURLs,
// Offline, NoSandbox and HostResolverRules are the browser's and are ignored here.
func (p *Page) SetOptions(o Options) {
	o = o.withDefaults()
	bo := p.b.opts
	o.ExecPath, o.RemoteURL, o.Width, o.Height = bo.ExecPath, bo.RemoteURL, bo.Width, bo.Height
	o.Extensions, o.AllowFileURLs, o.Offline, o.NoSandbox, o.HostResolverRules = bo.Extensions, bo.AllowFileURLs, bo.Offline, bo.NoSandbox, bo.HostResolverRules
	p.mu.Lock()
	p.opts = o
	p.mu.Unlock()
}

// options returns the page's options.
func (p *Page) options() Options {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.opts
}

// onEvent runs on chromedp's reader goroutine: it must be fast (protocol
// calls it needs run on their own goroutines).
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
	case *fetch.EventRequestPaused:
		p.onRequest(e)
	case *page.EventLoadEventFired:
		p.mu.Lock()
		p.loads++
		p.mu.Unlock()
	case *page.EventFrameRequestedNavigation:
		// A navigation the page asked for (a link, a form, location=):
		// it may commit some time after the input that caused it.
		if e.Disposition == page.ClientNavigationDispositionCurrentTab {
			p.pending(e.FrameID, true)
		}
	case *page.EventFrameStartedNavigating:
		if e.NavigationType != page.FrameStartedNavigatingNavigationTypeSameDocument && e.NavigationType != page.FrameStartedNavigatingNavigationTypeHistorySameDocument {
			p.pending(e.FrameID, true)
		}
	case *page.EventFrameStoppedLoading:
		p.pending(e.FrameID, false) // committed and loaded, or given up (204, download, cancelled)
	case *page.EventNavigatedWithinDocument:
		p.pending(e.FrameID, false)
	case *page.EventFrameNavigated:
		if e.Frame == nil {
			return
		}
		if e.Frame.ParentID == "" {
			p.mu.Lock()
			p.navs++
			p.navPending = false
			p.mainFrame = e.Frame.ID
			p.mu.Unlock()
		}
		// chrome-error: is Chromium's own page for a load that failed
		// (a refused request, an unreachable host), not the page's doing.
		if !p.b.allowed(e.Frame.URL) && !strings.HasPrefix(e.Frame.URL, "chrome-error:") {
			p.stopFrame(e.Frame.ID, e.Frame.URL)
		}
	case *runtime.EventExecutionContextCreated:
		p.contextCreated(e.Context)
	case *runtime.EventExecutionContextDestroyed:
		p.mu.Lock()
		for id, c := range p.contexts {
			if c.unique == e.ExecutionContextUniqueID {
				delete(p.contexts, id)
			}
		}
		delete(p.hooks, e.ExecutionContextUniqueID)
		p.mu.Unlock()
	case *runtime.EventExecutionContextsCleared:
		p.mu.Lock()
		clear(p.contexts)
		clear(p.hooks)
		p.mu.Unlock()
	case *runtime.EventConsoleAPICalled:
		p.onConsole(e)
	case *runtime.EventExceptionThrown:
		if d := e.ExceptionDetails; d != nil {
			msg := d.Text
			if d.Exception != nil && d.Exception.Description != "" {
				msg = d.Exception.Description
			}
			p.addErr(msg)
		}
	}
}

// pending notes that a navigation of the main frame started (or ended
// without a commit); events of other frames are ignored.
func (p *Page) pending(frame cdp.FrameID, on bool) {
	p.mu.Lock()
	if frame == p.mainFrame {
		p.navPending = on
	}
	p.mu.Unlock()
}

func (p *Page) netDone(id network.RequestID) {
	p.mu.Lock()
	delete(p.inflight, id)
	p.lastNet = time.Now()
	p.mu.Unlock()
}

// onRequest continues a paused request, or fails it when the page is
// confined to an origin it is not for.
func (p *Page) onRequest(e *fetch.EventRequestPaused) {
	p.mu.Lock()
	confine := p.confine
	p.mu.Unlock()
	ok := confine == ""
	if !ok && e.Request != nil {
		if u, err := neturl.Parse(e.Request.URL); err == nil {
			switch scheme := strings.ToLower(u.Scheme); {
			case confine == "-":
				// Offline: local URLs of trusted tooling load, the network does not.
				ok = scheme == "file" || scheme == "data" || scheme == "blob"
			default:
				ok = scheme+"://"+u.Host == confine || scheme == "data" || scheme == "blob"
			}
		}
	}
	id := e.RequestID
	go func() {
		c, cancel := context.WithTimeout(p.alive, 10*time.Second)
		defer cancel()
		if ok {
			_, _ = chromedp.Call(c, fetch.ContinueRequest, fetch.ContinueRequestParams{RequestID: id})
		} else {
			_, _ = chromedp.Call(c, fetch.FailRequest, fetch.FailRequestParams{RequestID: id, ErrorReason: network.ErrorReasonBlockedByClient})
		}
	}()
}

// stopFrame sends a frame that committed a privileged URL to about:blank
// and notes it for the next capture's warnings.
func (p *Page) stopFrame(id cdp.FrameID, url string) {
	p.mu.Lock()
	p.navWarn = append(p.navWarn, "a frame navigated to "+clip(url, 200)+", a URL the adapter refuses; it was sent to about:blank")
	p.mu.Unlock()
	go func() {
		c, cancel := context.WithTimeout(p.alive, 10*time.Second)
		defer cancel()
		_, _ = chromedp.Call(c, page.Navigate, page.NavigateParams{URL: "about:blank", FrameID: id})
	}()
}

// clip shortens s to at most n bytes (on a rune boundary) for messages.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && (s[n]&0xC0) == 0x80 {
		n--
	}
	return s[:n] + "…"
}

func (p *Page) addErr(msg string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.errs = append(p.errs, clip(msg, 2000))
	if len(p.errs) > 100 {
		p.errs = append(p.errs[:0], p.errs[len(p.errs)-100:]...)
	}
}

// ConsoleErrors returns the page's console.error messages and uncaught
// exceptions, the latest 100, oldest first.
func (p *Page) ConsoleErrors() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.errs...)
}

// Close closes the tab (and the server of a LoadFile).
func (p *Page) Close() {
	if p == nil {
		return
	}
	if p.cancel != nil {
		p.cancel()
	}
	p.mu.Lock()
	fs := p.files
	p.files = nil
	p.mu.Unlock()
	if fs != nil {
		_ = fs.Close()
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
// URLs other than http, https, data, blob and about:blank are refused
// (ErrRefused), file: ones too unless Options.AllowFileURLs.
func (p *Page) Navigate(ctx context.Context, url string) (warnings []string, err error) {
	if !p.b.allowed(url) || strings.HasPrefix(strings.ToLower(url), "about:srcdoc") {
		return nil, fmt.Errorf("capture: navigate %s: %w: only http, https, data and about:blank URLs are opened (file: with Options.AllowFileURLs, for trusted files)", clip(url, 200), ErrRefused)
	}
	if !p.b.opts.Offline {
		if err := p.confineTo(ctx, ""); err != nil {
			return nil, fmt.Errorf("capture: navigate %s: %w", url, err)
		}
	}
	return p.navigate(ctx, url)
}

// confineTo lets the page's requests go only to origin ("" lifts the
// confinement): every request then passes Fetch, which fails the others.
func (p *Page) confineTo(ctx context.Context, origin string) error {
	p.mu.Lock()
	was := p.confine
	p.confine = origin
	p.mu.Unlock()
	if (was == "") == (origin == "") {
		return nil
	}
	return p.do(ctx, p.options().NavTimeout, func(c context.Context) error { return p.setFetch(c, origin != "") })
}

// setFetch turns request interception on or off.
func (p *Page) setFetch(c context.Context, on bool) error {
	if !on {
		_, err := chromedp.Call(c, fetch.Disable, cdp.Empty{})
		return err
	}
	_, err := chromedp.Call(c, fetch.Enable, fetch.EnableParams{Patterns: []*fetch.RequestPattern{{URLPattern: "*"}}})
	return err
}

func (p *Page) navigate(ctx context.Context, url string) (warnings []string, err error) {
	o := p.options()
	p.mu.Lock()
	loads := p.loads
	clear(p.inflight)
	p.last = nil
	p.mu.Unlock()
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
	o := p.options()
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
	// Warnings are what the capture says went wrong without failing it:
	// tampering with the hook the collector detected, frames without a
	// hook, content it dropped, refused navigations (Meta.Warnings and the
	// page's own).
	Warnings []string

	gen  int                    // the collector's generation of the ids
	hook runtime.RemoteObjectID // the handle that numbered them
}

// Capture collects the page, decodes and renders it. Its ids are valid for
// Act until the next Capture.
func (p *Page) Capture(ctx context.Context) (*Snapshot, error) {
	o := p.options()
	var snap *Snapshot
	err := p.do(ctx, o.CollectTimeout, func(c context.Context) error {
		var out [3]json.RawMessage
		var h hookRef
		var late bool
		for try := 0; ; try++ {
			var err error
			h, late, err = p.mainHook(c)
			if err != nil {
				return err
			}
			err = p.callOn(c, h.obj, `function(){return this.collect()}`, nil, false, &out)
			if err == nil {
				break
			}
			if !isGone(err) || try >= 3 {
				return err
			}
			p.forget(h) // its document went away (a navigation): wait for the next hook
		}
		var raw string
		if err := json.Unmarshal(out[0], &raw); err != nil {
			return fmt.Errorf("the page returned no capture: %w", err)
		}
		gen, _ := strconv.Atoi(string(out[1]))
		ms, _ := strconv.ParseFloat(string(out[2]), 64)
		s, err := Decode([]byte(raw), o.Limits)
		if err != nil {
			return err
		}
		s.InPage = time.Duration(ms * float64(time.Millisecond))
		s.gen, s.hook = gen, h.obj
		if late {
			s.Warnings = append(s.Warnings, "the capture hook was installed after the page's scripts ran: listeners they added earlier are not seen")
		}
		snap = s
		return nil
	})
	if err != nil {
		if errors.Is(err, ErrNoHook) || errors.Is(err, ErrTimeout) || errors.Is(err, ErrCrashed) {
			return nil, fmt.Errorf("capture: collect: %w", err)
		}
		var we *wire.Error
		if errors.As(err, &we) || strings.HasPrefix(err.Error(), "capture: ") {
			return nil, err
		}
		return nil, fmt.Errorf("capture: collect: %w", err)
	}
	p.mu.Lock()
	snap.Warnings = append(snap.Warnings, p.navWarn...)
	p.navWarn = nil
	p.last = snap
	p.mu.Unlock()
	return snap, nil
}

// Decode decodes and renders a saved capture document.
func Decode(raw []byte, lim wire.Limits) (*Snapshot, error) {
	d, meta, err := wire.Decode(strings.NewReader(string(raw)), lim)
	if err != nil {
		return nil, fmt.Errorf("capture: decode: %w", err)
	}
	return &Snapshot{Raw: raw, Doc: d, Meta: meta, Result: render.Doc(d, render.Options{URL: meta.URL}),
		Warnings: append([]string(nil), meta.Warnings...)}, nil
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

// TreeID returns the tree id of the element with collector id k (data-axid)
// in the snapshot, or 0 when the tree shows no element for it (hidden, or
// not an element the tree keeps).
func (s *Snapshot) TreeID(k int) int {
	if s == nil || s.Result == nil || k <= 0 {
		return 0
	}
	id := 0
	s.Result.Tree.Walk(func(n *axtree.Node, _ int) bool {
		if n.ID > 0 && s.CaptureID(n.ID) == k {
			id = n.ID
			return false
		}
		return true
	})
	return id
}

// Actions Act performs.
const (
	Click  = "click"  // scroll into view, then a trusted mouse click at its center (a DOM click when the center is covered)
	Type   = "type"   // focus, select the current content, insert value as typed text
	Select = "select" // choose the option whose value (or else label) is value; input and change events follow
	Append = "append" // focus, put the caret after the current content, insert value as typed text
)

// Act performs action on the element with tree id id of the latest
// capture, then lets the page settle: the quiet window, and when the action
// navigated the main frame, its load (the old ids are then void). Capture
// again to observe the result. The element is resolved in the hook's
// closure (the page cannot redirect it); trusted input that lands outside
// it is an ErrRedirected.
func (p *Page) Act(ctx context.Context, id int, action, value string) error {
	if action != Click && action != Type && action != Append && action != Select && action != hoverAction && action != scrollAction {
		return fmt.Errorf("capture: act: unknown action %q (want click, type, append or select)", action)
	}
	return p.act(ctx, id, action, value, value)
}

// act is Act with the value the page gets (a string, or the list of
// SelectOptions) apart from the text a type action inserts.
func (p *Page) act(ctx context.Context, id int, action string, value any, text string) error {
	p.mu.Lock()
	last := p.last
	loads, navs := p.loads, p.navs
	p.mu.Unlock()
	k := last.CaptureID(id)
	if k == 0 {
		return fmt.Errorf("capture: act %s on [%d]: %w in the latest capture", action, id, ErrNoElement)
	}
	o := p.options()
	err := p.do(ctx, o.ActTimeout, func(c context.Context) error {
		var r struct {
			X, Y  *float64
			Done  int
			Type  int
			Hover int
			Error string
		}
		if err := p.callOn(c, last.hook, `function(g,k,a,v){return this.act(g,k,a,v)}`, []any{last.gen, k, action, value}, false, &r); err != nil {
			if isGone(err) {
				return fmt.Errorf("capture: act %s on [%d]: %w: the page it was captured from is gone", action, id, ErrNoElement)
			}
			return fmt.Errorf("capture: act %s on [%d]: %w", action, id, err)
		}
		if r.Error != "" {
			return fmt.Errorf("capture: act %s on [%d]: %w: %s", action, id, ErrNoElement, r.Error)
		}
		switch {
		case r.Hover == 1 && r.X != nil && r.Y != nil:
			return mouseMove(c, *r.X, *r.Y) // more.go; nothing was armed, nothing to check
		case r.X != nil && r.Y != nil:
			if err := mouseClick(c, *r.X, *r.Y); err != nil {
				return fmt.Errorf("capture: act click on [%d]: %w", id, err)
			}
		case r.Type == 1:
			if err := insertText(c, text); err != nil {
				return fmt.Errorf("capture: act type on [%d]: %w", id, err)
			}
		default:
			return nil
		}
		var chk struct {
			OK    int
			Error string
		}
		if err := p.callOn(c, last.hook, `function(g,k){return this.actCheck(g,k)}`, []any{last.gen, k}, false, &chk); err != nil {
			if isGone(err) {
				return nil // the action navigated away: nothing left to check
			}
			return fmt.Errorf("capture: act %s on [%d]: check: %w", action, id, err)
		}
		if chk.Error != "" {
			return fmt.Errorf("capture: act %s on [%d]: %w: %s", action, id, ErrRedirected, chk.Error)
		}
		return nil
	})
	if err != nil {
		return err
	}
	// Let what the action started settle: requests, and a navigation's load.
	if err := p.settleAfter(ctx, loads, navs); err != nil {
		return fmt.Errorf("capture: act %s on [%d]: %w", action, id, err)
	}
	return nil
}

// settleAfter waits for what an input or a history move started, loads
// and navs being the page's counts before it: the quiet window; a
// main-frame navigation that started and has neither committed nor
// stopped (within NavTimeout: a form's navigation can commit well after
// the network went quiet on a loaded machine); after a commit, the new
// document's load and quiet window, and the latest capture is void.
func (p *Page) settleAfter(ctx context.Context, loads, navs int) error {
	// One round trip to the renderer first: the navigations it asked for
	// while it handled the input are announced on the same channel before
	// its answer (the input's own answer comes another way). Bounded: a
	// busy page answers late, and the waits below still hold.
	_ = p.do(ctx, 2*time.Second, func(c context.Context) error {
		t := true
		_, err := chromedp.Call(c, runtime.Evaluate, runtime.EvaluateParams{Expression: "0", Silent: &t})
		return err
	})
	if _, err := p.settle(ctx, loads, false); err != nil {
		return err
	}
	deadline := time.Now().Add(p.options().NavTimeout)
	tick := time.NewTicker(25 * time.Millisecond)
	defer tick.Stop()
	for {
		p.mu.Lock()
		wait := p.navPending && p.navs == navs
		p.mu.Unlock()
		if !wait || time.Now().After(deadline) {
			break
		}
		select {
		case <-tick.C:
		case <-p.alive.Done():
			return context.Cause(p.alive)
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	p.mu.Lock()
	navigated := p.navs != navs
	if navigated {
		p.last = nil // the ids belonged to the page that is gone
	}
	p.mu.Unlock()
	if !navigated {
		return nil
	}
	if err := p.loaded(ctx, loads); err != nil {
		return err
	}
	_, err := p.settle(ctx, loads, false)
	return err
}

// Last returns the latest snapshot of the page (nil before the first
// Capture or after a navigation).
func (p *Page) Last() *Snapshot {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.last
}
