package axtree_test

import (
	"fmt"
	"strings"

	"golang.org/x/net/html"

	"github.com/axtree/axtree/axtree"
	"github.com/axtree/axtree/dom"
)

func Example() {
	root, _ := html.Parse(strings.NewReader(`<main><h1>Apply</h1>
<label>Name <input required></label><button>Submit Application</button></main>`))
	tree := axtree.Build(dom.New(root), nil, axtree.Options{})
	tree.Walk(func(n *axtree.Node, depth int) bool {
		fmt.Printf("%s%s %q id=%d\n", strings.Repeat("  ", depth), n.Role, n.Name, n.ID)
		return true
	})
	fmt.Println(tree.Node(3).Data)
	// Output:
	// main "" id=1
	//   heading "Apply" id=2
	//   textbox "Name" id=3
	//   button "Submit Application" id=4
	// input
}

func ExampleTree_Find() {
	root, _ := html.Parse(strings.NewReader(`<label>Name <input></label><label>Email <input></label>`))
	tree := axtree.Build(dom.New(root), nil, axtree.Options{})
	r := tree.Find(axtree.Target{Role: "textbox", Name: "E-mail"})
	fmt.Println(len(r.Matches), "matches; closest:")
	for _, c := range r.Candidates {
		fmt.Printf("%s %q id=%d score=%.3f\n", c.Role, c.Name, c.ID, c.Score)
	}
	// Output:
	// 0 matches; closest:
	// textbox "Email" id=2 score=0.917
	// textbox "Name" id=1 score=0.583
}

// ParseTarget gives Playwright's getByRole semantics: a case-insensitive
// substring by default, the whole name with exact, a regexp between
// slashes; a misspelt role is an error that suggests the closest.
func ExampleParseTarget() {
	root, _ := html.Parse(strings.NewReader(`<button>Submit Application</button><button>Submit</button>`))
	tree := axtree.Build(dom.New(root), nil, axtree.Options{})
	for _, q := range []struct {
		name  string
		exact bool
	}{{"submit", false}, {"Submit", true}, {"/application$/i", false}} {
		t, _ := axtree.ParseTarget("button", q.name, q.exact)
		for _, m := range tree.Find(t).Matches {
			fmt.Printf("%s exact=%v: [id=%d] %s\n", q.name, q.exact, m.ID, m.Name)
		}
	}
	_, err := axtree.ParseTarget("buton", "Submit", false)
	fmt.Println(err)
	// Output:
	// submit exact=false: [id=1] Submit Application
	// submit exact=false: [id=2] Submit
	// Submit exact=true: [id=2] Submit
	// /application$/i exact=false: [id=1] Submit Application
	// unknown role "buton" (did you mean "button"?)
}

// A node's states, actions and fill attributes live in its Detail, which
// only the nodes that have some carry; the read methods treat the others
// as having none.
func ExampleNode_States() {
	root, _ := html.Parse(strings.NewReader(`<h2>Plan</h2><input type=checkbox checked aria-label=Yearly required><button>Go</button>`))
	tree := axtree.Build(dom.New(root), nil, axtree.Options{})
	tree.Walk(func(n *axtree.Node, _ int) bool {
		fmt.Println(n.Role, n.Detail != nil, n.States(), n.Props())
		return true
	})
	// Output:
	// heading true [{level 2}] []
	// checkbox true [{checked }] [{required }]
	// button false [] []
}
