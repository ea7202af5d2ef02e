package dom

import (
	"strings"
	"testing"
)

// TestDeepSrcdocFrame checks a srcdoc frame nested deeper than
// golang.org/x/net/html accepts is flattened like the top document instead
// of being dropped.
func TestDeepSrcdocFrame(t *testing.T) {
	inner := strings.Repeat("<div>", 600) + "<button>deep</button>"
	root, err := Parse([]byte(`<iframe srcdoc="` + inner + `"></iframe>`))
	if err != nil {
		t.Fatal(err)
	}
	d := New(root)
	var frame *Doc
	for _, n := range d.Elements {
		if IsHTML(n, "iframe") {
			frame = d.Frame(n)
		}
	}
	if frame == nil {
		t.Fatal("srcdoc nested 600 deep was not attached as a frame")
	}
	found := false
	for _, n := range frame.Elements {
		if IsHTML(n, "button") && n.FirstChild != nil && n.FirstChild.Data == "deep" {
			found = true
		}
	}
	if !found {
		t.Errorf("the button at the bottom of the frame is missing (%d elements)", len(frame.Elements))
	}
}

// TestParseDeep checks Parse keeps every element of a document nested past
// MaxParseDepth, in document order.
func TestParseDeep(t *testing.T) {
	root, err := Parse([]byte(strings.Repeat("<div>", 2000) + "<button>b</button>" + strings.Repeat("</div>", 2000) + "<a>after</a>"))
	if err != nil {
		t.Fatal(err)
	}
	d := New(root)
	divs, last := 0, ""
	for _, n := range d.Elements {
		if IsHTML(n, "div") {
			divs++
		}
		last = n.Data
	}
	if divs != 2000 || last != "a" {
		t.Errorf("%d divs, last element %q; want 2000 divs, then the a", divs, last)
	}
}
