package subroutine_test

import (
	"fmt"
	"strings"

	"github.com/axtree/axtree/netcap/netcaptest"
	"github.com/axtree/axtree/runtime/subroutine"
)

func ExampleDecode() {
	s, err := subroutine.Decode([]byte(`{
	  "name": "greet", "description": "Say hello.", "origin": "https://example.org", "plan": "dom",
	  "parameters": [{"name": "who", "type": "string", "description": "the name", "example": "Ada"}],
	  "body": "await ax.type({role: 'textbox', name: 'Name'}, who);"}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(s.Name, s.URL(), s.ParamNames())
	fmt.Println(string(s.Schema()))
	_, err = subroutine.Decode([]byte(`{"name": "x", "steps": []}`))
	fmt.Println(err)
	// Output:
	// greet https://example.org/ [who]
	// {"type":"object","properties":{"who":{"type":"string","description":"the name","examples":["Ada"]}},"required":["who"],"additionalProperties":false}
	// subroutine: steps: unknown field (a Subroutine has version, name, description, origin, page, plan, parameters, body; a parameter has name, type, description, example)
}

func ExampleMake() {
	rec := netcaptest.Generate(netcaptest.Options{})
	m, err := subroutine.Make(rec.HAR, rec.Actions, subroutine.MakeOptions{Name: "send_message"})
	if err != nil {
		fmt.Println(err)
		return
	}
	s := m.Subroutine
	fmt.Println(s.Name, s.Plan, m.Request, s.ParamNames())
	fmt.Print(s.Body)
	// Output:
	// send_message network POST /api/messages [message]
	// // POST /api/messages, the request the recording made on /inbox; it goes through the page's
	// // own fetch, so the site's script adds what it computes (signatures, session headers).
	// const _csrf = await ax.getCsrfToken({cookie: "ct0"});
	// const _res = await ax.request("/api/messages", {
	//   method: "POST",
	//   headers: {
	//     "content-type": "application/json",
	//     "accept": "*/*",
	//     "x-csrf-token": _csrf
	//   },
	//   body: ax.json({"conversation": "c_981", "text": message, "attachments": []})
	// });
	// if (!_res.ok) ax.fail("POST /api/messages answered " + _res.status);
	// return _res.json !== undefined ? _res.json : _res.text;
}

func ExampleReadRows() {
	s := &subroutine.Subroutine{Version: 1, Name: "order", Origin: "https://shop.example.org", Plan: "network", Body: "…",
		Parameters: []subroutine.Parameter{{Name: "sku", Type: "string"}, {Name: "qty", Type: "integer"}}}
	rows, err := subroutine.ReadRows(strings.NewReader("sku,qty\nB-42,2\nC-7,two\n"), subroutine.FormatCSV, s)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range rows {
		if r.Err != nil {
			fmt.Println(r.Err)
			continue
		}
		fmt.Println(r.N, r.Values["sku"], r.Values["qty"])
	}
	// Output:
	// 1 B-42 2
	// row 2 (line 3): parameter "qty": "two" is not an integer
}
