package netcap

import (
	"encoding/json"
	"net/url"
	"strings"
	"testing"
)

func volatileOf(t *testing.T, method, rawURL, mime, body string, params ...string) []Volatile {
	t.Helper()
	e := &Entry{Method: method, URL: rawURL, BodyMime: mime}
	if body != "" {
		e.Body = []byte(body)
	}
	u, err := url.Parse(rawURL)
	if err != nil {
		t.Fatal(err)
	}
	return findVolatile(e, u, params)
}

func kinds(v []Volatile) string {
	var s []string
	for _, x := range v {
		s = append(s, x.Kind+"@"+x.Where+"="+x.Value)
	}
	return strings.Join(s, " ")
}

func TestVolatileIdentifiers(t *testing.T) {
	hex64 := strings.Repeat("0a1b2c3d", 8)
	cases := []struct {
		name, method, url, mime, body string
		want                          string // "" = none
	}{
		{"x-graphql-path", "POST", "https://x.com/i/api/graphql/SoVnbfCycZ7fERGCwpZkYA/CreateTweet", "application/json",
			`{"variables":{"tweet_text":"hi"},"queryId":"SoVnbfCycZ7fERGCwpZkYA"}`, "queryId@URL path=SoVnbfCycZ7fERGCwpZkYA"},
		{"query-queryId", "GET", "https://a.example/api?queryId=abc123&x=1", "", "", "queryId@URL query=abc123"},
		{"form-doc_id", "POST", "https://www.facebook.com/api/graphql/", "application/x-www-form-urlencoded",
			"av=1&doc_id=7234567890123456&variables=%7B%7D", "doc_id@form body=7234567890123456"},
		{"json-operationHash", "POST", "https://a.example/gql", "application/json",
			`{"operationName":"Q","operationHash":"opq1"}`, "operationHash@JSON body=opq1"},
		{"persisted-body", "POST", "https://a.example/graphql", "application/json",
			`{"extensions":{"persistedQuery":{"version":1,"sha256Hash":"` + hex64 + `"}}}`, "sha256Hash@JSON body=" + hex64},
		{"persisted-other-key", "POST", "https://a.example/graphql", "application/json",
			`{"extensions":{"persistedQuery":{"version":1,"id":"pq-77"}}}`, "persistedQuery@JSON body=pq-77"},
		{"persisted-url", "GET", "https://a.example/graphql?extensions=" + url.QueryEscape(`{"persistedQuery":{"version":1,"sha256Hash":"`+hex64+`"}}`), "", "",
			"sha256Hash@URL query=" + hex64},
		{"hex-in-path", "GET", "https://a.example/static/app." + hex64[:32] + ".js", "", "", "hex-hash@URL path=" + hex64[:32]},
		{"hex-31-no", "GET", "https://a.example/static/app." + hex64[:31] + ".js", "", "", ""},
		{"hex-no-digit-mix-no", "GET", "https://a.example/" + strings.Repeat("ab", 20), "", "", ""},
		{"b64-40", "POST", "https://a.example/x", "text/plain", "token=Ab3" + strings.Repeat("xY9", 13), "base64url-hash@body=Ab3" + strings.Repeat("xY9", 13)},
		{"slug-no", "GET", "https://a.example/blog/this-is-a-rather-long-article-slug-about-graphql-2026", "", "", ""},
		{"uuid-no", "GET", "https://a.example/items/6f1c2a9e-0b7d-4c3e-9a8f-1d2e3f405162", "", "", ""},
		{"short-graphql-no", "POST", "https://a.example/graphql/Inbox", "application/json", `{"query":"{ inbox }"}`, ""},
		{"plain", "POST", "https://a.example/api/messages", "application/json", `{"text":"hello","to":"bob"}`, ""},
	}
	for _, c := range cases {
		got := kinds(volatileOf(t, c.method, c.url, c.mime, c.body))
		if !strings.HasPrefix(got, c.want) || (c.want == "" && got != "") {
			t.Errorf("%s: got %q, want prefix %q", c.name, got, c.want)
		}
	}
}

func TestTypedValuesAreNotVolatile(t *testing.T) {
	hex := strings.Repeat("9f8e7d6c", 5)
	body := `{"note":"` + hex + `"}`
	if v := volatileOf(t, "POST", "https://a.example/x", "application/json", body); len(v) != 1 {
		t.Fatalf("hash not found: %v", v)
	}
	if v := volatileOf(t, "POST", "https://a.example/x", "application/json", body, "my key is "+hex); len(v) != 0 {
		t.Errorf("a typed value was flagged: %v", v)
	}
}

func TestWalkJSONRoundTrip(t *testing.T) {
	in := `{"a":[1,2.5e3,{"b":null,"c":[true,false]},[]],"d":{},"e":"x\"y\u003c\n\u2028","f":[[[]]]}`
	out, err := walkJSON([]byte(in), func([]string, string, json.Token) (string, bool) { return "", false })
	if err != nil {
		t.Fatal(err)
	}
	var a, b any
	if json.Unmarshal([]byte(in), &a) != nil || json.Unmarshal([]byte(out), &b) != nil {
		t.Fatalf("output is not JSON: %s", out)
	}
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	if string(ja) != string(jb) {
		t.Errorf("round trip changed the value:\n%s\n%s", in, out)
	}
	if !strings.Contains(out, `"e":"x\"y<\n\u2028"`) {
		t.Errorf("string encoding: %s", out)
	}
	deep := strings.Repeat("[", maxJSONDepth+1) + strings.Repeat("]", maxJSONDepth+1)
	if _, err := walkJSON([]byte(deep), func([]string, string, json.Token) (string, bool) { return "", false }); err == nil {
		t.Error("no error past maxJSONDepth")
	}
	if _, err := walkJSON([]byte(`{"a":`), func([]string, string, json.Token) (string, bool) { return "", false }); err == nil {
		t.Error("no error for truncated JSON")
	}
}
