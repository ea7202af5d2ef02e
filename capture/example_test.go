package capture_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"

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

// ServeFile serves one saved page on a fresh loopback origin: the file and
// its "save page, complete" folder, nothing else, and only to requests
// for that origin.
func ExampleServeFile() {
	dir, _ := os.MkdirTemp("", "example")
	defer os.RemoveAll(dir)
	os.WriteFile(filepath.Join(dir, "page.html"), []byte("<title>saved</title>"), 0o644)
	os.WriteFile(filepath.Join(dir, "other.txt"), []byte("private"), 0o644)
	fs, err := capture.ServeFile(filepath.Join(dir, "page.html"))
	if err != nil {
		fmt.Println(err)
		return
	}
	defer fs.Close()
	u, _ := url.Parse(fs.URL())
	get := func(path, host string) int {
		req, _ := http.NewRequest("GET", "http://127.0.0.1:"+u.Port()+path, nil)
		req.Host = host
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return 0
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	fmt.Println("the page:", get(u.Path, u.Host))
	fmt.Println("a sibling file:", get(strings.TrimSuffix(u.Path, "page.html")+"other.txt", u.Host))
	fmt.Println("another Host:", get(u.Path, "127.0.0.1:"+u.Port()))
	// Output:
	// the page: 200
	// a sibling file: 404
	// another Host: 404
}

// Call and Handle carry calls both ways between Go and an extension that
// runs inside the hook's closure in every frame (needs Chromium).
func ExamplePage_Call() {
	ctx := context.Background()
	b, err := capture.Start(ctx, capture.Options{Extensions: []string{`function (api) {
	  api.register('double', function (a) { return a.n * 2; });
	  api.register('ask', function (a) { return api.send('greet', {name: a.name}); });
	}`}})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer b.Close()
	p, err := b.NewPage(ctx)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer p.Close()
	p.Handle("greet", func(ctx context.Context, payload json.RawMessage) (any, error) {
		var in struct{ Name string }
		if err := json.Unmarshal(payload, &in); err != nil {
			return nil, err
		}
		return "hello, " + in.Name, nil // the handler may also Capture, Act, Call
	})
	if _, err := p.Navigate(ctx, "data:text/html,<title>x</title>"); err != nil {
		fmt.Println(err)
		return
	}
	var n int
	var greeting string
	_ = p.Call(ctx, "", "double", map[string]int{"n": 21}, &n)
	_ = p.Call(ctx, "", "ask", map[string]string{"name": "Ada"}, &greeting)
	fmt.Println(n, greeting)
}
