package serialize

import (
	"io"
	"strconv"
	"testing"

	"github.com/axtree/axtree/axtree"
)

// benchTree builds a page-like tree of n nodes: nested groups and lists of
// links, buttons, textboxes and text runs, up to depth 12.
func benchTree(n int) *axtree.Tree {
	t := &axtree.Tree{URL: "https://www.example.com/s?k=headphones"}
	stack := []*axtree.Node{}
	for i := 1; i <= n; i++ {
		var nd *axtree.Node
		switch i % 7 {
		case 0, 1:
			nd = &axtree.Node{Name: "Wireless noise cancelling headphones with 30 hours of battery life, fast charging and a carrying case " + strconv.Itoa(i), DOM: -1}
		case 2:
			nd = &axtree.Node{ID: i, Role: "link", Name: "Sony WH-1000XM5 Wireless Industry Leading Noise Canceling Headphones", Href: "/dp/B09XS7JWHH", DOM: int32(i)}
		case 3:
			nd = &axtree.Node{ID: i, Role: "button", Name: "Add to cart", DOM: int32(i), Detail: &axtree.Detail{Actions: []string{"click"}}}
		case 4:
			nd = &axtree.Node{ID: i, Role: "textbox", Name: "Search Amazon", DOM: int32(i),
				Detail: &axtree.Detail{
					States: []axtree.Attr{{Key: "editable"}},
					Props:  []axtree.Attr{{Key: "required"}, {Key: "placeholder", Value: "Search Amazon"}, {Key: "type", Value: "search"}},
				}}
		case 5:
			nd = &axtree.Node{ID: i, Role: "checkbox", Name: "Prime [eligible] \\ free", DOM: int32(i),
				Detail: &axtree.Detail{States: []axtree.Attr{{Key: "checked"}}}}
		default:
			nd = &axtree.Node{ID: i, Role: "group", Name: "", DOM: int32(i)}
		}
		switch {
		case len(stack) == 0:
			t.Roots = append(t.Roots, nd)
		default:
			p := stack[len(stack)-1]
			p.Children = append(p.Children, nd)
		}
		if nd.Role == "group" && len(stack) < 12 {
			stack = append(stack, nd)
		} else if i%11 == 0 && len(stack) > 0 {
			stack = stack[:len(stack)-1]
		}
	}
	return t
}

func BenchmarkRender5000(b *testing.B) {
	t := benchTree(5000)
	b.SetBytes(int64(len(AppendText(nil, t, Options{}))))
	b.ReportAllocs()
	for b.Loop() {
		if err := Render(io.Discard, t, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkAppendText5000(b *testing.B) {
	t := benchTree(5000)
	buf := AppendText(nil, t, Options{})
	b.SetBytes(int64(len(buf)))
	b.ReportAllocs()
	for b.Loop() {
		buf = AppendText(buf[:0], t, Options{})
	}
}

func BenchmarkJSON5000(b *testing.B) {
	t := benchTree(5000)
	links := map[int]string{}
	for i := 2; i <= 5000; i += 7 {
		links[i] = "https://www.example.com/dp/B09XS7JWHH"
	}
	buf := AppendJSON(nil, t, links, Options{})
	b.SetBytes(int64(len(buf)))
	b.ReportAllocs()
	for b.Loop() {
		buf = AppendJSON(buf[:0], t, links, Options{})
	}
}

func BenchmarkParse5000(b *testing.B) {
	text := string(AppendText(nil, benchTree(5000), Options{}))
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse(text); err != nil {
			b.Fatal(err)
		}
	}
}
