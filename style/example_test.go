package style_test

import (
	"fmt"
	"strings"

	"golang.org/x/net/html"

	"github.com/axtree/axtree/dom"
	"github.com/axtree/axtree/style"
)

func Example() {
	root, _ := html.Parse(strings.NewReader(`<style>
  .sr-only { display: none }
  @media (max-width: 600px) { .wide { display: none } }
  .price::before { content: "€ " attr(data-cents) }
</style>
<p id=a class=sr-only>hidden</p>
<p id=b class=wide>shown at 1280px</p>
<span id=c class=price data-cents="42">0</span>
<div id=d style="visibility:hidden"><b id=e style="visibility:visible">visible child</b></div>`))
	d := dom.New(root)
	s := style.New(d)
	for _, id := range []string{"a", "b", "c", "d", "e"} {
		n := d.ByID(nil, id)
		c := s.Style(n)
		fmt.Printf("%s rendered=%v display=%s before=%q\n", id, s.Rendered(n), c.Display, c.Before)
	}
	// Output:
	// a rendered=false display=none before=""
	// b rendered=true display=block before=""
	// c rendered=true display=inline before="€ 42"
	// d rendered=false display=block before=""
	// e rendered=true display=inline before=""
}
