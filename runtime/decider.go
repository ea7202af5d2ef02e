package runtime

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/axtree/axtree/capture"
	"github.com/axtree/axtree/trajectory"
)

// Decider takes one step of a task a program cannot script blind: it is
// shown the current observation and answers with one action. A caller's
// model sits behind it; the tests use a ScriptedDecider.
type Decider interface {
	Decide(ctx context.Context, obs Observation) (Action, error)
}

// DeciderFunc adapts a function to a Decider.
type DeciderFunc func(ctx context.Context, obs Observation) (Action, error)

// Decide calls f.
func (f DeciderFunc) Decide(ctx context.Context, obs Observation) (Action, error) { return f(ctx, obs) }

// Observation is what a Decider sees.
type Observation struct {
	// Goal is the argument of ax.act.
	Goal string
	// Step counts the decisions of this act call, from 1.
	Step int
	// ID is the observation id; Text the lean tree (ids as printed); URL
	// and Title the page's.
	ID, Text, URL, Title string
	// History are the actions of this act call so far, with their errors.
	History []Taken
}

// Taken is an action of the loop and what came of it.
type Taken struct {
	Action Action
	Error  string
}

// Action kinds a Decider answers with.
const (
	ActClick  = "click"  // click element ID
	ActType   = "type"   // type Value into element ID (replacing its content)
	ActSelect = "select" // choose option Value of element ID
	ActPress  = "press"  // press key Value
	ActDone   = "done"   // the goal is reached; Result is act's return value
	ActAsk    = "ask"    // stop: the user must decide (Value is the question)
	ActFail   = "fail"   // give up (Value says why)
)

// Action is one decision.
type Action struct {
	Kind  string `json:"kind"`
	ID    int    `json:"id,omitempty"`
	Value string `json:"value,omitempty"`
	// Result is what ax.act returns for done (any JSON value).
	Result any `json:"result,omitempty"`
	// Reasoning is the model's reasoning, kept in the trajectory verbatim.
	Reasoning string `json:"reasoning,omitempty"`
}

// ErrNeedsInput is the error of an act call whose Decider asked the user.
var ErrNeedsInput = errors.New("needs input")

// ScriptedDecider answers with its actions in order, whatever it is shown
// (for tests and sample runs); past the end it answers done. It records
// the observations it was shown.
type ScriptedDecider struct {
	mu      sync.Mutex
	Actions []Action
	Seen    []Observation
}

// Decide returns the next scripted action.
func (d *ScriptedDecider) Decide(ctx context.Context, obs Observation) (Action, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.Seen = append(d.Seen, obs)
	if len(d.Actions) == 0 {
		return Action{Kind: ActDone}, nil
	}
	a := d.Actions[0]
	d.Actions = d.Actions[1:]
	return a, nil
}

// hDecide runs the observe → decide → act loop of ax.act(goal).
func (s *Session) hDecide(ctx context.Context, raw json.RawMessage) (any, error) {
	var req struct {
		Run      int64  `json:"run"`
		Seq      int    `json:"seq"`
		Line     int    `json:"line"`
		Goal     string `json:"goal"`
		MaxSteps int    `json:"maxSteps"`
	}
	if err := json.Unmarshal(raw, &req); err != nil {
		return nil, err
	}
	rs := s.runOf(req.Run)
	if rs == nil {
		return nil, errors.New("ax: the run is over")
	}
	// The run waits for this loop when the program's document goes away
	// under it (see Run.Navigated); the loop ends with the run's time.
	rs.beginAct()
	defer rs.endAct()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	if rs.ctx != nil {
		defer context.AfterFunc(rs.ctx, cancel)()
	}
	t0 := time.Now()
	goal, _ := json.Marshal(map[string]any{"goal": req.Goal})
	c := Call{Call: "act", Line: req.Line, Args: goal, At: rs.since(t0)}
	c.seq = req.Seq
	res, left, err := s.decide(ctx, rs, req.Goal, req.MaxSteps, req.Line, req.Seq)
	c.MS = ms(time.Since(t0))
	if err != nil {
		c.Error = err.Error()
	} else {
		c.Result, _ = json.Marshal(res)
	}
	rs.add(c)
	// A navigation Act did not see (one that began after its quiet
	// window) still took the program's document: ask the page.
	left = left || !s.runAlive(ctx, rs.id)
	if left {
		rs.mu.Lock()
		rs.away = &actAway{url: s.currentURL(ctx), result: res, err: err}
		rs.mu.Unlock()
	}
	if err != nil {
		return nil, err
	}
	return map[string]any{"result": res}, nil
}

// runAlive reports whether the page's current document still runs the
// program of run id (false once the loop navigated it away).
func (s *Session) runAlive(ctx context.Context, id int64) bool {
	c, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	var alive bool
	if err := s.page.Call(c, "", "ax.alive", map[string]any{"run": id}, &alive); err != nil {
		// No answer from the document that runs it: it is gone, unless the
		// page could not be asked at all (then trust what Act saw).
		return !(errors.Is(err, capture.ErrNavigated) || gone(err.Error()) || strings.Contains(err.Error(), "no page function"))
	}
	return alive
}

// currentURL is the page's URL now ("" when it cannot be read).
func (s *Session) currentURL(ctx context.Context) string {
	c, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	var u string
	if err := s.page.Eval(c, "location.href", &u); err != nil {
		if snap := s.page.Last(); snap != nil && snap.Meta != nil {
			return snap.Meta.URL
		}
	}
	return u
}

// observeAfter captures the page for a decision (s.act held). An action
// may navigate late, after its quiet window (a script that sets location
// on a timer): a capture that finds its document gone waits for the new
// one's hook and takes it, a few times at most.
func (s *Session) observeAfter(ctx context.Context) (*observation, error) {
	var err error
	for try := 0; try < 3; try++ {
		var o *observation
		if o, err = s.capture(ctx); err == nil {
			return o, nil
		}
		if ctx.Err() != nil || !(errors.Is(err, capture.ErrNavigated) || gone(err.Error())) {
			return nil, err
		}
	}
	return nil, err
}

// decide runs the loop; left reports that an action navigated the main
// frame to another document (the program's is then gone).
func (s *Session) decide(ctx context.Context, rs *runState, goal string, maxSteps, line, seq int) (res any, left bool, err error) {
	if s.opts.Decider == nil {
		return nil, false, errors.New("ax.act: no Decider is configured for this session")
	}
	if maxSteps <= 0 || maxSteps > s.opts.MaxSteps {
		maxSteps = s.opts.MaxSteps
	}
	var hist []Taken
	for step := 1; step <= maxSteps; step++ {
		if err := ctx.Err(); err != nil {
			return nil, left, err
		}
		t0 := time.Now()
		cctx, cancel := context.WithTimeout(ctx, s.opts.CallTimeout)
		s.act.Lock()
		o, err := s.observeAfter(cctx)
		s.act.Unlock()
		cancel()
		if err != nil {
			return nil, left, fmt.Errorf("ax.act step %d: observe: %w", step, err)
		}
		obs := Observation{Goal: goal, Step: step, ID: o.id, Text: o.text, URL: o.snap.Meta.URL, Title: o.snap.Meta.Title, History: append([]Taken(nil), hist...)}
		a, err := s.opts.Decider.Decide(ctx, obs)
		if err != nil {
			return nil, left, fmt.Errorf("ax.act step %d: the decider: %w", step, err)
		}
		c := Call{Call: "decide", Line: line, At: rs.since(t0), seq: seq}
		c.Args, _ = json.Marshal(a)
		var aerr error
		switch a.Kind {
		case ActDone:
			c.Result, _ = json.Marshal(a.Result)
		case ActAsk:
			rs.mu.Lock()
			rs.needs = a.Value
			rs.mu.Unlock()
			aerr = fmt.Errorf("%w: %s", ErrNeedsInput, a.Value)
		case ActFail:
			aerr = fmt.Errorf("ax.act: the decider gave up: %s", a.Value)
		case ActClick, ActType, ActSelect:
			cctx, cancel := context.WithTimeout(ctx, s.opts.CallTimeout)
			s.act.Lock()
			node := o.node(a.ID)
			if node == nil {
				aerr = fmt.Errorf("no element [id=%d] in observation %s", a.ID, o.id)
			} else {
				c.Resolved = &Resolved{ID: a.ID, Role: node.Role, Name: node.Name, Observation: o.id}
				switch a.Kind {
				case ActClick:
					aerr = s.page.Act(cctx, a.ID, capture.Click, "")
				case ActType:
					var how string
					how, aerr = s.typeInto(cctx, o, a.ID, node, a.Value, true)
					c.Resolved.How = how
				case ActSelect:
					aerr = s.selectValues(cctx, o, a.ID, node, []string{a.Value})
				}
				// Act (and Key) wait for a navigation's load and then void
				// the latest capture.
				left = left || s.page.Last() == nil
			}
			s.act.Unlock()
			cancel()
		case ActPress:
			cctx, cancel := context.WithTimeout(ctx, s.opts.CallTimeout)
			s.act.Lock()
			aerr = s.page.Key(cctx, a.Value) // Enter may submit: settle as Act does
			left = left || s.page.Last() == nil
			s.act.Unlock()
			cancel()
		default:
			aerr = fmt.Errorf("ax.act: the decider answered an unknown action %q (want click, type, select, press, done, ask or fail)", a.Kind)
		}
		c.MS = ms(time.Since(t0))
		if aerr != nil {
			c.Error = aerr.Error()
		} else if a.Kind != ActDone {
			c.Result = json.RawMessage("null")
		}
		rs.add(c)
		s.recordDecision(rs, o, a, c)
		switch {
		case a.Kind == ActDone:
			return a.Result, left, nil
		case a.Kind == ActAsk || a.Kind == ActFail:
			return nil, left, aerr
		}
		hist = append(hist, Taken{Action: a, Error: c.Error})
	}
	return nil, left, fmt.Errorf("ax.act: %d steps without reaching the goal %q", maxSteps, goal)
}

// recordDecision appends a decision step to the trajectory, on the plan
// line of the act call that started the loop; a step the trajectory
// refuses is noted on the run.
func (s *Session) recordDecision(rs *runState, o *observation, a Action, c Call) {
	tr := s.opts.Trajectory
	if tr == nil {
		return
	}
	what := fmt.Sprintf("decision %s (line %d)", a.Kind, c.Line)
	obs, err := tr.Observe(o.text, o.snap.Result.Links.Record(), o.snap.Meta.URL, o.snap.Meta.Title)
	if err != nil {
		rs.refuse(what, err)
		return
	}
	args := map[string]any{}
	if a.ID != 0 {
		args["id"] = a.ID
	}
	if a.Value != "" {
		args["value"] = a.Value
	}
	ab, _ := json.Marshal(args)
	act := trajectory.Action{Call: trajectory.Call{Tool: a.Kind, Args: trajectory.RawJSON(ab)}, Outcome: trajectory.ActionOK}
	if a.ID != 0 {
		act.Resolved, _ = tr.Resolve(obs, a.ID) // nil for a dead id: its error says so
	}
	if len(c.Result) > 0 {
		act.Result = trajectory.RawJSON(c.Result)
	}
	out := trajectory.StepOK
	switch {
	case a.Kind == ActAsk:
		out = trajectory.StepNeedsInput
	case c.Error != "":
		act.Error, act.Outcome, out = c.Error, trajectory.ActionError, trajectory.StepFailed
	}
	if _, err := tr.Append(trajectory.Step{Kind: trajectory.KindDecision, Observation: obs, Line: rs.planLine(c.Line), Reasoning: a.Reasoning, Actions: []trajectory.Action{act}, Outcome: out}); err != nil {
		rs.refuse(what, err)
	}
}
