package netcap

import "sort"

// Plan is how a repeat of the task should be executed.
type Plan string

// Plans. PlanNetwork: replay the top candidate alone; it is replayable and
// carries every typed value as a parameter, and no DOM action follows it.
// PlanHybrid: the top candidate is replayable but the DOM is still needed
// around it — a typed value of the recording is not in the request (the page
// must produce it, e.g. by navigating or choosing), or actions follow the
// request. PlanDOM: drive the page; no replayable candidate, or the circuit
// breaker tripped (the top request carries a volatile identifier, whatever
// its score).
const (
	PlanNetwork Plan = "network"
	PlanHybrid  Plan = "hybrid"
	PlanDOM     Plan = "dom"
)

// DefaultBudget is the default size limit of the generator context, in
// bytes (so also at most that many characters).
const DefaultBudget = 12000

// Options tune Rank. The zero value uses the defaults.
type Options struct {
	// Budget is the context size limit in bytes; <= 0 means DefaultBudget.
	Budget int
	// Top is how many candidates to keep; <= 0 means DefaultTop.
	Top int
}

// Dropped counts what the context left out to fit the budget, in drop
// order: visited URLs first, then network candidates (lowest score first),
// then DOM hints; Truncated is set when even the minimum did not fit.
type Dropped struct {
	Visited    int  `json:"visited"`
	Candidates int  `json:"candidates"`
	DOM        int  `json:"dom"`
	Truncated  bool `json:"truncated"`
}

// Result is the outcome of Rank.
type Result struct {
	Page       string      `json:"page"`
	Candidates []Candidate `json:"candidates"`
	Plan       Plan        `json:"plan"`
	PlanReason string      `json:"plan_reason"`
	Context    string      `json:"context"`
	Dropped    Dropped     `json:"dropped"`
	Warnings   []string    `json:"warnings,omitempty"`
}

// Rank scores every request of c against the timeline, keeps the best
// Options.Top, prepares them for replay, chooses the plan and renders the
// generator context. It never fails: a nil capture ranks as empty.
func Rank(c *Capture, actions []Action, opt Options) *Result {
	if c == nil {
		c = &Capture{}
	}
	top := opt.Top
	if top <= 0 {
		top = DefaultTop
	}
	budget := opt.Budget
	if budget <= 0 {
		budget = DefaultBudget
	}
	actions = sortedActions(actions)
	s := newScorer(c, actions)
	res := &Result{Page: s.pageURL, Warnings: append([]string(nil), c.Warnings...)}

	// Keep the best `top` in a sorted slice, scoring without explanations.
	best := make([]Candidate, 0, top+1)
	var buf []Reason
	for i := range c.Entries {
		var cand Candidate
		cand, buf = s.score(i, buf[:0], false)
		if len(best) == top && !better(&cand, &best[top-1]) {
			continue
		}
		pos := sort.Search(len(best), func(j int) bool { return better(&cand, &best[j]) })
		best = append(best, Candidate{})
		copy(best[pos+1:], best[pos:])
		best[pos] = cand
		if len(best) > top {
			best = best[:top]
		}
	}
	params := buildParams(actions)
	page := pageEntry(c, s.pageURL)
	for i := range best {
		// Score again with explanations; the score is the same.
		var rs []Reason
		best[i], rs = s.score(best[i].pos, nil, true)
		best[i].Reasons = rs
		best[i].Replay = prepareReplay(&c.Entries[best[i].pos], params, page)
	}
	res.Candidates = best
	res.Plan, res.PlanReason = choosePlan(best, actions, params)
	// Secrets: placeholders in every output, values kept for the replay.
	var csrf []string
	for i := range best {
		if r := best[i].Replay; r != nil && r.CSRF != nil {
			csrf = append(csrf, r.CSRF.Value)
		}
	}
	sec := collectSecrets(c, params, actions, csrf)
	for i := range best {
		applySecrets(best[i].Replay, sec)
		best[i].URL = sec.redact(best[i].URL)
		for j := range best[i].Reasons {
			best[i].Reasons[j].Detail = sec.redact(best[i].Reasons[j].Detail)
		}
	}
	res.Page = sec.redact(res.Page)
	res.PlanReason = sec.redact(res.PlanReason)
	for i, w := range res.Warnings {
		res.Warnings[i] = sec.redact(w)
	}
	res.Context, res.Dropped = renderContext(res, c, actions, params, budget, sec)
	return res
}

// RankHAR parses a HAR and a timeline and ranks them.
func RankHAR(har, actions []byte, opt Options) (*Result, error) {
	c, err := ParseHAR(har)
	if err != nil {
		return nil, err
	}
	a, err := ParseActions(actions)
	if err != nil {
		return nil, err
	}
	return Rank(c, a, opt), nil
}

func pageEntry(c *Capture, page string) *Entry {
	for i := range c.Entries {
		if c.Entries[i].URL == page {
			return &c.Entries[i]
		}
	}
	return nil
}

func choosePlan(best []Candidate, actions []Action, params []Param) (Plan, string) {
	if len(best) == 0 {
		return PlanDOM, "no request recorded"
	}
	t := &best[0]
	if len(t.Volatile) > 0 {
		return PlanDOM, "circuit breaker: the top request carries a volatile operation identifier (" + t.Volatile[0].Kind + " in " + t.Volatile[0].Where + "); replaying it would break on the next deploy"
	}
	if !t.Replayable {
		return PlanDOM, "no replayable request: the top candidate is not an API request worth replaying (score " + itoa0(t.Score) + ")"
	}
	if t.Replay != nil {
		covered := map[int]bool{}
		for _, p := range t.Replay.Params {
			covered[p.Action] = true
		}
		for _, p := range params {
			if !covered[p.Action] {
				return PlanHybrid, "the top request does not carry the value typed into " + actions[p.Action].describe() + "; the DOM must produce it"
			}
		}
	}
	if !t.Start.IsZero() {
		for i := range actions {
			if actions[i].Time.After(t.Start) {
				return PlanHybrid, "DOM actions follow the top request, starting with " + actions[i].describe()
			}
		}
	}
	return PlanNetwork, "the top request is replayable and carries every typed value"
}

func itoa0(n int) string {
	if n < 0 {
		return "-" + itoa(-n)
	}
	return itoa(n)
}
