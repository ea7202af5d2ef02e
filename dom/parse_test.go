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

// TestParseDeepTables checks nesting made of tags whose parents the parser
// implies (<table><tr><td> opens table, tbody, tr and td) is flattened far
// enough to parse, keeping every cell.
func TestParseDeepTables(t *testing.T) {
	for _, unit := range []string{"<table><tr><td>x", "<table><td>x", "<ul><li><table><td><div>"} {
		root, err := Parse([]byte(strings.Repeat(unit, 2000) + "<button>end</button>"))
		if err != nil {
			t.Fatalf("%s × 2000: %v", unit, err)
		}
		d := New(root)
		buttons := 0
		for _, n := range d.Elements {
			if IsHTML(n, "button") {
				buttons++
			}
		}
		if buttons != 1 {
			t.Errorf("%s × 2000: %d buttons, want 1", unit, buttons)
		}
	}
}
