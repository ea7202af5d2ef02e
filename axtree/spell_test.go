package axtree

import "testing"

func TestContainsWords(t *testing.T) {
	for _, c := range []struct {
		name, s string
		want    bool
	}{
		{"-13%€2.95(€2.95/kg) RRP: €3.39", "-13% €2.95 (€2.95/kg)", true},
		{`results for"cat"`, `results for "cat"`, true},
		{"Buy now", "Buy", true},
		{"Buy now", "Sell", false},
		{"ab", "a b c", false},
	} {
		if got := containsWords(c.name, c.s); got != c.want {
			t.Errorf("containsWords(%q, %q) = %v", c.name, c.s, got)
		}
	}
}

func TestSpelledOut(t *testing.T) {
	link := &Node{Role: "link", Name: "Next field"}
	cell := &Node{Role: "cell", Children: []*Node{{Name: "Tab"}}}
	for _, c := range []struct {
		name string
		kids []*Node
		want bool
	}{
		{"Tab Next field", []*Node{cell, link}, true},
		{"TabNext field", []*Node{cell, link}, true},                                               // spaces aside
		{"Tab Next", []*Node{cell, link}, false},                                                   // the kids say more
		{"Tab Next field now", []*Node{cell, link}, false},                                         // the name says more
		{"Tab", []*Node{{Name: "Tab"}}, false},                                                     // text lines alone: pruned elsewhere
		{"Next field", []*Node{{Role: "cell", Name: "Next field", Children: []*Node{link}}}, true}, // below a named node: not read
	} {
		if got := spelledOut(c.name, c.kids); got != c.want {
			t.Errorf("spelledOut(%q) = %v, want %v", c.name, got, c.want)
		}
	}
}
