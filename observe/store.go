package observe

import (
	"context"
	"errors"
	"time"

	"github.com/axtree/axtree/trajectory"
)

// Errors a Store returns (wrapped).
var (
	// ErrNotFound: the store has no such observation, run, step or
	// trajectory.
	ErrNotFound = errors.New("not found")
	// ErrExists: a trajectory with that id is stored already.
	ErrExists = errors.New("already exists")
	// ErrRunExists: a step that must start a run (Input.Start) found the
	// run already started.
	ErrRunExists = errors.New("run already has steps")
)

// BuildFunc makes the observation of the step that follows prev (nil when
// the run has no step to follow). A Store calls it inside the write
// transaction, under the run's lock, so prev is the step the new one
// really follows; it may be called at most once per Append, and its error
// aborts the Append with nothing stored.
type BuildFunc func(prev *Observation) (*Observation, error)

// Store keeps observations, the steps of runs and trajectories.
// Implementations are safe for concurrent use, by many goroutines and, for
// a shared database, by many processes.
type Store interface {
	// Append adds a step to run in one transaction, so a crash or an error
	// leaves either all of it or nothing. Under the run's lock it finds
	// the step the new one follows (the last step of run whose observation
	// is previous, by ID or State; the run's last step when previous is
	// ""; none when the run has no steps and previous is ""), loads its
	// Elements and calls build with it. It stores the observation build
	// returns: its content under ID (once, whatever the number of steps
	// that reach it), its Canonical content under State, its elements
	// (once per distinct set) and the step, with Run, Seq (one after the
	// run's last step), Previous and PreviousState set by Append. A
	// previous that is no step of run gives ErrNotFound. When ctx is done
	// before the commit, nothing is stored.
	Append(ctx context.Context, run, previous string, build BuildFunc) (*Observation, error)
	// Get returns the observation stored under id (an ID or a State): its
	// content, and the metadata of the first step that recorded it
	// (Elements not loaded).
	Get(ctx context.Context, id string) (*Observation, error)
	// Step returns the last step of run whose observation is id (by ID or
	// State), or the run's last step when id is "", with Elements loaded
	// and Text empty.
	Step(ctx context.Context, run, id string) (*Observation, error)
	// Run returns the steps of run in order, without Text, Links or
	// Elements.
	Run(ctx context.Context, run string) ([]*Observation, error)
	// Graph returns the state graph of the runs and trajectories of site
	// ("" for all): nodes are the steps' States and the trajectories'
	// observations, edges the steps' actions and the trajectories' edges
	// (Graph.AddRun). A trajectory whose id is also a run's is counted
	// once, through the run's steps.
	Graph(ctx context.Context, site string) (*Graph, error)

	// CreateTrajectory stores a new trajectory, which must Validate (a run
	// in progress has no outcome yet). Its observations' text and links go
	// to the same content the steps of runs use, under the same ids.
	// ErrExists when the id is taken.
	CreateTrajectory(ctx context.Context, run *trajectory.Run) error
	// AppendTrajectory adds to the stored trajectory id, in one
	// transaction under the trajectory's lock: the new observations and
	// steps of add, and its outcome when it ends the run. The result must
	// Validate, else nothing changes and the error is a *trajectory.Error
	// (wrapped). It returns the stored trajectory's step count.
	AppendTrajectory(ctx context.Context, id string, add *TrajectoryAppend) (int, error)
	// Trajectory returns the stored trajectory id.
	Trajectory(ctx context.Context, id string) (*trajectory.Run, error)

	// Health reports whether the store can write now: it commits a small
	// write (a disk that is full or a database that is gone fails it).
	Health(ctx context.Context) error
	// Close releases the store.
	Close() error
}

// TrajectoryAppend is what AppendTrajectory adds to a stored trajectory.
type TrajectoryAppend struct {
	// Observations are observations the new steps refer to that the
	// trajectory does not have yet (ones it has are skipped).
	Observations []trajectory.Observation `json:"observations,omitzero"`
	// Steps are appended in order.
	Steps []trajectory.Step `json:"steps,omitzero"`
	// Outcome, when set, ends the run, with Note and Ended (zero: the
	// last step's end).
	Outcome trajectory.TaskOutcome `json:"outcome,omitzero"`
	Note    string                 `json:"note,omitzero"`
	Ended   time.Time              `json:"ended,omitzero"`
}

// Merge returns run with add applied (run itself is not changed): the
// observations it lacks, the steps, and the outcome. The result is not
// validated; stores call trajectory.Validate on it.
func (add *TrajectoryAppend) Merge(run *trajectory.Run) *trajectory.Run {
	out := *run
	out.Observations = append([]trajectory.Observation(nil), run.Observations...)
	have := make(map[string]bool, len(out.Observations))
	for _, o := range out.Observations {
		have[o.ID] = true
	}
	for _, o := range add.Observations {
		if !have[o.ID] {
			have[o.ID] = true
			out.Observations = append(out.Observations, o)
		}
	}
	out.Steps = append(append([]trajectory.Step(nil), run.Steps...), add.Steps...)
	if add.Outcome != "" {
		out.Outcome, out.Note, out.Ended = add.Outcome, add.Note, add.Ended.UTC()
		if out.Ended.IsZero() && len(out.Steps) > 0 {
			out.Ended = out.Steps[len(out.Steps)-1].Ended
		}
	}
	return &out
}
