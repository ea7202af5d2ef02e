// Package postgres is the observation store for deployments that outgrow
// one file: several axtreed processes share one PostgreSQL database. It
// runs the same queries and transaction discipline as observe/sqlite
// (package sqlstore) through github.com/jackc/pgx/v5 (its database/sql
// driver), with migrations embedded in this package.
//
// Writers of one run serialize on a transaction-scoped advisory lock
// (pg_advisory_xact_lock on a hash of the run id), taken before the step
// the new one follows is read, so that servers posting to one run at once
// still make one chain; writers of different runs do not wait on each
// other (two runs whose hashes collide merely share a lock). Deadlocks and
// serialization failures are retried.
package postgres

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/stdlib"

	"github.com/axtree/axtree/observe/sqlstore"
)

//go:embed migrations/*.sql
var migrationFS embed.FS

var dialect = sqlstore.Dialect{
	Name:     "postgres",
	Numbered: true,
	Lock: func(ctx context.Context, tx *sql.Tx, key string) error {
		_, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, key)
		return err
	},
	Content: func(s string) any { return []byte(s) },
	Retry: func(err error) bool {
		var pe *pgconn.PgError
		return errors.As(err, &pe) && (pe.Code == "40P01" || pe.Code == "40001")
	},
}

// Store is the PostgreSQL store. Open it with Open.
type Store struct {
	*sqlstore.Store
	db *sql.DB
}

// Options tune Open.
type Options struct {
	// MaxConns bounds the connections to the database; default 16.
	MaxConns int
	// ReadOnly opens for reading only: no migration, no writes, and a
	// schema of another version is an error.
	ReadOnly bool
	// Schema, when set, keeps the store's tables in that PostgreSQL schema
	// (created if missing, unless ReadOnly), so that one database can hold
	// several stores; "" uses the connection's search_path.
	Schema string
}

// Migrations returns the embedded migrations.
func Migrations() ([]sqlstore.Migration, error) {
	return sqlstore.Migrations(migrationFS, "migrations")
}

// IsDSN reports whether s names a PostgreSQL database: a postgres:// or
// postgresql:// URL.
func IsDSN(s string) bool {
	return strings.HasPrefix(s, "postgres://") || strings.HasPrefix(s, "postgresql://")
}

// Open connects to the database dsn (a postgres:// URL, or any
// connection string pgx accepts; search_path=S selects a schema) and
// brings its schema up to date. Servers opening one database at once
// migrate it once (the migrations take an advisory lock).
func Open(ctx context.Context, dsn string, opts Options) (*Store, error) {
	cfg, err := pgconnConfig(dsn)
	if err != nil {
		return nil, err
	}
	ms, err := Migrations()
	if err != nil {
		return nil, err
	}
	if opts.Schema != "" {
		if cfg.RuntimeParams == nil {
			cfg.RuntimeParams = map[string]string{}
		}
		cfg.RuntimeParams["search_path"] = pgx.Identifier{opts.Schema}.Sanitize()
		if !opts.ReadOnly {
			if err := createSchema(ctx, cfg, opts.Schema); err != nil {
				return nil, err
			}
		}
	}
	db := stdlib.OpenDB(*cfg)
	n := opts.MaxConns
	if n <= 0 {
		n = 16
	}
	db.SetMaxOpenConns(n)
	db.SetMaxIdleConns(n)
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("observe: postgres: connect: %w", err)
	}
	if opts.ReadOnly {
		v, err := sqlstore.SchemaVersion(ctx, db)
		if err == nil && v != sqlstore.Latest(ms) {
			err = fmt.Errorf("schema version %d, this axtree reads version %d (start axtreed on it once to migrate it)", v, sqlstore.Latest(ms))
		}
		if err != nil {
			db.Close()
			return nil, fmt.Errorf("observe: postgres: %w", err)
		}
		return &Store{Store: sqlstore.New(nil, db, dialect), db: db}, nil
	}
	if err := sqlstore.Migrate(ctx, db, dialect, ms); err != nil {
		db.Close()
		return nil, err
	}
	return &Store{Store: sqlstore.New(db, db, dialect), db: db}, nil
}

// SchemaVersion returns the schema version of the database.
func (s *Store) SchemaVersion(ctx context.Context) (int, error) {
	return sqlstore.SchemaVersion(ctx, s.db)
}
