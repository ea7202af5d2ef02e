package observe

import (
	"context"
	"errors"
)

// ErrNotFound is returned (wrapped) when a store has no such observation,
// run or step.
var ErrNotFound = errors.New("not found")

// Store keeps observations and the steps of runs. Implementations are safe
// for concurrent use.
type Store interface {
	// Add stores o: its content under o.ID (once, whatever the number of
	// steps that reach it) and its step (o.Run, o.Previous, o.Action, o.URL,
	// o.Title, o.Site, o.Elements, o.Captured) in one transaction, so a
	// crash leaves either both or neither. It sets o.Seq to the step's
	// position in the run (one after the run's last step).
	Add(ctx context.Context, o *Observation) error
	// Get returns the observation with id: its content, and the metadata
	// of the first step that recorded it (Elements not loaded).
	Get(ctx context.Context, id string) (*Observation, error)
	// Step returns the last step of run whose observation is id, or the
	// run's last step when id is "", with Elements loaded and Text empty.
	Step(ctx context.Context, run, id string) (*Observation, error)
	// Run returns the steps of run in order, without Text, Links or
	// Elements.
	Run(ctx context.Context, run string) ([]*Observation, error)
	// Graph returns the state graph of the runs of site ("" for all runs).
	Graph(ctx context.Context, site string) (*Graph, error)
	// Close releases the store.
	Close() error
}
