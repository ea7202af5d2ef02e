package observe

import (
	"context"
	"errors"
	"fmt"
	"time"

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
	// Previous is the observation the action was taken on. "" continues
	// from the run's last step, or starts the run when it has none.
	Previous string
	// Action is what was done on Previous (Element, Action, Value; the
	// rest is filled in). nil when unknown.
	Action *Action
	// Page is the rendered page. Record renumbers its tree and link record
	// to the run's stable ids.
	Page *render.Result
	// URL and Title describe the page; "" takes the tree's.
	URL, Title string
}

// Recorded is the result of Record: the stored observation and the page as
// the agent sees it in this run (stable numbering).
type Recorded struct {
	Observation *Observation
	Text        []byte       // lean tree text, stable numbering
	Links       links.Record // link record, stable numbering
	Enriched    []byte       // tree text with link URLs inline, stable numbering
}

// Record renders the observation of in.Page, numbers it against the run's
// previous step, resolves the action and stores both in one transaction.
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
	canonText := in.Page.Text()
	canonLinks := in.Page.Links
	if canonLinks == nil {
		canonLinks = links.Record{}
	}
	id := ID(canonText, canonLinks.AppendJSON(nil))

	prev, err := r.Store.Step(ctx, in.Run, in.Previous)
	switch {
	case errors.Is(err, ErrNotFound) && in.Previous != "":
		return nil, fmt.Errorf("observe: %w: %s is not in run %s", ErrUnknownPrevious, in.Previous, in.Run)
	case errors.Is(err, ErrNotFound):
		prev = nil
	case err != nil:
		return nil, err
	}

	var act *Action
	if in.Action != nil {
		if act, err = resolve(in.Action, prev); err != nil {
			return nil, err
		}
	}
	var prevElems []Element
	if prev != nil {
		prevElems = prev.Elements
	}
	elems, err := Stabilize(in.Page.Tree, DocKeys(in.Page.Doc), prevElems)
	if err != nil {
		return nil, err
	}
	stable := RemapLinks(canonLinks, elems)
	in.Page.Links = stable

	o := &Observation{
		ID:       id,
		Text:     string(canonText),
		Links:    canonLinks,
		URL:      in.URL,
		Title:    in.Title,
		Run:      in.Run,
		Action:   act,
		Elements: elems,
	}
	if o.URL == "" {
		o.URL = in.Page.Tree.URL
	}
	if o.Title == "" {
		o.Title = in.Page.Tree.Title
	}
	o.Site = SiteOf(o.URL)
	if prev != nil {
		o.Previous = prev.ID
	}
	now := time.Now
	if r.Now != nil {
		now = r.Now
	}
	o.Captured = now().UTC()
	if err := r.Store.Add(ctx, o); err != nil {
		if errors.Is(err, ErrNotFound) {
			return nil, fmt.Errorf("%w: %w", ErrUnknownPrevious, err)
		}
		return nil, err
	}
	return &Recorded{Observation: o, Text: in.Page.Text(), Links: stable, Enriched: in.Page.Enriched()}, nil
}

// resolve checks a and fills in the element's role, name and canonical id
// from the previous step.
func resolve(a *Action, prev *Observation) (*Action, error) {
	if prev == nil {
		return nil, fmt.Errorf("observe: %w: an action needs a previous observation", ErrBadAction)
	}
	if a.Action == "" {
		return nil, fmt.Errorf("observe: %w: no action name", ErrBadAction)
	}
	if len(a.Action) > MaxActionBytes || len(a.Value) > MaxActionBytes {
		return nil, fmt.Errorf("observe: %w: action or value longer than %d bytes", ErrBadAction, MaxActionBytes)
	}
	if a.Element < 0 {
		return nil, fmt.Errorf("observe: %w: negative element id", ErrBadAction)
	}
	out := &Action{Element: a.Element, Action: a.Action, Value: a.Value}
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
		return s[:80] + "…"
	}
	return s
}
