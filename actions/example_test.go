package actions_test

import (
	"fmt"

	"github.com/axtree/axtree/actions"
	"github.com/axtree/axtree/listeners"
)

func Example() {
	// A <div> with a React onClick and a scroll listener.
	var rec listeners.Record
	rec.Add("click", listeners.React)
	rec.Add("scroll", listeners.Native)
	acts, inferred := actions.Compute("generic", rec, actions.Markup{Tag: "div"})
	fmt.Println(acts, inferred)
	// Output: [click scroll] button
}
