package axtree

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"

	"github.com/axtree/axtree/dom"
)

// TestAttrBitsSameAsAttrScans checks the builder's attribute summary
// (readAttrBits, and states, props, focusable and href reading it)
// against the code it replaced, kept below: every element of every corpus
// page and of edge cases, under its own role and under every role states
// treats apart, gets the same states, fill attributes, focusability,
// link target and mayAct answer.
func TestAttrBitsSameAsAttrScans(t *testing.T) {
	pages := elemPages(t, map[string]string{
		"attrs": `<div contenteditable>a</div><div contenteditable=false>b</div><div tabindex=0>c</div>` +
			`<div tabindex=-1>d</div><span tabindex=" 2 ">e</span><div aria-disabled=" TRUE ">f</div>` +
			`<button disabled>g</button><fieldset disabled><input></fieldset><div aria-expanded=true>h</div>` +
			`<div aria-expanded=False>i</div><details open><summary>j</summary></details><details></details>` +
			`<div aria-pressed=mixed>k</div><div aria-pressed=true>l</div><div aria-selected=true>m</div>` +
			`<input required><div aria-required=true>n</div><div aria-required=false>o</div>` +
			`<textarea readonly>p</textarea><div role=textbox aria-readonly=true>q</div>` +
			`<input type=checkbox checked><div role=checkbox aria-checked=mixed>r</div>` +
			`<select><option selected>s</option></select><h3 aria-level=5>t</h3><h4>u</h4>` +
			`<a href=" /x ">v</a><area href=y><iframe src=z></iframe><form action=w></form>` +
			`<svg><a href=q tabindex=0 contenteditable onclick=x><text>s</text></a><g xlink:href=r></g></svg>` +
			`<math><mi tabindex=0 onclick=x>m</mi></math><div onclick=x draggable=true>x</div>` +
			`<input type=number min=1 max=9 step=2 pattern=x maxlength=3 placeholder=" p  q " value=4>`,
	})
	roles := []string{"", "generic", "textbox", "searchbox", "combobox", "spinbutton", "checkbox",
		"radio", "switch", "menuitemcheckbox", "menuitemradio", "treeitem", "option", "tab",
		"gridcell", "row", "columnheader", "rowheader", "heading", "button", "link"}
	checked := 0
	for name, src := range pages {
		d, err := dom.ParseDoc(src)
		require.NoError(t, err, name)
		b := &builder{}
		f := &frame{d: d}
		for _, n := range d.Elements {
			bits := readAttrBits(n)
			assert.Equal(t, mayActOld(n), bits&bMayAct != 0, "%s: mayAct of <%s %v>", name, n.Data, n.Attr)
			assert.Equal(t, focusableOld(n), focusable(n, bits), "%s: focusable <%s %v>", name, n.Data, n.Attr)
			assert.Equal(t, hrefOld(n), href(n), "%s: href of <%s %v>", name, n.Data, n.Attr)
			for _, role := range roles {
				checked++
				want, got := &Node{Role: role}, &Node{Role: role}
				statesOld(d.Facts(n), n, want)
				propsOld(d.Facts(n), n, want)
				b.detailed(f, n, got)
				assert.Equal(t, want.States(), got.States(), "%s: states of <%s %v> as %q", name, n.Data, n.Attr, role)
				assert.Equal(t, want.Props(), got.Props(), "%s: props of <%s %v> as %q", name, n.Data, n.Attr, role)
			}
		}
	}
	assert.Greater(t, checked, 100000)
}

// The code readAttrBits replaced, as it was.

func mayActOld(n *html.Node) bool {
	for i := range n.Attr {
		k := n.Attr[i].Key
		if len(k) > 2 && k[0] == 'o' && k[1] == 'n' || k == "draggable" || k == "contenteditable" {
			return true
		}
	}
	return false
}

func focusableOld(n *html.Node) bool {
	if n.Namespace != "" && n.Namespace != "svg" {
		return false
	}
	if v, ok := dom.Attr(n, "tabindex"); ok {
		if i, err := strconv.Atoi(strings.TrimSpace(v)); err == nil && i >= 0 {
			return true
		}
	}
	if v, ok := dom.Attr(n, "contenteditable"); ok && !strings.EqualFold(strings.TrimSpace(v), "false") {
		return true
	}
	return false
}

func hrefOld(n *html.Node) string {
	key := ""
	switch {
	case dom.IsHTML(n, "a"), dom.IsHTML(n, "area"):
		key = "href"
	case dom.IsHTML(n, "iframe"):
		key = "src"
	case dom.IsHTML(n, "form"):
		key = "action"
	case n.Namespace == "svg" && n.Data == "a":
		for _, a := range n.Attr {
			if a.Key == "href" {
				return strings.TrimSpace(a.Val)
			}
		}
		return ""
	default:
		return ""
	}
	v, _ := dom.Attr(n, key)
	return strings.TrimSpace(v)
}

func statesOld(fa *dom.Facts, n *html.Node, node *Node) {
	role := node.Role
	add := func(k, v string) { d := node.detail(); d.States = append(d.States, Attr{k, v}) }
	switch role {
	case "textbox", "searchbox", "combobox", "spinbutton", "generic":
		if editableOld(n, role) {
			if readonlyPrev(n) {
				add("read-only", "")
			} else {
				add("editable", "")
			}
		}
	}
	if disabledOld(n) {
		add("disabled", "")
	}
	switch role {
	case "checkbox", "radio", "switch", "menuitemcheckbox", "menuitemradio", "treeitem":
		if c := checkedPrev(n, fa); c != "" {
			if c == "true" {
				add("checked", "")
			} else {
				add("checked", c)
			}
		}
	}
	switch role {
	case "option", "tab", "treeitem", "gridcell", "row", "columnheader", "rowheader":
		if selectedOld(n, fa) {
			add("selected", "")
		}
	}
	if v, ok := dom.Attr(n, "aria-expanded"); ok {
		switch strings.ToLower(strings.TrimSpace(v)) {
		case "true":
			add("expanded", "")
		case "false":
			add("collapsed", "")
		}
	} else if dom.IsHTML(n, "details") {
		if dom.Has(n, "open") {
			add("expanded", "")
		} else {
			add("collapsed", "")
		}
	}
	if v, ok := dom.Attr(n, "aria-pressed"); ok {
		switch strings.ToLower(strings.TrimSpace(v)) {
		case "true":
			add("pressed", "")
		case "mixed":
			add("pressed", "mixed")
		}
	}
	if role == "heading" {
		add("level", strconv.Itoa(headingLevelPrev(n)))
	}
}

func editableOld(n *html.Node, role string) bool {
	if n.Namespace != "" {
		return false
	}
	switch n.Data {
	case "input":
		return role != "combobox" || true
	case "textarea":
		return true
	case "select":
		return false
	}
	if v, ok := dom.Attr(n, "contenteditable"); ok && !strings.EqualFold(strings.TrimSpace(v), "false") {
		return true
	}
	return role == "textbox" || role == "searchbox" || role == "spinbutton"
}

func disabledOld(n *html.Node) bool {
	if strings.EqualFold(strings.TrimSpace(dom.AttrOr(n, "aria-disabled")), "true") {
		return true
	}
	if n.Namespace != "" {
		return false
	}
	switch n.Data {
	case "button", "input", "select", "textarea", "optgroup", "option", "fieldset":
	default:
		return false
	}
	if dom.Has(n, "disabled") {
		return true
	}
	for p := n.Parent; p != nil; p = p.Parent {
		if dom.IsHTML(p, "fieldset") && dom.Has(p, "disabled") {
			return true
		}
	}
	return false
}

func selectedOld(n *html.Node, fa *dom.Facts) bool {
	if fa != nil && fa.Selected != nil {
		return *fa.Selected
	}
	if v, ok := dom.Attr(n, "aria-selected"); ok {
		return strings.EqualFold(strings.TrimSpace(v), "true")
	}
	return dom.IsHTML(n, "option") && dom.Has(n, "selected")
}

func propsOld(fa *dom.Facts, n *html.Node, node *Node) {
	add := func(k, v string) { d := node.detail(); d.Props = append(d.Props, Attr{k, v}) }
	if n.Namespace != "" {
		return
	}
	if dom.Has(n, "required") || strings.EqualFold(strings.TrimSpace(dom.AttrOr(n, "aria-required")), "true") {
		add("required", "")
	}
	switch n.Data {
	case "input":
		t := strings.ToLower(strings.TrimSpace(dom.AttrOr(n, "type")))
		switch t {
		case "", "text", "search", "checkbox", "radio", "button", "submit", "reset", "image", "hidden":
		default:
			add("type", t)
		}
		if ph := collapse(dom.AttrOr(n, "placeholder")); ph != "" && ph != node.Name {
			add("placeholder", ph)
		}
		switch t {
		case "checkbox", "radio", "button", "submit", "reset", "image", "password":
		default:
			if v := valuePrev(n, fa); v != "" {
				add("value", v)
			}
		}
		for _, k := range []string{"min", "max", "step", "pattern", "maxlength"} {
			if v, ok := dom.Attr(n, k); ok && strings.TrimSpace(v) != "" {
				add(k, strings.TrimSpace(v))
			}
		}
	case "textarea":
		if ph := collapse(dom.AttrOr(n, "placeholder")); ph != "" && ph != node.Name {
			add("placeholder", ph)
		}
		v := ""
		if fa != nil && fa.Value != nil {
			v = *fa.Value
		} else {
			v = textOf(n)
		}
		if v = collapse(v); v != "" {
			add("value", v)
		}
	case "select":
		opts, sel := options(n, fa)
		if sel != "" {
			add("value", sel)
		}
		if node.Role == "combobox" {
			add("options", strconv.Itoa(opts))
		}
		if dom.Has(n, "multiple") {
			add("multiple", "")
		}
	}
}
