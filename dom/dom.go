// Package dom indexes a parsed HTML document for the stages above it: the
// pre-order element numbering shared by every output, id lookup scoped to
// document and shadow trees, the flat (composed) tree with declarative shadow
// roots and slots resolved, same-document iframe content, and the side table
// of facts only a live page knows (values, computed hidden-ness, listeners).
//
// A Doc is read-only after New/attach calls (and Forget) and safe for
// concurrent reads.
package dom

import (
	"strings"
	"sync/atomic"

	"golang.org/x/net/html"

	"github.com/axtree/axtree/listeners"
)

// Doc is an indexed document. Build one with New.
type Doc struct {
	// Root is the *html.Node of type DocumentNode the Doc was built from.
	Root *html.Node
	// Elements lists every element in pre-order over the html.Parse tree,
	// template contents included. An element's position here is its index.
	Elements []*html.Node

	index   nodeIndex // element -> index, unless the element is in slab; empty when in again
	slab    *slab     // the nodes' contiguous layout (ParseDoc), or nil
	ids     idIndex   // (tree, id) -> first element (ids.go), unless dropped
	baseURL string
	// hiding is what the walk knows of attributes named aria-hidden or
	// inert (HidingAttrs): hidingNone while it met none; the zero value
	// (a Doc not made by New) says nothing.
	hiding uint8
	// scoped and flat say that rare's sorted tables scope and parent
	// have entries: one test of a byte in the Doc keeps Scope and Parent
	// small enough to inline at every call (and their callers too).
	scoped, flat bool
	// iframes says that the walk met an HTML iframe element: only then
	// does New look for srcdoc documents among the elements.
	iframes bool
	// again holds the index of a document of more than shortMax elements
	// not in a slab (wide), or the element and id indexes made again
	// after Forget dropped them (keep.go), by the first question that
	// needs them; nil for the rest.
	again atomic.Pointer[indexes]
	// rare holds what most documents have none of (shadow trees, frames,
	// live facts, aria-owns, limits hit, an adapter's URL): nil until the
	// first of it is recorded, so a kept Doc of a plain page carries one
	// nil pointer instead of 160 bytes of empty maps and slices.
	rare *rare
}

// rare is the part of a Doc most documents leave empty (Doc.rare).
type rare struct {
	scope  nodeMap[*html.Node]       // shadow-tree element -> its shadow root template
	shadow map[*html.Node]*html.Node // host -> shadow root template (a map: ShadowRoot inlines at every call)
	parent nodeMap[*html.Node]       // flat-tree parent where it differs from Parent
	frames nodeMap[*Doc]             // iframe -> its document
	facts  map[*html.Node]*Facts
	url    string
	limits []string                    // LimitsHit, in the order first hit
	owners []*html.Node                // elements with aria-owns, in document order
	owner  map[*html.Node]*html.Node   // owned element -> its owner (aria-owns)
	owns   map[*html.Node][]*html.Node // owner -> owned elements, in IDREF order
}

// more returns d.rare, making it first when d has none.
func (d *Doc) more() *rare {
	if d.rare == nil {
		d.rare = &rare{}
	}
	return d.rare
}

// Facts is what only a live page knows about an element. Every field is
// optional; nil pointers and empty strings mean "not known", in which case
// the static rules apply.
type Facts struct {
	Value             *string // current value of a form control
	Checked           *bool   // current checkedness
	Indeterminate     bool    // checkbox in mixed state
	Selected          *bool   // current selectedness of an option
	Display           string  // computed display, e.g. "none", "block", "inline"
	Visibility        string  // computed visibility: "visible", "hidden", "collapse"
	ContentVisibility string  // computed content-visibility
	ZeroSize          bool    // rendered with a zero-area box
	Inert             bool    // inert, by attribute or by a modal dialog
	CursorPointer     bool    // computed cursor is pointer
	Before, After     *string // ::before / ::after content text
	InViewport        *bool   // intersects the viewport at capture time
	Listeners         listeners.Record
	Key               string // stable node key across captures, if the producer gives one
}

// New indexes the document rooted at root (normally the DocumentNode that
// html.Parse returns; any node works). It walks the tree once. Iframe srcdoc
// documents are parsed (with Parse) and attached as frames of their iframe
// element.
func New(root *html.Node) *Doc { return newDocAt(root, nil, 0, -1) }

// newDoc indexes a tree laid out by layout (ParseDoc), of elems elements
// (-1: not counted yet).
func newDoc(root *html.Node, s *slab, elems int) *Doc { return newDocAt(root, s, 0, elems) }

// maxFrameDepth bounds srcdoc-inside-srcdoc nesting.
const maxFrameDepth = 8

func newDocAt(root *html.Node, s *slab, depth, elems int) *Doc {
	n := elems
	if n < 0 {
		n = countElements(root)
	}
	mapSize := n
	if s != nil {
		mapSize = 0 // every element is in the slab
	}
	d := &Doc{
		Root:     root,
		Elements: make([]*html.Node, 0, n),
		slab:     s,
		// scope, shadow and parent are made by their first entry (visit,
		// resolveShadows): most pages have no shadow tree, so a kept Doc
		// carries no empty maps for it
	}
	if mapSize > shortMax {
		d.again.Store(&indexes{wide: newWideIndex(mapSize)})
	} else {
		d.index = newNodeIndex(mapSize)
	}
	d.hiding = hidingNone // until the walk meets one
	d.ids.build(d, d.walk(root))
	d.resolveShadows()
	d.resolveOwns()
	if !d.iframes {
		return d // no srcdoc to parse
	}
	for _, n := range d.Elements {
		if !IsHTML(n, "iframe") {
			continue
		}
		src, ok := Attr(n, "srcdoc")
		if !ok {
			continue
		}
		if depth >= maxFrameDepth {
			d.limit("frames")
			continue
		}
		// parse, not html.Parse: a frame nested past 512 levels is
		// flattened like the top document, not lost.
		sub, err := parseString(src)
		if err != nil {
			d.limit("frames")
			continue
		}
		r, sl, elems := layout(sub)
		f := newDocAt(r, sl, depth+1, elems)
		if f.rare != nil {
			for _, k := range f.rare.limits {
				d.limit(k)
			}
		}
		d.SetFrame(n, f)
	}
	return d
}

// limit records that a limit was hit, once per kind.
func (d *Doc) limit(kind string) {
	r := d.more()
	for _, k := range r.limits {
		if k == kind {
			return
		}
	}
	r.limits = append(r.limits, kind)
}

// NoteLimit records that a limit of whoever produced the document changed
// what it shows (kind, e.g. a capture's "capture-nodes"): LimitsHit lists
// it, once, and a tree builder reports it as a truncation note.
func (d *Doc) NoteLimit(kind string) { d.limit(kind) }

// LimitsHit names the limits that changed what this document (or one of
// its srcdoc frames) shows: "frames" when an iframe's srcdoc document was
// not parsed (nested more than 8 srcdoc levels deep, or unparseable),
// "owns" when aria-owns claims were ignored for the work bound. A tree
// builder reports them as truncation notes. The slice is a copy.
func (d *Doc) LimitsHit() []string {
	if d.rare == nil {
		return nil
	}
	return append([]string(nil), d.rare.limits...)
}

// countElements counts the elements under root without recursion, so the
// index is allocated once at its final size (growing a map of a million
// entries rehashes it again and again).
func countElements(root *html.Node) int {
	n := 0
	for x := range preorder(root) {
		if x.Type == html.ElementNode {
			n++
		}
	}
	return n
}

// walk numbers elements in pre-order, iteratively (no recursion, so depth
// cannot blow the stack, and no stack: it follows the tree's links), and
// records shadow roots and whether an element carries an attribute named
// aria-hidden or inert (Doc.hiding); it returns the indexes of the elements with an id,
// in document order, for the id table (idIndex.build). sc is the shadow
// root template whose tree the node visited is in (nil for the document
// tree).
func (d *Doc) walk(root *html.Node) (withID []int32) {
	var sc *html.Node
	for x := root; ; {
		childScope := sc
		if x.Type == html.ElementNode { // the call only for elements: about half the nodes are text
			childScope = d.visit(x, sc, &withID)
		}
		if x.FirstChild != nil {
			sc = childScope
			x = x.FirstChild
			continue
		}
		for x != root && x.NextSibling == nil {
			x = x.Parent
			if x == sc {
				sc = scopeAbove(x, root) // out of a shadow tree: back in its template's tree
			}
		}
		if x == root {
			d.sortShadows()
			return
		}
		x = x.NextSibling
	}
}

// scopeAbove is Scope while the walk from root fills the scope table
// (not sorted yet): the tree of x, the shadow root template whose shadow
// tree the walk leaves, which is the nearest shadow root above it, root
// included, as visit passed it down (nil: the document tree). The
// search climbs at most the depth of the tree.
//
//go:noinline
func scopeAbove(x, root *html.Node) *html.Node {
	for p := x; p != root && p != nil; {
		p = p.Parent
		if IsShadowRoot(p) {
			return p
		}
	}
	return nil
}

// sortShadows readies the scope table the walk filled for its lookups:
// sorted, and without room to spare (a kept Doc holds it).
func (d *Doc) sortShadows() {
	if r := d.rare; r != nil && len(r.scope) > 0 {
		r.scope = exact(r.scope)
		r.scope.sort()
		d.scoped = true
	}
}

// exact returns m, or a copy of it without spare room when it has some.
func exact[V any](m nodeMap[V]) nodeMap[V] {
	if cap(m) == len(m) {
		return m
	}
	c := make(nodeMap[V], len(m))
	copy(c, m)
	return c
}

// visit records element n, in the tree of shadow root sc (nil: the
// document), notes in d.hiding when n has an attribute named aria-hidden
// or inert, and in d.iframes when n is an HTML iframe, and returns the
// tree its children are in.
func (d *Doc) visit(n, sc *html.Node, withID *[]int32) (childScope *html.Node) {
	childScope = sc
	if p := d.slab.pos(n); p >= 0 {
		d.slab.elem[p] = int32(len(d.Elements))
	} else if len(d.index.slots) != 0 {
		d.index.put(n, len(d.Elements))
	} else {
		d.again.Load().wide.put(n, len(d.Elements))
	}
	d.Elements = append(d.Elements, n)
	if sc != nil {
		r := d.more()
		r.scope = append(r.scope, nodeEntry[*html.Node]{n, sc}) // in document order; walk sorts them
	}
	var id string
	var owns bool
	if d.hiding != hidingNone {
		// a hiding attribute was met already: the cases for it go
		id, owns = idAndOwns(n)
	} else {
		var h bool
		if id, owns, h = visitAttrs(n); h {
			d.hiding = hidingSeen
		}
	}
	if id != "" {
		*withID = append(*withID, int32(len(d.Elements)-1))
	}
	if owns {
		r := d.more()
		r.owners = append(r.owners, n)
	}
	if n.Namespace != "" {
		return childScope // no shadow root, base or iframe
	}
	switch n.Data {
	case "template":
		if !shadowTemplate(n) {
			return childScope
		}
		r := d.more()
		if r.shadow == nil {
			r.shadow = make(map[*html.Node]*html.Node)
		}
		if _, has := r.shadow[n.Parent]; !has { // the host's first shadow root template is its shadow root
			r.shadow[n.Parent] = n
		}
		childScope = n
	case "base":
		if d.baseURL == "" {
			if h, ok := Attr(n, "href"); ok {
				d.baseURL = strings.TrimSpace(h)
			}
		}
	case "iframe":
		d.iframes = true
	}
	return childScope
}

// idAndOwns is visitAttrs without the test for hiding attributes, for
// the elements after the first that has one.
func idAndOwns(n *html.Node) (id string, owns bool) {
	seenID, seenOwns := false, false
	for i := range n.Attr {
		a := &n.Attr[i]
		switch a.Key {
		case "id":
			if !seenID && a.Namespace == "" {
				id, seenID = a.Val, true
			}
		case "aria-owns":
			if !seenOwns && a.Namespace == "" {
				owns, seenOwns = a.Val != "", true
			}
		}
	}
	return id, owns
}

// visitAttrs returns n's id attribute and whether its aria-owns attribute
// is non-empty, as Attr would find them (the first of each), and whether
// n has an attribute named aria-hidden or inert (any namespace, any
// value), in one pass.
func visitAttrs(n *html.Node) (id string, owns, hides bool) {
	seenID, seenOwns := false, false
	for i := range n.Attr {
		a := &n.Attr[i]
		switch a.Key {
		case "id":
			if !seenID && a.Namespace == "" {
				id, seenID = a.Val, true
			}
		case "aria-owns":
			if !seenOwns && a.Namespace == "" {
				owns, seenOwns = a.Val != "", true
			}
		case "aria-hidden", "inert":
			hides = true
		}
	}
	return id, owns, hides
}

// IsShadowRoot reports whether n is a declarative shadow root: a <template>
// element with a shadowrootmode attribute of "open" or "closed" whose parent
// is an element that may host a shadow root (attachShadow's list: a valid
// custom element name, or article, aside, blockquote, body, div, footer,
// h1–h6, header, main, nav, p, section, span). Anything else, a template
// inside a template among them, stays an inert template, as in browsers.
func IsShadowRoot(n *html.Node) bool {
	// the first test inlines at every call: most elements are no template
	return n != nil && n.Type == html.ElementNode && n.Data == "template" && n.Namespace == "" && shadowTemplate(n)
}

// shadowTemplate is IsShadowRoot for an HTML template element.
func shadowTemplate(n *html.Node) bool {
	if n.Parent == nil || !canHostShadow(n.Parent) {
		return false
	}
	m, ok := Attr(n, "shadowrootmode")
	if !ok {
		return false
	}
	m = strings.ToLower(strings.TrimSpace(m))
	return m == "open" || m == "closed"
}

// canHostShadow reports whether element p may have a shadow root.
func canHostShadow(p *html.Node) bool {
	if p.Type != html.ElementNode || p.Namespace != "" {
		return false
	}
	switch p.Data {
	case "article", "aside", "blockquote", "body", "div", "footer", "h1", "h2",
		"h3", "h4", "h5", "h6", "header", "main", "nav", "p", "section", "span":
		return true
	}
	return validCustomElementName(p.Data)
}

// validCustomElementName approximates HTML's rule: a lower-case ASCII letter
// first, a hyphen somewhere, and not one of the reserved hyphenated names.
func validCustomElementName(name string) bool {
	if name == "" || name[0] < 'a' || name[0] > 'z' || !strings.Contains(name, "-") {
		return false
	}
	switch name {
	case "annotation-xml", "color-profile", "font-face", "font-face-src",
		"font-face-uri", "font-face-format", "font-face-name", "missing-glyph":
		return false
	}
	for i := 0; i < len(name); i++ {
		if c := name[i]; c >= 'A' && c <= 'Z' {
			return false
		}
	}
	return true
}

// resolveShadows records flat-tree parents for nodes whose flat parent is not
// their DOM parent: top-level shadow-tree children (parent: host) and slotted
// light-DOM children (parent: their slot).
func (d *Doc) resolveShadows() {
	r := d.rare
	if r == nil {
		return // no shadow host
	}
	if len(r.shadow) == 0 || r.parent != nil {
		return // no shadow host, or done
	}
	// gathered on the stack, then kept at its size (a kept Doc holds it)
	var buf [32]nodeEntry[*html.Node]
	p := r.flatParents(buf[:0])
	if len(p) == 0 {
		return // nothing to record
	}
	r.parent = make(nodeMap[*html.Node], len(p))
	copy(r.parent, p)
	r.parent.sort()
	d.flat = true
}

// flatParents appends to parent the flat-tree parents that differ from
// the DOM parent (node, parent) and returns it. Each node is
// met once at most: a node has one DOM parent, and each host (r.shadow
// holds it once) gives its shadow root's children and its own light
// children, so no node is met under two hosts, nor twice under one; no
// test for an earlier entry is needed, and the order of the hosts does
// not matter (parent is sorted afterwards).
func (r *rare) flatParents(parent nodeMap[*html.Node]) nodeMap[*html.Node] {
	set := func(c, p *html.Node) { parent = append(parent, nodeEntry[*html.Node]{c, p}) }
	var slotsBuf [8]shadowSlot
	var stackBuf [32]*html.Node
	for host, sr := range r.shadow { // in any order: parent is sorted afterwards
		for c := sr.FirstChild; c != nil; c = c.NextSibling {
			set(c, host)
		}
		var slots []shadowSlot // the slots of sr's tree, found by its first light child that can take one
		listed := false
		for c := host.FirstChild; c != nil; c = c.NextSibling {
			if c == sr {
				continue
			}
			name := ""
			if c.Type == html.ElementNode {
				name, _ = Attr(c, "slot")
			} else if c.Type != html.TextNode {
				continue // only elements and text are slotted
			}
			if !listed {
				slots, listed = slotsOf(sr, slotsBuf[:0], stackBuf[:0]), true
			}
			if s := pickSlot(slots, name); s != nil {
				set(c, s)
			}
		}
	}
	return parent
}

// shadowSlot is a slot element of a shadow tree and its name attribute.
type shadowSlot struct {
	n    *html.Node
	name string
}

// slotsOf appends to buf the slot elements of shadow root sr's tree in tree
// order, with their names: not those inside a nested shadow root or an
// inert template, which own their slots. stack is scratch for the walk.
func slotsOf(sr *html.Node, buf []shadowSlot, stack []*html.Node) []shadowSlot {
	for x := sr.LastChild; x != nil; x = x.PrevSibling {
		stack = append(stack, x)
	}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if x.Type != html.ElementNode {
			continue
		}
		if x.Data == "slot" && x.Namespace == "" {
			name, _ := Attr(x, "name")
			buf = append(buf, shadowSlot{x, name})
		}
		if IsShadowRoot(x) || (x.Data == "template" && x.Namespace == "") {
			continue // nested shadow trees and inert templates own their slots
		}
		for y := x.LastChild; y != nil; y = y.PrevSibling {
			stack = append(stack, y)
		}
	}
	return buf
}

// pickSlot returns the first of slots (slotsOf's) named name: the slot a
// light child whose slot attribute is name (an element's; "" for text and
// elements without one) is assigned to, or nil when none takes it.
func pickSlot(slots []shadowSlot, name string) *html.Node {
	for i := range slots {
		if slots[i].name == name {
			return slots[i].n
		}
	}
	return nil
}

// Index returns the pre-order element index of n, or -1 when n is not an
// element of this document.
func (d *Doc) Index(n *html.Node) int {
	if p := d.slab.pos(n); p >= 0 {
		return int(d.slab.elem[p])
	}
	if len(d.index.slots) != 0 {
		return d.index.get(n, d.Elements)
	}
	return d.indexAgain(n) // wide, or dropped by Forget (keep.go)
}

// Len returns the number of elements in the document.
func (d *Doc) Len() int { return len(d.Elements) }

// URL returns the document's own URL when an adapter recorded one (a
// capture's frame documents), else "". A page's URL usually comes from the
// caller instead.
func (d *Doc) URL() string {
	if d.rare == nil {
		return ""
	}
	return d.rare.url
}

// SetURL records the document's URL. Adapters call it while building a Doc.
func (d *Doc) SetURL(u string) {
	if u != "" || d.rare != nil {
		d.more().url = u
	}
}

// BaseURL returns the href of the document's first <base> element, or "".
func (d *Doc) BaseURL() string { return d.baseURL }

// Scope returns the shadow root (template element) whose tree contains n, or
// nil when n is in the document tree.
func (d *Doc) Scope(n *html.Node) *html.Node {
	if d.scoped { // shadow trees (few pages): a search per element
		return d.scopeOf(n)
	}
	return nil
}

// scopeOf and parentOf are the searches of Scope and Parent, apart so
// that those still inline at every call.
//
//go:noinline
func (d *Doc) scopeOf(n *html.Node) *html.Node {
	sc, _ := d.rare.scope.get(n)
	return sc
}

//go:noinline
func (d *Doc) parentOf(n *html.Node) *html.Node {
	if p, ok := d.rare.parent.get(n); ok {
		return p
	}
	return n.Parent
}

// ByID returns the element with the given id in the same tree as from (the
// document, or the shadow tree that contains from), as getElementById would
// on that tree's root. The first element in tree order wins.
func (d *Doc) ByID(from *html.Node, id string) *html.Node {
	t := &d.ids
	if len(d.index.slots) == 0 {
		if x := d.rebuilt(); x != nil && x.wide == nil {
			t = &x.ids // dropped by Forget (keep.go)
		}
	}
	return t.find(d, d.Scope(from), id)
}

// ShadowRoot returns the declarative shadow root template of host, or nil.
func (d *Doc) ShadowRoot(host *html.Node) *html.Node {
	if d.rare == nil || len(d.rare.shadow) == 0 {
		return nil
	}
	return d.rare.shadow[host]
}

// Parent returns n's parent in the flat tree: the host for top-level
// children of a shadow root, the slot for slotted light-DOM children, else
// the DOM parent. Unassigned light children of a shadow host still report
// their DOM parent.
func (d *Doc) Parent(n *html.Node) *html.Node {
	if d.flat {
		return d.parentOf(n)
	}
	return n.Parent
}

// Children appends to buf the flat-tree children of n and returns it: for a
// shadow host, the shadow root's children; for a slot inside a shadow tree,
// its assigned nodes or, if none, its own children; for a <template> that is
// not a shadow root, nothing (its content is inert); else the DOM children.
// Callers pass buf[:0] of a reused slice to avoid allocation.
func (d *Doc) Children(n *html.Node, buf []*html.Node) []*html.Node {
	if sr := d.ShadowRoot(n); sr != nil {
		for c := sr.FirstChild; c != nil; c = c.NextSibling {
			buf = append(buf, c)
		}
		return buf
	}
	if n.Type == html.ElementNode && n.Namespace == "" {
		switch n.Data {
		case "template":
			return buf
		case "slot":
			if sr := d.Scope(n); sr != nil && sr.Parent != nil {
				host := sr.Parent
				start := len(buf)
				for c := host.FirstChild; c != nil; c = c.NextSibling {
					if c != sr && d.parentOf(c) == n { // d.rare is set: n is in a shadow tree
						buf = append(buf, c)
					}
				}
				if len(buf) > start {
					return buf
				}
			}
		}
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		buf = append(buf, c)
	}
	return buf
}

// Frame returns the document shown by an iframe element (its srcdoc, or a
// frame attached with SetFrame), or nil.
func (d *Doc) Frame(iframe *html.Node) *Doc {
	if d.rare == nil {
		return nil
	}
	f, _ := d.rare.frames.get(iframe)
	return f
}

// SetFrame attaches sub as the content document of the iframe element.
// Adapters call it while building a Doc, before sharing it.
func (d *Doc) SetFrame(iframe *html.Node, sub *Doc) {
	d.more().frames.set(iframe, sub)
}

// Facts returns the live facts recorded for n, or nil.
func (d *Doc) Facts(n *html.Node) *Facts {
	if d.rare == nil || len(d.rare.facts) == 0 { // a page from HTML has none
		return nil
	}
	return d.rare.facts[n]
}

// SetFacts records live facts for n. Adapters call it while building a Doc,
// before sharing it.
func (d *Doc) SetFacts(n *html.Node, f *Facts) {
	r := d.more()
	if r.facts == nil {
		r.facts = make(map[*html.Node]*Facts)
	}
	r.facts[n] = f
}

// HasShadowRoots reports whether any element of the document hosts a
// declarative shadow root (ShadowRoot is non-nil for some element): most
// pages have none, and callers skip their scan for hosts.
func (d *Doc) HasShadowRoots() bool { return d.rare != nil && len(d.rare.shadow) > 0 }

// HidingAttrs reports whether an element of the document may carry an
// aria-hidden or inert attribute. It is false only for a Doc made by New
// or ParseDoc whose walk met neither name on any element under Root (in
// any namespace, with any value; srcdoc frames answer for themselves), so
// that a caller asking whether an element of the document hides itself
// need not read its attributes. Live facts (Facts.Inert) are apart.
func (d *Doc) HidingAttrs() bool { return d.hiding != hidingNone }

// Doc.hiding's values past the zero one (not known).
const (
	hidingNone uint8 = 1 + iota // the walk met no hiding attribute (so far)
	hidingSeen                  // it met one
)

// HasFacts reports whether any live facts were recorded (a capture, not
// static HTML).
func (d *Doc) HasFacts() bool { return d.rare != nil && len(d.rare.facts) > 0 }

// Attr returns the value of n's attribute key (lower-case, no namespace) and
// whether it is present.
func Attr(n *html.Node, key string) (string, bool) {
	for i := range n.Attr {
		a := &n.Attr[i]
		if a.Key == key && a.Namespace == "" {
			return a.Val, true
		}
	}
	return "", false
}

// AttrOr returns the attribute value or "" when absent.
func AttrOr(n *html.Node, key string) string {
	v, _ := Attr(n, key)
	return v
}

// Has reports whether n has the attribute key.
func Has(n *html.Node, key string) bool {
	_, ok := Attr(n, key)
	return ok
}

// IsHTML reports whether n is an HTML-namespace element with the given tag.
func IsHTML(n *html.Node, tag string) bool {
	return n != nil && n.Type == html.ElementNode && n.Namespace == "" && n.Data == tag
}

// Tokens splits an attribute value on ASCII whitespace, as IDREFS and role
// lists are split.
func Tokens(s string) []string {
	return strings.FieldsFunc(s, IsSpace)
}

// NextToken splits the first token off a list separated by ASCII
// whitespace (HTML's "split on ASCII whitespace": class lists, IDREFs, role
// tokens) without allocating: tok is "" when s holds no further token.
//
//	for tok, rest := dom.NextToken(s); tok != ""; tok, rest = dom.NextToken(rest) { … }
func NextToken(s string) (tok, rest string) {
	i := 0
	for i < len(s) && htmlSpace[s[i]] {
		i++
	}
	j := i
	for j < len(s) && !htmlSpace[s[j]] {
		j++
	}
	return s[i:j], s[j:]
}

// IsSpace reports whether r is ASCII whitespace as HTML defines it.
func IsSpace(r rune) bool {
	return r == ' ' || r == '\t' || r == '\n' || r == '\f' || r == '\r'
}

// htmlSpace is IsSpace as a table, for the byte loops of per-element paths
// (class lists are split for every element the style cascade sees).
var htmlSpace = [256]bool{' ': true, '\t': true, '\n': true, '\f': true, '\r': true}

// LowerASCII lower-cases the ASCII letters of s (HTML's ASCII lowercase),
// allocating only when s has an upper-case letter.
func LowerASCII(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 'A' && c <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if b[j] >= 'A' && b[j] <= 'Z' {
					b[j] += 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}
