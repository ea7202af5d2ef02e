package axtree

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/actions"
	"github.com/axtree/axtree/dom"
	"github.com/axtree/axtree/internal/shared"
)

// elemPages returns every corpus page (the shared corpus when present, and
// the project's own) with the edge cases given, by name.
func elemPages(t *testing.T, cases map[string]string) map[string][]byte {
	return shared.ReadPages(t, cases, filepath.Join("..", "corpus", "pages"))
}

// TestMayActCoversMarkup checks the shortcut of builder.actions: an
// element without bMayAct (readAttrBits) has no markup that adds an action
// (actions.MarkupOf: no inline handler, not draggable, not editable), on
// edge cases and on every element of every corpus page.
func TestMayActCoversMarkup(t *testing.T) {
	pages := elemPages(t, map[string]string{
		"handlers": `<div onclick="go()">a</div><span onmouseover=x>b</span><p on=x onx=y>c</p>` +
			`<div draggable=true>d</div><div draggable=false>e</div><div contenteditable>f</div>` +
			`<div contenteditable=false>g</div><svg><a onclick=x><text>s</text></a></svg>` +
			`<math><mi onclick=x>m</mi></math><input type=checkbox tabindex=0 aria-checked=true>`,
	})
	checked := 0
	for name, src := range pages {
		d, err := dom.ParseDoc(src)
		require.NoError(t, err, name)
		for _, n := range d.Elements {
			if readAttrBits(n)&bMayAct != 0 {
				continue
			}
			checked++
			m := actions.MarkupOf(n, nil)
			assert.False(t, len(m.Inline) > 0 || m.Draggable || m.ContentEditable,
				"%s: <%s %v> adds an action bMayAct does not see", name, n.Data, n.Attr)
		}
	}
	assert.Greater(t, checked, 1000)
}
