package adversarial_test

import (
	"fmt"

	"github.com/axtree/axtree/corpus/adversarial"
	"github.com/axtree/axtree/render"
)

// A page nested 1,000 levels deep, past what any HTML parser keeps, still
// renders every element it holds.
func Example() {
	page := adversarial.Nested(1000)
	res, err := render.HTMLBytes(page, render.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d bytes, %d elements\n%s", len(page), len(res.Doc.Elements), res.Text())
	// Output:
	// 11146 bytes, 1007 elements
	// [button] deep [id=1]
	// [bottom](2)
	// [button] after [id=3]
}

// Cases lists the hostile page families with their default sizes.
func ExampleCases() {
	for _, c := range adversarial.Cases()[:3] {
		fmt.Printf("%s: %d %s\n", c.Name, c.Size, c.Unit)
	}
	// Output:
	// nesting-10k: 10000 levels
	// nesting-100k: 100000 levels
	// nesting-unclosed: 100000 levels
}
