package observe

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"

	jsonv2 "github.com/go-json-experiment/json"

	"github.com/axtree/axtree/links"
	"github.com/axtree/axtree/trajectory"
)

// This file holds the encodings every Store shares, so that SQLite and
// PostgreSQL keep the same bytes: element sets, actions, link records and
// trajectories split into rows.

// EncodeElements returns es as JSON rows [[id,canon,role,name,key],...].
func EncodeElements(es []Element) []byte {
	rows := make([][5]any, len(es))
	for i, e := range es {
		rows[i] = [5]any{e.ID, e.Canon, e.Role, e.Name, e.Key}
	}
	b, _ := json.Marshal(rows) // ints and strings always marshal
	return b
}

// ElementsID returns the id an element set is stored under: the first 128
// bits of the SHA-256 of its EncodeElements form, in hex.
func ElementsID(data []byte) string {
	h := sha256.New()
	h.Write([]byte("axtree/elements/v1\n"))
	h.Write(data)
	var sum [sha256.Size]byte
	return hex.EncodeToString(h.Sum(sum[:0])[:IDLen/2])
}

// DecodeElements reads EncodeElements' form.
func DecodeElements(b []byte) ([]Element, error) {
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

// EncodeAction returns the stored form of a: its JSON, or "" for nil.
func EncodeAction(a *Action) (string, error) {
	if a == nil {
		return "", nil
	}
	b, err := json.Marshal(a)
	return string(b), err
}

// DecodeAction reads EncodeAction's form.
func DecodeAction(s string) (*Action, error) {
	if s == "" {
		return nil, nil
	}
	a := &Action{}
	if err := json.Unmarshal([]byte(s), a); err != nil {
		return nil, fmt.Errorf("bad action: %w", err)
	}
	return a, nil
}

// DecodeLinks reads a link record's JSON.
func DecodeLinks(b []byte) (links.Record, error) {
	rec := links.Record{}
	if err := json.Unmarshal(b, &rec); err != nil {
		return nil, fmt.Errorf("bad link record: %w", err)
	}
	return rec, nil
}

// ContentRow is one content row of a store: a text and link record JSON
// under their ID.
type ContentRow struct {
	ID    string
	Text  string
	Links []byte
}

// CheckContent reports whether a row hashes to its id.
func (c ContentRow) CheckContent() error {
	rec, err := DecodeLinks(c.Links)
	if err != nil {
		return fmt.Errorf("observation %s: %w", c.ID, err)
	}
	if got := ID([]byte(c.Text), rec.AppendJSON(nil)); got != c.ID {
		return fmt.Errorf("observation %s hashes to %s", c.ID, got)
	}
	return nil
}

// TrajectoryRows is a trajectory split as stores keep it: the run's
// metadata (its JSON without observations and steps), the observations'
// content (under their ids, shared with the steps of runs) and
// references in order, and each step's JSON.
type TrajectoryRows struct {
	Meta         []byte
	Observations []TrajectoryObservation
	Steps        [][]byte
}

// TrajectoryObservation is one observation of a trajectory as stored: a
// reference to content plus the metadata the trajectory gives it.
type TrajectoryObservation struct {
	ID, URL, Title string
	Content        ContentRow // Text and Links of the observation
}

// SplitTrajectory splits run (valid) into rows.
func SplitTrajectory(run *trajectory.Run) (*TrajectoryRows, error) {
	full, err := jsonv2.Marshal(run)
	if err != nil {
		return nil, fmt.Errorf("observe: trajectory %s: %w", run.ID, err)
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(full, &fields); err != nil {
		return nil, fmt.Errorf("observe: trajectory %s: %w", run.ID, err)
	}
	delete(fields, "observations")
	delete(fields, "steps")
	mb, err := json.Marshal(fields) // keys sorted
	if err != nil {
		return nil, fmt.Errorf("observe: trajectory %s: %w", run.ID, err)
	}
	rows := &TrajectoryRows{Meta: mb}
	for _, o := range run.Observations {
		rec := o.Links
		if rec == nil {
			rec = links.Record{}
		}
		rows.Observations = append(rows.Observations, TrajectoryObservation{
			ID: o.ID, URL: CleanText(o.URL), Title: CleanText(o.Title),
			Content: ContentRow{ID: o.ID, Text: o.Text, Links: rec.AppendJSON(nil)},
		})
	}
	for i := range run.Steps {
		sb, err := jsonv2.Marshal(&run.Steps[i], jsonv2.Deterministic(true))
		if err != nil {
			return nil, fmt.Errorf("observe: trajectory %s step %d: %w", run.ID, i, err)
		}
		rows.Steps = append(rows.Steps, sb)
	}
	return rows, nil
}

// AssembleTrajectory is the inverse of SplitTrajectory. The result is in
// the trajectory package's normal form and is not validated again.
func AssembleTrajectory(rows *TrajectoryRows) (*trajectory.Run, error) {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(rows.Meta, &fields); err != nil || fields == nil {
		return nil, fmt.Errorf("observe: bad trajectory metadata: %v", err)
	}
	var b bytes.Buffer
	b.WriteByte('[')
	for i, o := range rows.Observations {
		if i > 0 {
			b.WriteByte(',')
		}
		v := struct {
			ID    string          `json:"id"`
			URL   string          `json:"url,omitempty"`
			Title string          `json:"title,omitempty"`
			Text  string          `json:"text"`
			Links json.RawMessage `json:"links,omitempty"`
		}{o.ID, o.URL, o.Title, o.Content.Text, o.Content.Links}
		ob, err := json.Marshal(v)
		if err != nil {
			return nil, fmt.Errorf("observe: trajectory observation %s: %w", o.ID, err)
		}
		b.Write(ob)
	}
	b.WriteByte(']')
	fields["observations"] = append(json.RawMessage(nil), b.Bytes()...)
	b.Reset()
	b.WriteByte('[')
	for i, s := range rows.Steps {
		if i > 0 {
			b.WriteByte(',')
		}
		b.Write(s)
	}
	b.WriteByte(']')
	fields["steps"] = append(json.RawMessage(nil), b.Bytes()...)
	doc, err := json.Marshal(fields)
	if err != nil {
		return nil, fmt.Errorf("observe: stored trajectory: %w", err)
	}
	run, err := trajectory.Unmarshal(doc, trajectory.Options{NoValidate: true, MaxBytes: -1})
	if err != nil {
		return nil, fmt.Errorf("observe: stored trajectory: %w", err)
	}
	return run, nil
}
