package budget_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/axtree/axtree/axtree"
	"github.com/axtree/axtree/budget"
)

// A results list of six products fitted into 50 "tokens" (words, to keep
// the arithmetic visible; a server counts with package tokens, the benchmarks' tokenizer).
// The first three items stay whole, the others keep their links, and the
// footer far from every control goes.
func ExampleFit() {
	var items []*axtree.Node
	for i := range 6 {
		items = append(items, &axtree.Node{ID: 10 + 2*i, Role: "listitem", Children: []*axtree.Node{
			{ID: 11 + 2*i, Role: "link", Name: fmt.Sprintf("Kettle %d", i)},
			{Name: fmt.Sprintf("€%d9.00", i+1)},
		}})
	}
	tree := &axtree.Tree{Roots: []*axtree.Node{
		{ID: 1, Role: "searchbox", Name: "Search"},
		{ID: 2, Role: "list", Children: items},
		{Name: "Imprint, terms of use and privacy, at the foot of the page."},
	}}
	words := func(b []byte) int { return len(strings.Fields(string(b))) }
	res, err := budget.Fit(tree, budget.Options{Tokens: 32, Count: words})
	if err != nil {
		fmt.Println(err)
		return
	}
	os.Stdout.Write(res.Text)
	fmt.Println(res.Tokens, res.Cuts)
	// Output:
	// [searchbox] Search [id=1]
	// [list] [id=2]
	//   [listitem]
	//     [Kettle 0](11)
	//     €19.00
	//   [listitem]
	//     [Kettle 1](13)
	//     €29.00
	//   [listitem]
	//     [Kettle 2](15)
	//     €39.00
	//   [listitem]
	//     [Kettle 3](17)
	//   [listitem]
	//     [Kettle 4](19)
	//   [listitem]
	//     [Kettle 5](21)
	// [+1 more]
	// [truncated=budget]
	// 29 [text lists far-text]
}
