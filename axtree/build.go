package axtree

import (
	"net/url"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/axtree/axtree/accname"
	"github.com/axtree/axtree/actions"
	"github.com/axtree/axtree/dom"
	"github.com/axtree/axtree/internal/word"
	"github.com/axtree/axtree/listeners"
	"github.com/axtree/axtree/roles"
	"github.com/axtree/axtree/style"
)

// Options tune the builder. The zero value gives the defaults.
type Options struct {
	// MaxDepth is the deepest DOM nesting the builder descends into with its
	// own structure; content below it is still kept, flattened one level under
	// the node at the limit, and the tree says so with a Truncated note.
	// Zero means DefaultMaxDepth.
	MaxDepth int
	// MaxNodes caps the number of element lines; past it the builder stops
	// and marks the tree Truncated ("nodes"). Zero means DefaultMaxNodes.
	MaxNodes int
	// URL is the page URL, recorded in Tree.URL for resolving links.
	URL string
	// Stop, when set, is asked every 1,024 nodes walked whether to give up
	// (a caller's deadline has passed, say). Once it says yes, building
	// ends as at MaxNodes and the tree is marked Truncated ("stopped"); a
	// caller that stops a build is expected to discard the tree.
	Stop func() bool
}

// Defaults for Options.
const (
	DefaultMaxDepth = 512 // as Chromium's HTML parser limits element nesting
	// DefaultMaxNodes bounds a tree at 200,000 element lines: about 4 MB of
	// text, far past any prompt, and about 400 MB of peak memory in the
	// worst case (1,000,000 siblings) instead of 2 GB.
	DefaultMaxNodes = 200_000
)

// Build builds the tree of the document d. c computes names, roles and
// hidden-ness; when nil, accname.New(d, nil) is used. Build never fails:
// hostile input yields a (possibly truncated) tree.
func Build(d *dom.Doc, c *accname.Computer, opts Options) *Tree {
	return build(d, c, opts, knobs{})
}

// knobs switch a build back to code the builder replaced, for the same-as
// tests; Build uses none.
type knobs struct {
	// bindAll records every element made for number from the start, as
	// if the first had been met in a frame (the binding through Node.DOM).
	bindAll bool
	// ownKids gives each node's children a slice of their own instead of
	// a cut of scratch.kids.
	ownKids bool
	// noKin leaves builder.kin empty: each child asks its parent's style
	// itself (visibleText, flexItem).
	noKin bool
	// operableByName has fill ask node.Operable(), which looks the role
	// up by name, instead of reading roleKinds by the role's ID.
	operableByName bool
	// clearTaken has take clear the acc's part of the node stack before
	// it shrinks, and pruneRedundant the slots past the kids it keeps, as
	// they (take, dropNodes) did before they stopped.
	clearTaken bool
	// walkText has fill walk the children of a leaf, or of a named node
	// whose one text child its name holds, instead of knowing the walk
	// would give no line (plainKids).
	walkText bool
	// oneLevel has plainKids take no wrapper element (a <span> around a
	// cell's text), as it did first (29efaaa): only text children.
	oneLevel bool
	// twoWalks has number give the ids in one walk and bind them in
	// another, as it did before numberBind.
	twoWalks bool
}

// build is Build with the knobs k.
func build(d *dom.Doc, c *accname.Computer, opts Options, k knobs) *Tree {
	if c == nil {
		c = accname.New(d, nil)
	}
	if opts.MaxDepth <= 0 {
		opts.MaxDepth = DefaultMaxDepth
	}
	if opts.MaxNodes <= 0 {
		opts.MaxNodes = DefaultMaxNodes
	}
	b := &builder{opts: opts, t: &Tree{URL: opts.URL}, top: d, mixed: k.bindAll, noKin: k.noKin, operableByName: k.operableByName, walkText: k.walkText, oneLevel: k.oneLevel, twoWalks: k.twoWalks}
	b.scratch.ownKids, b.scratch.clearTaken = k.ownKids, k.clearTaken
	b.scratch.nodes, b.scratch.text = b.nodes0[:0], b.text0[:0]
	// the path's children start in one array, not grown from nothing
	// through six doublings on every page (a page's nodes are about twice
	// its elements)
	b.arena = make([]*html.Node, 0, min(64, 2*d.Len()+8))
	b.t.Title = title(d)
	top := b.open()
	b.doc(d, c, 0, &top, 0)
	for _, k := range d.LimitsHit() {
		b.truncate(k) // a srcdoc frame was not parsed
	}
	for _, k := range c.Style().LimitsHit() {
		b.truncate(k) // the cascade dropped rules: what is shown may differ
	}
	b.t.Roots = sayOnce(top.take(top.out()))
	b.scratch.done()
	b.number()
	return b.t
}

// builder holds the state of one Build.
type builder struct {
	opts    Options
	t       *Tree
	scratch scratch // shared by the accs (acc, open)
	// top is the page's document: number binds an element node made from
	// it to top.Elements[node.DOM], so nothing is recorded per element.
	top *dom.Doc
	// mixed: an element was made from another document (a frame) or one
	// top does not index; from then on each element made is recorded in
	// pending, which number applies over the binding through DOM, the last
	// element made in a node winning.
	mixed   bool
	pending []bound
	// The first stretch of each scratch stack, so that a small page's
	// build grows neither.
	nodes0  [64]*Node
	text0   [256]byte
	count   int          // output nodes made
	arena   []*html.Node // flat-tree children of the nodes on the walk's path
	quiet   int          // >0 inside a label whose text names a control
	walked  int          // nodes walked, for Options.Stop
	stopped bool         // Options.Stop said yes
	// kin holds, by depth (modulo kinDepths), the element walk is walking
	// at that depth and what its children asked of it so far
	// (visibleText, flexItem): a child at depth d asks its parent's entry
	// at d-1, which the walks of its earlier siblings' subtrees, all
	// deeper, leave as it is.
	// (Two arrays, not one of structs: a struct of a uintptr and a byte
	// takes 16 bytes, and the builder, allocated by every Build, then
	// falls in a size class 256 bytes larger.)
	kinN    [kinDepths]uintptr
	kinBits [kinDepths]uint8
	noKin   bool // knobs.noKin
	// operableByName: knobs.operableByName
	operableByName bool
	walkText       bool // knobs.walkText
	oneLevel       bool // knobs.oneLevel
	twoWalks       bool // knobs.twoWalks
}

// kinDepths is the length of builder.kin (kinN, kinBits), a power of two.
const kinDepths = 32

// An entry of builder.kin is an element, in kinN, and what its children
// asked of it, in kinBits. The element is kept by its address (nodeKey),
// only compared: a store of it needs no write barrier.

// nodeKey is n's address, which identifies it while it lives (the Go heap
// does not move objects).
func nodeKey(n *html.Node) uintptr { return uintptr(unsafe.Pointer(n)) }

// kinBits: whether each answer is known, and the answer.
const (
	kinItemsKnown   uint8 = 1 << iota // its children are flex or grid items: kinItems
	kinItems                          // (flexItem)
	kinVisibleKnown                   // its visibility is visible: kinVisible
	kinVisible                        // (visibleText)
)

// stop reports whether building must end because Options.Stop said so,
// asking it every 1,024 calls. Without a Stop (the common case) that is
// one test, inlined at each call; only asking sets stopped.
func (b *builder) stop() bool {
	if b.opts.Stop == nil {
		return false
	}
	return b.stopAsk()
}

// stopAsk is stop with a Stop to ask.
func (b *builder) stopAsk() bool {
	if b.stopped {
		return true
	}
	b.walked++
	if b.walked&1023 == 0 && b.opts.Stop() {
		b.stopped = true
		b.truncate("stopped")
	}
	return b.stopped
}

// frame is the per-document context: frames (iframes) get their own.
type frame struct {
	d      *dom.Doc
	c      *accname.Computer
	offset int // added to element indexes so frame elements number after the parent's
	// base resolves the hrefs of a frame document that has a URL of its own
	// (a capture's same-origin frame); nil for the page and srcdoc frames,
	// whose links resolve against the page (links.Collect).
	base *url.URL
}

// scratch is the working memory the accs of one Build share. The accs
// open at a time are nested (a kept element's children are walked, and
// taken, before its parent's walk goes on), so each works at the top of
// the two stacks: its output nodes at nodes[base:], the line it is
// building at text[start:]. A finished acc's nodes are copied out once,
// right-sized, and its part of the stacks is reused: no growth of a
// slice per node, no builder per line.
type scratch struct {
	nodes []*Node
	text  []byte
	// free holds nodes the build made and then dropped (a cell's text,
	// which its name says; a wrapper collapsed into its child), for the
	// next node to reuse.
	free []*Node
	// slab is the rest of the chunk new nodes are cut from: one
	// allocation for many nodes. A chunk is half the nodes the rest of the
	// document should need at the rate so far (fresh nodes per element
	// reached: fresh, at of n), so chunks shrink towards the end of a page
	// and the last is about used up; past the last few nodes, each is
	// allocated by itself.
	slab      []Node
	fresh     int
	at, total int
	// dslab is the rest of the chunk Details are cut from, sized the same
	// way from dfresh, the Details made so far; dfree holds the Details of
	// dropped nodes, cleared, for reuse.
	dslab  []Detail
	dfresh int
	dfree  []*Detail
	// run lends a wrapper's kids to walk, which splices them into the
	// parent's line (addRun) and drops the wrapper.
	run []*Node
	// kids is the rest of the chunk the nodes' Children are cut from (each
	// cut's capacity its length: an append to one copies it out), sized as
	// slab is from kfresh, the children given out so far; ownKids (a test
	// knob) gives each node a slice of its own instead.
	kids    []*Node
	kfresh  int
	ownKids bool
	// clearTaken: knobs.clearTaken
	clearTaken bool
	// dropped counts the element nodes put back (put): the tree holds at
	// most builder.count less these (number).
	dropped int
}

// acc accumulates the output children of one kept node (or the roots),
// merging adjacent inline text into one line. The zero value works on a
// scratch of its own; the builder's accs share one (builder.open).
type acc struct {
	s       *scratch
	base    int    // start of this acc's output nodes in s.nodes
	start   int    // start of this acc's line in s.text
	one     string // the line's text while it is one piece needing no change (s.text part empty)
	pending bool   // the line (s.text part or one) holds text not yet flushed
	// inline: the last node of out is a piece of an inline run (a text
	// line, or a childless link) that the next piece may join, no block
	// boundary having come since.
	inline bool
}

// text appends inline text, collapsing white space (unicode.IsSpace) to
// one space; a byte that is not UTF-8 becomes U+FFFD. Runs of other text
// are copied whole.
func (a *acc) text(s string) {
	if !a.started() {
		s = trimLeadSpace(s)
	}
	a.rest(s)
}

// started reports whether the line holds text: white space added now
// would count.
func (a *acc) started() bool {
	return a.one != "" || a.built() > 0
}

// lead is the part of s that text would read: s without its leading
// white space when no line has started (most text nodes of indented
// markup are white space alone: "" then, and the walk need not ask
// whether the node is visible), else s.
func (a *acc) lead(s string) string {
	if a.started() {
		return s
	}
	return trimLeadSpace(s)
}

// rest is text for s as lead returns it: the leading white space already
// dropped when no line has started.
func (a *acc) rest(s string) {
	if a.s == nil {
		a.s = &scratch{}
	}
	if a.one != "" {
		a.write(a.one) // a second piece: the line is built in s.text
		a.one = ""
	} else if a.built() == 0 {
		if s == "" {
			return // white space alone starts no line
		}
		// The first piece of a line is kept as it is when collapsing
		// would not change it (most text nodes): no copy. Otherwise the
		// part before the first change is copied as it is, and the loop
		// below goes on from there.
		k := collapsedLen(s)
		if k == len(s) {
			a.one, a.pending = s, true
			return
		}
		a.write(s[:k])
		s = s[k:]
	}
	// s goes in stretches: a run of white space is one space (space adds
	// none after a space), a byte that is not UTF-8 is U+FFFD, and the text
	// up to the next change is copied whole, as collapsedLen finds it
	// (eight bytes a step; it keeps single spaces between words).
	for len(s) > 0 {
		if c := s[0]; c < utf8.RuneSelf {
			if asciiSpace(c) {
				a.space()
				s = s[leadSpace(s):]
				continue
			}
		} else if r, size := utf8.DecodeRuneInString(s); wideSpace(r) {
			a.space()
			s = s[size:]
			continue
		} else if r == utf8.RuneError && size == 1 {
			a.write("\uFFFD")
			s = s[1:]
			continue
		}
		k := collapsedLen(s) // > 0: s starts with a rune that is kept
		a.write(s[:k])
		s = s[k:]
	}
	if a.built() > 0 {
		a.pending = true
	}
}

// write appends s to the line being built.
func (a *acc) write(s string) {
	a.s.text = append(a.s.text, s...)
}

// built is the length of the line built in s.text so far.
func (a *acc) built() int {
	if a.s == nil {
		return 0
	}
	return len(a.s.text) - a.start
}

// trimLeadSpace drops the white space (unicode.IsSpace) s starts with.
// Most strings start with a printable ASCII byte: that is one test,
// inlined.
func trimLeadSpace(s string) string {
	if len(s) == 0 || s[0] > ' ' && s[0] < utf8.RuneSelf {
		return s
	}
	return trimLeadSlow(s)
}

// trimLeadSlow is trimLeadSpace past its first test.
func trimLeadSlow(s string) string {
	if len(s) > 1 && s[0] == ' ' && s[1] > ' ' && s[1] < utf8.RuneSelf {
		return s[1:] // one space before a word: the rest of a name being matched
	}
	for i := leadSpace(s); i < len(s); {
		c := s[i]
		if asciiSpace(c) {
			i++
			continue
		}
		if c < utf8.RuneSelf {
			return s[i:]
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if !wideSpace(r) {
			return s[i:]
		}
		i += size
	}
	return ""
}

// space adds one space unless the text is empty or ends in one.
func (a *acc) space() {
	if a.built() > 0 && a.s.text[len(a.s.text)-1] != ' ' {
		a.s.text = append(a.s.text, ' ')
	}
}

// asciiSpace reports the ASCII bytes unicode.IsSpace accepts.
func asciiSpace(c byte) bool {
	return c == ' ' || c-'\t' <= '\r'-'\t' // '\t' '\n' '\v' '\f' '\r' are 9..13
}

func endsSpace(sb *strings.Builder) bool {
	s := sb.String()
	return len(s) > 0 && s[len(s)-1] == ' '
}

// line returns the text of the current line so far.
func (a *acc) line() string {
	if a.one != "" {
		return a.one
	}
	if a.built() == 0 {
		return ""
	}
	return string(a.s.text[a.start:])
}

// brk ends the current text line (a block boundary or a node line).
func (a *acc) brk() {
	if a.pending {
		// A line starts with no white space, and its white space is
		// single ASCII spaces (rest): only a last space is left to trim.
		var s string
		if a.one != "" {
			s = strings.TrimSuffix(a.one, " ")
		} else if a.built() > 0 {
			t := a.s.text[a.start:]
			if t[len(t)-1] == ' ' {
				t = t[:len(t)-1]
			}
			if len(t) > 0 {
				s = string(t) // the line's one copy
			}
		}
		if s != "" {
			a.push(a.s.textLine(s, a.inline))
			a.inline = true
		}
	}
	if a.s != nil {
		a.s.text = a.s.text[:a.start]
	}
	a.one = ""
	a.pending = false
}

// textLine returns a new text line node.
func (s *scratch) textLine(name string, joined bool) *Node {
	k := s.node()
	k.Name, k.DOM, k.Joined = name, -1, joined
	return k
}

// node returns a zero node to fill in: one the build dropped, cleared,
// or a new one. (Filling it field by field costs less than assigning a
// whole Node.)
func (s *scratch) node() *Node {
	if n := len(s.free); n > 0 {
		k := s.free[n-1]
		s.free = s.free[:n-1]
		s.clear(k)
		return k
	}
	s.fresh++
	if len(s.slab) == 0 {
		c := chunk(s.fresh, s.at, s.total, nodeChunks[:])
		if c == 0 {
			return new(Node)
		}
		s.slab = make([]Node, c)
	}
	k := &s.slab[0]
	s.slab = s.slab[1:]
	return k
}

// clear zeroes a dropped node for reuse; its Detail, cleared, goes to
// dfree.
func (s *scratch) clear(k *Node) {
	if d := k.Detail; d != nil {
		*d = Detail{}
		s.dfree = append(s.dfree, d)
	}
	*k = Node{}
}

// detail returns k's Detail, giving k one (reused, or cut from dslab)
// when it has none.
func (s *scratch) detail(k *Node) *Detail {
	if k.Detail != nil {
		return k.Detail
	}
	if n := len(s.dfree); n > 0 {
		k.Detail = s.dfree[n-1]
		s.dfree = s.dfree[:n-1]
		return k.Detail
	}
	s.dfresh++
	if len(s.dslab) == 0 {
		c := chunk(s.dfresh, s.at, s.total, detailChunks[:])
		if c == 0 {
			k.Detail = new(Detail)
			return k.Detail
		}
		s.dslab = make([]Detail, c)
	}
	k.Detail = &s.dslab[0]
	s.dslab = s.dslab[1:]
	return k.Detail
}

// chunk returns the size of the next chunk to cut fresh objects from, the
// fresh-th made by the build with at of total elements reached: the
// largest of sizes within half of what the rest of the document should
// need at the rate so far, or 0 (allocate one by itself) when that is
// below the smallest.
func chunk(fresh, at, total int, sizes []int) int {
	n := max(total-at, 0) * fresh / (max(at, 0) + 1) / 2
	if n < sizes[0] {
		return 0
	}
	c := sizes[0]
	for _, m := range sizes {
		if m <= n {
			c = m
		}
	}
	return c
}

// nodeChunks are the node counts a chunk of scratch.slab may hold, and
// detailChunks the Detail counts of one of scratch.dslab: the ones whose
// bytes (and the allocation's 8-byte header past 512 bytes) fill a size
// class of the allocator but for a few bytes (85 nodes of 96 bytes: 8,160
// + 8 of 8,192 bytes; 43 Details of 80: 3,440 + 8 of 3,456), so that a
// kept tree holds little more than its nodes.
var (
	nodeChunks   = [...]int{2, 5, 13, 33, 85, 141}
	detailChunks = [...]int{2, 4, 6, 11, 19, 43, 67}
	// kidChunks are pointer counts that fill a size class (past 512
	// bytes with the 8-byte header: 127 of 1,024 bytes).
	kidChunks = [...]int{8, 16, 32, 64, 127, 255, 511, 1023}
)

// done clears the nodes left on the free list, which their chunk keeps:
// what they pointed to must not stay alive with the tree.
func (s *scratch) done() {
	for _, k := range s.free {
		s.clear(k)
	}
	s.free, s.dfree = nil, nil
}

// put gives k, which nothing holds any more, to node for reuse. The
// builder's bound list may still name k: number binds the id of an
// element to the last element made in its node, which is the one kept.
func (s *scratch) put(k *Node) {
	if k.Role != "" {
		s.dropped++
	}
	s.free = append(s.free, k)
}

// putTree puts k and every node below it, a subtree nothing holds any
// more.
func (s *scratch) putTree(k *Node) {
	for _, c := range k.Children {
		s.putTree(c)
	}
	s.put(k)
}

// push appends n to the acc's output nodes.
func (a *acc) push(n *Node) {
	if a.s == nil {
		a.s = &scratch{}
	}
	a.s.nodes = append(a.s.nodes, n)
}

// out is the acc's output so far: a window on the shared stack, valid
// until the stack grows again (the next push of this acc or an inner one).
func (a *acc) out() []*Node {
	if a.s == nil {
		return nil
	}
	return a.s.nodes[a.base:]
}

// take returns kids (a part of a.out()) as a slice of their own, nil when
// empty, and frees the acc's part of the shared stacks: the acc is done.
// The freed part is not cleared: the next push overwrites it, nothing
// reads past the stack's length, and the stack goes with the builder when
// Build returns, so the nodes it still points to (all made by this build,
// kept or on the free list) stay alive no longer than they would anyway.
// (Clearing cost a runtime call with its write barrier check per kept
// node: 40 K instructions on orders-grid.)
func (a *acc) take(kids []*Node) []*Node {
	var out []*Node
	if len(kids) > 0 {
		out = a.s.children(len(kids))
		copy(out, kids)
	}
	if a.s != nil {
		if a.s.clearTaken {
			clear(a.s.nodes[a.base:])
		}
		a.s.nodes = a.s.nodes[:a.base]
		a.s.text = a.s.text[:a.start]
	}
	return out
}

// children returns a slice of n nodes to fill, its capacity n: a cut of
// kids, or a slice of its own when kids is short.
func (s *scratch) children(n int) []*Node {
	s.kfresh += n
	if len(s.kids) < n {
		return s.kidsChunk(n)
	}
	out := s.kids[:n:n]
	s.kids = s.kids[n:]
	return out
}

// kidsChunk is children when kids holds fewer than n: a new chunk when
// the rest of the document should need one (the rest of the old chunk is
// then left unused) and n is a small part of it, else a slice for these n
// alone.
//
//go:noinline
func (s *scratch) kidsChunk(n int) []*Node {
	c := 0
	if !s.ownKids {
		c = chunk(s.kfresh, s.at, s.total, kidChunks[:])
	}
	if c < 4*n {
		return make([]*Node, n)
	}
	s.kids = make([]*Node, c)
	out := s.kids[:n:n]
	s.kids = s.kids[n:]
	return out
}

// open starts an acc for the children of a kept node, on the build's
// shared scratch.
func (b *builder) open() acc {
	return acc{s: &b.scratch, base: len(b.scratch.nodes), start: len(b.scratch.text)}
}

// add appends a node line.
func (a *acc) add(n *Node) {
	a.brk()
	a.inline = false
	a.push(n)
}

// block ends the current text line at a block boundary: nothing after it
// joins what came before.
func (a *acc) block() {
	a.brk()
	a.inline = false
}

// addInline appends node k, the line of an element that does not start a
// block: a run piece (runPiece: a link) joins the inline run before it.
func (a *acc) addInline(k *Node) {
	a.brk()
	if runPiece(k) {
		k.Joined = a.inline
		a.inline = true
	} else {
		a.inline = false
	}
	a.push(k)
}

// addRun appends the children of a wrapper that says nothing around the
// one line they print (collapsible): the run stands in its place.
func (a *acc) addRun(kids []*Node) {
	a.brk()
	kids[0].Joined = false
	for _, k := range kids {
		a.push(k)
	}
	a.inline = false
}

// title is document.title: the text of the first HTML <title> element in
// tree order, white space collapsed.
func title(d *dom.Doc) string {
	for _, n := range d.Elements {
		if dom.IsHTML(n, "title") {
			if c := n.FirstChild; c == nil || c.NextSibling == nil && c.Type == html.TextNode && collapsed(c.Data) {
				// no text, or one text node that is collapsed already
				// (most titles): itself, not a copy split and joined
				if c == nil {
					return ""
				}
				return c.Data
			}
			var sb strings.Builder
			for c := n.FirstChild; c != nil; c = c.NextSibling {
				if c.Type == html.TextNode {
					sb.WriteString(c.Data)
				}
			}
			return strings.Join(strings.Fields(sb.String()), " ")
		}
	}
	return ""
}

// doc walks one document (the page or a frame's) into a.
func (b *builder) doc(d *dom.Doc, c *accname.Computer, offset int, a *acc, depth int) {
	f := &frame{d: d, c: c, offset: offset}
	if u := d.URL(); u != "" {
		if base, err := url.Parse(u); err == nil && base.IsAbs() {
			if bh := d.BaseURL(); bh != "" {
				if bu, err := base.Parse(bh); err == nil {
					base = bu
				}
			}
			f.base = base
		}
	}
	var start *html.Node
	for _, n := range d.Elements {
		if dom.IsHTML(n, "body") || dom.IsHTML(n, "frameset") {
			start = n
			break
		}
	}
	if start == nil {
		if len(d.Elements) == 0 {
			return
		}
		start = d.Elements[0]
	}
	b.walkChildren(f, start, a, depth)
	a.brk()
}

func (b *builder) walkChildren(f *frame, n *html.Node, a *acc, depth int) {
	if depth >= b.opts.MaxDepth {
		b.flatten(f, n, a)
		return
	}
	var st style.Computed
	if sh := f.c.Style(); sh.HasPseudo(n) {
		st = sh.Style(n)
	}
	if st.HasBefore {
		b.pseudo(a, st, st.Before, st.BeforeDisplay)
	}
	start := len(b.arena)
	b.arena = f.d.AXChildren(n, b.arena)
	kids := b.arena[start:]
	for _, k := range kids {
		b.walk(f, k, a, depth+1)
	}
	b.arena = b.arena[:start]
	if st.HasAfter {
		b.pseudo(a, st, st.After, st.AfterDisplay)
	}
}

// pseudo adds ::before / ::after content as page text: a person reads it
// like any other text ("New", "per kg"). Content with no letter or digit is
// decoration (bullets, separators, icon-font glyphs in the private use
// area) and is left out; inside a name it still counts (accname).
func (b *builder) pseudo(a *acc, st style.Computed, text, display string) {
	if b.quiet > 0 || st.Visibility != "visible" || !hasWord(text) {
		return
	}
	block := display != "" && !style.IsInlineDisplay(display)
	if block {
		a.block()
	}
	a.text(text)
	if block {
		a.block()
	}
}

// flatten walks the subtree under n without growing the output depth, with
// an explicit stack, for nesting past MaxDepth.
func (b *builder) flatten(f *frame, n *html.Node, a *acc) {
	var kids []*html.Node
	kids = f.d.AXChildren(n, kids)
	stack := make([]*html.Node, 0, len(kids))
	for i := len(kids) - 1; i >= 0; i-- {
		stack = append(stack, kids[i])
	}
	b.truncate("depth")
	for len(stack) > 0 && !b.stop() {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		switch x.Type {
		case html.TextNode:
			a.text(x.Data)
			continue
		case html.ElementNode:
		default:
			continue
		}
		if f.c.Hidden(x) || skipTag(x) {
			continue
		}
		rid := f.c.RoleID(x)
		if node := b.keep(f, x, rid, false); node != nil {
			// Past MaxDepth nothing nests: a kept element is a line, and its
			// content follows it as siblings, unless the line already says it.
			a.add(node)
			if roleKinds[rid]&kLeaf != 0 || (node.Name != "" && (node.Role == "link" || node.Role == "heading")) {
				continue
			}
		} else if isBlock(f, x) {
			a.block()
		}
		kids = f.d.AXChildren(x, kids[:0])
		for i := len(kids) - 1; i >= 0; i-- {
			stack = append(stack, kids[i])
		}
	}
}

// visibleText reports whether a text node's parent lets it show.
func visibleText(f *frame, t *html.Node) bool {
	p := f.d.Parent(t)
	if p == nil || p.Type != html.ElementNode {
		return true
	}
	return f.c.Style().Visibility(p) == "visible"
}

// visibleText is the package's visibleText for a text node t walked at
// depth, asking its parent's style once for all its text children (b.kin).
func (b *builder) visibleText(f *frame, t *html.Node, depth int) bool {
	p := f.d.Parent(t)
	if p == nil || p.Type != html.ElementNode {
		return true
	}
	d := (depth - 1) & (kinDepths - 1)
	kb := &b.kinBits[d]
	if b.kinN[d] == nodeKey(p) && *kb&kinVisibleKnown != 0 {
		return *kb&kinVisible != 0
	}
	v := f.c.Style().Visibility(p) == "visible"
	if b.kinN[d] == nodeKey(p) {
		*kb |= kinVisibleKnown
		if v {
			*kb |= kinVisible
		}
	}
	return v
}

// truncate records that a limit was hit, once per kind.
func (b *builder) truncate(kind string) {
	for _, k := range b.t.Truncated {
		if k == kind {
			return
		}
	}
	b.t.Truncated = append(b.t.Truncated, kind)
}

// skipTag reports elements whose content is never read as page text.
func skipTag(n *html.Node) bool {
	if n.Namespace != "" {
		return false
	}
	switch n.Data {
	case "script", "style", "template", "head", "title", "meta", "link", "option", "optgroup", "datalist":
		return true
	case "noscript":
		// html.Parse (scripting on, as the element numbering requires) keeps
		// noscript content as raw markup text, which is not page text.
		return true
	}
	return false
}

func (b *builder) walk(f *frame, n *html.Node, a *acc, depth int) {
	if b.stop() {
		return
	}
	if b.count >= b.opts.MaxNodes {
		b.truncate("nodes")
		return
	}
	switch n.Type {
	case html.TextNode:
		if b.quiet == 0 {
			if s := a.lead(n.Data); s != "" && b.visibleText(f, n, depth) {
				a.rest(s)
			}
		}
		return
	case html.ElementNode:
	default:
		return
	}
	if skipTag(n) {
		return
	}
	if f.c.Hidden(n) {
		// visibility:hidden hides an element's own text and box but not a
		// descendant that sets visibility:visible again; look inside.
		if !dom.IsHTML(n, "slot") && f.c.Style().Visibility(n) != "visible" && !f.c.AriaHidden(n) {
			b.walkChildren(f, n, a, depth)
		}
		return
	}
	rid := f.c.RoleID(n)
	if n.Namespace == "" && n.Data == "br" {
		a.block()
		return
	}
	node := b.keep(f, n, rid, true)
	// isBlock, and what n's children will ask of it (flexItem)
	block, bits := true, kinItemsKnown
	switch display := f.c.Style().Display(n); display {
	case "inline", "":
		block = b.flexItem(f, n, depth)
	case "contents":
		block, bits = b.flexItem(f, n, depth), 0 // its parent's box lays them out
	default:
		if style.BlockifiesItems(display) {
			bits |= kinItems
		}
	}
	if !b.noKin {
		b.kinN[depth&(kinDepths-1)], b.kinBits[depth&(kinDepths-1)] = nodeKey(n), bits
	}
	if node == nil {
		if block {
			a.block()
		}
		isLabel := n.DataAtom == atom.Label && n.Namespace == "" && f.c.LabeledControl(n) != nil
		if isLabel {
			b.quiet++ // the label's text is its control's name already
		}
		b.walkChildren(f, n, a, depth)
		if isLabel {
			b.quiet--
		}
		if block {
			a.block()
		}
		return
	}
	k := b.fill(f, n, node, rid, depth)
	switch {
	case k.Name == "" && collapsible(k) && oneRun(k.Children):
		a.addRun(k.Children)
		b.scratch.put(k)
	case block:
		a.add(k)
	default:
		a.addInline(k)
	}
}

// fill builds the children of a kept node and returns the node to print in
// its place: the node itself, or its only child when the node is an unnamed
// wrapper that would add a line and nothing else.
func (b *builder) fill(f *frame, n *html.Node, node *Node, rid roles.ID, depth int) *Node {
	if n.Namespace == "" && (n.Data == "select" || n.Data == "textarea" || n.Data == "input") {
		if n.Data == "select" && rid == idListbox {
			ca := b.open()
			b.walkOptions(f, n, &ca)
			node.Children = ca.take(ca.out())
		}
		if n.Data != "input" || !f.d.HasOwns() {
			return node
		}
		// An input has no content, but it can own elements: a text-input
		// combobox's popup listbox (aria-owns), which the accessibility
		// tree puts under it. Its operable elements go under the input.
	}
	if roleKinds[rid]&kLeaf != 0 || dom.IsHTML(n, "input") {
		// Children are presentational: the line says it all, except that an
		// operable element nested inside (a button in a menu item) must
		// still get its number.
		if _, ok := b.plainKids(f, n, depth); ok {
			return node // text only: no line of it is kept
		}
		ca := b.open()
		b.walkChildren(f, n, &ca, depth)
		ca.brk()
		node.Children = operableOnly(ca.out(), nil, &b.scratch)
		ca.take(nil)
		for _, k := range node.Children {
			k.Joined = false // gathered from below: not one line of prose
		}
		return node
	}
	ca := b.open()
	if dom.IsHTML(n, "iframe") {
		if sub := f.d.Frame(n); sub != nil {
			off := f.offset + f.d.Len()
			b.doc(sub, accname.New(sub, nil), off, &ca, depth)
		}
		node.Children = ca.take(ca.out())
		return node
	}
	if rowLater(n, rid.String()) {
		// The row's name from content is its cells' names, which the walk
		// of its children computes: accname joins them instead of walking
		// the row's content again when that gives the same name.
		mark := f.c.BeginRow()
		b.walkChildren(f, n, &ca, depth)
		node.Name = f.c.RowName(n, mark)
	} else if node.Name == "" || !b.nameSaysText(f, n, node.Name, depth) {
		b.walkChildren(f, n, &ca, depth)
	}
	ca.brk()
	kids := ca.out()
	if node.Name == "" && len(node.Actions()) > 0 || node.Name == "" && node.Role == "generic" {
		// An operable element with no name of its own (a div with a click
		// handler) is named by its text, as a person would read it, when
		// the text is short enough for a name: a longer one (a focusable
		// code block, a scrolling region) stays text lines, which the
		// printer does not cut at the name limit.
		if txt, ok := allText(kids); ok && txt != "" && utf8.RuneCountInString(txt) < LongText {
			node.Name = txt
			for _, k := range kids {
				b.scratch.put(k)
			}
			kids = nil
		}
	}
	// op: whether node is operable, asked once for both tests below (they
	// change its name and kids, not its role or actions)
	op := node.Name != "" && b.operable(node, rid)
	switch {
	case node.Name != "" && !op && operableNamed(kids) && spelledOut(node.Name, kids):
		// The name is the element's own text and the names of operable
		// elements inside it (a heading and its anchor link, a cell whose
		// sentence holds a link), which the lines below say in order:
		// say it there, once, where the link can be acted on, instead of
		// keeping the name and pruning the text it already says.
		node.Name = ""
	default:
		kids = pruneRedundant(node, kids, &b.scratch)
	}
	if node.Name != "" && (!op || operableNamed(kids)) && spelledOut(node.Name, kids) {
		// The lines below say the name word for word (a table row and its
		// cells, a heading that wraps a link, a grid cell that wraps its
		// button): say it once, where an agent can act on it. Operable
		// elements keep their name (it is how an agent tells them apart)
		// unless an operable element below says it.
		node.Name = ""
	}
	if len(kids) == 1 && node.Name == "" && collapsible(node) {
		k := kids[0]
		ca.take(nil)
		b.scratch.put(node)
		return k
	}
	if node.Name == "" && collapsible(node) && oneRun(kids) {
		// walk splices the run into the parent's line (addRun) and drops
		// the node: lend it the kids rather than copy them out.
		b.scratch.run = append(b.scratch.run[:0], kids...)
		ca.take(nil)
		node.Children = b.scratch.run
		return node
	}
	node.Children = ca.take(kids)
	return node
}

// plainKids reports whether walkChildren(f, n, a, depth) would do
// nothing but give a the text of n's children: no Stop to ask, room for
// more element lines (a text walked at MaxNodes notes the limit), n above
// MaxDepth (flatten notes it), no ::before or ::after box, no shadow tree
// (whose text may take its visibility from a slot) and no element among
// n's children in the accessibility tree but a chain of wrappers walk
// keeps no line of (wrapper: <td><span class=badge>Paid</span></td>,
// <td><time>30 May</time></td>), each of which is held to the same tests
// in turn. one is the only child at the chain's end when it is a text
// node, else nil. Under walkText it says no; under oneLevel it takes no
// wrapper (as 29efaaa did).
func (b *builder) plainKids(f *frame, n *html.Node, depth int) (one *html.Node, ok bool) {
	if b.walkText || b.opts.Stop != nil || b.count >= b.opts.MaxNodes || f.d.HasShadowRoots() {
		return nil, false
	}
	for {
		if depth >= b.opts.MaxDepth || f.c.Style().HasPseudo(n) {
			return nil, false
		}
		start := len(b.arena)
		b.arena = f.d.AXChildren(n, b.arena)
		kids := b.arena[start:]
		b.arena = b.arena[:start]
		if len(kids) == 1 && kids[0].Type == html.ElementNode && !b.oneLevel {
			// kids[0] stays valid: nothing appends to the arena before
			// the next AXChildren, which comes after this read
			if n, depth = kids[0], depth+1; !b.wrapper(f, n, depth) {
				return nil, false
			}
			continue
		}
		for _, k := range kids {
			if k.Type == html.ElementNode {
				return nil, false
			}
		}
		if len(kids) == 1 && kids[0].Type == html.TextNode {
			one = kids[0]
		}
		return one, true
	}
}

// wrapper reports whether walk(f, w, a, depth) makes no node of element
// w and only walks its children (walkChildren), with nothing else to
// say: w is not a skipped tag, a <br>, a label or an iframe, has no
// markup that may give it actions or focus, no live facts (no capture),
// a role walk keeps no line of (keep: not interactive or kept) and is not
// hidden. Of what walk asks the Computer, the role (from the markup alone)
// is asked first, to turn a link or a button down without more; then
// Hidden, Display and the parent's display for flexItem, in walk's order,
// so the style computed, and its step budget, stay as the walk leaves
// them.
func (b *builder) wrapper(f *frame, w *html.Node, depth int) bool {
	if w.Namespace == "" && (w.Data == "br" || w.Data == "iframe" || w.DataAtom == atom.Label) || // as walk and keep test them
		skipTag(w) || f.d.HasFacts() || roleKinds[f.c.RoleID(w)]&(kInteractive|kKept) != 0 ||
		readAttrBits(w)&(bMayAct|bTabindex|bContentEditable) != 0 || f.c.Hidden(w) {
		return false
	}
	switch f.c.Style().Display(w) {
	case "inline", "", "contents":
		b.flexItem(f, w, depth) // as walk asks it (the answer is a line break: no text line either way)
	}
	return true
}

// nameSaysText reports whether the walk of n's children (at depth)
// would make one text line that pruneRedundant drops, name holding it,
// or none at all: n's only child, or the end of a chain of wrappers
// (plainKids), is a text node, which is collapsed (the line is its text)
// and in name (a cell, a link, a heading named by its text), or hidden or
// a label's (no line). fill then skips the walk.
func (b *builder) nameSaysText(f *frame, n *html.Node, name string, depth int) bool {
	t, ok := b.plainKids(f, n, depth)
	return ok && t != nil && collapsed(t.Data) && strings.Contains(name, t.Data)
}

// operable is node.Operable() for the node fill builds for an element of
// role rid: its Role is rid's name, or "generic" for none (element), and
// neither is interactive by name unless rid is by roleKinds
// (TestOperableByKind), so one table read answers instead of a probe of
// the interactive roles by name.
func (b *builder) operable(node *Node, rid roles.ID) bool {
	if b.operableByName {
		return node.Operable()
	}
	return roleKinds[rid]&kInteractive != 0 || node.Detail != nil && len(node.Detail.Actions) > 0
}

// rowLater reports a table row (tr, or a div with role row) whose name
// element leaves to fill: fill reaches its children's walk for these (no
// form control, no leaf role, no frame).
func rowLater(n *html.Node, role string) bool {
	return role == "row" && n.Namespace == "" && (n.Data == "tr" || n.Data == "div")
}

// operableNamed reports whether kids, read as spelledOut reads them (not
// below a named node), hold an operable element with a name.
func operableNamed(kids []*Node) bool {
	for _, k := range kids {
		if k.Name != "" {
			if k.Operable() {
				return true
			}
			continue
		}
		if operableNamed(k.Children) {
			return true
		}
	}
	return false
}

// spelledOut reports whether kids, read in order (text lines and element
// names, depth first, not below a named element), hold exactly name, white
// space aside, and at least one of them is an element (a node whose text
// lines alone say its name has them pruned already). The walk gives up,
// keeping the name, after maxSpellNodes nodes.
func spelledOut(name string, kids []*Node) bool {
	elem := false
	for _, k := range kids {
		if k.Role != "" {
			elem = true
			break
		}
	}
	if !elem {
		return false
	}
	if ex := (exactSpeller{name: name}); ex.walk(kids) && ex.at == len(name) && validUTF8(name) {
		return true // the names joined by single spaces: the walk below says yes
	}
	sp := speller{rest: name, name: name}
	if !sp.walk(kids) {
		return false
	}
	_, more := nextNonSpace(sp.rest)
	return !more
}

// validUTF8 is utf8.ValidString(s) in a tighter loop: eight bytes a step
// wherever s is ASCII, also past a rune beyond ASCII (the "€" of a price),
// after which utf8.ValidString reads the rest byte by byte. spelledOut
// asks it of every name its kids spell out exactly (a row's, from its
// cells: 309 a render on orders-grid, most of them ASCII and about 45
// bytes long), where it costs 127 instructions to utf8.ValidString's 211.
func validUTF8(s string) bool {
	for {
		for len(s) >= 8 && word.Load8(s[:8])&word.Hi8 == 0 {
			s = s[8:]
		}
		// s is shorter than eight bytes, or one of its first eight is
		// past ASCII
		i := 0
		for i < len(s) && s[i] < utf8.RuneSelf {
			i++
		}
		if i == len(s) {
			return true
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			return false
		}
		s = s[i+size:]
	}
}

// speller is spelledOut's walk: what of name is left to say, the nodes
// read so far, and whether name is valid UTF-8, asked once at the first
// named node instead of asking each node's name.
type speller struct {
	rest, name     string
	visits         int
	valid, checked bool
}

// walk reads ns and their subtrees (not below a named node) against
// rest; false when a node's name is not next in it or past maxSpellNodes
// nodes.
func (sp *speller) walk(ns []*Node) bool {
	for _, k := range ns {
		if sp.visits++; sp.visits > maxSpellNodes {
			return false
		}
		if k.Name != "" {
			// a named node says its content itself (its children
			// repeat it, as a cell's link repeats the cell)
			if !sp.checked {
				sp.valid, sp.checked = utf8.ValidString(sp.name), true
			}
			var ok bool
			if sp.rest, ok = consumeWords(sp.rest, k.Name, sp.valid); !ok {
				return false
			}
			continue
		}
		if len(k.Children) > 0 && !sp.walk(k.Children) {
			return false
		}
	}
	return true
}

// exactSpeller is spelledOut's first try: whether the names it reads are
// name byte for byte, one space between each two (a row and its cells, a
// cell and its link, as accname joins them). When they are and name is
// valid UTF-8, consumeWords takes each name with its one comparison and
// the walk would say yes; the comparison here is all that is left of it.
// Anything else (other white space, a rune cut, past maxSpellNodes) goes
// to the speller.
type exactSpeller struct {
	name   string
	at     int // bytes of name said so far
	visits int
}

// walk reads ns as speller.walk does; false when a name is not next in
// name after one space (none before the first) or past maxSpellNodes
// nodes.
func (ex *exactSpeller) walk(ns []*Node) bool {
	for _, k := range ns {
		if ex.visits++; ex.visits > maxSpellNodes {
			return false
		}
		if k.Name != "" {
			at := ex.at
			if at > 0 {
				if at >= len(ex.name) || ex.name[at] != ' ' {
					return false
				}
				at++
			}
			if !strings.HasPrefix(ex.name[at:], k.Name) {
				return false
			}
			ex.at = at + len(k.Name)
			continue
		}
		if len(k.Children) > 0 && !ex.walk(k.Children) {
			return false
		}
	}
	return true
}

// containsWords reports whether name contains s, white space aside: a
// name joins inline runs without the spaces the text lines keep
// ("results for\"cat\"" and "results for \"cat\"" say the same).
func containsWords(name, s string) bool {
	m := nameMatcher{name: name}
	return m.contains(s)
}

// nameMatcher answers containsWords for one name and many strings,
// removing the name's white space once, and only when a plain comparison
// fails.
type nameMatcher struct {
	name, squeezed string
	done           bool
}

func (m *nameMatcher) contains(s string) bool {
	if strings.Contains(m.name, s) {
		return true
	}
	if !m.done {
		m.squeezed, m.done = dropSpace(m.name), true
	}
	// A text longer than the name, white space aside, is not in it: stop
	// squeezing it there (a tab panel named by its tab, a few words, and
	// its paragraphs of text).
	t, ok := dropSpaceMax(s, len(m.squeezed))
	return ok && strings.Contains(m.squeezed, t)
}

// dropSpace returns s without its white space (unicode.IsSpace), a byte
// that is not UTF-8 as U+FFFD (as strings.Map gives it), and s itself when
// nothing changes: runs copied whole, not rune by rune through a mapping
// function.
func dropSpace(s string) string {
	t, _ := dropSpaceMax(s, len(s)*3) // U+FFFD for each byte: 3 bytes each
	return t
}

// dropSpaceMax is dropSpace(s) when that is at most limit bytes long; ok
// is false, and the rest of s unread, when it is longer.
func dropSpaceMax(s string, limit int) (string, bool) {
	var sb strings.Builder
	run := 0 // start of the bytes not yet copied
	for i := 0; i < len(s); {
		c := s[i]
		size := 1
		if c < utf8.RuneSelf {
			if !asciiSpace(c) {
				i++
				continue
			}
		} else {
			var r rune
			r, size = utf8.DecodeRuneInString(s[i:])
			if !wideSpace(r) && (r != utf8.RuneError || size > 1) {
				i += size
				continue
			}
		}
		if sb.Len()+i-run > limit {
			return "", false // the result so far is too long already
		}
		if sb.Cap() == 0 {
			sb.Grow(min(len(s), limit+3))
		}
		sb.WriteString(s[run:i])
		if c >= utf8.RuneSelf && size == 1 {
			sb.WriteString("\uFFFD")
		}
		i += size
		run = i
	}
	if sb.Len()+len(s)-run > limit {
		return "", false
	}
	if sb.Cap() == 0 {
		return s, true
	}
	sb.WriteString(s[run:])
	return sb.String(), true
}

// maxSpellNodes bounds the nodes spelledOut reads for one name.
const maxSpellNodes = 256

// consumeWords matches s against the start of name, white space aside, and
// returns the rest of name; ok is false when s is not next in name.
// nameValid says that name is known to be valid UTF-8 (the rest of a valid
// name, as consumeWords returns it, is).
func consumeWords(name, s string, nameValid bool) (string, bool) {
	// The common case, a child saying the next words byte for byte, is
	// one comparison. Valid UTF-8 only: the rune walk below steps over an
	// invalid byte as over three. A prefix of a valid name that ends
	// where a rune starts is valid: s need not be read again.
	name, s = trimLeadSpace(name), trimLeadSpace(s)
	if strings.HasPrefix(name, s) &&
		(nameValid && (len(s) == len(name) || utf8.RuneStart(name[len(s)])) || utf8.ValidString(s)) {
		return name[len(s):], true
	}
	return consumeRunes(name, s)
}

// consumeRunes is consumeWords rune by rune, white space skipped on both
// sides.
func consumeRunes(name, s string) (string, bool) {
	for {
		r, i, more := nextRune(s)
		if !more {
			return name, true
		}
		s = s[i:]
		q, j, more := nextRune(name)
		if !more || q != r {
			return name, false
		}
		name = name[j:]
	}
}

// nextRune returns the first non-space rune of s and the offset just past
// it; more is false when s holds only white space.
func nextRune(s string) (r rune, end int, more bool) {
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if !asciiSpace(c) {
				return rune(c), i + 1, true
			}
			i++
			continue
		}
		c, size := utf8.DecodeRuneInString(s[i:])
		if !wideSpace(c) {
			// A byte that is not UTF-8 decodes as U+FFFD, whose encoding is
			// 3 bytes long; the offset must not pass the end of s.
			return c, min(i+utf8.RuneLen(c), len(s)), true
		}
		i += size
	}
	return 0, len(s), false
}

// nextNonSpace reports whether s holds anything but white space.
func nextNonSpace(s string) (rune, bool) {
	r, _, more := nextRune(s)
	return r, more
}

// operableOnly keeps the nodes of kids a person can operate (an
// interactive role or actions), splicing out everything else, which goes
// to s for reuse.
func operableOnly(kids []*Node, out []*Node, s *scratch) []*Node {
	for _, k := range kids {
		switch {
		case k.Role == "":
			s.put(k)
		case interactiveRole(k.Role) || len(k.Actions()) > 0:
			out = append(out, k)
		default:
			out = operableOnly(k.Children, out, s)
			s.put(k)
		}
	}
	return out
}

// hasWord reports whether s holds a letter or a digit.
func hasWord(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return true
		}
	}
	return false
}

// allText joins kids when every one is a text line.
func allText(kids []*Node) (string, bool) {
	if len(kids) == 1 && kids[0].Role == "" {
		return kids[0].Name, true // one line: its text, not a copy
	}
	var sb strings.Builder
	for i, k := range kids {
		if k.Role != "" {
			return "", false
		}
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(k.Name)
	}
	return sb.String(), true
}

// collapsible reports structure that carries no meaning around a single
// child: an unnamed list item, list, group or row with one line in it
// (one child, or the pieces of one inline run). An element a person can
// reach by keyboard (Focusable) is not: its line holds its id.
func collapsible(n *Node) bool {
	if len(n.States()) > 0 || len(n.Props()) > 0 || len(n.Actions()) > 0 || n.Focusable {
		return false
	}
	switch n.Role {
	case "listitem", "list", "group", "row", "generic", "article", "tabpanel":
		return true
	}
	return false
}

func interactiveRole(role string) bool { return roles.IsInteractive(role) }

// walkOptions adds the options of a listbox select.
func (b *builder) walkOptions(f *frame, sel *html.Node, a *acc) {
	for _, x := range selectOptions(sel) {
		if !f.c.Hidden(x) {
			a.add(b.element(f, x, "option", nil, false, readAttrBits(x)))
		}
	}
}

// selectOptions is HTML's list of options of a select: its option
// children and the option children of its optgroup children, in order.
func selectOptions(sel *html.Node) []*html.Node {
	var out []*html.Node
	for c := sel.FirstChild; c != nil; c = c.NextSibling {
		switch {
		case dom.IsHTML(c, "option"):
			out = append(out, c)
		case dom.IsHTML(c, "optgroup"):
			for o := c.FirstChild; o != nil; o = o.NextSibling {
				if dom.IsHTML(o, "option") {
					out = append(out, o)
				}
			}
		}
	}
	return out
}

// isBlock reports whether n starts a new line of text.
func isBlock(f *frame, n *html.Node) bool {
	switch f.c.Style().Display(n) {
	case "inline", "contents", "":
		return flexItem(f, n)
	}
	return true
}

// flexItem is the package's flexItem for an element n walked at depth,
// taking the answer for n's parent from b.kin when walk has set it.
func (b *builder) flexItem(f *frame, n *html.Node, depth int) bool {
	if d := (depth - 1) & (kinDepths - 1); b.kinBits[d]&kinItemsKnown != 0 && b.kinN[d] == nodeKey(f.d.Parent(n)) {
		return b.kinBits[d]&kinItems != 0
	}
	return flexItem(f, n)
}

// flexItem reports an element laid out as an item of a flex or grid
// container: CSS makes it a block-level box ("blockifies" it) whatever
// its display, so it never shares a line with its siblings' text.
func flexItem(f *frame, n *html.Node) bool {
	p := f.d.Parent(n)
	for p != nil && p.Type == html.ElementNode && f.c.Style().Display(p) == "contents" {
		p = f.d.Parent(p)
	}
	if p == nil || p.Type != html.ElementNode {
		return false
	}
	return style.BlockifiesItems(f.c.Style().Display(p))
}

// leafRole reports roles whose content is presentational or summarized by
// the node line itself (ARIA's children-presentational roles and fields;
// the builder asks roleKinds, made from it).
func leafRole(role string) bool {
	switch role {
	case "button", "checkbox", "img", "math", "menuitemcheckbox", "menuitemradio",
		"meter", "option", "progressbar", "radio", "scrollbar", "separator", "slider",
		"switch", "tab", "textbox", "searchbox", "spinbutton", "combobox":
		return true
	}
	return false
}

// keptRole reports the non-interactive roles kept as structure (keep asks
// roleKinds, made from it).
func keptRole(role string) bool {
	switch role {
	case "banner", "navigation", "main", "contentinfo",
		"complementary", "search", "form", "region",
		"heading", "img", "list", "listitem",
		"table", "grid", "treegrid", "row",
		"cell", "gridcell", "columnheader", "rowheader",
		"group", "radiogroup", "dialog", "alertdialog",
		"alert", "tablist", "tabpanel", "menu", "menubar",
		"listbox", "tree", "toolbar",
		"progressbar", "meter",
		"article", "iframe", "math":
		return true
	}
	return false // figure, status and log among them
}

// roleKind holds what the builder asks of a role (roleKinds).
type roleKind uint8

const (
	kInteractive roleKind = 1 << iota // roles.IsInteractive
	kKept                             // keptRole
	kLeaf                             // leafRole
)

// roleKinds are the kinds of the roles, by roles.ID: the answers of
// roles.IsInteractive, keptRole and leafRole, asked once for each role,
// so that an element's role is one table read instead of three string
// lookups. Made once, only read.
var roleKinds = func() (t [256]roleKind) {
	for id := 0; id < roles.NumIDs; id++ {
		r := roles.ID(id).String()
		if roles.IsInteractive(r) {
			t[id] |= kInteractive
		}
		if keptRole(r) {
			t[id] |= kKept
		}
		if leafRole(r) {
			t[id] |= kLeaf
		}
	}
	return t
}()

// The IDs of the roles the builder tests one by one.
var (
	idImg     = roles.IDOf("img")
	idRegion  = roles.IDOf("region")
	idForm    = roles.IDOf("form")
	idListbox = roles.IDOf("listbox")
)

// keep decides whether n, of computed role rid (f.c.RoleID(n), which the
// caller has asked already), becomes a node line and builds it. filled
// says that fill will build its children (walk), so a row's name can wait
// for them (rowLater).
func (b *builder) keep(f *frame, n *html.Node, rid roles.ID, filled bool) *Node {
	if dom.IsHTML(n, "iframe") {
		return b.element(f, n, "iframe", nil, false, readAttrBits(n))
	}
	bits := readAttrBits(n)
	role := rid.String()
	var acts []string
	if bits&bMayAct != 0 || f.d.HasFacts() {
		acts = b.actions(f, n, role, bits) // else nil, its first test
	}
	kind := roleKinds[rid]
	interactive := kind&kInteractive != 0
	if kind&(kInteractive|kKept) == 0 && len(acts) == 0 && !mayFocus(n, bits) {
		return nil
	}
	if rid == idImg && f.c.Name(n) == "" {
		return nil
	}
	if (rid == idRegion || rid == idForm) && len(acts) == 0 && f.c.Name(n) == "" {
		return nil
	}
	node := b.element(f, n, role, acts, filled, bits)
	node.Focusable = !interactive && mayFocus(n, bits)
	return node
}

// actions computes what a person can do to n beyond what its role implies,
// from its listeners (a capture), inline handlers and markup; bits are
// n's (readAttrBits).
func (b *builder) actions(f *frame, n *html.Node, role string, bits attrBits) []string {
	fa := f.d.Facts(n)
	if fa == nil && bits&bMayAct == 0 {
		return nil // the common case, without reading the markup
	}
	m := actions.MarkupOf(n, fa)
	if !m.CursorPointer && n.Namespace == "" {
		m.CursorPointer = f.c.Style().CursorPointer(n)
	}
	var rec listeners.Record
	if fa != nil {
		rec = fa.Listeners
	}
	if rec == nil && len(m.Inline) == 0 && !m.Draggable && !m.ContentEditable {
		return nil // nothing can add an action (the common case: skip the work)
	}
	acts, _ := actions.Compute(role, rec, m)
	return acts
}

// mayFocus is focusable, its first test inlined: most elements have no
// tabindex or contenteditable attribute.
func mayFocus(n *html.Node, bits attrBits) bool {
	return bits&(bTabindex|bContentEditable) != 0 && focusable(n, bits)
}

// focusable reports an element with no interactive role that a person can
// still reach: tabindex ≥ 0 or contenteditable. bits are n's
// (readAttrBits).
func focusable(n *html.Node, bits attrBits) bool {
	if bits&(bTabindex|bContentEditable) == 0 || n.Namespace != "" && n.Namespace != "svg" {
		return false
	}
	if v, ok := dom.Attr(n, "tabindex"); ok {
		if i, err := strconv.Atoi(strings.TrimSpace(v)); err == nil && i >= 0 {
			return true
		}
	}
	if v, ok := dom.Attr(n, "contenteditable"); ok && !strings.EqualFold(strings.TrimSpace(v), "false") {
		return true
	}
	return false
}

// element builds the node line of a kept element. With filled, a row's
// name is left for fill to compute after its cells (rowLater). bits are
// n's (readAttrBits).
func (b *builder) element(f *frame, n *html.Node, role string, acts []string, filled bool, bits attrBits) *Node {
	b.count++
	name := ""
	if !filled || !rowLater(n, role) {
		name = f.c.Name(n)
	}
	i := -1
	if f.c.Doc() == f.d {
		i = f.c.Index(n) // f.d.Index(n), most often from the cache of the name just asked
	} else {
		i = f.d.Index(n)
	}
	if i >= 0 { // -1: not an element of f.d (the estimate stays as it was)
		b.scratch.at, b.scratch.total = i, f.d.Len()
	}
	node := b.scratch.node()
	node.Role, node.Name, node.DOM = role, name, int32(f.offset+i)
	if len(acts) > 0 {
		b.scratch.detail(node).Actions = acts
	}
	if role == "" || role == "none" {
		node.Role = "generic"
	}
	node.ID = -1 // numbered later, in output order
	if mayDetail(f, n, node.Role, bits) {
		b.detailed(f, n, node)
	}
	if mayLink(n) {
		b.link(f, n, node)
	}
	if b.mixed || f.d != b.top || i < 0 {
		b.bindLater(node, n)
	}
	return node
}

// bindLater records that node was made for element el of a frame (or one
// the page's document does not index), for number; every element made
// after it is recorded too (builder.mixed).
//
//go:noinline
func (b *builder) bindLater(node *Node, el *html.Node) {
	b.mixed = true
	b.pending = append(b.pending, bound{node, el})
}

// mayDetail reports whether states or props may give n, of role role (the
// node's), a state or a fill
// attribute: n has one of the attributes they read through bits, a tag
// they look at (a form control, details, fieldset; or a tag html.Parse
// gave no atom, which only the slow path reads by name), live facts, or a
// role they read attributes for without a bit. Most elements (a div, a
// cell, a link) have none of these: one short test instead of the two
// long bodies.
func mayDetail(f *frame, n *html.Node, role string, bits attrBits) bool {
	const read = bAriaDisabled | bAriaExpanded | bAriaPressed | bAriaSelected | bContentEditable | bRequired | bAriaRequired
	if bits&read != 0 || f.d.HasFacts() {
		return true
	}
	if n.Namespace == "" {
		switch n.DataAtom {
		case 0, atom.Button, atom.Input, atom.Select, atom.Textarea, atom.Optgroup, atom.Option, atom.Fieldset, atom.Details:
			return true
		}
	}
	switch role {
	case "textbox", "searchbox", "combobox", "spinbutton", "checkbox", "radio", "switch",
		"menuitemcheckbox", "menuitemradio", "treeitem", "heading":
		return true
	}
	return false
}

// detailed fills node's states and props (mayDetail said it may have
// some), reading n's attributes once for both (readCtl), and keeps them
// in one slice made to measure, States its first part and Props the rest
// (each capped at its length: an append to one copies it out).
//
//go:noinline
func (b *builder) detailed(f *frame, n *html.Node, node *Node) {
	c := readCtl(n)
	fa := f.d.Facts(n)
	var buf [4]Attr // more spill to the heap
	out := states(n, node.Role, fa, &c, buf[:0])
	ns := len(out)
	out = props(n, node, fa, &c, out)
	if len(out) == 0 {
		return
	}
	all := make([]Attr, len(out))
	copy(all, out)
	d := b.scratch.detail(node)
	if ns > 0 {
		d.States = all[:ns:ns]
	}
	if len(all) > ns {
		d.Props = all[ns:]
	}
}

// mayLink reports whether href may find a link target on n: an a, area,
// iframe or form, a tag html.Parse gave no atom, or a foreign element
// (an svg a).
func mayLink(n *html.Node) bool {
	if n.Namespace != "" {
		return true
	}
	switch n.DataAtom {
	case 0, atom.A, atom.Area, atom.Iframe, atom.Form:
		return true
	}
	return false
}

// link sets node.Href from n (href), resolved against the frame's base
// when it has one.
//
//go:noinline
func (b *builder) link(f *frame, n *html.Node, node *Node) {
	node.Href = href(n)
	if f.base != nil && node.Href != "" {
		if u, err := f.base.Parse(node.Href); err == nil {
			node.Href = u.String()
		}
	}
}

type bound struct {
	node *Node
	el   *html.Node
}

// href returns the raw link target of n.
func href(n *html.Node) string {
	key := ""
	switch n.Namespace {
	case "":
		switch n.Data {
		case "a", "area":
			key = "href"
		case "iframe":
			key = "src"
		case "form":
			key = "action"
		default:
			return ""
		}
	case "svg":
		if n.Data != "a" {
			return ""
		}
		for _, a := range n.Attr {
			if a.Key == "href" {
				return strings.TrimSpace(a.Val)
			}
		}
		return ""
	default:
		return ""
	}
	v, _ := dom.Attr(n, key)
	return strings.TrimSpace(v)
}

// number assigns ids in output pre-order, so the ids read top to bottom and
// an insertion only renumbers what follows it, and binds each id to its
// element: the page's element at the node's DOM index, or the one pending
// records last for the node.
//
// The ids are numbered and bound in one walk (numberBind), into slots for
// the element nodes the build made and did not drop (count less the ones
// put back: the tree holds no more); a tree with more falls back to
// numbering first and binding after (numberNodes, bindTree), which
// knowing the count needs no bound.
func (b *builder) number() {
	if !b.twoWalks {
		b.t.bind = bindNumbered(b.top, b.t.Roots, b.count-b.scratch.dropped+1)
	}
	if b.t.bind.len() == 0 {
		next := numberNodes(b.t.Roots, 1)
		b.t.bind = newBinding(b.top, next)
		b.t.bind.bindTree(b.t.Roots)
	}
	b.t.bind.bindOther(b.pending)
	b.pending = nil
}

// numberNodes gives the elements of ns and their subtrees ids from next
// on, in pre-order, and returns the next id free.
func numberNodes(ns []*Node, next int) int {
	for _, n := range ns {
		if n.Role != "" {
			n.ID = next
			next++
		}
		if len(n.Children) > 0 {
			next = numberNodes(n.Children, next)
		}
	}
	return next
}

// pruneRedundant drops text children that only repeat the node's name, and
// non-interactive subtrees whose whole text is already in the name; the
// text lines dropped go to s for reuse.
func pruneRedundant(node *Node, kids []*Node, s *scratch) []*Node {
	if node.Name == "" || len(kids) == 0 {
		return kids
	}
	m := nameMatcher{name: node.Name}
	out := dropNodes(kids, func(k *Node) bool {
		if !redundant(k, &m) {
			return false
		}
		s.putTree(k)
		return true
	})
	if s.clearTaken && len(out) < len(kids) {
		clear(kids[len(out):]) // as dropNodes did (knobs.clearTaken)
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// redundant reports whether subtree k carries nothing but text contained in
// name: no interactive node, no id a person would need.
func redundant(k *Node, name *nameMatcher) bool {
	if k.Role == "" {
		return name.contains(k.Name)
	}
	if k.Role != "img" && k.Role != "generic" && k.Role != "heading" {
		return false
	}
	if k.Name != "" && !name.contains(k.Name) {
		return false
	}
	for _, c := range k.Children {
		if !redundant(c, name) {
			return false
		}
	}
	return true
}

// states appends to out the intrinsic state flags of n, whose node has
// role role, in the print order of FORMAT.md; fa are n's facts and c its
// attributes (readCtl).
func states(n *html.Node, role string, fa *dom.Facts, c *ctlAttrs, out []Attr) []Attr {
	kind := stateKindOf(role)
	if kind&sEditable != 0 {
		if editable(n, role, c) {
			if readonly(n, c) {
				out = append(out, Attr{"read-only", ""})
			} else {
				out = append(out, Attr{"editable", ""})
			}
		}
	}
	if disabled(n, c) {
		out = append(out, Attr{"disabled", ""})
	}
	if kind&sChecked != 0 {
		if v := checked(n, fa, c); v != "" {
			if v == "true" {
				out = append(out, Attr{"checked", ""})
			} else {
				out = append(out, Attr{"checked", v})
			}
		}
	}
	if kind&sSelected != 0 {
		if selected(n, fa, c) {
			out = append(out, Attr{"selected", ""})
		}
	}
	if v, ok := c.get(n, kAriaExpanded); ok {
		switch strings.ToLower(strings.TrimSpace(v)) {
		case "true":
			out = append(out, Attr{"expanded", ""})
		case "false":
			out = append(out, Attr{"collapsed", ""})
		}
	} else if dom.IsHTML(n, "details") {
		if c.is(kOpen) {
			out = append(out, Attr{"expanded", ""})
		} else {
			out = append(out, Attr{"collapsed", ""})
		}
	}
	if v, ok := c.get(n, kAriaPressed); ok {
		switch strings.ToLower(strings.TrimSpace(v)) {
		case "true":
			out = append(out, Attr{"pressed", ""})
		case "mixed":
			out = append(out, Attr{"pressed", "mixed"})
		}
	}
	if kind&sHeading != 0 {
		out = append(out, Attr{"level", strconv.Itoa(headingLevel(n, c))})
	}
	return out
}

// The states a role may have beside the ones any role may (stateKindOf).
const (
	sEditable uint8 = 1 << iota // editable or read-only
	sChecked                    // checked
	sSelected                   // selected
	sHeading                    // level
)

// stateKindOf returns the states role may have of those states tests by
// role: one switch for the four tests.
func stateKindOf(role string) uint8 {
	switch role {
	case "textbox", "searchbox", "combobox", "spinbutton", "generic":
		return sEditable
	case "checkbox", "radio", "switch", "menuitemcheckbox", "menuitemradio":
		return sChecked
	case "treeitem":
		return sChecked | sSelected
	case "option", "tab", "gridcell", "row", "columnheader", "rowheader":
		return sSelected
	case "heading":
		return sHeading
	}
	return 0
}

func editable(n *html.Node, role string, c *ctlAttrs) bool {
	if n.Namespace != "" {
		return false
	}
	switch n.Data {
	case "input":
		return role != "combobox" || true
	case "textarea":
		return true
	case "select":
		return false
	}
	if v, ok := c.get(n, kContentEditable); ok && !strings.EqualFold(strings.TrimSpace(v), "false") {
		return true
	}
	return role == "textbox" || role == "searchbox" || role == "spinbutton"
}

func readonly(n *html.Node, c *ctlAttrs) bool {
	if n.Namespace == "" && (n.Data == "input" || n.Data == "textarea") && c.is(kReadonly) {
		return true
	}
	return strings.EqualFold(strings.TrimSpace(c.or(n, kAriaReadonly)), "true")
}

func disabled(n *html.Node, c *ctlAttrs) bool {
	if v, ok := c.get(n, kAriaDisabled); ok && strings.EqualFold(strings.TrimSpace(v), "true") {
		return true
	}
	if n.Namespace != "" {
		return false
	}
	switch n.Data {
	case "button", "input", "select", "textarea", "optgroup", "option", "fieldset":
	default:
		return false
	}
	if c.is(kDisabled) {
		return true
	}
	// a disabled fieldset disables its descendants except those in its
	// first legend (dom.IsHTML(p, "fieldset"), its tag name tested first:
	// most ancestors fail there)
	for p := n.Parent; p != nil; p = p.Parent {
		if p.Data == "fieldset" && p.Type == html.ElementNode && p.Namespace == "" && dom.Has(p, "disabled") {
			return true
		}
	}
	return false
}

// checked returns "true", "mixed" or "" (not checked).
func checked(n *html.Node, fa *dom.Facts, c *ctlAttrs) string {
	if fa != nil && fa.Indeterminate {
		return "mixed"
	}
	if fa != nil && fa.Checked != nil {
		if *fa.Checked {
			return "true"
		}
		return ""
	}
	if dom.IsHTML(n, "input") {
		t := toLower(c.or(n, kType))
		if t == "checkbox" || t == "radio" {
			if c.is(kChecked) {
				return "true"
			}
			return ""
		}
	}
	switch strings.ToLower(strings.TrimSpace(c.or(n, kAriaChecked))) {
	case "true":
		return "true"
	case "mixed":
		return "mixed"
	}
	return ""
}

func selected(n *html.Node, fa *dom.Facts, c *ctlAttrs) bool {
	if fa != nil && fa.Selected != nil {
		return *fa.Selected
	}
	if v, ok := c.get(n, kAriaSelected); ok {
		return strings.EqualFold(strings.TrimSpace(v), "true")
	}
	return dom.IsHTML(n, "option") && c.is(kSelected)
}

func headingLevel(n *html.Node, c *ctlAttrs) int {
	if v, ok := c.get(n, kAriaLevel); ok {
		if i, err := strconv.Atoi(strings.TrimSpace(v)); err == nil && i > 0 {
			return i
		}
	}
	if n.Namespace == "" && len(n.Data) == 2 && n.Data[0] == 'h' && n.Data[1] >= '1' && n.Data[1] <= '6' {
		return int(n.Data[1] - '0')
	}
	return 2
}

// props appends to out the attributes an agent needs to fill n, whose
// node is node; fa are n's facts and c its attributes (readCtl).
func props(n *html.Node, node *Node, fa *dom.Facts, c *ctlAttrs, out []Attr) []Attr {
	if n.Namespace != "" {
		return out
	}
	if c.is(kRequired) || c.is(kAriaRequired) && strings.EqualFold(strings.TrimSpace(c.or(n, kAriaRequired)), "true") {
		out = append(out, Attr{"required", ""})
	}
	switch n.Data {
	case "input":
		t := toLower(trimSpace(c.or(n, kType)))
		switch t {
		case "", "text", "search", "checkbox", "radio", "button", "submit", "reset", "image", "hidden":
		default:
			out = append(out, Attr{"type", t})
		}
		if ph := collapse(c.or(n, kPlaceholder)); ph != "" && ph != node.Name {
			out = append(out, Attr{"placeholder", ph})
		}
		switch t {
		case "checkbox", "radio", "button", "submit", "reset", "image", "password":
		default:
			if v := value(n, fa, c); v != "" {
				out = append(out, Attr{"value", v})
			}
		}
		if c.has&(1<<kMin|1<<kMax|1<<kStep|1<<kPattern|1<<kMaxlength) != 0 {
			for k := kMin; k <= kMaxlength; k++ {
				if v, ok := c.get(n, k); ok {
					if v = trimSpace(v); v != "" {
						out = append(out, Attr{rangeKeys[k-kMin], v})
					}
				}
			}
		}
	case "textarea":
		if ph := collapse(c.or(n, kPlaceholder)); ph != "" && ph != node.Name {
			out = append(out, Attr{"placeholder", ph})
		}
		v := ""
		if fa != nil && fa.Value != nil {
			v = *fa.Value
		} else {
			v = textOf(n)
		}
		if v = collapse(v); v != "" {
			out = append(out, Attr{"value", v})
		}
	case "select":
		opts, sel := options(n, fa)
		if sel != "" {
			out = append(out, Attr{"value", sel})
		}
		if node.Role == "combobox" {
			out = append(out, Attr{"options", strconv.Itoa(opts)})
		}
		if c.is(kMultiple) {
			out = append(out, Attr{"multiple", ""})
		}
	}
	return out
}

// rangeKeys are the names of kMin..kMaxlength, in that order (the print
// order of props).
var rangeKeys = [...]string{"min", "max", "step", "pattern", "maxlength"}

func value(n *html.Node, fa *dom.Facts, c *ctlAttrs) string {
	if fa != nil && fa.Value != nil {
		return collapse(*fa.Value)
	}
	return collapse(c.or(n, kValue))
}

// options counts a select's options and returns the selected one's label.
func options(sel *html.Node, fa *dom.Facts) (int, string) {
	opts := selectOptions(sel)
	if fa != nil && fa.Value != nil {
		return len(opts), collapse(*fa.Value)
	}
	chosen := -1
	for i, x := range opts {
		if dom.Has(x, "selected") {
			chosen = i
			break
		}
	}
	if chosen < 0 && len(opts) > 0 && !dom.Has(sel, "multiple") {
		chosen = 0 // a drop-down shows its first option when none is selected
	}
	if chosen < 0 {
		return len(opts), ""
	}
	label := collapse(dom.AttrOr(opts[chosen], "label"))
	if label == "" {
		label = collapse(textOf(opts[chosen]))
	}
	return len(opts), label
}

func textOf(n *html.Node) string {
	var sb strings.Builder
	stack := []*html.Node{n}
	for len(stack) > 0 && sb.Len() < 1<<20 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if x.Type == html.TextNode {
			sb.WriteString(x.Data)
		}
		for c := x.LastChild; c != nil; c = c.PrevSibling {
			stack = append(stack, c)
		}
	}
	return sb.String()
}

// collapsed reports whether s is not empty, valid UTF-8 with no white
// space (unicode.IsSpace) but single ASCII spaces between other runes:
// collapse and strings.Join(strings.Fields(s), " ") give s itself.
func collapsed(s string) bool {
	return len(s) > 0 && !asciiSpace(s[0]) && s[len(s)-1] != ' ' && collapsedLen(s) == len(s)
}

// collapse folds white space runs to one space and trims.
func collapse(s string) string {
	if s == "" {
		return s
	}
	// Most values are collapsed already (valid UTF-8, one space between
	// words, none at either end): s itself, not a copy split and joined.
	if collapsed(s) {
		return s
	}
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "\uFFFD")
	}
	return strings.Join(strings.Fields(s), " ")
}
