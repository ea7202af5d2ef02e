package observe

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/axtree/axtree/links"
	"github.com/axtree/axtree/render"
)

// Errors of Record for input a caller must fix (a server answers them
// with a 4xx status).
var (
	// ErrUnknownPrevious: the previous observation is not a step of the run.
	ErrUnknownPrevious = errors.New("unknown previous observation")
	// ErrBadAction: the action is malformed or names no element of the
	// previous observation.
	ErrBadAction = errors.New("invalid action")
)

// MaxActionBytes bounds the action and value strings of an Action.
const MaxActionBytes = 64 << 10

// Recorder turns rendered pages into stored observations.
type Recorder struct {
	Store Store
	// Now gives the capture time; nil means time.Now. It is stored beside
	// the observation, never hashed.
	Now func() time.Time
}

// Input is one page to record and its place in a run.
type Input struct {
	Run string // run id (see ValidRun)
	// Previous is the observation the action was taken on (its ID or its
	// State). "" continues from the run's last step, or starts the run
	// when it has none.
	Previous string
	// Start says the step must begin the run: Record fails with
	// ErrRunExists when the run has steps already (a replay into a run
	// that exists would chain onto its last step).
	Start bool
	// Action is what was done on Previous (Element, Action, Value; the
	// rest is filled in). nil when unknown.
	Action *Action
	// Page is the rendered page. Record renumbers its tree and link record
	// to the run's stable ids.
	Page *render.Result
	// URL and Title describe the page; "" takes the tree's.
	URL, Title string
	// Finish, when set, is called with the page as the run numbers it,
	// before the step is committed; its error aborts the Record and
	// nothing is stored. A server counts tokens and builds its answer
	// there, so that a request that runs out of time commits nothing. It
	// may be called again (with a new numbering) when another writer
	// added a step to the run in the meantime.
	Finish func(ctx context.Context, r *Recorded) error
}

// Recorded is the result of Record: the stored observation and the page as
// the agent sees it in this run (stable numbering).
type Recorded struct {
	Observation *Observation
	Text        []byte       // lean tree text, stable numbering (Observation.Text)
	Links       links.Record // link record, stable numbering (Observation.Links)
	Enriched    []byte       // tree text with link URLs inline, stable numbering
}

// Record numbers in.Page against the step it follows, resolves the action
// and stores both in one transaction (Store.Append).
//
// The step it follows is read first, outside the write, and the page is
// numbered against it there; inside the write, under the run's lock, the
// store hands over the step it really follows, and only when another
// writer appended to the run in the meantime is the page numbered again
// (and Finish called again). So concurrent posts to one run form one
// chain, and the expensive work stays out of the lock when they do not
// collide.
func (r *Recorder) Record(ctx context.Context, in Input) (*Recorded, error) {
	if r == nil || r.Store == nil {
		return nil, errors.New("observe: recorder has no store")
	}
	if in.Page == nil || in.Page.Tree == nil {
		return nil, errors.New("observe: no page")
	}
	if !ValidRun(in.Run) {
		return nil, fmt.Errorf("observe: %w %q", ErrBadRun, clip(in.Run))
	}
	if in.Previous != "" && !ValidID(in.Previous) {
		return nil, fmt.Errorf("observe: %w: %q is not an observation id", ErrUnknownPrevious, clip(in.Previous))
	}
	if in.Start && in.Previous != "" {
		return nil, fmt.Errorf("observe: %w: a step that starts a run has no previous observation", ErrUnknownPrevious)
	}
	if in.Action != nil {
		if err := checkAction(in.Action); err != nil {
			return nil, err
		}
	}
	canonLinks := in.Page.Links.Record()
	canon := &Content{Text: string(in.Page.Text()), Links: canonLinks}
	p := &pending{r: r, in: in, canon: canon, state: canon.ContentID()}

	guess, err := r.Store.Step(ctx, in.Run, in.Previous)
	switch {
	case errors.Is(err, ErrNotFound) && in.Previous != "":
		return nil, fmt.Errorf("observe: %w: %s is not in run %s", ErrUnknownPrevious, in.Previous, in.Run)
	case errors.Is(err, ErrNotFound):
		guess = nil
	case err != nil:
		return nil, err
	}
	if in.Start && guess != nil {
		return nil, fmt.Errorf("observe: run %s: %w", in.Run, ErrRunExists)
	}
	if err := p.prepare(ctx, guess); err != nil {
		return nil, err
	}
	o, err := r.Store.Append(ctx, in.Run, in.Previous, func(prev *Observation) (*Observation, error) {
		if in.Start && prev != nil {
			return nil, fmt.Errorf("observe: run %s: %w", in.Run, ErrRunExists)
		}
		if !sameStep(prev, guess) {
			if err := p.prepare(ctx, prev); err != nil {
				return nil, err
			}
		}
		return p.rec.Observation, nil
	})
	if err != nil {
		if errors.Is(err, ErrNotFound) {
			return nil, fmt.Errorf("%w: %w", ErrUnknownPrevious, err)
		}
		return nil, err
	}
	p.rec.Observation = o
	return p.rec, nil
}

// sameStep reports whether a and b are the same step of a run (or both
// none).
func sameStep(a, b *Observation) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.Run == b.Run && a.Seq == b.Seq && a.ID == b.ID
}

// pending is one Record in progress.
type pending struct {
	r        *Recorder
	in       Input
	canon    *Content // the page in canonical numbering
	state    string   // its id
	numbered bool     // the tree carries a stable numbering (undo before renumbering)
	rec      *Recorded
}

// prepare numbers the page against prev, resolves the action, builds the
// observation and calls Finish.
func (p *pending) prepare(ctx context.Context, prev *Observation) error {
	in := p.in
	t := in.Page.Tree
	if p.numbered {
		// Back to canonical numbers before numbering against another step.
		back := make(map[int]int, len(p.rec.Observation.Elements))
		for _, e := range p.rec.Observation.Elements {
			if e.ID != e.Canon {
				back[e.ID] = e.Canon
			}
		}
		if err := t.Renumber(back); err != nil {
			return fmt.Errorf("observe: renumber: %w", err)
		}
		p.numbered = false
	}
	var act *Action
	if in.Action != nil {
		var err error
		if act, err = resolve(in.Action, prev); err != nil {
			return err
		}
	}
	var prevElems []Element
	if prev != nil {
		prevElems = prev.Elements
	}
	elems, err := Stabilize(t, DocKeys(in.Page.Doc), prevElems)
	if err != nil {
		return err
	}
	p.numbered = true
	stable := RemapLinks(p.canon.Links, elems)
	in.Page.Links = links.TableOf(stable)
	text := in.Page.Text()

	o := &Observation{
		ID:       ID(text, stable.AppendJSON(nil)),
		State:    p.state,
		Text:     string(text),
		Links:    stable,
		URL:      in.URL,
		Title:    in.Title,
		Run:      in.Run,
		Action:   act,
		Elements: elems,
	}
	if o.ID != o.State {
		o.Canonical = p.canon
	}
	if o.URL == "" {
		o.URL = t.URL
	}
	if o.Title == "" {
		o.Title = t.Title
	}
	o.URL, o.Title = CleanText(o.URL), CleanText(o.Title)
	o.Site = SiteOf(o.URL)
	if prev != nil {
		o.Previous, o.PreviousState, o.Seq = prev.ID, prev.State, prev.Seq+1
	}
	now := time.Now
	if p.r.Now != nil {
		now = p.r.Now
	}
	o.Captured = now().UTC()
	p.rec = &Recorded{Observation: o, Text: text, Links: stable, Enriched: in.Page.Enriched()}
	if in.Finish != nil {
		if err := in.Finish(ctx, p.rec); err != nil {
			return err
		}
	}
	return nil
}

// CleanText returns s as valid UTF-8 without NUL characters (each bad
// byte sequence and each NUL becomes U+FFFD), as every store can keep it.
// Page URLs and titles pass through it before they are stored.
func CleanText(s string) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	if strings.IndexByte(s, 0) >= 0 {
		s = strings.ReplaceAll(s, "\x00", "\uFFFD")
	}
	return s
}

// checkAction checks what can be checked of an action without the
// previous step: a name, bounded strings, a non-negative element. The
// name is not checked against Verbs: programs record their own helpers'
// names; the HTTP API refuses names it does not know.
func checkAction(a *Action) error {
	if a.Action == "" {
		return fmt.Errorf("observe: %w: no action name", ErrBadAction)
	}
	if len(a.Action) > MaxActionBytes || len(a.Value) > MaxActionBytes {
		return fmt.Errorf("observe: %w: action or value longer than %d bytes", ErrBadAction, MaxActionBytes)
	}
	if a.Element < 0 {
		return fmt.Errorf("observe: %w: negative element id", ErrBadAction)
	}
	return nil
}

// resolve checks a and fills in the element's role, name and canonical id
// from the previous step. A page-level action (no element: navigate, say)
// may start a run.
func resolve(a *Action, prev *Observation) (*Action, error) {
	if err := checkAction(a); err != nil {
		return nil, err
	}
	if prev == nil && a.Element != 0 {
		return nil, fmt.Errorf("observe: %w: an action on an element needs a previous observation", ErrBadAction)
	}
	out := &Action{Element: a.Element, Action: a.Action, Value: CleanText(a.Value)}
	if a.Element == 0 {
		return out, nil
	}
	for _, e := range prev.Elements {
		if e.ID == a.Element {
			out.Role, out.Name, out.Canon = e.Role, e.Name, e.Canon
			return out, nil
		}
	}
	return nil, fmt.Errorf("observe: %w: element %d is not in observation %s", ErrBadAction, a.Element, prev.ID)
}

func clip(s string) string {
	if len(s) > 80 {
		s = s[:80]
		for len(s) > 0 && !utf8.ValidString(s) {
			s = s[:len(s)-1]
		}
		return s + "…"
	}
	return s
}
