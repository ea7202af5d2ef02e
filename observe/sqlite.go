package observe

import (
	"context"
	"database/sql"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"time"

	_ "modernc.org/sqlite" // pure-Go SQLite driver "sqlite"

	"github.com/axtree/axtree/links"
)

//go:embed migrations/*.sql
var migrations embed.FS

// timeLayout is a fixed-width UTC time, so stored times sort as strings.
const timeLayout = "2006-01-02T15:04:05.000000000Z"

// SQLite is the default Store: one SQLite file in WAL mode, written through
// a single connection (SQLite has one writer at a time anyway) and read
// through a small pool. Open it with OpenSQLite.
type SQLite struct {
	w, r *sql.DB
}

// OpenSQLite opens (creating if needed) the SQLite store at path and brings
// its schema up to date with the embedded migrations. The journal is WAL
// with synchronous=FULL: a commit that returned is on disk.
func OpenSQLite(path string) (*SQLite, error) {
	if path == "" {
		return nil, errors.New("observe: empty database path")
	}
	q := url.Values{}
	for _, p := range []string{"busy_timeout(10000)", "journal_mode(WAL)", "synchronous(FULL)", "foreign_keys(1)"} {
		q.Add("_pragma", p)
	}
	q.Set("_txlock", "immediate")
	dsn := "file:" + (&url.URL{Path: path}).EscapedPath() + "?" + q.Encode()
	w, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("observe: open %s: %w", path, err)
	}
	w.SetMaxOpenConns(1)
	s := &SQLite{w: w}
	if err := s.migrate(context.Background()); err != nil {
		w.Close()
		return nil, err
	}
	r, err := sql.Open("sqlite", dsn)
	if err != nil {
		w.Close()
		return nil, fmt.Errorf("observe: open %s: %w", path, err)
	}
	r.SetMaxOpenConns(4)
	s.r = r
	return s, nil
}

// Close closes the database.
func (s *SQLite) Close() error {
	err := s.w.Close()
	if s.r != nil {
		if e := s.r.Close(); err == nil {
			err = e
		}
	}
	return err
}

// SchemaVersion returns the schema version of the open database.
func (s *SQLite) SchemaVersion(ctx context.Context) (int, error) {
	var v int
	err := s.r.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_version`).Scan(&v)
	return v, err
}

// migrate applies the embedded migrations/NNN_*.sql files whose number is
// above the database's schema_version, each in its own transaction.
func (s *SQLite) migrate(ctx context.Context) error {
	if _, err := s.w.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL PRIMARY KEY, applied TEXT NOT NULL)`); err != nil {
		return fmt.Errorf("observe: migrate: %w", err)
	}
	names, err := fs.Glob(migrations, "migrations/*.sql")
	if err != nil {
		return err
	}
	sort.Strings(names)
	var cur int
	if err := s.w.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_version`).Scan(&cur); err != nil {
		return fmt.Errorf("observe: migrate: %w", err)
	}
	for _, name := range names {
		base := strings.TrimPrefix(name, "migrations/")
		num, _, _ := strings.Cut(base, "_")
		v, err := strconv.Atoi(num)
		if err != nil {
			return fmt.Errorf("observe: migration %s: name must start with a number", base)
		}
		if v <= cur {
			continue
		}
		body, err := migrations.ReadFile(name)
		if err != nil {
			return err
		}
		tx, err := s.w.BeginTx(ctx, nil)
		if err != nil {
			return fmt.Errorf("observe: migration %s: %w", base, err)
		}
		if _, err := tx.ExecContext(ctx, string(body)); err != nil {
			tx.Rollback()
			return fmt.Errorf("observe: migration %s: %w", base, err)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO schema_version(version, applied) VALUES (?, ?)`, v, base); err != nil {
			tx.Rollback()
			return fmt.Errorf("observe: migration %s: %w", base, err)
		}
		if err := tx.Commit(); err != nil {
			return fmt.Errorf("observe: migration %s: %w", base, err)
		}
		cur = v
	}
	return nil
}

// Add implements Store.
func (s *SQLite) Add(ctx context.Context, o *Observation) error {
	if o == nil || !ValidID(o.ID) {
		return errors.New("observe: add: observation without a valid id")
	}
	if !ValidRun(o.Run) {
		return fmt.Errorf("observe: add: %w %q", ErrBadRun, o.Run)
	}
	act := ""
	if o.Action != nil {
		b, err := json.Marshal(o.Action)
		if err != nil {
			return err
		}
		act = string(b)
	}
	lj := string(o.Links.AppendJSON(nil))
	el := string(encodeElements(o.Elements))
	captured := o.Captured.UTC().Format(timeLayout)

	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("observe: add: %w", err)
	}
	defer tx.Rollback()
	if o.Previous != "" {
		var one int
		err := tx.QueryRowContext(ctx, `SELECT 1 FROM steps WHERE run = ? AND obs = ? LIMIT 1`, o.Run, o.Previous).Scan(&one)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("observe: add: previous observation %s in run %s: %w", o.Previous, o.Run, ErrNotFound)
		}
		if err != nil {
			return fmt.Errorf("observe: add: %w", err)
		}
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO observations(id, text, links) VALUES (?, ?, ?) ON CONFLICT(id) DO NOTHING`, o.ID, o.Text, lj); err != nil {
		return fmt.Errorf("observe: add: %w", err)
	}
	var seq int
	if err := tx.QueryRowContext(ctx, `SELECT COALESCE(MAX(seq) + 1, 0) FROM steps WHERE run = ?`, o.Run).Scan(&seq); err != nil {
		return fmt.Errorf("observe: add: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO steps(run, seq, obs, prev, action, url, title, site, elements, captured) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		o.Run, seq, o.ID, o.Previous, act, o.URL, o.Title, o.Site, el, captured); err != nil {
		return fmt.Errorf("observe: add: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("observe: add: commit: %w", err)
	}
	o.Seq = seq
	return nil
}

const stepCols = `run, seq, obs, prev, action, url, title, site, captured`

func scanStep(sc interface{ Scan(...any) error }, extra ...any) (*Observation, error) {
	o := &Observation{}
	var act, captured string
	dst := append([]any{&o.Run, &o.Seq, &o.ID, &o.Previous, &act, &o.URL, &o.Title, &o.Site, &captured}, extra...)
	if err := sc.Scan(dst...); err != nil {
		return nil, err
	}
	if act != "" {
		o.Action = &Action{}
		if err := json.Unmarshal([]byte(act), o.Action); err != nil {
			return nil, fmt.Errorf("observe: step %s/%d: bad action: %w", o.Run, o.Seq, err)
		}
	}
	if t, err := time.Parse(timeLayout, captured); err == nil {
		o.Captured = t
	}
	return o, nil
}

// Get implements Store.
func (s *SQLite) Get(ctx context.Context, id string) (*Observation, error) {
	if !ValidID(id) {
		return nil, fmt.Errorf("observe: observation %q: %w", id, ErrNotFound)
	}
	var text, lj string
	err := s.r.QueryRowContext(ctx, `SELECT text, links FROM observations WHERE id = ?`, id).Scan(&text, &lj)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("observe: observation %s: %w", id, ErrNotFound)
	}
	if err != nil {
		return nil, err
	}
	o, err := scanStep(s.r.QueryRowContext(ctx, `SELECT `+stepCols+` FROM steps WHERE obs = ? ORDER BY captured, run, seq LIMIT 1`, id))
	if errors.Is(err, sql.ErrNoRows) {
		o, err = &Observation{ID: id}, nil
	}
	if err != nil {
		return nil, err
	}
	o.Text = text
	o.Links = links.Record{}
	if err := json.Unmarshal([]byte(lj), &o.Links); err != nil {
		return nil, fmt.Errorf("observe: observation %s: bad link record: %w", id, err)
	}
	return o, nil
}

// Step implements Store.
func (s *SQLite) Step(ctx context.Context, run, id string) (*Observation, error) {
	var row *sql.Row
	if id == "" {
		row = s.r.QueryRowContext(ctx, `SELECT `+stepCols+`, elements FROM steps WHERE run = ? ORDER BY seq DESC LIMIT 1`, run)
	} else {
		row = s.r.QueryRowContext(ctx, `SELECT `+stepCols+`, elements FROM steps WHERE run = ? AND obs = ? ORDER BY seq DESC LIMIT 1`, run, id)
	}
	var el string
	o, err := scanStep(row, &el)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("observe: step %q of run %q: %w", id, run, ErrNotFound)
	}
	if err != nil {
		return nil, err
	}
	if o.Elements, err = decodeElements([]byte(el)); err != nil {
		return nil, fmt.Errorf("observe: step %s/%d: %w", o.Run, o.Seq, err)
	}
	return o, nil
}

// Run implements Store.
func (s *SQLite) Run(ctx context.Context, run string) ([]*Observation, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT `+stepCols+` FROM steps WHERE run = ? ORDER BY seq`, run)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []*Observation
	for rows.Next() {
		o, err := scanStep(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, o)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("observe: run %q: %w", run, ErrNotFound)
	}
	return out, nil
}

// Graph implements Store.
func (s *SQLite) Graph(ctx context.Context, site string) (*Graph, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT `+stepCols+` FROM steps WHERE ? = '' OR site = ? ORDER BY run, seq`, site, site)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	g := NewGraph()
	for rows.Next() {
		o, err := scanStep(rows)
		if err != nil {
			return nil, err
		}
		g.Add(o)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	return g, nil
}

// encodeElements writes elements as [[id,canon,role,name,key],...].
func encodeElements(es []Element) []byte {
	rows := make([][5]any, len(es))
	for i, e := range es {
		rows[i] = [5]any{e.ID, e.Canon, e.Role, e.Name, e.Key}
	}
	b, _ := json.Marshal(rows) // ints and strings always marshal
	return b
}

func decodeElements(b []byte) ([]Element, error) {
	var rows [][]json.RawMessage
	if err := json.Unmarshal(b, &rows); err != nil {
		return nil, fmt.Errorf("bad elements: %w", err)
	}
	out := make([]Element, len(rows))
	for i, r := range rows {
		if len(r) != 5 {
			return nil, fmt.Errorf("bad elements: row %d has %d fields", i, len(r))
		}
		e := &out[i]
		for k, dst := range []any{&e.ID, &e.Canon, &e.Role, &e.Name, &e.Key} {
			if err := json.Unmarshal(r[k], dst); err != nil {
				return nil, fmt.Errorf("bad elements: row %d: %w", i, err)
			}
		}
	}
	return out, nil
}

// Verify checks the database: SQLite's integrity and foreign-key checks,
// every step pointing at a stored observation, and every observation's
// content hashing to its id. It reads everything; use it after a crash or
// in tests, not per request.
func (s *SQLite) Verify(ctx context.Context) error {
	var res string
	if err := s.r.QueryRowContext(ctx, `PRAGMA integrity_check`).Scan(&res); err != nil {
		return fmt.Errorf("observe: verify: %w", err)
	}
	if res != "ok" {
		return fmt.Errorf("observe: verify: integrity_check: %s", res)
	}
	var orphans int
	if err := s.r.QueryRowContext(ctx, `SELECT COUNT(*) FROM steps LEFT JOIN observations o ON o.id = steps.obs WHERE o.id IS NULL`).Scan(&orphans); err != nil {
		return fmt.Errorf("observe: verify: %w", err)
	}
	if orphans > 0 {
		return fmt.Errorf("observe: verify: %d steps point at missing observations", orphans)
	}
	rows, err := s.r.QueryContext(ctx, `SELECT id, text, links FROM observations`)
	if err != nil {
		return fmt.Errorf("observe: verify: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id, text, lj string
		if err := rows.Scan(&id, &text, &lj); err != nil {
			return fmt.Errorf("observe: verify: %w", err)
		}
		var rec links.Record
		if err := json.Unmarshal([]byte(lj), &rec); err != nil {
			return fmt.Errorf("observe: verify: observation %s: bad link record: %w", id, err)
		}
		if got := ID([]byte(text), rec.AppendJSON(nil)); got != id {
			return fmt.Errorf("observe: verify: observation %s hashes to %s", id, got)
		}
	}
	return rows.Err()
}
