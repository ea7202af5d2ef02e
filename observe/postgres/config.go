package postgres

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// pgconnConfig parses dsn, naming the problem without echoing the DSN (it
// may hold a password).
func pgconnConfig(dsn string) (*pgx.ConnConfig, error) {
	cfg, err := pgx.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("observe: postgres: bad connection string: %w", err)
	}
	return cfg, nil
}

// createSchema creates schema unless it exists. Servers starting at once
// may race to create it; the loser's error is ignored.
func createSchema(ctx context.Context, cfg *pgx.ConnConfig, schema string) error {
	c := cfg.Copy()
	delete(c.RuntimeParams, "search_path")
	conn, err := pgx.ConnectConfig(ctx, c)
	if err != nil {
		return fmt.Errorf("observe: postgres: connect: %w", err)
	}
	defer conn.Close(ctx)
	_, err = conn.Exec(ctx, "CREATE SCHEMA IF NOT EXISTS "+pgx.Identifier{schema}.Sanitize())
	var pe *pgconn.PgError
	if err != nil && !(errors.As(err, &pe) && (pe.Code == "23505" || pe.Code == "42P06")) {
		return fmt.Errorf("observe: postgres: create schema %s: %w", schema, err)
	}
	return nil
}

// DropSchema drops schema and everything in it: for tests and benchmarks
// that made a store of their own in a shared database.
func DropSchema(ctx context.Context, dsn, schema string) error {
	cfg, err := pgconnConfig(dsn)
	if err != nil {
		return err
	}
	conn, err := pgx.ConnectConfig(ctx, cfg)
	if err != nil {
		return fmt.Errorf("observe: postgres: connect: %w", err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "DROP SCHEMA IF EXISTS "+pgx.Identifier{schema}.Sanitize()+" CASCADE"); err != nil {
		return fmt.Errorf("observe: postgres: drop schema %s: %w", schema, err)
	}
	return nil
}
