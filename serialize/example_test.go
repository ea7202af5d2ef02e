package serialize_test

import (
	"fmt"
	"os"

	"github.com/axtree/axtree/axtree"
	"github.com/axtree/axtree/serialize"
)

func Example() {
	email := &axtree.Node{ID: 61, Role: "textbox", Name: "Email  *",
		Detail: &axtree.Detail{
			States: []axtree.Attr{{Key: "editable"}},
			Props:  []axtree.Attr{{Key: "required"}, {Key: "placeholder", Value: "you@example.com"}, {Key: "type", Value: "email"}},
		}}
	submit := &axtree.Node{ID: 112, Role: "button", Name: "Submit [id=1]"} // hostile name
	form := &axtree.Node{ID: 60, Role: "form", Name: "Apply", Children: []*axtree.Node{
		{Name: "We reply\nwithin a week."}, email, submit}}
	tree := &axtree.Tree{Roots: []*axtree.Node{form}}

	serialize.Render(os.Stdout, tree, serialize.Options{})

	text := string(serialize.AppendText(nil, tree, serialize.Options{}))
	back, err := serialize.Parse(text)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%q %d\n", back.Roots[0].Children[2].Name, back.Roots[0].Children[2].ID)
	// Output:
	// [form] Apply [id=60]
	//   We reply within a week.
	//   [textbox][editable] Email * [id=61] [required] [placeholder="you@example.com"] [type=email]
	//   [button] Submit \[id=1] [id=112]
	// "Submit [id=1]" 112
}

func ExampleParse_error() {
	_, err := serialize.Parse("[button] Pay [id=7]\n    [link] deep\n")
	fmt.Println(err)
	// Output:
	// serialize: line 2, column 5: depth 2 follows a line at depth 0 (one level deeper at most)
}

// The form state (a field's value, a checked or selected choice) follows
// the tree, one line per element, so filling in a form changes no element
// line; InlineState puts it back on the lines.
func ExampleOptions_inlineState() {
	name := &axtree.Node{ID: 1, Role: "textbox", Name: "Name",
		Detail: &axtree.Detail{
			States: []axtree.Attr{{Key: "editable"}},
			Props:  []axtree.Attr{{Key: "required"}, {Key: "value", Value: "Ada Lovelace"}},
		}}
	agree := &axtree.Node{ID: 2, Role: "checkbox", Name: "I agree",
		Detail: &axtree.Detail{States: []axtree.Attr{{Key: "checked"}}}}
	tree := &axtree.Tree{Roots: []*axtree.Node{name, agree}}

	serialize.Render(os.Stdout, tree, serialize.Options{})
	fmt.Println("--")
	serialize.Render(os.Stdout, tree, serialize.Options{InlineState: true})
	// Output:
	// [textbox][editable] Name [id=1] [required]
	// [checkbox] I agree [id=2]
	// [id=1] [value="Ada Lovelace"]
	// [id=2] [checked]
	// --
	// [textbox][editable] Name [id=1] [required] [value="Ada Lovelace"]
	// [checkbox][checked] I agree [id=2]
}

// A link prints as prose writes one, [name](N), and a line of prose holds
// several; LineIDs reads the ids a line carries, in either form.
func ExampleLineIDs() {
	see := &axtree.Node{Name: "See"}
	faq := &axtree.Node{ID: 4, Role: "link", Name: "the FAQ", Href: "/faq", Joined: true}
	or := &axtree.Node{Name: "or", Joined: true}
	ask := &axtree.Node{ID: 5, Role: "button", Name: "Ask us", Joined: true}
	dot := &axtree.Node{Name: ".", Joined: true}
	tree := &axtree.Tree{Roots: []*axtree.Node{see, faq, or, ask, dot}}

	text := serialize.AppendText(nil, tree, serialize.Options{})
	fmt.Print(string(text))
	ids, err := serialize.LineIDs(string(text[:len(text)-1]))
	fmt.Println(ids, err)
	// Output:
	// See [the FAQ](4) or [button] Ask us [id=5] .
	// [4 5] <nil>
}
