package trajectory

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/axtree/axtree/links"
)

// Meta is what a run is known by when it starts.
type Meta struct {
	ID    string // run id (see ValidRunID)
	Task  string // the task, verbatim
	Site  string // lower-case host, if known
	Model string // the model, if one plans or decides
}

// Recorder builds a run as it happens: the runtime's programs and decision
// loop and the MCP server's sessions append observations and steps to it,
// and Run or Finish return the record. It checks each step as it is
// appended, so a recorded run always validates. A Recorder is safe for
// concurrent use.
type Recorder struct {
	mu    sync.Mutex
	run   Run
	index map[string]*Index
	now   func() time.Time
	// onStep, if set, sees each step as it is appended.
	onStep func(i int, s Step)
	// link marks recoveries (LinkRecoveries); pending maps a tool to the
	// index of its latest failed step not yet made good.
	link    bool
	pending map[string]int
}

// RecorderOption configures a Recorder.
type RecorderOption func(*Recorder)

// WithClock makes the recorder read times from now instead of time.Now
// (tests and goldens use a fixed clock). Times are metadata: they enter
// no id.
func WithClock(now func() time.Time) RecorderOption {
	return func(r *Recorder) { r.now = now }
}

// OnStep calls fn with each step's index and a copy of it after it has
// been appended (for a caller that streams steps to a store).
func OnStep(fn func(i int, s Step)) RecorderOption {
	return func(r *Recorder) { r.onStep = fn }
}

// LinkRecoveries makes the recorder fill Step.Recovers when the caller
// leaves it nil: a step whose first call succeeds recovers the latest
// failed step whose first call used the same tool, if no step of that
// tool succeeded in between (a click on a dead id, then the click on the
// element found again). For callers, such as the runtime's programs, that
// do not know which statement made good which failure.
func LinkRecoveries() RecorderOption {
	return func(r *Recorder) { r.link = true }
}

// NewRecorder starts a run. It fails for an invalid run id or an empty
// task.
func NewRecorder(m Meta, opts ...RecorderOption) (*Recorder, error) {
	if !ValidRunID(m.ID) {
		return nil, fmt.Errorf("trajectory: %q is not a run id", clip(m.ID))
	}
	if strings.TrimSpace(m.Task) == "" {
		return nil, errors.New("trajectory: a run needs a task")
	}
	r := &Recorder{index: map[string]*Index{}, now: time.Now, pending: map[string]int{}}
	for _, o := range opts {
		o(r)
	}
	r.run = Run{
		Format:  Format,
		ID:      m.ID,
		Task:    valid(m.Task),
		Site:    valid(strings.ToLower(m.Site)),
		Model:   valid(m.Model),
		Started: utc(r.now()),
	}
	return r, nil
}

// SetPlan records the planner's reasoning and program.
func (r *Recorder) SetPlan(p Plan) {
	r.mu.Lock()
	defer r.mu.Unlock()
	p.Reasoning, p.Language, p.Program = valid(p.Reasoning), valid(p.Language), valid(p.Program)
	r.run.Plan = &p
}

// AddProgram appends a program that is about to run to Plan.Program (a
// run may run several, for example one per document when a page
// navigates) and returns the number of lines before it: a step made by
// the program's line n has Line offset+n. The language is kept when
// the plan has none.
func (r *Recorder) AddProgram(language, program string) (offset int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.run.Plan == nil {
		r.run.Plan = &Plan{}
	}
	p := r.run.Plan
	if p.Language == "" {
		p.Language = valid(language)
	}
	if p.Program != "" {
		if !strings.HasSuffix(p.Program, "\n") {
			p.Program += "\n"
		}
		offset = strings.Count(p.Program, "\n")
	}
	p.Program += valid(program)
	return offset
}

// Observe records the page state the agent is shown: text exactly as it
// was shown, its link record, URL and title. It returns the observation's
// id (ObservationID); a state already recorded is recorded once. It fails
// when text is not an axtree tree text.
func (r *Recorder) Observe(text string, rec links.Record, url, title string) (string, error) {
	id := ObservationID(text, rec)
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, ok := r.index[id]; ok {
		return id, nil
	}
	ix, err := NewIndex(text)
	if err != nil {
		return "", fmt.Errorf("trajectory: observation is not an axtree tree text: %w", err)
	}
	if len(rec) == 0 {
		rec = nil
	} else {
		rec = maps(rec)
	}
	r.index[id] = ix
	r.run.Observations = append(r.run.Observations, Observation{ID: id, URL: valid(url), Title: valid(title), Text: text, Links: rec})
	return id, nil
}

// Resolve returns the element with id in a recorded observation, as an
// action's Resolved; the error says the element or observation is not
// there (a dead id).
func (r *Recorder) Resolve(observation string, id int) (*Resolved, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	ix, ok := r.index[observation]
	if !ok {
		return nil, fmt.Errorf("trajectory: observation %q was not recorded", clip(observation))
	}
	return ix.Resolve(id)
}

// Now returns the recorder clock's current time (UTC), for step times.
func (r *Recorder) Now() time.Time { return utc(r.now()) }

// Append adds a step and returns its index. The step must name a recorded
// observation and its resolved elements must be that observation's (use
// Resolve); Ended is set to the clock's time when zero. Strings are made
// valid UTF-8 (bad bytes become U+FFFD). It fails, appending nothing,
// when the step would not validate, or when the run has ended.
func (r *Recorder) Append(s Step) (int, error) {
	r.mu.Lock()
	if !r.run.Ended.IsZero() {
		r.mu.Unlock()
		return 0, errors.New("trajectory: the run has ended")
	}
	s = cleanStep(s)
	s.Started = utc(s.Started)
	s.Ended = utc(s.Ended)
	if s.Ended.IsZero() {
		s.Ended = utc(r.now())
	}
	i := len(r.run.Steps)
	tool := ""
	if len(s.Actions) > 0 {
		tool = s.Actions[0].Call.Tool
	}
	if r.link && s.Recovers == nil && s.Outcome == StepOK && len(s.Actions) > 0 && s.Actions[0].Outcome == ActionOK {
		if j, ok := r.pending[tool]; ok {
			s.Recovers = &j
		}
	}
	if err := r.check(s, i); err != nil {
		r.mu.Unlock()
		return 0, err
	}
	r.run.Steps = append(r.run.Steps, s)
	switch {
	case tool == "":
	case s.Outcome == StepFailed:
		r.pending[tool] = i
	case s.Outcome == StepOK:
		delete(r.pending, tool)
	}
	fn := r.onStep
	r.mu.Unlock()
	if fn != nil {
		fn(i, copyStep(s))
	}
	return i, nil
}

// check validates step s as step i of the run so far.
func (r *Recorder) check(s Step, i int) error {
	probe := Run{Format: Format, ID: r.run.ID, Task: r.run.Task, Plan: r.run.Plan, Steps: append(slices.Clip(r.run.Steps), s)}
	v := &validator{}
	programLines := 0
	if p := r.run.Plan; p != nil && p.Program != "" {
		programLines = strings.Count(strings.TrimSuffix(p.Program, "\n"), "\n") + 1
	}
	v.step(&probe, i, r.index, programLines)
	if len(v.errs) > 0 {
		return errors.Join(v.errs...)
	}
	return nil
}

// Finish ends the run with its task outcome and a note (the question for
// needs-input, what failed for failure) and returns the record. Later
// calls return the record unchanged.
func (r *Recorder) Finish(outcome TaskOutcome, note string) (*Run, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.run.Ended.IsZero() {
		if !slices.Contains(taskOutcomes, outcome) {
			return nil, fmt.Errorf("trajectory: %q is not a task outcome (%s)", clip(string(outcome)), list(taskOutcomes))
		}
		r.run.Outcome = outcome
		r.run.Note = valid(note)
		r.run.Ended = utc(r.now())
		if r.run.Ended.Before(r.run.Started) {
			r.run.Ended = r.run.Started
		}
	}
	return copyRun(&r.run), nil
}

// Run returns a copy of the record so far.
func (r *Recorder) Run() *Run {
	r.mu.Lock()
	defer r.mu.Unlock()
	return copyRun(&r.run)
}

func valid(s string) string { return strings.ToValidUTF8(s, "\uFFFD") }

func cleanStep(s Step) Step {
	s.Observation = valid(s.Observation)
	s.Reasoning = valid(s.Reasoning)
	acts := make([]Action, len(s.Actions))
	for i, a := range s.Actions {
		a.Call.Tool = valid(a.Call.Tool)
		a.Call.Source = valid(a.Call.Source)
		a.Error = valid(a.Error)
		a.Call.Args = compact(a.Call.Args)
		a.Result = compact(a.Result)
		if a.Resolved != nil {
			rv := *a.Resolved
			a.Resolved = &rv
		}
		acts[i] = a
	}
	if len(acts) == 0 {
		acts = nil
	}
	s.Actions = acts
	if s.Recovers != nil {
		j := *s.Recovers
		s.Recovers = &j
	}
	return s
}

// compact returns a compacted copy of a JSON value, or the value itself
// when it is not valid JSON (Validate then reports it).
func compact(v RawJSON) RawJSON {
	if len(v) == 0 {
		return nil
	}
	var c RawJSON
	if err := c.UnmarshalJSON(v); err != nil {
		return append(RawJSON(nil), v...)
	}
	return c
}

func maps(rec links.Record) links.Record {
	out := make(links.Record, len(rec))
	for k, v := range rec {
		out[k] = valid(v)
	}
	return out
}

func copyStep(s Step) Step { return cleanStep(s) }

func copyRun(r *Run) *Run {
	c := *r
	if r.Plan != nil {
		p := *r.Plan
		c.Plan = &p
	}
	c.Observations = slices.Clone(r.Observations)
	for i := range c.Observations {
		if c.Observations[i].Links != nil {
			c.Observations[i].Links = maps(c.Observations[i].Links)
		}
	}
	if r.Steps != nil {
		c.Steps = make([]Step, len(r.Steps))
		for i, s := range r.Steps {
			c.Steps[i] = copyStep(s)
		}
	}
	return &c
}
