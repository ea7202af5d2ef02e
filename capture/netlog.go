package capture

// This file is the runtime's (issue 14): the recorder's fallback view of
// the page's traffic through the DevTools Network domain, for what its
// in-page patch cannot see (navigations, form posts, service workers,
// subresources). It only listens; it changes nothing of the Page.

import (
	"context"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// Header is a name/value pair of a request or response.
type Header struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// NetEvent is one request of the page as the Network domain saw it, sent
// when it finished or failed (a redirect is one NetEvent per hop).
type NetEvent struct {
	RequestID string
	// Type is the protocol's resource type: Document, XHR, Fetch, Ping,
	// Script, Stylesheet, Image, Font, Preflight, Other, ...
	Type   string
	Method string
	URL    string
	Frame  string
	// Start is the request's wall-clock start; Duration until it ended.
	Start    time.Time
	Duration time.Duration
	// RequestHeaders are all headers sent (the raw ones, cookies included,
	// when the protocol reports them), sorted by name.
	RequestHeaders []Header
	PostData       string
	Status         int
	StatusText     string
	Protocol       string
	// ResponseHeaders are the response's headers (raw, Set-Cookie
	// included, when reported), sorted by name.
	ResponseHeaders []Header
	MimeType        string
	// Body is the response body (decoded) when NetOptions.Body asked for
	// it; BodyErr says why it is missing.
	Body    []byte
	BodyErr string
	// Failed is the error text of a failed request ("" when it finished).
	Failed        string
	ServiceWorker bool
	// Initiator is the protocol's initiator type (parser, script, other...).
	Initiator string
}

// NetOptions tune OnNetwork.
type NetOptions struct {
	// Body reports whether to fetch the response body of a finished
	// request of this type (the body is read once the request finished).
	Body func(typ string) bool
	// MaxBody caps a fetched body, in bytes (longer ones are dropped with
	// BodyErr set); default 1 MiB.
	MaxBody int
}

// OnNetwork calls fn for every request of the page that finishes or fails
// until ctx ends. fn runs on its own goroutine, one event at a time, in
// the order requests ended.
func (p *Page) OnNetwork(ctx context.Context, opt NetOptions, fn func(NetEvent)) error {
	if opt.MaxBody <= 0 {
		opt.MaxBody = 1 << 20
	}
	l := &netLog{p: p, opt: opt, fn: fn, open: map[network.RequestID]*NetEvent{}, extraReq: map[network.RequestID][]Header{}, extraRes: map[network.RequestID][]Header{}, queue: make(chan NetEvent, 4096)}
	lctx, cancel := context.WithCancel(p.ctx)
	stop := context.AfterFunc(ctx, cancel)
	go func() {
		defer stop()
		for {
			select {
			case ev := <-l.queue:
				l.finish(lctx, ev)
			case <-lctx.Done():
				for {
					select {
					case ev := <-l.queue:
						fn(ev)
					default:
						return
					}
				}
			}
		}
	}()
	return chromedp.Listen(lctx, l.on)
}

type netLog struct {
	p   *Page
	opt NetOptions
	fn  func(NetEvent)

	mu       sync.Mutex
	open     map[network.RequestID]*NetEvent
	mono     map[network.RequestID]float64
	extraReq map[network.RequestID][]Header
	extraRes map[network.RequestID][]Header
	queue    chan NetEvent
}

func wallTime(t cdp.TimeSinceEpoch) time.Time {
	f := float64(t)
	sec := int64(f)
	return time.Unix(sec, int64((f-float64(sec))*1e9))
}

func headersOf(h network.Headers) []Header {
	out := make([]Header, 0, len(h))
	for k, v := range h {
		s, _ := v.(string)
		out = append(out, Header{Name: k, Value: s})
	}
	sort.Slice(out, func(i, j int) bool { return strings.ToLower(out[i].Name) < strings.ToLower(out[j].Name) })
	return out
}

// on runs on chromedp's reader goroutine: fast, no protocol calls.
func (l *netLog) on(ev any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	switch e := ev.(type) {
	case *network.EventRequestWillBeSent:
		if e.RedirectResponse != nil {
			if prev := l.open[e.RequestID]; prev != nil {
				l.respond(prev, e.RequestID, e.RedirectResponse)
				prev.Duration = wallTime(e.WallTime).Sub(prev.Start)
				l.push(*prev)
				delete(l.open, e.RequestID)
			}
		}
		if e.Request == nil {
			return
		}
		n := &NetEvent{RequestID: string(e.RequestID), Type: string(e.Type), Method: e.Request.Method, URL: e.Request.URL + e.Request.URLFragment,
			Frame: string(e.FrameID), Start: wallTime(e.WallTime), RequestHeaders: headersOf(e.Request.Headers)}
		if e.Initiator != nil {
			n.Initiator = string(e.Initiator.Type)
		}
		for _, pd := range e.Request.PostDataEntries {
			if pd != nil {
				n.PostData += string(pd.Bytes)
			}
		}
		if x := l.extraReq[e.RequestID]; x != nil {
			n.RequestHeaders = x
			delete(l.extraReq, e.RequestID)
		}
		l.open[e.RequestID] = n
	case *network.EventRequestWillBeSentExtraInfo:
		h := headersOf(e.Headers)
		if n := l.open[e.RequestID]; n != nil {
			n.RequestHeaders = h
		} else {
			l.extraReq[e.RequestID] = h
		}
	case *network.EventResponseReceived:
		if n := l.open[e.RequestID]; n != nil && e.Response != nil {
			l.respond(n, e.RequestID, e.Response)
			if e.Type != "" {
				n.Type = string(e.Type)
			}
		}
	case *network.EventResponseReceivedExtraInfo:
		h := headersOf(e.Headers)
		if n := l.open[e.RequestID]; n != nil && n.Status != 0 {
			n.ResponseHeaders = h
		} else {
			l.extraRes[e.RequestID] = h
		}
	case *network.EventLoadingFinished:
		if n := l.open[e.RequestID]; n != nil {
			n.Duration = time.Since(n.Start)
			if n.Duration < 0 {
				n.Duration = 0
			}
			l.push(*n)
			delete(l.open, e.RequestID)
		}
	case *network.EventLoadingFailed:
		if n := l.open[e.RequestID]; n != nil {
			n.Failed = e.ErrorText
			if e.Canceled {
				n.Failed = "canceled"
			}
			if e.BlockedReason != "" {
				n.Failed += " (blocked: " + string(e.BlockedReason) + ")"
			}
			n.Duration = time.Since(n.Start)
			l.push(*n)
			delete(l.open, e.RequestID)
		}
	}
}

func (l *netLog) respond(n *NetEvent, id network.RequestID, r *network.Response) {
	n.Status, n.StatusText, n.Protocol, n.MimeType = int(r.Status), r.StatusText, r.Protocol, r.MimeType
	n.ServiceWorker = r.FromServiceWorker
	n.ResponseHeaders = headersOf(r.Headers)
	if x := l.extraRes[id]; x != nil {
		n.ResponseHeaders = x
		delete(l.extraRes, id)
	}
	if len(r.RequestHeaders) > 0 {
		n.RequestHeaders = headersOf(r.RequestHeaders)
	}
}

// push queues a finished event (l.mu held); a full queue drops the body
// fetch, never the event.
func (l *netLog) push(n NetEvent) {
	select {
	case l.queue <- n:
	default:
		n.BodyErr = "the recorder fell behind"
		go l.fn(n)
	}
}

// finish fetches the body when wanted, then hands the event over.
func (l *netLog) finish(ctx context.Context, n NetEvent) {
	if n.Failed == "" && l.opt.Body != nil && l.opt.Body(n.Type) {
		err := l.p.do(ctx, 10*time.Second, func(c context.Context) error {
			res, err := chromedp.Call(c, network.GetResponseBody, network.GetResponseBodyParams{RequestID: network.RequestID(n.RequestID)})
			if err != nil {
				return err
			}
			if len(res.Body) > l.opt.MaxBody {
				n.BodyErr = "the body is larger than the recorder's limit"
				return nil
			}
			n.Body = res.Body
			return nil
		})
		if err != nil && n.BodyErr == "" {
			n.BodyErr = err.Error()
		}
	}
	l.fn(n)
}
