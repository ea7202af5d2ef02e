package adversarial

import (
	"bytes"
	"errors"
	"testing"

	"github.com/axtree/axtree/dom"
	"github.com/axtree/axtree/render"
	"github.com/axtree/axtree/wire"
)

// TestCaptureCases sends the cases, at their small sizes, through the
// capture path (the page as a browser hook would capture it, then
// render.Capture): each is refused with a *wire.Error or meets the same
// contract as the HTML path, with the same text.
func TestCaptureCases(t *testing.T) {
	for _, c := range Cases() {
		size := c.Size
		if c.Small > 0 {
			size = c.Small
		}
		if c.Big || c.Want != nil || size > 20_000 {
			continue
		}
		t.Run(c.Name, func(t *testing.T) {
			page := c.Gen(size)
			root, err := dom.Parse(page)
			if err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			if err := wire.Encode(&buf, wire.FromHTML(root)); err != nil {
				t.Fatal(err)
			}
			o := run(buf.Len(), func() (*render.Result, error) {
				return render.Capture(bytes.NewReader(buf.Bytes()), c.Options)
			})
			if o.err != nil {
				var we *wire.Error
				if !errors.As(o.err, &we) {
					t.Fatalf("refused without a *wire.Error: %v", o.err)
				}
				t.Logf("refused: %v", o.err)
				return
			}
			for _, e := range checkOutcome(o, nil, c.Options) {
				t.Error(e)
			}
			h := renderPage(page, c.Options)
			if h.err == nil && !bytes.Equal(h.text, o.text) {
				t.Errorf("capture text differs from HTML text at byte %d", firstDiff(h.text, o.text))
			}
		})
	}
}

func firstDiff(a, b []byte) int {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	return i
}
