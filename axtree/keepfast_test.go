package axtree

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"

	"github.com/axtree/axtree/accname"
	"github.com/axtree/axtree/dom"
	"github.com/axtree/axtree/listeners"
	"github.com/axtree/axtree/roles"
)

// keepBefore is builder.keep as it was before it tested attribute bits
// ahead of calling actions and focusable.
func keepBefore(b *builder, f *frame, n *html.Node, role string, filled bool) *Node {
	if dom.IsHTML(n, "iframe") {
		return b.element(f, n, "iframe", nil, false, readAttrBits(n))
	}
	bits := readAttrBits(n)
	acts := b.actions(f, n, role, bits)
	interactive := roles.IsInteractive(role)
	if !interactive && !keptRole(role) && len(acts) == 0 && !focusable(n, bits) {
		return nil
	}
	if role == "img" && f.c.Name(n) == "" {
		return nil
	}
	if (role == "region" || role == "form") && len(acts) == 0 && f.c.Name(n) == "" {
		return nil
	}
	node := b.element(f, n, role, acts, filled, bits)
	node.Focusable = !interactive && focusable(n, bits)
	return node
}

// TestKeepGuardsSameAsCalls: keep (against keepBefore) and keep skips actions when n has no attribute
// that may act and the document no live facts, and focusable when n has
// neither tabindex nor contenteditable; actions and focusable, asked
// anyway, agree (nil, false) for every element of every corpus page,
// capture, frame case and edge case, under its own role and every role.
func TestKeepGuardsSameAsCalls(t *testing.T) {
	docs := bindDocs(t)
	d, err := dom.ParseDoc([]byte(`<div onclick="x()">a</div><span draggable=true>b</span><p contenteditable>c</p>
<div tabindex=0>d</div><div tabindex=-1>e</div><div tabindex=" 2 ">f</div><svg><g tabindex=0><text>g</text></g></svg>
<div contenteditable=false>h</div><li onmouseover=y()>i</li><div style="cursor:pointer">j</div>`))
	require.NoError(t, err)
	docs["cases"] = d
	fd, err := dom.ParseDoc([]byte(`<div>k</div><span>l</span>`))
	require.NoError(t, err)
	for _, n := range fd.Elements {
		fd.SetFacts(n, &dom.Facts{Listeners: listeners.Record{{Event: "click", Mask: listeners.Native}}})
	}
	docs["facts"] = fd
	all := append(roles.Names(), "generic")
	acted, focused := 0, 0
	for name, d := range docs {
		f := &frame{d: d, c: accname.New(d, nil)}
		b := &builder{top: d}
		for _, n := range d.Elements {
			bits := readAttrBits(n)
			assert.Equal(t, focusable(n, bits), mayFocus(n, bits), "%s: <%s>", name, n.Data)
			if focusable(n, bits) {
				focused++
			}
			for _, role := range append([]string{f.c.Role(n)}, all...) {
				got, want := b.keep(f, n, roles.IDOf(role), false), keepBefore(b, f, n, role, false)
				if assert.Equal(t, want == nil, got == nil, "%s: <%s> as %q", name, n.Data, role) && got != nil {
					assert.Equal(t, want.Actions(), got.Actions(), "%s: <%s> as %q", name, n.Data, role)
					assert.Equal(t, want.Focusable, got.Focusable, "%s: <%s> as %q", name, n.Data, role)
				}
				acts := b.actions(f, n, role, bits)
				if bits&bMayAct == 0 && !d.HasFacts() {
					assert.Nil(t, acts, "%s: <%s> as %q", name, n.Data, role)
				} else if len(acts) > 0 {
					acted++
				}
			}
		}
	}
	assert.Positive(t, acted)
	assert.Positive(t, focused)
}
