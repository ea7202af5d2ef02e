// Package netcaptest generates realistic, deterministic recordings (a HAR
// 1.2 capture plus a DOM action timeline) for tests and benchmarks of
// netcap, so no large capture has to be checked in.
//
// The recording is a chat web app at app.example.com: a page load with
// HTML, scripts, stylesheets, images and fonts (first-party static host and
// third-party CDNs), analytics beacons to many telemetry vendors (several
// fire right after the click), feature-flag polls every five seconds,
// GraphQL persisted queries, a CORS preflight, and the request that sends
// the message 80 ms after the "Send" click.
package netcaptest

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/url"
	"sort"
	"time"
)

// Variant selects how the message is sent.
type Variant int

const (
	// SendREST posts JSON to https://app.example.com/api/messages.
	SendREST Variant = iota
	// SendPersistedQuery sends a GraphQL persisted mutation (sha256Hash in
	// extensions.persistedQuery) to /graphql instead; there is no REST POST.
	SendPersistedQuery
)

// Options configure Generate. The zero value is the default recording.
type Options struct {
	Variant Variant
	// Assets is the number of static resources of the page load; 0 means
	// 110.
	Assets int
	// Filler appends that many first-party polling GETs (for size tests).
	Filler int
	// OmitTimings drops startedDateTime, time and timings from every entry.
	OmitTimings bool
	// TrailingAction adds a click on "Archive" 5 s after the send.
	TrailingAction bool
}

// Recording is a generated capture and what the tests need to know about it.
type Recording struct {
	HAR     []byte // HAR 1.2 JSON
	Actions []byte // DOM action timeline JSON
	// SendURL and SendMethod identify the request that sends the message.
	SendURL    string
	SendMethod string
	// Message is the text typed into the "Message" textbox.
	Message string
	// SendHash is the persisted-query hash of the send mutation
	// (SendPersistedQuery only); PageLoadHash that of the page-load query.
	SendHash     string
	PageLoadHash string
	// Telemetry lists the URLs of the telemetry requests.
	Telemetry []string
	// CSRF is the ct0 cookie value.
	CSRF string
}

// T0 is the time of the first request.
var T0 = time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)

type nv struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

type postData struct {
	MimeType string `json:"mimeType"`
	Text     string `json:"text"`
	Encoding string `json:"encoding,omitempty"`
}

type content struct {
	Size     int    `json:"size"`
	MimeType string `json:"mimeType"`
	Text     string `json:"text,omitempty"`
	Encoding string `json:"encoding,omitempty"`
}

type request struct {
	Method      string    `json:"method"`
	URL         string    `json:"url"`
	HTTPVersion string    `json:"httpVersion"`
	Headers     []nv      `json:"headers"`
	QueryString []nv      `json:"queryString"`
	Cookies     []nv      `json:"cookies"`
	HeadersSize int       `json:"headersSize"`
	BodySize    int       `json:"bodySize"`
	PostData    *postData `json:"postData,omitempty"`
}

type response struct {
	Status      int     `json:"status"`
	StatusText  string  `json:"statusText"`
	HTTPVersion string  `json:"httpVersion"`
	Headers     []nv    `json:"headers"`
	Cookies     []nv    `json:"cookies"`
	Content     content `json:"content"`
	RedirectURL string  `json:"redirectURL"`
	HeadersSize int     `json:"headersSize"`
	BodySize    int     `json:"bodySize"`
}

type timings struct {
	Blocked float64 `json:"blocked"`
	DNS     float64 `json:"dns"`
	Connect float64 `json:"connect"`
	Send    float64 `json:"send"`
	Wait    float64 `json:"wait"`
	Receive float64 `json:"receive"`
	SSL     float64 `json:"ssl"`
}

type entry struct {
	Pageref         string   `json:"pageref,omitempty"`
	StartedDateTime string   `json:"startedDateTime,omitempty"`
	Time            *float64 `json:"time,omitempty"`
	Request         request  `json:"request"`
	Response        response `json:"response"`
	Cache           struct{} `json:"cache"`
	Timings         *timings `json:"timings,omitempty"`
	ResourceType    string   `json:"_resourceType,omitempty"`
}

type action struct {
	Time   string `json:"time"`
	ID     int    `json:"id"`
	Role   string `json:"role"`
	Name   string `json:"name"`
	Action string `json:"action"`
	Value  string `json:"value,omitempty"`
}

// Hash returns a deterministic 64-hex-digit hash of s (like a persisted
// query's sha256Hash).
func Hash(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:])
}

type builder struct {
	o       Options
	entries []entry
	csrf    string
}

func ms(d int) time.Time { return T0.Add(time.Duration(d) * time.Millisecond) }

func (b *builder) add(at int, method, rawURL, rtype string, reqHeaders []nv, body *postData, status int, mime, respText string) *entry {
	e := entry{Pageref: "page_1", ResourceType: rtype}
	if !b.o.OmitTimings {
		e.StartedDateTime = ms(at).Format(time.RFC3339Nano)
		total := 42.5
		e.Time = &total
		e.Timings = &timings{Blocked: 1, DNS: -1, Connect: -1, Send: 0.2, Wait: 40, Receive: 1.3, SSL: -1}
	}
	u, _ := url.Parse(rawURL)
	var qs []nv
	if u != nil {
		for _, kv := range bytes.Split([]byte(u.RawQuery), []byte("&")) {
			if len(kv) == 0 {
				continue
			}
			k, v, _ := bytes.Cut(kv, []byte("="))
			ks, _ := url.QueryUnescape(string(k))
			vs, _ := url.QueryUnescape(string(v))
			qs = append(qs, nv{ks, vs})
		}
	}
	host := ""
	if u != nil {
		host = u.Host
	}
	hs := []nv{{":authority", host}, {":method", method}, {"user-agent", "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36"}, {"accept-language", "en-US,en;q=0.9"}}
	hs = append(hs, reqHeaders...)
	e.Request = request{Method: method, URL: rawURL, HTTPVersion: "h2", Headers: hs, QueryString: qs, Cookies: []nv{}, HeadersSize: -1, BodySize: 0, PostData: body}
	if body != nil {
		e.Request.BodySize = len(body.Text)
	}
	e.Response = response{Status: status, StatusText: "", HTTPVersion: "h2", Headers: []nv{{"content-type", mime}}, Cookies: []nv{},
		Content: content{Size: len(respText), MimeType: mime, Text: respText}, HeadersSize: -1, BodySize: len(respText)}
	b.entries = append(b.entries, e)
	return &b.entries[len(b.entries)-1]
}

func (b *builder) cookieHeaders() []nv {
	return []nv{{"cookie", "ct0=" + b.csrf + "; auth_token=0d9f1c2b3a4e5f60718293a4b5c6d7e8f9a0b1c2; lang=en"}}
}

var pngBytes = []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89\x00\x00\x00\x00IEND\xaeB`\x82")

// Generate builds the recording described by o. It is deterministic.
func Generate(o Options) Recording {
	if o.Assets <= 0 {
		o.Assets = 110
	}
	b := &builder{o: o, csrf: Hash("ct0")[:40] + Hash("ct0-2")[:40]}
	rec := Recording{Message: "Lunch at noon? Bring the Q3 deck.", CSRF: b.csrf, SendMethod: "POST"}
	rec.PageLoadHash = Hash("query InboxQuery")
	rec.SendHash = Hash("mutation SendMessage")

	// Page document.
	html := `<!doctype html><html><head><meta charset="utf-8"><meta name="csrf-token" content="meta-token-5b1e">` +
		`<title>Inbox</title><link rel="stylesheet" href="/assets/app.css"></head><body><div id="root"></div>` +
		`<script src="/assets/app.js"></script></body></html>`
	doc := b.add(0, "GET", "https://app.example.com/inbox", "document",
		[]nv{{"accept", "text/html,application/xhtml+xml"}, {"sec-fetch-dest", "document"}}, nil, 200, "text/html; charset=utf-8", html)
	doc.Response.Cookies = []nv{{"ct0", b.csrf}}

	// Static assets.
	kinds := []struct{ ext, rtype, mime, host string }{
		{"js", "script", "application/javascript", "https://static.example.com/assets/"},
		{"css", "stylesheet", "text/css", "https://static.example.com/assets/"},
		{"png", "image", "image/png", "https://static.example.com/img/"},
		{"woff2", "font", "font/woff2", "https://fonts.gstatic.com/s/inter/v13/"},
		{"svg", "image", "image/svg+xml", "https://static.example.com/icons/"},
		{"jpg", "image", "image/jpeg", "https://images.cdn-example.net/avatars/"},
		{"js", "script", "text/javascript", "https://cdn.jsdelivr.net/npm/lib@1/dist/"},
	}
	for i := 0; i < o.Assets; i++ {
		k := kinds[i%len(kinds)]
		name := fmt.Sprintf("chunk-%d.%s.%s", i, Hash(fmt.Sprint("asset", i))[:20], k.ext)
		if i == 0 {
			name = "app." + Hash("app-build")[:32] + ".js" // build hash in the path
		}
		rtype := k.rtype
		if i%3 == 2 {
			rtype = "" // exported without _resourceType: inferred from MIME/extension
		}
		text, enc := "/* asset */", ""
		if k.ext == "png" || k.ext == "woff2" || k.ext == "jpg" {
			text, enc = base64.StdEncoding.EncodeToString(pngBytes), "base64"
		}
		e := b.add(60+i*7, "GET", k.host+name, rtype, nil, nil, 200, k.mime, text)
		e.Response.Content.Encoding = enc
	}

	// Telemetry: page-load beacons and beacons right after the click.
	tel := []struct {
		at            int
		method, url   string
		rtype         string
		mime, body    string
		status        int
		respMime, rsp string
	}{
		{300, "GET", "https://www.googletagmanager.com/gtag/js?id=G-ABC123", "script", "", "", 200, "application/javascript", "/*gtag*/"},
		{900, "POST", "https://region1.google-analytics.com/g/collect?v=2&tid=G-ABC123&en=page_view", "ping", "text/plain", "", 204, "text/plain", ""},
		{950, "GET", "https://script.hotjar.com/modules.8d3c1.js", "script", "", "", 200, "application/javascript", "/*hj*/"},
		{1000, "POST", "https://in.hotjar.com/api/v2/client/sites/12345/visit-data?sv=7", "fetch", "application/json", `{"r_value":1}`, 200, "application/json", `{"success":true}`},
		{1100, "GET", "https://www.facebook.com/tr?id=998877&ev=PageView&noscript=1", "image", "", "", 200, "image/gif", "R0lGODlhAQABAAAAACw="},
		{1150, "GET", "https://bat.bing.com/action/0?ti=5555&evt=pageLoad", "image", "", "", 204, "", ""},
		{1200, "POST", "https://c.clarity.ms/collect", "fetch", "text/plain", "1a2b", 204, "", ""},
		{1250, "GET", "https://px.ads.linkedin.com/collect?pid=777&fmt=gif", "image", "", "", 200, "image/gif", "R0lGODlhAQABAAAAACw="},
		{1300, "POST", "https://analytics.tiktok.com/api/v2/pixel", "fetch", "application/json", `{"event":"Pageview"}`, 200, "application/json", `{"code":0}`},
		{1350, "GET", "https://heapanalytics.com/h?a=42&k=pv", "image", "", "", 200, "image/gif", "R0lGODlhAQABAAAAACw="},
		{1400, "POST", "https://r.lr-ingest.io/i?a=app%2Fprod&r=1", "fetch", "application/octet-stream", "AQID", 200, "application/json", `{}`},
		{1450, "POST", "https://logx.optimizely.com/v1/events", "fetch", "application/json", `{"visitors":[]}`, 204, "", ""},
		{1500, "POST", "https://stats.g.doubleclick.net/g/collect?v=2&tid=G-ABC123", "ping", "text/plain", "", 204, "", ""},
		{1550, "POST", "https://bam.nr-data.net/events/1/NRJS-abc?a=123", "xhr", "text/plain", `bel.7;e,'pv'`, 200, "text/plain", "ok"},
		// Right after the Send click (t=12000).
		{12030, "POST", "https://o450111.ingest.sentry.io/api/42/envelope/?sentry_key=abc", "fetch", "text/plain;charset=UTF-8", `{"type":"transaction","spans":[]}`, 200, "application/json", `{"id":"0c1d"}`},
		{12040, "POST", "https://api.segment.io/v1/t", "fetch", "application/json", `{"event":"Message Sent","properties":{"length":33}}`, 200, "application/json", `{"success":true}`},
		{12050, "POST", "https://browser-intake-datadoghq.com/api/v2/rum?ddsource=browser", "fetch", "text/plain", `{"type":"action","action":{"target":{"name":"Send"}}}`, 202, "application/json", `{}`},
		{12060, "POST", "https://api-js.mixpanel.com/track/?verbose=1", "xhr", "application/x-www-form-urlencoded", "data=eyJldmVudCI6IlNlbmQifQ%3D%3D", 200, "application/json", `{"status":1}`},
		{12070, "POST", "https://api2.amplitude.com/2/httpapi", "fetch", "application/json", `{"events":[{"event_type":"send"}]}`, 200, "application/json", `{"code":200}`},
		{12090, "POST", "https://rs.fullstory.com/rec/bundle?OrgId=ABC&UserId=1", "fetch", "text/plain", `{"Evts":[]}`, 200, "application/json", `{"BundleTime":1}`},
	}
	for _, t := range tel {
		var pd *postData
		if t.method == "POST" && t.body != "" {
			pd = &postData{MimeType: t.mime, Text: t.body}
		}
		b.add(t.at, t.method, t.url, t.rtype, []nv{{"sec-fetch-dest", "empty"}}, pd, t.status, t.respMime, t.rsp)
		rec.Telemetry = append(rec.Telemetry, t.url)
	}

	// Feature-flag polls every 5 s.
	for at := 1000; at <= 30000; at += 5000 {
		b.add(at+300, "GET", "https://app.example.com/api/flags?client=web&v=2", "fetch",
			append([]nv{{"accept", "application/json"}}, b.cookieHeaders()...), nil, 200, "application/json", `{"flags":{"newComposer":true,"darkMode":false}}`)
	}
	// GraphQL persisted queries at page load: POST with extensions in the
	// body, GET with extensions in the URL.
	b.add(800, "POST", "https://app.example.com/graphql", "fetch",
		append([]nv{{"content-type", "application/json"}}, b.cookieHeaders()...),
		&postData{MimeType: "application/json", Text: `{"operationName":"InboxQuery","variables":{"first":20},"extensions":{"persistedQuery":{"version":1,"sha256Hash":"` + rec.PageLoadHash + `"}}}`},
		200, "application/json", `{"data":{"inbox":{"threads":[]}}}`)
	ext := `{"persistedQuery":{"version":1,"sha256Hash":"` + Hash("query Unread") + `"}}`
	b.add(850, "GET", "https://app.example.com/graphql?operationName=Unread&variables=%7B%7D&extensions="+url.QueryEscape(ext), "fetch",
		b.cookieHeaders(), nil, 200, "application/json", `{"data":{"unread":3}}`)

	// CORS preflight to the first-party API host right before the send.
	b.add(12010, "OPTIONS", "https://api.example.com/v1/presence", "preflight", nil, nil, 204, "", "")

	// The send, 80 ms after the click.
	sendHeaders := append([]nv{
		{"content-type", "application/json"},
		{"accept", "*/*"},
		{"x-csrf-token", b.csrf},
		{"x-client-transaction-id", "Yk3k0Wb8ZQd1c2V4ZmFrZUlEMTIzNDU2Nzg5MA"},
		{"content-length", "97"},
		{"x-request-id", "6f1c2a9e-0b7d-4c3e-9a8f-1d2e3f405162"},
		{"sec-fetch-dest", "empty"},
	}, b.cookieHeaders()...)
	if o.Variant == SendPersistedQuery {
		rec.SendURL = "https://app.example.com/graphql"
		b.add(12080, "POST", rec.SendURL, "fetch", sendHeaders, &postData{MimeType: "application/json",
			Text: `{"operationName":"SendMessage","variables":{"conversation":"c_981","text":` + jsonString(rec.Message) + `},"extensions":{"persistedQuery":{"version":1,"sha256Hash":"` + rec.SendHash + `"}}}`},
			200, "application/json", `{"data":{"sendMessage":{"id":"m_1"}}}`)
	} else {
		rec.SendURL = "https://app.example.com/api/messages"
		b.add(12080, "POST", rec.SendURL, "fetch", sendHeaders, &postData{MimeType: "application/json",
			Text: `{"conversation":"c_981","text":` + jsonString(rec.Message) + `,"attachments":[]}`},
			201, "application/json", `{"id":"m_1","status":"sent"}`)
	}
	// A feature-flag poll and a read receipt GET after the send.
	b.add(12400, "GET", "https://app.example.com/api/threads/c_981/messages?limit=20", "fetch",
		b.cookieHeaders(), nil, 200, "application/json", `{"messages":[{"id":"m_1"}]}`)

	for i := 0; i < o.Filler; i++ {
		e := b.add(31000+i, "GET", fmt.Sprintf("https://app.example.com/api/poll?n=%d", i), "xhr", nil, nil, 200, "application/json", `{}`)
		e.Request.Headers = e.Request.Headers[:1] // lean: keep :authority only
		e.Request.QueryString, e.Timings = nil, nil
	}

	sortEntries(b.entries)
	type page struct {
		StartedDateTime string `json:"startedDateTime"`
		ID              string `json:"id"`
		Title           string `json:"title"`
		PageTimings     struct {
			OnContentLoad float64 `json:"onContentLoad"`
			OnLoad        float64 `json:"onLoad"`
		} `json:"pageTimings"`
	}
	har := struct {
		Log struct {
			Version string  `json:"version"`
			Creator nv      `json:"creator"`
			Pages   []page  `json:"pages"`
			Entries []entry `json:"entries"`
		} `json:"log"`
	}{}
	har.Log.Version = "1.2"
	har.Log.Creator = nv{"netcaptest", "1"}
	har.Log.Pages = []page{{StartedDateTime: T0.Format(time.RFC3339Nano), ID: "page_1", Title: "https://app.example.com/inbox"}}
	har.Log.Entries = b.entries
	if o.Filler > 0 {
		rec.HAR, _ = json.Marshal(har)
	} else {
		rec.HAR, _ = json.MarshalIndent(har, "", " ")
	}

	acts := []action{
		{Time: ms(10000).Format(time.RFC3339Nano), ID: 41, Role: "textbox", Name: "Message", Action: "click"},
		{Time: ms(10500).Format(time.RFC3339Nano), ID: 41, Role: "textbox", Name: "Message", Action: "type", Value: rec.Message},
		{Time: ms(12000).Format(time.RFC3339Nano), ID: 42, Role: "button", Name: "Send", Action: "click"},
	}
	if o.TrailingAction {
		acts = append(acts, action{Time: ms(17000).Format(time.RFC3339Nano), ID: 57, Role: "button", Name: "Archive", Action: "click"})
	}
	rec.Actions, _ = json.MarshalIndent(acts, "", " ")
	return rec
}

func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// sortEntries orders entries by start time (stable insertion order for
// ties), as browsers export them.
func sortEntries(es []entry) {
	key := func(e *entry) time.Time {
		t, _ := time.Parse(time.RFC3339Nano, e.StartedDateTime)
		return t
	}
	keys := make([]time.Time, len(es))
	for i := range es {
		keys[i] = key(&es[i])
	}
	idx := make([]int, len(es))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return keys[idx[a]].Before(keys[idx[b]]) })
	out := make([]entry, len(es))
	for i, j := range idx {
		out[i] = es[j]
	}
	copy(es, out)
}
