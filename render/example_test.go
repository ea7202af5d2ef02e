package render_test

import (
	"fmt"
	"os"

	"github.com/axtree/axtree/render"
)

func ExampleHTMLBytes() {
	res, err := render.HTMLBytes([]byte(`<main><h1>Shop</h1><a href="/cart">Cart</a></main>`), render.Options{URL: "https://shop.test/"})
	if err != nil {
		fmt.Println(err)
		return
	}
	os.Stdout.Write(res.Text())
	u, _ := res.Links.URL(3)
	fmt.Println(u)
	// Output:
	// [main] [id=1]
	//   [heading][level=1] Shop
	//   [Cart](3)
	// https://shop.test/cart
}

func ExampleDecode() {
	page := []byte("<meta charset=\"windows-1252\"><p>Men\xfc</p>")
	b, name := render.Decode(page, "")
	fmt.Println(name, string(b))
	b, name = render.Decode([]byte("<p>Men\xfc</p>"), "text/html; charset=iso-8859-1")
	fmt.Println(name, string(b))
	// Output:
	// windows-1252 <meta charset="windows-1252"><p>Menü</p>
	// windows-1252 <p>Menü</p>
}
