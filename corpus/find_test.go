package corpus

import (
	"strings"
	"testing"

	"github.com/axtree/axtree/axtree"
	"github.com/axtree/axtree/internal/shared"
)

// TestFindNearMissOnAmazon: a recorded target whose name drifted slightly
// (the site shortened a product title, a role changed) misses, and the
// intended element is among the three candidates Find returns.
func TestFindNearMissOnAmazon(t *testing.T) {
	p := page{name: "amazon-de-search", path: shared.Path(t, "corpus", "pages", "amazon-de-search.html")}
	res := renderPage(t, p)
	cases := []struct {
		target   axtree.Target
		wantRole string
		wantName string
	}{
		// the recording said "48 bags" without the pack size
		{axtree.Target{Role: "link", Name: "Kitekat cat food market mix in jelly, 48 bags"}, "link", "Kitekat cat food market mix in jelly, 48 bags (2 x 24 x 100 g)"},
		// a typo in the recorded name
		{axtree.Target{Role: "textbox", Name: "Serach"}, "textbox", "Search"},
		// the recording has the name in another case and without the period
		{axtree.Target{Role: "link", Name: "learn about these results"}, "link", "Learn about these results."},
	}
	for _, c := range cases {
		r := res.Tree.Find(c.target)
		if len(r.Matches) != 0 {
			t.Fatalf("%+v: expected a miss, got %+v", c.target, r.Matches)
		}
		if len(r.Candidates) != axtree.MaxCandidates {
			t.Fatalf("%+v: %d candidates, want %d", c.target, len(r.Candidates), axtree.MaxCandidates)
		}
		found := false
		for _, cand := range r.Candidates {
			if cand.Role == c.wantRole && cand.Name == c.wantName {
				found = true
				if el := res.Tree.Node(cand.ID); el == nil {
					t.Errorf("candidate id %d is not bound to an element", cand.ID)
				}
			}
		}
		if !found {
			var got []string
			for _, cand := range r.Candidates {
				got = append(got, cand.Role+" "+cand.Name)
			}
			t.Errorf("%+v: intended %s %q not among candidates:\n  %s", c.target, c.wantRole, c.wantName, strings.Join(got, "\n  "))
		}
	}
	// role match ranks first: a role that changed leaves same-role
	// candidates ahead of the same name under another role
	r := res.Tree.Find(axtree.Target{Role: "button", Name: "Learn about these results."})
	for _, c := range r.Candidates {
		if c.Role != "button" {
			t.Errorf("role must rank first, got candidate %+v", c)
		}
	}
	// and an exact target resolves, in document order
	r = res.Tree.Find(axtree.Target{Role: "link", Name: "Kitekat cat food market mix in jelly, 48 bags (2 x 24 x 100 g)"})
	if len(r.Matches) < 2 {
		t.Fatalf("exact target: %d matches", len(r.Matches))
	}
	for i := 1; i < len(r.Matches); i++ {
		if r.Matches[i].ID <= r.Matches[i-1].ID {
			t.Fatalf("matches not in document order: %+v", r.Matches)
		}
	}
}
