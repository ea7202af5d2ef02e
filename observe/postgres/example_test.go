package postgres_test

import (
	"context"
	"fmt"

	"github.com/axtree/axtree/observe/postgres"
)

// Open the store in a database that several axtreed processes share (not
// run: it needs a server).
func ExampleOpen() {
	ctx := context.Background()
	st, err := postgres.Open(ctx, "postgres://axtree@db.internal:5432/axtree?sslmode=verify-full", postgres.Options{MaxConns: 16})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer st.Close()
	fmt.Println(st.Health(ctx))
}
