package accname

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A flex or grid container lays its children out as blocks whatever their
// display (CSS "blockifies" them), so a name from content sets them apart
// with spaces, as Chromium 156's computedName does: a counter inside a
// flex link ("Labels" "22") reads "Labels 22", not "Labels22".
func TestFlexItemsSetApart(t *testing.T) {
	cases := []struct {
		name, src, want string
	}{
		{"text and a span in a flex link",
			`<a id=t href=1 style="display:flex">Fork<span>1.9k</span></a>`, "Fork 1.9k"},
		{"spans in an inline-flex link",
			`<a id=t href=2 style="display:inline-flex"><span>Save</span><b>draft</b></a>`, "Save draft"},
		{"spans in a grid button",
			`<button id=t style="display:grid"><span>Grid</span><span>item</span></button>`, "Grid item"},
		{"a display:contents child's children are the items",
			`<a id=t href=3 style="display:flex"><span style="display:contents"><span>In</span><span>contents</span></span></a>`, "In contents"},
		{"inline content inside one item still joins",
			`<a id=t href=5 style="display:flex"><span>A<i>b</i></span><span>C</span></a>`, "Ab C"},
		{"a flex item's own text run ends at the next item only",
			`<a id=t href=4><span style="display:flex"><span>Nested</span><span>flex</span></span>tail</a>`, "Nested flex tail"},
		{"spans outside any flex container still join",
			`<a id=t href=6><span>Labels</span><span>22</span></a>`, "Labels22"},
	}
	for _, c := range cases {
		comp, el := parse(t, c.src)
		if !assert.NotNil(t, el, c.name) {
			continue
		}
		assert.Equal(t, c.want, collapse(comp.Name(el)), c.name)
	}
}
