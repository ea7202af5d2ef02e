package runtime

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/net/html"

	"github.com/axtree/axtree/capture"
	"github.com/axtree/axtree/dom"
	"github.com/axtree/axtree/wire"
)

//go:embed record.js
var recordJS string

// Recording records a Session's page while a person (or a scripted user)
// does a task: the page's requests, from the in-page patch (below any
// wrapper the site adds to fetch) with the DevTools Network domain as the
// correlated fallback for what the patch cannot see, and the DOM actions,
// named by the Go renderer. Stop it to get the HAR and the action timeline.
type Recording struct {
	s      *Session
	cancel context.CancelFunc

	mu      sync.Mutex
	net     []netRec
	cdp     []capture.NetEvent
	acts    []*recorded
	pending sync.WaitGroup
	warn    []string
}

// netRec is one request the in-page patch saw.
type netRec struct {
	ID          int        `json:"id"`
	Kind        string     `json:"kind"` // fetch, xhr, beacon
	T           float64    `json:"t"`    // wall-clock ms since the epoch
	Page        string     `json:"page"`
	Method      string     `json:"method"`
	URL         string     `json:"url"`
	Headers     [][]string `json:"headers"`
	Cookie      string     `json:"cookie"`
	Body        *bodyRec   `json:"body"`
	Status      int        `json:"status"`
	StatusText  string     `json:"statusText"`
	RespHeaders [][]string `json:"respHeaders"`
	Resp        *bodyRec   `json:"resp"`
	MS          float64    `json:"ms"`
	Error       string     `json:"error"`
	Note        string     `json:"note"`

	abs     string // resolved URL
	matched bool
}

type bodyRec struct {
	Text      string `json:"text"`
	Encoding  string `json:"encoding"`
	Mime      string `json:"mime"`
	Size      int    `json:"size"`
	Truncated bool   `json:"truncated"`
	Note      string `json:"note"`
	Params    []struct {
		Name        string `json:"name"`
		Value       string `json:"value"`
		FileName    string `json:"fileName"`
		ContentType string `json:"contentType"`
	} `json:"params"`
}

// recorded is one DOM action.
type recorded struct {
	Seq    int     `json:"seq"`
	Type   string  `json:"type"`
	T      float64 `json:"t"`
	URL    string  `json:"url"`
	Raw    string  `json:"raw"`
	K      int     `json:"k"`
	Value  string  `json:"value"`
	Key    string  `json:"key"`
	Secret bool    `json:"secret"`
	// Realm tells the frames' action numbers apart; Frame is set for an
	// action in a frame (URL is then the frame's document until resolve
	// takes the top document's from the snapshot).
	Realm string `json:"realm"`
	Frame bool   `json:"frame"`

	id         int
	role, name string
	frameURL   string
}

// Record starts recording the session's page. The session's Browser must
// have been started with Options.Record. Stop ends it.
func (s *Session) Record(ctx context.Context) (*Recording, error) {
	r := &Recording{s: s}
	lctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	r.cancel = cancel
	s.page.Handle("rec.net", r.onNet)
	s.page.Handle("rec.action", r.onAction)
	s.page.Handle("rec.value", r.onValue)
	s.page.Handle("rec.warn", func(ctx context.Context, raw json.RawMessage) (any, error) {
		var w struct {
			Msg string `json:"msg"`
		}
		_ = json.Unmarshal(raw, &w)
		r.mu.Lock()
		if len(r.warn) < 50 {
			r.warn = append(r.warn, w.Msg)
		}
		r.mu.Unlock()
		return true, nil
	})
	err := s.page.OnNetwork(lctx, capture.NetOptions{Body: func(t string) bool { return t == "Document" }}, func(ev capture.NetEvent) {
		r.mu.Lock()
		r.cdp = append(r.cdp, ev)
		r.mu.Unlock()
	})
	if err != nil {
		cancel()
		return nil, fmt.Errorf("runtime: record: %w", err)
	}
	return r, nil
}

func (r *Recording) onNet(ctx context.Context, raw json.RawMessage) (any, error) {
	var n netRec
	if err := json.Unmarshal(raw, &n); err != nil {
		return nil, err
	}
	r.mu.Lock()
	r.net = append(r.net, n)
	r.mu.Unlock()
	return true, nil
}

func (r *Recording) onAction(ctx context.Context, raw json.RawMessage) (any, error) {
	var a recorded
	if err := json.Unmarshal(raw, &a); err != nil {
		return nil, err
	}
	r.pending.Add(1)
	defer r.pending.Done()
	if a.Raw != "" && a.K > 0 {
		if err := a.resolve(); err != nil {
			r.mu.Lock()
			r.warn = append(r.warn, fmt.Sprintf("action %d (%s): the element could not be named: %v", a.Seq, a.Type, err))
			r.mu.Unlock()
		}
	}
	a.Raw = ""
	r.mu.Lock()
	r.acts = append(r.acts, &a)
	r.mu.Unlock()
	return true, nil
}

func (r *Recording) onValue(ctx context.Context, raw json.RawMessage) (any, error) {
	var v struct {
		Seq   int     `json:"seq"`
		Realm string  `json:"realm"`
		Value string  `json:"value"`
		T     float64 `json:"t"`
	}
	if err := json.Unmarshal(raw, &v); err != nil {
		return nil, err
	}
	// The action may still be being named: wait for it.
	for range 200 {
		r.mu.Lock()
		for _, a := range r.acts {
			if a.Seq == v.Seq && a.Realm == v.Realm {
				a.Value = v.Value
				r.mu.Unlock()
				return true, nil
			}
		}
		r.mu.Unlock()
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(10 * time.Millisecond):
		}
	}
	return nil, errors.New("no such action")
}

// name renders the action's snapshot and names its element: the nearest
// element, from the one acted on up, that the tree gives an id.
func (a *recorded) resolve() error {
	snap, err := capture.Decode([]byte(a.Raw), wire.Limits{})
	if err != nil {
		return err
	}
	if a.Frame && snap.Meta != nil {
		// The top document's snapshot: the action is on its page, in a frame.
		a.frameURL, a.URL = a.URL, snap.Meta.URL
	}
	chain := ancestry(snap.Doc, strconv.Itoa(a.K))
	if chain == nil {
		return fmt.Errorf("capture id %d is not in the snapshot", a.K)
	}
	tree := snap.Result.Tree
	ids := map[*html.Node]int{}
	for _, id := range tree.IDs() {
		if n := tree.Node(id); n != nil {
			ids[n] = id
		}
	}
	for _, n := range chain {
		if id, ok := ids[n]; ok {
			o := &observation{snap: snap}
			if node := o.node(id); node != nil {
				a.id, a.role, a.name = id, node.Role, node.Name
				return nil
			}
		}
	}
	return errors.New("no element of the tree contains it")
}

// ancestry returns the element with capture id want (data-axid) in d or
// in a frame document below it, then its ancestors, nearest first: up
// through its document, then from the frame element that shows it; nil
// when there is none.
func ancestry(d *dom.Doc, want string) []*html.Node {
	for _, n := range d.Elements {
		if v, ok := dom.Attr(n, "data-axid"); ok && v == want {
			var chain []*html.Node
			for p := n; p != nil; p = d.Parent(p) {
				chain = append(chain, p)
			}
			return chain
		}
	}
	for _, n := range d.Elements {
		if sub := d.Frame(n); sub != nil {
			if chain := ancestry(sub, want); chain != nil {
				for p := n; p != nil; p = d.Parent(p) {
					chain = append(chain, p)
				}
				return chain
			}
		}
	}
	return nil
}

// Recorded is what a Recording produced.
type Recorded struct {
	// HAR is the network capture, HAR 1.2.
	HAR []byte
	// Actions is the DOM action timeline in the format netcap reads
	// ([{"time", "id", "role", "name", "action", "value"?, "url", "frame"?, "key"?,
	// "secret"?}]).
	Actions []byte
	// Entries and Steps count what was recorded.
	Entries, Steps int
	// Warnings say what could not be recorded.
	Warnings []string
}

// Stop ends the recording and builds its files. It waits up to a second
// for requests and actions still on their way from the page.
func (r *Recording) Stop() (*Recorded, error) {
	time.Sleep(300 * time.Millisecond) // the page's last messages
	done := make(chan struct{})
	go func() { r.pending.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(time.Second):
	}
	r.cancel()
	r.s.page.Handle("rec.net", nil)
	r.s.page.Handle("rec.action", nil)
	r.s.page.Handle("rec.value", nil)
	r.s.page.Handle("rec.warn", nil)
	r.mu.Lock()
	defer r.mu.Unlock()
	out := &Recorded{Warnings: append([]string(nil), r.warn...)}
	har, n := buildHAR(r.net, r.cdp)
	out.HAR, out.Entries = har, n
	acts := append([]*recorded(nil), r.acts...)
	// In time order (the frames number their actions each on their own).
	sort.SliceStable(acts, func(i, j int) bool {
		if acts[i].T != acts[j].T {
			return acts[i].T < acts[j].T
		}
		if acts[i].Realm != acts[j].Realm {
			return acts[i].Realm < acts[j].Realm
		}
		return acts[i].Seq < acts[j].Seq
	})
	type action struct {
		Time   string `json:"time"`
		ID     int    `json:"id"`
		Role   string `json:"role"`
		Name   string `json:"name"`
		Action string `json:"action"`
		Value  string `json:"value,omitempty"`
		URL    string `json:"url,omitempty"`
		Frame  string `json:"frame,omitempty"` // the frame's document, for an action in a frame
		Key    string `json:"key,omitempty"`
		Secret bool   `json:"secret,omitempty"`
	}
	list := []action{}
	for _, a := range acts {
		v := a.Value
		if a.Secret {
			v = ""
		}
		list = append(list, action{Time: msTime(a.T), ID: a.id, Role: a.role, Name: a.name, Action: a.Type, Value: v, URL: a.URL, Frame: a.frameURL, Key: a.Key, Secret: a.Secret})
	}
	out.Steps = len(list)
	var err error
	out.Actions, err = json.MarshalIndent(list, "", "  ")
	if err != nil {
		return nil, err
	}
	return out, nil
}

func msTime(t float64) string {
	sec := int64(t / 1000)
	ns := int64((t - float64(sec)*1000) * 1e6)
	return time.Unix(sec, ns).UTC().Format(time.RFC3339Nano)
}

// HAR 1.2 types (the fields axtree writes).
type harLog struct {
	Log struct {
		Version string     `json:"version"`
		Creator harCreator `json:"creator"`
		Pages   []harPage  `json:"pages"`
		Entries []harEntry `json:"entries"`
	} `json:"log"`
}

type harCreator struct {
	Name    string `json:"name"`
	Version string `json:"version"`
}

type harPage struct {
	StartedDateTime string         `json:"startedDateTime"`
	ID              string         `json:"id"`
	Title           string         `json:"title"`
	PageTimings     map[string]int `json:"pageTimings"`
}

type harNV struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

type harPost struct {
	MimeType string `json:"mimeType"`
	Text     string `json:"text,omitempty"`
	Encoding string `json:"encoding,omitempty"`
	Params   []struct {
		Name        string `json:"name"`
		Value       string `json:"value,omitempty"`
		FileName    string `json:"fileName,omitempty"`
		ContentType string `json:"contentType,omitempty"`
	} `json:"params,omitempty"`
	Comment string `json:"comment,omitempty"`
}

type harContent struct {
	Size     int    `json:"size"`
	MimeType string `json:"mimeType"`
	Text     string `json:"text,omitempty"`
	Encoding string `json:"encoding,omitempty"`
	Comment  string `json:"comment,omitempty"`
}

type harEntry struct {
	Pageref         string  `json:"pageref,omitempty"`
	StartedDateTime string  `json:"startedDateTime"`
	Time            float64 `json:"time"`
	Request         struct {
		Method      string   `json:"method"`
		URL         string   `json:"url"`
		HTTPVersion string   `json:"httpVersion"`
		Headers     []harNV  `json:"headers"`
		QueryString []harNV  `json:"queryString"`
		Cookies     []harNV  `json:"cookies"`
		HeadersSize int      `json:"headersSize"`
		BodySize    int      `json:"bodySize"`
		PostData    *harPost `json:"postData,omitempty"`
	} `json:"request"`
	Response struct {
		Status      int        `json:"status"`
		StatusText  string     `json:"statusText"`
		HTTPVersion string     `json:"httpVersion"`
		Headers     []harNV    `json:"headers"`
		Cookies     []harNV    `json:"cookies"`
		Content     harContent `json:"content"`
		RedirectURL string     `json:"redirectURL"`
		HeadersSize int        `json:"headersSize"`
		BodySize    int        `json:"bodySize"`
	} `json:"response"`
	Cache   struct{}           `json:"cache"`
	Timings map[string]float64 `json:"timings"`
	// ResourceType is Chrome's _resourceType (document, fetch, xhr, ping, ...).
	ResourceType string `json:"_resourceType"`
	// Source says which view recorded the entry: "page" (the in-page
	// patch) or "network" (the DevTools Network domain).
	Source string `json:"_source"`
	start  time.Time
}

// csrfCookie reports cookie names netcap reads as CSRF tokens: the HAR
// keeps their values (subroutine make needs them to find the token's
// header); every other cookie value is redacted.
func csrfCookie(name string) bool {
	switch strings.ToLower(name) {
	case "ct0", "xsrf-token", "csrftoken", "_csrf", "csrf_token", "csrf-token":
		return true
	}
	return false
}

// Redacted is the value the recorder writes in place of a credential.
const Redacted = "[redacted by axtree record]"

var secretField = regexp.MustCompile(`(?i)pass(word|wd|phrase)?|pwd|secret|otp|one.?time|cvc|cvv|card.?num|pan\b|pin\b`)

func redactCookieHeader(v string) string {
	parts := strings.Split(v, ";")
	for i, p := range parts {
		k, _, ok := strings.Cut(strings.TrimSpace(p), "=")
		if ok && !csrfCookie(k) {
			parts[i] = " " + k + "=" + Redacted
			if i == 0 {
				parts[i] = k + "=" + Redacted
			}
		}
	}
	return strings.Join(parts, ";")
}

func redactSetCookie(v string) string {
	nv, rest, _ := strings.Cut(v, ";")
	k, _, ok := strings.Cut(nv, "=")
	if !ok || csrfCookie(strings.TrimSpace(k)) {
		return v
	}
	if rest != "" {
		rest = ";" + rest
	}
	return strings.TrimSpace(k) + "=" + Redacted + rest
}

func redactHeader(name, value string) string {
	switch strings.ToLower(name) {
	case "cookie":
		return redactCookieHeader(value)
	case "set-cookie":
		var lines []string
		for _, l := range strings.Split(value, "\n") {
			lines = append(lines, redactSetCookie(l))
		}
		return strings.Join(lines, "\n")
	case "authorization", "proxy-authorization", "x-api-key", "api-key", "x-auth-token", "x-amz-security-token":
		return Redacted
	}
	return value
}

// redactForm redacts the values of password-like fields of a form body.
func redactForm(s string) string {
	parts := strings.Split(s, "&")
	for i, kv := range parts {
		k, _, ok := strings.Cut(kv, "=")
		dk, _ := url.QueryUnescape(k)
		if ok && secretField.MatchString(dk) {
			parts[i] = k + "=" + url.QueryEscape(Redacted)
		}
	}
	return strings.Join(parts, "&")
}

// redactJSON redacts string values of password-like keys of a JSON body.
func redactJSON(s string) string {
	var v any
	d := json.NewDecoder(strings.NewReader(s))
	d.UseNumber()
	if err := d.Decode(&v); err != nil {
		return s
	}
	changed := false
	var walk func(v any) any
	walk = func(v any) any {
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				if _, isStr := e.(string); isStr && secretField.MatchString(k) {
					x[k] = Redacted
					changed = true
					continue
				}
				x[k] = walk(e)
			}
		case []any:
			for i := range x {
				x[i] = walk(x[i])
			}
		}
		return v
	}
	v = walk(v)
	if !changed {
		return s
	}
	b, err := json.Marshal(v)
	if err != nil {
		return s
	}
	return string(b)
}

func redactBody(mime, text string) string {
	m := strings.ToLower(mime)
	t := strings.TrimSpace(text)
	switch {
	case strings.Contains(m, "x-www-form-urlencoded"):
		return redactForm(text)
	case strings.Contains(m, "json") || strings.HasPrefix(t, "{"):
		return redactJSON(text)
	case strings.Contains(text, "=") && !strings.ContainsAny(t, " \n{<"):
		return redactForm(text)
	}
	return text
}

func nvs(hs [][]string) []harNV {
	out := make([]harNV, 0, len(hs))
	for _, h := range hs {
		if len(h) == 2 {
			out = append(out, harNV{Name: h[0], Value: redactHeader(h[0], h[1])})
		}
	}
	return out
}

func header(hs []harNV, name string) string {
	for _, h := range hs {
		if strings.EqualFold(h.Name, name) {
			return h.Value
		}
	}
	return ""
}

func queryOf(u string) []harNV {
	out := []harNV{}
	p, err := url.Parse(u)
	if err != nil {
		return out
	}
	for _, kv := range strings.Split(p.RawQuery, "&") {
		if kv == "" {
			continue
		}
		k, v, _ := strings.Cut(kv, "=")
		dk, _ := url.QueryUnescape(k)
		dv, _ := url.QueryUnescape(v)
		out = append(out, harNV{Name: dk, Value: dv})
	}
	return out
}

func cookiesOf(v string) []harNV {
	out := []harNV{}
	for _, p := range strings.Split(v, ";") {
		k, val, ok := strings.Cut(strings.TrimSpace(p), "=")
		if ok {
			out = append(out, harNV{Name: k, Value: val})
		}
	}
	return out
}

func setCookiesOf(hs []harNV) []harNV {
	out := []harNV{}
	for _, h := range hs {
		if strings.EqualFold(h.Name, "set-cookie") {
			for _, l := range strings.Split(h.Value, "\n") {
				nv, _, _ := strings.Cut(l, ";")
				k, v, ok := strings.Cut(nv, "=")
				if ok {
					out = append(out, harNV{Name: strings.TrimSpace(k), Value: v})
				}
			}
		}
	}
	return out
}

func resourceType(kind string) string {
	switch kind {
	case "fetch":
		return "fetch"
	case "xhr":
		return "xhr"
	case "beacon":
		return "ping"
	}
	return "other"
}

// buildHAR merges the patch's requests with the Network domain's: a
// fetch, XHR or beacon the patch saw is its entry, completed by the
// protocol's view (the headers the browser added, status, protocol); the
// protocol's other requests (documents, form posts, subresources, what
// service workers and workers sent) are entries of their own.
func buildHAR(recs []netRec, evs []capture.NetEvent) ([]byte, int) {
	var h harLog
	h.Log.Version = "1.2"
	h.Log.Creator = harCreator{Name: "axtree record", Version: "1"}
	for i := range recs {
		r := &recs[i]
		r.abs = r.URL
		if base, err := url.Parse(r.Page); err == nil {
			if u, err := base.Parse(r.URL); err == nil {
				r.abs = u.String()
			}
		}
	}
	sort.SliceStable(recs, func(i, j int) bool { return recs[i].T < recs[j].T })
	var entries []harEntry
	used := make([]bool, len(evs))
	for i := range recs {
		r := &recs[i]
		e := harEntry{Source: "page", ResourceType: resourceType(r.Kind)}
		e.start = time.UnixMilli(int64(r.T)).Add(time.Duration((r.T - float64(int64(r.T))) * 1e6))
		e.Request.Method, e.Request.URL = r.Method, r.abs
		e.Request.Headers = nvs(r.Headers)
		// The protocol's view of the same request (same method and URL,
		// started within 3 s): the headers the browser added, the status.
		var ev *capture.NetEvent
		for j := range evs {
			x := &evs[j]
			if used[j] || x.Method != r.Method || x.URL != r.abs || (x.Type != "Fetch" && x.Type != "XHR" && x.Type != "Ping" && x.Type != "Other") {
				continue
			}
			if d := x.Start.Sub(e.start); d < -3*time.Second || d > 3*time.Second {
				continue
			}
			used[j], ev = true, x
			break
		}
		if ev != nil {
			have := map[string]bool{}
			for _, hh := range e.Request.Headers {
				have[strings.ToLower(hh.Name)] = true
			}
			for _, hh := range ev.RequestHeaders {
				if !have[strings.ToLower(hh.Name)] && !strings.HasPrefix(hh.Name, ":") {
					e.Request.Headers = append(e.Request.Headers, harNV{Name: hh.Name, Value: redactHeader(hh.Name, hh.Value)})
				}
			}
			e.Request.HTTPVersion = ev.Protocol
			if r.Status <= 0 {
				r.Status, r.StatusText = ev.Status, ev.StatusText
				r.RespHeaders = nil
				for _, hh := range ev.ResponseHeaders {
					r.RespHeaders = append(r.RespHeaders, []string{hh.Name, hh.Value})
				}
			}
		} else if c := header(e.Request.Headers, "cookie"); c == "" && r.Cookie != "" && r.Kind != "beacon" {
			// The page's cookies as document.cookie shows them.
			e.Request.Headers = append(e.Request.Headers, harNV{Name: "Cookie", Value: redactCookieHeader(r.Cookie)})
		}
		e.Request.Cookies = cookiesOf(header(e.Request.Headers, "cookie"))
		e.Request.QueryString = queryOf(r.abs)
		if b := r.Body; b != nil {
			mime := b.Mime
			if mime == "" {
				mime = header(e.Request.Headers, "content-type")
			}
			pd := &harPost{MimeType: mime, Text: b.Text, Encoding: b.Encoding, Comment: b.Note}
			if b.Encoding == "" {
				pd.Text = redactBody(mime, b.Text)
			}
			for _, p := range b.Params {
				q := struct {
					Name        string `json:"name"`
					Value       string `json:"value,omitempty"`
					FileName    string `json:"fileName,omitempty"`
					ContentType string `json:"contentType,omitempty"`
				}{p.Name, p.Value, p.FileName, p.ContentType}
				if secretField.MatchString(p.Name) {
					q.Value = Redacted
				}
				pd.Params = append(pd.Params, q)
			}
			e.Request.PostData = pd
			e.Request.BodySize = len(b.Text)
		}
		e.Response.Status, e.Response.StatusText = r.Status, r.StatusText
		if r.Status < 0 {
			e.Response.Status, e.Response.StatusText = 0, "(the browser refused to queue the beacon)"
		}
		e.Response.Headers = nvs(r.RespHeaders)
		e.Response.Cookies = setCookiesOf(e.Response.Headers)
		e.Response.Content.MimeType = header(e.Response.Headers, "content-type")
		if b := r.Resp; b != nil {
			e.Response.Content.Size = b.Size
			e.Response.Content.Text, e.Response.Content.Encoding = b.Text, b.Encoding
			if b.Truncated {
				e.Response.Content.Comment = "[truncated=body] the recorder keeps the first 256 KiB"
			}
		}
		if r.Error != "" {
			e.Response.StatusText = "(failed: " + r.Error + ")"
		}
		e.Response.BodySize = -1
		e.Request.HeadersSize, e.Response.HeadersSize = -1, -1
		e.Time = r.MS
		e.Timings = map[string]float64{"send": 0, "wait": r.MS, "receive": 0}
		entries = append(entries, e)
	}
	pages := []harPage{}
	for j := range evs {
		if used[j] {
			continue
		}
		x := &evs[j]
		e := harEntry{Source: "network", ResourceType: strings.ToLower(x.Type), start: x.Start}
		if e.ResourceType == "" {
			e.ResourceType = "other"
		}
		e.Request.Method, e.Request.URL, e.Request.HTTPVersion = x.Method, x.URL, x.Protocol
		for _, hh := range x.RequestHeaders {
			if !strings.HasPrefix(hh.Name, ":") {
				e.Request.Headers = append(e.Request.Headers, harNV{Name: hh.Name, Value: redactHeader(hh.Name, hh.Value)})
			}
		}
		e.Request.Cookies = cookiesOf(header(e.Request.Headers, "cookie"))
		e.Request.QueryString = queryOf(x.URL)
		if x.PostData != "" {
			ct := header(e.Request.Headers, "content-type")
			e.Request.PostData = &harPost{MimeType: ct, Text: redactBody(ct, x.PostData)}
			e.Request.BodySize = len(x.PostData)
		}
		e.Response.Status, e.Response.StatusText, e.Response.HTTPVersion = x.Status, x.StatusText, x.Protocol
		for _, hh := range x.ResponseHeaders {
			e.Response.Headers = append(e.Response.Headers, harNV{Name: hh.Name, Value: redactHeader(hh.Name, hh.Value)})
		}
		e.Response.Cookies = setCookiesOf(e.Response.Headers)
		e.Response.Content.MimeType = x.MimeType
		e.Response.RedirectURL = header(e.Response.Headers, "location")
		if len(x.Body) > 0 {
			e.Response.Content.Size = len(x.Body)
			if isText(x.Body) {
				e.Response.Content.Text = string(x.Body)
			} else {
				e.Response.Content.Text, e.Response.Content.Encoding = base64.StdEncoding.EncodeToString(x.Body), "base64"
			}
		} else if x.BodyErr != "" {
			e.Response.Content.Comment = "body not recorded: " + x.BodyErr
		}
		if x.Failed != "" {
			e.Response.StatusText = "(failed: " + x.Failed + ")"
		}
		e.Response.BodySize, e.Request.HeadersSize, e.Response.HeadersSize = -1, -1, -1
		e.Time = ms(x.Duration)
		e.Timings = map[string]float64{"send": 0, "wait": e.Time, "receive": 0}
		entries = append(entries, e)
	}
	sort.SliceStable(entries, func(i, j int) bool { return entries[i].start.Before(entries[j].start) })
	for i := range entries {
		e := &entries[i]
		e.StartedDateTime = e.start.UTC().Format(time.RFC3339Nano)
		if e.ResourceType == "document" && e.Request.Method == "GET" {
			pages = append(pages, harPage{StartedDateTime: e.StartedDateTime, ID: fmt.Sprintf("page_%d", len(pages)+1), Title: e.Request.URL, PageTimings: map[string]int{}})
		}
		if len(pages) > 0 {
			e.Pageref = pages[len(pages)-1].ID
		}
		if e.Request.Headers == nil {
			e.Request.Headers = []harNV{}
		}
		if e.Response.Headers == nil {
			e.Response.Headers = []harNV{}
		}
		if e.Request.HTTPVersion == "" {
			e.Request.HTTPVersion = "HTTP/1.1"
		}
		if e.Response.HTTPVersion == "" {
			e.Response.HTTPVersion = e.Request.HTTPVersion
		}
	}
	h.Log.Pages = pages
	h.Log.Entries = entries
	if h.Log.Entries == nil {
		h.Log.Entries = []harEntry{}
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	_ = enc.Encode(&h)
	return buf.Bytes(), len(entries)
}

func isText(b []byte) bool {
	return !bytes.ContainsRune(b, 0) && strings.ToValidUTF8(string(b), "") == string(b)
}
