package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/axtree/axtree/axtree"
	"github.com/axtree/axtree/capture"
	"github.com/axtree/axtree/links"
	"github.com/axtree/axtree/observe"
	"github.com/axtree/axtree/render"
	"github.com/axtree/axtree/runtime"
	"github.com/axtree/axtree/trajectory"
)

// page is what a tab needs of a browser tab; *capture.Page is one.
type page interface {
	Navigate(ctx context.Context, url string) ([]string, error)
	Capture(ctx context.Context) (*capture.Snapshot, error)
	Act(ctx context.Context, id int, action, value string) error
	Close()
}

// session is one client's state: its tabs, each with its own run of
// observations. Calls of one session run one at a time; sessions run
// side by side.
type session struct {
	srv *Server
	run string // prefix of the tabs' run ids

	traj *trajectory.Recorder // the session's trajectory
	// storedObs are the trajectory observations the store has; stored
	// reports that the store has the trajectory.
	storedObs map[string]bool
	stored    bool

	mu sync.Mutex
	// bctx is the session's browser context (its own cookies, storage and
	// cache: no other session sees its logins), made with its first tab.
	bctx   *capture.Context
	tabs   []*tab
	cur    int // index of the current tab; meaningless while tabs is empty
	opened int // tabs opened so far, for run ids
	closed bool
}

// tab is one browser tab of a session and what the agent last saw of it.
type tab struct {
	page page
	run  string // observation run of the tab (stable numbering within it)

	seq     int          // steps observed
	obs     string       // the last observation id
	text    []byte       // the last tree text, stable numbering
	links   links.Record // its link record, stable numbering
	result  *render.Result
	url     string
	title   string
	trajObs string           // the last observation's id in the trajectory
	rt      *runtime.Session // the program runner, made on first use
	// gone remembers the ids that went away, with their last line and the
	// step they were last seen at, so an old id is reported as gone.
	gone map[int]goneID
}

type goneID struct {
	line string
	seq  int
}

func (ss *session) close() {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if ss.closed {
		return
	}
	ss.closed = true
	const note = "the MCP client ended the session; the server is not told whether the task was done"
	_, _ = ss.traj.Finish(trajectory.Abandoned, note)
	_ = ss.save()
	if ss.stored {
		ss.storeStep(-1, trajectory.Abandoned, note)
	}
	for _, t := range ss.tabs {
		t.page.Close()
	}
	ss.tabs = nil
	if ss.bctx != nil {
		_ = ss.bctx.Close() // the session's cookies and storage go with it
		ss.bctx = nil
	}
}

// current returns the current tab; with open, a session without tabs
// gets one (navigation), else it is an error (an action before any page).
func (ss *session) current(ctx context.Context, open bool) (*tab, error) {
	if ss.closed {
		return nil, errors.New("the session has ended")
	}
	if len(ss.tabs) == 0 {
		if !open {
			return nil, errors.New("no page is open yet: call browser_navigate first")
		}
		if _, err := ss.newTab(ctx); err != nil {
			return nil, err
		}
	}
	return ss.tabs[ss.cur], nil
}

// newTab opens a tab and makes it current.
func (ss *session) newTab(ctx context.Context) (*tab, error) {
	if ss.bctx == nil {
		b, err := ss.srv.browserFor(ctx)
		if err != nil {
			return nil, err
		}
		bc, err := b.NewContext(ctx)
		if err != nil {
			return nil, fmt.Errorf("could not open a tab: %w", err)
		}
		ss.bctx = bc
	}
	p, err := ss.bctx.NewPage(ctx)
	if err != nil {
		return nil, fmt.Errorf("could not open a tab: %w", err)
	}
	ss.opened++
	t := &tab{page: p, run: ss.run + "-t" + strconv.Itoa(ss.opened), gone: map[int]goneID{}}
	ss.tabs = append(ss.tabs, t)
	ss.cur = len(ss.tabs) - 1
	return t, nil
}

// observed is the outcome of observing a tab after something happened.
type observed struct {
	diff      *Diff
	step      Step
	full      bool // the page changed entirely: answer with the tree
	text      []byte
	warnings  []string
	firstSeen bool
}

// observe captures the tab, records the step (with act, the action that
// led to it, or nil) and compares it with what the agent saw before.
func (ss *session) observe(ctx context.Context, t *tab, act *observe.Action, warnings []string) (*observed, error) {
	snap, err := t.page.Capture(ctx)
	if err != nil {
		return nil, pageErr("read the page", err)
	}
	if t.seq == 0 {
		act = nil // a run's first step has no action to hang on a previous one
	}
	rec := &observe.Recorder{Store: ss.srv.opts.Store}
	in := observe.Input{Run: t.run, Action: act, Page: snap.Result}
	if snap.Meta != nil {
		in.URL, in.Title = snap.Meta.URL, snap.Meta.Title
	}
	r, err := rec.Record(ctx, in)
	if err != nil {
		return nil, fmt.Errorf("could not record the step: %w", err)
	}
	before, beforeURL := t.text, t.url
	d, err := DiffTrees(before, r.Text)
	if err != nil {
		return nil, fmt.Errorf("could not compare the page with the last step: %w", err)
	}
	if before != nil {
		old, _ := parsePrinted(before)
		for _, id := range d.Gone {
			if old != nil {
				t.gone[id] = goneID{line: old.lines[old.byID[id]], seq: t.seq}
			}
		}
	}
	o := r.Observation
	t.seq++
	t.obs, t.text, t.links, t.result = o.ID, r.Text, r.Links, snap.Result
	t.url, t.title = o.URL, o.Title
	for _, e := range o.Elements {
		delete(t.gone, e.ID) // never both here and gone
	}
	if id, err := ss.traj.Observe(string(r.Text), r.Links, o.URL, o.Title); err == nil {
		t.trajObs = id
	}
	var dialogs []string
	if dp, ok := t.page.(interface{ Dialogs() []capture.Dialog }); ok {
		for _, dl := range dp.Dialogs() {
			how := "dismissed"
			if dl.Accepted {
				how = "accepted"
			}
			dialogs = append(dialogs, fmt.Sprintf("%s %q (%s)", dl.Type, dl.Message, how))
		}
	}
	st := Step{Dialogs: dialogs, Chooser: chooserOf(ctx, t.page, snap), Observation: o.ID, Seq: o.Seq, URL: o.URL, Title: o.Title, Navigated: o.URL != beforeURL, From: beforeURL, Warnings: warnings}
	return &observed{diff: d, step: st, full: before == nil || d.Kept == 0, text: r.Text, firstSeen: before == nil}, nil
}

// chooserOf says for which field the page's open file chooser is, or ""
// when none is open.
func chooserOf(ctx context.Context, p page, snap *capture.Snapshot) string {
	fp, ok := p.(filesPage)
	if !ok {
		return ""
	}
	fc := fp.FileChooser(ctx)
	if fc == nil {
		return ""
	}
	what := "for a file field that is not in the tree"
	if id := snap.TreeID(fc.CaptureID); id > 0 {
		what = fmt.Sprintf("for [id=%d]", id)
	}
	if fc.Multiple {
		return what + " (several files)"
	}
	return what + " (one file)"
}

// answer is the text an action returns: quiet, or the whole tree when the
// page changed entirely.
func (ss *session) answer(o *observed) string {
	if o.full {
		b := appendHeader(nil, o.step)
		b = append(b, "page:\n"...)
		b = append(b, o.text...)
		return string(b)
	}
	return string(AppendQuiet(nil, o.step, o.diff, QuietOptions{MaxLines: ss.srv.opts.QuietLines}))
}

// element returns the node with id in the tab's last tree, or an error
// that says what became of the id.
func (t *tab) element(id int) (*axtree.Node, error) {
	if t.result == nil {
		return nil, errors.New("no page is open yet: call browser_navigate first")
	}
	if id <= 0 {
		return nil, fmt.Errorf("id %d is not an element id (ids are the positive numbers N in [id=N] and, for links, [name](N))", id)
	}
	var found *axtree.Node
	t.result.Tree.Walk(func(n *axtree.Node, _ int) bool {
		if n.Role != "" && n.ID == id {
			found = n
			return false
		}
		return true
	})
	if found != nil {
		return found, nil
	}
	if g, ok := t.gone[id]; ok {
		return nil, fmt.Errorf("element [id=%d] is gone: it was %q at step %d and is no longer on the page; browser_snapshot shows the page now", id, g.line, g.seq)
	}
	return nil, fmt.Errorf("no element [id=%d] on this page; use an id from the latest tree (browser_snapshot)", id)
}

// act performs one action on element id and answers quietly.
func (ss *session) act(ctx context.Context, id int, action, value string, record string) (string, error) {
	t, err := ss.current(ctx, false)
	if err != nil {
		return "", err
	}
	n, err := t.element(id)
	if err != nil {
		return "", err
	}
	if err := t.page.Act(ctx, id, action, value); err != nil {
		if errors.Is(err, capture.ErrNoElement) {
			return "", fmt.Errorf("element [id=%d] (%s %q) could not be used: %v; browser_snapshot shows the page now", id, n.Role, n.Name, cleanErr(err))
		}
		return "", pageErr(action, err)
	}
	if secret(n) {
		record = "[redacted]"
	}
	o, err := ss.observe(ctx, t, &observe.Action{Element: id, Action: action, Value: record}, nil)
	if err != nil {
		return "", err
	}
	return ss.answer(o), nil
}

// secret reports whether what is typed into n must not be recorded: a
// password field.
func secret(n *axtree.Node) bool {
	for _, p := range n.Props() {
		if p.Key == "type" && strings.EqualFold(p.Value, "password") {
			return true
		}
	}
	return false
}

// pageErr words a failed page operation for the model.
func pageErr(what string, err error) error {
	switch {
	case errors.Is(err, context.Canceled):
		return fmt.Errorf("%s: canceled", what)
	case errors.Is(err, capture.ErrTimeout), errors.Is(err, context.DeadlineExceeded):
		return fmt.Errorf("%s: the page did not answer in time (%v); it may be busy or hung: try again, or open a fresh tab with browser_tabs", what, cleanErr(err))
	case errors.Is(err, capture.ErrCrashed):
		return fmt.Errorf("%s: the page crashed; close this tab and open a new one with browser_tabs", what)
	}
	return fmt.Errorf("%s: %v", what, cleanErr(err))
}

// cleanErr drops the package prefixes of an error message.
func cleanErr(err error) string {
	s := err.Error()
	for _, p := range []string{"capture: ", "observe: ", "render: "} {
		s = strings.ReplaceAll(s, p, "")
	}
	return s
}

// record appends a tool call to the session's trajectory: the step is taken
// on before, the observation the agent had (or, for a session's first
// navigation, the one it led to), with the element resolved when the call
// named one that is there.
func (ss *session) record(tool string, args []byte, id int, before string, answer string, callErr error) {
	obs := before
	if obs == "" && len(ss.tabs) > 0 {
		obs = ss.tabs[ss.cur].trajObs
	}
	if obs == "" {
		return // nothing was ever shown: no observation to hang the step on
	}
	a := trajectory.Action{Call: trajectory.Call{Tool: tool, Args: trajectory.RawJSON(args)}, Outcome: trajectory.ActionOK}
	if id > 0 && before != "" {
		if r, err := ss.traj.Resolve(before, id); err == nil {
			a.Resolved = r
		}
	}
	step := trajectory.Step{Kind: trajectory.KindDecision, Observation: obs, Outcome: trajectory.StepOK}
	if callErr != nil {
		a.Outcome, a.Error = trajectory.ActionError, callErr.Error()
		step.Outcome = trajectory.StepFailed
	} else if res, err := json.Marshal(answer); err == nil {
		a.Result = trajectory.RawJSON(res)
	}
	step.Actions = []trajectory.Action{a}
	i, err := ss.traj.Append(step)
	if err != nil {
		return
	}
	_ = ss.save()
	ss.storeStep(i, "", "")
}

// storeStep sends the store the trajectory's step i (i < 0: none) with
// the observations it does not have yet, and, with an outcome, the end of
// the run. Failures are not the agent's: the file is the record then.
func (ss *session) storeStep(i int, outcome trajectory.TaskOutcome, note string) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	st := ss.srv.opts.Store
	run := ss.traj.Run()
	if !ss.stored {
		empty := *run
		empty.Observations, empty.Steps, empty.Outcome, empty.Note = nil, nil, "", ""
		empty.Ended = time.Time{}
		if st.CreateTrajectory(ctx, &empty) != nil {
			return
		}
		ss.stored = true
		ss.storedObs = map[string]bool{}
	}
	add := &observe.TrajectoryAppend{Outcome: outcome, Note: note}
	if outcome != "" {
		add.Ended = run.Ended
	}
	if i >= 0 && i < len(run.Steps) {
		add.Steps = []trajectory.Step{run.Steps[i]}
		need := map[string]bool{run.Steps[i].Observation: true}
		for _, o := range run.Observations {
			if need[o.ID] && !ss.storedObs[o.ID] {
				add.Observations = append(add.Observations, o)
			}
		}
	}
	if _, err := st.AppendTrajectory(ctx, ss.run, add); err == nil {
		for _, o := range add.Observations {
			ss.storedObs[o.ID] = true
		}
	}
}

// save writes the trajectory to the server's folder, if it has one,
// through a temporary file, so a reader never sees half of it.
func (ss *session) save() error {
	dir := ss.srv.opts.Trajectories
	if dir == "" {
		return nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, "."+ss.run+"-*.json")
	if err != nil {
		return err
	}
	if err := trajectory.Encode(f, ss.traj.Run()); err != nil {
		f.Close()
		os.Remove(f.Name())
		return err
	}
	if err := f.Close(); err != nil {
		os.Remove(f.Name())
		return err
	}
	return os.Rename(f.Name(), filepath.Join(dir, ss.run+".json"))
}
