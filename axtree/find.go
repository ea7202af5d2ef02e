package axtree

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/axtree/axtree/roles"
)

// Target names an element the way a person would: by role and accessible
// name. Recorded scripts resolve targets against a fresh tree instead of
// replaying raw selectors.
type Target struct {
	Role string // ARIA role; "" matches any role
	// Name is matched against an element's accessible name as Mode says
	// (white space collapsed); ignored when Re is set.
	Name string
	// Mode is how Name matches: MatchExact (the zero value) or
	// MatchSubstring, as Playwright's getByRole does by default.
	Mode MatchMode
	Re   *regexp.Regexp // name pattern; nil to match Name as Mode says
	// Within, when set, scopes the search to descendants of the elements that
	// match it.
	Within *Target
}

// MatchMode is how a Target's Name matches an element's name.
type MatchMode int

// Match modes.
const (
	// MatchExact: the whole name, case-sensitive (getByRole's exact: true).
	MatchExact MatchMode = iota
	// MatchSubstring: a case-insensitive substring of the name
	// (getByRole's default).
	MatchSubstring
)

// ParseTarget makes a Target from the strings a person or an agent gives,
// with the semantics of Playwright's getByRole(role, {name, exact}): a name
// between slashes is a regular expression (/^Name/i; flags i, m and s), any
// other name matches as a case-insensitive substring, or exactly when exact
// is set; white space is collapsed. An empty name matches every name. The
// role must be a WAI-ARIA role token (any case) or empty; a misspelt one is
// an error that suggests the closest (see CheckRole). The CLI's find, the
// runtime's in-page find and the MCP server's browser_find all call it.
func ParseTarget(role, name string, exact bool) (Target, error) {
	if err := CheckRole(role); err != nil {
		return Target{}, err
	}
	n, re, err := ParseName(name)
	if err != nil {
		return Target{}, err
	}
	t := Target{Role: strings.ToLower(strings.TrimSpace(role)), Name: n, Re: re}
	if !exact {
		t.Mode = MatchSubstring
	}
	return t, nil
}

// CheckRole returns nil when role is "" or a WAI-ARIA role token (any
// case; the synonyms image, presentation and directory included), else an
// error naming it and, when one is near, the closest role:
// `unknown role "buton" (did you mean "button"?)`.
func CheckRole(role string) error {
	r := strings.ToLower(strings.TrimSpace(role))
	if r == "" {
		return nil
	}
	if info, ok := roles.Lookup(r); ok && !info.Abstract {
		return nil
	}
	best, bestD := "", -1
	for _, c := range roles.Names() {
		d := levenshtein([]rune(r), []rune(c))
		if strings.HasPrefix(c, r) && len(r) >= 3 {
			d = min(d, 1)
		}
		if bestD < 0 || d < bestD {
			best, bestD = c, d
		}
	}
	if best != "" && bestD <= max(2, len([]rune(r))/3) {
		return fmt.Errorf("unknown role %q (did you mean %q?)", role, best)
	}
	return fmt.Errorf("unknown role %q (not a WAI-ARIA role)", role)
}

// ParseName turns a name argument into a Target's Name or Re: text between
// slashes is a Go regular expression, with an optional trailing i flag for
// case-insensitive matching (/^Name/i; m and s as in Go and JavaScript);
// anything else is a name, white space collapsed.
func ParseName(s string) (name string, re *regexp.Regexp, err error) {
	if len(s) >= 2 && s[0] == '/' {
		end := strings.LastIndexByte(s, '/')
		if end > 0 {
			pat, flags := s[1:end], s[end+1:]
			if strings.Trim(flags, "ims") != "" {
				return "", nil, fmt.Errorf("find: name %q: unknown regexp flags %q (i, m and s are supported)", s, flags)
			}
			if flags != "" {
				pat = "(?" + flags + ")" + pat
			}
			re, err := regexp.Compile(pat)
			if err != nil {
				return "", nil, fmt.Errorf("find: name %q: %v", s, err)
			}
			return "", re, nil
		}
	}
	return collapse(s), nil, nil
}

// Match is an element that a Target resolved to.
type Match struct {
	ID   int    `json:"id"`
	Role string `json:"role"`
	Name string `json:"name"`
	// Score is the similarity of a candidate to the target, from 0 to 1:
	// half for the role, half for the name. Exact matches score 1.
	Score float64 `json:"score"`
}

// FindResult is the answer to a Find: the matches in document order, or,
// when there are none, the closest candidates, best first.
type FindResult struct {
	Matches    []Match
	Candidates []Match
}

// MaxCandidates is how many near misses Find reports when nothing matches.
const MaxCandidates = 3

// Find resolves a target against the tree. It walks every element the tree
// holds, shadow-root and frame content included, in document order.
func (t *Tree) Find(target Target) FindResult {
	scopes := []*Node{nil}
	if target.Within != nil {
		outer := t.Find(*target.Within)
		if len(outer.Matches) == 0 {
			return FindResult{Candidates: outer.Candidates}
		}
		scopes = scopes[:0]
		for _, m := range outer.Matches {
			scopes = append(scopes, t.byID(m.ID))
		}
	}
	var res FindResult
	seen := map[int]bool{}
	var all []*Node
	for _, sc := range scopes {
		visit := func(n *Node, _ int) bool {
			if n.Role == "" || seen[n.ID] {
				return true
			}
			if sc != nil && n == sc {
				return true
			}
			seen[n.ID] = true
			all = append(all, n)
			if name, ok := target.matches(n); ok {
				res.Matches = append(res.Matches, Match{ID: n.ID, Role: n.Role, Name: name, Score: 1})
			}
			return true
		}
		if sc == nil {
			t.Walk(visit)
		} else {
			sub := &Tree{Roots: sc.Children}
			sub.Walk(visit)
		}
	}
	sort.SliceStable(res.Matches, func(i, j int) bool { return res.Matches[i].ID < res.Matches[j].ID })
	if len(res.Matches) > 0 {
		return res
	}
	res.Candidates = closest(target, all)
	return res
}

func (t *Tree) byID(id int) *Node {
	var found *Node
	t.Walk(func(n *Node, _ int) bool {
		if n.ID == id && n.Role != "" {
			found = n
			return false
		}
		return true
	})
	return found
}

// matches reports whether n is what tg names, and the name it matched:
// n's own, or, for an element whose name the lines below it spell out
// and so print in its place (a table row, a heading and its anchor link:
// the builder leaves its Name empty), the name those lines say (saidBelow).
func (tg Target) matches(n *Node) (string, bool) {
	if tg.Role != "" && !strings.EqualFold(tg.Role, n.Role) {
		return "", false
	}
	name := n.Name
	if name == "" && (tg.Re != nil || tg.Name != "") {
		name = saidBelow(n)
	}
	switch {
	case tg.Re != nil:
		return name, tg.Re.MatchString(name)
	case tg.Name == "":
		return name, true
	case tg.Mode == MatchSubstring:
		return name, containsFold(name, collapse(tg.Name))
	}
	return name, collapse(tg.Name) == name
}

// saidBelow is the name the nodes below n say, in order, as the builder's
// spelledOut reads them: a named node by its name, an unnamed one by what
// is below it; one space between. It reads at most maxSpellNodes nodes.
func saidBelow(n *Node) string {
	var b strings.Builder
	visits := 0
	var walk func(ns []*Node)
	walk = func(ns []*Node) {
		for _, k := range ns {
			if visits++; visits > maxSpellNodes {
				return
			}
			if k.Name != "" {
				if b.Len() > 0 {
					b.WriteByte(' ')
				}
				b.WriteString(k.Name)
				continue
			}
			walk(k.Children)
		}
	}
	walk(n.Children)
	return b.String()
}

// containsFold reports whether sub is within s, ignoring case (Unicode
// simple folding, rune by rune, as strings.EqualFold does).
func containsFold(s, sub string) bool {
	if sub == "" {
		return true
	}
	n := utf8.RuneCountInString(sub)
	for i := 0; i < len(s); {
		// Compare sub with the next n runes of s.
		j, k := i, 0
		for k < n && j < len(s) {
			_, w := utf8.DecodeRuneInString(s[j:])
			j += w
			k++
		}
		if k < n {
			return false
		}
		if strings.EqualFold(s[i:j], sub) {
			return true
		}
		_, w := utf8.DecodeRuneInString(s[i:])
		i += w
	}
	return false
}

// closest ranks nodes by similarity to the target: a role match first, then
// name similarity, then document order.
func closest(tg Target, nodes []*Node) []Match {
	want := strings.ToLower(tg.Name)
	if tg.Re != nil {
		want = strings.ToLower(literalOf(tg.Re.String()))
	}
	type scored struct {
		m    Match
		role bool
		name float64
	}
	ss := make([]scored, 0, len(nodes))
	for _, n := range nodes {
		role := tg.Role == "" || strings.EqualFold(tg.Role, n.Role)
		said := n.Name
		if said == "" && role && tg.Role != "" {
			said = saidBelow(n) // as matches reads it
		}
		name := similarity(want, strings.ToLower(said))
		r := 0.0
		if role {
			r = 1
		}
		ss = append(ss, scored{Match{ID: n.ID, Role: n.Role, Name: said, Score: round3(r/2 + name/2)}, role, name})
	}
	sort.SliceStable(ss, func(i, j int) bool {
		if ss[i].role != ss[j].role {
			return ss[i].role
		}
		if ss[i].name != ss[j].name {
			return ss[i].name > ss[j].name
		}
		return ss[i].m.ID < ss[j].m.ID
	})
	ms := make([]Match, 0, MaxCandidates)
	for i := 0; i < len(ss) && i < MaxCandidates; i++ {
		ms = append(ms, ss[i].m)
	}
	return ms
}

func round3(f float64) float64 { return float64(int(f*1000+0.5)) / 1000 }

// literalOf strips regexp syntax to leave the text a pattern looks for.
func literalOf(pat string) string {
	pat = strings.TrimPrefix(pat, "(?i)")
	var sb strings.Builder
	esc := false
	for _, r := range pat {
		switch {
		case esc:
			sb.WriteRune(r)
			esc = false
		case r == '\\':
			esc = true
		case strings.ContainsRune("^$.*+?()[]{}|", r):
		default:
			sb.WriteRune(r)
		}
	}
	return sb.String()
}

// maxSimRunes bounds the edit-distance work per comparison.
const maxSimRunes = 128

// similarity is 1 − normalised Levenshtein distance over at most
// maxSimRunes runes of each string, raised to 1 when one contains the other.
func similarity(a, b string) float64 {
	if a == b {
		return 1
	}
	if a == "" || b == "" {
		return 0
	}
	ra, rb := runes(a), runes(b)
	d := levenshtein(ra, rb)
	m := len(ra)
	if len(rb) > m {
		m = len(rb)
	}
	s := 1 - float64(d)/float64(m)
	if strings.Contains(b, a) || strings.Contains(a, b) {
		// containment: the shorter string's share of the longer one
		short, long := utf8.RuneCountInString(a), utf8.RuneCountInString(b)
		if short > long {
			short, long = long, short
		}
		if c := 0.5 + 0.5*float64(short)/float64(long); c > s {
			s = c
		}
	}
	return s
}

func runes(s string) []rune {
	r := []rune(s)
	if len(r) > maxSimRunes {
		r = r[:maxSimRunes]
	}
	return r
}

func levenshtein(a, b []rune) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
