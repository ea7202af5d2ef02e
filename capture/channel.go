package capture

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// Extension documents the API object an Options.Extensions script gets.
// Each extension is a JavaScript function expression; the hook calls it with
// one frozen object, in every frame, at document start, before site script:
//
//	function (api) {
//	  api.natives        // the natives the hook captured at install (frozen):
//	                     // apply, ownKeys, stringify, mpGet, rect, ... (hook.js, N)
//	  api.top            // true in the top frame
//	  api.element(k)     // the element with capture id k of the latest capture
//	                     // (top frame; the data-axid of Snapshot.CaptureID)
//	  api.snapshot()     // collect now into a private table: [capture JSON, idOf(el)];
//	                     // Go's ids (Act, api.element) stay valid
//	  api.topSnapshot()  // api.snapshot of the top document from a frame of its origin
//	                     // (its capture includes the frame); null for another origin
//	  api.mask(w, native) // w's toString prints native's source
//	  api.register(name, fn)  // fn(args) is callable from Go: Page.Call(ctx, frame, name, args, &out);
//	                          // it returns a JSON-able value or a native promise of one
//	  api.send(kind, payload) // a promise of Go's answer from the Page.Handle handler of kind;
//	  api.send(kind, payload, function (err, value) {})  // or a callback, no promise
//	  api.toJSON(v), api.fromJSON(s)  // JSON that runs no page code (see below)
//	  api.listenersOf(target), api.shadowOf(host)  // the hook's notes and shadow roots
//	}
//
// What crosses the channel is JSON written from own data properties only
// (no toJSON, getter or prototype of the page is consulted) and read into
// objects and arrays without prototypes (so reading a missing field or
// resolving a promise with the value runs no page code; use api.natives to
// work on them). An extension's state is as unreachable as the hook's as
// long as it keeps it in its closure and uses api.natives, not page globals,
// after install. Two limits of JavaScript remain: a promise an extension
// awaits or returns is settled through Promise machinery a page can observe
// by replacing Promise.prototype.then or constructor (prefer the callback
// form of send, and plain return values), and an exception thrown inside
// page code the extension calls carries the page's stack. Extensions are
// trusted code: the browser runs them as given.
type Extension struct{}

// HandlerFunc answers a page -> Go request (Extension API send). Its result
// is sent back as JSON; an error rejects the page's promise with its
// message. It may call any Page method, including Capture, Act and Call,
// while the page side awaits the answer.
type HandlerFunc func(ctx context.Context, payload json.RawMessage) (any, error)

// Handle registers fn for page -> Go requests of kind (nil removes it).
// Requests of a kind with no handler are rejected.
func (p *Page) Handle(kind string, fn HandlerFunc) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if fn == nil {
		delete(p.handlers, kind)
		return
	}
	p.handlers[kind] = fn
}

// contextCreated records a default-world execution context and its frame.
func (p *Page) contextCreated(d *runtime.ExecutionContextDescription) {
	if d == nil {
		return
	}
	var aux struct {
		FrameID   cdp.FrameID `json:"frameId"`
		IsDefault bool        `json:"isDefault"`
	}
	if len(d.AuxData) > 0 {
		_ = json.Unmarshal(d.AuxData, &aux)
	}
	if !aux.IsDefault {
		return
	}
	p.mu.Lock()
	p.contexts[d.ID] = contextInfo{frame: aux.FrameID, unique: d.UniqueID}
	p.mu.Unlock()
}

// onConsole takes the hook's announcements and requests: console.debug
// calls whose first argument is the browser's secret. Everything else is
// the page's (console.error is kept for ConsoleErrors).
func (p *Page) onConsole(e *runtime.EventConsoleAPICalled) {
	if e.Type == runtime.ConsoleAPICalledTypeError && len(e.Args) > 0 {
		var parts []string
		for _, a := range e.Args {
			if a == nil {
				continue
			}
			var s string
			if a.Type == runtime.RemoteObjectTypeString && json.Unmarshal(a.Value, &s) == nil {
				parts = append(parts, s)
			} else if a.Description != "" {
				parts = append(parts, a.Description)
			} else {
				parts = append(parts, string(a.Value))
			}
		}
		p.addErr(strings.Join(parts, " "))
		return
	}
	if e.Type != runtime.ConsoleAPICalledTypeDebug || len(e.Args) < 2 || e.Args[0] == nil || e.Args[0].Type != runtime.RemoteObjectTypeString {
		return
	}
	var secret string
	if json.Unmarshal(e.Args[0].Value, &secret) != nil || secret != p.b.secret {
		return
	}
	a := e.Args[1]
	switch {
	case a != nil && a.Type == runtime.RemoteObjectTypeObject && a.ObjectID != "":
		p.mu.Lock()
		c := p.contexts[e.ExecutionContextID]
		key := hookKey(e.ExecutionContextID, c.unique)
		if _, dup := p.hooks[key]; !dup {
			p.hookSeq++
			p.hooks[key] = hookRef{ctx: e.ExecutionContextID, unique: c.unique, frame: c.frame, obj: a.ObjectID, seq: p.hookSeq}
			close(p.hookCh)
			p.hookCh = make(chan struct{})
		}
		p.mu.Unlock()
	case a != nil && a.Type == runtime.RemoteObjectTypeString && len(e.Args) >= 3 && e.Args[2] != nil:
		var kind string
		var id int64
		if json.Unmarshal(a.Value, &kind) != nil || kind != "req" || json.Unmarshal(e.Args[2].Value, &id) != nil {
			return
		}
		p.mu.Lock()
		h, ok := p.hooks[hookKey(e.ExecutionContextID, p.contexts[e.ExecutionContextID].unique)]
		p.mu.Unlock()
		if !ok {
			return
		}
		// A small request comes with its kind and payload (the document
		// may be gone before a take could reach it); else serve takes it.
		var in *inlineReq
		if len(e.Args) >= 5 && e.Args[3] != nil && e.Args[4] != nil {
			var r inlineReq
			if json.Unmarshal(e.Args[3].Value, &r.kind) == nil && json.Unmarshal(e.Args[4].Value, &r.payload) == nil && json.Valid([]byte(r.payload)) {
				in = &r
			}
		}
		go p.serve(h, id, in)
	}
}

// inlineReq is a request's kind and payload as its announcement carried
// them.
type inlineReq struct{ kind, payload string }

// serve answers request id of hook h: it takes the kind and payload from the
// page (unless in has them), runs the handler and replies.
func (p *Page) serve(h hookRef, id int64, in *inlineReq) {
	o := p.options()
	ctx, cancel := context.WithTimeout(p.alive, o.CallTimeout)
	defer cancel()
	var kind, payload string
	if in != nil {
		kind, payload = in.kind, in.payload
	} else {
		var req []json.RawMessage
		err := p.do(ctx, o.CallTimeout, func(c context.Context) error {
			return p.callOn(c, h.obj, `function(id){return this.take(id)}`, []any{id}, false, &req)
		})
		if err != nil || len(req) != 2 {
			return
		}
		if json.Unmarshal(req[0], &kind) != nil || json.Unmarshal(req[1], &payload) != nil {
			return
		}
	}
	p.mu.Lock()
	fn := p.handlers[kind]
	p.mu.Unlock()
	ok, answer := false, "no Go handler for requests of kind "+kind
	if fn != nil {
		v, err := safeHandle(ctx, fn, json.RawMessage(payload))
		if err != nil {
			answer = err.Error()
		} else if b, err := json.Marshal(v); err != nil {
			answer = "the Go handler's answer is not JSON: " + err.Error()
		} else {
			ok, answer = true, string(b)
		}
	}
	_ = p.do(context.Background(), o.CallTimeout, func(c context.Context) error {
		var done bool
		return p.callOn(c, h.obj, `function(id,ok,v){return this.reply(id,ok,v)}`, []any{id, ok, answer}, false, &done)
	})
}

// safeHandle runs fn, turning a panic into an error.
func safeHandle(ctx context.Context, fn HandlerFunc, payload json.RawMessage) (v any, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("the Go handler panicked: %v", r)
		}
	}()
	return fn(ctx, payload)
}

// hookOf returns the announced hook of frame ("" is the main frame),
// waiting for its announcement until c ends.
func (p *Page) hookOf(c context.Context, frame cdp.FrameID) (hookRef, error) {
	for {
		p.mu.Lock()
		f := frame
		if f == "" {
			f = p.mainFrame
		}
		// The latest announcement: context ids are numbered per renderer
		// process, so after a process swap a newer document's may be lower.
		var found hookRef
		ok := false
		for _, h := range p.hooks {
			if h.frame == f && (!ok || h.seq > found.seq) {
				found, ok = h, true
			}
		}
		ch := p.hookCh
		p.mu.Unlock()
		if ok {
			return found, nil
		}
		select {
		case <-ch:
		case <-c.Done():
			return hookRef{}, fmt.Errorf("%w (frame %s)", ErrNoHook, f)
		}
	}
}

// mainHook returns the main frame's hook. When it has not announced itself
// within a few seconds (a document the protocol did not reach in time), the
// hook is installed now, late, into the main world, and late says so.
func (p *Page) mainHook(c context.Context) (h hookRef, late bool, err error) {
	wc, cancel := context.WithTimeout(c, 3*time.Second)
	h, err = p.hookOf(wc, "")
	cancel()
	if err == nil {
		return h, false, nil
	}
	if c.Err() != nil {
		return hookRef{}, false, err
	}
	t := true
	if _, e := chromedp.Call(c, runtime.Evaluate, runtime.EvaluateParams{Expression: p.b.script, Silent: &t}); e != nil {
		return hookRef{}, false, e
	}
	h, err = p.hookOf(c, "")
	return h, true, err
}

// forget drops hook h (its context is gone).
func (p *Page) forget(h hookRef) {
	p.mu.Lock()
	defer p.mu.Unlock()
	key := hookKey(h.ctx, h.unique)
	if cur, ok := p.hooks[key]; ok && cur.obj == h.obj {
		delete(p.hooks, key)
	}
}

// hookKey is the key of a context's hook: its unique id (context ids are
// reused across renderer processes), or the id when the context's creation
// was not seen.
func hookKey(id runtime.ExecutionContextID, unique string) string {
	if unique != "" {
		return unique
	}
	return "#" + strconv.FormatInt(int64(id), 10)
}

// callOn calls fn (a function declaration) on the remote object obj with
// args (JSON values) and then extra (remote objects of the same context),
// and decodes the value it returns (awaited when await) into out.
func (p *Page) callOn(c context.Context, obj runtime.RemoteObjectID, fn string, args []any, await bool, out any, extra ...*runtime.CallArgument) error {
	t := true
	params := runtime.CallFunctionOnParams{FunctionDeclaration: fn, ObjectID: obj, ReturnByValue: &t, Silent: &t}
	if await {
		params.AwaitPromise = &t
	}
	for _, a := range args {
		b, err := json.Marshal(a)
		if err != nil {
			return fmt.Errorf("argument: %w", err)
		}
		params.Arguments = append(params.Arguments, &runtime.CallArgument{Value: b})
	}
	params.Arguments = append(params.Arguments, extra...)
	res, err := chromedp.Call(c, runtime.CallFunctionOn, params)
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

// isGone reports a protocol error for an object whose context is gone.
func isGone(err error) bool {
	s := err.Error()
	return strings.Contains(s, "Cannot find context") || strings.Contains(s, "Could not find object") || strings.Contains(s, "Inspected target navigated")
}

// Frames returns the ids of the page's frames whose hook has announced
// itself, the main frame first.
func (p *Page) Frames() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := []string{}
	seen := map[cdp.FrameID]bool{}
	if p.mainFrame != "" {
		for _, h := range p.hooks {
			if h.frame == p.mainFrame {
				out = append(out, string(h.frame))
				seen[h.frame] = true
				break
			}
		}
	}
	var rest []string
	for _, h := range p.hooks {
		if !seen[h.frame] {
			seen[h.frame] = true
			rest = append(rest, string(h.frame))
		}
	}
	slices.Sort(rest)
	return append(out, rest...)
}

// Call calls the page function an extension registered as name in frame
// ("" for the main frame) with args (marshalled to JSON), awaits it when it
// returns a promise, and decodes its result into out (nil: discarded). It
// waits for the frame's hook, and is bounded by Options.CallTimeout.
func (p *Page) Call(ctx context.Context, frame, name string, args, out any) error {
	a, err := json.Marshal(args)
	if err != nil {
		return fmt.Errorf("capture: call %s: arguments: %w", name, err)
	}
	o := p.options()
	var res string
	err = p.do(ctx, o.CallTimeout, func(c context.Context) error {
		h, err := p.hookOf(c, cdp.FrameID(frame))
		if err != nil {
			return err
		}
		err = p.callOn(c, h.obj, `function(n,a){return this.call(n,a)}`, []any{name, string(a)}, true, &res)
		if err != nil && isGone(err) {
			p.forget(h)
		}
		return err
	})
	if err != nil {
		if isGone(err) {
			return fmt.Errorf("capture: call %s: %w: %v", name, ErrNavigated, err)
		}
		return fmt.Errorf("capture: call %s: %w", name, err)
	}
	if res == "" {
		return fmt.Errorf("capture: call %s: the page returned nothing", name)
	}
	if res[0] == 'e' {
		return fmt.Errorf("capture: call %s: %s", name, res[1:])
	}
	if out == nil {
		return nil
	}
	if err := json.Unmarshal([]byte(res[1:]), out); err != nil {
		return fmt.Errorf("capture: call %s: result: %w", name, err)
	}
	return nil
}

// Terminate stops the JavaScript running in the page's main thread now (a
// program stuck in a loop); a pending Call then fails.
func (p *Page) Terminate(ctx context.Context) error {
	err := p.do(ctx, p.options().CallTimeout, func(c context.Context) error {
		_, err := chromedp.Call(c, runtime.TerminateExecution, cdp.Empty{})
		return err
	})
	if err != nil {
		return fmt.Errorf("capture: terminate: %w", err)
	}
	return nil
}

// Eval evaluates expr in an isolated world of the main frame (its own
// globals; the DOM shared with the page, whose script cannot reach it),
// awaits a promise, and decodes the value into out (nil: discarded). For
// trusted tooling and tests; the page's own globals are not visible.
func (p *Page) Eval(ctx context.Context, expr string, out any) error {
	o := p.options()
	var val []byte
	err := p.do(ctx, o.CallTimeout, func(c context.Context) error {
		p.mu.Lock()
		f := p.mainFrame
		p.mu.Unlock()
		w, err := chromedp.Call(c, page.CreateIsolatedWorld, page.CreateIsolatedWorldParams{FrameID: f, WorldName: "axtree-eval"})
		if err != nil {
			return err
		}
		t := true
		res, err := chromedp.Call(c, runtime.Evaluate, runtime.EvaluateParams{Expression: expr, ContextID: w.ExecutionContextID, ReturnByValue: &t, AwaitPromise: &t, Silent: &t})
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
		if res.Result != nil {
			val = res.Result.Value
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("capture: eval: %w", err)
	}
	if out == nil {
		return nil
	}
	if len(val) == 0 {
		val = []byte("null")
	}
	if err := json.Unmarshal(val, out); err != nil {
		return fmt.Errorf("capture: eval: result: %w", err)
	}
	return nil
}

// Screenshot returns a PNG of the page's viewport.
func (p *Page) Screenshot(ctx context.Context) ([]byte, error) {
	var data []byte
	err := p.do(ctx, p.options().CallTimeout, func(c context.Context) error {
		res, err := chromedp.Call(c, page.CaptureScreenshot, page.CaptureScreenshotParams{Format: page.CaptureScreenshotFormatPng})
		if err != nil {
			return err
		}
		data = res.Data
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("capture: screenshot: %w", err)
	}
	// cdproto decodes the base64 into Data; tolerate a raw base64 answer.
	if len(data) > 8 && string(data[1:4]) != "PNG" {
		if dec, err := base64.StdEncoding.DecodeString(string(data)); err == nil {
			data = dec
		}
	}
	return data, nil
}

// MouseClick sends a trusted left click (move, press, release) at viewport
// point (x, y) of the top-level page.
func (p *Page) MouseClick(ctx context.Context, x, y float64) error {
	return p.input(ctx, "mouse click", func(c context.Context) error { return mouseClick(c, x, y) })
}

// InsertText inserts text as typed into the focused element (trusted
// beforeinput and input events; no key events).
func (p *Page) InsertText(ctx context.Context, text string) error {
	return p.input(ctx, "insert text", func(c context.Context) error { return insertText(c, text) })
}

// Press sends a trusted key press (down, up) of key: a DOM key value such
// as "Enter", "Tab", "Escape", "Backspace", "Delete", "ArrowDown", "Home",
// "PageDown", or one character.
func (p *Page) Press(ctx context.Context, key string) error {
	k, ok := keyOf(key)
	if !ok {
		return fmt.Errorf("capture: press: unknown key %q", key)
	}
	return p.input(ctx, "press "+key, func(c context.Context) error {
		down := input.DispatchKeyEventParams{Type: input.DispatchKeyEventTypeKeyDown, Key: k.key, Code: k.code, WindowsVirtualKeyCode: k.vk, NativeVirtualKeyCode: k.vk, Text: k.text, UnmodifiedText: k.text}
		if k.text == "" {
			down.Type = input.DispatchKeyEventTypeRawKeyDown
		}
		if _, err := chromedp.Call(c, input.DispatchKeyEvent, down); err != nil {
			return err
		}
		up := input.DispatchKeyEventParams{Type: input.DispatchKeyEventTypeKeyUp, Key: k.key, Code: k.code, WindowsVirtualKeyCode: k.vk, NativeVirtualKeyCode: k.vk}
		_, err := chromedp.Call(c, input.DispatchKeyEvent, up)
		return err
	})
}

func (p *Page) input(ctx context.Context, what string, fn func(context.Context) error) error {
	if err := p.do(ctx, p.options().ActTimeout, fn); err != nil {
		return fmt.Errorf("capture: %s: %w", what, err)
	}
	return nil
}

type keyDef struct {
	key, code, text string
	vk              int64
}

var namedKeys = map[string]keyDef{
	"Enter": {"Enter", "Enter", "\r", 13}, "Tab": {"Tab", "Tab", "", 9}, "Escape": {"Escape", "Escape", "", 27},
	"Backspace": {"Backspace", "Backspace", "", 8}, "Delete": {"Delete", "Delete", "", 46}, " ": {" ", "Space", " ", 32},
	"ArrowLeft": {"ArrowLeft", "ArrowLeft", "", 37}, "ArrowUp": {"ArrowUp", "ArrowUp", "", 38},
	"ArrowRight": {"ArrowRight", "ArrowRight", "", 39}, "ArrowDown": {"ArrowDown", "ArrowDown", "", 40},
	"Home": {"Home", "Home", "", 36}, "End": {"End", "End", "", 35}, "PageUp": {"PageUp", "PageUp", "", 33}, "PageDown": {"PageDown", "PageDown", "", 34},
}

// keyOf returns the definition of a named key or of one character.
func keyOf(key string) (keyDef, bool) {
	if k, ok := namedKeys[key]; ok {
		return k, true
	}
	r := []rune(key)
	if len(r) != 1 {
		return keyDef{}, false
	}
	c := r[0]
	k := keyDef{key: key, text: key}
	switch {
	case c >= 'a' && c <= 'z':
		k.code, k.vk = "Key"+strings.ToUpper(key), int64(c-'a'+'A')
	case c >= 'A' && c <= 'Z':
		k.code, k.vk = "Key"+key, int64(c)
	case c >= '0' && c <= '9':
		k.code, k.vk = "Digit"+key, int64(c)
	}
	return k, true
}

// mouseClick dispatches a trusted left click at (x, y).
func mouseClick(c context.Context, x, y float64) error {
	for _, typ := range []input.DispatchMouseEventType{input.DispatchMouseEventTypeMouseMoved, input.DispatchMouseEventTypeMousePressed, input.DispatchMouseEventTypeMouseReleased} {
		ev := input.DispatchMouseEventParams{Type: typ, X: x, Y: y}
		if typ != input.DispatchMouseEventTypeMouseMoved {
			ev.Button, ev.ClickCount = input.MouseButtonLeft, 1
			if typ == input.DispatchMouseEventTypeMousePressed {
				ev.Buttons = 1
			}
		}
		if _, err := chromedp.Call(c, input.DispatchMouseEvent, ev); err != nil {
			return err
		}
	}
	return nil
}

// insertText inserts text into the focused element.
func insertText(c context.Context, text string) error {
	_, err := chromedp.Call(c, input.InsertText, input.InsertTextParams{Text: text})
	return err
}
