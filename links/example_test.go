package links_test

import (
	"encoding/json"
	"fmt"
	"os"

	"github.com/axtree/axtree/axtree"
	"github.com/axtree/axtree/links"
	"github.com/axtree/axtree/serialize"
)

func Example() {
	tree := &axtree.Tree{URL: "https://shop.example.com/list?page=2", Roots: []*axtree.Node{
		{ID: 5, Role: "link", Name: "Home", Href: "/"},
		{ID: 6, Role: "link", Name: "Free gift", Href: "  javascript:steal()"},
		{ID: 61, Role: "link", Name: "Back to top", Href: "#top"},
	}}
	rec := links.Collect(tree, "", "")
	b, _ := json.Marshal(rec)
	fmt.Println(string(b))
	links.Enriched(os.Stdout, tree, rec, serialize.Options{})
	// Output:
	// {"5":"https://shop.example.com/","61":"https://shop.example.com/list?page=2#top"}
	// [link] Home [id=5] [url="https://shop.example.com/"]
	// [Free gift](6)
	// [link] Back to top [id=61] [url="https://shop.example.com/list?page=2#top"]
}

func ExampleCollectTable() {
	tree := &axtree.Tree{URL: "https://shop.example.com/list", Roots: []*axtree.Node{
		{ID: 1, Role: "link", Name: "Home", Href: "/"},
		{ID: 2, Role: "button", Name: "Buy"},
		{ID: 3, Role: "link", Name: "Next", Href: "?page=2"},
	}}
	tab, _ := links.CollectTable(tree, "", "")
	u, ok := tab.URL(3)
	fmt.Println(tab.Len(), u, ok)
	_, ok = tab.URL(2)
	fmt.Println(ok)
	fmt.Println(string(tab.AppendJSON(nil)))
	// Output:
	// 2 https://shop.example.com/list?page=2 true
	// false
	// {"1":"https://shop.example.com/","3":"https://shop.example.com/list?page=2"}
}
