package actions

import (
	"reflect"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/axtree/axtree/dom"
	"github.com/axtree/axtree/listeners"
	"github.com/axtree/axtree/roles"
)

// docImplied is the roles.Implied table as its doc states it; the core rules
// are tested against it so they do not wait for the roles package.
func docImplied(role string) uint16 {
	switch role {
	case "button", "link", "tab", "menuitem", "menuitemcheckbox", "menuitemradio", "option", "treeitem":
		return bClick
	case "textbox", "searchbox":
		return bType
	case "checkbox", "radio", "switch":
		return bToggle
	case "combobox":
		return bClick | bSelect
	case "slider", "spinbutton":
		return bAdjust
	}
	return 0
}

func rec(s string) listeners.Record {
	var r listeners.Record
	for _, f := range strings.Fields(s) {
		r.Add(f, listeners.Native)
	}
	return r
}

func TestRules(t *testing.T) {
	cases := []struct {
		name     string
		role     string
		rec      string
		m        Markup
		want     []string
		inferred string
	}{
		{"click listener on a button adds nothing", "button", "click", Markup{Tag: "button"}, nil, ""},
		{"click listener on a link adds nothing", "link", "click mousedown", Markup{Tag: "a", Href: true}, nil, ""},
		{"div with React onClick gets click", "generic", "click", Markup{Tag: "div"}, []string{Click}, "button"},
		{"anchor without href infers link", "generic", "click", Markup{Tag: "a"}, []string{Click}, "link"},
		{"inline onclick counts", "generic", "", Markup{Tag: "span", Inline: []string{"click"}}, []string{Click}, "button"},
		{"click on a listitem keeps its role", "listitem", "click", Markup{Tag: "li"}, []string{Click}, ""},
		{"no listeners, no actions", "generic", "", Markup{Tag: "div"}, nil, ""},
		{"mousedown alone is not a click", "generic", "mousedown", Markup{Tag: "div"}, nil, ""},
		{"mousedown with cursor:pointer is a click", "generic", "mousedown", Markup{Tag: "div", CursorPointer: true}, []string{Click}, "button"},
		{"pointerdown with tabindex is a click", "generic", "pointerdown", Markup{Tag: "div", TabIndex: true}, []string{Click}, "button"},
		{"contenteditable types", "generic", "", Markup{Tag: "div", ContentEditable: true}, []string{Type}, ""},
		{"textbox implies type", "textbox", "input", Markup{Tag: "div", ContentEditable: true}, nil, ""},
		{"aria-checked div with click toggles", "generic", "click", Markup{Tag: "div", Checkable: true}, []string{Toggle}, "checkbox"},
		{"checkbox implies toggle", "checkbox", "click change", Markup{Tag: "input", InputType: "checkbox", Checkable: true}, nil, ""},
		{"list box select", "listbox", "change", Markup{Tag: "select"}, []string{Select}, ""},
		{"combobox implies click and select", "combobox", "click change", Markup{Tag: "select"}, nil, ""},
		{"home-made slider adjusts", "generic", "keydown", Markup{Tag: "div", ValueNow: true, TabIndex: true}, []string{Adjust}, ""},
		{"slider implies adjust", "slider", "keydown", Markup{Tag: "div", ValueNow: true}, nil, ""},
		{"draggable attribute", "listitem", "", Markup{Tag: "li", Draggable: true}, []string{DragDrop}, ""},
		{"dragstart listener", "img", "dragstart", Markup{Tag: "img"}, []string{DragDrop}, ""},
		{"drop target needs dragover and drop", "generic", "dragover drop", Markup{Tag: "div"}, []string{DragDrop}, ""},
		{"drop alone is no target", "generic", "drop", Markup{Tag: "div"}, nil, ""},
		{"hover that reveals", "button", "click mouseenter", Markup{Tag: "button", Reveals: true}, []string{Hover}, ""},
		{"hover listener without a revealed target", "generic", "mouseover", Markup{Tag: "div"}, nil, ""},
		{"mouseleave is not hover", "link", "mouseleave", Markup{Tag: "a", Href: true, Reveals: true}, nil, ""},
		{"scroll container", "generic", "scroll", Markup{Tag: "div"}, []string{Scroll}, ""},
		{"wheel on body is not an action", "generic", "wheel", Markup{Tag: "body"}, nil, ""},
		{"form submit", "form", "submit", Markup{Tag: "form"}, []string{Submit}, ""},
		{"submit on a div is not submit", "generic", "submit", Markup{Tag: "div"}, nil, ""},
		{"readonly input that takes keys once clicked", "textbox", "click keydown", Markup{Tag: "input", ReadOnly: true}, []string{FocusFirst}, ""},
		{"readonly input focus + input", "textbox", "focus input", Markup{Tag: "input", InputType: "text", ReadOnly: true}, []string{FocusFirst}, ""},
		{"readonly input without key listeners", "textbox", "click", Markup{Tag: "input", ReadOnly: true}, nil, ""},
		{"focusable div that takes input", "generic", "click beforeinput", Markup{Tag: "div", TabIndex: true}, []string{FocusFirst}, ""},
		{"div with click+input but no tabindex (bubbling wrapper)", "generic", "click input", Markup{Tag: "div"}, []string{Click}, "button"},
		{"custom button with keydown is a click, not focus-first", "generic", "click keydown", Markup{Tag: "div", TabIndex: true}, []string{Click}, "button"},
		{"editable input is not focus-first", "textbox", "click input", Markup{Tag: "input"}, nil, ""},
		{"several actions in vocabulary order", "generic", "submit scroll click dragstart", Markup{Tag: "form"}, []string{Click, DragDrop, Scroll, Submit}, "button"},
	}
	for _, c := range cases {
		got, inf := compute(docImplied(c.role), c.role, rec(c.rec), c.m)
		if !reflect.DeepEqual(got, c.want) || inf != c.inferred {
			t.Errorf("%s: got %q inferred %q; want %q inferred %q", c.name, got, inf, c.want, c.inferred)
		}
	}
}

func TestMarkupOf(t *testing.T) {
	doc, err := html.Parse(strings.NewReader(`<div id=a draggable=TRUE contenteditable tabindex=-1 aria-haspopup=menu onclick="x()" onmouseover=y onfoo=z aria-checked=false aria-valuenow=3></div>` +
		`<input id=b type=CHECKBOX readonly><a id=c href=#></a><div id=d contenteditable=false aria-haspopup=false draggable=auto></div>`))
	if err != nil {
		t.Fatal(err)
	}
	d := dom.New(doc)
	by := func(id string) *html.Node { return d.ByID(nil, id) }
	f := &dom.Facts{CursorPointer: true}
	got := MarkupOf(by("a"), f)
	want := Markup{Tag: "div", Draggable: true, ContentEditable: true, TabIndex: true, CursorPointer: true,
		Checkable: true, ValueNow: true, Reveals: true, Inline: []string{"click", "mouseover"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("MarkupOf(a) = %+v\nwant %+v", got, want)
	}
	if m := MarkupOf(by("b"), nil); m.InputType != "checkbox" || !m.Checkable || !m.ReadOnly {
		t.Errorf("MarkupOf(b) = %+v", m)
	}
	if m := MarkupOf(by("c"), nil); !m.Href || m.Tag != "a" {
		t.Errorf("MarkupOf(c) = %+v", m)
	}
	if m := MarkupOf(by("d"), nil); m.ContentEditable || m.Reveals || m.Draggable {
		t.Errorf("MarkupOf(d) = %+v", m)
	}
	if m := MarkupOf(nil, nil); !reflect.DeepEqual(m, Markup{}) {
		t.Errorf("MarkupOf(nil) = %+v", m)
	}
}

// TestComputeWithRoles runs the role-dependent rules through roles.Implied.
func TestComputeWithRoles(t *testing.T) {
	if roles.Implied("button") == nil {
		t.Skip("roles.Implied is still a stub (being filled by the roles package)")
	}
	if acts, _ := Compute("button", rec("click"), Markup{Tag: "button"}); acts != nil {
		t.Errorf("button+click = %q; want none", acts)
	}
	if acts, _ := Compute("combobox", rec("click change"), Markup{Tag: "select"}); acts != nil {
		t.Errorf("combobox = %q; want none", acts)
	}
	acts, inf := Compute("generic", rec("click"), Markup{Tag: "div"})
	if !reflect.DeepEqual(acts, []string{Click}) || inf != "button" {
		t.Errorf("div+click = %q %q", acts, inf)
	}
	if w := Without(acts, inf); w != nil {
		t.Errorf("Without(%q, button) = %q", acts, w)
	}
}

// TestDocTableMatchesRoles checks that the table the rule tests use agrees
// with roles.Implied.
func TestDocTableMatchesRoles(t *testing.T) {
	if roles.Implied("button") == nil {
		t.Skip("roles.Implied is still a stub")
	}
	for _, r := range []string{"button", "link", "tab", "menuitem", "menuitemcheckbox", "menuitemradio", "option", "treeitem",
		"textbox", "searchbox", "checkbox", "radio", "switch", "combobox", "slider", "spinbutton", "generic", "listbox", "form", "img"} {
		if got, want := impliedBits(r), docImplied(r); got != want {
			t.Errorf("%s: roles.Implied gives %b, doc table %b", r, got, want)
		}
	}
}

func TestElement(t *testing.T) {
	if roles.Implied("button") == nil {
		t.Skip("roles.Implied is still a stub")
	}
	doc, err := html.Parse(strings.NewReader(`<div id=d onclick="go()">Go</div><button id=b onclick="x()">B</button>` +
		`<input id=r readonly onclick="open()" onkeydown="k()"><ul id=u><li id=l draggable=true>x</li></ul>` +
		`<form id=f onsubmit="s()"></form><div id=live>L</div>`))
	if err != nil {
		t.Fatal(err)
	}
	d := dom.New(doc)
	var live listeners.Record
	live.Add("click", listeners.React)
	d.SetFacts(d.ByID(nil, "live"), &dom.Facts{Listeners: live})
	cases := []struct {
		id       string
		want     []string
		inferred string
	}{
		{"d", []string{Click}, "button"},
		{"b", nil, ""},
		{"r", []string{FocusFirst}, ""},
		{"l", []string{DragDrop}, ""},
		{"f", []string{Submit}, ""},
		{"live", []string{Click}, "button"},
		{"u", nil, ""},
	}
	for _, c := range cases {
		acts, inf := Element(d, d.ByID(nil, c.id))
		if !reflect.DeepEqual(acts, c.want) || inf != c.inferred {
			t.Errorf("#%s: %q %q; want %q %q (role %s)", c.id, acts, inf, c.want, c.inferred, roles.Compute(d, d.ByID(nil, c.id)))
		}
	}
}

func TestVocabularyIsACopy(t *testing.T) {
	v := Vocabulary()
	if len(v) != 10 || v[0] != Click || v[len(v)-1] != FocusFirst {
		t.Fatalf("Vocabulary() = %q", v)
	}
	v[0] = "x"
	if Vocabulary()[0] != Click {
		t.Error("changing the returned slice changed the vocabulary")
	}
}
