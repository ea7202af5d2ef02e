package netcap

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

func TestIsNonce(t *testing.T) {
	yes := []string{
		"6f1c2a9e-0b7d-4c3e-9a8f-1d2e3f405162",
		"Yk3k0Wb8ZQd1c2V4ZmFrZUlEMTIzNDU2Nzg5MA",
		"00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01",
		"1732958400123:ab12cd34ef",
		"abc " + strings.Repeat("0f", 16),
	}
	no := []string{"application/json", "en-US,en;q=0.9", "yes", "*/*", "2", "no-cors",
		"Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0", "https://app.example.com/inbox", "abcdefghijklmnopqrstuv", ""}
	for _, v := range yes {
		if !IsNonce(v) {
			t.Errorf("IsNonce(%q) = false", v)
		}
	}
	for _, v := range no {
		if IsNonce(v) {
			t.Errorf("IsNonce(%q) = true", v)
		}
	}
}

func TestBuildParams(t *testing.T) {
	ps := buildParams([]Action{
		{Name: "Message", Value: "hi"},
		{Name: "Message", Value: "again"},
		{Name: "", Role: "searchbox", Value: "q"},
		{Name: "2nd Address (optional)", Value: "x"},
		{ID: "77", Value: "y"},
		{Value: "z"},
		{Name: "CSRF", Value: "w"},
		{Name: "Other", Value: "hi"}, // same value as the first: shares it
		{Name: "Send", Action: "click"},
	})
	var got []string
	for _, p := range ps {
		got = append(got, fmt.Sprintf("%s=%s@%d", p.Name, p.Value, p.Action))
	}
	want := "message=hi@0 message_2=again@1 searchbox=q@2 p_2nd_address_optional=x@3 id_77=y@4 param=z@5 csrf_2=w@6"
	if strings.Join(got, " ") != want {
		t.Errorf("params = %s\nwant     %s", strings.Join(got, " "), want)
	}
}

func TestPrepareReplayHeadersAndTemplates(t *testing.T) {
	e := &Entry{
		Method: "POST",
		URL:    "https://app.example.com/api/search?q=red+shoes&page=1",
		RequestHeaders: []Header{
			{":authority", "app.example.com"}, {":path", "/api/search"}, {"Host", "app.example.com"},
			{"Cookie", "csrftoken=tok123; sid=abc"}, {"Set-Cookie", "x=1"}, {"Content-Length", "10"},
			{"X-Client-Transaction-Id", "abc"}, {"livepipeline-session", "1"},
			{"X-Request-Id", "6f1c2a9e-0b7d-4c3e-9a8f-1d2e3f405162"},
			{"Authorization", "Bearer AAAAAAAAAAAAAAAAAAAAANRILgAAAAAAnNwIzUejRCOuH5E6I8xnZz4puTs"},
			{"Content-Type", "application/x-www-form-urlencoded"}, {"Accept", "*/*"},
		},
		Body:     []byte("query=red+shoes&size=42&note=red%20shoes"),
		BodyMime: "application/x-www-form-urlencoded",
	}
	e.Cookies = cookiesFromHeader(e.RequestHeaders)
	params := buildParams([]Action{{Name: "Search", Value: "red shoes"}, {Name: "Size", Value: "42"}})
	r := prepareReplay(e, params, nil)
	if got := strings.Join(r.Stripped, ","); got != ":authority,:path,content-length,cookie,host,livepipeline-session,set-cookie,x-client-transaction-id,x-request-id" {
		t.Errorf("stripped = %s", got)
	}
	var names []string
	for _, h := range r.Headers {
		names = append(names, h.Name+"="+h.Value)
	}
	if got := strings.Join(names, " "); !strings.HasPrefix(got, "Authorization={{authorization}} ") || !strings.HasSuffix(got, "X-CSRFToken={{csrf}}") {
		t.Errorf("headers = %s", got)
	}
	const bearer = "Bearer AAAAAAAAAAAAAAAAAAAAANRILgAAAAAAnNwIzUejRCOuH5E6I8xnZz4puTs"
	if len(r.Credentials) != 1 || r.Credentials[0] != (Credential{Header: "Authorization", Placeholder: "authorization", Value: bearer}) {
		t.Errorf("credentials = %+v", r.Credentials)
	}
	js, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(js), "AAAANRIL") || strings.Contains(string(js), "tok123") || !strings.Contains(string(js), `"placeholder":"authorization"`) {
		t.Errorf("a secret reached the JSON, or the placeholder did not: %s", js)
	}
	if r.CSRF == nil || r.CSRF.Name != "csrftoken" || r.CSRF.Header != "X-CSRFToken" || r.CSRF.Observed {
		t.Errorf("csrf = %+v", r.CSRF)
	}
	if r.Body != "query={{search}}&size={{size}}&note={{search}}" || r.BodyKind != "form" {
		t.Errorf("body = %q (%s)", r.Body, r.BodyKind)
	}
	if r.URL != "https://app.example.com/api/search?q={{search}}&page=1" {
		t.Errorf("url = %q", r.URL)
	}
	if len(r.Params) != 2 {
		t.Errorf("params = %+v", r.Params)
	}
}

func TestTemplateJSONAndText(t *testing.T) {
	params := buildParams([]Action{{Name: "Message", Value: "hello bob"}, {Name: "Quantity", Value: "3"}, {Name: "X", Value: "ab"}})
	e := &Entry{Method: "POST", URL: "https://a.example/x", BodyMime: "application/json",
		Body: []byte(`{"msg":"hello bob","n":3,"nested":[{"q":"3"},"hello bob!"],"k":"ab"}`)}
	r := prepareReplay(e, params, nil)
	if r.Body != `{"msg":"{{message}}","n":{{quantity}},"nested":[{"q":"{{quantity}}"},"hello bob!"],"k":"{{x}}"}` {
		t.Errorf("json body = %s", r.Body)
	}
	e = &Entry{Method: "PUT", URL: "https://a.example/x", BodyMime: "text/plain", Body: []byte("say hello bob ab 3 times")}
	r = prepareReplay(e, params, nil)
	// Short values (< 3 bytes) are not string-replaced in free text.
	if r.Body != "say {{message}} ab 3 times" || r.BodyKind != "text" || len(r.Params) != 1 {
		t.Errorf("text body = %q %+v", r.Body, r.Params)
	}
	// Invalid JSON declared as JSON falls back to text.
	e = &Entry{Method: "POST", URL: "https://a.example/x", BodyMime: "application/json", Body: []byte(`{"m":"hello bob"`)}
	if r = prepareReplay(e, params, nil); r.BodyKind != "text" || r.Body != `{"m":"{{message}}"` {
		t.Errorf("broken json body = %q (%s)", r.Body, r.BodyKind)
	}
}

func TestCSRFDiscovery(t *testing.T) {
	page := func(html string) *Entry {
		return &Entry{URL: "https://a.example/", ResponseText: base64.StdEncoding.EncodeToString([]byte(html)), ResponseEncoding: "base64"}
	}
	cases := []struct {
		name    string
		e       *Entry
		page    *Entry
		want    string // source/name/header/param/observed
		wantNil bool
	}{
		{"twitter", &Entry{Cookies: []Header{{"ct0", "abc"}}, RequestHeaders: []Header{{"x-csrf-token", "abc"}}}, nil, "cookie/ct0/x-csrf-token//true", false},
		{"angular", &Entry{Cookies: []Header{{"XSRF-TOKEN", "t1"}}}, nil, "cookie/XSRF-TOKEN/X-XSRF-TOKEN//false", false},
		{"express", &Entry{Cookies: []Header{{"_csrf", "t1"}}}, nil, "cookie/_csrf/x-csrf-token//false", false},
		{"cookie-from-page", &Entry{}, &Entry{ResponseCookies: []Header{{"csrftoken", "d1"}}}, "cookie/csrftoken/X-CSRFToken//false", false},
		{"rails-meta", &Entry{}, page(`<html><head><meta name="csrf-param" content="authenticity_token"><meta name="csrf-token" content="r1"></head><body><meta name="csrf-token" content="late">`), "meta/csrf-token/X-CSRF-Token/authenticity_token/false", false},
		{"spring-meta", &Entry{RequestHeaders: []Header{{"X-XSRF", "s1"}}}, page(`<meta name="_csrf" content="s1"><meta name="_csrf_header" content="X-XSRF">`), "meta/_csrf/X-XSRF//true", false},
		{"none", &Entry{Cookies: []Header{{"sid", "1"}}}, page(`<meta name="description" content="x">`), "", true},
		{"bad-base64-page", &Entry{}, &Entry{ResponseText: "%%%", ResponseEncoding: "base64"}, "", true},
	}
	for _, c := range cases {
		got := findCSRF(c.e, c.page)
		if c.wantNil {
			if got != nil {
				t.Errorf("%s: got %+v", c.name, got)
			}
			continue
		}
		if got == nil {
			t.Errorf("%s: no token", c.name)
			continue
		}
		if s := fmt.Sprintf("%s/%s/%s/%s/%v", got.Source, got.Name, got.Header, got.Param, got.Observed); s != c.want {
			t.Errorf("%s: %s, want %s", c.name, s, c.want)
		}
	}
}
