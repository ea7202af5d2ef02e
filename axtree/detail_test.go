package axtree

import (
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/accname"
	"github.com/axtree/axtree/dom"
	"github.com/axtree/axtree/roles"
)

// detailCases are elements with each state and fill attribute states and
// props read, beside every corpus page.
const detailCases = `<input><input type=email required placeholder="Mail" value=x min=1>
<textarea placeholder=t>v</textarea><select><option>a<option selected>b</select>
<select multiple size=3><optgroup label=g disabled><option>c</optgroup></select>
<fieldset disabled><button>in</button><legend><button>l</button></legend></fieldset>
<details open><summary>s</summary></details><details><summary>t</summary></details>
<div role=checkbox aria-checked=mixed>c</div><div role=switch aria-checked=true>w</div>
<div role=treeitem aria-selected=true aria-expanded=false>ti</div><div role=tab aria-selected=true>tab</div>
<div role=row aria-selected=true><div role=gridcell aria-selected=true>g</div></div>
<div role=textbox aria-readonly=true>r</div><span role=searchbox>q</span><div role=spinbutton>1</div>
<div role=combobox aria-expanded=true>cb</div><div contenteditable>e</div><div contenteditable=false>f</div>
<button aria-pressed=mixed>p</button><button aria-pressed=true>p2</button><a href=/x aria-disabled=true>d</a>
<div role=heading aria-level=4>h</div><h3>h3</h3><div aria-required=true role=textbox>rq</div>
<my-el role=checkbox aria-checked=true>m</my-el><svg><a href="/s"><text>svg link</text></a></svg>
<form action=/go><area href=/a></form><iframe src=/f></iframe><div tabindex=0 aria-expanded=true>x</div>
<span role=button aria-pressed=true>sp</span><div aria-disabled=true>ad</div><div role=tab aria-selected=true>st</div>
<span contenteditable=true>ce</span><div required>rq</div>`

// TestMayDetailSameAsStatesProps: an element mayDetail says no to gets no
// state and no prop from states and props, the code it now skips, and one
// mayLink says no to has no href, for every element of every corpus page,
// capture and edge case, under its own role and under every role.
func TestMayDetailSameAsStatesProps(t *testing.T) {
	docs := bindDocs(t)
	d, err := dom.ParseDoc([]byte(detailCases))
	require.NoError(t, err)
	docs["cases"] = d
	// nodes made by hand may have no atom: mayDetail and mayLink must not
	// skip them
	root, err := html.Parse(strings.NewReader(detailCases))
	require.NoError(t, err)
	for n := range root.Descendants() {
		n.DataAtom = 0
	}
	docs["no atoms"] = dom.New(root)
	// live facts give states to elements with no attribute for them
	fd, err := dom.ParseDoc([]byte(`<div role=option>o</div><div role=row>r</div><span>s</span>`))
	require.NoError(t, err)
	yes := true
	for _, n := range fd.Elements {
		fd.SetFacts(n, &dom.Facts{Selected: &yes})
	}
	docs["facts"] = fd
	all := append(roles.Names(), "generic", "heading")
	skipped, detailed := 0, 0
	for name, d := range docs {
		f := &frame{d: d, c: accname.New(d, nil)}
		b := &builder{top: d}
		for _, n := range d.Elements {
			bits := readAttrBits(n)
			for _, role := range append([]string{f.c.Role(n)}, all...) {
				node := &Node{Role: role}
				b.detailed(f, n, node)
				if mayDetail(f, n, role, bits) {
					if node.Detail != nil {
						detailed++
					}
					continue
				}
				skipped++
				assert.Nil(t, node.Detail, "%s: <%s> as %q", name, n.Data, role)
			}
			if !mayLink(n) {
				assert.Empty(t, href(n), "%s: <%s>", name, n.Data)
			}
		}
	}
	assert.Positive(t, skipped)
	assert.Positive(t, detailed)
}
