package wire_test

import (
	"fmt"
	"strings"

	"github.com/axtree/axtree/wire"
)

func Example() {
	capture := `{"version":1,"url":"https://shop.example/","root":{"tag":"#document","children":[
	  {"tag":"html","children":[{"tag":"body","children":[
	    {"tag":"div","attrs":[["id","buy"]],"cursorPointer":true,"listeners":"0~4","children":[{"tag":"#text","text":"Buy now"}]}
	  ]}]}]}}`
	d, meta, err := wire.Decode(strings.NewReader(capture), wire.Limits{})
	if err != nil {
		fmt.Println(err)
		return
	}
	buy := d.ByID(nil, "buy")
	fmt.Println(meta.URL, buy.Data, d.Facts(buy).Listeners)

	_, _, err = wire.Decode(strings.NewReader(strings.Replace(capture, `"0~4"`, `"999~4"`, 1)), wire.Limits{})
	fmt.Println(err)
	// Output:
	// https://shop.example/ div [{click react}]
	// wire: node /html/body/div: listeners: unknown event id 999 (entry "999~4")
}
