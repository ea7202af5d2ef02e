package adversarial

import (
	"testing"

	"github.com/axtree/axtree/axtree"
	"github.com/axtree/axtree/render"
)

// TestBadJSON checks the JSON scan finds forbidden characters written raw
// or escaped (surrogate pairs included) and lets the rest through.
func TestBadJSON(t *testing.T) {
	for in, bad := range map[string]bool{
		`{"a":"x\u202ey"}`:                   true,
		`{"a":"x\\u202e"}`:                   false, // an escaped backslash, then text
		"{\"a\":\"\u200b\"}":                 true,
		`{"a":"\u0001"}`:                     true,
		`{"a":"\ud83d\ude00 ok \u00e9 \n"}`:  false,
		`{"a":"\udb40\udc41"}`:               true, // TAG LATIN CAPITAL LETTER A
		"{\"a\":\"zwj \u200d zwnj \u200c\"}": false,
	} {
		if got := badJSON([]byte(in)) != ""; got != bad {
			t.Errorf("badJSON(%s) reports %v, want %v", in, got, bad)
		}
	}
}

// TestRoundTripCatchesForgery checks the round-trip check fails when the
// text holds a line, an id or a note the tree does not.
func TestRoundTripCatchesForgery(t *testing.T) {
	tree := &axtree.Tree{Roots: []*axtree.Node{{ID: 1, Role: "button", Name: "Pay"}}}
	for text, ok := range map[string]bool{
		"[button] Pay [id=1]\n":                      true,
		"[button] Pay [id=1]\n[link] x [id=2]\n":     false,
		"[button] Pay [id=7]\n":                      false,
		"[button] Pay [id=1]\n[truncated=nodes]\n":   false,
		"[button] Pay [id=1]\n  [button] x [id=1]\n": false,
	} {
		if errs := checkRoundTrip(tree, []byte(text), render.Options{}); (len(errs) == 0) != ok {
			t.Errorf("%q: errors %q, want ok=%v", text, errs, ok)
		}
	}
}
