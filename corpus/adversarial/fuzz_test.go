package adversarial

import (
	"bytes"
	"testing"

	"golang.org/x/net/html"

	"github.com/axtree/axtree/accname"
	"github.com/axtree/axtree/dom"
	"github.com/axtree/axtree/render"
	"github.com/axtree/axtree/wire"
)

// maxFuzzInput keeps fuzz inputs small enough for many runs per second;
// the big shapes are covered by TestCases.
const maxFuzzInput = 64 << 10

// miniatures are the cases at a size small enough to seed a fuzzer.
func miniatures() [][]byte {
	var out [][]byte
	for _, c := range Cases() {
		if c.Want != nil {
			continue
		}
		size := 3
		switch c.Name {
		case "nesting-10k", "nesting-unclosed":
			size = 600 // past dom.MaxParseDepth, so flattening is exercised
		case "huge-attr", "huge-text":
			size = 300
		}
		if b := c.Gen(size); len(b) <= maxFuzzInput {
			out = append(out, b)
		}
	}
	return out
}

// FuzzInspect feeds HTML to the inspect pipeline: dom.Parse, dom.New and,
// for every element (frames included), accname's Role, Name, Description
// and Hidden. Nothing may panic, and the answers may not depend on the
// order elements are asked in (the Computer memoizes).
func FuzzInspect(f *testing.F) {
	for _, b := range miniatures() {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		// every element's name may walk its subtree: keep inputs smaller
		if len(in) > maxFuzzInput/4 {
			return
		}
		root, err := dom.Parse(in)
		if err != nil {
			return
		}
		d := dom.New(root)
		type answer struct {
			role, name, desc string
			hidden           bool
		}
		ask := func(c *accname.Computer, n *html.Node) answer {
			return answer{c.Role(n), c.Name(n), c.Description(n), c.Hidden(n)}
		}
		docs := []*dom.Doc{d}
		for i := 0; i < len(docs) && i < 16; i++ {
			doc := docs[i]
			fwd, bwd := accname.New(doc, nil), accname.New(doc, nil)
			got := make([]answer, len(doc.Elements))
			for j, n := range doc.Elements {
				got[j] = ask(fwd, n)
				if fr := doc.Frame(n); fr != nil {
					docs = append(docs, fr)
				}
			}
			for j := len(doc.Elements) - 1; j >= 0; j-- {
				if a := ask(bwd, doc.Elements[j]); a != got[j] {
					t.Fatalf("element %d (%s): asked first to last %+v, last to first %+v", j, doc.Elements[j].Data, got[j], a)
				}
			}
		}
	})
}

// FuzzRender feeds HTML to the whole pipeline and checks the contract of
// TestCases on every input: no panic; text, enriched text and JSON valid
// UTF-8 without control or bidi characters; the text parses back to
// exactly the tree's elements and truncation notes; a second rendering is
// byte for byte the same.
func FuzzRender(f *testing.F) {
	for _, b := range miniatures() {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		if len(in) > maxFuzzInput {
			return
		}
		o := renderPage(in, render.Options{})
		if o.err != nil {
			return // a parse error is a clear refusal
		}
		for _, e := range checkOutcome(o, nil, render.Options{}) {
			t.Error(e)
		}
		again := renderPage(in, render.Options{})
		if !bytes.Equal(o.text, again.text) || !bytes.Equal(o.json, again.json) {
			t.Errorf("two renderings differ:\n%s\n%s", o.text, again.text)
		}
	})
}

// FuzzCapture feeds capture documents to render.Capture (wire's FuzzDecode
// stops at the decoder) and checks the same contract as FuzzRender on what
// it accepts.
func FuzzCapture(f *testing.F) {
	for _, b := range miniatures() {
		root, err := dom.Parse(b)
		if err != nil {
			continue
		}
		var buf bytes.Buffer
		if err := wire.Encode(&buf, wire.FromHTML(root)); err == nil && buf.Len() <= maxFuzzInput {
			f.Add(buf.Bytes())
		}
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		if len(in) > maxFuzzInput {
			return
		}
		o := run(len(in), func() (*render.Result, error) {
			return render.Capture(bytes.NewReader(in), render.Options{})
		})
		if o.err != nil {
			return
		}
		for _, e := range checkOutcome(o, nil, render.Options{}) {
			t.Error(e)
		}
	})
}
