package runtime

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/axtree/axtree/actions"
	"github.com/axtree/axtree/axtree"
	"github.com/axtree/axtree/capture"
	"github.com/axtree/axtree/listeners"
	"github.com/axtree/axtree/trajectory"
)

// elArg is an element argument as the page sends it: a found element
// (pin, with the id and observation it was found in), a tree id, or a
// target.
type elArg struct {
	Pin    int64      `json:"pin,omitempty"`
	ID     int        `json:"id,omitempty"`
	Obs    string     `json:"obs,omitempty"`
	Target *targetArg `json:"target,omitempty"`
}

// targetArg is {role, name} with name a string or a RegExp (re, flags),
// optionally within another element.
type targetArg struct {
	Role   string  `json:"role,omitempty"`
	Name   *string `json:"name,omitempty"`
	Re     *string `json:"re,omitempty"`
	Flags  string  `json:"flags,omitempty"`
	Exact  *bool   `json:"exact,omitempty"`
	Within *elArg  `json:"within,omitempty"`
}

// written renders the element argument as the program wrote it.
func (e *elArg) written() json.RawMessage {
	if e == nil {
		return nil
	}
	var v any
	switch {
	case e.Target != nil:
		v = e.Target.written()
	case e.Pin != 0:
		v = map[string]any{"found": map[string]any{"id": e.ID, "observation": e.Obs}}
	default:
		v = map[string]any{"id": e.ID}
	}
	b, _ := json.Marshal(v)
	return b
}

func (t *targetArg) written() map[string]any {
	m := map[string]any{}
	if t.Role != "" {
		m["role"] = t.Role
	}
	switch {
	case t.Re != nil:
		m["name"] = "/" + *t.Re + "/" + t.Flags
	case t.Name != nil:
		m["name"] = *t.Name
	}
	if t.Exact != nil {
		m["exact"] = *t.Exact
	}
	if t.Within != nil {
		var w any
		_ = json.Unmarshal(t.Within.written(), &w)
		m["within"] = w
	}
	return m
}

// goTarget converts a target to axtree's; within an element (not a target)
// comes back as scope.
func goTarget(t *targetArg, tree *axtree.Tree) (axtree.Target, *elArg, error) {
	var out axtree.Target
	if err := axtree.CheckRole(t.Role); err != nil && !hasRole(tree, t.Role) {
		return out, nil, err
	}
	out.Role = strings.ToLower(strings.TrimSpace(t.Role))
	if t.Exact != nil && !*t.Exact {
		out.Mode = axtree.MatchSubstring
	}
	switch {
	case t.Re != nil:
		pat := *t.Re
		var flags string
		for _, f := range t.Flags {
			switch f {
			case 'i', 'm', 's':
				if !strings.ContainsRune(flags, f) {
					flags += string(f)
				}
			case 'g', 'y', 'u', 'v', 'd':
				// no meaning for a match
			default:
				return out, nil, fmt.Errorf("the RegExp flag %q is not supported", f)
			}
		}
		if flags != "" {
			pat = "(?" + flags + ")" + pat
		}
		re, err := regexp.Compile(pat)
		if err != nil {
			return out, nil, fmt.Errorf("the RegExp /%s/%s is not one the renderer's Go regexp engine takes (no lookaround or backreferences): %v", *t.Re, t.Flags, err)
		}
		out.Re = re
	case t.Name != nil:
		out.Name = *t.Name
	}
	if t.Within != nil {
		if t.Within.Target != nil && t.Within.Pin == 0 && t.Within.ID == 0 {
			w, scope, err := goTarget(t.Within.Target, tree)
			if err != nil {
				return out, nil, err
			}
			if scope != nil {
				return out, nil, errors.New("within: nest targets or give one element, not both")
			}
			out.Within = &w
			return out, nil, nil
		}
		return out, t.Within, nil
	}
	return out, nil, nil
}

// hasRole reports whether the tree prints role (the tree's own roles, such
// as iframe, are not all WAI-ARIA tokens).
func hasRole(tree *axtree.Tree, role string) bool {
	if tree == nil {
		return false
	}
	r := strings.ToLower(strings.TrimSpace(role))
	found := false
	tree.Walk(func(n *axtree.Node, _ int) bool {
		if n.Role == r {
			found = true
		}
		return !found
	})
	return found
}

// observation is a capture with its id, text and a capture-id index.
type observation struct {
	snap *capture.Snapshot
	id   string
	text string
	rev  map[int]int // capture id -> tree id (built on demand)
}

// observed returns the observation of snap (cached for the latest one).
func (s *Session) observed(snap *capture.Snapshot) *observation {
	s.mu.Lock()
	if s.lastObs != nil && s.lastObs.snap == snap {
		o := s.lastObs
		s.mu.Unlock()
		return o
	}
	s.mu.Unlock()
	text := string(snap.Result.Text())
	o := &observation{snap: snap, text: text, id: trajectory.ObservationID(text, snap.Result.Links.Record())}
	s.mu.Lock()
	s.lastObs = o
	s.mu.Unlock()
	return o
}

func (o *observation) treeID(k int) int {
	if o.rev == nil {
		o.rev = map[int]int{}
		for _, id := range o.snap.Result.Tree.IDs() {
			if c := o.snap.CaptureID(id); c > 0 {
				o.rev[c] = id
			}
		}
	}
	return o.rev[k]
}

// node returns the tree node with id, or nil.
func (o *observation) node(id int) *axtree.Node {
	var found *axtree.Node
	o.snap.Result.Tree.Walk(func(n *axtree.Node, _ int) bool {
		if found != nil {
			return false
		}
		if n.ID == id && n.Role != "" {
			found = n
			return false
		}
		return true
	})
	return found
}

// capture takes a new observation (s.act held).
func (s *Session) capture(ctx context.Context) (*observation, error) {
	snap, err := s.page.Capture(ctx)
	if err != nil {
		return nil, err
	}
	return s.observed(snap), nil
}

// latest returns the latest observation, capturing when there is none
// (s.act held).
func (s *Session) latest(ctx context.Context) (*observation, error) {
	if snap := s.page.Last(); snap != nil {
		return s.observed(snap), nil
	}
	return s.capture(ctx)
}

// find resolves a target in an observation.
func (s *Session) find(ctx context.Context, o *observation, t *targetArg) (axtree.FindResult, error) {
	tg, scope, err := goTarget(t, o.snap.Result.Tree)
	if err != nil {
		return axtree.FindResult{}, err
	}
	if scope == nil {
		return o.snap.Result.Tree.Find(tg), nil
	}
	id, err := s.resolveElement(ctx, &o, scope, false)
	if err != nil {
		return axtree.FindResult{}, fmt.Errorf("within: %w", err)
	}
	n := o.node(id)
	sub := &axtree.Tree{Roots: n.Children}
	return sub.Find(tg), nil
}

// resolveElement returns the tree id of a found element or tree id in the
// latest observation (*o is replaced when a new capture was needed).
func (s *Session) resolveElement(ctx context.Context, o **observation, e *elArg, fresh bool) (int, error) {
	cur := *o
	if e.Pin == 0 {
		if cur.node(e.ID) == nil {
			return 0, fmt.Errorf("no element [id=%d] in the latest observation %s", e.ID, cur.id)
		}
		return e.ID, nil
	}
	if cur.id == e.Obs && !fresh && cur.node(e.ID) != nil {
		return e.ID, nil
	}
	// The page changed since the element was found: find it again.
	if !fresh {
		n, err := s.capture(ctx)
		if err != nil {
			return 0, err
		}
		*o, cur = n, n
	}
	var k int
	if err := s.page.Call(ctx, "", "ax.locate", map[string]any{"pin": e.Pin, "n": captureCount(cur)}, &k); err != nil {
		return 0, err
	}
	if k == 0 {
		return 0, fmt.Errorf("the element [id=%d] found in observation %s is no longer in the page", e.ID, e.Obs)
	}
	id := cur.treeID(k)
	if id == 0 {
		return 0, fmt.Errorf("the element [id=%d] found in observation %s is in the page but not in the tree now (hidden?)", e.ID, e.Obs)
	}
	return id, nil
}

// captureCount is the number of elements the capture numbered.
func captureCount(o *observation) int {
	max := 0
	for _, id := range o.snap.Result.Tree.IDs() {
		if k := o.snap.CaptureID(id); k > max {
			max = k
		}
	}
	if n := o.snap.Doc.Len(); n > max {
		max = n
	}
	return max
}

// target resolves any element argument to a tree id in a fresh or the
// latest observation, with the match count and candidates of a target.
func (s *Session) target(ctx context.Context, e *elArg) (o *observation, id, matches int, cands []axtree.Match, err error) {
	if e == nil {
		return nil, 0, 0, nil, errors.New("no element given")
	}
	if e.Target != nil {
		o, err = s.capture(ctx)
		if err != nil {
			return nil, 0, 0, nil, err
		}
		res, err := s.find(ctx, o, e.Target)
		if err != nil {
			return o, 0, 0, nil, err
		}
		if len(res.Matches) == 0 {
			return o, 0, 0, res.Candidates, fmt.Errorf("no element matches %s in observation %s%s", describeTarget(e.Target), o.id, closest(res.Candidates))
		}
		return o, res.Matches[0].ID, len(res.Matches), nil, nil
	}
	o, err = s.latest(ctx)
	if err != nil {
		return nil, 0, 0, nil, err
	}
	id, err = s.resolveElement(ctx, &o, e, false)
	return o, id, 1, nil, err
}

func describeTarget(t *targetArg) string {
	b, _ := json.Marshal(t.written())
	return string(b)
}

func closest(cs []axtree.Match) string {
	if len(cs) == 0 {
		return " (and the page has no candidates)"
	}
	var parts []string
	for _, c := range cs {
		parts = append(parts, fmt.Sprintf("[id=%d] %s %q", c.ID, c.Role, c.Name))
	}
	return "; closest: " + strings.Join(parts, ", ")
}

// pin pins the elements of tree ids of the latest capture in the page.
func (s *Session) pin(ctx context.Context, o *observation, ids []int) ([]int64, error) {
	ks := make([]int, len(ids))
	for i, id := range ids {
		ks[i] = o.snap.CaptureID(id)
	}
	var pins []int64
	if len(ks) == 0 {
		return nil, nil
	}
	err := s.page.Call(ctx, "", "ax.pin", map[string]any{"ks": ks}, &pins)
	return pins, err
}

type findReq struct {
	Run  int64   `json:"run"`
	Seq  int     `json:"seq"`
	Call string  `json:"call"`
	Line int     `json:"line"`
	El   *elArg  `json:"el"`
	All  bool    `json:"all"`
	Wait float64 `json:"wait"`
}

type match struct {
	ID          int     `json:"id"`
	Role        string  `json:"role"`
	Name        string  `json:"name"`
	Score       float64 `json:"score,omitempty"`
	Pin         int64   `json:"pin"`
	Observation string  `json:"observation"`
}

func (s *Session) hFind(ctx context.Context, raw json.RawMessage) (any, error) {
	var req findReq
	if err := json.Unmarshal(raw, &req); err != nil || req.El == nil {
		return nil, fmt.Errorf("ax: a bad find request: %v", err)
	}
	rs := s.runOf(req.Run)
	if rs == nil {
		return nil, errors.New("ax: the run is over")
	}
	t0 := time.Now()
	wait := time.Duration(req.Wait * float64(time.Millisecond))
	if wait > s.opts.CallTimeout {
		wait = s.opts.CallTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, s.opts.CallTimeout+wait)
	defer cancel()
	c := Call{Call: req.Call, Line: req.Line, Target: req.El.written(), At: rs.since(t0), seq: req.Seq}
	s.act.Lock()
	defer s.act.Unlock()
	var o *observation
	var res axtree.FindResult
	var err error
	for {
		o, err = s.capture(ctx)
		if err == nil {
			if req.El.Target != nil {
				res, err = s.find(ctx, o, req.El.Target)
			} else {
				var id int
				id, err = s.resolveElement(ctx, &o, req.El, true)
				if err == nil {
					n := o.node(id)
					res.Matches = []axtree.Match{{ID: id, Role: n.Role, Name: n.Name, Score: 1}}
				}
			}
		}
		if err != nil || len(res.Matches) > 0 || time.Since(t0) >= wait {
			break
		}
		s.act.Unlock()
		select {
		case <-time.After(150 * time.Millisecond):
		case <-ctx.Done():
		}
		s.act.Lock()
		if ctx.Err() != nil {
			err = fmt.Errorf("waiting for %s: %w", string(c.Target), ctx.Err())
			break
		}
	}
	if err != nil {
		c.Error = err.Error()
		c.MS = ms(time.Since(t0))
		s.record(rs, c, o, 0)
		return nil, err
	}
	ms_ := res.Matches
	if !req.All && len(ms_) > 1 {
		ms_ = ms_[:1]
	}
	ids := make([]int, 0, len(ms_)+len(res.Candidates))
	for _, m := range ms_ {
		ids = append(ids, m.ID)
	}
	for _, m := range res.Candidates {
		ids = append(ids, m.ID)
	}
	pins, err := s.pin(ctx, o, ids)
	if err != nil {
		c.Error = err.Error()
		c.MS = ms(time.Since(t0))
		s.record(rs, c, o, 0)
		return nil, err
	}
	out := struct {
		Observation string  `json:"observation"`
		Matches     []match `json:"matches"`
		Candidates  []match `json:"candidates"`
		Timeout     bool    `json:"timeout,omitempty"`
		Error       string  `json:"error,omitempty"`
	}{Observation: o.id, Matches: []match{}, Candidates: []match{}}
	for i, m := range ms_ {
		out.Matches = append(out.Matches, match{ID: m.ID, Role: m.Role, Name: m.Name, Pin: pins[i], Observation: o.id})
	}
	for i, m := range res.Candidates {
		out.Candidates = append(out.Candidates, match{ID: m.ID, Role: m.Role, Name: m.Name, Score: m.Score, Pin: pins[len(ms_)+i], Observation: o.id})
		c.Candidates = append(c.Candidates, Candidate{ID: m.ID, Role: m.Role, Name: m.Name, Score: m.Score, Observation: o.id})
	}
	if len(res.Matches) > 0 {
		m := res.Matches[0]
		c.Resolved = &Resolved{ID: m.ID, Role: m.Role, Name: m.Name, Observation: o.id, Matches: len(res.Matches)}
		var r any = map[string]any{"id": m.ID, "role": m.Role, "name": m.Name, "observation": o.id}
		if req.All {
			all := make([]any, len(res.Matches))
			for i, m := range res.Matches {
				all[i] = map[string]any{"id": m.ID, "role": m.Role, "name": m.Name}
			}
			r = all
		}
		c.Result, _ = json.Marshal(r)
	} else {
		c.Result = json.RawMessage("null")
		if req.All {
			c.Result = json.RawMessage("[]")
		}
		if wait > 0 {
			out.Timeout = true
			c.Error = fmt.Sprintf("no element matched %s within %v%s", string(c.Target), wait, closest(res.Candidates))
			out.Error = "ax.waitFor: " + c.Error
			c.Result = nil
		}
	}
	c.MS = ms(time.Since(t0))
	id := 0
	if c.Resolved != nil {
		id = c.Resolved.ID
	}
	s.record(rs, c, o, id)
	return out, nil
}

type actReq struct {
	Run     int64    `json:"run"`
	Seq     int      `json:"seq"`
	Call    string   `json:"call"`
	Line    int      `json:"line"`
	El      *elArg   `json:"el"`
	Action  string   `json:"action"`
	Value   *string  `json:"value"`
	Values  []string `json:"values"`
	Clear   *bool    `json:"clear"`
	Checked *bool    `json:"checked"`
}

func (s *Session) hAct(ctx context.Context, raw json.RawMessage) (any, error) {
	var req actReq
	if err := json.Unmarshal(raw, &req); err != nil {
		return nil, fmt.Errorf("ax: a bad action request: %v", err)
	}
	rs := s.runOf(req.Run)
	if rs == nil {
		return nil, errors.New("ax: the run is over")
	}
	t0 := time.Now()
	ctx, cancel := context.WithTimeout(ctx, s.opts.CallTimeout)
	defer cancel()
	c := Call{Call: req.Call, Line: req.Line, Target: req.El.written(), At: rs.since(t0), seq: req.Seq}
	args := map[string]any{}
	if req.Value != nil {
		args["value"] = *req.Value
		if req.Action == "type" {
			args = map[string]any{"text": *req.Value}
		}
	}
	if req.Values != nil {
		args["values"] = req.Values
	}
	if req.Clear != nil && !*req.Clear {
		args["clear"] = false
	}
	if req.Checked != nil {
		args["checked"] = *req.Checked
	}
	if len(args) > 0 {
		c.Args, _ = json.Marshal(args)
	}
	s.act.Lock()
	defer s.act.Unlock()
	o, how, err := s.perform(ctx, &req, &c)
	if c.Resolved != nil {
		c.Resolved.How = how
	}
	c.MS = ms(time.Since(t0))
	id := 0
	if c.Resolved != nil {
		id = c.Resolved.ID
	}
	if err != nil {
		c.Error = err.Error()
		s.record(rs, c, o, id)
		return nil, err
	}
	c.Result = json.RawMessage("null")
	s.record(rs, c, o, id)
	return map[string]any{}, nil
}

// perform does one action (s.act held).
func (s *Session) perform(ctx context.Context, req *actReq, c *Call) (*observation, string, error) {
	if req.Action == "press" {
		o, _ := s.latest(ctx)
		if req.Value == nil {
			return o, "", errors.New("press: no key")
		}
		return o, "", s.page.Press(ctx, *req.Value)
	}
	o, id, n, cands, err := s.target(ctx, req.El)
	for _, m := range cands {
		c.Candidates = append(c.Candidates, Candidate{ID: m.ID, Role: m.Role, Name: m.Name, Score: m.Score, Observation: o.id})
	}
	if err != nil {
		return o, "", err
	}
	node := o.node(id)
	c.Resolved = &Resolved{ID: id, Role: node.Role, Name: node.Name, Observation: o.id, Matches: n}
	switch req.Action {
	case "click":
		return o, "", s.page.Act(ctx, id, capture.Click, "")
	case "type":
		text := ""
		if req.Value != nil {
			text = *req.Value
		}
		clear := req.Clear == nil || *req.Clear
		how, err := s.typeInto(ctx, o, id, node, text, clear)
		return o, how, err
	case "select":
		return o, "", s.selectValues(ctx, o, id, node, req.Values)
	case "check":
		want := req.Checked == nil || *req.Checked
		k := o.snap.CaptureID(id)
		state := func() (bool, error) {
			var st string
			if err := s.page.Call(ctx, "", "ax.checked", map[string]any{"k": k}, &st); err != nil {
				return false, err
			}
			if st == "gone" {
				return false, fmt.Errorf("[id=%d] is no longer in the page", id)
			}
			return st == "yes", nil
		}
		on, err := state()
		if err != nil || on == want {
			return o, "", err
		}
		if err := s.page.Act(ctx, id, capture.Click, ""); err != nil {
			return o, "", err
		}
		if on, err = state(); err != nil {
			return o, "", err
		}
		if on != want {
			return o, "", fmt.Errorf("clicking [id=%d] %s %q did not %s it", id, node.Role, node.Name, map[bool]string{true: "check", false: "uncheck"}[want])
		}
		return o, "", nil
	}
	return o, "", fmt.Errorf("unknown action %q", req.Action)
}

// selectValues chooses the options values (each an option's value, or
// else its label) of the <select> with tree id id (s.act held) through
// capture's SelectOptions: one value, or several of a <select multiple>,
// exactly those options. ax.select works on <select> elements only; an ARIA listbox or
// combobox is driven by clicking, and saying so is the error.
func (s *Session) selectValues(ctx context.Context, o *observation, id int, node *axtree.Node, values []string) error {
	if len(values) == 0 {
		return fmt.Errorf("select [id=%d]: no value given", id)
	}
	if hn := o.snap.Result.Tree.Node(id); hn == nil || hn.Data != "select" {
		tag := "?"
		if hn != nil {
			tag = hn.Data
		}
		return fmt.Errorf("select [id=%d] %s %q: ax.select chooses options of a <select> element, and this is a <%s>; for an ARIA listbox or combobox, click it open and click the option (ax.click({role: \"option\", name: …}))", id, node.Role, node.Name, tag)
	}
	if err := s.page.SelectOptions(ctx, id, values); err != nil {
		return fmt.Errorf("select [id=%d] %s %q: %w", id, node.Role, node.Name, err)
	}
	return nil
}

// typeInto types text into tree id id, as the field's listeners say it
// takes text: a field that is read-only until clicked
// (click→type:focus-first) is clicked first; one that listens for keys but
// not for input gets key presses; everything else trusted text insertion,
// which fires beforeinput and input as typing does and changes the value
// below any framework's value setter.
func (s *Session) typeInto(ctx context.Context, o *observation, id int, node *axtree.Node, text string, clear bool) (string, error) {
	var how []string
	for _, a := range node.Actions() {
		if a == actions.FocusFirst {
			if err := s.page.Act(ctx, id, capture.Click, ""); err != nil {
				return "click first", err
			}
			how = append(how, "click first")
		}
	}
	var rec listeners.Record
	if hn := o.snap.Result.Tree.Node(id); hn != nil {
		if f := o.snap.Doc.Facts(hn); f != nil {
			rec = f.Listeners
		}
	}
	keys := rec.HasAny("keydown", "keypress", "keyup") && !rec.HasAny("input", "beforeinput", "change", "paste") &&
		rec.Sources()&(listeners.React|listeners.Vue) == 0
	k := o.snap.CaptureID(id)
	switch {
	case !keys && clear && text != "":
		how = append(how, "insertText")
		return strings.Join(how, ", then "), s.page.Act(ctx, id, capture.Type, text)
	default:
		var msg string
		if err := s.page.Call(ctx, "", "ax.prep", map[string]any{"k": k, "clear": clear, "strict": true}, &msg); err != nil {
			return strings.Join(how, ", then "), err
		}
		if msg != "" {
			return strings.Join(how, ", then "), fmt.Errorf("type into [id=%d]: %s", id, msg)
		}
		if clear {
			if err := s.page.Press(ctx, "Backspace"); err != nil {
				return strings.Join(how, ", then "), err
			}
		}
		if keys {
			how = append(how, "keys")
			for _, r := range text {
				key := string(r)
				if r == '\n' {
					key = "Enter"
				}
				if err := s.page.Press(ctx, key); err != nil {
					return strings.Join(how, ", then "), err
				}
			}
			return strings.Join(how, ", then "), nil
		}
		how = append(how, "insertText")
		if text == "" {
			return strings.Join(how, ", then "), nil
		}
		return strings.Join(how, ", then "), s.page.InsertText(ctx, text)
	}
}

func (s *Session) hObserve(ctx context.Context, raw json.RawMessage) (any, error) {
	var req struct {
		Run  int64 `json:"run"`
		Seq  int   `json:"seq"`
		Line int   `json:"line"`
	}
	_ = json.Unmarshal(raw, &req)
	rs := s.runOf(req.Run)
	if rs == nil {
		return nil, errors.New("ax: the run is over")
	}
	t0 := time.Now()
	c := Call{Call: "observe", Line: req.Line, At: rs.since(t0), seq: req.Seq}
	ctx, cancel := context.WithTimeout(ctx, s.opts.CallTimeout)
	defer cancel()
	s.act.Lock()
	o, err := s.capture(ctx)
	s.act.Unlock()
	c.MS = ms(time.Since(t0))
	if err != nil {
		c.Error = err.Error()
		s.record(rs, c, nil, 0)
		return nil, err
	}
	c.Result, _ = json.Marshal(map[string]any{"observation": o.id, "bytes": len(o.text)})
	s.record(rs, c, o, 0)
	return map[string]any{"id": o.id, "text": o.text, "url": o.snap.Meta.URL, "title": o.snap.Meta.Title}, nil
}

// hLog records a call the page performed itself (request, getCsrfToken).
func (s *Session) hLog(ctx context.Context, raw json.RawMessage) (any, error) {
	var r struct {
		Run    int64           `json:"run"`
		Seq    int             `json:"seq"`
		Call   string          `json:"call"`
		Line   int             `json:"line"`
		At     float64         `json:"at"`
		MS     float64         `json:"ms"`
		Target json.RawMessage `json:"target"`
		Result json.RawMessage `json:"result"`
		Error  *string         `json:"error"`
	}
	if err := json.Unmarshal(raw, &r); err != nil {
		return nil, err
	}
	rs := s.runOf(r.Run)
	if rs == nil {
		return nil, nil
	}
	c := Call{Call: r.Call, Line: r.Line, Target: r.Target, Result: r.Result, At: round3(r.At), MS: round3(r.MS), seq: r.Seq}
	if r.Error != nil {
		c.Error = *r.Error
		c.Result = nil
	}
	var o *observation
	if snap := s.page.Last(); snap != nil {
		o = s.observed(snap)
	}
	s.record(rs, c, o, 0)
	return true, nil
}

func round3(f float64) float64 { return float64(int64(f*1000+0.5)) / 1000 }

// record adds a call to the run and, with a trajectory, a step.
func (s *Session) record(rs *runState, c Call, o *observation, id int) {
	rs.add(c)
	tr := s.opts.Trajectory
	if tr == nil || o == nil {
		return
	}
	what := fmt.Sprintf("%s (line %d)", c.Call, c.Line)
	obs, err := tr.Observe(o.text, o.snap.Result.Links.Record(), o.snap.Meta.URL, o.snap.Meta.Title)
	if err != nil {
		rs.refuse(what, err)
		return
	}
	args := map[string]any{}
	if len(c.Target) > 0 {
		var t any
		_ = json.Unmarshal(c.Target, &t)
		args["target"] = t
	}
	if len(c.Args) > 0 {
		var a map[string]any
		_ = json.Unmarshal(c.Args, &a)
		for k, v := range a {
			args[k] = v
		}
	}
	ab, _ := json.Marshal(args)
	a := trajectory.Action{Call: trajectory.Call{Tool: c.Call, Args: trajectory.RawJSON(ab)}, Outcome: trajectory.ActionOK}
	if id > 0 {
		a.Resolved, _ = tr.Resolve(obs, id)
	}
	if len(c.Result) > 0 {
		a.Result = trajectory.RawJSON(c.Result)
	}
	outcome := trajectory.StepOK
	if c.Error != "" {
		a.Error, a.Outcome, outcome = c.Error, trajectory.ActionError, trajectory.StepFailed
	}
	if _, err := tr.Append(trajectory.Step{Kind: trajectory.KindProgram, Observation: obs, Line: rs.planLine(c.Line), Actions: []trajectory.Action{a}, Outcome: outcome}); err != nil {
		rs.refuse(what, err) // the run says so (Run.Error)
	}
}
