package bench_test

import (
	"fmt"

	"github.com/axtree/axtree/bench"
)

// The cost of seeing a page as 1280×800 screenshots, per image and for a
// page estimated at 12,000 characters of text and 10 form controls.
func Example() {
	v := bench.Viewports(12000, 10)
	fmt.Println("viewports:", v)
	fmt.Println("Anthropic tokens:", v*bench.AnthropicImageTokens(1280, 800))
	fmt.Println("GPT-4o tokens:", v*bench.OpenAIImageTokens(1280, 800))
	// Output:
	// viewports: 4
	// Anthropic tokens: 5464
	// GPT-4o tokens: 4420
}

func ExampleWithoutURLLines() {
	snap := "- link \"Jobs\" [ref=e5]:\n  - /url: /jobs\n- button \"Apply\" [ref=e6]\n"
	fmt.Print(string(bench.WithoutURLLines([]byte(snap))))
	// Output:
	// - link "Jobs" [ref=e5]:
	// - button "Apply" [ref=e6]
}
