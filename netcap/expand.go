package netcap

import (
	"encoding/json"
	"fmt"
	"net/url"
	"regexp"
	"strings"
)

// Request is a concrete request made from a Replay's templates.
type Request struct {
	Method  string
	URL     string
	Headers []Header
	Body    string
}

// Values returns the recorded value of every placeholder the replay's
// templates may carry: parameters (typed values), credentials, secrets and
// the CSRF token. They are the recording's own values, for a replay of
// the same session; they appear in no output of this package.
func (r *Replay) Values() map[string]string {
	v := map[string]string{}
	for _, p := range r.Params {
		v[p.Name] = p.Value
	}
	for _, c := range r.Credentials {
		v[c.Placeholder] = c.Value
	}
	for _, s := range r.Secrets {
		v[s.Placeholder] = s.Value
	}
	if r.CSRF != nil {
		v["csrf"] = r.CSRF.Value
	}
	return v
}

var rePlaceholder = regexp.MustCompile(`\{\{([a-z0-9_]+)\}\}`)

// Expand fills the replay's templates: each {{name}} takes vals[name],
// else the recorded value (Values), encoded for where it stands (escaped
// in the URL and in form bodies, a JSON string in JSON bodies, as is in
// headers and other bodies). A placeholder with no value is an error that
// names it.
func (r *Replay) Expand(vals map[string]string) (*Request, error) {
	rec := r.Values()
	var missing []string
	get := func(name string) (string, bool) {
		if v, ok := vals[name]; ok {
			return v, true
		}
		v, ok := rec[name]
		if !ok {
			missing = append(missing, name)
		}
		return v, ok
	}
	escape := func(v string) string { return strings.ReplaceAll(url.QueryEscape(v), "+", "%20") }
	fill := func(s string, enc func(string) string) string {
		return rePlaceholder.ReplaceAllStringFunc(s, func(m string) string {
			name := m[2 : len(m)-2]
			v, ok := get(name)
			if !ok {
				return m
			}
			return enc(v)
		})
	}
	out := &Request{Method: r.Method}
	out.URL = fill(r.URL, escape)
	for _, h := range r.Headers {
		out.Headers = append(out.Headers, Header{Name: h.Name, Value: fill(h.Value, func(v string) string { return v })})
	}
	switch r.BodyKind {
	case "json":
		// "{{name}}" is a JSON string; a bare {{name}} a number.
		body := regexp.MustCompile(`"\{\{([a-z0-9_]+)\}\}"`).ReplaceAllStringFunc(r.Body, func(m string) string {
			v, ok := get(m[3 : len(m)-3])
			if !ok {
				return m
			}
			b, _ := json.Marshal(v)
			return string(b)
		})
		out.Body = fill(body, func(v string) string {
			b, _ := json.Marshal(v)
			return string(b[1 : len(b)-1]) // inside a JSON string
		})
	case "form":
		out.Body = fill(r.Body, url.QueryEscape)
	default:
		out.Body = fill(r.Body, func(v string) string { return v })
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("netcap: replay: no value for {{%s}}", strings.Join(missing, "}}, {{"))
	}
	return out, nil
}
