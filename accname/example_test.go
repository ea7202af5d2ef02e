package accname_test

import (
	"fmt"
	"strings"

	"golang.org/x/net/html"

	"github.com/axtree/axtree/accname"
	"github.com/axtree/axtree/dom"
)

func Example() {
	doc, _ := html.Parse(strings.NewReader(`
		<label for=q>Search</label><input id=q placeholder="Type here">
		<img id=logo alt="ACME logo" title="Home">
		<button id=go aria-describedby=hint aria-label="Go">→</button>
		<p id=hint hidden>Starts the search</p>`))
	d := dom.New(doc)
	c := accname.New(d, nil)
	for _, id := range []string{"q", "logo", "go"} {
		n := d.ByID(nil, id)
		fmt.Printf("%s: name=%q description=%q\n", id, c.Name(n), c.Description(n))
	}
	// Output:
	// q: name="Search" description=""
	// logo: name="ACME logo" description="Home"
	// go: name="Go" description="Starts the search"
}

func ExampleComputer_RoleID() {
	doc, _ := html.Parse(strings.NewReader(`<nav><a href="/">Home</a></nav><span>x</span>`))
	d := dom.New(doc)
	c := accname.New(d, nil)
	for _, n := range d.Elements {
		if id := c.RoleID(n); id.Interactive() {
			fmt.Println(n.Data, id, c.Role(n))
		}
	}
	// Output:
	// a link link
}
