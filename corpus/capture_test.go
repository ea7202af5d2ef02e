package corpus

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/axtree/axtree/axtree"
	"github.com/axtree/axtree/dom"
	"github.com/axtree/axtree/render"
	"github.com/axtree/axtree/wire"
)

// captureFiles lists corpus/captures/*.json by name (without extension).
func captureFiles(t testing.TB) map[string]string {
	t.Helper()
	m, err := filepath.Glob(filepath.Join("captures", "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(m) == 0 {
		t.Fatal("no captures under corpus/captures")
	}
	out := make(map[string]string, len(m))
	for _, f := range m {
		out[strings.TrimSuffix(filepath.Base(f), ".json")] = f
	}
	return out
}

func renderCapture(t testing.TB, b []byte) *render.Result {
	t.Helper()
	res, err := render.Capture(bytes.NewReader(b), render.Options{})
	if err != nil {
		t.Fatalf("render.Capture: %v", err)
	}
	return res
}

// staticCapture returns the capture b with every live fact removed, so it
// renders as the page's markup alone would: the acceptance checks use it to
// show that the facts, not the markup, decided a line.
func staticCapture(t testing.TB, b []byte) []byte {
	t.Helper()
	c, err := wire.Unmarshal(b)
	if err != nil {
		t.Fatal(err)
	}
	stack := []*wire.Node{c.Root}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		tag, attrs, text, children, shadow, frame := n.Tag, n.Attrs, n.Text, n.Children, n.Shadow, n.Frame
		*n = wire.Node{Tag: tag, NS: n.NS, Attrs: attrs, Text: text, Children: children, Shadow: shadow, Frame: frame}
		for i := range n.Children {
			stack = append(stack, &n.Children[i])
		}
		if n.Shadow != nil {
			for i := range n.Shadow.Children {
				stack = append(stack, &n.Shadow.Children[i])
			}
		}
		if n.Frame != nil && n.Frame.Root != nil {
			stack = append(stack, n.Frame.Root)
		}
	}
	var buf bytes.Buffer
	if err := wire.Encode(&buf, c); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// find returns the first tree node with the role and name, or nil.
func find(tr *axtree.Tree, role, name string) *axtree.Node {
	var hit *axtree.Node
	tr.Walk(func(n *axtree.Node, _ int) bool {
		if hit == nil && n.Role == role && n.Name == name {
			hit = n
		}
		return hit == nil
	})
	return hit
}

// mustFind is find that fails the test on a miss and requires an id.
func mustFind(t *testing.T, res *render.Result, role, name string) *axtree.Node {
	t.Helper()
	n := find(res.Tree, role, name)
	if n == nil {
		t.Fatalf("no [%s] %q in the tree:\n%s", role, name, res.Text())
	}
	if n.ID <= 0 {
		t.Errorf("[%s] %q has no id", role, name)
	}
	return n
}

func hasState(n *axtree.Node, key, value string) bool {
	return slices.Contains(n.States, axtree.Attr{Key: key, Value: value})
}

func hasProp(n *axtree.Node, key, value string) bool {
	return slices.Contains(n.Props, axtree.Attr{Key: key, Value: value})
}

// wantLine requires a line of the text matching the regular expression
// (anchored at the line's start, after the indentation).
func wantLine(t *testing.T, text []byte, re string) {
	t.Helper()
	if !regexp.MustCompile(`(?m)^ *` + re).Match(text) {
		t.Errorf("no line matches %s in:\n%s", re, text)
	}
}

// noActionsOn fails when the element with the given id attribute is in the
// tree with actions (a delegating container must not be annotated).
func noActionsOn(t *testing.T, res *render.Result, idAttr string) {
	t.Helper()
	el := res.Doc.ByID(nil, idAttr)
	if el == nil {
		t.Fatalf("no element #%s in the document", idAttr)
	}
	res.Tree.Walk(func(n *axtree.Node, _ int) bool {
		if n.ID > 0 && res.Tree.Node(n.ID) == el && len(n.Actions) > 0 {
			t.Errorf("container #%s has actions %v", idAttr, n.Actions)
		}
		return true
	})
}

// captureChecks are the acceptance facts of each capture, checked on top of
// the golden comparison. Each gets the capture rendered with its live facts
// and rendered from its markup alone.
var captureChecks = map[string]func(t *testing.T, live, static *render.Result){
	"delegation": func(t *testing.T, live, static *render.Result) {
		// Root delegation without a selector lands where the pointer cursor
		// starts (the card), not on the spans inside it or the container.
		card := mustFind(t, live, "generic", "Fix login redirect loop AX-412")
		if !slices.Equal(card.Actions, []string{"click"}) {
			t.Errorf("delegated card: actions %v, want [click]", card.Actions)
		}
		if len(card.Children) != 0 {
			t.Errorf("the spans inside the card got lines of their own: %v", card.Children)
		}
		noActionsOn(t, live, "root")
		// A target the hook resolved itself (React + delegated bits).
		if n := mustFind(t, live, "generic", "Dark mode for settings"); !slices.Equal(n.Actions, []string{"click"}) {
			t.Errorf("resolved card: actions %v, want [click]", n.Actions)
		}
		// jQuery-style selector delegation: matching anchors only.
		for _, name := range []string{"Assigned to me", "Blocked"} {
			if n := mustFind(t, live, "generic", name); !slices.Equal(n.Actions, []string{"click"}) {
				t.Errorf("%q: actions %v, want [click]", name, n.Actions)
			}
		}
		if n := find(live.Tree, "generic", "Help"); n != nil {
			t.Errorf("the anchor outside the selector got a line: %+v", n)
		}
		wantLine(t, live.Text(), `\[generic\]\[actions=click\] Fix login redirect loop AX-412 \[id=\d+\]$`)
		// A native button the root delegate reaches implies click itself.
		if n := mustFind(t, live, "button", "Add card"); len(n.Actions) != 0 {
			t.Errorf("button: actions %v, want none", n.Actions)
		}
		// Without the capture's listeners nothing is clickable.
		if find(static.Tree, "generic", "Fix login redirect loop AX-412") != nil {
			t.Error("the card is in the tree without its listeners")
		}
	},
	"drop-zone": func(t *testing.T, live, static *render.Result) {
		wantLine(t, live.Text(), `\[button\]\[actions=drag-drop\] Deliver to Warehouse B \[id=\d+\]$`)
		wantLine(t, live.Text(), `\[generic\]\[actions=drag-drop\] Return to sender \[id=\d+\]$`)
		wantLine(t, live.Text(), `\[listitem\]\[actions=drag-drop\] Parcel 4411 · 2\.3 kg \[id=\d+\]$`)
		// dragover without drop is no drop target.
		if n := find(live.Tree, "generic", "Hover preview"); n != nil {
			t.Errorf("dragenter+dragover alone made a drop zone: %+v", n)
		}
		if n := mustFind(t, static, "button", "Deliver to Warehouse B"); len(n.Actions) != 0 {
			t.Errorf("static button: actions %v", n.Actions)
		}
	},
	"readonly-field": func(t *testing.T, live, static *render.Result) {
		wantLine(t, live.Text(), `\[textbox\]\[read-only\]\[actions=click→type:focus-first\] Departure date \[id=\d+\] \[placeholder="Pick a date"\]$`)
		// Read-only with a click listener but no typing listener: no action.
		cur := mustFind(t, live, "textbox", "Currency")
		if !hasState(cur, "read-only", "") || len(cur.Actions) != 0 {
			t.Errorf("Currency: states %v actions %v, want [read-only] and no actions", cur.States, cur.Actions)
		}
		// (b): a focusable non-editable element with focusin + keypress.
		if n := mustFind(t, live, "generic", "Passengers"); !slices.Equal(n.Actions, []string{"click→type:focus-first"}) {
			t.Errorf("Passengers: actions %v", n.Actions)
		}
		if n := mustFind(t, live, "textbox", "From"); !hasState(n, "editable", "") || !hasProp(n, "value", "Berlin Hbf") {
			t.Errorf("From: states %v props %v", n.States, n.Props)
		}
		if n := mustFind(t, static, "textbox", "Departure date"); len(n.Actions) != 0 {
			t.Errorf("static date field: actions %v", n.Actions)
		}
	},
	"shadow-frame": func(t *testing.T, live, static *render.Result) {
		pay := mustFind(t, live, "button", "Pay now")
		if h := live.Tree.Node(pay.ID); h == nil || h.Data != "button" {
			t.Errorf("id %d of the closed shadow root's button binds %v", pay.ID, h)
		}
		frame := mustFind(t, live, "iframe", "Card details")
		cc := mustFind(t, live, "textbox", "Card number")
		if !slices.Contains(frame.Children, cc) {
			t.Errorf("the frame's textbox is not under its iframe")
		}
		if !hasProp(cc, "value", "4242 4242 4242 4242") {
			t.Errorf("Card number props %v", cc.Props)
		}
		if h := live.Tree.Node(cc.ID); h == nil || h.Data != "input" {
			t.Errorf("id %d of the frame's textbox binds %v", cc.ID, h)
		}
		wantLine(t, live.Text(), `Total: €42\.00$`)
		if ad := mustFind(t, live, "iframe", "Advertisement"); len(ad.Children) != 0 {
			t.Errorf("the cross-origin frame has content: %v", ad.Children)
		}
	},
	"live-state": func(t *testing.T, live, static *render.Result) {
		// Checkedness follows the live value in both directions.
		news, sNews := mustFind(t, live, "checkbox", "Email me about new jobs"), mustFind(t, static, "checkbox", "Email me about new jobs")
		if hasState(news, "checked", "") || !hasState(sNews, "checked", "") {
			t.Errorf("checked attribute, live unchecked: live %v static %v", news.States, sNews.States)
		}
		rem, sRem := mustFind(t, live, "checkbox", "Keep me signed in"), mustFind(t, static, "checkbox", "Keep me signed in")
		if !hasState(rem, "checked", "") || hasState(sRem, "checked", "") {
			t.Errorf("no attribute, live checked: live %v static %v", rem.States, sRem.States)
		}
		if n := mustFind(t, live, "checkbox", "Select all alerts"); !hasState(n, "checked", "mixed") {
			t.Errorf("indeterminate: %v", n.States)
		}
		// A typed value beats the value attribute (and the textarea's text).
		if n := mustFind(t, live, "textbox", "City"); !hasProp(n, "value", "Hamburg") {
			t.Errorf("City props %v", n.Props)
		}
		if n := mustFind(t, static, "textbox", "City"); !hasProp(n, "value", "Berlin") {
			t.Errorf("static City props %v", n.Props)
		}
		if n := mustFind(t, live, "textbox", "About you"); !hasProp(n, "value", "Go, distributed systems.") {
			t.Errorf("About you props %v", n.Props)
		}
		if n := mustFind(t, live, "combobox", "Team size"); !hasProp(n, "value", "11–50") {
			t.Errorf("Team size props %v", n.Props)
		}
		// Live display wins over the markup, both ways.
		if find(live.Tree, "button", "Undo") != nil || bytes.Contains(live.Text(), []byte("Settings saved")) {
			t.Errorf("the live display:none toast is in the tree:\n%s", live.Text())
		}
		if find(static.Tree, "button", "Undo") == nil {
			t.Error("the toast's button is missing from the static rendering (the check would be vacuous)")
		}
		if bytes.Contains(live.Text(), []byte("plan expires")) || !bytes.Contains(static.Text(), []byte("plan expires")) {
			t.Error("display:none paragraph: live must hide it, markup shows it")
		}
		mustFind(t, live, "link", "Complete your profile")
		if find(static.Tree, "link", "Complete your profile") != nil {
			t.Error("the inline display:none nav shows without the live display")
		}
	},
	"click-semantics": func(t *testing.T, live, static *render.Result) {
		for _, c := range [][2]string{{"button", "Send"}, {"link", "Drafts"}, {"checkbox", "Request read receipt"}} {
			if n := mustFind(t, live, c[0], c[1]); len(n.Actions) != 0 {
				t.Errorf("[%s] %q has a click listener its role implies, yet actions %v", c[0], c[1], n.Actions)
			}
		}
		if bytes.Contains(live.Text(), []byte("[button][actions=")) {
			t.Errorf("a button is annotated:\n%s", live.Text())
		}
		wantLine(t, live.Text(), `\[generic\]\[actions=click\] Attach file \[id=\d+\]$`)
		// mousedown without cursor:pointer or tabindex is drag plumbing.
		if n := find(live.Tree, "generic", "Resize"); n != nil {
			t.Errorf("bare mousedown made a clickable: %+v", n)
		}
		// An inline onclick attribute needs no capture.
		wantLine(t, static.Text(), `\[generic\]\[actions=click\] More \[id=\d+\]$`)
		if find(static.Tree, "generic", "Attach file") != nil {
			t.Error("Attach file is clickable without its listener")
		}
	},
	"job-form": func(t *testing.T, live, static *render.Result) {
		text := live.Text()
		wantLine(t, text, `\[textbox\]\[editable\] Name \* \[id=\d+\] \[required\]$`)
		wantLine(t, text, `\[textbox\]\[editable\] GitHub \* \[id=\d+\] \[required\] \[placeholder="Type here"\]$`)
		wantLine(t, text, `\[textbox\]\[editable\] Email \* \[id=\d+\] \[required\] \[type=email\] \[value="ada@example\.org"\]$`)
		wantLine(t, text, `\[button\]\[actions=drag-drop\] Deliver to hiring team \[id=\d+\]$`)
		wantLine(t, text, `\[textbox\]\[read-only\]\[actions=click→type:focus-first\] Earliest start date \[id=\d+\] `)
		wantLine(t, text, `\[button\] Submit Application \[id=\d+\]$`)
		wantLine(t, text, `\[checkbox\]\[checked\] I agree to the processing of my data \[id=\d+\]$`)
		wantLine(t, text, `\[generic\]\[actions=click\] Autofill from resume \[id=\d+\]$`)
		if bytes.Contains(text, []byte("valid email")) {
			t.Error("the hidden field error is in the tree")
		}
		// The ::after " *" is a live fact: the markup alone names the field "Name".
		mustFind(t, static, "textbox", "Name")
	},
}

// TestCaptureGolden renders every capture in corpus/captures and compares
// its text and link record with the goldens capture__NAME.txt and
// capture__NAME.links.json (go test ./corpus -run TestCaptureGolden -update
// rewrites them), then checks the capture's acceptance facts.
func TestCaptureGolden(t *testing.T) {
	files := captureFiles(t)
	for name := range captureChecks {
		if _, ok := files[name]; !ok {
			t.Errorf("captures/%s.json is missing", name)
		}
	}
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			b, err := os.ReadFile(files[name])
			if err != nil {
				t.Fatal(err)
			}
			live := renderCapture(t, b)
			checkGolden(t, "capture__"+name+".txt", live.Text())
			checkGolden(t, "capture__"+name+".links.json", append(live.LinksJSON(), '\n'))
			check := captureChecks[name]
			if check == nil {
				t.Fatalf("captures/%s.json has no acceptance checks in captureChecks", name)
			}
			check(t, live, renderCapture(t, staticCapture(t, b)))
		})
	}
}

// htmlToCapture converts an HTML page to a capture document (no live
// facts), as a producer without a browser would.
func htmlToCapture(t testing.TB, b []byte) []byte {
	t.Helper()
	root, err := dom.Parse(b)
	if err != nil {
		t.Fatalf("dom.Parse: %v", err)
	}
	var buf bytes.Buffer
	if err := wire.Encode(&buf, wire.FromHTML(root)); err != nil {
		t.Fatalf("wire.Encode: %v", err)
	}
	return buf.Bytes()
}

// TestHTMLVsCapture renders every corpus page twice, from its HTML and from
// the capture wire.FromHTML makes of it, and requires the same tree text
// and link record byte for byte.
func TestHTMLVsCapture(t *testing.T) {
	for _, p := range append(ownPages(t), sharedPages(t)...) {
		t.Run(p.name, func(t *testing.T) {
			b, err := os.ReadFile(p.path)
			if err != nil {
				t.Fatal(err)
			}
			opts := render.Options{URL: pageURL(p)}
			fromHTML, err := render.HTMLBytes(b, opts)
			if err != nil {
				t.Fatal(err)
			}
			fromCapture, err := render.Capture(bytes.NewReader(htmlToCapture(t, b)), opts)
			if err != nil {
				t.Fatalf("render.Capture: %v", err)
			}
			if h, c := fromHTML.Text(), fromCapture.Text(); !bytes.Equal(h, c) {
				t.Errorf("tree text differs (want: from HTML, got: from capture):\n%s", firstDiff(h, c))
			}
			if h, c := fromHTML.LinksJSON(), fromCapture.LinksJSON(); !bytes.Equal(h, c) {
				t.Errorf("link record differs (want: from HTML, got: from capture):\n%s", firstDiff(h, c))
			}
			if h, c := fromHTML.JSON(), fromCapture.JSON(); !bytes.Equal(h, c) {
				t.Errorf("JSON form differs (want: from HTML, got: from capture):\n%s", firstDiff(h, c))
			}
			if len(fromHTML.Doc.Elements) != len(fromCapture.Doc.Elements) {
				t.Errorf("element count differs: HTML %d, capture %d", len(fromHTML.Doc.Elements), len(fromCapture.Doc.Elements))
			}
		})
	}
}
