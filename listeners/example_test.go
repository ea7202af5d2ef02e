package listeners_test

import (
	"fmt"

	"github.com/axtree/axtree/listeners"
)

func Example() {
	var r listeners.Record
	r.Add("click", listeners.React)
	r.Add("keydown", listeners.Native)
	s, _ := listeners.Encode(r)
	fmt.Println(s)

	back, err := listeners.Decode("0~4,44~5c")
	fmt.Println(back, err, back.Mask("drop"))

	_, err = listeners.Decode("999~1")
	fmt.Println(err)
	// Output:
	// 0~4,25~1
	// [{click react} {drop jquery|delegated}] <nil> jquery|delegated
	// listeners: entry 0 "999~1": unknown event id 999
}
