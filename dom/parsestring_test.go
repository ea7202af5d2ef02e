package dom

import (
	"bytes"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/axtree/axtree/internal/shared"
)

// oldParseSrcdoc is how a srcdoc was parsed before parseString: copied to
// bytes, then Parse.
func oldParseSrcdoc(src string) (*html.Node, error) { return Parse([]byte(src)) }

// TestParseStringSameAsBefore checks parseString against Parse of the
// string's bytes, the code it replaces for srcdoc frames: the same tree
// (rendered back as HTML) and the same error, on every corpus page taken
// as a srcdoc and on documents nested too deep to parse as they are
// (plain nesting and nesting the parser multiplies with implied
// elements), empty, text only, and a frame of frames; and that a Doc's
// srcdoc frames come out as before.
func TestParseStringSameAsBefore(t *testing.T) {
	docs := shared.ReadPages(t, map[string]string{
		"empty":        ``,
		"text":         `just text`,
		"deep divs":    strings.Repeat("<div>", 600) + "<button>deep</button>",
		"deeper divs":  strings.Repeat("<div>", 2000) + "<b>b</b>" + strings.Repeat("</div>", 2000) + "<a>after</a>",
		"deep tables":  strings.Repeat("<table><tr><td>x", 2000) + "<button>end</button>",
		"deep mixture": strings.Repeat("<ul><li><table><td><div>", 2000) + "<button>end</button>",
		"at the limit": strings.Repeat("<div>", MaxParseDepth) + "x",
		"frame of frames": `<iframe srcdoc="<iframe srcdoc='<p>in</p>'></iframe><p>mid</p>"></iframe>` +
			`<iframe srcdoc="` + strings.Repeat("<div>", 700) + `x"></iframe>`,
	}, "../corpus/pages")
	render := func(n *html.Node) string {
		var b bytes.Buffer
		if err := html.Render(&b, n); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	for name, b := range docs {
		src := string(b)
		want, werr := oldParseSrcdoc(src)
		got, gerr := parseString(src)
		if (werr == nil) != (gerr == nil) || (werr != nil && werr.Error() != gerr.Error()) {
			t.Fatalf("%s: error %v, want %v", name, gerr, werr)
		}
		if werr != nil {
			continue
		}
		if render(got) != render(want) {
			t.Errorf("%s: parseString's tree differs from Parse's", name)
		}
		// a frame of this document: its Doc as the old code made it
		page := `<iframe srcdoc="` + html.EscapeString(src) + `"></iframe>`
		root, err := Parse([]byte(page))
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
			t.Fatalf("%s: no frame", name)
		}
		old, err := oldParseSrcdoc(src)
		if err != nil {
			t.Fatal(err)
		}
		if render(frame.Root) != render(old) {
			t.Errorf("%s: the frame's document differs from the old code's", name)
		}
		if len(frame.Elements) != len(New(old).Elements) {
			t.Errorf("%s: the frame has %d elements, the old code's %d", name, len(frame.Elements), len(New(old).Elements))
		}
	}
}
