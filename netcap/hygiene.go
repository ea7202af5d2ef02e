package netcap

import (
	"bytes"
	"encoding/json"
	"net/url"
	"sort"
	"strings"

	"golang.org/x/net/html"
)

// Replay is a candidate request prepared for replay with another row of
// parameters.
type Replay struct {
	Method string `json:"method"`
	// URL is the request URL with query values equal to a parameter
	// replaced by {{name}}.
	URL string `json:"url"`
	// Headers are the recorded request headers minus the replay-hostile
	// ones; a header carrying the CSRF token has the value {{csrf}}.
	Headers []Header `json:"headers"`
	// Stripped lists the removed header names (lower-case, sorted, unique).
	Stripped []string `json:"stripped,omitempty"`
	// BodyKind is "none", "json", "form", "text" or "binary".
	BodyKind string `json:"body_kind"`
	// Body is the request body with parameter values replaced by
	// {{name}}; "" for none and binary bodies.
	Body string `json:"body,omitempty"`
	// Params are the parameters the URL or body uses, in timeline order.
	Params []Param `json:"params,omitempty"`
	// CSRF is the anti-forgery token to send, nil when none was found.
	CSRF *CSRF `json:"csrf,omitempty"`
	// Credentials are the credential headers (Authorization,
	// Proxy-Authorization, X-API-Key) of the recording. In Headers their
	// value is the placeholder {{Placeholder}}; the recorded value is only
	// in Credential.Value, which no JSON or context output shows.
	Credentials []Credential `json:"credentials,omitempty"`
	// Secrets are the other secrets the templates carry as placeholders
	// (tokens and keys in the query or headers, a URL password, password
	// and card fields of the body; see Secret), in order of discovery.
	Secrets []Secret `json:"secrets,omitempty"`
}

// Credential is a credential header of a replay: its value is a secret, so
// Replay.Headers carries the placeholder and Value the recorded value.
type Credential struct {
	Header      string `json:"header"`      // header name as recorded
	Placeholder string `json:"placeholder"` // e.g. "authorization", used as {{authorization}}
	// Value is the recorded value; kept out of JSON and of the context.
	Value string `json:"-"`
}

// credentialPlaceholder returns the placeholder name of a credential
// header (lower-case name), or "" when the header is not a credential.
// Credentials are never stripped by the nonce rule: the replay needs them.
func credentialPlaceholder(ln string) string {
	switch ln {
	case "authorization":
		return "authorization"
	case "proxy-authorization":
		return "proxy_authorization"
	case "x-api-key":
		return "x_api_key"
	}
	return ""
}

// reservedParam reports whether name is a placeholder a replay uses for
// something other than a typed value.
func reservedParam(name string) bool {
	return name == "csrf" || name == "authorization" || name == "proxy_authorization" || name == "x_api_key"
}

// Param is a named parameter of a replay template.
type Param struct {
	Name  string `json:"name"`  // placeholder name, [a-z0-9_]
	Value string `json:"value"` // the recording's value (not in JSON when Secret)
	// Action is the index of the DOM action that typed it.
	Action int `json:"action"`
	// Secret is set when the value was typed into a password or card
	// field (see Action.Type): JSON and the context show the placeholder,
	// never the value.
	Secret bool `json:"secret,omitempty"`
}

// MarshalJSON writes a secret parameter without its value.
func (p Param) MarshalJSON() ([]byte, error) {
	type plain Param
	if p.Secret {
		p.Value = "{{" + p.Name + "}}"
	}
	return json.Marshal(plain(p))
}

// CSRF says where the anti-forgery token comes from and how to send it.
//
// Cookie conventions (header to send the cookie's value in): ct0 →
// x-csrf-token (X/Twitter), XSRF-TOKEN → X-XSRF-TOKEN (Angular, Laravel),
// csrftoken → X-CSRFToken (Django), _csrf → x-csrf-token (Express csurf),
// csrf_token → X-CSRF-Token. Meta tags in the page document: csrf-token →
// X-CSRF-Token (Rails, Laravel), _csrf → the header named by the
// _csrf_header meta, else X-CSRF-TOKEN (Spring Security); csrf-param names
// the form field (Rails). When the recorded request already sent the token
// in some header, that header wins (Observed).
type CSRF struct {
	Source   string `json:"source"`          // "cookie" or "meta"
	Name     string `json:"name"`            // cookie or meta name
	Header   string `json:"header"`          // header to send the token in
	Param    string `json:"param,omitempty"` // form field (csrf-param meta), if any
	Observed bool   `json:"observed"`        // the recording sent it in Header
	// Value is the recorded token; kept out of JSON and of the context.
	Value string `json:"-"`
}

var csrfCookies = []struct{ name, header string }{
	{"ct0", "x-csrf-token"},
	{"XSRF-TOKEN", "X-XSRF-TOKEN"},
	{"csrftoken", "X-CSRFToken"},
	{"_csrf", "x-csrf-token"},
	{"csrf_token", "X-CSRF-Token"},
}

// hostileHeaders are stripped before replay (lower-case names). HTTP/2
// pseudo-headers (":authority", ...) are stripped too.
var hostileHeaders = map[string]bool{
	"set-cookie": true, "cookie": true, "x-client-transaction-id": true,
	"livepipeline-session": true, "content-length": true, "host": true,
	"connection": true, "keep-alive": true, "transfer-encoding": true,
	"upgrade": true, "te": true, "proxy-connection": true,
	"if-none-match": true, "if-modified-since": true,
	"traceparent": true, "tracestate": true, "sentry-trace": true, "baggage": true,
	"x-datadog-trace-id": true, "x-datadog-parent-id": true,
}

// IsNonce reports whether a header value looks like a per-request nonce: a
// single token (no spaces) of at least 16 characters from [A-Za-z0-9+/=_.:-]
// with a letter and a digit (a UUID, a hex or base64 id, a timestamped
// token), or any value containing a hex run of MinHexHash digits.
func IsNonce(v string) bool {
	v = strings.TrimSpace(v)
	if len(v) >= 16 {
		letter, digit, ok := false, false, true
		for i := 0; i < len(v) && ok; i++ {
			c := v[i]
			switch {
			case '0' <= c && c <= '9':
				digit = true
			case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z':
				letter = true
			case strings.IndexByte("+/=_.:-", c) >= 0:
			default:
				ok = false
			}
		}
		if ok && letter && digit {
			return true
		}
	}
	var s volatileScanner
	scanHashes(&s, v, "")
	for _, x := range s.out {
		if x.Kind == "hex-hash" {
			return true
		}
	}
	return false
}

// buildParams names the non-empty typed values of the timeline after their
// target's name, else role, else id ("param" when all are empty),
// sanitized to [a-z0-9_] and made unique with _2, _3, ... Equal values
// share the first parameter.
func buildParams(actions []Action) []Param {
	var out []Param
	used := map[string]bool{}
	seen := map[string]bool{}
	for i, a := range actions {
		if a.Value == "" || seen[a.Value] {
			continue
		}
		seen[a.Value] = true
		base := ParamName(a.Name)
		if base == "" {
			base = ParamName(a.Role)
		}
		if base == "" {
			base = ParamName("id_" + a.ID)
		}
		if base == "" || base == "id" {
			base = "param"
		}
		name := base
		for n := 2; used[name] || reservedParam(name); n++ {
			name = base + "_" + itoa(n)
		}
		used[name] = true
		out = append(out, Param{Name: name, Value: a.Value, Action: i})
	}
	// A value typed into a secret field anywhere is a secret.
	for i := range out {
		for j := range actions {
			if actions[j].Value == out[i].Value && secretAction(&actions[j]) {
				out[i].Secret = true
			}
		}
	}
	return out
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	return string(b[i:])
}

// ParamName makes a parameter name of s (a field's name or role): it
// lower-cases s, maps runs of other characters to '_', trims '_' and caps
// the length at 32; a leading digit gets a "p_" prefix. "" when s has no
// letter or digit.
func ParamName(s string) string {
	var b []byte
	for i := 0; i < len(s) && len(b) < 32; i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z', '0' <= c && c <= '9':
			b = append(b, c)
		case 'A' <= c && c <= 'Z':
			b = append(b, c+'a'-'A')
		default:
			if len(b) > 0 && b[len(b)-1] != '_' {
				b = append(b, '_')
			}
		}
	}
	out := strings.Trim(string(b), "_")
	if out != "" && out[0] >= '0' && out[0] <= '9' {
		out = "p_" + out
	}
	return out
}

// prepareReplay builds the replay template of entry e.
func prepareReplay(e *Entry, params []Param, page *Entry) *Replay {
	r := &Replay{Method: e.Method, URL: e.URL, BodyKind: bodyKind(e)}
	usedP := map[int]bool{}
	r.CSRF = findCSRF(e, page)
	// Headers.
	stripped := map[string]bool{}
	for _, h := range e.RequestHeaders {
		ln := strings.ToLower(strings.TrimSpace(h.Name))
		switch {
		case ln == "" || strings.HasPrefix(ln, ":") || hostileHeaders[ln]:
			stripped[ln] = true
			continue
		case r.CSRF != nil && h.Value == r.CSRF.Value && r.CSRF.Value != "":
			r.Headers = append(r.Headers, Header{Name: h.Name, Value: "{{csrf}}"})
			continue
		case credentialPlaceholder(ln) != "":
			ph := credentialPlaceholder(ln)
			r.Credentials = append(r.Credentials, Credential{Header: h.Name, Placeholder: ph, Value: h.Value})
			r.Headers = append(r.Headers, Header{Name: h.Name, Value: "{{" + ph + "}}"})
			continue
		case SecretName(h.Name) && !strings.HasPrefix(ln, "sec-"):
			// A token or key header: the replay needs it (Rank puts a
			// placeholder in for its value), so the nonce rule does not
			// strip it.
			r.Headers = append(r.Headers, h)
			continue
		case IsNonce(h.Value):
			stripped[ln] = true
			continue
		}
		r.Headers = append(r.Headers, h)
	}
	if r.CSRF != nil && !r.CSRF.Observed && e.Method != "GET" {
		r.Headers = append(r.Headers, Header{Name: r.CSRF.Header, Value: "{{csrf}}"})
	}
	for k := range stripped {
		if k == "" {
			k = "(empty name)"
		}
		r.Stripped = append(r.Stripped, k)
	}
	sort.Strings(r.Stripped)
	// URL query.
	if u, err := url.Parse(e.URL); err == nil && u.RawQuery != "" {
		if q, changed := templateForm(u.RawQuery, params, usedP); changed {
			u.RawQuery = "" // rebuild by hand to keep {{ }} unescaped
			r.URL = strings.SplitN(u.String(), "?", 2)[0] + "?" + q
			if u.Fragment != "" {
				r.URL += "#" + u.EscapedFragment()
			}
		}
	}
	// Body.
	switch r.BodyKind {
	case "json":
		out, err := walkJSON(e.Body, func(_ []string, _ string, tok json.Token) (string, bool) {
			v, ok := scalarString(tok)
			if !ok {
				return "", false
			}
			for i, p := range params {
				if p.Value == v {
					usedP[i] = true
					if _, isStr := tok.(string); isStr {
						return `"{{` + p.Name + `}}"`, true
					}
					return "{{" + p.Name + "}}", true
				}
			}
			return "", false
		})
		if err != nil {
			r.BodyKind = "text"
			r.Body = templateText(string(e.Body), params, usedP)
		} else {
			r.Body = out
		}
	case "form":
		r.Body, _ = templateForm(string(e.Body), params, usedP)
	case "text":
		r.Body = templateText(string(e.Body), params, usedP)
	}
	for i, p := range params {
		if usedP[i] {
			r.Params = append(r.Params, p)
		}
	}
	return r
}

// templateForm replaces form fields whose decoded value equals a parameter.
func templateForm(s string, params []Param, usedP map[int]bool) (string, bool) {
	parts := strings.Split(s, "&")
	changed := false
	for j, kv := range parts {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			continue
		}
		dv, err := url.QueryUnescape(v)
		if err != nil {
			continue
		}
		for i, p := range params {
			if p.Value == dv {
				usedP[i] = true
				parts[j] = k + "={{" + p.Name + "}}"
				changed = true
				break
			}
		}
	}
	return strings.Join(parts, "&"), changed
}

// templateText replaces occurrences of parameter values of at least 3
// bytes, longest value first.
func templateText(s string, params []Param, usedP map[int]bool) string {
	idx := make([]int, 0, len(params))
	for i, p := range params {
		if len(p.Value) >= 3 {
			idx = append(idx, i)
		}
	}
	sort.SliceStable(idx, func(a, b int) bool { return len(params[idx[a]].Value) > len(params[idx[b]].Value) })
	for _, i := range idx {
		if strings.Contains(s, params[i].Value) {
			usedP[i] = true
			s = strings.ReplaceAll(s, params[i].Value, "{{"+params[i].Name+"}}")
		}
	}
	return s
}

// findCSRF looks for an anti-forgery token: the request's cookies, then the
// page document's Set-Cookie cookies, then the page HTML's meta tags.
func findCSRF(e *Entry, page *Entry) *CSRF {
	var cookies []Header
	cookies = append(cookies, e.Cookies...)
	if page != nil {
		cookies = append(cookies, page.ResponseCookies...)
	}
	for _, cc := range csrfCookies {
		for _, ck := range cookies {
			if strings.EqualFold(ck.Name, cc.name) && ck.Value != "" {
				return observe(&CSRF{Source: "cookie", Name: cc.name, Header: cc.header, Value: ck.Value}, e)
			}
		}
	}
	if page != nil {
		if c := metaCSRF(page); c != nil {
			return observe(c, e)
		}
	}
	return nil
}

// observe sets Header to the request header that already carries the token.
func observe(c *CSRF, e *Entry) *CSRF {
	for _, h := range e.RequestHeaders {
		if h.Value == c.Value && !strings.EqualFold(h.Name, "cookie") {
			c.Header, c.Observed = h.Name, true
			break
		}
	}
	return c
}

// maxHTMLScan bounds how much of the page document is tokenized for meta tags.
const maxHTMLScan = 4 << 20

func metaCSRF(page *Entry) *CSRF {
	body, err := page.ResponseBody()
	if err != nil || len(body) == 0 {
		return nil
	}
	if len(body) > maxHTMLScan {
		body = body[:maxHTMLScan]
	}
	z := html.NewTokenizer(bytes.NewReader(body))
	metas := map[string]string{}
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			break
		}
		if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
			continue
		}
		name, hasAttr := z.TagName()
		if string(name) == "body" {
			break
		}
		if string(name) != "meta" || !hasAttr {
			continue
		}
		var n, content string
		for {
			k, v, more := z.TagAttr()
			switch string(k) {
			case "name":
				n = strings.ToLower(string(v))
			case "content":
				content = string(v)
			}
			if !more {
				break
			}
		}
		if _, dup := metas[n]; n != "" && !dup {
			metas[n] = content
		}
	}
	if v := metas["csrf-token"]; v != "" {
		return &CSRF{Source: "meta", Name: "csrf-token", Header: "X-CSRF-Token", Param: metas["csrf-param"], Value: v}
	}
	if v := metas["_csrf"]; v != "" {
		h := metas["_csrf_header"]
		if h == "" {
			h = "X-CSRF-TOKEN"
		}
		return &CSRF{Source: "meta", Name: "_csrf", Header: h, Param: metas["_csrf_parameter"], Value: v}
	}
	return nil
}
