package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/axtree/axtree/observe"
	"github.com/axtree/axtree/trajectory"
)

// CreateTrajectory implements observe.Store.
func (s *Store) CreateTrajectory(ctx context.Context, run *trajectory.Run) error {
	if run == nil {
		return errors.New("observe: no trajectory")
	}
	if err := trajectory.Validate(run); err != nil {
		return fmt.Errorf("observe: trajectory %s: %w", run.ID, err)
	}
	rows, err := observe.SplitTrajectory(run)
	if err != nil {
		return err
	}
	err = s.write(ctx, "trajectory:"+run.ID, func(tx *sql.Tx) error {
		var n int
		if err := s.row(ctx, tx, qHasTraj, run.ID).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return fmt.Errorf("observe: trajectory %s: %w", run.ID, observe.ErrExists)
		}
		if err := s.exec(ctx, tx, qAddTraj, run.ID, string(rows.Meta), strings.ToLower(run.Site)); err != nil {
			return err
		}
		return s.addTrajectoryRows(ctx, tx, run.ID, rows, 0, 0)
	})
	return s.trajErr(run.ID, err)
}

// addTrajectoryRows writes the observations and steps of rows, numbered
// from the given indexes.
func (s *Store) addTrajectoryRows(ctx context.Context, tx *sql.Tx, id string, rows *observe.TrajectoryRows, obsFrom, stepFrom int) error {
	contents := make([]observe.ContentRow, 0, len(rows.Observations))
	for _, o := range rows.Observations {
		contents = append(contents, o.Content)
	}
	if err := s.addContents(ctx, tx, contents); err != nil {
		return err
	}
	for i, o := range rows.Observations {
		if err := s.exec(ctx, tx, qAddTrajObs, id, obsFrom+i, o.ID, o.URL, o.Title); err != nil {
			return err
		}
	}
	for i, doc := range rows.Steps {
		if err := s.exec(ctx, tx, qAddTrajStep, id, stepFrom+i, string(doc)); err != nil {
			return err
		}
	}
	return nil
}

// AppendTrajectory implements observe.Store.
func (s *Store) AppendTrajectory(ctx context.Context, id string, add *observe.TrajectoryAppend) (int, error) {
	if add == nil {
		return 0, errors.New("observe: nothing to append")
	}
	steps := 0
	err := s.write(ctx, "trajectory:"+id, func(tx *sql.Tx) error {
		run, err := s.trajectory(ctx, tx, id, true)
		if err != nil {
			return err
		}
		merged := add.Merge(run)
		if err := trajectory.Validate(merged); err != nil {
			return err
		}
		rows, err := observe.SplitTrajectory(merged)
		if err != nil {
			return err
		}
		fresh := &observe.TrajectoryRows{
			Observations: rows.Observations[len(run.Observations):],
			Steps:        rows.Steps[len(run.Steps):],
		}
		if err := s.addTrajectoryRows(ctx, tx, id, fresh, len(run.Observations), len(run.Steps)); err != nil {
			return err
		}
		if err := s.exec(ctx, tx, qSetTrajMeta, string(rows.Meta), strings.ToLower(merged.Site), id); err != nil {
			return err
		}
		steps = len(merged.Steps)
		return nil
	})
	return steps, s.trajErr(id, err)
}

// Trajectory implements observe.Store.
func (s *Store) Trajectory(ctx context.Context, id string) (*trajectory.Run, error) {
	run, err := s.trajectory(ctx, s.r, id, true)
	return run, s.trajErr(id, err)
}

// trajectory reads trajectory id through q; with texts false its
// observations come without their text and links (what the state graph
// needs: ids, URLs and titles).
func (s *Store) trajectory(ctx context.Context, q queryer, id string, texts bool) (*trajectory.Run, error) {
	rows := &observe.TrajectoryRows{}
	err := s.row(ctx, q, qTrajMeta, id).Scan(&rows.Meta)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("observe: trajectory %q: %w", id, observe.ErrNotFound)
	}
	if err != nil {
		return nil, err
	}
	qObs := qTrajObs
	if !texts {
		qObs = qTrajObsIDs
	}
	obs, err := s.rows(ctx, q, qObs, id)
	if err != nil {
		return nil, err
	}
	for obs.Next() {
		var o observe.TrajectoryObservation
		if err := obs.Scan(&o.ID, &o.URL, &o.Title, &o.Content.Text, &o.Content.Links); err != nil {
			obs.Close()
			return nil, err
		}
		o.Content.ID = o.ID
		rows.Observations = append(rows.Observations, o)
	}
	if err := obs.Close(); err != nil {
		return nil, err
	}
	if err := obs.Err(); err != nil {
		return nil, err
	}
	steps, err := s.rows(ctx, q, qTrajSteps, id)
	if err != nil {
		return nil, err
	}
	for steps.Next() {
		var doc []byte
		if err := steps.Scan(&doc); err != nil {
			steps.Close()
			return nil, err
		}
		rows.Steps = append(rows.Steps, doc)
	}
	if err := steps.Close(); err != nil {
		return nil, err
	}
	if err := steps.Err(); err != nil {
		return nil, err
	}
	return observe.AssembleTrajectory(rows)
}

// trajErr wraps a database error; store and validation errors pass as
// they are.
func (s *Store) trajErr(id string, err error) error {
	if err == nil {
		return nil
	}
	var te *trajectory.Error
	if errors.Is(err, observe.ErrNotFound) || errors.Is(err, observe.ErrExists) || errors.As(err, &te) ||
		errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
		return err
	}
	return fmt.Errorf("observe: %s: trajectory %s: %w", s.d.Name, id, err)
}
