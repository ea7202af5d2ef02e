package roles_test

import (
	"fmt"
	"strings"

	"golang.org/x/net/html"

	"github.com/axtree/axtree/dom"
	"github.com/axtree/axtree/roles"
)

func Example() {
	root, _ := html.Parse(strings.NewReader(`<header>Shop</header>
<div role="foo button">Buy</div>
<nav><header>Menu</header></nav>
<img src="x.png" alt="">
<input type="search">`))
	d := dom.New(root)
	for _, el := range d.Elements {
		switch el.Data {
		case "header", "div", "img", "input":
			r := roles.Compute(d, el)
			fmt.Println(el.Data, r, roles.Implied(r))
		}
	}
	// Output:
	// header banner []
	// div button [click]
	// header generic []
	// img none []
	// input searchbox [type]
}

func ExampleLookup() {
	info, _ := roles.Lookup("image")
	fmt.Println(info.Name, info.Abstract)
	info, _ = roles.Lookup("widget")
	fmt.Println(info.Name, info.Abstract)
	// Output:
	// img false
	// widget true
}

func ExampleIDOf() {
	// A table indexed by ID answers for every role without comparing strings.
	var kept [roles.NumIDs]bool
	for _, r := range []string{"button", "heading", "list"} {
		kept[roles.IDOf(r)] = true
	}
	root, _ := html.Parse(strings.NewReader(`<h2>Plans</h2><p>Pick one.</p><button>Buy</button>`))
	d := dom.New(root)
	for _, el := range d.Elements {
		id := roles.ComputeID(d, el)
		if kept[id] {
			fmt.Println(el.Data, id, id.Interactive())
		}
	}
	fmt.Println(roles.IDOf("image") == roles.NoRole, roles.IDOf("img").String())
	// Output:
	// h2 heading false
	// button button true
	// true img
}
