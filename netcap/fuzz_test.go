package netcap_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/axtree/axtree/netcap"
)

// fuzzActions is a fixed timeline so the fuzzer exercises temporal scoring
// and templating against whatever HAR it makes up.
var fuzzActions = []byte(`[
 {"time":"2026-03-02T09:00:10Z","id":41,"role":"textbox","name":"Message","action":"type","value":"hello"},
 {"time":"2026-03-02T09:00:12Z","id":42,"role":"button","name":"Send","action":"click"}]`)

// FuzzRank feeds arbitrary bytes as a HAR: parsing either fails with an
// error or ranking succeeds within the budget, deterministically, with
// reasons that add up. Seeds live in testdata/fuzz/FuzzRank.
func FuzzRank(f *testing.F) {
	f.Add([]byte(`{"log":{"entries":[]}}`))
	actions, err := netcap.ParseActions(fuzzActions)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := netcap.ParseHAR(data)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("multi-line error: %q", err)
			}
			return
		}
		const budget = 1500
		res := netcap.Rank(c, actions, netcap.Options{Budget: budget})
		if len(res.Context) > budget {
			t.Fatalf("context %d bytes > budget %d", len(res.Context), budget)
		}
		if len(res.Candidates) > netcap.DefaultTop {
			t.Fatalf("%d candidates", len(res.Candidates))
		}
		for _, cd := range res.Candidates {
			sum := 0
			for _, r := range cd.Reasons {
				sum += r.Points
			}
			if sum != cd.Score {
				t.Fatalf("reasons %d != score %d", sum, cd.Score)
			}
			if len(cd.Volatile) > 0 && res.Candidates[0].Index == cd.Index && res.Plan != netcap.PlanDOM {
				t.Fatalf("volatile top without the circuit breaker: %s", res.Plan)
			}
		}
		if len(res.Candidates) > 0 && len(res.Candidates[0].Volatile) > 0 {
			for _, v := range res.Candidates[0].Volatile {
				if len(v.Value) >= 6 && strings.Contains(res.Context, v.Value) {
					t.Fatalf("context leaks volatile %q", v.Value)
				}
			}
		}
		a, _ := json.Marshal(res)
		b, _ := json.Marshal(netcap.Rank(c, actions, netcap.Options{Budget: budget}))
		if !bytes.Equal(a, b) {
			t.Fatal("not deterministic")
		}
	})
}
