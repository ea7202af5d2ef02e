package netcaptest_test

import (
	"encoding/json"
	"fmt"

	"github.com/axtree/axtree/netcap/netcaptest"
)

func ExampleGenerate() {
	rec := netcaptest.Generate(netcaptest.Options{})
	var har struct {
		Log struct {
			Entries []json.RawMessage `json:"entries"`
		} `json:"log"`
	}
	if err := json.Unmarshal(rec.HAR, &har); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(har.Log.Entries) > 100, rec.SendMethod, rec.SendURL)
	// Output: true POST https://app.example.com/api/messages
}
