package subroutine

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/axtree/axtree/netcap"
)

// MakeOptions tune Make. The zero value gives the defaults.
type MakeOptions struct {
	// Name is the Subroutine's name; default from the last click's target
	// name (e.g. "send"), else the request path.
	Name string
	// Description replaces the generated description.
	Description string
}

// Made is what Make wrote and why.
type Made struct {
	Subroutine *Subroutine
	// Reason says why the plan was chosen (netcap's reason, and what Make
	// changed).
	Reason string
	// Request is the replayed request ("POST /api/send"); "" for a DOM plan.
	Request string
	// Omitted are the recorded header names left out of the file (lower
	// case, sorted): replay-hostile, per-request, set by the browser or by
	// the site's own script, or credentials.
	Omitted []string
	// Warnings are things a person should check.
	Warnings []string
}

// Action is a recorded DOM action as Make reads it: netcap's fields plus
// the recorder's extras (the document URL, the key pressed, whether the
// field was a secret one whose value was not recorded).
type recAction struct {
	netcap.Action
	URL    string
	Key    string
	Secret bool
}

// secret is a recorded value that must not reach the file.
type secret struct{ what, value string }

// redacted is what axtree record writes in place of a credential.
const redacted = "[redacted by axtree record]"

// param is a parameter being made.
type param struct {
	name   string
	value  string
	action int  // first action that typed it
	secret bool // a secret: typed into a password field, or a credential netcap found
	hidden bool // a secret whose recorded value is known (matched, never written)
	typ    string
	used   bool
	kind   string // what netcap recognised, for a hidden secret
}

// Make generates a Subroutine from a recording (a HAR 1.2 capture and the
// DOM action timeline `axtree record` writes, or any file netcap reads)
// without a model. The top request netcap ranks is templated: the values
// the user typed become parameters wherever they occur in the URL path,
// query or body; the CSRF token is read at run time with getCsrfToken;
// replay-hostile, per-request and browser-set headers are left out (the
// page's own fetch, which the replay goes through, sets what the site's
// script computes); credentials are never written (the page's session
// carries them). When netcap's circuit breaker trips, or no request is
// worth replaying, the body drives the page instead: find/type/click steps
// on the recorded semantic targets.
func Make(har, actions []byte, opt MakeOptions) (*Made, error) {
	capt, err := netcap.ParseHAR(har)
	if err != nil {
		return nil, err
	}
	acts, err := parseActions(actions)
	if err != nil {
		return nil, err
	}
	plain := make([]netcap.Action, len(acts))
	for i := range acts {
		plain[i] = acts[i].Action
	}
	res := netcap.Rank(capt, plain, netcap.Options{})
	m := &maker{capt: capt, acts: acts, res: res}
	m.params = buildParams(acts)
	return m.make(opt)
}

type maker struct {
	capt    *netcap.Capture
	acts    []recAction
	res     *netcap.Result
	params  []*param
	omitted map[string]bool
	warn    []string
	secrets []secret
}

func (m *maker) make(opt MakeOptions) (*Made, error) {
	plan := string(m.res.Plan)
	reason := m.res.PlanReason
	var top *netcap.Candidate
	var entry *netcap.Entry
	if len(m.res.Candidates) > 0 {
		top = &m.res.Candidates[0]
		if top.Index >= 0 && top.Index < len(m.capt.Entries) {
			entry = &m.capt.Entries[top.Index]
		}
	}
	if plan != PlanDOM && (entry == nil || top.Replay == nil) {
		plan, reason = PlanDOM, reason+"; the top request is not in the capture"
	}
	if plan != PlanDOM && entry.BodyBinary {
		plan = PlanDOM
		reason = "the top request has a binary body, which cannot be templated; driving the page instead (netcap: " + reason + ")"
	}
	if plan == PlanDOM && len(m.acts) == 0 {
		return nil, errors.New("subroutine make: nothing to make: no DOM action was recorded and no request is worth replaying (" + m.res.PlanReason + ")")
	}
	pageURL := m.pageURL(top)
	pu, err := url.Parse(pageURL)
	if err != nil || (pu.Scheme != "http" && pu.Scheme != "https") || pu.Host == "" {
		return nil, fmt.Errorf("subroutine make: the recording's page %q is not an http(s) URL", clip(pageURL))
	}
	origin := pu.Scheme + "://" + pu.Host
	page := pu.EscapedPath()
	if page == "" {
		page = "/"
	}
	if pu.RawQuery != "" {
		page += "?" + pu.RawQuery
	}
	m.omitted = map[string]bool{}
	m.collectSecrets(entry)
	if top != nil && top.Replay != nil {
		m.netSecrets(top.Replay)
	}

	var body strings.Builder
	made := &Made{}
	if plan != PlanDOM {
		var req strings.Builder
		made.Request = entry.Method + " " + displayURL(entry.URL, origin)
		m.request(&req, entry, top, origin, pageURL, true)
		if plan == PlanHybrid && m.allCarried(entry) {
			plan = PlanNetwork
			reason = "every typed value is in the request once the URL path is templated, and no DOM action follows it (netcap: " + reason + ")"
		}
		if plan == PlanNetwork {
			body.WriteString(req.String())
		} else {
			body.WriteString("// hybrid plan: " + oneLine(reason) + "\n")
			for i := range m.acts {
				if !entry.Start.IsZero() && m.acts[i].Time.After(entry.Start) {
					break
				}
				if i == top.Action || m.carried(i, entry) {
					continue
				}
				m.domStep(&body, i)
			}
			for _, p := range m.params {
				p.used = false
			}
			m.request(&body, entry, top, origin, pageURL, false)
			if !entry.Start.IsZero() {
				for i := range m.acts {
					if m.acts[i].Time.After(entry.Start) {
						m.domStep(&body, i)
					}
				}
			}
			// The plan's result is the request's answer, as a network plan's.
			body.WriteString("return _res.json !== undefined ? _res.json : _res.text;\n")
		}
	} else {
		body.WriteString("// DOM plan: " + oneLine(reason) + "\n")
		for i := range m.acts {
			m.domStep(&body, i)
		}
	}
	s := &Subroutine{
		Version: Version, Name: opt.Name, Origin: origin, Plan: plan, Body: body.String(),
		Description: opt.Description,
	}
	if page != "/" {
		s.Page = page
	}
	if s.Name == "" {
		s.Name = m.defaultName(entry, plan)
	}
	for _, p := range m.params {
		if !p.used {
			continue
		}
		q := Parameter{Name: p.name, Type: p.typ, Description: m.paramDescription(p)}
		if !p.secret {
			if p.typ == TypeString {
				q.Example = p.value
			} else {
				q.Example = json.Number(p.value)
			}
		}
		s.Parameters = append(s.Parameters, q)
	}
	if s.Description == "" {
		s.Description = m.description(plan, made.Request, displayURL(pageURL, ""))
	}
	if err := s.Validate(); err != nil {
		return nil, fmt.Errorf("subroutine make: the generated Subroutine is invalid: %w", err)
	}
	out, err := s.Encode()
	if err != nil {
		return nil, err
	}
	for _, v := range m.secrets {
		if bytes.Contains(out, []byte(v.value)) || strings.Contains(s.Body, v.value) {
			return nil, fmt.Errorf("subroutine make: refusing to write a recorded credential into the file: %s would appear in the generated Subroutine", v.what)
		}
	}
	made.Subroutine = s
	made.Reason = reason
	for k := range m.omitted {
		made.Omitted = append(made.Omitted, k)
	}
	sort.Strings(made.Omitted)
	made.Warnings = m.warn
	return made, nil
}

// parseActions reads the timeline with netcap and the recorder's extra
// fields (url, key, secret), in netcap's order (stable by time).
func parseActions(data []byte) ([]recAction, error) {
	base, err := netcap.ParseActions(data)
	if err != nil {
		return nil, err
	}
	if len(base) == 0 {
		return nil, nil
	}
	var extra []struct {
		Time   string `json:"time"`
		URL    string `json:"url"`
		Key    string `json:"key"`
		Secret bool   `json:"secret"`
	}
	if err := json.Unmarshal(data, &extra); err != nil {
		extra = nil // netcap accepted it; the extras are optional
	}
	type idx struct {
		t time.Time
		i int
	}
	order := make([]idx, 0, len(extra))
	for i, e := range extra {
		t, _ := time.Parse(time.RFC3339Nano, e.Time)
		order = append(order, idx{t, i})
	}
	sort.SliceStable(order, func(a, b int) bool { return order[a].t.Before(order[b].t) })
	out := make([]recAction, len(base))
	for i := range base {
		out[i].Action = base[i]
		if len(order) == len(base) {
			e := extra[order[i].i]
			out[i].URL, out[i].Key, out[i].Secret = e.URL, e.Key, e.Secret
		}
	}
	return out, nil
}

// typing reports whether the action enters a value into its target.
func typing(a *recAction) bool {
	switch a.Action.Action {
	case "type", "input", "fill", "select", "change":
		return true
	}
	return false
}

// buildParams names the values the user entered: the target's name, else
// role, else "param", as [a-z0-9_] identifiers, unique with _2, _3, …;
// equal values share the first parameter; a secret field is a parameter
// without a recorded value.
func buildParams(acts []recAction) []*param {
	var out []*param
	used := map[string]bool{}
	seen := map[string]bool{}
	for i := range acts {
		a := &acts[i]
		if !typing(a) || (a.Value == "" && !a.Secret) {
			continue
		}
		if !a.Secret {
			if seen[a.Value] {
				continue
			}
			seen[a.Value] = true
		}
		base := netcap.ParamName(a.Name)
		if base == "" {
			base = netcap.ParamName(a.Role)
		}
		if base == "" {
			base = "param"
		}
		if ValidIdentifier(base) != nil {
			base += "_value"
		}
		name := base
		for n := 2; used[name]; n++ {
			name = base + "_" + strconv.Itoa(n)
		}
		used[name] = true
		out = append(out, &param{name: name, value: a.Value, action: i, secret: a.Secret, typ: TypeString})
	}
	return out
}

func (m *maker) paramFor(action int) *param {
	a := &m.acts[action]
	for _, p := range m.params {
		if p.action == action || (!a.Secret && !p.secret && p.value == a.Value) {
			return p
		}
	}
	return nil
}

// allCarried reports whether the templating used every typed value and no
// DOM action follows the request.
func (m *maker) allCarried(e *netcap.Entry) bool {
	for _, p := range m.params {
		if !p.used && !p.secret {
			return false
		}
	}
	if e.Start.IsZero() {
		return false
	}
	for i := range m.acts {
		if m.acts[i].Time.After(e.Start) {
			return false
		}
	}
	return true
}

// carried reports whether the value typed by action i is in the request.
func (m *maker) carried(i int, e *netcap.Entry) bool {
	a := &m.acts[i]
	if !typing(a) || a.Value == "" {
		return false
	}
	return strings.Contains(e.URL, a.Value) || strings.Contains(e.URL, url.QueryEscape(a.Value)) ||
		strings.Contains(e.URL, url.PathEscape(a.Value)) || bytes.Contains(e.Body, []byte(a.Value)) ||
		bytes.Contains(e.Body, []byte(url.QueryEscape(a.Value)))
}

// pageURL is the document the task ran in: the recorded URL of the action
// that led to the top request (or of the first action), else the last
// document loaded before it, else netcap's page.
func (m *maker) pageURL(top *netcap.Candidate) string {
	if top != nil && top.Action >= 0 && top.Action < len(m.acts) && m.acts[top.Action].URL != "" {
		return m.acts[top.Action].URL
	}
	for i := range m.acts {
		if m.acts[i].URL != "" {
			return m.acts[i].URL
		}
	}
	return m.res.Page
}

// collectSecrets gathers the recorded values that must never reach the
// file: cookies, credential headers, the CSRF token, and the values of
// headers left out as per-request nonces.
func (m *maker) collectSecrets(e *netcap.Entry) {
	add := func(what, v string) {
		v = strings.TrimSpace(v)
		if len(v) >= 8 && v != redacted {
			m.secrets = append(m.secrets, secret{what, v})
		}
	}
	for i := range m.capt.Entries {
		x := &m.capt.Entries[i]
		for _, c := range x.Cookies {
			add("the value of cookie "+c.Name, c.Value)
		}
		for _, c := range x.ResponseCookies {
			add("the value of cookie "+c.Name, c.Value)
		}
		for _, h := range x.RequestHeaders {
			switch strings.ToLower(h.Name) {
			case "authorization", "proxy-authorization", "x-api-key", "cookie", "x-auth-token", "api-key", "x-amz-security-token":
				add("the value of header "+h.Name, h.Value)
			}
		}
	}
	if e == nil {
		return
	}
	for _, h := range e.RequestHeaders {
		if ln := strings.ToLower(h.Name); netcap.IsNonce(h.Value) && !browserHeader(ln) && ln != "content-type" && ln != "accept" {
			add("the per-request value of header "+h.Name, h.Value)
		}
	}
}

// netSecrets makes the credentials netcap found in the request (a token in
// the query, a password field of the body, a card number) parameters whose
// recorded value is matched but never written, and marks every recorded
// credential value as one the file must not contain.
func (m *maker) netSecrets(r *netcap.Replay) {
	for _, c := range r.Credentials {
		if len(c.Value) >= 4 {
			m.secrets = append(m.secrets, secret{"the value of credential header " + c.Header, c.Value})
		}
	}
	for _, sc := range r.Secrets {
		if sc.Value == "" {
			continue
		}
		m.secrets = append(m.secrets, secret{"a recorded " + sc.Kind, sc.Value})
		dup := false
		for _, p := range m.params {
			if p.value == sc.Value {
				p.secret, p.hidden, dup = true, true, true
			}
		}
		if dup {
			continue
		}
		name := netcap.ParamName(sc.Placeholder)
		if ValidIdentifier(name) != nil {
			name += "_value"
		}
		for taken := true; taken; {
			taken = false
			for _, p := range m.params {
				if p.name == name {
					taken, name = true, name+"_2"
				}
			}
		}
		m.params = append(m.params, &param{name: name, value: sc.Value, action: -1, secret: true, hidden: true, typ: TypeString, kind: sc.Kind})
	}
}

// request writes the templated request.
func (m *maker) request(b *strings.Builder, e *netcap.Entry, top *netcap.Candidate, origin, pageURL string, final bool) {
	r := top.Replay
	fmt.Fprintf(b, "// %s %s, the request the recording made on %s; it goes through the page's\n", e.Method, displayURL(e.URL, origin), displayURL(pageURL, origin))
	b.WriteString("// own fetch, so the site's script adds what it computes (signatures, session headers).\n")
	csrfVal := ""
	if r.CSRF != nil {
		csrfVal = r.CSRF.Value
		src := "cookie"
		if r.CSRF.Source == "meta" {
			src = "meta"
		}
		fmt.Fprintf(b, "const _csrf = await ax.getCsrfToken({%s: %s});\n", src, jsString(r.CSRF.Name))
	}
	u := m.templateURL(e.URL, origin, csrfVal)
	// Headers: the replay's, minus what the browser or the page sets.
	kept := map[string]bool{}
	for _, h := range r.Headers {
		kept[strings.ToLower(h.Name)] = true
	}
	for _, h := range e.RequestHeaders {
		if ln := strings.ToLower(strings.TrimSpace(h.Name)); !kept[ln] && ln != "" {
			m.omitted[ln] = true
		}
	}
	var headers []string
	seen := map[string]bool{}
	for _, h := range r.Headers {
		ln := strings.ToLower(strings.TrimSpace(h.Name))
		if seen[ln] {
			continue
		}
		var val string
		switch {
		case h.Value == "{{csrf}}" && r.CSRF != nil:
			val = "_csrf"
		case browserHeader(ln):
			m.omitted[ln] = true
			continue
		case strings.Contains(h.Value, "{{"):
			// a credential placeholder: never written; the page's session
			// (cookies, the site's own request path) carries it.
			m.omitted[ln] = true
			m.warn = append(m.warn, "the recording sent a credential in "+ln+"; it is not written into the Subroutine: the page's session must supply it when the Subroutine runs")
			continue
		default:
			val = jsString(h.Value)
		}
		seen[ln] = true
		headers = append(headers, "    "+jsString(ln)+": "+val)
	}
	bodyExpr := m.templateBody(e, r, csrfVal)
	fmt.Fprintf(b, "const _res = await ax.request(%s, {\n", u)
	fmt.Fprintf(b, "  method: %s", jsString(e.Method))
	if len(headers) > 0 {
		b.WriteString(",\n  headers: {\n" + strings.Join(headers, ",\n") + "\n  }")
	}
	if bodyExpr != "" {
		b.WriteString(",\n  body: " + bodyExpr)
	}
	b.WriteString("\n});\n")
	fmt.Fprintf(b, "if (!_res.ok) ax.fail(%s + _res.status);\n", jsString(e.Method+" "+displayURL(e.URL, origin)+" answered "))
	if final {
		b.WriteString("return _res.json !== undefined ? _res.json : _res.text;\n")
	}
}

// browserHeader reports headers the browser or fetch sets itself (the
// forbidden request headers, client hints, caching and fetch metadata).
func browserHeader(ln string) bool {
	switch ln {
	case "accept-charset", "accept-encoding", "accept-language", "access-control-request-headers",
		"access-control-request-method", "connection", "content-length", "cookie", "cookie2", "date",
		"dnt", "expect", "host", "keep-alive", "origin", "referer", "te", "trailer", "transfer-encoding",
		"upgrade", "user-agent", "via", "priority", "pragma", "cache-control", "purpose", "x-requested-with":
		return true
	}
	return strings.HasPrefix(ln, "sec-") || strings.HasPrefix(ln, "proxy-")
}

// displayURL is a URL for comments and messages: the path (relative when
// on origin), never the query or fragment, which may carry tokens.
func displayURL(raw, origin string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return "(unparseable URL)"
	}
	p := u.EscapedPath()
	if p == "" {
		p = "/"
	}
	if u.Scheme+"://"+u.Host == origin {
		return p
	}
	return u.Scheme + "://" + u.Host + p
}

// matchParam returns the parameter whose value equals s.
func (m *maker) matchParam(s string) *param {
	if s == "" {
		return nil
	}
	for _, p := range m.params {
		if (!p.secret || p.hidden) && p.value == s {
			return p
		}
	}
	return nil
}

// splitParams splits s around the parameter values of at least 3 bytes it
// contains (longest first) and around the CSRF token.
func (m *maker) splitParams(s, csrf string, out func(lit string, p *param, isCSRF bool)) {
	type hit struct {
		at, n int
		p     *param
	}
	var cands []struct {
		v string
		p *param
	}
	if len(csrf) >= 3 {
		cands = append(cands, struct {
			v string
			p *param
		}{csrf, nil})
	}
	for _, p := range m.params {
		if (!p.secret || p.hidden) && len(p.value) >= 3 {
			cands = append(cands, struct {
				v string
				p *param
			}{p.value, p})
		}
	}
	sort.SliceStable(cands, func(i, j int) bool { return len(cands[i].v) > len(cands[j].v) })
	for len(s) > 0 {
		best := hit{at: -1}
		for _, c := range cands {
			if i := strings.Index(s, c.v); i >= 0 && (best.at < 0 || i < best.at) {
				best = hit{i, len(c.v), c.p}
			}
		}
		if best.at < 0 {
			out(s, nil, false)
			return
		}
		if best.at > 0 {
			out(s[:best.at], nil, false)
		}
		out("", best.p, best.p == nil)
		s = s[best.at+best.n:]
	}
}

// templateURL makes the URL expression: same-origin URLs relative; path
// segments and query values equal to a parameter become ax.encode(p).
func (m *maker) templateURL(raw, origin, csrf string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return jsString(raw)
	}
	var e expr
	if u.Scheme+"://"+u.Host != origin {
		e.lit(u.Scheme + "://" + u.Host)
	}
	segs := strings.Split(u.EscapedPath(), "/")
	for i, seg := range segs {
		if i > 0 {
			e.lit("/")
		}
		dec, err := url.PathUnescape(seg)
		if p := m.matchParam(dec); err == nil && p != nil {
			p.used = true
			e.ident(p.name, "ax.encode")
			continue
		}
		e.lit(seg)
	}
	if u.RawQuery != "" {
		e.lit("?")
		m.templateForm(&e, u.RawQuery, csrf)
	}
	if u.Fragment != "" {
		e.lit("#" + u.EscapedFragment())
	}
	return e.String()
}

// templateForm templates an application/x-www-form-urlencoded string.
func (m *maker) templateForm(e *expr, s, csrf string) {
	for i, kv := range strings.Split(s, "&") {
		if i > 0 {
			e.lit("&")
		}
		k, v, ok := strings.Cut(kv, "=")
		dv, err := url.QueryUnescape(v)
		if !ok || err != nil {
			e.lit(kv)
			continue
		}
		e.lit(k + "=")
		if csrf != "" && dv == csrf {
			e.ident("_csrf", "ax.encode")
			continue
		}
		if p := m.matchParam(dv); p != nil {
			p.used = true
			e.ident(p.name, "ax.encode")
			continue
		}
		e.lit(v)
	}
}

func (m *maker) templateBody(e *netcap.Entry, r *netcap.Replay, csrf string) string {
	switch r.BodyKind {
	case "none", "":
		return ""
	case "json":
		if js, ok := m.jsonToJS(e.Body, csrf); ok {
			return "ax.json(" + js + ")"
		}
	case "form":
		var x expr
		m.templateForm(&x, string(e.Body), csrf)
		return x.String()
	}
	var x expr
	m.splitParams(string(e.Body), csrf, func(lit string, p *param, isCSRF bool) {
		switch {
		case isCSRF:
			x.ident("_csrf", "")
		case p != nil:
			p.used = true
			x.ident(p.name, "")
		default:
			x.lit(lit)
		}
	})
	return x.String()
}

// jsonToJS turns a JSON document into a JavaScript expression with the
// parameters in place of their values; false when a number would not
// survive JavaScript's doubles.
func (m *maker) jsonToJS(b []byte, csrf string) (string, bool) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var out strings.Builder
	ok := true
	var value func(depth int) error
	value = func(depth int) error {
		if depth > 256 {
			return errors.New("too deep")
		}
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		switch t := tok.(type) {
		case json.Delim:
			closeWith := "}"
			if t == '[' {
				closeWith = "]"
			}
			out.WriteString(string(t))
			for n := 0; dec.More(); n++ {
				if n > 0 {
					out.WriteString(", ")
				}
				if t == '{' {
					k, err := dec.Token()
					if err != nil {
						return err
					}
					ks, _ := k.(string)
					out.WriteString(jsString(ks) + ": ")
				}
				if err := value(depth + 1); err != nil {
					return err
				}
			}
			if _, err := dec.Token(); err != nil {
				return err
			}
			out.WriteString(closeWith)
		case string:
			if csrf != "" && t == csrf {
				out.WriteString("_csrf")
				return nil
			}
			if p := m.matchParam(t); p != nil {
				p.used = true
				out.WriteString(p.name)
				return nil
			}
			var x expr
			m.splitParams(t, csrf, func(lit string, p *param, isCSRF bool) {
				switch {
				case isCSRF:
					x.ident("_csrf", "")
				case p != nil:
					p.used = true
					x.ident(p.name, "")
				default:
					x.lit(lit)
				}
			})
			if len(x.parts) == 0 {
				out.WriteString(`""`)
			} else {
				out.WriteString(x.String())
			}
		case json.Number:
			if p := m.matchParam(t.String()); p != nil {
				p.used = true
				if p.typ == TypeString {
					if _, err := t.Int64(); err == nil {
						p.typ = TypeInteger
					} else {
						p.typ = TypeNumber
					}
				}
				out.WriteString(p.name)
				return nil
			}
			if !safeNumber(t.String()) {
				// JSON.rawJSON keeps the digits a double cannot hold
				out.WriteString("ax.num(" + jsString(t.String()) + ")")
				return nil
			}
			out.WriteString(t.String())
		case bool:
			out.WriteString(strconv.FormatBool(t))
		case nil:
			out.WriteString("null")
		}
		return nil
	}
	if err := value(0); err != nil {
		return "", false
	}
	return out.String(), ok
}

// safeNumber reports whether a JSON number means the same as a double.
func safeNumber(s string) bool {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsInf(f, 0) {
		return false
	}
	if !strings.ContainsAny(s, ".eE") {
		return math.Abs(f) <= 1<<53
	}
	return true
}

// domStep writes one step of a DOM plan.
func (m *maker) domStep(b *strings.Builder, i int) {
	a := &m.acts[i]
	target := targetJS(a.Role, a.Name)
	switch a.Action.Action {
	case "click", "dblclick":
		if target == "" {
			m.warn = append(m.warn, fmt.Sprintf("action %d (%s) has no role or name; left out", i+1, a.Action.Action))
			return
		}
		fmt.Fprintf(b, "await ax.click(%s);\n", target)
	case "type", "input", "fill", "select", "change":
		if target == "" {
			m.warn = append(m.warn, fmt.Sprintf("action %d (%s) has no role or name; left out", i+1, a.Action.Action))
			return
		}
		val := jsString(a.Value)
		if p := m.paramFor(i); p != nil {
			p.used = true
			val = p.name
		}
		if a.Action.Action == "select" || (a.Action.Action == "change" && (a.Role == "combobox" || a.Role == "listbox")) {
			fmt.Fprintf(b, "await ax.select(%s, %s);\n", target, val)
		} else {
			fmt.Fprintf(b, "await ax.type(%s, %s, {clear: true});\n", target, val)
		}
	case "check", "uncheck":
		fmt.Fprintf(b, "await ax.check(%s, %v);\n", target, a.Action.Action == "check")
	case "press", "key", "keydown":
		key := a.Key
		if key == "" {
			key = a.Value
		}
		if key == "" {
			return
		}
		fmt.Fprintf(b, "await ax.press(%s);\n", jsString(key))
	case "submit", "focus", "blur", "scroll":
		// caused by another step
	default:
		m.warn = append(m.warn, fmt.Sprintf("action %d: %q is not a step a DOM plan writes; left out", i+1, clip(a.Action.Action)))
	}
}

func targetJS(role, name string) string {
	switch {
	case role != "" && name != "":
		return "{role: " + jsString(role) + ", name: " + jsString(name) + "}"
	case role != "":
		return "{role: " + jsString(role) + "}"
	case name != "":
		return "{name: " + jsString(name) + "}"
	}
	return ""
}

func (m *maker) defaultName(e *netcap.Entry, plan string) string {
	for i := len(m.acts) - 1; i >= 0; i-- {
		if m.acts[i].Action.Action == "click" {
			if n := netcap.ParamName(m.acts[i].Name); n != "" && validName(n) {
				return n
			}
		}
	}
	if e != nil && plan != PlanDOM {
		if u, err := url.Parse(e.URL); err == nil {
			segs := strings.Split(strings.Trim(u.Path, "/"), "/")
			if n := netcap.ParamName(segs[len(segs)-1]); n != "" && validName(n) {
				return n
			}
		}
	}
	return "subroutine"
}

func (m *maker) paramDescription(p *param) string {
	if p.action < 0 {
		return "a secret the recorded request carried (" + p.kind + "); its recorded value is not written here"
	}
	a := &m.acts[p.action]
	what := "typed into"
	if a.Action.Action == "select" || a.Action.Action == "change" {
		what = "chosen in"
	}
	d := what + " " + strings.TrimSpace(a.Role+" "+quoteName(a.Name))
	if p.secret {
		d += " (a secret: its recorded value is not written here)"
	}
	return d
}

func quoteName(s string) string {
	if s == "" {
		return ""
	}
	return strconv.Quote(s)
}

func (m *maker) description(plan, request, page string) string {
	var steps []string
	for i := range m.acts {
		a := &m.acts[i]
		switch a.Action.Action {
		case "click", "type", "input", "fill", "select", "change", "check", "uncheck":
			steps = append(steps, a.Action.Action+" "+strings.TrimSpace(a.Role+" "+quoteName(a.Name)))
		}
	}
	d := "Recorded on " + page + ": " + strings.Join(steps, ", ") + "."
	switch plan {
	case PlanNetwork:
		d += " Replays " + request + " through the page's own fetch."
	case PlanHybrid:
		d += " Drives the page where it must and replays " + request + "."
	default:
		d += " Drives the page by role and name."
	}
	return oneLine(d)
}

func oneLine(s string) string {
	s = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || r == 0x2028 || r == 0x2029 {
			return ' '
		}
		return r
	}, s)
	return s
}
