package sqlite_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/axtree/axtree/observe"
	"github.com/axtree/axtree/observe/sqlite"
	"github.com/axtree/axtree/render"
)

// Open a store file, record a page as the first step of a run and read it
// back by the id the agent was given.
func ExampleOpen() {
	dir, _ := os.MkdirTemp("", "sqlite-example")
	defer os.RemoveAll(dir)
	st, err := sqlite.Open(filepath.Join(dir, "axtree.db"), sqlite.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer st.Close()
	page, _ := render.HTMLBytes([]byte(`<button>Buy</button>`), render.Options{URL: "https://shop.example/"})
	ctx := context.Background()
	r, err := (&observe.Recorder{Store: st}).Record(ctx, observe.Input{Run: "r1", Page: page})
	if err != nil {
		fmt.Println(err)
		return
	}
	o, _ := st.Get(ctx, r.Observation.ID)
	fmt.Print(o.Run, " ", o.Seq, " ", o.Text)
	v, _ := st.SchemaVersion(ctx)
	fmt.Println("schema", v)
	// Output:
	// r1 0 [button] Buy [id=1]
	// schema 3
}
