// Package sqlite is the default observation store: one SQLite file
// (modernc.org/sqlite, pure Go, no set-up) in WAL mode with
// synchronous=FULL, so a commit that returned is on disk. Writes go
// through one connection and take the database's write lock at BEGIN
// (BEGIN IMMEDIATE), which makes every write transaction, of this process
// or another on the same file, one at a time; reads go through a small
// pool. The schema is brought up to date from the migrations embedded in
// this package. The queries are package sqlstore's, shared with the
// PostgreSQL store.
package sqlite

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"net/url"
	"os"

	_ "modernc.org/sqlite" // pure-Go SQLite driver "sqlite"

	"github.com/axtree/axtree/observe/sqlstore"
)

//go:embed migrations/*.sql
var migrationFS embed.FS

// Dialect is SQLite's: ? placeholders, the database's write lock taken by
// BEGIN IMMEDIATE (so no per-run lock is needed), text content columns.
var dialect = sqlstore.Dialect{Name: "sqlite"}

// Store is the SQLite store. Open it with Open.
type Store struct {
	*sqlstore.Store
	r *sql.DB
}

// Options tune Open.
type Options struct {
	// ReadOnly opens an existing database for reading: nothing is
	// created, migrated or written (writes fail with
	// sqlstore.ErrReadOnly), and a schema older or newer than this
	// package's is an error rather than a migration.
	ReadOnly bool
}

// Migrations returns the embedded migrations.
func Migrations() ([]sqlstore.Migration, error) {
	return sqlstore.Migrations(migrationFS, "migrations")
}

// Open opens (creating if needed, unless read-only) the SQLite store at
// path and brings its schema up to date.
func Open(path string, opts Options) (*Store, error) {
	if path == "" {
		return nil, errors.New("observe: sqlite: empty database path")
	}
	ms, err := Migrations()
	if err != nil {
		return nil, err
	}
	ctx := context.Background()
	q := url.Values{}
	for _, p := range []string{"busy_timeout(10000)", "journal_mode(WAL)", "synchronous(FULL)", "foreign_keys(1)"} {
		q.Add("_pragma", p)
	}
	if opts.ReadOnly {
		if _, err := os.Stat(path); err != nil {
			return nil, fmt.Errorf("observe: sqlite: %w", err)
		}
		q = url.Values{}
		q.Add("_pragma", "busy_timeout(10000)")
		q.Set("mode", "ro")
		r, err := sql.Open("sqlite", dsn(path, q))
		if err != nil {
			return nil, fmt.Errorf("observe: sqlite: open %s: %w", path, err)
		}
		r.SetMaxOpenConns(4)
		v, err := sqlstore.SchemaVersion(ctx, r)
		if err == nil && v != sqlstore.Latest(ms) {
			err = fmt.Errorf("schema version %d, this axtree reads version %d (open it once with axtreed or axtree run to migrate it)", v, sqlstore.Latest(ms))
		}
		if err != nil {
			r.Close()
			return nil, fmt.Errorf("observe: sqlite: %s: %w", path, err)
		}
		return &Store{Store: sqlstore.New(nil, r, dialect), r: r}, nil
	}
	q.Set("_txlock", "immediate")
	w, err := sql.Open("sqlite", dsn(path, q))
	if err != nil {
		return nil, fmt.Errorf("observe: sqlite: open %s: %w", path, err)
	}
	w.SetMaxOpenConns(1)
	if err := sqlstore.Migrate(ctx, w, dialect, ms); err != nil {
		w.Close()
		return nil, err
	}
	r, err := sql.Open("sqlite", dsn(path, q))
	if err != nil {
		w.Close()
		return nil, fmt.Errorf("observe: sqlite: open %s: %w", path, err)
	}
	r.SetMaxOpenConns(4)
	return &Store{Store: sqlstore.New(w, r, dialect), r: r}, nil
}

func dsn(path string, q url.Values) string {
	return "file:" + (&url.URL{Path: path}).EscapedPath() + "?" + q.Encode()
}

// SchemaVersion returns the schema version of the open database.
func (s *Store) SchemaVersion(ctx context.Context) (int, error) {
	return sqlstore.SchemaVersion(ctx, s.r)
}

// Verify checks the database: SQLite's integrity check, then the
// content checks of sqlstore.Store.Verify.
func (s *Store) Verify(ctx context.Context) error {
	var res string
	if err := s.r.QueryRowContext(ctx, `PRAGMA integrity_check`).Scan(&res); err != nil {
		return fmt.Errorf("observe: verify: %w", err)
	}
	if res != "ok" {
		return fmt.Errorf("observe: verify: integrity_check: %s", res)
	}
	return s.Store.Verify(ctx)
}
