package netcap_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/axtree/axtree/netcap"
	"github.com/axtree/axtree/netcap/netcaptest"
)

func parse(t testing.TB, rec netcaptest.Recording) (*netcap.Capture, []netcap.Action) {
	t.Helper()
	c, err := netcap.ParseHAR(rec.HAR)
	if err != nil {
		t.Fatalf("ParseHAR: %v", err)
	}
	a, err := netcap.ParseActions(rec.Actions)
	if err != nil {
		t.Fatalf("ParseActions: %v", err)
	}
	return c, a
}

func checkReasonsAddUp(t *testing.T, cands []netcap.Candidate) {
	t.Helper()
	for _, c := range cands {
		sum := 0
		for _, r := range c.Reasons {
			sum += r.Points
		}
		if sum != c.Score {
			t.Errorf("%s %s: reasons add up to %d, score is %d", c.Method, c.URL, sum, c.Score)
		}
	}
}

func TestGeneratedPageLoadIsRealistic(t *testing.T) {
	rec := netcaptest.Generate(netcaptest.Options{})
	c, _ := parse(t, rec)
	if len(c.Entries) < 100 {
		t.Fatalf("want 100+ requests, got %d", len(c.Entries))
	}
	types := map[string]int{}
	for _, s := range netcap.ScoreEntries(c, nil) {
		types[s.ResourceType]++
	}
	for _, want := range []string{"document", "script", "stylesheet", "image", "font", "fetch", "ping", "preflight"} {
		if types[want] == 0 {
			t.Errorf("no %s request in the generated capture (types %v)", want, types)
		}
	}
}

func TestSendPOSTRanksFirst(t *testing.T) {
	rec := netcaptest.Generate(netcaptest.Options{})
	c, a := parse(t, rec)
	res := netcap.Rank(c, a, netcap.Options{})
	if len(res.Candidates) != netcap.DefaultTop {
		t.Fatalf("want %d candidates, got %d", netcap.DefaultTop, len(res.Candidates))
	}
	top := res.Candidates[0]
	if top.Method != rec.SendMethod || top.URL != rec.SendURL {
		t.Fatalf("top = %s %s, want %s %s", top.Method, top.URL, rec.SendMethod, rec.SendURL)
	}
	rules := map[string]int{}
	for _, r := range top.Reasons {
		rules[r.Rule] = r.Points
	}
	if rules["soon-after-action"] != netcap.PointsSoonAfter || rules["first-party"] != netcap.PointsFirstParty || rules["mutating-method"] != netcap.PointsMutating {
		t.Errorf("top reasons = %+v", top.Reasons)
	}
	for i := 1; i < len(res.Candidates); i++ {
		if res.Candidates[i].Score > res.Candidates[i-1].Score {
			t.Errorf("candidates not sorted by score: %d before %d", res.Candidates[i-1].Score, res.Candidates[i].Score)
		}
	}
	checkReasonsAddUp(t, res.Candidates)
	if res.Plan != netcap.PlanNetwork {
		t.Errorf("plan = %s (%s), want network", res.Plan, res.PlanReason)
	}
	if res.Page != "https://app.example.com/inbox" {
		t.Errorf("page = %q", res.Page)
	}
	// The replay template carries the typed message as a parameter.
	r := top.Replay
	if r == nil || r.BodyKind != "json" || !strings.Contains(r.Body, `"text":"{{message}}"`) || strings.Contains(r.Body, rec.Message) {
		t.Fatalf("replay body = %+v", r)
	}
	if len(r.Params) != 1 || r.Params[0].Name != "message" || r.Params[0].Value != rec.Message {
		t.Errorf("params = %+v", r.Params)
	}
	if !strings.Contains(res.Context, `"text":"{{message}}"`) || !strings.Contains(res.Context, "POST "+rec.SendURL) {
		t.Errorf("context lacks the templated send:\n%s", res.Context)
	}
	if strings.Contains(res.Context, rec.CSRF) {
		t.Errorf("context leaks the CSRF token")
	}
}

func TestTelemetryScoresBelowZero(t *testing.T) {
	rec := netcaptest.Generate(netcaptest.Options{})
	c, a := parse(t, rec)
	tel := map[string]bool{}
	for _, u := range rec.Telemetry {
		tel[u] = true
	}
	seen := 0
	for _, s := range netcap.ScoreEntries(c, a) {
		if !tel[s.URL] {
			continue
		}
		seen++
		if s.Score >= 0 {
			t.Errorf("telemetry %s %s scores %d: %+v", s.Method, s.URL, s.Score, s.Reasons)
		}
		found := false
		for _, r := range s.Reasons {
			found = found || r.Rule == "telemetry"
		}
		if !found {
			t.Errorf("telemetry %s not recognized: %+v", s.URL, s.Reasons)
		}
	}
	if seen != len(rec.Telemetry) || seen < 15 {
		t.Errorf("scored %d telemetry requests, generated %d", seen, len(rec.Telemetry))
	}
}

func TestPersistedQueryTripsCircuitBreaker(t *testing.T) {
	rec := netcaptest.Generate(netcaptest.Options{Variant: netcaptest.SendPersistedQuery})
	c, a := parse(t, rec)
	for _, budget := range []int{netcap.DefaultBudget, 3000, 1200, 400} {
		res := netcap.Rank(c, a, netcap.Options{Budget: budget})
		top := res.Candidates[0]
		if top.URL != rec.SendURL || len(top.Volatile) == 0 {
			t.Fatalf("top = %s with volatile %v, want the persisted mutation", top.URL, top.Volatile)
		}
		if res.Plan != netcap.PlanDOM || !strings.Contains(res.PlanReason, "circuit breaker") {
			t.Errorf("plan = %s (%s), want dom by the circuit breaker", res.Plan, res.PlanReason)
		}
		for _, h := range []string{rec.SendHash, rec.PageLoadHash, rec.SendHash[:16]} {
			if strings.Contains(res.Context, h) {
				t.Errorf("budget %d: context contains the hash %s", budget, h)
			}
		}
		out, _ := json.Marshal(top.Volatile)
		if strings.Contains(string(out), rec.SendHash) {
			t.Errorf("volatile JSON leaks the value: %s", out)
		}
	}
}

func TestHybridPlans(t *testing.T) {
	rec := netcaptest.Generate(netcaptest.Options{TrailingAction: true})
	c, a := parse(t, rec)
	res := netcap.Rank(c, a, netcap.Options{})
	if res.Candidates[0].URL != rec.SendURL || res.Plan != netcap.PlanHybrid || !strings.Contains(res.PlanReason, "Archive") {
		t.Errorf("trailing action: top %s, plan %s (%s)", res.Candidates[0].URL, res.Plan, res.PlanReason)
	}

	// A typed value the request does not carry.
	rec = netcaptest.Generate(netcaptest.Options{})
	c, a = parse(t, rec)
	a = append([]netcap.Action{{Time: netcaptest.T0.Add(9 * time.Second), ID: "7", Role: "combobox", Name: "Priority", Action: "select", Value: "High"}}, a...)
	res = netcap.Rank(c, a, netcap.Options{})
	if res.Plan != netcap.PlanHybrid || !strings.Contains(res.PlanReason, "Priority") {
		t.Errorf("uncovered value: plan %s (%s)", res.Plan, res.PlanReason)
	}
}

func TestNoRequestsIsDOM(t *testing.T) {
	res := netcap.Rank(&netcap.Capture{}, nil, netcap.Options{})
	if res.Plan != netcap.PlanDOM || len(res.Candidates) != 0 {
		t.Errorf("empty capture: %+v", res)
	}
	res = netcap.Rank(nil, nil, netcap.Options{Budget: 50})
	if res.Plan != netcap.PlanDOM || len(res.Context) > 50 {
		t.Errorf("nil capture: plan %s, context %d bytes", res.Plan, len(res.Context))
	}
}

func TestRankIsByteStable(t *testing.T) {
	rec := netcaptest.Generate(netcaptest.Options{})
	var first []byte
	for i := 0; i < 3; i++ {
		res, err := netcap.RankHAR(rec.HAR, rec.Actions, netcap.Options{Budget: 2500})
		if err != nil {
			t.Fatal(err)
		}
		out, err := json.Marshal(res)
		if err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			first = out
		} else if string(out) != string(first) {
			t.Fatalf("run %d differs", i)
		}
	}
}

// entry builds a minimal HAR entry.
func entry(start, method, url, rtype string, status int) string {
	return fmt.Sprintf(`{"startedDateTime":%q,"request":{"method":%q,"url":%q,"headers":[]},"response":{"status":%d,"content":{"size":2,"mimeType":"application/json","text":"{}"}},"_resourceType":%q}`,
		start, method, url, status, rtype)
}

func harOf(entries ...string) []byte {
	return []byte(`{"log":{"version":"1.2","pages":[{"id":"p","title":"https://shop.example.org/"}],"entries":[` + strings.Join(entries, ",") + `]}}`)
}

func TestTiesAreBrokenByStartThenURLThenIndex(t *testing.T) {
	har := harOf(
		entry("2026-01-01T00:00:02Z", "GET", "https://shop.example.org/b", "fetch", 200), // 0
		entry("2026-01-01T00:00:01Z", "GET", "https://shop.example.org/z", "fetch", 200), // 1: earliest
		entry("2026-01-01T00:00:02Z", "GET", "https://shop.example.org/a", "fetch", 200), // 2: same start as 0, smaller URL
		entry("2026-01-01T00:00:02Z", "GET", "https://shop.example.org/a", "fetch", 200), // 3: same as 2, later index
		entry("", "GET", "https://shop.example.org/0", "fetch", 200),                     // 4: untimed ranks last
	)
	res, err := netcap.RankHAR(har, nil, netcap.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var got []int
	for _, c := range res.Candidates {
		got = append(got, c.Index)
	}
	if fmt.Sprint(got) != "[1 2 3 0 4]" {
		t.Errorf("order = %v, want [1 2 3 0 4]", got)
	}
	for _, c := range res.Candidates {
		if c.Score != res.Candidates[0].Score {
			t.Fatalf("scores differ: %+v", res.Candidates)
		}
	}
}

func TestTemporalWindowIsOnlyAfter(t *testing.T) {
	har := harOf(
		entry("2026-01-01T00:00:09.900Z", "POST", "https://shop.example.org/before", "fetch", 200),
		entry("2026-01-01T00:00:10.800Z", "POST", "https://shop.example.org/at800", "fetch", 200),
		entry("2026-01-01T00:00:10.801Z", "POST", "https://shop.example.org/at801", "fetch", 200),
		entry("2026-01-01T00:00:12.500Z", "POST", "https://shop.example.org/at2500", "fetch", 200),
		entry("2026-01-01T00:00:12.501Z", "POST", "https://shop.example.org/at2501", "fetch", 200),
	)
	acts := []byte(`[{"time":"2026-01-01T00:00:10Z","id":3,"role":"button","name":"Buy","action":"click"}]`)
	c, _ := netcap.ParseHAR(har)
	a, err := netcap.ParseActions(acts)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{"before": 0, "at800": netcap.PointsSoonAfter, "at801": netcap.PointsAfter, "at2500": netcap.PointsAfter, "at2501": 0}
	for _, s := range netcap.ScoreEntries(c, a) {
		got := 0
		for _, r := range s.Reasons {
			if strings.HasSuffix(r.Rule, "after-action") {
				got += r.Points
			}
		}
		name := s.URL[strings.LastIndex(s.URL, "/")+1:]
		if got != want[name] {
			t.Errorf("%s: temporal points %d, want %d", name, got, want[name])
		}
	}
}

func TestScoringRules(t *testing.T) {
	type tc struct {
		entry string
		want  map[string]int
	}
	cases := []tc{
		{entry("2026-01-01T00:00:00Z", "OPTIONS", "https://api.example.org/x", "preflight", 204), map[string]int{"not-api": -40, "first-party": 20}},
		{entry("2026-01-01T00:00:00Z", "HEAD", "https://shop.example.org/x", "fetch", 200), map[string]int{"not-api": -40}},
		{entry("2026-01-01T00:00:00Z", "GET", "https://shop.example.org/x.png", "image", 200), map[string]int{"not-api": -40, "get": 5}},
		{entry("2026-01-01T00:00:00Z", "DELETE", "https://shop.example.org/cart/1", "xhr", 404), map[string]int{"mutating-method": 35, "error-status": -25}},
		{entry("2026-01-01T00:00:00Z", "PUT", "https://other.example.com/x", "fetch", 500), map[string]int{"third-party": -15, "error-status": -25}},
		{entry("2026-01-01T00:00:00Z", "GET", "https://www.google-analytics.com/collect", "ping", 200), map[string]int{"telemetry": -80, "third-party": -15}},
	}
	for _, c := range cases {
		cap, err := netcap.ParseHAR(harOf(c.entry))
		if err != nil {
			t.Fatal(err)
		}
		// The page comes from pages[0].title (no document request).
		s := netcap.ScoreEntries(cap, nil)[0]
		got := map[string]int{}
		for _, r := range s.Reasons {
			got[r.Rule] += r.Points
		}
		for rule, p := range c.want {
			if got[rule] != p {
				t.Errorf("%s %s: rule %s = %d, want %d (%+v)", s.Method, s.URL, rule, got[rule], p, s.Reasons)
			}
		}
	}
}

func TestHandBuiltCapture(t *testing.T) {
	at := netcaptest.T0
	c := &netcap.Capture{Entries: []netcap.Entry{
		{Index: 999, Method: "GET", URL: "https://shop.example.org/", ResourceType: "document", Status: 200, Start: at},
		{Index: -7, Method: "POST", URL: "https://shop.example.org/api/buy", ResourceType: "fetch", Status: 200, Start: at.Add(time.Second), Body: []byte(`{"n":1}`)},
		{}, // zero entry: no URL, no method
		{Index: 999, Method: "TRACE", URL: "::not a url::"},
	}}
	res := netcap.Rank(c, []netcap.Action{{Time: at.Add(900 * time.Millisecond), Action: "click", Name: "Buy"}}, netcap.Options{Top: 10})
	if len(res.Candidates) != 4 || res.Candidates[0].URL != "https://shop.example.org/api/buy" || res.Candidates[0].Index != -7 {
		t.Fatalf("candidates = %+v", res.Candidates)
	}
	if res.Candidates[0].Replay.Method != "POST" || res.Plan != netcap.PlanNetwork {
		t.Errorf("replay %+v, plan %s (%s)", res.Candidates[0].Replay, res.Plan, res.PlanReason)
	}
	checkReasonsAddUp(t, res.Candidates)
}
