// Package budget fits a tree into a token budget without ever dropping an
// element an agent can act on, or its id.
//
// Fit tries cuts in a fixed order and stops at the first that fits:
//
//  1. "text": long text runs (text lines) are shortened, 120, 60, then 30
//     runes (the printer's TextLimit, ending in "…");
//  2. "lists": in a run of at least MinRun sibling elements of one role (list
//     items, rows, cards), the first Keep stay whole; of the others, those
//     with nothing operable inside are left out and the rest keep only their
//     operable elements and the lines leading to them;
//  3. "far-text": content with nothing operable inside is left out, farthest
//     first, where far is the distance in lines (document order) to the
//     nearest operable element: the label beside a field stays longest;
//  4. "wrappers": the lines of elements that are not operable but hold
//     operable ones (lists, rows, landmarks) are dropped, their children
//     taking their place, and so are the placeholders: what remains is the
//     operable elements alone, in document order;
//  5. "names": names and values are shortened, to 60, 30, then 16 runes.
//
// Where sibling nodes were left out, one placeholder line "[+N more]" says
// how many (axtree.Node.More; FORMAT.md), and the truncation note ends with
// "budget": "[truncated=budget]". When even the operable elements alone,
// their names shortened, do not fit, Fit returns them anyway, over the
// budget, with the note "[truncated=budget,over-budget]" and Over set: it
// never drops an operable element to make a number.
//
// Fit is a pure function of the tree, the options and the counter: the
// same input gives the same bytes.
package budget

import (
	"errors"
	"slices"

	"github.com/axtree/axtree/axtree"
	"github.com/axtree/axtree/serialize"
)

// Defaults for the zero Options fields.
const (
	// DefaultKeep is how many items of a list of similar items stay whole.
	DefaultKeep = 3
	// DefaultMinRun is the shortest run of same-role siblings treated as a
	// list of similar items.
	DefaultMinRun = 5
)

// Notes Fit adds to Tree.Truncated.
const (
	// NoteBudget: something was cut to fit the budget.
	NoteBudget = "budget"
	// NoteOver: the operable elements alone exceed the budget; they are all
	// there and the budget is exceeded.
	NoteOver = "over-budget"
)

// Names of the cuts, in the order Fit applies them (Result.Cuts).
const (
	CutText     = "text"
	CutLists    = "lists"
	CutFarText  = "far-text"
	CutWrappers = "wrappers"
	CutNames    = "names"
)

// Options configure Fit.
type Options struct {
	// Tokens is the budget. Zero or negative: no budget, the tree is
	// printed as it is.
	Tokens int
	// Count counts the tokens of a printed text; required when Tokens > 0.
	// Use the benchmarks' tokenizer, so a budget means what the tables say.
	Count func([]byte) int
	// Text are the printer's options (the enriched view's Extra hook
	// included). Fit lowers their TextLimit, NameLimit and ValueLimit as
	// its cuts need, never raises them.
	Text serialize.Options
	// Keep is how many items of a list stay whole (0: DefaultKeep).
	Keep int
	// MinRun is the shortest list (0: DefaultMinRun).
	MinRun int
}

// Result is a fitted tree.
type Result struct {
	// Tree is what was printed: the input itself when it fit as it is,
	// else a cut copy (the input is never changed). The copy's nodes share
	// their States, Props and Actions with the input's.
	Tree *axtree.Tree
	// Options are the printer options Text was printed with:
	// serialize.AppendText(Tree, Options) gives Text again.
	Options serialize.Options
	// Text is the printed tree, ending with its truncation note.
	Text []byte
	// Tokens counts Text; Full counts the tree printed uncut.
	Tokens, Full int
	// Cuts lists the cuts applied, in order (CutText, ...); empty when the
	// tree fit as it is.
	Cuts []string
	// Over reports that even the operable elements alone exceed the budget;
	// Text holds them all, over budget, and its note says over-budget.
	Over bool
}

// ErrNoCounter is returned when a budget is given without a counter.
var ErrNoCounter = errors.New("budget: Options.Count is required with a budget")

// config is one combination of cuts.
type config struct {
	textLimit, nameLimit, valueLimit int // printer limits (0: as given)
	lists                            bool
	far                              int // leave out content farther than far lines; -1: none
	unwrap                           bool
}

// Fit prints t within opt.Tokens tokens if it can (see the package doc). A
// nil tree prints nothing.
func Fit(t *axtree.Tree, opt Options) (*Result, error) {
	if t == nil {
		t = &axtree.Tree{}
	}
	full := serialize.AppendText(nil, t, opt.Text)
	if opt.Tokens <= 0 {
		n := 0
		if opt.Count != nil {
			n = opt.Count(full)
		}
		return &Result{Tree: t, Options: opt.Text, Text: full, Tokens: n, Full: n}, nil
	}
	if opt.Count == nil {
		return nil, ErrNoCounter
	}
	res := &Result{Tree: t, Options: opt.Text, Text: full}
	res.Full = opt.Count(full)
	res.Tokens = res.Full
	if res.Full <= opt.Tokens {
		return res, nil
	}
	f := newFitter(t, opt)
	cfg := config{far: -1}
	smallest, smallestN := cfg, res.Full // the attempt with the fewest tokens, for over budget
	var smallestCuts []string
	try := func(c config, cuts ...string) bool {
		tree, o := f.build(c, false)
		text := serialize.AppendText(nil, tree, o)
		n := opt.Count(text)
		res.Tree, res.Options, res.Text, res.Tokens = tree, o, text, n
		res.Cuts = append(res.Cuts[:0], cuts...)
		if n < smallestN {
			smallest, smallestN, smallestCuts = c, n, slices.Clone(cuts)
		}
		return n <= opt.Tokens
	}

	// 1. Long text runs.
	for _, l := range []int{120, 60, 30} {
		cfg.textLimit = l
		if try(cfg, CutText) {
			return res, nil
		}
	}
	// 2. Lists of similar items.
	cfg.lists = true
	if try(cfg, CutText, CutLists) {
		return res, nil
	}
	// 3. Far-off content: the largest distance that fits, by bisection
	// over the distances that occur (cutting more never costs more, but the
	// search checks its answer anyway).
	ds := f.distances()
	lo, hi := 0, len(ds) // ds[i] descending; cut everything farther than ds[i]
	best := -1
	for lo < hi {
		mid := (lo + hi) / 2
		c := cfg
		c.far = ds[mid]
		if try(c, CutText, CutLists, CutFarText) {
			best, hi = mid, mid
		} else {
			lo = mid + 1
		}
	}
	if best >= 0 {
		cfg.far = ds[best]
		try(cfg, CutText, CutLists, CutFarText)
		return res, nil
	}
	cfg.far = 0
	// 4. Wrappers of operable elements.
	cfg.unwrap = true
	if try(cfg, CutText, CutLists, CutFarText, CutWrappers) {
		return res, nil
	}
	// 5. Names and values.
	for _, l := range []int{60, 30, 16} {
		cfg.nameLimit, cfg.valueLimit = l, l
		if try(cfg, CutText, CutLists, CutFarText, CutWrappers, CutNames) {
			return res, nil
		}
	}
	// Over: everything operable, nothing else, and say so. (Shorter names
	// do not always tokenize shorter: take the smallest attempt.)
	tree, o := f.build(smallest, true)
	res.Tree, res.Options, res.Cuts = tree, o, smallestCuts
	res.Text = serialize.AppendText(nil, tree, o)
	res.Tokens = opt.Count(res.Text)
	res.Over = true
	return res, nil
}

// info is what the fitter knows of one input node.
type info struct {
	holds bool // the node or one below it is operable
	dist  int  // fewest lines from any line of the subtree to an operable line
}

// fitter holds the facts about the input tree that every attempt shares.
type fitter struct {
	t      *axtree.Tree
	opt    Options
	info   map[*axtree.Node]info
	keep   int
	minRun int
}

// newFitter walks t once in pre-order (each node once, as the printer does)
// and records, per node, whether it holds an operable element and how far
// its subtree is from the nearest one.
func newFitter(t *axtree.Tree, opt Options) *fitter {
	f := &fitter{t: t, opt: opt, info: map[*axtree.Node]info{}, keep: opt.Keep, minRun: opt.MinRun}
	if f.keep <= 0 {
		f.keep = DefaultKeep
	}
	if f.minRun <= 0 {
		f.minRun = DefaultMinRun
	}
	// Pre-order lines with their operability, and each node's line range.
	type span struct{ from, to int }
	var order []*axtree.Node
	spans := map[*axtree.Node]span{}
	var ops []bool
	var walk func(n *axtree.Node)
	stackDepth := 0
	walk = func(n *axtree.Node) {
		if n == nil {
			return
		}
		if _, seen := spans[n]; seen || stackDepth > 4096 {
			return
		}
		stackDepth++
		defer func() { stackDepth-- }()
		from := len(order)
		spans[n] = span{from, from}
		order = append(order, n)
		ops = append(ops, n.Operable())
		if !isMore(n) {
			for _, k := range n.Children {
				walk(k)
			}
		}
		spans[n] = span{from, len(order) - 1}
	}
	for _, r := range t.Roots {
		walk(r)
	}
	// Distance of each line to the nearest operable line.
	const far = 1 << 30
	d := make([]int, len(order))
	last := -far
	for i := range order {
		if ops[i] {
			last = i
		}
		d[i] = i - last
	}
	last = far * 2
	for i := len(order) - 1; i >= 0; i-- {
		if ops[i] {
			last = i
		}
		d[i] = min(d[i], last-i)
	}
	// Per node: holds an operable line, and the subtree's least distance.
	// A subtree is a contiguous range; its least distance is at one of its
	// ends or inside, so take the minimum over the range via the children.
	for i := len(order) - 1; i >= 0; i-- {
		n := order[i]
		in := info{holds: ops[i], dist: d[i]}
		if !isMore(n) {
			for _, k := range n.Children {
				if ki, ok := f.info[k]; ok && spans[k].from > i {
					in.holds = in.holds || ki.holds
					in.dist = min(in.dist, ki.dist)
				}
			}
		}
		if _, done := f.info[n]; !done {
			f.info[n] = in
		}
	}
	return f
}

// distances returns the distinct distances of the nodes that hold nothing
// operable, in descending order: the thresholds far-text can cut at.
func (f *fitter) distances() []int {
	var ds []int
	for _, in := range f.info {
		if !in.holds {
			ds = append(ds, in.dist)
		}
	}
	slices.Sort(ds)
	ds = slices.Compact(ds)
	slices.Reverse(ds)
	return ds
}

// build makes the cut copy of the tree for c and the printer options to
// print it with. over marks the result as over budget.
func (f *fitter) build(c config, over bool) (*axtree.Tree, serialize.Options) {
	b := builder{f: f, c: c, seen: map[*axtree.Node]bool{}}
	out := &axtree.Tree{URL: f.t.URL, Title: f.t.Title}
	out.Roots = b.kids(f.t.Roots, false)
	out.Truncated = append(slices.Clone(f.t.Truncated), NoteBudget)
	if over {
		out.Truncated = append(out.Truncated, NoteOver)
	}
	o := f.opt.Text
	o.TextLimit = lower(o.TextLimit, c.textLimit, serialize.DefaultTextLimit)
	o.NameLimit = lower(o.NameLimit, c.nameLimit, serialize.DefaultNameLimit)
	o.ValueLimit = lower(o.ValueLimit, c.valueLimit, serialize.DefaultValueLimit)
	return out, o
}

// lower returns the smaller of a printer limit (0: def, negative: none)
// and want (0: no change).
func lower(cur, want, def int) int {
	if want <= 0 {
		return cur
	}
	eff := cur
	switch {
	case cur == 0:
		eff = def
	case cur < 0:
		return want
	}
	return min(eff, want)
}

// builder makes one cut copy.
type builder struct {
	f    *fitter
	c    config
	seen map[*axtree.Node]bool
}

// kids copies a list of siblings. In skeleton mode (inside a list item past
// the first Keep) only what leads to an operable element is copied, and
// nothing is counted as left out: the item's own line stands for it.
func (b *builder) kids(in []*axtree.Node, skeleton bool) []*axtree.Node {
	var out []*axtree.Node
	cut := 0 // siblings left out since the last kept one
	flush := func() {
		if cut > 0 && !b.c.unwrap { // once wrappers go, so do placeholders: only the operable elements remain
			out = appendMore(out, cut)
			cut = 0
		}
	}
	var runs []int // runs[i]: index of i within its run of similar items, or -1
	if b.c.lists {
		runs = b.f.similarRuns(in)
	}
	for i, n := range in {
		if n == nil || b.seen[n] {
			continue
		}
		in := b.f.info[n]
		if isMore(n) { // a placeholder from an earlier cut: keep its count
			cut += n.More()
			b.seen[n] = true
			continue
		}
		if skeleton && !in.holds {
			continue
		}
		listed := runs != nil && runs[i] >= b.f.keep
		if !in.holds && (listed || b.c.far >= 0 && in.dist > b.c.far) {
			b.seen[n] = true
			cut++
			continue
		}
		b.seen[n] = true
		kidsSkeleton := skeleton || listed
		if b.c.unwrap && n.Role != "" && !n.Operable() && in.holds {
			flush()
			for _, k := range b.kids(n.Children, kidsSkeleton) {
				out = appendNode(out, k)
			}
			continue
		}
		flush()
		cp := *n
		cp.Children = b.kids(n.Children, kidsSkeleton)
		out = append(out, &cp)
	}
	flush()
	return out
}

// appendNode appends k, merging two adjacent placeholders into one.
func appendNode(out []*axtree.Node, k *axtree.Node) []*axtree.Node {
	if isMore(k) {
		return appendMore(out, k.More())
	}
	return append(out, k)
}

// appendMore appends a placeholder for n left-out siblings, or adds n to
// the placeholder out ends with.
func appendMore(out []*axtree.Node, n int) []*axtree.Node {
	if len(out) > 0 && isMore(out[len(out)-1]) {
		last := *out[len(out)-1]
		last.Detail = &axtree.Detail{More: last.More() + n} // a copy of its own: the Detail is shared
		out[len(out)-1] = &last
		return out
	}
	return append(out, &axtree.Node{DOM: -1, Detail: &axtree.Detail{More: n}})
}

// similarRuns gives each sibling its position within its run of similar
// items (consecutive elements of one role, at least MinRun long), or -1.
func (f *fitter) similarRuns(kids []*axtree.Node) []int {
	pos := make([]int, len(kids))
	for i := range pos {
		pos[i] = -1
	}
	for i := 0; i < len(kids); {
		n := kids[i]
		if n == nil || n.Role == "" {
			i++
			continue
		}
		j := i + 1
		for j < len(kids) && kids[j] != nil && kids[j].Role == n.Role {
			j++
		}
		if j-i >= f.minRun {
			for k := i; k < j; k++ {
				pos[k] = k - i
			}
		}
		i = j
	}
	return pos
}

// isMore reports whether n is a placeholder line (axtree.Node.More).
func isMore(n *axtree.Node) bool { return n.More() > 0 && n.Role == "" }
