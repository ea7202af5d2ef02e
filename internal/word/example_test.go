package word_test

import (
	"fmt"

	"github.com/axtree/axtree/internal/word"
)

// Skipping a page's indentation eight bytes a step: the scan stops at the
// first word that is not all white space and finishes byte by byte.
func Example() {
	s := "\n                \t\tHello"
	i := 0
	for i+8 <= len(s) && word.ASCIISpace(word.Load8(s[i:i+8])) {
		i += 8
	}
	for i < len(s) && (s[i] == ' ' || s[i] >= '\t' && s[i] <= '\r') {
		i++
	}
	fmt.Printf("%d bytes of white space, then %q\n", i, s[i:])
	// Output:
	// 19 bytes of white space, then "Hello"
}
