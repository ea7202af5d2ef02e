package axtree

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"

	"github.com/axtree/axtree/accname"
	"github.com/axtree/axtree/dom"
	"github.com/axtree/axtree/roles"
)

// ctlCases are elements whose attributes readCtl must read as dom.Attr
// does: repeated names (the first wins), names in a namespace (not read),
// values with white space and upper case, every range key, nested and
// disabled fieldsets, and names near the ones read. (html.Parse keeps
// the first attribute of a name: the test repeats them by hand.)
const ctlCases = `<input type=" CheckBox " checked><input type=RADIO><input type="checkbox" type=text checked=no>
<input type=text value=" a  b " value=c placeholder=p placeholder=q><input type=" Email " min=" " max=" 9 " step=2 pattern=" [a-z] " maxlength=3 min=4>
<input type=number min=1 max=9 step=any pattern=x maxlength=" 5 "><input TYPE=Date><input type="\tpassword\n" value=secret>
<input type=checkbox aria-checked=true><div role=checkbox aria-checked=" Mixed "><div role=checkbox aria-checked=false>
<fieldset><fieldset disabled><div><input><select><option>o</select><textarea>t</textarea></div></fieldset></fieldset>
<fieldset disabled=false><legend><button>b</button></legend><button disabled=no>x</button><optgroup>g</optgroup></fieldset>
<div aria-disabled=" TRUE " aria-disabled=false>d</div><div aria-disabled=false aria-disabled=true>e</div>
<input required aria-required=false><div aria-required=" True ">r</div><div aria-required=true aria-required=false>r2</div>
<textarea readonly placeholder=" x  y ">v</textarea><input readonly aria-readonly=false><div role=textbox aria-readonly=" TRUE ">q</div>
<div role=textbox contenteditable=FALSE>c</div><span role=searchbox contenteditable>s</span><div contenteditable=" false ">f</div>
<details open=no><summary>s</summary></details><details aria-expanded=" FALSE "></details><div aria-expanded=maybe>x</div>
<div role=option aria-selected=" TRUE ">o</div><select><option selected=no>s</option></select><div role=tab aria-selected=false aria-selected=true>t</div>
<button aria-pressed=" Mixed ">p</button><button aria-pressed=TRUE aria-pressed=false>p2</button>
<h2 aria-level=" 4 ">a</h2><h3 aria-level=0>b</h3><h5 aria-level=x>c</h5><div role=heading aria-level=-1>d</div>
<select multiple><option>a</option></select><select multiple=no size=2><option selected>b</option></select>
<input data-type=email type-x=1 types=2 valu=3 values=4 mins=5 requireds=6><input type="" value="">
<svg><a role=checkbox aria-checked=true><text>s</text></a></svg><math><mi role=switch aria-checked=mixed>m</mi></math>`

// TestDetailedSameAsBefore: detailed (states and props reading the
// element's attributes once, readCtl) gives every element the states and
// fill attributes the code it replaced gives (statesPrev and propsPrev,
// kept below as they were), in the same order, under its own role and
// under every role, on every corpus page, capture (live facts) and the
// cases above, also with every atom cleared (hand-made nodes) and with
// attributes in a namespace; States and Props are each made to measure.
func TestDetailedSameAsBefore(t *testing.T) {
	docs := bindDocs(t)
	for name, src := range map[string]string{"ctl": ctlCases, "detail": detailCases} {
		d, err := dom.ParseDoc([]byte(src))
		require.NoError(t, err)
		docs[name] = d
		root, err := html.Parse(strings.NewReader(src))
		require.NoError(t, err)
		for n := range root.Descendants() {
			n.DataAtom = 0
			// the same names in a namespace before them, which dom.Attr
			// does not read, and again after them, which it does not
			// reach (html.Parse keeps only the first of a name)
			if n.Type == html.ElementNode {
				for _, a := range append([]html.Attribute(nil), n.Attr...) {
					n.Attr = append([]html.Attribute{{Namespace: "xlink", Key: a.Key, Val: "ns " + a.Val}}, n.Attr...)
					n.Attr = append(n.Attr, html.Attribute{Key: a.Key, Val: "again " + a.Val})
				}
			}
		}
		docs[name+" no atoms, namespaced"] = dom.New(root)
	}
	fd, err := dom.ParseDoc([]byte(`<div role=option>o</div><div role=row>r</div><span>s</span>` +
		`<input type=checkbox checked><input value=a><textarea>t</textarea><select><option>a<option>b</select>`))
	require.NoError(t, err)
	yes, no, val := true, false, " live  value "
	for i, n := range fd.Elements {
		switch i % 3 {
		case 0:
			fd.SetFacts(n, &dom.Facts{Selected: &yes, Checked: &no, Value: &val})
		case 1:
			fd.SetFacts(n, &dom.Facts{Selected: &no, Checked: &yes, Indeterminate: true})
		}
	}
	docs["facts"] = fd
	all := append(roles.Names(), "generic", "heading", "")
	compared, withDetail := 0, 0
	for name, d := range docs {
		f := &frame{d: d, c: accname.New(d, nil)}
		b := &builder{top: d}
		for _, n := range d.Elements {
			bits := readAttrBits(n)
			for _, role := range append([]string{f.c.Role(n)}, all...) {
				for _, named := range []string{"", "p", "Mail"} {
					want, got := &Node{Role: role, Name: named}, &Node{Role: role, Name: named}
					b.statesPrev(f, n, want, bits)
					b.propsPrev(f, n, want, bits)
					b.detailed(f, n, got)
					compared++
					if want.Detail == nil {
						assert.Nil(t, got.Detail, "%s: <%s %v> as %q", name, n.Data, n.Attr, role)
						continue
					}
					withDetail++
					require.NotNil(t, got.Detail, "%s: <%s %v> as %q", name, n.Data, n.Attr, role)
					assert.Equal(t, want.Detail.States, got.Detail.States, "%s: states of <%s %v> as %q", name, n.Data, n.Attr, role)
					assert.Equal(t, want.Detail.Props, got.Detail.Props, "%s: props of <%s %v> as %q", name, n.Data, n.Attr, role)
					assert.Equal(t, len(got.Detail.States), cap(got.Detail.States), "states made to measure")
					assert.Equal(t, len(got.Detail.Props), cap(got.Detail.Props), "props made to measure")
				}
			}
		}
	}
	assert.Greater(t, compared, 100000)
	assert.Greater(t, withDetail, 1000)
}

// TestCtlHelpers: trimSpace and toLower are strings.TrimSpace and
// strings.ToLower.
func TestCtlHelpers(t *testing.T) {
	for _, s := range []string{"", " ", "a", " a", "a ", "\ta\n", "A", "aB", "checkbox", "CheckBox", "\u00a0x", "x\u00a0",
		"x\u0085", "\u2003x\u2003", "é", "É", "\xff", "a\xff", "\x7f", "a b", "\x00a", "a\x00", "ǅ", "İ",
		"email", "Email", "DATE", "text", "datetime-local", "Datetime-Local", "tel", "TEL", "K"} {
		assert.Equal(t, strings.TrimSpace(s), trimSpace(s), "%q", s)
		assert.Equal(t, strings.ToLower(s), toLower(s), "%q", s)
	}
	for k := ctlKey(0); k < numCtlKeys; k++ {
		assert.Less(t, uint(k), uint(32), "has holds the keys")
	}
	for i, k := range rangeKeys {
		assert.Equal(t, kMin+ctlKey(i), ctlKeyOf(k))
	}
	// ctlKeyOf knows every name, each as a key of its own
	seen := map[ctlKey]bool{}
	for _, name := range []string{"type", "placeholder", "value", "min", "max", "step", "pattern", "maxlength",
		"contenteditable", "aria-checked", "aria-readonly", "aria-level", "aria-disabled", "aria-expanded",
		"aria-pressed", "aria-selected", "aria-required", "checked", "selected", "disabled", "readonly",
		"multiple", "open", "required"} {
		k := ctlKeyOf(name)
		require.Less(t, k, numCtlKeys, name)
		assert.False(t, seen[k], name)
		seen[k] = true
	}
	assert.Len(t, seen, int(numCtlKeys))
}

// The code detailed replaced, as it was (with the attribute bits of
// readAttrBits; statesOld and propsOld are the code before those).

// states fills the intrinsic state flags, in the print order of FORMAT.md;
// bits are n's (readAttrBits).
func (b *builder) statesPrev(f *frame, n *html.Node, node *Node, bits attrBits) {
	fa := f.d.Facts(n)
	role := node.Role
	var buf [4]Attr
	out := buf[:0] // the states, kept in a slice of their own at the end
	add := func(k, v string) { out = append(out, Attr{k, v}) }
	switch role {
	case "textbox", "searchbox", "combobox", "spinbutton", "generic":
		if editablePrev(n, role, bits) {
			if readonlyPrev(n) {
				add("read-only", "")
			} else {
				add("editable", "")
			}
		}
	}
	if disabledPrev(n, bits) {
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
		if selectedPrev(n, fa, bits) {
			add("selected", "")
		}
	}
	if v, ok := attrIfPrev(n, bits, bAriaExpanded, "aria-expanded"); ok {
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
	if v, ok := attrIfPrev(n, bits, bAriaPressed, "aria-pressed"); ok {
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
	if len(out) > 0 {
		d := b.scratch.detail(node)
		d.States = appendAttrsPrev(d.States, out)
	}
}

// appendAttrs is append(dst, src...), made to measure when dst is empty:
// a node keeps its states and props, which grew from nothing through
// appends (1, 2, 4 entries: three allocations for three) before.
func appendAttrsPrev(dst, src []Attr) []Attr {
	if len(dst) > 0 {
		return append(dst, src...)
	}
	out := make([]Attr, len(src))
	copy(out, src)
	return out
}

func editablePrev(n *html.Node, role string, bits attrBits) bool {
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
	if v, ok := attrIfPrev(n, bits, bContentEditable, "contenteditable"); ok && !strings.EqualFold(strings.TrimSpace(v), "false") {
		return true
	}
	return role == "textbox" || role == "searchbox" || role == "spinbutton"
}

func readonlyPrev(n *html.Node) bool {
	if n.Namespace == "" && (n.Data == "input" || n.Data == "textarea") && dom.Has(n, "readonly") {
		return true
	}
	return strings.EqualFold(strings.TrimSpace(dom.AttrOr(n, "aria-readonly")), "true")
}

func disabledPrev(n *html.Node, bits attrBits) bool {
	if bits&bAriaDisabled != 0 && strings.EqualFold(strings.TrimSpace(dom.AttrOr(n, "aria-disabled")), "true") {
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
	// a disabled fieldset disables its descendants except those in its first legend
	for p := n.Parent; p != nil; p = p.Parent {
		if dom.IsHTML(p, "fieldset") && dom.Has(p, "disabled") {
			return true
		}
	}
	return false
}

// checked returns "true", "mixed" or "" (not checked).
func checkedPrev(n *html.Node, fa *dom.Facts) string {
	if fa != nil && fa.Indeterminate {
		return "mixed"
	}
	if fa != nil && fa.Checked != nil {
		if *fa.Checked {
			return "true"
		}
		return ""
	}
	if dom.IsHTML(n, "input") {
		t := strings.ToLower(dom.AttrOr(n, "type"))
		if t == "checkbox" || t == "radio" {
			if dom.Has(n, "checked") {
				return "true"
			}
			return ""
		}
	}
	switch strings.ToLower(strings.TrimSpace(dom.AttrOr(n, "aria-checked"))) {
	case "true":
		return "true"
	case "mixed":
		return "mixed"
	}
	return ""
}

func selectedPrev(n *html.Node, fa *dom.Facts, bits attrBits) bool {
	if fa != nil && fa.Selected != nil {
		return *fa.Selected
	}
	if v, ok := attrIfPrev(n, bits, bAriaSelected, "aria-selected"); ok {
		return strings.EqualFold(strings.TrimSpace(v), "true")
	}
	return dom.IsHTML(n, "option") && dom.Has(n, "selected")
}

func headingLevelPrev(n *html.Node) int {
	if v, ok := dom.Attr(n, "aria-level"); ok {
		if i, err := strconv.Atoi(strings.TrimSpace(v)); err == nil && i > 0 {
			return i
		}
	}
	if n.Namespace == "" && len(n.Data) == 2 && n.Data[0] == 'h' && n.Data[1] >= '1' && n.Data[1] <= '6' {
		return int(n.Data[1] - '0')
	}
	return 2
}

// props fills the attributes an agent needs to fill the element; bits are
// n's (readAttrBits).
func (b *builder) propsPrev(f *frame, n *html.Node, node *Node, bits attrBits) {
	if n.Namespace != "" {
		return
	}
	var buf [4]Attr
	out := buf[:0] // the props, kept in a slice of their own at the end
	add := func(k, v string) { out = append(out, Attr{k, v}) }

	fa := f.d.Facts(n)
	if bits&bRequired != 0 || bits&bAriaRequired != 0 && strings.EqualFold(strings.TrimSpace(dom.AttrOr(n, "aria-required")), "true") {
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
	if len(out) > 0 {
		d := b.scratch.detail(node)
		d.Props = appendAttrsPrev(d.Props, out)
	}
}

func valuePrev(n *html.Node, fa *dom.Facts) string {
	if fa != nil && fa.Value != nil {
		return collapse(*fa.Value)
	}
	return collapse(dom.AttrOr(n, "value"))
}

// attrIfPrev is dom.Attr(n, key) where bit is key's bit of attrBits and
// bits are n's: an attribute n does not have is not looked for.
func attrIfPrev(n *html.Node, bits, bit attrBits, key string) (string, bool) {
	if bits&bit == 0 {
		return "", false
	}
	return dom.Attr(n, key)
}
