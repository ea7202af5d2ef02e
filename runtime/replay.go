package runtime

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/axtree/axtree/runtime/subroutine"
)

// ReplayOptions configure Browser.Replay. The zero value gives the
// defaults.
type ReplayOptions struct {
	// Concurrency is how many rows run at once, each in a tab of its own;
	// default 4.
	Concurrency int
	// Session configures each tab (time limits, Decider).
	Session SessionOptions
	// OnRow is called with each row's result, in row order, as soon as it
	// and every row before it have finished.
	OnRow func(RowResult)
	// KeepCalls keeps each run's helper calls in RowResult.Calls.
	KeepCalls bool
}

// Row outcomes.
const (
	RowOK      = "ok"      // the body returned
	RowError   = "error"   // the body threw, timed out or the page went away
	RowInvalid = "invalid" // the row's values do not fit the parameters; not run
	RowSkipped = "skipped" // not run: the replay was canceled or could not start
)

// RowResult is one row of a replay.
type RowResult struct {
	Row     int             `json:"row"`
	Line    int             `json:"line,omitempty"`
	Outcome string          `json:"outcome"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   string          `json:"error,omitempty"`
	MS      float64         `json:"ms"`
	Calls   []Call          `json:"calls,omitempty"`
}

// Replay runs a Subroutine's body once per row inside its page, at most
// opt.Concurrency rows at a time, each worker in its own tab of the origin
// (sharing the browser's cookies: a session the user has there is the
// replay's). A DOM or hybrid plan reloads the page before each row; a
// network plan reloads only when a row left the page. A body with a syntax
// error fails every row without running any. Replay returns every row's
// result, in row order; its error is for a replay that could not start.
func (b *Browser) Replay(ctx context.Context, sub *subroutine.Subroutine, rows []subroutine.Row, opt ReplayOptions) ([]RowResult, error) {
	if err := sub.Validate(); err != nil {
		return nil, err
	}
	n := opt.Concurrency
	if n <= 0 {
		n = 4
	}
	if n > len(rows) {
		n = len(rows)
	}
	out := make([]RowResult, len(rows))
	done := make([]bool, len(rows))
	var mu sync.Mutex
	next := 0
	emit := func(i int, r RowResult) {
		mu.Lock()
		defer mu.Unlock()
		out[i], done[i] = r, true
		for next < len(rows) && done[next] {
			if opt.OnRow != nil {
				opt.OnRow(out[next])
			}
			next++
		}
	}
	jobs := make(chan int)
	var wg sync.WaitGroup
	var startErr error
	var startOnce sync.Once
	for w := 0; w < n; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			b.replayWorker(ctx, sub, rows, opt, jobs, emit, func(err error) { startOnce.Do(func() { startErr = err }) })
		}()
	}
	for i := range rows {
		select {
		case jobs <- i:
		case <-ctx.Done():
			for j := i; j < len(rows); j++ {
				emit(j, RowResult{Row: rows[j].N, Line: rows[j].Line, Outcome: RowSkipped, Error: "not run: " + ctx.Err().Error()})
			}
			close(jobs)
			wg.Wait()
			return out, nil
		}
	}
	close(jobs)
	wg.Wait()
	_ = startErr
	return out, nil
}

func (b *Browser) replayWorker(ctx context.Context, sub *subroutine.Subroutine, rows []subroutine.Row, opt ReplayOptions, jobs <-chan int, emit func(int, RowResult), startErr func(error)) {
	var s *Session
	var broken string // why this worker cannot run rows
	defer func() {
		if s != nil {
			s.Close()
		}
	}()
	open := func() error {
		if s == nil {
			var err error
			s, err = b.NewSession(ctx, opt.Session)
			if err != nil {
				return err
			}
		}
		if _, err := s.Open(ctx, sub.URL()); err != nil {
			return err
		}
		return nil
	}
	fresh := false
	if err := open(); err != nil {
		broken = "could not open " + sub.URL() + ": " + err.Error()
		startErr(err)
	} else if err := s.Check(ctx, sub.Body, sub.ParamNames()); err != nil {
		broken = err.Error()
	} else {
		fresh = true
	}
	for i := range jobs {
		row := rows[i]
		res := RowResult{Row: row.N, Line: row.Line}
		switch {
		case row.Err != nil:
			res.Outcome, res.Error = RowInvalid, row.Err.Error()
			emit(i, res)
			continue
		case broken != "":
			res.Outcome, res.Error = RowError, broken
			emit(i, res)
			continue
		}
		t0 := time.Now()
		if !fresh || sub.Plan != subroutine.PlanNetwork {
			if !fresh {
				if err := open(); err != nil {
					res.Outcome, res.Error, res.MS = RowError, "could not open "+sub.URL()+": "+err.Error(), ms(time.Since(t0))
					emit(i, res)
					continue
				}
			}
		}
		fresh = false
		vals, err := sub.CheckParams(row.Values)
		if err != nil {
			res.Outcome, res.Error = RowInvalid, err.Error()
			emit(i, res)
			fresh = true
			continue
		}
		run, err := s.Run(ctx, sub.Body, vals)
		res.MS = ms(time.Since(t0))
		switch {
		case err != nil:
			res.Outcome, res.Error = RowError, err.Error()
		case run.Error != "":
			res.Outcome, res.Error = RowError, run.Error
		default:
			res.Outcome, res.Result = RowOK, run.Result
		}
		if run != nil && opt.KeepCalls {
			res.Calls = run.Calls
		}
		// A network plan keeps its page unless the row left it.
		if sub.Plan == subroutine.PlanNetwork && (run == nil || !strings.Contains(run.Error, "navigated away")) && ctx.Err() == nil {
			fresh = s.atOrigin(ctx, sub.Origin)
		}
		emit(i, res)
	}
}

// atOrigin reports whether the page is still a document of origin.
func (s *Session) atOrigin(ctx context.Context, origin string) bool {
	c, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	var u string
	if err := s.page.Eval(c, "location.origin", &u); err != nil {
		return false
	}
	return u == origin
}

// String renders a row result as its JSON line.
func (r RowResult) String() string {
	b, err := json.Marshal(r)
	if err != nil {
		return fmt.Sprintf(`{"row":%d,"outcome":"error","error":%q}`, r.Row, err.Error())
	}
	return string(b)
}
