package netcap

import (
	"fmt"
	"net/url"
	"sort"
	"strings"
	"time"
)

// Points of each scoring rule.
const (
	PointsFirstParty    = 20
	PointsThirdParty    = -15
	PointsTelemetry     = -80
	PointsSoonAfter     = 28 // starts within SoonAfter of a DOM action
	PointsAfter         = 16 // starts within After of a DOM action
	PointsMutating      = 35 // POST, PUT, PATCH, DELETE
	PointsGet           = 5
	PointsRequestBody   = 8
	PointsNotAPI        = -40 // OPTIONS/HEAD, or a resource type other than xhr/fetch
	PointsSuccess       = 12  // 2xx
	PointsError         = -25 // 4xx and 5xx
	PointsResponseBody  = 4
	PointsVolatile      = -18
	SoonAfter           = 800 * time.Millisecond
	After               = 2500 * time.Millisecond
	DefaultTop          = 5
	DefaultReplayScore  = 50 // minimum score of a replayable top candidate
	maxReasonDetailSize = 120
)

// Reason is one scoring rule that applied to a request.
type Reason struct {
	Points int    `json:"points"`
	Rule   string `json:"rule"`   // stable rule id, e.g. "first-party"
	Detail string `json:"detail"` // human explanation, never a volatile value
}

// Candidate is a scored request.
type Candidate struct {
	Index  int       `json:"index"` // position in log.entries
	Method string    `json:"method"`
	URL    string    `json:"url"`
	Start  time.Time `json:"start,omitzero"` // zero when not recorded
	Score  int       `json:"score"`
	// Reasons explain Score: their points add up to it.
	Reasons []Reason `json:"reasons"`
	// ResourceType is the recorded or inferred type ("" unknown).
	ResourceType string `json:"resource_type,omitempty"`
	// Volatile lists operation identifiers that make the request unfit for
	// replay.
	Volatile []Volatile `json:"volatile,omitempty"`
	// Action is the index in the timeline of the DOM action the request
	// follows (within After), or -1.
	Action int `json:"action"`
	// Replayable is true when the request could be replayed on its own
	// merits: score at least DefaultReplayScore, no volatile identifier, an
	// API request (not OPTIONS/HEAD, not a static resource), no error status.
	Replayable bool `json:"replayable"`
	// Replay is the request prepared for replay (set for ranked candidates).
	Replay *Replay `json:"replay,omitempty"`

	hardNegative bool
	pos          int // position in Capture.Entries (Index may be anything in a hand-built Capture)
}

// scorer holds what scoring every entry of one capture shares.
type scorer struct {
	c        *Capture
	actions  []Action
	params   []string // non-empty typed values
	pageSite string
	pageURL  string
	sites    map[string]string // host -> site, memo for this run
}

func newScorer(c *Capture, actions []Action) *scorer {
	s := &scorer{c: c, actions: actions, sites: make(map[string]string)}
	for _, a := range actions {
		if a.Value != "" {
			s.params = append(s.params, a.Value)
		}
	}
	s.pageURL = pageURL(c)
	if u, err := url.Parse(s.pageURL); err == nil {
		s.pageSite = Site(u.Hostname())
	}
	return s
}

// pageURL is the first document request's URL, else pages[0].title when it
// is an absolute http(s) URL, else the first entry's URL.
func pageURL(c *Capture) string {
	for i := range c.Entries {
		e := &c.Entries[i]
		if e.URL == "" || e.Method != "GET" {
			continue
		}
		u, err := url.Parse(e.URL)
		if err != nil {
			continue
		}
		if t, _ := resourceType(e, u); t == typeDocument {
			return e.URL
		}
	}
	if len(c.Pages) > 0 {
		if u, err := url.Parse(strings.TrimSpace(c.Pages[0].Title)); err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" {
			return u.String()
		}
	}
	for i := range c.Entries {
		if c.Entries[i].URL != "" {
			return c.Entries[i].URL
		}
	}
	return ""
}

func (s *scorer) site(host string) string {
	if v, ok := s.sites[host]; ok {
		return v
	}
	v := Site(host)
	s.sites[host] = v
	return v
}

// precedingAction returns the index of the latest action at or before t,
// or -1.
func (s *scorer) precedingAction(t time.Time) int {
	i := sort.Search(len(s.actions), func(i int) bool { return s.actions[i].Time.After(t) })
	return i - 1
}

// score scores entry e; reasons are appended to buf (reused by the caller).
func (s *scorer) score(pos int, buf []Reason, withDetails bool) (Candidate, []Reason) {
	e := &s.c.Entries[pos]
	c := Candidate{Index: e.Index, Method: e.Method, URL: e.URL, Start: e.Start, Action: -1, pos: pos}
	// add records a rule; detail builds its explanation, called only when
	// the scorer keeps details (formatting is most of the cost otherwise).
	add := func(p int, rule string, detail func() string) {
		c.Score += p
		r := Reason{Points: p, Rule: rule}
		if withDetails {
			r.Detail = clip(oneLine(detail()), maxReasonDetailSize)
		}
		buf = append(buf, r)
	}
	u, err := url.Parse(e.URL)
	if err != nil || e.URL == "" {
		u = nil
	}
	host := ""
	if u != nil {
		host = strings.ToLower(u.Hostname())
	}
	// Origin.
	if site := s.site(host); host != "" && s.pageSite != "" && site == s.pageSite {
		add(PointsFirstParty, "first-party", func() string { return "same site as the page (" + s.pageSite + ")" })
	} else {
		add(PointsThirdParty, "third-party", func() string {
			if host == "" {
				return "unparseable URL"
			}
			d := site + " is not the page's site"
			if s.pageSite != "" {
				d += " (" + s.pageSite + ")"
			}
			return d
		})
	}
	if u != nil {
		if vendor, ok := Telemetry(host, u.Path); ok {
			add(PointsTelemetry, "telemetry", func() string { return "known telemetry host: " + vendor })
		}
	}
	// Temporal correlation.
	if !e.Start.IsZero() && len(s.actions) > 0 {
		if ai := s.precedingAction(e.Start); ai >= 0 {
			a := &s.actions[ai]
			d := e.Start.Sub(a.Time)
			switch {
			case d <= SoonAfter:
				c.Action = ai
				add(PointsSoonAfter, "soon-after-action", func() string { return fmt.Sprintf("starts %dms after %s", d.Milliseconds(), a.describe()) })
			case d <= After:
				c.Action = ai
				add(PointsAfter, "after-action", func() string { return fmt.Sprintf("starts %dms after %s", d.Milliseconds(), a.describe()) })
			}
		}
	}
	// Method and payload.
	switch e.Method {
	case "POST", "PUT", "PATCH", "DELETE":
		add(PointsMutating, "mutating-method", func() string { return "method " + e.Method })
	case "GET":
		add(PointsGet, "get", func() string { return "method GET" })
	}
	if len(e.Body) > 0 {
		add(PointsRequestBody, "request-body", func() string { return fmt.Sprintf("request body (%d bytes)", len(e.Body)) })
	}
	rt, inferred := resourceType(e, u)
	c.ResourceType = rt
	switch {
	case e.Method == "OPTIONS" || e.Method == "HEAD":
		c.hardNegative = true
		add(PointsNotAPI, "not-api", func() string { return "method " + e.Method })
	case !isAPIType(rt):
		c.hardNegative = true
		how := "recorded"
		if inferred {
			how = "inferred"
		}
		add(PointsNotAPI, "not-api", func() string { return "resource type " + oneLine(clip(rt, 30)) + " (" + how + ")" })
	}
	// Response.
	switch {
	case e.Status >= 200 && e.Status < 300:
		add(PointsSuccess, "success", func() string { return fmt.Sprintf("status %d", e.Status) })
	case e.Status >= 400:
		c.hardNegative = true
		add(PointsError, "error-status", func() string { return fmt.Sprintf("status %d", e.Status) })
	}
	if e.ResponseSize > 0 {
		add(PointsResponseBody, "response-body", func() string { return fmt.Sprintf("response body (%d bytes)", e.ResponseSize) })
	}
	// Volatile operation identifiers.
	c.Volatile = findVolatile(e, u, s.params)
	if len(c.Volatile) > 0 {
		kinds := make([]string, 0, len(c.Volatile))
		for _, v := range c.Volatile {
			kinds = append(kinds, v.Kind+" in "+v.Where)
		}
		add(PointsVolatile, "volatile-id", func() string { return "volatile operation identifier: " + strings.Join(dedupe(kinds), ", ") })
	}
	c.Replayable = c.Score >= DefaultReplayScore && len(c.Volatile) == 0 && !c.hardNegative
	return c, buf
}

func dedupe(s []string) []string {
	out := s[:0:0]
	seen := map[string]bool{}
	for _, v := range s {
		if !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	return out
}

// ScoreEntries scores every entry of c against the timeline (sorted by
// time, as ParseActions returns it) and returns the candidates in entry
// order, each with its reasons. Replay is not prepared here (see Rank).
func ScoreEntries(c *Capture, actions []Action) []Candidate {
	if c == nil {
		return nil
	}
	s := newScorer(c, sortedActions(actions))
	out := make([]Candidate, len(c.Entries))
	for i := range c.Entries {
		var rs []Reason
		out[i], rs = s.score(i, nil, true)
		out[i].Reasons = rs
	}
	return out
}

func sortedActions(a []Action) []Action {
	if sort.SliceIsSorted(a, func(i, j int) bool { return a[i].Time.Before(a[j].Time) }) {
		return a
	}
	b := append([]Action(nil), a...)
	sort.SliceStable(b, func(i, j int) bool { return b[i].Time.Before(b[j].Time) })
	return b
}

// better reports whether a ranks before b: higher score, then earlier start
// (timed before untimed), then URL, then entry index.
func better(a, b *Candidate) bool {
	if a.Score != b.Score {
		return a.Score > b.Score
	}
	az, bz := a.Start.IsZero(), b.Start.IsZero()
	if az != bz {
		return bz
	}
	if !a.Start.Equal(b.Start) {
		return a.Start.Before(b.Start)
	}
	if a.URL != b.URL {
		return a.URL < b.URL
	}
	if a.Index != b.Index {
		return a.Index < b.Index
	}
	return a.pos < b.pos
}
