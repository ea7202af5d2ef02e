package corpus

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/axtree/axtree/axtree"
	"github.com/axtree/axtree/dom"
	"github.com/axtree/axtree/internal/shared"
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
	return slices.Contains(n.States(), axtree.Attr{Key: key, Value: value})
}

func hasProp(n *axtree.Node, key, value string) bool {
	return slices.Contains(n.Props(), axtree.Attr{Key: key, Value: value})
}

// wantLine requires a line of the text matching the regular expression
// (anchored at the line's start, after the indentation).
func wantLine(t *testing.T, text []byte, re string) {
	t.Helper()
	if !regexp.MustCompile(`(?m)^ *` + re).Match(text) {
		t.Errorf("no line matches %s in:\n%s", re, text)
	}
}

// wantState fails unless a line matches re (an element line, which must
// capture its id as the first group) and the state record has the line
// "[id=N] " + state for that id.
func wantState(t *testing.T, text []byte, re, state string) {
	t.Helper()
	m := regexp.MustCompile(`(?m)^ *` + re).FindSubmatch(text)
	if m == nil {
		t.Errorf("no line matches %s in:\n%s", re, text)
		return
	}
	want := "\n[id=" + string(m[1]) + "] " + state + "\n"
	if !bytes.Contains(text, []byte(want)) {
		t.Errorf("no state line %q in:\n%s", want[1:len(want)-1], text)
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
		if n.ID > 0 && res.Tree.Node(n.ID) == el && len(n.Actions()) > 0 {
			t.Errorf("container #%s has actions %v", idAttr, n.Actions())
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
		if !slices.Equal(card.Actions(), []string{"click"}) {
			t.Errorf("delegated card: actions %v, want [click]", card.Actions())
		}
		if len(card.Children) != 0 {
			t.Errorf("the spans inside the card got lines of their own: %v", card.Children)
		}
		noActionsOn(t, live, "root")
		// The walk enters shadow roots: composed events reach the container.
		if n := mustFind(t, live, "generic", "Ada L."); !slices.Equal(n.Actions(), []string{"click"}) {
			t.Errorf("shadow chip: actions %v, want [click]", n.Actions())
		}
		// A target the hook resolved itself (React + delegated bits).
		if n := mustFind(t, live, "generic", "Dark mode for settings"); !slices.Equal(n.Actions(), []string{"click"}) {
			t.Errorf("resolved card: actions %v, want [click]", n.Actions())
		}
		// jQuery-style selector delegation: matching anchors only.
		for _, name := range []string{"Assigned to me", "Blocked"} {
			if n := mustFind(t, live, "generic", name); !slices.Equal(n.Actions(), []string{"click"}) {
				t.Errorf("%q: actions %v, want [click]", name, n.Actions())
			}
		}
		if n := find(live.Tree, "generic", "Help"); n != nil {
			t.Errorf("the anchor outside the selector got a line: %+v", n)
		}
		wantLine(t, live.Text(), `\[generic\]\[actions=click\] Fix login redirect loop AX-412 \[id=\d+\]$`)
		// A native button the root delegate reaches implies click itself.
		if n := mustFind(t, live, "button", "Add card"); len(n.Actions()) != 0 {
			t.Errorf("button: actions %v, want none", n.Actions())
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
		if n := mustFind(t, static, "button", "Deliver to Warehouse B"); len(n.Actions()) != 0 {
			t.Errorf("static button: actions %v", n.Actions())
		}
	},
	"readonly-field": func(t *testing.T, live, static *render.Result) {
		wantLine(t, live.Text(), `\[textbox\]\[read-only\]\[actions=click→type:focus-first\] Departure date \[id=\d+\] \[placeholder="Pick a date"\]$`)
		// Read-only with a click listener but no typing listener: no action.
		cur := mustFind(t, live, "textbox", "Currency")
		if !hasState(cur, "read-only", "") || len(cur.Actions()) != 0 {
			t.Errorf("Currency: states %v actions %v, want [read-only] and no actions", cur.States(), cur.Actions())
		}
		// (b): a focusable non-editable element with focusin + keypress.
		if n := mustFind(t, live, "generic", "Passengers"); !slices.Equal(n.Actions(), []string{"click→type:focus-first"}) {
			t.Errorf("Passengers: actions %v", n.Actions())
		}
		if n := mustFind(t, live, "textbox", "From"); !hasState(n, "editable", "") || !hasProp(n, "value", "Berlin Hbf") {
			t.Errorf("From: states %v props %v", n.States(), n.Props())
		}
		if n := mustFind(t, static, "textbox", "Departure date"); len(n.Actions()) != 0 {
			t.Errorf("static date field: actions %v", n.Actions())
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
			t.Errorf("Card number props %v", cc.Props())
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
			t.Errorf("checked attribute, live unchecked: live %v static %v", news.States(), sNews.States())
		}
		rem, sRem := mustFind(t, live, "checkbox", "Keep me signed in"), mustFind(t, static, "checkbox", "Keep me signed in")
		if !hasState(rem, "checked", "") || hasState(sRem, "checked", "") {
			t.Errorf("no attribute, live checked: live %v static %v", rem.States(), sRem.States())
		}
		if n := mustFind(t, live, "checkbox", "Select all alerts"); !hasState(n, "checked", "mixed") {
			t.Errorf("indeterminate: %v", n.States())
		}
		// A typed value beats the value attribute (and the textarea's text).
		if n := mustFind(t, live, "textbox", "City"); !hasProp(n, "value", "Hamburg") {
			t.Errorf("City props %v", n.Props())
		}
		if n := mustFind(t, static, "textbox", "City"); !hasProp(n, "value", "Berlin") {
			t.Errorf("static City props %v", n.Props())
		}
		if n := mustFind(t, live, "textbox", "About you"); !hasProp(n, "value", "Go, distributed systems.") {
			t.Errorf("About you props %v", n.Props())
		}
		if n := mustFind(t, live, "combobox", "Team size"); !hasProp(n, "value", "11–50") {
			t.Errorf("Team size props %v", n.Props())
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
			if n := mustFind(t, live, c[0], c[1]); len(n.Actions()) != 0 {
				t.Errorf("[%s] %q has a click listener its role implies, yet actions %v", c[0], c[1], n.Actions())
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
		wantState(t, text, `\[textbox\]\[editable\] Email \* \[id=(\d+)\] \[required\] \[type=email\]$`, `[value="ada@example.org"]`)
		wantLine(t, text, `\[button\]\[actions=drag-drop\] Deliver to hiring team \[id=\d+\]$`)
		wantLine(t, text, `\[textbox\]\[read-only\]\[actions=click→type:focus-first\] Earliest start date \[id=\d+\] `)
		wantLine(t, text, `\[button\] Submit Application \[id=\d+\]$`)
		wantState(t, text, `\[checkbox\] I agree to the processing of my data \[id=(\d+)\]$`, `[checked]`)
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

// TestCaptureBadInput: malformed captures fail at the render level with an
// error that names the node and the field, and never panic.
func TestCaptureBadInput(t *testing.T) {
	doc := func(body string) string {
		return `{"version":1,"root":{"tag":"#document","children":[{"tag":"html","children":[{"tag":"body","children":[` + body + `]}]}]}}`
	}
	deep := strings.Repeat(`{"tag":"div","children":[`, 600) + strings.Repeat(`]}`, 600)
	cases := []struct {
		name, in string
		path     string // wire.Error.Path; "" for the top level
		field    string // wire.Error.Field
		msg      string // a fragment of the message
	}{
		{"unknown version", `{"version":2,"root":{"tag":"#document"}}`, "", "version", "unsupported version 2"},
		{"unknown version, rest unreadable", `{"version":2,"root":`, "", "version", "unsupported version 2"},
		{"upper-case mask", doc(`{"tag":"div","listeners":"0~A"}`), "/html/body/div", "listeners", `"0~A"`},
		{"zero mask, second div", doc(`{"tag":"div"},{"tag":"div","children":[{"tag":"span","listeners":"0~0"}]}`), "/html/body/div[2]/span", "listeners", `"0~0"`},
		{"unknown event id", doc(`{"tag":"button","listeners":"999~1"}`), "/html/body/button", "listeners", "unknown event id 999"},
		{"undefined mask bit", doc(`{"tag":"button","listeners":"0~sg"}`), "/html/body/button", "listeners", `"0~sg"`},
		{"unsorted delegate", doc(`{"tag":"div","delegate":[{"listeners":"1~1,0~1"}]}`), "/html/body/div", "delegate[0].listeners", "out of order"},
		{"listener in a closed shadow root", doc(`{"tag":"x-a","shadow":{"mode":"closed","children":[{"tag":"button","listeners":"0~"}]}}`), "/html/body/x-a/#shadow-root/button", "listeners", `"0~"`},
		{"1 G claimed nodes", `{"version":1,"nodes":1000000000,"root":{"tag":"#document"}}`, "", "nodes", "1000000000"},
		{"claimed nodes disagree", `{"version":1,"nodes":5,"root":{"tag":"#document"}}`, "", "nodes", "claimed 5"},
		{"document as a descendant", doc(`{"tag":"div","children":[{"tag":"#document"}]}`), "/html/body/div/#document", "tag", "only as a root"},
		{"frame root not a document", doc(`{"tag":"iframe","frame":{"root":{"tag":"div"}}}`), "/html/body/iframe", "frame.root.tag", `"div"`},
		{"three-string attribute", doc(`{"tag":"div","attrs":[["a","b","c"]]}`), "/html/body/div", "attrs[0]", "3 strings"},
		{"null fact", doc(`{"tag":"input","checked":null}`), "/html/body/input", "checked", "null"},
		{"bad display", doc(`{"tag":"div","display":"NONE"}`), "/html/body/div", "display", `"NONE"`},
		{"bad shadow mode", doc(`{"tag":"div","shadow":{"mode":"weird"}}`), "/html/body/div", "shadow.mode", `"weird"`},
		{"too deep", doc(deep), "", "", "nested deeper than 512"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, err := render.Capture(strings.NewReader(c.in), render.Options{})
			if err == nil {
				t.Fatalf("rendered without error:\n%s", res.Text())
			}
			var we *wire.Error
			if !errors.As(err, &we) {
				t.Fatalf("error %v (%T) is not a *wire.Error", err, err)
			}
			if c.path != "" && we.Path != c.path || c.field != "" && we.Field != c.field {
				t.Errorf("error names node %q field %q, want %q %q (%v)", we.Path, we.Field, c.path, c.field, err)
			}
			if c.path == "" && c.field != "" && we.Path != "" {
				t.Errorf("a top-level error names node %q (%v)", we.Path, err)
			}
			if !strings.Contains(err.Error(), c.msg) {
				t.Errorf("error %q does not mention %q", err, c.msg)
			}
		})
	}

	// A size cap on the input applies to captures as to HTML.
	big := doc(strings.Repeat(`{"tag":"p"},`, 200) + `{"tag":"p"}`)
	if _, err := render.Capture(strings.NewReader(big), render.Options{MaxInputBytes: 1 << 10}); err == nil {
		t.Errorf("a %d-byte capture passed a 1 KiB cap", len(big))
	}

	// References that dangle (label for, aria-labelledby) and a delegate
	// selector outside the supported subset are not errors.
	for _, in := range []string{
		doc(`{"tag":"label","attrs":[["for","nope"]],"children":[{"tag":"#text","text":"Orphan"}]}`),
		doc(`{"tag":"button","attrs":[["aria-labelledby","ghost"]],"children":[{"tag":"#text","text":"Go"}]}`),
		doc(`{"tag":"ul","delegate":[{"selector":"li:visible","listeners":"0~1s"}],"children":[{"tag":"li","children":[{"tag":"#text","text":"One"}]}]}`),
	} {
		if _, err := render.Capture(strings.NewReader(in), render.Options{}); err != nil {
			t.Errorf("%s: %v", in, err)
		}
	}
}

// TestCaptureCycle: JSON cannot list a node as its own descendant, but a
// capture built in Go can (a frame whose document is the page itself, a
// shadow root shared by two hosts); wire.Build rejects both with an error,
// and does not loop.
func TestCaptureCycle(t *testing.T) {
	page := func() *wire.Capture {
		c, err := wire.Unmarshal([]byte(`{"version":1,"root":{"tag":"#document","children":[{"tag":"html","children":[{"tag":"body","children":[{"tag":"iframe"},{"tag":"x-a"},{"tag":"x-b"}]}]}]}}`))
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	body := func(c *wire.Capture) []wire.Node { return c.Root.Children[0].Children[0].Children }

	c := page()
	body(c)[0].Frame = &wire.Frame{Root: c.Root} // the iframe's document is the page
	if _, _, err := wire.Build(c, wire.Limits{}); err == nil {
		t.Error("a frame holding its own page built without error")
	} else if we := (*wire.Error)(nil); !errors.As(err, &we) || !strings.Contains(we.Path, "iframe") {
		t.Errorf("error %v does not name the iframe", err)
	}

	c = page()
	sh := &wire.Shadow{Mode: "open", Children: []wire.Node{{Tag: "button"}}}
	body(c)[1].Shadow, body(c)[2].Shadow = sh, sh
	if _, _, err := wire.Build(c, wire.Limits{}); err == nil {
		t.Error("a shadow root shared by two hosts built without error")
	}
}

// TestCaptureShadowFrameMatchesMarkup: a capture's closed shadow root and
// same-origin frame document render exactly as the same content written as
// a declarative shadow root and a srcdoc frame.
func TestCaptureShadowFrameMatchesMarkup(t *testing.T) {
	const page = `<!doctype html><html><head></head><body><pay-widget>` +
		`<template shadowrootmode="closed"><p>Total: <slot></slot></p><button>Pay now</button></template>€42.00</pay-widget>` +
		`<iframe title="Card details" srcdoc="<label for=cc>Card number</label><input id=cc>"></iframe></body></html>`
	const capture = `{"version":1,"root":{"tag":"#document","children":[{"tag":"#doctype","text":"html"},{"tag":"html","children":[{"tag":"head"},{"tag":"body","children":[
	{"tag":"pay-widget","shadow":{"mode":"closed","children":[{"tag":"p","children":[{"tag":"#text","text":"Total: "},{"tag":"slot"}]},{"tag":"button","children":[{"tag":"#text","text":"Pay now"}]}]},
	 "children":[{"tag":"#text","text":"€42.00"}]},
	{"tag":"iframe","attrs":[["title","Card details"]],"frame":{"root":{"tag":"#document","children":[{"tag":"html","children":[{"tag":"head"},{"tag":"body","children":[
	 {"tag":"label","attrs":[["for","cc"]],"children":[{"tag":"#text","text":"Card number"}]},{"tag":"input","attrs":[["id","cc"]]}]}]}]}}}]}]}]}}`
	want, err := render.HTMLBytes([]byte(page), render.Options{})
	if err != nil {
		t.Fatal(err)
	}
	got := renderCapture(t, []byte(capture))
	if !bytes.Equal(want.Text(), got.Text()) {
		t.Errorf("want: from markup, got: from capture\n%s", firstDiff(want.Text(), got.Text()))
	}
	mustFind(t, got, "button", "Pay now")
	mustFind(t, got, "textbox", "Card number")
}

// TestCaptureFrameLinkBase: a relative link inside a same-origin frame
// resolves against the frame's URL, not the top page's.
func TestCaptureFrameLinkBase(t *testing.T) {
	const capture = `{"version":1,"url":"https://shop.example/checkout","root":{"tag":"#document","children":[{"tag":"html","children":[{"tag":"head"},{"tag":"body","children":[
	{"tag":"iframe","attrs":[["src","/legal/frame/"],["title","Legal"]],"frame":{"url":"https://shop.example/legal/frame/","root":{"tag":"#document","children":[
	 {"tag":"html","children":[{"tag":"head"},{"tag":"body","children":[{"tag":"a","attrs":[["href","terms"]],"children":[{"tag":"#text","text":"Terms"}]}]}]}]}}}]}]}]}}`
	res := renderCapture(t, []byte(capture))
	terms := mustFind(t, res, "link", "Terms")
	if got := res.Links.Record()[terms.ID]; got != "https://shop.example/legal/frame/terms" {
		t.Errorf("frame link resolved to %q, want https://shop.example/legal/frame/terms", got)
	}
}

// BenchmarkCaptureAmazon renders the largest shared page from its HTML and
// from its capture (wire.FromHTML + Encode, done once outside the loop).
func BenchmarkCaptureAmazon(b *testing.B) {
	src, err := os.ReadFile(shared.Path(b, "corpus", "pages", "amazon-de-search.html"))
	if err != nil {
		b.Fatal(err)
	}
	capture := htmlToCapture(b, src)
	b.Run("html", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(src)))
		for b.Loop() {
			if _, err := render.HTMLBytes(src, render.Options{}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("capture", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(capture)))
		for b.Loop() {
			if _, err := render.Capture(bytes.NewReader(capture), render.Options{}); err != nil {
				b.Fatal(err)
			}
		}
	})
}
