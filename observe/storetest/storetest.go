// Package storetest is the conformance suite of observe.Store: one set of
// tests that every store passes, run by each store's own tests with a
// factory that opens a fresh, empty store (observe/sqlite with a temp
// file, observe/postgres with a schema of its own in the test database).
//
// PostgresDSN finds the test database: $AXTREE_TEST_POSTGRES (.ci/postgres
// start DIR prints one). Without it tests skip, except under CI=true,
// where they fail.
package storetest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/observe"
	"github.com/axtree/axtree/observe/postgres"
	"github.com/axtree/axtree/observe/sqlite"
	"github.com/axtree/axtree/observe/sqlstore"
)

// Store is what the suite tests: an observe.Store that can also check and
// count its content.
type Store interface {
	observe.Store
	Verify(ctx context.Context) error
	Stats(ctx context.Context) (sqlstore.Stats, error)
}

// Factory opens a fresh, empty store and closes it in t's cleanup.
type Factory func(t testing.TB) Store

// EnvPostgres names the variable that holds the test database's DSN.
const EnvPostgres = "AXTREE_TEST_POSTGRES"

// PostgresDSN returns the test database's DSN, skipping t when there is
// none (failing it under CI=true, where .ci/run provides one).
func PostgresDSN(t testing.TB) string {
	t.Helper()
	dsn := os.Getenv(EnvPostgres)
	if dsn == "" {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is not set: .ci/run starts a PostgreSQL cluster and sets it", EnvPostgres)
		}
		t.Skipf("no PostgreSQL: set %s to a database DSN (`.ci/postgres start DIR` starts a throw-away cluster and prints one)", EnvPostgres)
	}
	return dsn
}

// NewSchemaName returns a fresh schema name for a test's store.
func NewSchemaName() string {
	var b [8]byte
	rand.Read(b[:])
	return "axtree_test_" + hex.EncodeToString(b[:])
}

// Postgres opens a store in a schema of its own in the test database and
// drops the schema in t's cleanup. It returns the store and the schema.
func Postgres(t testing.TB) (*postgres.Store, string) {
	t.Helper()
	dsn := PostgresDSN(t)
	schema := NewSchemaName()
	ctx := context.Background()
	st, err := postgres.Open(ctx, dsn, postgres.Options{Schema: schema})
	require.NoError(t, err)
	t.Cleanup(func() {
		st.Close()
		require.NoError(t, postgres.DropSchema(context.Background(), dsn, schema))
	})
	return st, schema
}

// PostgresFactory is the Factory of the PostgreSQL store.
func PostgresFactory(t testing.TB) Store {
	st, _ := Postgres(t)
	return st
}

// SQLiteFactory is the Factory of the SQLite store (a file in t's temp
// dir).
func SQLiteFactory(t testing.TB) Store {
	st, err := sqlite.Open(t.TempDir()+"/obs.db", sqlite.Options{})
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	return st
}
