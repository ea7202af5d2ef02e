package netcap_test

import (
	"encoding/base64"
	"strings"
	"testing"

	"github.com/axtree/axtree/netcap"
	"github.com/axtree/axtree/netcap/netcaptest"
)

func TestParseHARErrors(t *testing.T) {
	good := netcaptest.Generate(netcaptest.Options{Assets: 5}).HAR
	cases := []struct {
		name, in, want string
	}{
		{"empty", "", "empty HAR"},
		{"blank", " \n\t", "empty HAR"},
		{"truncated", string(good[:len(good)/2]), "truncated HAR"},
		{"truncated-one-byte", string(good[:len(good)-1]), "truncated HAR"},
		{"invalid", `{"log":{"entries":[}}`, "invalid HAR JSON at byte"},
		{"trailing-garbage", `{"log":{"entries":[]}} x`, "invalid HAR JSON"},
		{"array", `[]`, "not a HAR file"},
		{"no-log", `{"foo":1}`, `no "log" object`},
		{"no-entries", `{"log":{"version":"1.2"}}`, `no "log.entries" array`},
		{"entries-object", `{"log":{"entries":{}}}`, `field "log.entries"`},
		{"method-object", `{"log":{"entries":[{"request":{"method":{}}}]}}`, "invalid HAR"},
		{"deep", `{"log":` + strings.Repeat("[", 20000) + strings.Repeat("]", 20000) + `}`, "invalid HAR"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := netcap.ParseHAR([]byte(c.in))
			if err == nil {
				t.Fatalf("no error; got %d entries", len(got.Entries))
			}
			if !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
				t.Errorf("error %q, want one line containing %q", err, c.want)
			}
		})
	}
}

func TestParseHARTolerates(t *testing.T) {
	// Numbers as strings, null fields, -1 sizes, missing request/response.
	in := `{"log":{"entries":[
	 {"startedDateTime":"2026-01-01T10:00:00.5+01:00","request":{"method":"post","url":"https://a.example/x","headers":null,
	   "postData":{"mimeType":"application/json","text":"{\"a\":1}"}},
	  "response":{"status":"201","content":{"size":-1,"mimeType":null,"text":"ok"}},"timings":{"wait":-1},"time":null},
	 {"request":{"url":"https://a.example/y"},"response":{"status":"n/a"}},
	 {},
	 {"startedDateTime":"yesterday","request":{"method":"GET","url":"https://a.example/z"}}
	]}}`
	c, err := netcap.ParseHAR([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Entries) != 4 {
		t.Fatalf("entries = %d", len(c.Entries))
	}
	e := c.Entries[0]
	if e.Method != "POST" || e.Status != 201 || e.ResponseSize != 2 || string(e.Body) != `{"a":1}` || e.Start.UTC().Hour() != 9 {
		t.Errorf("entry 0 = %+v", e)
	}
	if c.Entries[1].Method != "GET" || c.Entries[1].Status != 0 || !c.Entries[1].Start.IsZero() {
		t.Errorf("entry 1 = %+v", c.Entries[1])
	}
	joined := strings.Join(c.Warnings, "|")
	for _, w := range []string{"entries[2]: no request.url", "entries[3]: unparseable startedDateTime", "entries[1]: no startedDateTime"} {
		if !strings.Contains(joined, w) {
			t.Errorf("warnings %q lack %q", joined, w)
		}
	}
	res := netcap.Rank(c, nil, netcap.Options{})
	if len(res.Candidates) != 4 || res.Candidates[0].URL != "https://a.example/x" {
		t.Errorf("rank: %+v", res.Candidates)
	}
}

func TestMissingTimingsStillRank(t *testing.T) {
	rec := netcaptest.Generate(netcaptest.Options{OmitTimings: true})
	c, a := parse(t, rec)
	res := netcap.Rank(c, a, netcap.Options{})
	top := res.Candidates[0]
	if top.URL != rec.SendURL {
		t.Fatalf("top = %s", top.URL)
	}
	for _, cd := range res.Candidates {
		for _, r := range cd.Reasons {
			if strings.HasSuffix(r.Rule, "after-action") {
				t.Errorf("temporal points without timestamps: %+v", cd)
			}
		}
	}
	if len(c.Warnings) != netcap.MaxWarnings+1 || !strings.Contains(c.Warnings[netcap.MaxWarnings], "more warnings") {
		t.Errorf("warnings not capped: %d", len(c.Warnings))
	}
	for _, l := range strings.Split(res.Context, "\n") {
		if strings.HasPrefix(l, "#") && strings.Contains(l, "t+") {
			t.Errorf("relative time rendered for an untimed request: %s", l)
		}
	}
}

func TestBinaryBodies(t *testing.T) {
	bin := base64.StdEncoding.EncodeToString([]byte{0x89, 'P', 'N', 'G', 0, 0xff, 0xfe, 1, 2, 3})
	in := `{"log":{"pages":[{"title":"https://up.example.net/"}],"entries":[
	 {"startedDateTime":"2026-01-01T00:00:00Z","request":{"method":"POST","url":"https://up.example.net/upload",
	   "postData":{"mimeType":"image/png","text":"` + bin + `","encoding":"base64"}},
	  "response":{"status":200,"content":{"size":10,"mimeType":"image/png","text":"` + bin + `","encoding":"base64"}},"_resourceType":"fetch"},
	 {"startedDateTime":"2026-01-01T00:00:01Z","request":{"method":"POST","url":"https://up.example.net/bad",
	   "postData":{"mimeType":"application/octet-stream","text":"%%%not base64","encoding":"base64"}},"response":{"status":200},"_resourceType":"fetch"}
	]}}`
	c, err := netcap.ParseHAR([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	e := c.Entries[0]
	if !e.BodyBinary || len(e.Body) != 10 {
		t.Fatalf("binary body: %+v", e)
	}
	if b, err := e.ResponseBody(); err != nil || len(b) != 10 {
		t.Errorf("ResponseBody = %v, %v", b, err)
	}
	if c.Entries[1].BodyBinary || string(c.Entries[1].Body) != "%%%not base64" || !strings.Contains(strings.Join(c.Warnings, "|"), "bad base64") {
		t.Errorf("bad base64 body: %+v, warnings %v", c.Entries[1], c.Warnings)
	}
	res := netcap.Rank(c, nil, netcap.Options{})
	if res.Candidates[0].Replay.BodyKind != "binary" || !strings.Contains(res.Context, "body (binary): not shown") || strings.Contains(res.Context, "PNG") {
		t.Errorf("binary body in context:\n%s", res.Context)
	}
}

func TestHundredThousandEntries(t *testing.T) {
	if testing.Short() {
		t.Skip("large capture")
	}
	rec := netcaptest.Generate(netcaptest.Options{Filler: 100000})
	c, a := parse(t, rec)
	if len(c.Entries) < 100000 {
		t.Fatalf("entries = %d", len(c.Entries))
	}
	res := netcap.Rank(c, a, netcap.Options{})
	if res.Candidates[0].URL != rec.SendURL || len(res.Context) > netcap.DefaultBudget {
		t.Errorf("top %s, context %d bytes", res.Candidates[0].URL, len(res.Context))
	}
	if res.Dropped.Visited != 0 && res.Dropped.Candidates == 0 && res.Dropped.DOM == 0 && res.Dropped.Truncated {
		t.Errorf("dropped = %+v", res.Dropped)
	}
}

func TestParseActions(t *testing.T) {
	a, err := netcap.ParseActions([]byte(`[
	 {"time":"2026-01-01T00:00:02Z","id":12,"role":"button","name":"Send","action":"click"},
	 {"time":"2026-01-01T00:00:01.250Z","id":"41","role":"textbox","name":"To","action":"type","value":"bob"},
	 {"time":"2026-01-01T00:00:02Z","id":13,"role":"button","name":"Later","action":"click","value":null}]`))
	if err != nil {
		t.Fatal(err)
	}
	if len(a) != 3 || a[0].Value != "bob" || a[0].ID != "41" || a[1].ID != "12" || a[2].Name != "Later" || a[2].Value != "" {
		t.Errorf("actions = %+v", a)
	}
	for _, c := range []struct{ in, want string }{
		{`{}`, "not a JSON array"},
		{`[{"time":"2026-01-01T00:00:02Z"`, "truncated actions"},
		{`[{"id":1}]`, `actions[0]: missing "time"`},
		{`[{"time":"noon"}]`, "actions[0]: time \"noon\" is not RFC 3339"},
		{`[{"time":"2026-01-01T00:00:02Z","name":{}}]`, "invalid actions"},
	} {
		if _, err := netcap.ParseActions([]byte(c.in)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseActions(%s) = %v, want %q", c.in, err, c.want)
		}
	}
	if a, err := netcap.ParseActions(nil); err != nil || a != nil {
		t.Errorf("empty timeline: %v %v", a, err)
	}
}
