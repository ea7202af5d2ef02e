package capture_test

import (
	"fmt"

	"github.com/axtree/axtree/capture"
	"github.com/axtree/axtree/wire"
)

// Decode renders a saved capture (what the collector returns, or
// `axtree capture --save` wrote) and maps a tree id to the collector's
// data-axid, the number Act uses to find the live element.
func ExampleDecode() {
	raw := []byte(`{"version":1,"url":"https://shop.example/","root":{"tag":"#document","children":[
	 {"tag":"html","attrs":[["data-axid","1"]],"children":[{"tag":"body","attrs":[["data-axid","2"]],"children":[
	  {"tag":"div","attrs":[["data-axid","3"]],"listeners":"0~4","cursorPointer":true,"children":[{"tag":"#text","text":"Add to basket"}]},
	  {"tag":"input","attrs":[["aria-label","Quantity"],["data-axid","4"]],"value":"2"}]}]}]}}`)
	s, err := capture.Decode(raw, wire.Limits{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(string(s.Result.Text()))
	fmt.Println("tree id 1 is capture element", s.CaptureID(1))
	fmt.Println("tree id 2 is capture element", s.CaptureID(2))
	// Output:
	// [generic][actions=click] Add to basket [id=1]
	// [textbox][editable] Quantity [id=2]
	// [id=2] [value=2]
	// tree id 1 is capture element 3
	// tree id 2 is capture element 4
}
