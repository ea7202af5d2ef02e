package netcap

import (
	"fmt"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// Context rendering limits per item, each cut marked explicitly.
const (
	maxBodyInContext   = 2000
	maxHeaderInContext = 200
	maxValueInContext  = 200
	maxURLInContext    = 1000
)

// TruncationMarker ends a context that was cut because even its minimum
// (header lines) did not fit the budget.
const TruncationMarker = "\n[context truncated to fit the budget]\n"

// contextHeaders are browser-supplied request headers left out of the
// context (they stay in Replay.Headers).
var contextNoise = map[string]bool{
	"user-agent": true, "accept-encoding": true, "accept-language": true,
	"referer": true, "origin": true, "pragma": true, "cache-control": true,
	"dnt": true, "priority": true, "upgrade-insecure-requests": true,
}

// redactor replaces volatile identifier values (and their URL-escaped
// forms) with "<volatile>". Values of 6+ bytes are replaced anywhere,
// shorter ones only as a whole token.
type redactor struct{ vals []string }

func newRedactor(cands []Candidate) *redactor {
	seen := map[string]bool{}
	var vals []string
	for i := range cands {
		for _, v := range cands[i].Volatile {
			for _, f := range []string{v.Value, url.QueryEscape(v.Value), url.PathEscape(v.Value), strconv.Quote(v.Value)[1 : len(strconv.Quote(v.Value))-1]} {
				if f != "" && !seen[f] {
					seen[f] = true
					vals = append(vals, f)
				}
			}
		}
	}
	sort.SliceStable(vals, func(a, b int) bool {
		if len(vals[a]) != len(vals[b]) {
			return len(vals[a]) > len(vals[b])
		}
		return vals[a] < vals[b]
	})
	return &redactor{vals: vals}
}

const redacted = "<volatile>"

func (r *redactor) apply(s string) string {
	for _, v := range r.vals {
		if !strings.Contains(s, v) {
			continue
		}
		if len(v) >= 6 {
			s = strings.ReplaceAll(s, v, redacted)
		} else {
			s = replaceToken(s, v, redacted)
		}
	}
	return s
}

func isWordByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_'
}

// replaceToken replaces occurrences of v not adjacent to word characters.
func replaceToken(s, v, repl string) string {
	var b strings.Builder
	for {
		i := strings.Index(s, v)
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		j := i + len(v)
		if (i == 0 || !isWordByte(s[i-1])) && (j == len(s) || !isWordByte(s[j])) {
			b.WriteString(s[:i])
			b.WriteString(repl)
		} else {
			b.WriteString(s[:j])
		}
		s = s[j:]
	}
}

// oneLine escapes control characters (and U+2028/U+2029) so s stays on one
// line.
func oneLine(s string) string {
	if !strings.ContainsFunc(s, func(r rune) bool {
		return unicode.IsControl(r) || r == '\u2028' || r == '\u2029' || r == utf8.RuneError
	}) {
		return s
	}
	q := strconv.Quote(s)
	return q[1 : len(q)-1]
}

// quote renders s as a Go-quoted string of at most about n bytes of s.
func quote(s string, n int) string {
	if len(s) > n {
		return strconv.Quote(clip(s, n)) + fmt.Sprintf("[+%d bytes]", len(s)-len(clip(s, n))+len("…"))
	}
	return strconv.Quote(s)
}

// capText clips s to n bytes with an explicit marker.
func capText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	c := clip(s, n)
	return c + fmt.Sprintf("[+%d bytes]", len(s)-(len(c)-len("…")))
}

type ctxItem struct {
	text string // one or more complete lines
	key  int    // drop priority within its section (higher drops first)
}

// renderContext renders the generator context and reports what it dropped.
func renderContext(res *Result, c *Capture, actions []Action, params []Param, budget int, sec *secretSet) (string, Dropped) {
	red := newRedactor(res.Candidates)
	base := baseTime(c, actions)
	line := func(s string) string { return red.apply(sec.redact(oneLine(s))) + "\n" }

	head := line("# axtree network context") +
		line("page: "+capText(res.Page, maxURLInContext)) +
		line("plan: "+string(res.Plan)+" — "+res.PlanReason)

	// Visited URLs: the document GETs, distinct, in entry order.
	var visited []ctxItem
	seen := map[string]bool{}
	for i := range c.Entries {
		e := &c.Entries[i]
		if e.Method != "GET" || e.URL == "" || seen[e.URL] {
			continue
		}
		u, err := url.Parse(e.URL)
		if err != nil {
			continue
		}
		if t, _ := resourceType(e, u); t != typeDocument {
			continue
		}
		seen[e.URL] = true
		visited = append(visited, ctxItem{text: line("- " + rel(e.Start, base) + capText(e.URL, maxURLInContext))})
	}

	var cands []ctxItem
	for i := range res.Candidates {
		cands = append(cands, ctxItem{text: renderCandidate(i, &res.Candidates[i], actions, base, line)})
	}

	// DOM hints: every action; the ones farthest in time from the top
	// candidate (else from the last action) drop first.
	var dom []ctxItem
	var anchor time.Time
	if len(res.Candidates) > 0 && !res.Candidates[0].Start.IsZero() {
		anchor = res.Candidates[0].Start
	} else if len(actions) > 0 {
		anchor = actions[len(actions)-1].Time
	}
	pname := map[int]string{}
	secret := map[string]bool{}
	for _, p := range params {
		pname[p.Action] = p.Name
		if p.Secret {
			secret[p.Value] = true
		}
	}
	for i := range actions {
		a := &actions[i]
		s := "- " + rel(a.Time, base) + a.describe()
		switch {
		case a.Value != "" && (secret[a.Value] || secretAction(a)):
			s += " value withheld (secret)"
			if n, ok := pname[i]; ok {
				s += " -> {{" + n + "}}"
			}
		case a.Value != "":
			s += " value " + quote(a.Value, maxValueInContext)
			if n, ok := pname[i]; ok {
				s += " -> {{" + n + "}}"
			}
		}
		d := a.Time.Sub(anchor)
		if d < 0 {
			d = -d
		}
		dom = append(dom, ctxItem{text: line(s), key: int(min(d.Milliseconds(), 1<<40))})
	}
	domOrder := make([]int, len(dom)) // drop order
	for i := range domOrder {
		domOrder[i] = i
	}
	sort.SliceStable(domOrder, func(a, b int) bool {
		x, y := dom[domOrder[a]], dom[domOrder[b]]
		if x.key != y.key {
			return x.key > y.key
		}
		return domOrder[a] > domOrder[b]
	})

	const (
		visHead  = "visited:\n"
		candHead = "candidates:\n"
		domHead  = "dom actions:\n"
	)
	sumV, sumC, sumD := 0, 0, 0
	for _, it := range visited {
		sumV += len(it.text)
	}
	for _, it := range cands {
		sumC += len(it.text)
	}
	for _, it := range dom {
		sumD += len(it.text)
	}
	nv, nc, nd := len(visited), len(cands), len(dom)
	droppedDOM := make([]bool, len(dom))
	var dr Dropped
	omitted := func() string {
		if dr.Visited+dr.Candidates+dr.DOM == 0 {
			return ""
		}
		return fmt.Sprintf("omitted to fit %d bytes: %d visited URLs, %d candidates, %d DOM actions\n", budget, dr.Visited, dr.Candidates, dr.DOM)
	}
	size := func() int {
		n := len(head) + len(omitted())
		if nv > 0 {
			n += len(visHead) + sumV
		}
		if nc > 0 {
			n += len(candHead) + sumC
		}
		if nd > 0 {
			n += len(domHead) + sumD
		}
		return n
	}
	for size() > budget {
		switch {
		case nv > 0:
			nv--
			sumV -= len(visited[nv].text)
			dr.Visited++
		case nc > 0:
			nc--
			sumC -= len(cands[nc].text)
			dr.Candidates++
		case nd > 0:
			k := domOrder[dr.DOM]
			droppedDOM[k] = true
			sumD -= len(dom[k].text)
			nd--
			dr.DOM++
		default:
			goto render
		}
	}
render:
	var b strings.Builder
	b.Grow(size())
	b.WriteString(head)
	if nv > 0 {
		b.WriteString(visHead)
		for _, it := range visited[:nv] {
			b.WriteString(it.text)
		}
	}
	if nc > 0 {
		b.WriteString(candHead)
		for _, it := range cands[:nc] {
			b.WriteString(it.text)
		}
	}
	if nd > 0 {
		b.WriteString(domHead)
		for i, it := range dom {
			if !droppedDOM[i] {
				b.WriteString(it.text)
			}
		}
	}
	b.WriteString(omitted())
	out := b.String()
	if len(out) > budget {
		dr.Truncated = true
		out = truncate(out, budget)
	}
	return out, dr
}

// truncate cuts s to at most n bytes on a rune boundary and appends
// TruncationMarker (itself cut when n is smaller than the marker).
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	if n <= len(TruncationMarker) {
		return TruncationMarker[:max(n, 0)]
	}
	cut := n - len(TruncationMarker)
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + TruncationMarker
}

func renderCandidate(rank int, cd *Candidate, actions []Action, base time.Time, line func(string) string) string {
	var b strings.Builder
	status := "not replayable"
	if cd.Replayable {
		status = "replayable"
	}
	if len(cd.Volatile) > 0 {
		status = "volatile: do not replay"
	}
	b.WriteString(line(fmt.Sprintf("#%d score %d %s %s (%s, %s)", rank+1, cd.Score, cd.Method,
		capText(cd.URL, maxURLInContext), rel(cd.Start, base)+typeName(cd.ResourceType), status)))
	var why []string
	for _, r := range cd.Reasons {
		why = append(why, fmt.Sprintf("%+d %s", r.Points, r.Rule))
	}
	b.WriteString(line("  why: " + strings.Join(why, ", ")))
	if cd.Action >= 0 && cd.Action < len(actions) {
		b.WriteString(line(fmt.Sprintf("  after: %s (+%dms)", actions[cd.Action].describe(), cd.Start.Sub(actions[cd.Action].Time).Milliseconds())))
	}
	for _, v := range cd.Volatile {
		b.WriteString(line("  volatile: " + v.Kind + " in " + v.Where + " (value withheld)"))
	}
	r := cd.Replay
	if r == nil {
		return b.String()
	}
	if r.URL != cd.URL {
		b.WriteString(line("  url template: " + capText(r.URL, maxURLInContext)))
	}
	for _, h := range r.Headers {
		ln := strings.ToLower(h.Name)
		if contextNoise[ln] || strings.HasPrefix(ln, "sec-") {
			continue
		}
		b.WriteString(line("  header: " + h.Name + ": " + capText(h.Value, maxHeaderInContext)))
	}
	if len(r.Stripped) > 0 {
		b.WriteString(line("  stripped: " + strings.Join(r.Stripped, ", ")))
	}
	if r.CSRF != nil && (r.CSRF.Observed || r.Method != "GET") {
		s := "  csrf: " + r.CSRF.Source + " " + r.CSRF.Name + " -> header " + r.CSRF.Header + " = {{csrf}}"
		if r.CSRF.Param != "" {
			s += " (form field " + r.CSRF.Param + ")"
		}
		if r.CSRF.Observed {
			s += " (as recorded)"
		}
		b.WriteString(line(s))
	}
	switch r.BodyKind {
	case "none":
	case "binary":
		b.WriteString(line("  body (binary): not shown"))
	default:
		b.WriteString(line("  body (" + r.BodyKind + "): " + capText(r.Body, maxBodyInContext)))
	}
	for _, p := range r.Params {
		if p.Secret {
			b.WriteString(line("  param: {{" + p.Name + "}} = (secret: typed by the user, value withheld)"))
			continue
		}
		b.WriteString(line("  param: {{" + p.Name + "}} = " + quote(p.Value, maxValueInContext)))
	}
	for _, c := range r.Credentials {
		b.WriteString(line("  credential: {{" + c.Placeholder + "}} = header " + c.Header + " (recorded, value withheld)"))
	}
	for _, sc := range r.Secrets {
		b.WriteString(line("  secret: {{" + sc.Placeholder + "}} = " + sc.Kind + " (recorded, value withheld)"))
	}
	return b.String()
}

func typeName(t string) string {
	if t == "" {
		return "unknown type"
	}
	return oneLine(clip(t, 30))
}

// baseTime is the earliest known time of the recording (entries and
// actions); zero when there is none.
func baseTime(c *Capture, actions []Action) time.Time {
	var t time.Time
	for i := range c.Entries {
		if s := c.Entries[i].Start; !s.IsZero() && (t.IsZero() || s.Before(t)) {
			t = s
		}
	}
	if len(actions) > 0 && (t.IsZero() || actions[0].Time.Before(t)) {
		t = actions[0].Time
	}
	return t
}

// rel renders t relative to base as "t+1.234s ", "" when either is unknown.
func rel(t, base time.Time) string {
	if t.IsZero() || base.IsZero() {
		return ""
	}
	d := t.Sub(base)
	return fmt.Sprintf("t+%d.%03ds ", int64(d/time.Second), int64(d%time.Second/time.Millisecond))
}
