package netcap_test

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/axtree/axtree/netcap"
	"github.com/axtree/axtree/netcap/netcaptest"
)

func ExampleRank() {
	har := []byte(`{"log":{"version":"1.2","entries":[
	 {"startedDateTime":"2026-03-02T09:00:00Z","request":{"method":"GET","url":"https://shop.example.org/cart"},
	  "response":{"status":200,"content":{"size":120,"mimeType":"text/html"}},"_resourceType":"document"},
	 {"startedDateTime":"2026-03-02T09:00:05.050Z","request":{"method":"POST","url":"https://www.google-analytics.com/g/collect"},
	  "response":{"status":204,"content":{"size":0}},"_resourceType":"ping"},
	 {"startedDateTime":"2026-03-02T09:00:05.120Z","request":{"method":"POST","url":"https://shop.example.org/api/cart/items",
	   "headers":[{"name":"content-type","value":"application/json"},{"name":"x-csrf-token","value":"c0ffee"},{"name":"cookie","value":"ct0=c0ffee"}],
	   "postData":{"mimeType":"application/json","text":"{\"sku\":\"B-42\",\"qty\":2}"}},
	  "response":{"status":201,"content":{"size":18,"mimeType":"application/json"}},"_resourceType":"fetch"}]}}`)
	actions := []byte(`[
	 {"time":"2026-03-02T09:00:03Z","id":7,"role":"spinbutton","name":"Quantity","action":"type","value":"2"},
	 {"time":"2026-03-02T09:00:05Z","id":8,"role":"button","name":"Add to cart","action":"click"}]`)

	res, err := netcap.RankHAR(har, actions, netcap.Options{Budget: 2000})
	if err != nil {
		fmt.Println(err)
		return
	}
	top := res.Candidates[0]
	fmt.Println(top.Method, top.URL, top.Score)
	for _, r := range top.Reasons {
		fmt.Printf("  %+d %s\n", r.Points, r.Rule)
	}
	fmt.Println("plan:", res.Plan)
	fmt.Println("body:", top.Replay.Body)
	fmt.Println("csrf:", top.Replay.CSRF.Name, "->", top.Replay.CSRF.Header)
	// Output:
	// POST https://shop.example.org/api/cart/items 107
	//   +20 first-party
	//   +28 soon-after-action
	//   +35 mutating-method
	//   +8 request-body
	//   +12 success
	//   +4 response-body
	// plan: network
	// body: {"sku":"B-42","qty":{{quantity}}}
	// csrf: ct0 -> x-csrf-token
}

// The recording's secrets are placeholders in every output; Expand puts
// the recorded values back for the replay.
func ExampleReplay_Expand() {
	rec := netcaptest.Secrets(false)
	res, err := netcap.RankHAR(rec.HAR, rec.Actions, netcap.Options{})
	if err != nil {
		panic(err)
	}
	for _, c := range res.Candidates {
		if strings.Contains(c.URL, "/v1/orders") {
			fmt.Println(c.URL)
			req, err := c.Replay.Expand(map[string]string{"access_token": "fresh-token"})
			if err != nil {
				panic(err)
			}
			u, _ := url.Parse(req.URL)
			fmt.Println(u.Query().Get("access_token"), len(u.Query().Get("key")))
		}
	}
	// Output:
	// https://api.shop.example.com/v1/orders?access_token={{access_token}}&key={{key}}&page=1
	// fresh-token 39
}

func ExampleParamName() {
	fmt.Println(netcap.ParamName("E-mail address *"))
	fmt.Println(netcap.ParamName("2nd line"))
	fmt.Printf("%q\n", netcap.ParamName("★"))
	// Output:
	// e_mail_address
	// p_2nd_line
	// ""
}
