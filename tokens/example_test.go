package tokens_test

import (
	"fmt"

	"github.com/axtree/axtree/tokens"
)

// Count the tokens of a line of tree text in both encodings.
func Example() {
	c, err := tokens.Load()
	if err != nil {
		fmt.Println(err)
		return
	}
	line := []byte("[button] Submit application [id=12]\n")
	for _, e := range tokens.Encodings() {
		fmt.Println(e, c.Count(e, line))
	}
	// Output:
	// o200k_base 10
	// cl100k_base 10
}
