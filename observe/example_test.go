package observe_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/axtree/axtree/observe"
	"github.com/axtree/axtree/observe/sqlite"
	"github.com/axtree/axtree/render"
)

func mustRender(html string) *render.Result {
	r, err := render.HTMLBytes([]byte(html), render.Options{URL: "https://shop.example/"})
	if err != nil {
		panic(err)
	}
	return r
}

// The id of a page state depends on its tree text and link record only.
func ExampleID() {
	page := mustRender(`<a href="/cart">Cart</a><button>Buy</button>`)
	id := observe.ID(page.Text(), page.LinksJSON())
	again := mustRender(`<a href="/cart">Cart</a><button>Buy</button>`)
	fmt.Println(len(id), id == observe.ID(again.Text(), again.LinksJSON()))
	// Output: 32 true
}

// Elements keep their numbers across the steps of a run; new ones are
// numbered after the largest previous id.
func ExampleStabilize() {
	first := mustRender(`<button>Search</button><a href="/cart">Cart</a>`)
	prev, _ := observe.Stabilize(first.Tree, nil, nil)

	next := mustRender(`<a href="/deals">Deals</a><button>Search</button><a href="/cart">Cart</a>`)
	fmt.Print(string(next.Text()))
	fmt.Println("--")
	observe.Stabilize(next.Tree, nil, prev)
	fmt.Print(string(next.Text()))
	// Output:
	// [Deals](1)
	// [button] Search [id=2]
	// [Cart](3)
	// --
	// [Deals](3)
	// [button] Search [id=1]
	// [Cart](2)
}

// A Recorder stores each page of a run in the default SQLite store; the
// store gives back runs and the merged state graph.
func ExampleRecorder() {
	dir, _ := os.MkdirTemp("", "observe-example")
	defer os.RemoveAll(dir)
	st, err := sqlite.Open(filepath.Join(dir, "axtree.db"), sqlite.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer st.Close()
	rec := &observe.Recorder{Store: st}
	ctx := context.Background()

	for _, run := range []string{"r1", "r2"} {
		a, _ := rec.Record(ctx, observe.Input{Run: run, Page: mustRender(`<title>Shop</title><button>Buy</button>`)})
		b, err := rec.Record(ctx, observe.Input{Run: run, Previous: a.Observation.ID,
			Action: &observe.Action{Element: 1, Action: "click"},
			Page:   mustRender(`<title>Thanks</title><p>Thank you</p>`)})
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(run, b.Observation.Seq, b.Observation.Action.Label())
	}
	g, _ := st.Graph(ctx, "shop.example")
	for _, e := range g.Edges() {
		fmt.Println(e.Action.Label(), "×", e.Count)
	}
	fmt.Println(strings.Count(string(g.DOT()), "->"), "edge in DOT")
	// Output:
	// r1 1 click button "Buy"
	// r2 1 click button "Buy"
	// click button "Buy" × 2
	// 1 edge in DOT
}
