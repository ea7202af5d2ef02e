package runtime

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/axtree/axtree/capture"
	"github.com/axtree/axtree/runtime/subroutine"
	"github.com/axtree/axtree/trajectory"
)

//go:embed ax.js
var axJS string

// Extensions returns the capture extensions the runtime needs in every
// page (the helper namespace; with record, the recorder too). Start adds
// them; a caller that starts its own capture.Browser adds them itself.
func Extensions(record bool) []string {
	out := []string{strings.TrimSpace(axJS)}
	if record {
		out = append(out, strings.TrimSpace(recordJS))
	}
	return out
}

// Options configure a Browser.
type Options struct {
	// Capture are the browser's options (executable, --remote URL,
	// timeouts); Start sets Extensions.
	Capture capture.Options
	// Record installs the recorder in every page (Session.Record needs it).
	Record bool
}

// Browser is a Chromium with the runtime's extensions installed.
type Browser struct {
	b    *capture.Browser
	opts Options
}

// Start launches (or, with Capture.RemoteURL, attaches to) Chromium with the
// runtime's extensions. Close it when done.
func Start(ctx context.Context, opts Options) (*Browser, error) {
	co := opts.Capture
	co.Extensions = append(append([]string(nil), co.Extensions...), Extensions(opts.Record)...)
	b, err := capture.Start(ctx, co)
	if err != nil {
		return nil, err
	}
	return &Browser{b: b, opts: opts}, nil
}

// Close stops the browser (or detaches from it).
func (b *Browser) Close() error { return b.b.Close() }

// Capture returns the underlying capture browser.
func (b *Browser) Capture() *capture.Browser { return b.b }

// SessionOptions configure a Session. The zero value gives the defaults.
type SessionOptions struct {
	// ProgramTimeout bounds one Run; default 60s.
	ProgramTimeout time.Duration
	// CallTimeout bounds one helper call (a waitFor waits at most this
	// long too); default 20s.
	CallTimeout time.Duration
	// Decider takes over when a program calls ax.act(goal); nil makes act
	// an error.
	Decider Decider
	// MaxSteps bounds one act loop; default 20.
	MaxSteps int
	// Trajectory, when set, receives the runs as they happen: the program
	// as the plan, one step per helper call, one per decision.
	Trajectory *trajectory.Recorder
}

func (o SessionOptions) withDefaults() SessionOptions {
	if o.ProgramTimeout <= 0 {
		o.ProgramTimeout = 60 * time.Second
	}
	if o.CallTimeout <= 0 {
		o.CallTimeout = 20 * time.Second
	}
	if o.MaxSteps <= 0 {
		o.MaxSteps = 20
	}
	return o
}

// Session is one tab that programs run in. Runs may overlap (rows of a
// network plan); helper calls that capture or act are serialized.
type Session struct {
	page *capture.Page
	opts SessionOptions

	act sync.Mutex // serializes captures and actions

	mu      sync.Mutex
	seq     int64
	runs    map[int64]*runState
	lastObs *observation
}

// NewSession opens a tab.
func (b *Browser) NewSession(ctx context.Context, opts SessionOptions) (*Session, error) {
	p, err := b.b.NewPage(ctx)
	if err != nil {
		return nil, err
	}
	return newSession(p, b.opts.Capture, opts), nil
}

// NewSessionOn makes a Session of a page the caller opened on a browser
// started with Extensions; o are the options the browser was started with.
func NewSessionOn(p *capture.Page, o capture.Options, opts SessionOptions) *Session {
	return newSession(p, o, opts)
}

func newSession(p *capture.Page, o capture.Options, opts SessionOptions) *Session {
	opts = opts.withDefaults()
	s := &Session{page: p, opts: opts, runs: map[int64]*runState{}}
	// A Call of ax.run lasts as long as the program: give it room.
	if need := opts.ProgramTimeout + 10*time.Second; o.CallTimeout < need {
		o.CallTimeout = need
	}
	p.SetOptions(o)
	p.Handle("ax.find", s.hFind)
	p.Handle("ax.act", s.hAct)
	p.Handle("ax.observe", s.hObserve)
	p.Handle("ax.decide", s.hDecide)
	p.Handle("ax.log", s.hLog)
	return s
}

// Page returns the session's page.
func (s *Session) Page() *capture.Page { return s.page }

// Close closes the tab.
func (s *Session) Close() { s.page.Close() }

// Open navigates to url, waits for it to settle and takes the first
// observation (the one tree ids in a program refer to).
func (s *Session) Open(ctx context.Context, url string) (*capture.Snapshot, error) {
	s.act.Lock()
	defer s.act.Unlock()
	snap, _, err := s.page.Load(ctx, url)
	return snap, err
}

// Run is the record of one program run.
type Run struct {
	// Result is the program's return value as JSON (null for none).
	Result json.RawMessage `json:"result"`
	// Calls are the helper calls in the order the program made them.
	Calls []Call `json:"calls"`
	// Error is why the program ended early, verbatim; "" when it returned.
	Error string `json:"error,omitempty"`
	// NeedsInput is set when a Decider stopped to ask: the question.
	NeedsInput string `json:"needs_input,omitempty"`
	// Navigated is set when the decision loop of an ax.act call took the
	// page to another document (a click that followed a link or submitted
	// a form): the URL the run ended on. The loop went on deciding in the
	// new document until done, ask, fail or its step limit, and the run's
	// Result, NeedsInput and Error are that act call's. The program's own
	// document is gone, so none of its statements after that act call ran
	// (a program runs inside one document).
	Navigated string `json:"navigated,omitempty"`
	// MS is how long the run took.
	MS float64 `json:"ms"`
}

// Call is one recorded helper call.
type Call struct {
	// Call is the helper: find, findAll, waitFor, click, type, select,
	// check, press, observe, request, getCsrfToken, act, decide.
	Call string `json:"call"`
	// Line is the program line of the statement that made it (0: unknown).
	Line int `json:"line,omitempty"`
	// Target is the element argument as written: a target, {"id": N} or a
	// found element; for request the URL.
	Target json.RawMessage `json:"target,omitempty"`
	// Args are the other arguments (text, values, key, goal).
	Args json.RawMessage `json:"args,omitempty"`
	// Resolved is the element the target resolved to.
	Resolved *Resolved `json:"resolved,omitempty"`
	// Candidates are the closest elements when the target matched none.
	Candidates []Candidate `json:"candidates,omitempty"`
	// Result is what the call returned, as JSON.
	Result json.RawMessage `json:"result,omitempty"`
	// Error is the call's error, verbatim.
	Error string `json:"error,omitempty"`
	// At is when the call started, in ms since the run started; MS how
	// long it took.
	At float64 `json:"at_ms"`
	MS float64 `json:"ms"`

	seq int // the order the program made the calls in
}

// Resolved is what a target resolved to.
type Resolved struct {
	ID          int    `json:"id"`
	Role        string `json:"role"`
	Name        string `json:"name"`
	Observation string `json:"observation"`
	// Matches counts the elements the target matched (the first is used).
	Matches int `json:"matches,omitempty"`
	// How says how an action was performed when it is not the plain one
	// ("click, then insertText": a focus-first field; "keys").
	How string `json:"how,omitempty"`
}

// Candidate is a near miss of a target.
type Candidate struct {
	ID          int     `json:"id"`
	Role        string  `json:"role"`
	Name        string  `json:"name"`
	Score       float64 `json:"score"`
	Observation string  `json:"observation"`
}

type runState struct {
	id      int64
	t0      time.Time
	ctx     context.Context // the run's: done when the program's time is up
	mu      sync.Mutex
	calls   []Call
	program string
	needs   string
	// lineOffset is the number of plan lines before this program in the
	// trajectory (Recorder.AddProgram).
	lineOffset int
	// acting counts the act loops in progress (idle is closed, and
	// replaced, when it drops to zero); away is the outcome of the one that
	// navigated the program's document away.
	acting int
	idle   chan struct{}
	away   *actAway
	// refused are the steps the trajectory refused, as errors.
	refused []string
}

// actAway is how an act loop that left the program's document ended.
type actAway struct {
	url    string
	result any
	err    error
}

// planLine is the trajectory plan's line of program line n (0: none).
func (r *runState) planLine(n int) int {
	if n <= 0 || n > strings.Count(r.program, "\n")+1 {
		return 0
	}
	return n + r.lineOffset
}

// refuse notes a step the trajectory would not take.
func (r *runState) refuse(what string, err error) {
	r.mu.Lock()
	r.refused = append(r.refused, what+": "+err.Error())
	r.mu.Unlock()
}

func (r *runState) add(c Call) {
	r.mu.Lock()
	r.calls = append(r.calls, c)
	r.mu.Unlock()
}

func (r *runState) since(t time.Time) float64 { return ms(t.Sub(r.t0)) }

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// ErrBadParams reports parameters a program cannot take.
var ErrBadParams = errors.New("runtime: bad parameters")

// Run runs program in the page with params (JSON values) as its
// arguments. The returned error is for runs that could not start (bad
// parameter names, a dead page); what happens inside the program,
// including a syntax error, is in Run.Error.
func (s *Session) Run(ctx context.Context, program string, params map[string]any) (*Run, error) {
	names := make([]string, 0, len(params))
	for k := range params {
		if err := subroutine.ValidIdentifier(k); err != nil {
			return nil, fmt.Errorf("%w: parameter %v", ErrBadParams, err)
		}
		names = append(names, k)
	}
	sort.Strings(names)
	values := make([]any, len(names))
	for i, k := range names {
		values[i] = params[k]
	}
	if _, err := json.Marshal(values); err != nil {
		return nil, fmt.Errorf("%w: the values are not JSON: %v", ErrBadParams, err)
	}
	return s.run(ctx, program, names, values)
}

func (s *Session) run(ctx context.Context, program string, names []string, values []any) (*Run, error) {
	if s.page.Last() == nil {
		s.act.Lock()
		_, err := s.page.Capture(ctx)
		s.act.Unlock()
		if err != nil {
			return nil, fmt.Errorf("runtime: the first observation: %w", err)
		}
	}
	rctx, cancel := context.WithTimeoutCause(ctx, s.opts.ProgramTimeout, errProgramTimeout)
	defer cancel()
	s.mu.Lock()
	s.seq++
	rs := &runState{id: s.seq, t0: time.Now(), program: program, ctx: rctx}
	if tr := s.opts.Trajectory; tr != nil {
		// A session may run several programs; the plan keeps them all.
		rs.lineOffset = tr.AddProgram("javascript", program)
	}
	s.runs[rs.id] = rs
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		delete(s.runs, rs.id)
		s.mu.Unlock()
	}()
	var out struct {
		Value json.RawMessage `json:"value"`
	}
	vj, err := json.Marshal(values)
	if err != nil {
		return nil, fmt.Errorf("%w: the values are not JSON: %v", ErrBadParams, err)
	}
	// The values travel as JSON text and are parsed in the page with the
	// native JSON.parse: the program gets ordinary arrays and objects.
	args := map[string]any{"run": rs.id, "body": program, "names": names, "values": string(vj),
		"callMs": s.opts.CallTimeout.Milliseconds()}
	err = s.page.Call(rctx, "", "ax.run", args, &out)
	if err != nil && (errors.Is(err, capture.ErrNavigated) || gone(err.Error())) {
		// The document went away. When an act loop took it away, the loop
		// goes on in the new document: the run ends when the loop does.
		waitActs(rctx, rs)
	}
	run := &Run{Result: out.Value}
	if len(run.Result) == 0 {
		run.Result = json.RawMessage("null")
	}
	rs.mu.Lock()
	away := rs.away
	rs.mu.Unlock()
	switch {
	case err != nil && away != nil && rctx.Err() == nil:
		run.Navigated = away.url
		run.Result = json.RawMessage("null")
		if away.err != nil {
			run.Error = away.err.Error()
		} else if b, e := json.Marshal(away.result); e == nil {
			run.Result = b
		}
	case err != nil:
		run.Error = s.explain(ctx, rctx, rs, err)
		run.Result = json.RawMessage("null")
	}
	run.MS = ms(time.Since(rs.t0))
	rs.mu.Lock()
	run.Calls = append([]Call(nil), rs.calls...)
	sort.SliceStable(run.Calls, func(i, j int) bool { return run.Calls[i].seq < run.Calls[j].seq })
	run.NeedsInput = rs.needs
	refused := append([]string(nil), rs.refused...)
	rs.mu.Unlock()
	if len(refused) > 0 {
		// A step the trajectory refused is not lost silently: the run
		// fails, saying which (the program itself was not interrupted).
		msg := fmt.Sprintf("the trajectory refused %d step(s): %s", len(refused), strings.Join(refused, "; "))
		if run.Error == "" {
			run.Error = msg
		} else {
			run.Error += "; " + msg
		}
	}
	if run.Calls == nil {
		run.Calls = []Call{}
	}
	return run, nil
}

var errProgramTimeout = errors.New("program time limit")

// waitActs waits until rs has no act loop in progress, or ctx is done.
func waitActs(ctx context.Context, rs *runState) {
	for {
		rs.mu.Lock()
		n, idle := rs.acting, rs.idle
		rs.mu.Unlock()
		if n == 0 {
			return
		}
		select {
		case <-idle:
		case <-ctx.Done():
			return
		}
	}
}

// beginAct and endAct bracket an act loop of the run.
func (r *runState) beginAct() {
	r.mu.Lock()
	if r.acting == 0 {
		r.idle = make(chan struct{})
	}
	r.acting++
	r.mu.Unlock()
}

func (r *runState) endAct() {
	r.mu.Lock()
	r.acting--
	if r.acting == 0 {
		close(r.idle)
	}
	r.mu.Unlock()
}

// explain turns a failed ax.run call into the run's error message.
func (s *Session) explain(ctx, rctx context.Context, rs *runState, err error) string {
	msg := err.Error()
	msg = strings.TrimPrefix(msg, "capture: call ax.run: ")
	switch {
	case errors.Is(context.Cause(rctx), errProgramTimeout):
		s.stop(rs, "it ran past its time limit")
		return fmt.Sprintf("the program ran past its time limit of %v", s.opts.ProgramTimeout)
	case ctx.Err() != nil:
		s.stop(rs, "the caller canceled it")
		return "the run was canceled: " + ctx.Err().Error()
	case errors.Is(err, capture.ErrNavigated) || gone(msg):
		where := s.location(ctx)
		return "the page navigated away mid-program" + where + "; a program runs inside one document (calls before the navigation are recorded)"
	case errors.Is(err, capture.ErrCrashed):
		return "the page crashed mid-program"
	}
	return msg
}

// gone reports the protocol's messages for a document that went away.
func gone(msg string) bool {
	for _, s := range []string{"Execution context was destroyed", "Cannot find context", "Inspected target navigated", "Could not find object", "context with specified id"} {
		if strings.Contains(msg, s) {
			return true
		}
	}
	return false
}

// stop tells the page's ax of run rs to refuse further calls, and ends
// script that does not yield.
//
// Each step has a context of its own: when the abort call waits out its
// time because script holds the page's thread, the terminate that frees
// the thread must not inherit that spent deadline. It did: whether the
// terminate was sent then depended on a race with the cancel, and a page
// left spinning failed every later program as past its time limit too
// (TestBadInput's "the page still works afterwards", once under CI load).
func (s *Session) stop(rs *runState, why string) {
	c, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	err := s.page.Call(c, "", "ax.abort", map[string]any{"run": rs.id, "why": why}, nil)
	cancel()
	if err == nil {
		return
	}
	t, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_ = s.page.Terminate(t)
}

// location returns " (now at URL)" for the page's current URL, or "".
func (s *Session) location(ctx context.Context) string {
	c, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	var u string
	if err := s.page.Eval(c, "location.href", &u); err != nil || u == "" {
		return ""
	}
	return " (now at " + u + ")"
}

func (s *Session) runOf(id int64) *runState {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.runs[id]
}

// Check compiles program with the parameter names without running it: a
// syntax error comes back as an error.
func (s *Session) Check(ctx context.Context, program string, names []string) error {
	for _, n := range names {
		if err := subroutine.ValidIdentifier(n); err != nil {
			return fmt.Errorf("%w: parameter %v", ErrBadParams, err)
		}
	}
	if names == nil {
		names = []string{} // JSON [], not null
	}
	err := s.page.Call(ctx, "", "ax.run", map[string]any{"run": 0, "body": program, "names": names, "values": "[]", "compileOnly": true}, nil)
	if err != nil {
		return errors.New(strings.TrimPrefix(err.Error(), "capture: call ax.run: "))
	}
	return nil
}
