// Package sqlstore is the one implementation of observe.Store over
// database/sql that the SQLite and PostgreSQL stores share: the same
// tables, the same queries and the same transaction discipline, with a
// Dialect for what differs (placeholders, the write lock, the type of
// content columns). Open a store with observe/sqlite or observe/postgres;
// this package is for them.
//
// Every write is one transaction. Append takes the run's lock first
// (SQLite: the database's write lock, taken by BEGIN IMMEDIATE;
// PostgreSQL: a transaction-scoped advisory lock on the run), then reads
// the step the new one follows, calls the caller's build function, writes
// the content rows (in id order, so two writers never wait on each other
// in a cycle), the element set and the step, and commits only if the
// caller's context is still live. So the step number and the previous id
// are taken in the transaction that writes the step, and a request that
// ran out of time commits nothing.
package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/axtree/axtree/observe"
	"github.com/axtree/axtree/trajectory"
)

// Dialect says how a database differs.
type Dialect struct {
	// Name names the database in errors ("sqlite", "postgres").
	Name string
	// Numbered: placeholders are $1, $2, ... instead of ?.
	Numbered bool
	// Lock takes, inside tx, the write lock of key (a run or a
	// trajectory) until tx ends; nil when beginning a transaction already
	// locks (SQLite's BEGIN IMMEDIATE).
	Lock func(ctx context.Context, tx *sql.Tx, key string) error
	// Content converts a content text to the value the driver stores in
	// a content column (PostgreSQL's bytea takes []byte: text columns
	// refuse NUL); nil: the string itself.
	Content func(string) any
	// Retry reports whether a failed transaction may be retried (a
	// deadlock or serialization failure); nil: never.
	Retry func(error) bool
}

// Store is an observe.Store over a database. Build it with New.
type Store struct {
	w, r *sql.DB // writer and reader pools; w is nil for a read-only store
	d    Dialect
}

// New returns a Store that writes through w and reads through r (they may
// be the same pool); w nil makes it read-only. The schema must be up to
// date (see Migrate).
func New(w, r *sql.DB, d Dialect) *Store {
	return &Store{w: w, r: r, d: d}
}

// timeLayout is a fixed-width UTC time, so stored times sort as strings.
const timeLayout = "2006-01-02T15:04:05.000000000Z"

// ErrReadOnly is returned by writes to a read-only store.
var ErrReadOnly = errors.New("store is open read-only")

// maxRetries bounds the retries of a transaction the dialect says may be
// retried.
const maxRetries = 5

// The queries, written with ? placeholders.
const (
	stepCols      = `run, seq, shown, obs, prev_shown, prev, action, url, title, site, captured`
	qLastStep     = `SELECT ` + stepCols + `, elements, elements_id FROM steps WHERE run = ? ORDER BY seq DESC LIMIT 1`
	qStepOf       = `SELECT ` + stepCols + `, elements, elements_id FROM steps WHERE run = ? AND (shown = ? OR obs = ?) ORDER BY seq DESC LIMIT 1`
	qNextSeq      = `SELECT COALESCE(MAX(seq) + 1, 0) FROM steps WHERE run = ?`
	qHasContent   = `SELECT COUNT(*) FROM observations WHERE id = ?`
	qAddContent   = `INSERT INTO observations(id, text, links) VALUES (?, ?, ?) ON CONFLICT (id) DO NOTHING`
	qAddElements  = `INSERT INTO element_sets(id, data) VALUES (?, ?) ON CONFLICT (id) DO NOTHING`
	qHasElements  = `SELECT COUNT(*) FROM element_sets WHERE id = ?`
	qElements     = `SELECT data FROM element_sets WHERE id = ?`
	qAddStep      = `INSERT INTO steps(run, seq, obs, shown, prev, prev_shown, action, url, title, site, elements_id, captured) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
	qContent      = `SELECT text, links FROM observations WHERE id = ?`
	qFirstShown   = `SELECT ` + stepCols + ` FROM steps WHERE shown = ? ORDER BY captured, run, seq LIMIT 1`
	qFirstState   = `SELECT ` + stepCols + ` FROM steps WHERE obs = ? ORDER BY captured, run, seq LIMIT 1`
	qRun          = `SELECT ` + stepCols + ` FROM steps WHERE run = ? ORDER BY seq`
	qGraph        = `SELECT obs, prev, action, url, title FROM steps WHERE ? = '' OR site = ? ORDER BY run, seq`
	qHealth       = `INSERT INTO health(id, writes) VALUES (1, 1) ON CONFLICT (id) DO UPDATE SET writes = health.writes + 1`
	qHasTraj      = `SELECT COUNT(*) FROM trajectories WHERE id = ?`
	qAddTraj      = `INSERT INTO trajectories(id, meta, site) VALUES (?, ?, ?)`
	qSetTrajMeta  = `UPDATE trajectories SET meta = ?, site = ? WHERE id = ?`
	qGraphTraj    = `SELECT id FROM trajectories t WHERE (? = '' OR site = ?) AND NOT EXISTS (SELECT 1 FROM steps s WHERE s.run = t.id) ORDER BY id`
	qTrajMeta     = `SELECT meta FROM trajectories WHERE id = ?`
	qAddTrajObs   = `INSERT INTO trajectory_observations(traj, idx, obs, url, title) VALUES (?, ?, ?, ?, ?)`
	qTrajObs      = `SELECT t.obs, t.url, t.title, o.text, o.links FROM trajectory_observations t JOIN observations o ON o.id = t.obs WHERE t.traj = ? ORDER BY t.idx`
	qTrajObsIDs   = `SELECT obs, url, title, '', '' FROM trajectory_observations WHERE traj = ? ORDER BY idx`
	qAddTrajStep  = `INSERT INTO trajectory_steps(traj, idx, doc) VALUES (?, ?, ?)`
	qTrajSteps    = `SELECT doc FROM trajectory_steps WHERE traj = ? ORDER BY idx`
	qCountContent = `SELECT COUNT(*) FROM observations`
	qCountSteps   = `SELECT COUNT(*) FROM steps`
	qCountSets    = `SELECT COUNT(*) FROM element_sets`
	qCountTraj    = `SELECT COUNT(*) FROM trajectories`
)

// sql returns query in the dialect's placeholders.
func (s *Store) sql(query string) string {
	if !s.d.Numbered {
		return query
	}
	var b strings.Builder
	n := 0
	for i := 0; i < len(query); i++ {
		if query[i] == '?' {
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
			continue
		}
		b.WriteByte(query[i])
	}
	return b.String()
}

func (s *Store) content(text string) any {
	if s.d.Content != nil {
		return s.d.Content(text)
	}
	return text
}

// queryer is what *sql.DB and *sql.Tx share.
type queryer interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

func (s *Store) row(ctx context.Context, q queryer, query string, args ...any) *sql.Row {
	return q.QueryRowContext(ctx, s.sql(query), args...)
}

func (s *Store) rows(ctx context.Context, q queryer, query string, args ...any) (*sql.Rows, error) {
	return q.QueryContext(ctx, s.sql(query), args...)
}

func (s *Store) exec(ctx context.Context, q queryer, query string, args ...any) error {
	_, err := q.ExecContext(ctx, s.sql(query), args...)
	return err
}

// write runs fn in a transaction locked on key, commits it if ctx is still
// live, and retries it when the dialect says the failure may be retried.
func (s *Store) write(ctx context.Context, key string, fn func(tx *sql.Tx) error) error {
	if s.w == nil {
		return ErrReadOnly
	}
	for attempt := 0; ; attempt++ {
		err := s.writeOnce(ctx, key, fn)
		if err == nil || s.d.Retry == nil || !s.d.Retry(err) || attempt >= maxRetries || ctx.Err() != nil {
			return err
		}
	}
}

func (s *Store) writeOnce(ctx context.Context, key string, fn func(tx *sql.Tx) error) error {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if s.d.Lock != nil && key != "" {
		if err := s.d.Lock(ctx, tx, key); err != nil {
			return err
		}
	}
	if err := fn(tx); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err // out of time: nothing is committed
	}
	return tx.Commit()
}

// Append implements observe.Store.
func (s *Store) Append(ctx context.Context, run, previous string, build observe.BuildFunc) (*observe.Observation, error) {
	if !observe.ValidRun(run) {
		return nil, fmt.Errorf("observe: add: %w %q", observe.ErrBadRun, run)
	}
	if previous != "" && !observe.ValidID(previous) {
		return nil, fmt.Errorf("observe: previous observation %q: %w", previous, observe.ErrNotFound)
	}
	var out *observe.Observation
	err := s.write(ctx, "run:"+run, func(tx *sql.Tx) error {
		prev, err := s.step(ctx, tx, run, previous)
		switch {
		case errors.Is(err, observe.ErrNotFound) && previous == "":
			prev = nil
		case err != nil:
			return err
		}
		o, err := build(prev)
		if err != nil {
			return err
		}
		if err := checkNew(o); err != nil {
			return err
		}
		c := *o
		c.Run = run
		c.Previous, c.PreviousState = "", ""
		if prev != nil {
			c.Previous, c.PreviousState = prev.ID, prev.State
		}
		if err := s.row(ctx, tx, qNextSeq, run).Scan(&c.Seq); err != nil {
			return err
		}
		contents := []observe.ContentRow{{ID: c.ID, Text: c.Text, Links: c.Links.AppendJSON(nil)}}
		if c.Canonical != nil {
			contents = append(contents, observe.ContentRow{ID: c.State, Text: c.Canonical.Text, Links: c.Canonical.Links.AppendJSON(nil)})
		}
		if err := s.addContents(ctx, tx, contents); err != nil {
			return err
		}
		data := observe.EncodeElements(c.Elements)
		eid := observe.ElementsID(data)
		var have int
		if err := s.row(ctx, tx, qHasElements, eid).Scan(&have); err != nil {
			return err
		}
		if have == 0 {
			if err := s.exec(ctx, tx, qAddElements, eid, string(data)); err != nil {
				return err
			}
		}
		act, err := observe.EncodeAction(c.Action)
		if err != nil {
			return err
		}
		if err := s.exec(ctx, tx, qAddStep, run, c.Seq, c.State, c.ID, c.PreviousState, c.Previous, act,
			c.URL, c.Title, c.Site, eid, c.Captured.UTC().Format(timeLayout)); err != nil {
			return err
		}
		out = &c
		return nil
	})
	if err != nil {
		if errors.Is(err, observe.ErrNotFound) || errors.Is(err, observe.ErrRunExists) || errors.Is(err, observe.ErrBadAction) || errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
			return nil, err
		}
		return nil, fmt.Errorf("observe: %s: add: %w", s.d.Name, err)
	}
	return out, nil
}

// checkNew checks what build returned before it is stored: ids of the
// right shape that hash the content they name.
func checkNew(o *observe.Observation) error {
	if o == nil || !observe.ValidID(o.ID) || !observe.ValidID(o.State) {
		return errors.New("observe: add: observation without valid ids")
	}
	if observe.ID([]byte(o.Text), o.Links.AppendJSON(nil)) != o.ID {
		return fmt.Errorf("observe: add: text and links do not hash to id %s", o.ID)
	}
	switch {
	case o.Canonical == nil && o.State != o.ID:
		return fmt.Errorf("observe: add: state %s differs from id %s without canonical content", o.State, o.ID)
	case o.Canonical != nil && o.Canonical.ContentID() != o.State:
		return fmt.Errorf("observe: add: canonical content does not hash to state %s", o.State)
	}
	return nil
}

// addContents stores the content rows that are not stored yet, in id
// order.
func (s *Store) addContents(ctx context.Context, tx *sql.Tx, rows []observe.ContentRow) error {
	slices.SortFunc(rows, func(a, b observe.ContentRow) int { return strings.Compare(a.ID, b.ID) })
	for i, c := range rows {
		if i > 0 && rows[i-1].ID == c.ID {
			continue
		}
		var have int
		if err := s.row(ctx, tx, qHasContent, c.ID).Scan(&have); err != nil {
			return err
		}
		if have > 0 {
			continue
		}
		if err := s.exec(ctx, tx, qAddContent, c.ID, s.content(c.Text), s.content(string(c.Links))); err != nil {
			return err
		}
	}
	return nil
}

// scanStep reads the columns of stepCols, then extra.
func scanStep(sc interface{ Scan(...any) error }, extra ...any) (*observe.Observation, error) {
	o := &observe.Observation{}
	var act, captured string
	dst := append([]any{&o.Run, &o.Seq, &o.ID, &o.State, &o.Previous, &o.PreviousState, &act, &o.URL, &o.Title, &o.Site, &captured}, extra...)
	if err := sc.Scan(dst...); err != nil {
		return nil, err
	}
	var err error
	if o.Action, err = observe.DecodeAction(act); err != nil {
		return nil, fmt.Errorf("observe: step %s/%d: %w", o.Run, o.Seq, err)
	}
	if t, err := time.Parse(timeLayout, captured); err == nil {
		o.Captured = t
	}
	return o, nil
}

// step reads the step of run that a new step after previous follows, with
// its elements.
func (s *Store) step(ctx context.Context, q queryer, run, previous string) (*observe.Observation, error) {
	var row *sql.Row
	if previous == "" {
		row = s.row(ctx, q, qLastStep, run)
	} else {
		row = s.row(ctx, q, qStepOf, run, previous, previous)
	}
	var inline, eid string
	o, err := scanStep(row, &inline, &eid)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("observe: step %q of run %q: %w", previous, run, observe.ErrNotFound)
	}
	if err != nil {
		return nil, err
	}
	data := []byte(inline)
	if eid != "" {
		var b []byte
		if err := s.row(ctx, q, qElements, eid).Scan(&b); err != nil {
			return nil, fmt.Errorf("observe: step %s/%d: elements %s: %w", o.Run, o.Seq, eid, err)
		}
		data = b
	}
	if o.Elements, err = observe.DecodeElements(data); err != nil {
		return nil, fmt.Errorf("observe: step %s/%d: %w", o.Run, o.Seq, err)
	}
	return o, nil
}

// Step implements observe.Store.
func (s *Store) Step(ctx context.Context, run, id string) (*observe.Observation, error) {
	return s.step(ctx, s.r, run, id)
}

// Get implements observe.Store.
func (s *Store) Get(ctx context.Context, id string) (*observe.Observation, error) {
	if !observe.ValidID(id) {
		return nil, fmt.Errorf("observe: observation %q: %w", id, observe.ErrNotFound)
	}
	var text string
	var lj []byte
	err := s.row(ctx, s.r, qContent, id).Scan(&text, &lj)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("observe: observation %s: %w", id, observe.ErrNotFound)
	}
	if err != nil {
		return nil, err
	}
	o, err := scanStep(s.row(ctx, s.r, qFirstShown, id))
	if errors.Is(err, sql.ErrNoRows) {
		o, err = scanStep(s.row(ctx, s.r, qFirstState, id))
	}
	if errors.Is(err, sql.ErrNoRows) {
		o, err = &observe.Observation{State: id}, nil
	}
	if err != nil {
		return nil, err
	}
	o.ID = id
	o.Text = text
	if o.Links, err = observe.DecodeLinks(lj); err != nil {
		return nil, fmt.Errorf("observe: observation %s: %w", id, err)
	}
	return o, nil
}

// Run implements observe.Store.
func (s *Store) Run(ctx context.Context, run string) ([]*observe.Observation, error) {
	rows, err := s.rows(ctx, s.r, qRun, run)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []*observe.Observation
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
		return nil, fmt.Errorf("observe: run %q: %w", run, observe.ErrNotFound)
	}
	return out, nil
}

// Graph implements observe.Store.
func (s *Store) Graph(ctx context.Context, site string) (*observe.Graph, error) {
	rows, err := s.rows(ctx, s.r, qGraph, site, site)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	g := observe.NewGraph()
	for rows.Next() {
		o := &observe.Observation{}
		var act string
		if err := rows.Scan(&o.ID, &o.Previous, &act, &o.URL, &o.Title); err != nil {
			return nil, err
		}
		if o.Action, err = observe.DecodeAction(act); err != nil {
			return nil, err
		}
		g.Add(o)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if err := rows.Close(); err != nil {
		return nil, err
	}
	// Then the site's trajectories, in id order: their observations are
	// nodes under the ids the agent was shown (a step's id, equal to its
	// State when the step renumbered nothing), their edges the actions
	// that succeeded (observe.Graph.AddRun). A trajectory whose id names
	// a run of steps is the record of that run, whose steps are counted
	// already: it is not counted twice.
	ids, err := s.rows(ctx, s.r, qGraphTraj, site, site)
	if err != nil {
		return nil, err
	}
	var trajs []string
	for ids.Next() {
		var id string
		if err := ids.Scan(&id); err != nil {
			ids.Close()
			return nil, err
		}
		trajs = append(trajs, id)
	}
	if err := ids.Close(); err != nil {
		return nil, err
	}
	if err := ids.Err(); err != nil {
		return nil, err
	}
	for _, id := range trajs {
		run, err := s.trajectory(ctx, s.r, id, false)
		if err != nil {
			return nil, s.trajErr(id, err)
		}
		g.AddRun(run)
	}
	return g, nil
}

// Health implements observe.Store: it commits one small write (a read
// when the store is read-only).
func (s *Store) Health(ctx context.Context) error {
	if s.w == nil {
		var n int
		if err := s.row(ctx, s.r, qCountTraj).Scan(&n); err != nil {
			return fmt.Errorf("observe: %s: health: %w", s.d.Name, err)
		}
		return nil
	}
	err := s.write(ctx, "", func(tx *sql.Tx) error { return s.exec(ctx, tx, qHealth) })
	if err != nil {
		return fmt.Errorf("observe: %s: health: %w", s.d.Name, err)
	}
	return nil
}

// Close closes both pools.
func (s *Store) Close() error {
	var err error
	if s.w != nil {
		err = s.w.Close()
	}
	if s.r != nil && s.r != s.w {
		if e := s.r.Close(); err == nil {
			err = e
		}
	}
	return err
}

// Stats counts what a store holds.
type Stats struct {
	Contents     int // content rows (observation texts, by id)
	Steps        int // steps of runs
	ElementSets  int // distinct element numberings
	Trajectories int
}

// Stats counts the rows of the store's tables (a full count: for tests
// and tools, not for requests).
func (s *Store) Stats(ctx context.Context) (Stats, error) {
	var st Stats
	for _, c := range []struct {
		q string
		n *int
	}{{qCountContent, &st.Contents}, {qCountSteps, &st.Steps}, {qCountSets, &st.ElementSets}, {qCountTraj, &st.Trajectories}} {
		if err := s.row(ctx, s.r, c.q).Scan(c.n); err != nil {
			return st, err
		}
	}
	return st, nil
}

// Verify checks the store's content: every step names stored content and
// a stored element set, every content row hashes to its id, every element
// set to its id, and every trajectory reads back and validates. It reads
// everything; use it after a crash or in tests, not per request.
func (s *Store) Verify(ctx context.Context) error {
	for _, q := range []struct{ what, q string }{
		{"steps naming missing content", `SELECT COUNT(*) FROM steps WHERE shown NOT IN (SELECT id FROM observations) OR obs NOT IN (SELECT id FROM observations)`},
		{"steps naming missing element sets", `SELECT COUNT(*) FROM steps WHERE elements_id <> '' AND elements_id NOT IN (SELECT id FROM element_sets)`},
		{"steps whose previous is no step of the run", `SELECT COUNT(*) FROM steps s WHERE s.prev_shown <> '' AND NOT EXISTS (SELECT 1 FROM steps p WHERE p.run = s.run AND p.seq < s.seq AND p.shown = s.prev_shown)`},
	} {
		var n int
		if err := s.row(ctx, s.r, q.q).Scan(&n); err != nil {
			return fmt.Errorf("observe: verify: %w", err)
		}
		if n > 0 {
			return fmt.Errorf("observe: verify: %d %s", n, q.what)
		}
	}
	rows, err := s.rows(ctx, s.r, `SELECT id, text, links FROM observations`)
	if err != nil {
		return fmt.Errorf("observe: verify: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var c observe.ContentRow
		if err := rows.Scan(&c.ID, &c.Text, &c.Links); err != nil {
			return fmt.Errorf("observe: verify: %w", err)
		}
		if err := c.CheckContent(); err != nil {
			return fmt.Errorf("observe: verify: %w", err)
		}
	}
	if err := rows.Err(); err != nil {
		return err
	}
	sets, err := s.rows(ctx, s.r, `SELECT id, data FROM element_sets`)
	if err != nil {
		return fmt.Errorf("observe: verify: %w", err)
	}
	defer sets.Close()
	for sets.Next() {
		var id string
		var data []byte
		if err := sets.Scan(&id, &data); err != nil {
			return fmt.Errorf("observe: verify: %w", err)
		}
		if got := observe.ElementsID(data); got != id {
			return fmt.Errorf("observe: verify: element set %s hashes to %s", id, got)
		}
		if _, err := observe.DecodeElements(data); err != nil {
			return fmt.Errorf("observe: verify: element set %s: %w", id, err)
		}
	}
	if err := sets.Err(); err != nil {
		return err
	}
	ids, err := s.rows(ctx, s.r, `SELECT id FROM trajectories ORDER BY id`)
	if err != nil {
		return fmt.Errorf("observe: verify: %w", err)
	}
	var trajs []string
	for ids.Next() {
		var id string
		if err := ids.Scan(&id); err != nil {
			ids.Close()
			return err
		}
		trajs = append(trajs, id)
	}
	ids.Close()
	for _, id := range trajs {
		run, err := s.Trajectory(ctx, id)
		if err != nil {
			return fmt.Errorf("observe: verify: %w", err)
		}
		if err := trajectory.Validate(run); err != nil {
			return fmt.Errorf("observe: verify: trajectory %s: %w", id, err)
		}
	}
	return nil
}

// Migration is one schema migration: its number and SQL.
type Migration struct {
	Version int
	Name    string
	SQL     string
}

// Migrations reads dir/NNN_name.sql files from fsys, in number order.
func Migrations(fsys fs.FS, dir string) ([]Migration, error) {
	names, err := fs.Glob(fsys, dir+"/*.sql")
	if err != nil {
		return nil, err
	}
	var out []Migration
	for _, name := range names {
		base := strings.TrimPrefix(name, dir+"/")
		num, _, _ := strings.Cut(base, "_")
		v, err := strconv.Atoi(num)
		if err != nil {
			return nil, fmt.Errorf("observe: migration %s: name must start with a number", base)
		}
		body, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, err
		}
		out = append(out, Migration{Version: v, Name: base, SQL: string(body)})
	}
	slices.SortFunc(out, func(a, b Migration) int { return a.Version - b.Version })
	return out, nil
}

// Latest returns the highest version of ms (0 for none).
func Latest(ms []Migration) int {
	if len(ms) == 0 {
		return 0
	}
	return ms[len(ms)-1].Version
}

// Migrate brings db's schema up to date with ms: each migration above the
// recorded schema_version runs in its own transaction, which also records
// it. lock, when set, is taken first in each transaction, so that servers
// starting at once on one database migrate it once.
func Migrate(ctx context.Context, db *sql.DB, d Dialect, ms []Migration) error {
	s := &Store{d: d}
	const create = `CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL PRIMARY KEY, applied TEXT NOT NULL)`
	for _, m := range ms {
		err := func() error {
			tx, err := db.BeginTx(ctx, nil)
			if err != nil {
				return err
			}
			defer tx.Rollback()
			if d.Lock != nil {
				if err := d.Lock(ctx, tx, "migrate"); err != nil {
					return err
				}
			}
			if _, err := tx.ExecContext(ctx, create); err != nil {
				return err
			}
			var cur int
			if err := s.row(ctx, tx, `SELECT COALESCE(MAX(version), 0) FROM schema_version`).Scan(&cur); err != nil {
				return err
			}
			if m.Version <= cur {
				return nil
			}
			if _, err := tx.ExecContext(ctx, m.SQL); err != nil {
				return err
			}
			if err := s.exec(ctx, tx, `INSERT INTO schema_version(version, applied) VALUES (?, ?)`, m.Version, m.Name); err != nil {
				return err
			}
			return tx.Commit()
		}()
		if err != nil {
			return fmt.Errorf("observe: %s: migration %s: %w", d.Name, m.Name, err)
		}
	}
	return nil
}

// SchemaVersion returns the schema version recorded in db (0 for none).
func SchemaVersion(ctx context.Context, db *sql.DB) (int, error) {
	var v int
	err := db.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_version`).Scan(&v)
	return v, err
}
