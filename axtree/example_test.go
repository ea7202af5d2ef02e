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
