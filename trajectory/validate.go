package trajectory

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/axtree/axtree/links"
	"github.com/axtree/axtree/serialize"
)

// MaxErrors bounds how many problems Validate reports at once.
const MaxErrors = 50

// Element is one element line of an observation's text.
type Element struct {
	ID   int    // the element's id, printed as [id=ID]
	Role string // its role
	Name string // its accessible name
	Line int    // the 1-based line of the text that carries [id=ID]
}

// Index maps the element ids of one observation's text to their lines.
type Index struct {
	byID  map[int]Element
	lines int
}

// NewIndex parses an observation's text (serialize.Parse) and indexes its
// element lines. The first element line with an id is the one that
// carries it (the state record names ids again; it is not counted).
func NewIndex(text string) (*Index, error) {
	_, pieces, err := serialize.ParsePieces(text)
	if err != nil {
		return nil, err
	}
	ix := &Index{byID: map[int]Element{}}
	for _, p := range pieces {
		n := p.Node
		if n.Role != "" && n.ID > 0 {
			if _, dup := ix.byID[n.ID]; !dup {
				ix.byID[n.ID] = Element{ID: n.ID, Role: n.Role, Name: n.Name, Line: p.Line}
			}
		}
	}
	if len(pieces) > 0 {
		ix.lines = pieces[len(pieces)-1].Line
	}
	return ix, nil
}

// Elements returns the indexed elements in line order.
func (ix *Index) Elements() []Element {
	if ix == nil {
		return nil
	}
	out := make([]Element, 0, len(ix.byID))
	for _, e := range ix.byID {
		out = append(out, e)
	}
	slices.SortFunc(out, func(a, b Element) int { return a.Line - b.Line })
	return out
}

// Lines returns the number of node lines of the text (the state record
// and truncation note not counted).
func (ix *Index) Lines() int {
	if ix == nil {
		return 0
	}
	return ix.lines
}

// Lookup returns the element with id, and whether the text has one.
func (ix *Index) Lookup(id int) (Element, bool) {
	if ix == nil {
		return Element{}, false
	}
	e, ok := ix.byID[id]
	return e, ok
}

// Resolve returns the Resolved form of the element with id, or an error
// saying the observation has no such element.
func (ix *Index) Resolve(id int) (*Resolved, error) {
	e, ok := ix.Lookup(id)
	if !ok {
		return nil, fmt.Errorf("no element [id=%d] in the observation", id)
	}
	return &Resolved{ID: e.ID, Role: e.Role, Name: e.Name, Line: e.Line}, nil
}

// Validate checks a run: the format tag and run id, the enumerated values,
// that every observation's id is the hash of its text and links and its
// text parses, that every step names an observation of the run, and that
// every resolved element exists in that observation with that role, name
// and line. It returns nil or up to MaxErrors *Error values joined with
// errors.Join, each naming its path (steps[3].actions[0].resolved.id).
func Validate(run *Run) error {
	if run == nil {
		return &Error{Offset: -1, Msg: "no run"}
	}
	v := &validator{}
	v.run(run)
	if len(v.errs) == 0 {
		return nil
	}
	return errors.Join(v.errs...)
}

type validator struct {
	errs    []error
	dropped int
}

func (v *validator) add(path, format string, args ...any) {
	if len(v.errs) >= MaxErrors {
		if v.dropped == 0 {
			v.errs = append(v.errs, &Error{Offset: -1, Msg: "further errors not shown"})
		}
		v.dropped++
		return
	}
	v.errs = append(v.errs, &Error{Path: path, Offset: -1, Msg: fmt.Sprintf(format, args...)})
}

func (v *validator) run(r *Run) {
	if r.Format != Format {
		v.add("format", "%q is not %q", clip(r.Format), Format)
	}
	if !ValidRunID(r.ID) {
		v.add("id", "%q is not a run id (1 to 128 of A-Z a-z 0-9 . _ -, not starting with . or -)", clip(r.ID))
	}
	if strings.TrimSpace(r.Task) == "" {
		v.add("task", "missing: a run has a task")
	}
	if r.Outcome != "" && !slices.Contains(taskOutcomes, r.Outcome) {
		v.add("outcome", "%q is not a task outcome (%s)", clip(string(r.Outcome)), list(taskOutcomes))
	}
	if r.Outcome == "" && !r.Ended.IsZero() {
		v.add("outcome", "missing: an ended run has an outcome")
	}
	if !r.Started.IsZero() && !r.Ended.IsZero() && r.Ended.Before(r.Started) {
		v.add("ended", "%s is before started %s", r.Ended.Format(timeFormat), r.Started.Format(timeFormat))
	}
	programLines := 0
	if r.Plan != nil && r.Plan.Program != "" {
		programLines = strings.Count(strings.TrimSuffix(r.Plan.Program, "\n"), "\n") + 1
	}
	v.strings("task", r.Task, "site", r.Site, "model", r.Model, "note", r.Note)
	if r.Plan != nil {
		v.strings("plan.reasoning", r.Plan.Reasoning, "plan.language", r.Plan.Language, "plan.program", r.Plan.Program)
	}

	index := make(map[string]*Index, len(r.Observations))
	for i := range r.Observations {
		o := &r.Observations[i]
		p := "observations[" + strconv.Itoa(i) + "]"
		v.strings(p+".url", o.URL, p+".title", o.Title, p+".text", o.Text)
		ids := sortedIDs(o.Links)
		for _, id := range ids {
			u := o.Links[id]
			if id <= 0 {
				v.add(p+".links", "id %d is not an element id", id)
			}
			if !utf8.ValidString(u) {
				v.add(p+".links", "the URL of [id=%d] is not valid UTF-8", id)
			}
		}
		if want := ObservationID(o.Text, o.Links); o.ID != want {
			v.add(p+".id", "%q is not the content hash of the observation's text and links (%s)", clip(o.ID), want)
		}
		if _, dup := index[o.ID]; dup {
			v.add(p+".id", "observation %s appears twice", clip(o.ID))
			continue
		}
		ix, err := NewIndex(o.Text)
		if err != nil {
			v.add(p+".text", "not an axtree tree text: %v", err)
		}
		index[o.ID] = ix // nil when it does not parse: steps on it are not checked further
		for _, id := range ids {
			if ix != nil {
				if _, ok := ix.Lookup(id); !ok {
					v.add(p+".links", "[id=%d] has a URL but no element line", id)
				}
			}
		}
	}

	for i := range r.Steps {
		v.step(r, i, index, programLines)
	}
}

func (v *validator) step(r *Run, i int, index map[string]*Index, programLines int) {
	s := &r.Steps[i]
	p := "steps[" + strconv.Itoa(i) + "]"
	if !slices.Contains(stepKinds, s.Kind) {
		v.add(p+".kind", "%q is not a step kind (%s)", clip(string(s.Kind)), list(stepKinds))
	}
	if !slices.Contains(stepOutcomes, s.Outcome) {
		v.add(p+".outcome", "%q is not a step outcome (%s)", clip(string(s.Outcome)), list(stepOutcomes))
	}
	ix, known := index[s.Observation]
	if !known {
		if s.Observation == "" {
			v.add(p+".observation", "missing: a step names the observation it acted on")
		} else {
			v.add(p+".observation", "%q is not an observation of this run", clip(s.Observation))
		}
	}
	if s.Line < 0 || s.Line > programLines {
		if programLines == 0 {
			v.add(p+".line", "%d: the run has no program", s.Line)
		} else {
			v.add(p+".line", "%d is not a line of the program (1–%d)", s.Line, programLines)
		}
	}
	if s.Recovers != nil {
		switch j := *s.Recovers; {
		case j < 0 || j >= i:
			v.add(p+".recovers", "%d is not the index of an earlier step", j)
		case r.Steps[j].Outcome != StepFailed:
			v.add(p+".recovers", "steps[%d] did not fail (its outcome is %q)", j, r.Steps[j].Outcome)
		}
	}
	if !s.Started.IsZero() && !s.Ended.IsZero() && s.Ended.Before(s.Started) {
		v.add(p+".ended", "%s is before started %s", s.Ended.Format(timeFormat), s.Started.Format(timeFormat))
	}
	v.strings(p+".reasoning", s.Reasoning)
	for j := range s.Actions {
		a := &s.Actions[j]
		ap := p + ".actions[" + strconv.Itoa(j) + "]"
		if strings.TrimSpace(a.Call.Tool) == "" {
			v.add(ap+".call.tool", "missing: a call names its tool")
		}
		v.strings(ap+".call.tool", a.Call.Tool, ap+".call.source", a.Call.Source, ap+".error", a.Error)
		if len(a.Call.Args) > 0 && (!jsontext.Value(a.Call.Args).IsValid() || a.Call.Args[0] != '{') {
			v.add(ap+".call.args", "not a JSON object")
		}
		if len(a.Result) > 0 && !jsontext.Value(a.Result).IsValid() {
			v.add(ap+".result", "not a JSON value")
		}
		switch a.Outcome {
		case ActionOK, ActionSkipped:
			if a.Error != "" {
				v.add(ap+".error", "an action with outcome %q has no error", a.Outcome)
			}
		case ActionError:
			if a.Error == "" {
				v.add(ap+".error", "missing: an action with outcome \"error\" keeps its error verbatim")
			}
		default:
			v.add(ap+".outcome", "%q is not an action outcome (%s)", clip(string(a.Outcome)), list(actionOutcomes))
		}
		if a.Resolved == nil || !known || ix == nil {
			continue
		}
		rp := ap + ".resolved"
		e, ok := ix.Lookup(a.Resolved.ID)
		if !ok {
			v.add(rp+".id", "no element [id=%d] in observation %s", a.Resolved.ID, clip(s.Observation))
			continue
		}
		if a.Resolved.Line != e.Line {
			v.add(rp+".line", "%d is not the line carrying [id=%d] in observation %s (line %d)", a.Resolved.Line, e.ID, clip(s.Observation), e.Line)
		}
		if a.Resolved.Role != e.Role {
			v.add(rp+".role", "%q is not the role of [id=%d] (%q)", clip(a.Resolved.Role), e.ID, e.Role)
		}
		if a.Resolved.Name != e.Name {
			v.add(rp+".name", "%q is not the name of [id=%d] (%q)", clip(a.Resolved.Name), e.ID, clip(e.Name))
		}
	}
}

// strings checks that each value of the (path, value) pairs is valid UTF-8.
func (v *validator) strings(pairs ...string) {
	for k := 0; k+1 < len(pairs); k += 2 {
		if !utf8.ValidString(pairs[k+1]) {
			v.add(pairs[k], "not valid UTF-8")
		}
	}
}

const timeFormat = "2006-01-02T15:04:05.999999999Z07:00"

// ValidRunID reports whether s can be a run id: 1 to 128 ASCII letters,
// digits, '.', '_' or '-', not starting with '.' or '-' (the observation
// store's rule, so a run id is safe in a URL path and a file name).
func ValidRunID(s string) bool {
	if len(s) == 0 || len(s) > 128 || s[0] == '.' || s[0] == '-' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '.', c == '_', c == '-':
		default:
			return false
		}
	}
	return true
}

func list[T ~string](vals []T) string {
	s := make([]string, len(vals))
	for i, v := range vals {
		s[i] = string(v)
	}
	return strings.Join(s, ", ")
}

func sortedIDs(rec links.Record) []int {
	ids := make([]int, 0, len(rec))
	for id := range rec {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids
}
