package netcap

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/url"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Capture is a parsed HAR log, normalized for ranking.
type Capture struct {
	// Pages are log.pages in file order.
	Pages []Page
	// Entries are log.entries in file order; Entry.Index is the position.
	Entries []Entry
	// Warnings lists recoverable problems (unparseable timestamps, entries
	// without a URL), at most MaxWarnings of them plus a summary line.
	Warnings []string
}

// Page is one element of log.pages.
type Page struct {
	ID    string
	Title string    // often the page URL in browser exports
	Start time.Time // zero when missing or unparseable
}

// Header is a name/value pair (request or response header, cookie, field).
type Header struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// Entry is one request/response pair of a capture.
type Entry struct {
	Index  int       // position in log.entries
	Start  time.Time // startedDateTime; zero when missing or unparseable
	Method string    // upper-case; "GET" when missing
	URL    string

	RequestHeaders []Header
	// Cookies are the request cookies: the HAR cookies array, else parsed
	// from the Cookie header.
	Cookies []Header
	// Body is the request body (postData.text, base64-decoded when
	// postData.encoding says so, or postData.params form-encoded); nil when
	// the request has none.
	Body     []byte
	BodyMime string
	// BodyBinary is true when Body is not UTF-8 text (or contains NUL).
	BodyBinary bool

	Status          int // 0 when missing (blocked, aborted)
	ResponseHeaders []Header
	ResponseCookies []Header
	ResponseMime    string
	// ResponseSize is content.size, or the decoded text length when size is
	// missing; 0 means an empty or unknown body.
	ResponseSize int64
	// ResponseText and ResponseEncoding are content.text and
	// content.encoding as recorded; see ResponseBody.
	ResponseText     string
	ResponseEncoding string

	// ResourceType is the recorded _resourceType, lower-case ("" if absent).
	ResourceType string
}

// ResponseBody returns the decoded response content (base64 when
// content.encoding is "base64").
func (e *Entry) ResponseBody() ([]byte, error) {
	if strings.EqualFold(e.ResponseEncoding, "base64") {
		b, err := base64.StdEncoding.DecodeString(e.ResponseText)
		if err != nil {
			return nil, fmt.Errorf("netcap: entries[%d].response.content: bad base64: %v", e.Index, err)
		}
		return b, nil
	}
	return []byte(e.ResponseText), nil
}

// MaxWarnings caps Capture.Warnings (one extra line counts the rest).
const MaxWarnings = 20

// flexString decodes a JSON string, number, bool or null into a string.
type flexString string

func (f *flexString) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) == 0 || string(b) == "null" {
		*f = ""
		return nil
	}
	if b[0] == '"' {
		// Fast path: no escapes and valid UTF-8 (the decoder has already
		// checked the syntax).
		if len(b) >= 2 && b[len(b)-1] == '"' {
			if inner := b[1 : len(b)-1]; bytes.IndexByte(inner, '\\') < 0 && utf8.Valid(inner) {
				*f = flexString(inner)
				return nil
			}
		}
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*f = flexString(s)
		return nil
	}
	if b[0] == '{' || b[0] == '[' {
		return errors.New("expected a string, got " + kindOf(b[0]))
	}
	*f = flexString(b)
	return nil
}

// flexNum decodes a JSON number, numeric string or null; missing or
// unparseable values read as -1 (HAR's "not available").
type flexNum float64

func (f *flexNum) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	*f = -1
	if len(b) == 0 || string(b) == "null" {
		return nil
	}
	s := string(b)
	if b[0] == '"' {
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		s = strings.TrimSpace(s)
	} else if b[0] == '{' || b[0] == '[' {
		return errors.New("expected a number, got " + kindOf(b[0]))
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return nil // tolerated: "not available"
	}
	*f = flexNum(v)
	return nil
}

func kindOf(c byte) string {
	if c == '{' {
		return "an object"
	}
	return "an array"
}

type harFile struct {
	Log *harLog `json:"log"`
}

type harLog struct {
	Pages   []harPage   `json:"pages"`
	Entries *[]harEntry `json:"entries"`
}

type harPage struct {
	ID              flexString `json:"id"`
	Title           flexString `json:"title"`
	StartedDateTime flexString `json:"startedDateTime"`
}

type harEntry struct {
	StartedDateTime flexString  `json:"startedDateTime"`
	Request         harRequest  `json:"request"`
	Response        harResponse `json:"response"`
	ResourceType    flexString  `json:"_resourceType"`
}

type harNV struct {
	Name  flexString `json:"name"`
	Value flexString `json:"value"`
}

type harRequest struct {
	Method   flexString   `json:"method"`
	URL      flexString   `json:"url"`
	Headers  []harNV      `json:"headers"`
	Cookies  []harNV      `json:"cookies"`
	PostData *harPostData `json:"postData"`
}

type harPostData struct {
	MimeType flexString `json:"mimeType"`
	Text     flexString `json:"text"`
	Encoding flexString `json:"encoding"`
	Params   []harNV    `json:"params"`
}

type harResponse struct {
	Status  flexNum    `json:"status"`
	Headers []harNV    `json:"headers"`
	Cookies []harNV    `json:"cookies"`
	Content harContent `json:"content"`
}

type harContent struct {
	Size     flexNum    `json:"size"`
	MimeType flexString `json:"mimeType"`
	Text     flexString `json:"text"`
	Encoding flexString `json:"encoding"`
}

// ParseHAR parses a HAR 1.2 document. It accepts a leading UTF-8 byte
// order mark and tolerates missing optional fields,
// missing or -1 timings, numbers written as strings and base64 bodies; it
// returns a clear error for empty, truncated or invalid JSON and for JSON
// that is not a HAR log (no log.entries).
func ParseHAR(data []byte) (*Capture, error) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")) // a UTF-8 BOM, as some exporters write
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return nil, errors.New("netcap: empty HAR input")
	}
	if trimmed[0] != '{' {
		return nil, errors.New("netcap: not a HAR file: top level is not a JSON object")
	}
	var f harFile
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, jsonError("HAR", data, err)
	}
	if f.Log == nil {
		return nil, errors.New("netcap: not a HAR file: no \"log\" object")
	}
	if f.Log.Entries == nil {
		return nil, errors.New("netcap: not a HAR file: no \"log.entries\" array")
	}
	c := &Capture{}
	w := warner{c: c}
	for _, p := range f.Log.Pages {
		t, _ := parseTime(string(p.StartedDateTime))
		c.Pages = append(c.Pages, Page{ID: string(p.ID), Title: string(p.Title), Start: t})
	}
	raw := *f.Log.Entries
	c.Entries = make([]Entry, len(raw))
	for i := range raw {
		convertEntry(&c.Entries[i], i, &raw[i], &w)
	}
	w.finish()
	return c, nil
}

// jsonError turns an encoding/json error into a one-line message that says
// whether the input was truncated and where it went wrong.
func jsonError(what string, data []byte, err error) error {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		if se.Error() == "unexpected end of JSON input" {
			return fmt.Errorf("netcap: truncated %s: JSON ends unexpectedly after %d bytes", what, len(data))
		}
		return fmt.Errorf("netcap: invalid %s JSON at byte %d: %v", what, se.Offset, se)
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return fmt.Errorf("netcap: invalid %s: field %q at byte %d: expected %v, got JSON %s", what, te.Field, te.Offset, te.Type, te.Value)
	}
	return fmt.Errorf("netcap: invalid %s: %v", what, err)
}

type warner struct {
	c     *Capture
	extra int
}

func (w *warner) add(format string, args ...any) {
	if len(w.c.Warnings) < MaxWarnings {
		w.c.Warnings = append(w.c.Warnings, fmt.Sprintf(format, args...))
		return
	}
	w.extra++
}

func (w *warner) finish() {
	if w.extra > 0 {
		w.c.Warnings = append(w.c.Warnings, fmt.Sprintf("%d more warnings not shown", w.extra))
	}
}

func nvs(in []harNV) []Header {
	if len(in) == 0 {
		return nil
	}
	out := make([]Header, len(in))
	for i, h := range in {
		out[i] = Header{Name: string(h.Name), Value: string(h.Value)}
	}
	return out
}

func convertEntry(e *Entry, i int, h *harEntry, w *warner) {
	e.Index = i
	if s := string(h.StartedDateTime); s != "" {
		t, ok := parseTime(s)
		if !ok {
			w.add("entries[%d]: unparseable startedDateTime %q", i, clip(s, 40))
		}
		e.Start = t
	} else {
		w.add("entries[%d]: no startedDateTime", i)
	}
	e.Method = strings.ToUpper(strings.TrimSpace(string(h.Request.Method)))
	if e.Method == "" {
		e.Method = "GET"
	}
	e.URL = strings.TrimSpace(string(h.Request.URL))
	if e.URL == "" {
		w.add("entries[%d]: no request.url", i)
	}
	e.RequestHeaders = nvs(h.Request.Headers)
	e.Cookies = nvs(h.Request.Cookies)
	if len(e.Cookies) == 0 {
		e.Cookies = cookiesFromHeader(e.RequestHeaders)
	}
	if pd := h.Request.PostData; pd != nil {
		e.BodyMime = string(pd.MimeType)
		text := string(pd.Text)
		switch {
		case text != "" && strings.EqualFold(string(pd.Encoding), "base64"):
			b, err := base64.StdEncoding.DecodeString(text)
			if err != nil {
				w.add("entries[%d]: request.postData: bad base64; kept as text", i)
				e.Body = []byte(text)
			} else {
				e.Body = b
			}
		case text != "":
			e.Body = []byte(text)
		case len(pd.Params) > 0:
			var b strings.Builder
			for j, p := range pd.Params {
				if j > 0 {
					b.WriteByte('&')
				}
				b.WriteString(url.QueryEscape(string(p.Name)))
				b.WriteByte('=')
				b.WriteString(url.QueryEscape(string(p.Value)))
			}
			e.Body = []byte(b.String())
			if e.BodyMime == "" {
				e.BodyMime = "application/x-www-form-urlencoded"
			}
		}
		e.BodyBinary = len(e.Body) > 0 && (!utf8.Valid(e.Body) || bytes.IndexByte(e.Body, 0) >= 0)
	}
	if st := float64(h.Response.Status); st > 0 && st < 1000 {
		e.Status = int(st)
	}
	e.ResponseHeaders = nvs(h.Response.Headers)
	e.ResponseCookies = nvs(h.Response.Cookies)
	e.ResponseMime = string(h.Response.Content.MimeType)
	e.ResponseText = string(h.Response.Content.Text)
	e.ResponseEncoding = string(h.Response.Content.Encoding)
	if sz := float64(h.Response.Content.Size); sz > 0 {
		e.ResponseSize = int64(math.Min(sz, math.MaxInt64/2))
	} else if e.ResponseText != "" {
		e.ResponseSize = int64(len(e.ResponseText))
		if strings.EqualFold(e.ResponseEncoding, "base64") {
			e.ResponseSize = int64(base64.StdEncoding.DecodedLen(len(e.ResponseText)))
		}
	}
	e.ResourceType = strings.ToLower(strings.TrimSpace(string(h.ResourceType)))
}

func cookiesFromHeader(hs []Header) []Header {
	var out []Header
	for _, h := range hs {
		if !strings.EqualFold(h.Name, "cookie") {
			continue
		}
		for _, part := range strings.Split(h.Value, ";") {
			name, value, ok := strings.Cut(strings.TrimSpace(part), "=")
			if !ok || name == "" {
				continue
			}
			out = append(out, Header{Name: name, Value: value})
		}
	}
	return out
}

var timeLayouts = []string{
	time.RFC3339Nano,
	"2006-01-02T15:04:05.999999999Z0700",
	"2006-01-02T15:04:05.999999999",
	"2006-01-02 15:04:05.999999999Z07:00",
}

// parseTime parses an RFC 3339 / ISO 8601 timestamp as browsers write them.
// A timestamp without a zone is read as UTC.
func parseTime(s string) (time.Time, bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return time.Time{}, false
	}
	for _, l := range timeLayouts {
		if t, err := time.Parse(l, s); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}

// clip shortens s to at most n bytes on a rune boundary, marking the cut.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}
