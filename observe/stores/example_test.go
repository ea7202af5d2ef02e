package stores_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/axtree/axtree/observe/stores"
)

// A path opens SQLite; a postgres:// URL would open PostgreSQL.
func ExampleOpen() {
	dir, _ := os.MkdirTemp("", "stores-example")
	defer os.RemoveAll(dir)
	db := filepath.Join(dir, "axtree.db")
	st, err := stores.Open(context.Background(), db, stores.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer st.Close()
	fmt.Println(stores.Kind(db), stores.Kind("postgres://axtree@db.internal/axtree"), st.Health(context.Background()))
	// Output: sqlite postgres <nil>
}
