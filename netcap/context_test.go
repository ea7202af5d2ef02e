package netcap_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/axtree/axtree/netcap"
	"github.com/axtree/axtree/netcap/netcaptest"
)

// richCapture is the generated recording plus extra navigations and DOM
// actions, so every context section has several items.
func richCapture(t *testing.T) (*netcap.Capture, []netcap.Action) {
	rec := netcaptest.Generate(netcaptest.Options{})
	c, a := parse(t, rec)
	for i := 0; i < 6; i++ {
		c.Entries = append(c.Entries, netcap.Entry{
			Index: len(c.Entries), Start: netcaptest.T0.Add(time.Duration(20+i) * time.Second),
			Method: "GET", URL: fmt.Sprintf("https://app.example.com/inbox/thread/%d", i),
			ResourceType: "document", Status: 200, ResponseMime: "text/html",
		})
	}
	for i := 0; i < 8; i++ {
		a = append(a, netcap.Action{Time: netcaptest.T0.Add(time.Duration(13+i) * time.Second),
			ID: fmt.Sprint(100 + i), Role: "link", Name: fmt.Sprintf("Thread %d", i), Action: "click"})
	}
	return c, a
}

func TestContextFitsBudgetAndDropsInOrder(t *testing.T) {
	c, a := richCapture(t)
	full := netcap.Rank(c, a, netcap.Options{Budget: 1 << 20})
	if full.Dropped != (netcap.Dropped{}) {
		t.Fatalf("nothing should drop at 1 MiB: %+v", full.Dropped)
	}
	nVisited := strings.Count(full.Context, "\n- ") - len(a) // visited and DOM lines both start "- "
	if nVisited < 7 {
		t.Fatalf("expected 7 visited URLs, counted %d", nVisited)
	}
	prev := netcap.Dropped{}
	sawVisited, sawCand, sawDOM, sawTrunc := false, false, false, false
	for budget := len(full.Context); budget >= 0; budget -= 11 {
		res := netcap.Rank(c, a, netcap.Options{Budget: budget})
		ctx, d := res.Context, res.Dropped
		if len(ctx) > budget {
			t.Fatalf("budget %d: context is %d bytes", budget, len(ctx))
		}
		// Drop order: candidates only once every visited URL is gone, DOM
		// hints only once every candidate is gone, truncation last.
		if d.Candidates > 0 && d.Visited != nVisited {
			t.Fatalf("budget %d: dropped candidates before all visited URLs: %+v", budget, d)
		}
		if d.DOM > 0 && d.Candidates != len(full.Candidates) {
			t.Fatalf("budget %d: dropped DOM hints before all candidates: %+v", budget, d)
		}
		if d.Truncated && d.DOM != len(a) {
			t.Fatalf("budget %d: truncated before dropping everything: %+v", budget, d)
		}
		// Shrinking never brings anything back.
		if d.Visited < prev.Visited || d.Candidates < prev.Candidates || d.DOM < prev.DOM || (prev.Truncated && !d.Truncated) {
			t.Fatalf("budget %d: %+v after %+v", budget, d, prev)
		}
		prev = d
		sawVisited = sawVisited || d.Visited > 0
		sawCand = sawCand || d.Candidates > 0
		sawDOM = sawDOM || d.DOM > 0
		if d.Truncated {
			sawTrunc = true
			if budget >= len(netcap.TruncationMarker) && !strings.HasSuffix(ctx, netcap.TruncationMarker) {
				t.Fatalf("budget %d: truncated without the marker: %q", budget, ctx)
			}
			continue
		}
		// Not truncated: whole lines only, and the omission is announced.
		if ctx != "" && !strings.HasSuffix(ctx, "\n") {
			t.Fatalf("budget %d: context ends mid-line", budget)
		}
		if d != (netcap.Dropped{}) && !strings.Contains(ctx, fmt.Sprintf("omitted to fit %d bytes: %d visited URLs, %d candidates, %d DOM actions", budget, d.Visited, d.Candidates, d.DOM)) {
			t.Fatalf("budget %d: omission not announced:\n%s", budget, ctx)
		}
		// The lowest-scored candidates go first: what is left is a prefix.
		for i := range full.Candidates {
			has := strings.Contains(ctx, fmt.Sprintf("\n#%d score ", i+1))
			if has != (i < len(full.Candidates)-d.Candidates) {
				t.Fatalf("budget %d: candidate #%d present=%v with %d dropped", budget, i+1, has, d.Candidates)
			}
		}
		if !strings.HasPrefix(ctx, "# axtree network context\npage: ") {
			t.Fatalf("budget %d: header missing:\n%s", budget, ctx)
		}
	}
	if !sawVisited || !sawCand || !sawDOM || !sawTrunc {
		t.Errorf("walk did not reach every stage: visited %v candidates %v dom %v truncated %v", sawVisited, sawCand, sawDOM, sawTrunc)
	}
}

func TestDOMHintsNearTheTopCandidateStayLongest(t *testing.T) {
	c, a := richCapture(t)
	full := netcap.Rank(c, a, netcap.Options{Budget: 1 << 20})
	// Find a budget where some but not all DOM hints are left.
	for budget := len(full.Context); budget > 0; budget-- {
		res := netcap.Rank(c, a, netcap.Options{Budget: budget})
		if res.Dropped.DOM == 0 || res.Dropped.Truncated {
			continue
		}
		// The Send click (80 ms before the top request) is the last to go.
		if !strings.Contains(res.Context, `click button "Send"`) {
			t.Fatalf("budget %d: the Send click dropped first:\n%s", budget, res.Context)
		}
		if strings.Contains(res.Context, `"Thread 7"`) {
			t.Fatalf("budget %d: the farthest hint survived:\n%s", budget, res.Context)
		}
		return
	}
	t.Fatal("no budget dropped DOM hints")
}

func TestContextIsOneLinePerItem(t *testing.T) {
	har := harOf(entry("2026-01-01T00:00:00Z", "POST", "https://shop.example.org/a\nb", "fetch", 200))
	acts := []byte(`[{"time":"2026-01-01T00:00:00Z","id":"x\ny","role":"textbox","name":"Line\u2028sep","action":"type","value":"one\ntwo"}]`)
	res, err := netcap.RankHAR(har, acts, netcap.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(res.Context, "\n") {
		if l == "b" || strings.HasPrefix(l, "two") || strings.HasPrefix(l, "y]") || strings.Contains(l, "\u2028") {
			t.Errorf("control character split a line: %q\n%s", l, res.Context)
		}
	}
}
