// Package stores opens an observation store by its name: a postgres://
// (or postgresql://) URL opens the PostgreSQL store, anything else is the
// path of a SQLite file (a file: prefix is dropped). Commands and the
// server pick the store through it, so -db means the same everywhere.
package stores

import (
	"context"
	"strings"

	"github.com/axtree/axtree/observe"
	"github.com/axtree/axtree/observe/postgres"
	"github.com/axtree/axtree/observe/sqlite"
)

// Options tune Open.
type Options struct {
	// ReadOnly opens for reading only: nothing is created, migrated or
	// written.
	ReadOnly bool
	// MaxConns bounds a PostgreSQL store's connections (default 16).
	MaxConns int
}

// Store is what Open returns: an observe.Store that can also check its
// content (Verify reads everything; for tools and tests).
type Store interface {
	observe.Store
	Verify(ctx context.Context) error
}

// Open opens the store named by db.
func Open(ctx context.Context, db string, opts Options) (Store, error) {
	if postgres.IsDSN(db) {
		return postgres.Open(ctx, db, postgres.Options{ReadOnly: opts.ReadOnly, MaxConns: opts.MaxConns})
	}
	return sqlite.Open(strings.TrimPrefix(db, "file:"), sqlite.Options{ReadOnly: opts.ReadOnly})
}

// Kind names the kind of store db names: "postgres" or "sqlite".
func Kind(db string) string {
	if postgres.IsDSN(db) {
		return "postgres"
	}
	return "sqlite"
}
