package serialize

import (
	"encoding/json"
	"fmt"
	"math/rand"
	"os"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/axtree/axtree/axtree"
)

// The expected tree is computed here by a second, deliberately plain
// implementation of the rules in FORMAT.md, so the printer is checked
// against the documented normalisation rather than against itself.

func refDrop(r rune) bool {
	if r == 0x200c || r == 0x200d {
		return false
	}
	return unicode.Is(unicode.Cc, r) || unicode.Is(unicode.Cf, r)
}

// refClean: invalid UTF-8 → U+FFFD; drop Cc/Cf (but ZWNJ, ZWJ); collapse
// whitespace; cut to limit runes with "…".
func refClean(s string, limit int) string {
	var kept []rune
	for _, r := range []rune(s) { // []rune turns each invalid byte into U+FFFD
		if unicode.IsSpace(r) || !refDrop(r) {
			kept = append(kept, r)
		}
	}
	out := []rune(strings.Join(strings.FieldsFunc(string(kept), unicode.IsSpace), " "))
	if limit > 0 && len(out) > limit {
		out = []rune(strings.TrimRight(string(out[:limit-1]), " ") + "…")
	}
	return string(out)
}

func refKey(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_' || c == '.' {
			b.WriteByte(c)
		}
	}
	return b.String()
}

func refAttrs(in []axtree.Attr, reserved string, limit int, seen map[string]bool) []axtree.Attr {
	var out []axtree.Attr
	for _, a := range in {
		k := refKey(a.Key)
		if k == "" || k == reserved || seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, axtree.Attr{Key: k, Value: refClean(a.Value, limit)})
	}
	return out
}

func refActions(in []string) []string {
	var out []string
	for _, a := range in {
		var b strings.Builder
		for i, r := range a {
			if _, size := utf8.DecodeRuneInString(a[i:]); r == utf8.RuneError && size == 1 {
				continue // invalid bytes are dropped from action names
			}
			if unicode.IsSpace(r) || refDrop(r) || strings.ContainsRune(",[]\\\"", r) {
				continue
			}
			b.WriteRune(r)
		}
		if s := b.String(); s != "" && !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

// expected applies the documented rules to t: what Parse(Render(t)) must give.
func expected(t *axtree.Tree, o Options) []*axtree.Node {
	o = o.resolved()
	seen := map[*axtree.Node]bool{}
	ids := map[int]bool{} // ids of the element lines so far: the first one's state goes to the record
	deep := false         // the truncation note's "depth" (the text's note line, not checked here)
	// The node printed last, in pre-order: whether its line may take a
	// further piece (Inline runs), at which depth, and whether it is a text.
	open, openText, openDepth := false, false, 0
	joins := func(n *axtree.Node, depth int) bool {
		return n.Joined && open && openDepth == depth && len(n.Children) == 0 && !(n.Role == "" && openText) &&
			(n.Role == "" || n.ID > 0 && n.Addressable() || refClean(n.Name, o.NameLimit) != "")
	}
	var conv func(kids []*axtree.Node, depth int) []*axtree.Node
	conv = func(kids []*axtree.Node, depth int) []*axtree.Node {
		var out []*axtree.Node
		for _, n := range kids {
			if n == nil || depth >= o.MaxDepth || seen[n] {
				open = false
				continue
			}
			seen[n] = true
			if n.More() > 0 && n.Role == "" { // a placeholder: its line only
				out = append(out, &axtree.Node{Detail: &axtree.Detail{More: n.More()}})
				open = false
				continue
			}
			if n.Role == "" {
				s := refClean(n.Name, o.TextLimit)
				if s == "" {
					open = false
					out = append(out, conv(n.Children, depth)...)
					continue
				}
				e := &axtree.Node{Name: s, Joined: joins(n, depth)}
				open, openText, openDepth = len(n.Children) == 0, true, depth
				e.Children = conv(n.Children, depth+1)
				out = append(out, e)
				continue
			}
			role := refKey(n.Role)
			if role == "" {
				role = "generic"
			}
			if cells := refRowForm(n, depth, o, seen, &deep); cells != nil {
				// a row line: the row and its cells, nothing else (Rows)
				seen[n] = true
				e := &axtree.Node{Role: "row"}
				for _, c := range cells {
					ce := &axtree.Node{Role: refKey(c.Role), Name: refClean(c.Name, o.NameLimit)}
					if c.ID > 0 && c.Addressable() {
						ce.ID = c.ID
						ids[c.ID] = true
					}
					e.Children = append(e.Children, ce)
				}
				open = false
				out = append(out, e)
				continue
			}
			e := &axtree.Node{Role: role, Inferred: n.Inferred, Name: refClean(n.Name, o.NameLimit), Joined: joins(n, depth)}
			if n.ID > 0 && n.Addressable() { // a part of a structure prints no id
				e.ID = n.ID
			}
			e.SetStates(refAttrs(n.States(), "actions", o.ValueLimit, map[string]bool{}))
			e.SetActions(refActions(n.Actions()))
			props := map[string]bool{}
			e.SetProps(refAttrs(n.Props(), "id", o.ValueLimit, props))
			if o.Extra != nil {
				e.SetProps(append(e.Props(), refAttrs(o.Extra(n, nil), "id", 0, props)...))
			}
			recorded := !o.InlineState && e.ID > 0 && !ids[n.ID]
			if recorded {
				// the record's states and value come back after the line's
				e.SetStates(moveLast(e.States(), "checked", "selected"))
				e.SetProps(moveLast(e.Props(), "value"))
			}
			if e.ID > 0 {
				ids[n.ID] = true
			}
			flagged := false // an attribute without a value on the line
			for _, a := range e.Props() {
				if a.Value == "" && !(recorded && a.Key == "value") {
					flagged = true
				}
			}
			open, openText, openDepth = e.ID > 0 && !flagged && len(n.Children) == 0, false, depth
			e.Children = conv(n.Children, depth+1)
			out = append(out, e)
		}
		return out
	}
	return conv(t.Roots, 0)
}

// refRowForm applies the rule of FORMAT.md, "Rows": whether row n at depth
// prints as one line of cells; when it does, it marks seen what the walk
// would (the cells, and below them and between them what prints nothing)
// and returns the cells. deep is set when a node below was cut for MaxDepth.
func refRowForm(n *axtree.Node, depth int, o Options, seen map[*axtree.Node]bool, deep *bool) []*axtree.Node {
	bareRef := func(n *axtree.Node) bool {
		var extra []axtree.Attr
		if o.Extra != nil {
			extra = o.Extra(n, nil)
		}
		return len(refAttrs(n.States(), "actions", 0, map[string]bool{})) == 0 && len(refActions(n.Actions())) == 0 &&
			len(refAttrs(append(slices.Clone(n.Props()), extra...), "id", 0, map[string]bool{})) == 0
	}
	if refKey(n.Role) != "row" || n.Inferred || len(n.Children) == 0 || depth+1 >= o.MaxDepth ||
		refClean(n.Name, o.NameLimit) != "" || n.ID > 0 && n.Addressable() || !bareRef(n) {
		return nil
	}
	marks := map[*axtree.Node]bool{}
	cut := false
	var cells []*axtree.Node
	// visit walks kids at depth as the printer does; a node that prints
	// there must be a cell (cell false: nothing may print) with nothing
	// printing below it
	var visit func(kids []*axtree.Node, depth int, cell bool) bool
	visit = func(kids []*axtree.Node, depth int, cell bool) bool {
		for _, n := range kids {
			if n == nil || seen[n] || marks[n] {
				continue
			}
			if depth >= o.MaxDepth {
				cut = true
				continue
			}
			marks[n] = true
			if n.Role == "" && n.More() == 0 && refClean(n.Name, o.TextLimit) == "" {
				if !visit(n.Children, depth, cell) {
					return false
				}
				continue
			}
			if !cell || n.Inferred || !bareRef(n) ||
				!slices.Contains([]string{"cell", "gridcell", "columnheader", "rowheader"}, refKey(n.Role)) {
				return false
			}
			cells = append(cells, n)
			if !visit(n.Children, depth+1, false) {
				return false
			}
		}
		return true
	}
	if !visit(n.Children, depth+1, true) || len(cells) == 0 {
		return nil
	}
	for m := range marks {
		seen[m] = true
	}
	if cut {
		*deep = true
	}
	return cells
}

// moveLast moves the attrs with one of keys to the end, keeping order.
func moveLast(attrs []axtree.Attr, keys ...string) []axtree.Attr {
	var rest, last []axtree.Attr
	for _, a := range attrs {
		if slices.Contains(keys, a.Key) {
			last = append(last, a)
		} else {
			rest = append(rest, a)
		}
	}
	return append(rest, last...)
}

// diff describes the first difference between two node lists.
func diff(path string, got, want []*axtree.Node) string {
	if len(got) != len(want) {
		return fmt.Sprintf("%s: %d nodes, want %d", path, len(got), len(want))
	}
	for i := range got {
		g, w := got[i], want[i]
		p := fmt.Sprintf("%s/%d", path, i)
		switch {
		case g.Role != w.Role || g.Inferred != w.Inferred:
			return fmt.Sprintf("%s: role %q?%v, want %q?%v", p, g.Role, g.Inferred, w.Role, w.Inferred)
		case g.Joined != w.Joined:
			return fmt.Sprintf("%s: joined %v, want %v", p, g.Joined, w.Joined)
		case g.More() != w.More():
			return fmt.Sprintf("%s: more %d, want %d", p, g.More(), w.More())
		case g.Name != w.Name:
			return fmt.Sprintf("%s: name %q, want %q", p, g.Name, w.Name)
		case g.ID != w.ID:
			return fmt.Sprintf("%s: id %d, want %d", p, g.ID, w.ID)
		case !slices.Equal(g.States(), w.States()):
			return fmt.Sprintf("%s: states %q, want %q", p, g.States(), w.States())
		case !slices.Equal(g.Actions(), w.Actions()):
			return fmt.Sprintf("%s: actions %q, want %q", p, g.Actions(), w.Actions())
		case !slices.Equal(g.Props(), w.Props()):
			return fmt.Sprintf("%s: props %q, want %q", p, g.Props(), w.Props())
		}
		if d := diff(p, g.Children, w.Children); d != "" {
			return d
		}
	}
	return ""
}

// checkRoundTrip renders t, checks the text invariants, parses it back and
// compares with the documented normalisation; it also checks the JSON form.
func checkRoundTrip(t *testing.T, tr *axtree.Tree, o Options) {
	t.Helper()
	text := AppendText(nil, tr, o)
	if !utf8.Valid(text) {
		t.Fatalf("invalid UTF-8 output: %q", text)
	}
	if again := AppendText(nil, tr, o); string(again) != string(text) {
		t.Fatalf("output not stable")
	}
	back, err := Parse(string(text))
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	want := expected(tr, o)
	if d := diff("", back.Roots, want); d != "" {
		t.Fatalf("%s\n%s", d, text)
	}
	// printing what was parsed gives the same bytes (no Extra: its attrs came back as props)
	o2 := o
	o2.Extra = nil
	if again := AppendText(nil, back, o2); string(again) != string(text) && o.Extra == nil {
		t.Fatalf("render(parse(text)) differs:\n%s\nvs\n%s", again, text)
	}
	js := AppendJSON(nil, tr, map[int]string{3: "\x00x\"[", -1: "y"}, o)
	if !json.Valid(js) || !utf8.Valid(js) {
		t.Fatalf("invalid JSON: %q", js)
	}
	var doc struct {
		Nodes []jsonNode `json:"nodes"`
	}
	if err := json.Unmarshal(js, &doc); err != nil {
		t.Fatal(err)
	}
	if d := diff("json", fromJSON(doc.Nodes), unjoined(expected(tr, Options{NameLimit: o.NameLimit, TextLimit: o.TextLimit, ValueLimit: o.ValueLimit, MaxDepth: o.MaxDepth, InlineState: true}))); d != "" {
		t.Fatalf("%s\n%s", d, js)
	}
}

// unjoined clears Joined in ns and below: the JSON form has no lines.
func unjoined(ns []*axtree.Node) []*axtree.Node {
	for _, n := range ns {
		n.Joined = false
		unjoined(n.Children)
	}
	return ns
}

type jsonNode struct {
	ID       int             `json:"id"`
	Role     string          `json:"role"`
	Inferred bool            `json:"inferred"`
	Name     string          `json:"name"`
	Text     *string         `json:"text"`
	More     int             `json:"more"`
	States   json.RawMessage `json:"states"`
	Actions  []string        `json:"actions"`
	Props    json.RawMessage `json:"props"`
	Children []jsonNode      `json:"children"`
}

// attrsFromJSON reads an object keeping key order (true → flag).
func attrsFromJSON(raw json.RawMessage) []axtree.Attr {
	if raw == nil {
		return nil
	}
	dec := json.NewDecoder(strings.NewReader(string(raw)))
	var out []axtree.Attr
	dec.Token() // {
	for dec.More() {
		k, _ := dec.Token()
		v, _ := dec.Token()
		a := axtree.Attr{Key: k.(string)}
		if s, ok := v.(string); ok {
			a.Value = s
		}
		out = append(out, a)
	}
	return out
}

func fromJSON(in []jsonNode) []*axtree.Node {
	var out []*axtree.Node
	for _, j := range in {
		n := &axtree.Node{
			ID:       j.ID,
			Role:     j.Role,
			Inferred: j.Inferred,
			Name:     j.Name,
			Children: fromJSON(j.Children),
			Detail:   &axtree.Detail{Actions: j.Actions, States: attrsFromJSON(j.States), Props: attrsFromJSON(j.Props), More: j.More},
		}
		if j.Text != nil {
			n.Name = *j.Text
		}
		out = append(out, n)
	}
	return out
}

// hostile pieces random strings are made of.
var pieces = []string{
	"a", "Z", "0", "9", "-", "_", ".", ":", "+", " ", "  ", "\t", "\n", "\r\n", "\x00", "\x01", "\x1b[31m", "\x7f",
	"[", "]", "\\", "\"", "=", ",", "?", "/", "[id=1]", "[+3 more]", "[button] Pay [id=7]", "]\n[link]", "\\[", "\"]",
	"(", ")", "](5)", "[a](3)", "\\]", "'", "\u201d", ") ", "[+2 more](4)", "[id=3](6)",
	"|", "| ", " |", "\\|", "| a |", "[cell] |", "| [id=2] |",
	"\xff", "\xe2\x80", "\xed\xa0\x80", "\u202a", "\u202e", "\u2066", "\u2069", "\u200b", "\u200c", "\u200d",
	"\u200f", "\ufeff", "\u00ad", "\U000e0041", "\u00a0", "\u2028", "\u2029", "\u3000", "\u0085", "…", "é",
	"→", "\U0001F600", "\ufffd", "日本",
}

func randString(r *rand.Rand, max int) string {
	var b strings.Builder
	for n := r.Intn(max + 1); n > 0; n-- {
		b.WriteString(pieces[r.Intn(len(pieces))])
	}
	return b.String()
}

func randAttrs(r *rand.Rand) []axtree.Attr {
	var out []axtree.Attr
	for n := r.Intn(4); n > 0; n-- {
		k := []string{"required", "level", "type", "value", "id", "actions", "a b", "", "x[y]", "req"}[r.Intn(10)]
		if r.Intn(4) == 0 {
			k = randString(r, 3)
		}
		v := ""
		if r.Intn(2) == 0 {
			v = randString(r, 6)
		}
		out = append(out, axtree.Attr{Key: k, Value: v})
	}
	return out
}

func randTree(r *rand.Rand, size int) *axtree.Tree {
	var all []*axtree.Node
	t := &axtree.Tree{}
	for i := 0; i < size; i++ {
		n := &axtree.Node{DOM: int32(i)}
		if r.Intn(4) != 0 {
			roles := []string{"button", "link", "textbox", "heading", "group", "b[x", "row", "row", "cell", "gridcell",
				"columnheader", "rowheader", "grid", "table", "tree grid", ""}
			n.Role = roles[r.Intn(len(roles))]
			if n.Role == "" {
				n.Role = randString(r, 2)
			}
			n.ID = r.Intn(1000) - 10
			n.Inferred = r.Intn(5) == 0
			n.SetStates(randAttrs(r))
			n.SetProps(randAttrs(r))
			for k := r.Intn(3); k > 0; k-- {
				n.SetActions(append(n.Actions(), []string{"click", "drag-drop", "click→type:focus-first", randString(r, 3)}[r.Intn(4)]))
			}
		}
		n.Name = randString(r, 12)
		n.Joined = r.Intn(3) != 0
		if cellRole(n.Role) != "" || n.Role == "row" {
			if r.Intn(5) != 0 { // often a row line (Rows): nothing but text and id
				n.Detail, n.Inferred = nil, false
			}
			if n.Role == "row" && r.Intn(4) != 0 {
				n.Name = ""
			}
		}
		if n.Role == "" && r.Intn(6) == 0 {
			n.SetMore(r.Intn(40) + 1) // a budget's placeholder (its children are not printed)
		}
		if len(all) == 0 || r.Intn(5) == 0 {
			t.Roots = append(t.Roots, n)
		} else {
			p := all[r.Intn(len(all))]
			if cellRole(n.Role) != "" || n.Role == "" && r.Intn(4) == 0 {
				// cells mostly go into rows (and a few texts), so that row lines are common
				for _, q := range all[len(all)-min(len(all), 6):] {
					if q.Role == "row" && r.Intn(4) != 0 {
						p = q
					}
				}
			}
			p.Children = append(p.Children, n)
		}
		all = append(all, n)
	}
	if len(all) > 0 && r.Intn(10) == 0 { // a cycle or a shared node
		a, b := all[r.Intn(len(all))], all[r.Intn(len(all))]
		a.Children = append(a.Children, b)
	}
	return t
}

func randOptions(r *rand.Rand) Options {
	var o Options
	if r.Intn(2) == 0 {
		o.NameLimit = r.Intn(12) - 1
		o.TextLimit = r.Intn(12) - 1
		o.ValueLimit = r.Intn(12) - 1
		o.MaxDepth = r.Intn(6)
	}
	if r.Intn(4) == 0 {
		o.Extra = func(n *axtree.Node, dst []axtree.Attr) []axtree.Attr {
			return append(dst, axtree.Attr{Key: "url", Value: n.Name}, axtree.Attr{Key: "id", Value: "1"})
		}
	}
	return o
}

func TestRoundTripProperty(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	n := 3000
	if testing.Short() {
		n = 300
	}
	for i := 0; i < n; i++ {
		tr := randTree(r, r.Intn(30))
		o := randOptions(r)
		t.Run("", func(t *testing.T) { checkRoundTrip(t, tr, o) })
		if t.Failed() {
			t.Fatalf("case %d failed", i)
		}
	}
}

// FuzzRoundTrip builds a small tree from the fuzzed strings (shape picks
// where each node goes and which fields it uses) and checks the round trip.
func FuzzRoundTrip(f *testing.F) {
	f.Add("[button] Pay [id=7]", "]\n[link] x", "placeholder", "\"a\" \\ [b]", "click→type", uint64(0x1234), 0)
	f.Add("a\u202eb\xff", "\x00", "level", "2", "drag-drop", uint64(0xffff), 3)
	f.Add("Agree", "x", "checked", "mixed", "click", uint64(0x5a5a5a5a5a), 7)
	f.Add("Tab", "y", "selected", "", "click", uint64(0xf0f0f0f0f0f0), 0)
	f.Fuzz(func(t *testing.T, name, text, key, value, action string, shape uint64, limit int) {
		bit := func() bool { b := shape&1 == 1; shape >>= 1; return b }
		var all []*axtree.Node
		tr := &axtree.Tree{}
		for i := 0; i < 8; i++ {
			n := &axtree.Node{Name: text, Joined: bit()}
			if bit() {
				n.Role, n.Name, n.ID = "button", name, i+1
				if bit() {
					n.ID = 1 // an id repeated: only its first line may use the record
				}
				n.Inferred = bit()
				if bit() {
					n.SetStates([]axtree.Attr{{Key: key, Value: value}, {Key: "editable"}})
				}
				if bit() {
					n.SetProps([]axtree.Attr{{Key: "value", Value: value}, {Key: key, Value: name}})
				}
				if bit() {
					n.SetActions([]string{action, "click"})
				}
			}
			if len(all) == 0 || bit() {
				tr.Roots = append(tr.Roots, n)
			} else {
				all[len(all)-1].Children = append(all[len(all)-1].Children, n)
			}
			all = append(all, n)
		}
		o := Options{NameLimit: limit % 200, TextLimit: limit % 300, ValueLimit: limit % 50, InlineState: bit()}
		checkRoundTrip(t, tr, o)
	})
}

// FuzzParse checks that Parse never panics and that whatever it accepts
// prints back to text it accepts again, printing the same bytes.
func FuzzParse(f *testing.F) {
	f.Add(formText)
	f.Add("[truncated=depth]\n")
	f.Add("[checkbox] A [id=2]\n  [option] B [id=3]\n[id=2] [checked=mixed]\n[id=3] [selected] [value=\"x \\[y\"]\n[truncated=nodes]\n")
	f.Add("[a?][b=\"\\\"\"][actions=x,y] n\\[ [id=3] [k=v]\n  t\\\\\n")
	f.Add("See [A](1), [B\\]\\[ \"q\"](2) [link] C [id=3] [k=\"[x](5)\"] [D](4)\n[+2 more](6)\n  [id=7](8)\n")
	f.Add(budgetText)
	f.Add("[treegrid] t [id=1]\n  [group]\n    | [cell] \\| | [id=2] | |\n\\| x [a](3)\n")
	f.Fuzz(func(t *testing.T, text string) {
		tr, err := Parse(text)
		if err != nil {
			return
		}
		o := Options{NameLimit: -1, TextLimit: -1, ValueLimit: -1, MaxDepth: 1 << 20}
		out := AppendText(nil, tr, o)
		tr2, err := Parse(string(out))
		if err != nil {
			t.Fatalf("re-parse: %v\n%s", err, out)
		}
		if again := AppendText(nil, tr2, o); string(again) != string(out) {
			t.Fatalf("unstable:\n%s\nvs\n%s", out, again)
		}
	})
}

// TestFormatDocExample parses the example at the top of FORMAT.md and
// prints it again: the document's example is valid, canonical output.
func TestFormatDocExample(t *testing.T) {
	b, err := os.ReadFile("FORMAT.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(b), "```\n")
	example, _, ok2 := strings.Cut(rest, "```\n")
	if !ok || !ok2 {
		t.Fatal("FORMAT.md has no example block")
	}
	tr, err := Parse(example)
	if err != nil {
		t.Fatalf("FORMAT.md example: %v", err)
	}
	if got := string(AppendText(nil, tr, Options{})); got != example {
		t.Errorf("FORMAT.md example prints as:\n%s", got)
	}
	if n := tr.Roots[4].Children[5]; n.ID != 90 || len(n.Props()) != 2 || n.Props()[1] != (axtree.Attr{Key: "value", Value: "ada@example.org"}) {
		t.Errorf("the record's value did not reach element 90: %+v", n)
	}
	if l := tr.Roots[2]; l.ID != 59 || !l.Joined || !tr.Roots[3].Joined || tr.Roots[1].Joined {
		t.Errorf("the example's inline run did not parse as one: %+v", tr.Roots[1:4])
	}
}
