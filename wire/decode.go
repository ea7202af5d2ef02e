package wire

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/axtree/axtree/dom"
	"github.com/axtree/axtree/listeners"
)

// Decode reads a capture document from r and builds its dom.Doc: an
// html.Node tree (DocumentNode root) the way html.Parse would shape it,
// shadow roots as <template shadowrootmode> first children of their hosts,
// same-origin frames attached with SetFrame, live facts with SetFacts and
// delegated handlers resolved onto their targets. lim bounds the input (zero
// fields take DefaultLimits). Every problem is an *Error naming the node
// path and field; Decode never panics. Invalid UTF-8 in strings is replaced
// by U+FFFD (as encoding/json does), not rejected.
func Decode(r io.Reader, lim Limits) (*dom.Doc, *Meta, error) {
	lim = lim.withDefaults()
	if r == nil {
		return nil, nil, &Error{Msg: "nil reader"}
	}
	// Read straight into the string the parser slices (no second copy),
	// sized up front when the reader knows its length.
	var sb strings.Builder
	if l, ok := r.(interface{ Len() int }); ok {
		sb.Grow(int(min(int64(l.Len()), lim.MaxBytes)) + 1)
	}
	n, err := io.Copy(&sb, io.LimitReader(r, lim.MaxBytes+1))
	if err != nil {
		return nil, nil, &Error{Msg: "read: " + err.Error()}
	}
	if n > lim.MaxBytes {
		return nil, nil, &Error{Msg: fmt.Sprintf("document is larger than the limit of %d bytes", lim.MaxBytes)}
	}
	c, err := unmarshal(sb.String(), lim)
	if err != nil {
		return nil, nil, err
	}
	// A parsed document is a tree by construction: no node can be reached
	// twice, so the shared-node check of Build is skipped.
	return build(c, lim, false)
}

// Unmarshal parses the JSON text of a capture strictly, without building
// the tree: unknown or duplicate fields, null, non-integer numbers and
// trailing data are errors, as are documents beyond DefaultLimits' node
// count, depth and string length.
func Unmarshal(buf []byte) (*Capture, error) { return unmarshal(string(buf), DefaultLimits()) }

func unmarshal(src string, lim Limits) (*Capture, error) {
	c, err := parseCapture(src, lim)
	if err != nil {
		// A document of another version may fail on its own fields before
		// its version is read: report the version when it can be found.
		var probe struct {
			Version json.RawMessage `json:"version"`
		}
		if json.Unmarshal([]byte(src), &probe) == nil && len(probe.Version) > 0 && string(probe.Version) != "1" {
			return nil, &Error{Field: "version", Msg: "unsupported version " + clip(string(probe.Version)) + " (this decoder reads 1)"}
		}
		return nil, err
	}
	return c, nil
}

// Build validates an already parsed capture and builds its dom.Doc, as
// Decode does (MaxBytes does not apply). A Capture built in Go may share
// nodes (a Frame.Root or Shadow that is also an ancestor, one Children slice
// under two parents); Build rejects a node it reaches twice.
func Build(c *Capture, lim Limits) (*dom.Doc, *Meta, error) { return build(c, lim, true) }

func build(c *Capture, lim Limits, checkShared bool) (*dom.Doc, *Meta, error) {
	lim = lim.withDefaults()
	if c == nil {
		return nil, nil, &Error{Msg: "nil capture"}
	}
	if c.Version != Version {
		return nil, nil, &Error{Field: "version", Msg: "unsupported version " + strconv.Itoa(c.Version) + " (this decoder reads 1)"}
	}
	b := &builder{lim: lim, meta: &Meta{URL: c.URL, Title: c.Title, Frames: c.Frames}}
	if checkShared {
		b.seen = make(map[*Node]struct{})
	}
	if err := b.checkStr("", "url", c.URL); err != nil {
		return nil, nil, err
	}
	if err := b.checkStr("", "title", c.Title); err != nil {
		return nil, nil, err
	}
	if len(c.Frames) > lim.MaxNodes {
		return nil, nil, &Error{Field: "frames", Msg: fmt.Sprintf("%d frame URLs exceed the node limit %d", len(c.Frames), lim.MaxNodes)}
	}
	for i, u := range c.Frames {
		if err := b.checkStr("", "frames["+strconv.Itoa(i)+"]", u); err != nil {
			return nil, nil, err
		}
	}
	if c.Nodes < 0 || c.Nodes > lim.MaxNodes {
		return nil, nil, &Error{Field: "nodes", Msg: fmt.Sprintf("claimed node count %d is outside 0..%d", c.Nodes, lim.MaxNodes)}
	}
	if len(c.Warnings) > MaxWarnings {
		return nil, nil, &Error{Field: "warnings", Msg: fmt.Sprintf("%d warnings exceed the limit %d", len(c.Warnings), MaxWarnings)}
	}
	for i, w := range c.Warnings {
		if err := b.checkStr("", "warnings["+strconv.Itoa(i)+"]", w); err != nil {
			return nil, nil, err
		}
	}
	b.meta.Warnings = append(b.meta.Warnings, c.Warnings...)
	if len(c.Truncated) > len(TruncationKinds) {
		return nil, nil, &Error{Field: "truncated", Msg: fmt.Sprintf("%d entries, more than the %d kinds", len(c.Truncated), len(TruncationKinds))}
	}
	for _, k := range c.Truncated {
		if !slices.Contains(TruncationKinds, k) {
			return nil, nil, &Error{Field: "truncated", Msg: "unknown truncation kind " + strconv.Quote(clip(k))}
		}
	}
	b.meta.Truncated = append([]string(nil), c.Truncated...)
	if err := b.build(c.Root); err != nil {
		return nil, nil, err
	}
	if c.Nodes != 0 && c.Nodes != b.nodes {
		return nil, nil, &Error{Field: "nodes", Msg: fmt.Sprintf("claimed %d nodes, the document has %d", c.Nodes, b.nodes)}
	}
	b.meta.Nodes = b.nodes
	if err := b.finish(); err != nil {
		return nil, nil, err
	}
	for _, k := range c.Truncated {
		b.ctxs[0].doc.NoteLimit(k)
	}
	return b.ctxs[0].doc, b.meta, nil
}

// docCtx is one document being built: the page or a frame's document.
type docCtx struct {
	url       string // the frame document's URL ("" for the page: Meta.URL)
	root      *html.Node
	iframe    *html.Node // the frame element showing it; nil for the page
	parent    int        // index of the parent document; -1 for the page
	facts     []nodeFacts
	delegates []pending
	doc       *dom.Doc
}

type nodeFacts struct {
	n *html.Node
	f *dom.Facts
}

// pending is a validated delegate entry awaiting resolution.
type pending struct {
	container *html.Node
	index     int
	selector  string
	rec       listeners.Record
}

// item is a wire node waiting on the explicit stack.
type item struct {
	sibs   []Node // the array the node is in (for its path)
	i      int
	parent *html.Node
	depth  int
	ctx    int
}

type builder struct {
	lim   Limits
	meta  *Meta
	nodes int
	ctxs  []*docCtx
	stack []item

	seen map[*Node]struct{} // nodes visited, when checking a Go-built capture for sharing

	nodeSlab []html.Node
	attrSlab []html.Attribute
	factSlab []dom.Facts
}

func (b *builder) newNode() *html.Node {
	if len(b.nodeSlab) == cap(b.nodeSlab) {
		b.nodeSlab = make([]html.Node, 0, 1024)
	}
	b.nodeSlab = b.nodeSlab[:len(b.nodeSlab)+1]
	return &b.nodeSlab[len(b.nodeSlab)-1]
}

func (b *builder) newAttrs(n int) []html.Attribute {
	if n == 0 {
		return nil
	}
	if cap(b.attrSlab)-len(b.attrSlab) < n {
		b.attrSlab = make([]html.Attribute, 0, max(2048, n))
	}
	s := b.attrSlab[len(b.attrSlab) : len(b.attrSlab)+n : len(b.attrSlab)+n]
	b.attrSlab = b.attrSlab[:len(b.attrSlab)+n]
	return s
}

func (b *builder) newFacts() *dom.Facts {
	if len(b.factSlab) == cap(b.factSlab) {
		b.factSlab = make([]dom.Facts, 0, 256)
	}
	b.factSlab = b.factSlab[:len(b.factSlab)+1]
	return &b.factSlab[len(b.factSlab)-1]
}

// build walks the wire tree with an explicit stack.
func (b *builder) build(root *Node) error {
	if root == nil {
		return &Error{Field: "root", Msg: "missing"}
	}
	doc, err := b.document(root, "", "root")
	if err != nil {
		return err
	}
	b.ctxs = append(b.ctxs, &docCtx{root: doc, parent: -1})
	b.pushAll(root.Children, doc, 1, 0)
	for len(b.stack) > 0 {
		it := b.stack[len(b.stack)-1]
		b.stack = b.stack[:len(b.stack)-1]
		if err := b.node(it); err != nil {
			return err
		}
	}
	return nil
}

func (b *builder) pushAll(sibs []Node, parent *html.Node, depth, ctx int) {
	for i := len(sibs) - 1; i >= 0; i-- {
		b.stack = append(b.stack, item{sibs: sibs, i: i, parent: parent, depth: depth, ctx: ctx})
	}
}

// document validates a "#document" node and returns its html node.
func (b *builder) document(w *Node, path, field string) (*html.Node, error) {
	if b.seen != nil {
		if _, dup := b.seen[w]; dup {
			return nil, &Error{Path: path, Field: field, Msg: "node reached twice: it is its own ancestor or is shared between parents"}
		}
		b.seen[w] = struct{}{}
	}
	b.nodes++
	if b.nodes > b.lim.MaxNodes {
		return nil, &Error{Path: path, Msg: fmt.Sprintf("more than %d nodes", b.lim.MaxNodes)}
	}
	if w.Tag != "#document" {
		return nil, &Error{Path: path, Field: field + ".tag", Msg: fmt.Sprintf("%q, want \"#document\"", clip(w.Tag))}
	}
	if f := elementOnly(w); f != "" {
		return nil, &Error{Path: path, Field: field + "." + f, Msg: "not allowed on #document"}
	}
	if len(w.Attrs) > 0 || w.Text != "" {
		return nil, &Error{Path: path, Field: field, Msg: "#document has no attrs or text"}
	}
	h := b.newNode()
	h.Type = html.DocumentNode
	return h, nil
}

func (b *builder) fail(it item, field, msg string) error {
	return &Error{Path: b.itemPath(it), Field: field, Msg: msg}
}

func (b *builder) node(it item) error {
	w := &it.sibs[it.i]
	if b.seen != nil {
		if _, dup := b.seen[w]; dup {
			return b.fail(it, "", "node reached twice: it is its own ancestor or is shared between parents")
		}
		b.seen[w] = struct{}{}
	}
	b.nodes++
	if b.nodes > b.lim.MaxNodes {
		return b.fail(it, "", fmt.Sprintf("more than %d nodes", b.lim.MaxNodes))
	}
	if it.depth > b.lim.MaxDepth {
		return b.fail(it, "", fmt.Sprintf("nested deeper than %d", b.lim.MaxDepth))
	}
	switch w.Tag {
	case "#text", "#comment", "#doctype":
		if f := elementOnly(w); f != "" {
			return b.fail(it, f, "not allowed on "+w.Tag)
		}
		if len(w.Children) > 0 {
			return b.fail(it, "children", "not allowed on "+w.Tag)
		}
		if len(w.Attrs) > 0 && w.Tag != "#doctype" {
			return b.fail(it, "attrs", "not allowed on "+w.Tag)
		}
		if err := b.checkStrAt(it, "text", w.Text); err != nil {
			return err
		}
		h := b.newNode()
		h.Data = w.Text
		switch w.Tag {
		case "#text":
			h.Type = html.TextNode
		case "#comment":
			h.Type = html.CommentNode
		default:
			if it.parent.Type != html.DocumentNode {
				return b.fail(it, "tag", "#doctype outside the document node")
			}
			h.Type = html.DoctypeNode
			if len(w.Attrs) > 2 {
				return b.fail(it, "attrs", "#doctype has at most public and system ids")
			}
			h.Attr = b.newAttrs(len(w.Attrs))
			for i, p := range w.Attrs {
				if len(p) != 2 || (p[0] != "public" && p[0] != "system") {
					return b.fail(it, "attrs["+strconv.Itoa(i)+"]", `want ["public"|"system", id]`)
				}
				if err := b.checkStrAt(it, "attrs", p[1]); err != nil {
					return err
				}
				h.Attr[i] = html.Attribute{Key: p[0], Val: p[1]}
			}
		}
		it.parent.AppendChild(h)
		return nil
	case "":
		return b.fail(it, "tag", "missing")
	case "#document":
		return b.fail(it, "tag", "#document is allowed only as a root")
	}
	if w.Tag[0] == '#' {
		return b.fail(it, "tag", fmt.Sprintf("unknown node kind %q", clip(w.Tag)))
	}
	if w.Text != "" {
		return b.fail(it, "text", "elements carry text in #text children")
	}
	if r := badName(w.Tag, false); r != "" {
		return b.fail(it, "tag", fmt.Sprintf("%q %s", clip(w.Tag), r))
	}
	if err := b.checkStrAt(it, "tag", w.Tag); err != nil {
		return err
	}
	ns, err := nsOf(w.NS, it.parent, w.Tag)
	if err != "" {
		return b.fail(it, "ns", err)
	}
	h := b.newNode()
	h.Type = html.ElementNode
	h.Namespace = ns
	h.Data = w.Tag
	if ns == "" {
		h.Data = dom.LowerASCII(w.Tag)
	}
	h.DataAtom = atom.Lookup([]byte(h.Data))
	if e := b.attrs(it, w, h); e != nil {
		return e
	}
	it.parent.AppendChild(h)
	ctx := b.ctxs[it.ctx]
	if e := b.facts(it, w, h, ctx); e != nil {
		return e
	}
	for i := range w.Delegate {
		d := &w.Delegate[i]
		field := "delegate[" + strconv.Itoa(i) + "]"
		if err := b.checkStrAt(it, field+".selector", d.Selector); err != nil {
			return err
		}
		if d.Listeners == "" {
			return b.fail(it, field+".listeners", "missing")
		}
		rec, err := listeners.Decode(d.Listeners)
		if err != nil {
			return b.fail(it, field+".listeners", listenerMsg(err))
		}
		ctx.delegates = append(ctx.delegates, pending{container: h, index: i, selector: d.Selector, rec: rec})
	}
	if w.Frame != nil {
		if ns != "" || (h.Data != "iframe" && h.Data != "frame") {
			return b.fail(it, "frame", "only iframe and frame elements have a frame document")
		}
		fr := w.Frame
		if err := b.checkStrAt(it, "frame.url", fr.URL); err != nil {
			return err
		}
		if err := b.checkStrAt(it, "frame.title", fr.Title); err != nil {
			return err
		}
		if fr.Root == nil {
			return b.fail(it, "frame.root", "missing")
		}
		if it.depth+1 > b.lim.MaxDepth {
			return b.fail(it, "frame", fmt.Sprintf("nested deeper than %d", b.lim.MaxDepth))
		}
		sub, err := b.document(fr.Root, b.itemPath(it), "frame.root")
		if err != nil {
			return err
		}
		b.ctxs = append(b.ctxs, &docCtx{root: sub, iframe: h, parent: it.ctx, url: fr.URL})
		b.meta.Docs = append(b.meta.Docs, FrameMeta{Path: b.itemPath(it), URL: fr.URL, Title: fr.Title})
		b.pushAll(fr.Root.Children, sub, it.depth+2, len(b.ctxs)-1)
	}
	if w.Shadow != nil {
		mode := w.Shadow.Mode
		if mode != "open" && mode != "closed" {
			return b.fail(it, "shadow.mode", fmt.Sprintf("%q, want \"open\" or \"closed\"", clip(mode)))
		}
		if it.depth+1 > b.lim.MaxDepth {
			return b.fail(it, "shadow", fmt.Sprintf("nested deeper than %d", b.lim.MaxDepth))
		}
		b.nodes++
		t := b.newNode()
		t.Type = html.ElementNode
		t.Data = "template"
		t.DataAtom = atom.Template
		t.Attr = b.newAttrs(1)
		t.Attr[0] = html.Attribute{Key: "shadowrootmode", Val: mode}
		h.AppendChild(t) // first child: the light children are appended later
		b.pushAll(w.Children, h, it.depth+1, it.ctx)
		b.pushAll(w.Shadow.Children, t, it.depth+2, it.ctx)
		return nil
	}
	b.pushAll(w.Children, h, it.depth+1, it.ctx)
	return nil
}

// knownForeign maps the attribute names html.Parse splits into a namespace
// and a local name on foreign (SVG, MathML) elements.
var knownForeign = map[string][2]string{
	"xlink:actuate": {"xlink", "actuate"}, "xlink:arcrole": {"xlink", "arcrole"},
	"xlink:href": {"xlink", "href"}, "xlink:role": {"xlink", "role"},
	"xlink:show": {"xlink", "show"}, "xlink:title": {"xlink", "title"},
	"xlink:type": {"xlink", "type"}, "xml:lang": {"xml", "lang"},
	"xml:space": {"xml", "space"}, "xmlns:xlink": {"xmlns", "xlink"},
}

func (b *builder) attrs(it item, w *Node, h *html.Node) error {
	if len(w.Attrs) == 0 {
		return nil
	}
	if len(w.Attrs) > b.lim.MaxAttrs {
		return b.fail(it, "attrs", fmt.Sprintf("%d attributes exceed the limit %d", len(w.Attrs), b.lim.MaxAttrs))
	}
	h.Attr = b.newAttrs(len(w.Attrs))
	var seen map[string]bool
	for i, p := range w.Attrs {
		field := "attrs[" + strconv.Itoa(i) + "]"
		if len(p) != 2 {
			return b.fail(it, field, fmt.Sprintf("want a [name, value] pair, got %d strings", len(p)))
		}
		name, val := p[0], p[1]
		if r := badName(name, true); r != "" {
			return b.fail(it, field, fmt.Sprintf("name %q %s", clip(name), r))
		}
		if err := b.checkStrAt(it, field, name); err != nil {
			return err
		}
		if err := b.checkStrAt(it, field, val); err != nil {
			return err
		}
		a := html.Attribute{Key: name, Val: val}
		if h.Namespace == "" {
			a.Key = dom.LowerASCII(name)
		} else if sp, ok := knownForeign[name]; ok {
			a.Namespace, a.Key = sp[0], sp[1]
		}
		// duplicate check: quadratic for the usual handful, a map beyond
		if i < 16 {
			for j := 0; j < i; j++ {
				if h.Attr[j].Key == a.Key && h.Attr[j].Namespace == a.Namespace {
					return b.fail(it, field, fmt.Sprintf("duplicate attribute %q", clip(name)))
				}
			}
		} else {
			if seen == nil {
				seen = make(map[string]bool, len(w.Attrs))
				for j := 0; j < i; j++ {
					seen[h.Attr[j].Namespace+":"+h.Attr[j].Key] = true
				}
			}
			k := a.Namespace + ":" + a.Key
			if seen[k] {
				return b.fail(it, field, fmt.Sprintf("duplicate attribute %q", clip(name)))
			}
			seen[k] = true
		}
		h.Attr[i] = a
	}
	return nil
}

func (b *builder) facts(it item, w *Node, h *html.Node, ctx *docCtx) error {
	if !hasFacts(w) {
		return nil
	}
	f := b.newFacts()
	if w.Value != nil {
		if err := b.checkStrAt(it, "value", *w.Value); err != nil {
			return err
		}
		f.Value = w.Value
	}
	f.Checked, f.Indeterminate, f.Selected = w.Checked, w.Indeterminate, w.Selected
	if w.Display != "" {
		if !cssKeywords(w.Display) {
			return b.fail(it, "display", fmt.Sprintf("%q is not a display value", clip(w.Display)))
		}
		f.Display = w.Display
	}
	switch w.Visibility {
	case "", "visible", "hidden", "collapse":
		f.Visibility = w.Visibility
	default:
		return b.fail(it, "visibility", fmt.Sprintf("%q, want visible, hidden or collapse", clip(w.Visibility)))
	}
	switch w.ContentVisibility {
	case "", "visible", "hidden", "auto":
		f.ContentVisibility = w.ContentVisibility
	default:
		return b.fail(it, "contentVisibility", fmt.Sprintf("%q, want visible, hidden or auto", clip(w.ContentVisibility)))
	}
	f.ZeroSize, f.Inert, f.CursorPointer = w.ZeroSize, w.Inert, w.CursorPointer
	if w.Before != nil {
		if err := b.checkStrAt(it, "before", *w.Before); err != nil {
			return err
		}
		f.Before = w.Before
	}
	if w.After != nil {
		if err := b.checkStrAt(it, "after", *w.After); err != nil {
			return err
		}
		f.After = w.After
	}
	f.InViewport = w.InViewport
	if w.Listeners != "" {
		if err := b.checkStrAt(it, "listeners", w.Listeners); err != nil {
			return err
		}
		rec, err := listeners.Decode(w.Listeners)
		if err != nil {
			return b.fail(it, "listeners", listenerMsg(err))
		}
		f.Listeners = rec
	}
	if err := b.checkStrAt(it, "key", w.Key); err != nil {
		return err
	}
	f.Key = w.Key
	ctx.facts = append(ctx.facts, nodeFacts{h, f})
	return nil
}

// finish builds the dom.Docs, attaches frames and facts, and resolves
// delegation.
func (b *builder) finish() error {
	for _, c := range b.ctxs {
		c.doc = dom.New(c.root)
		c.doc.SetURL(c.url)
		for _, nf := range c.facts {
			c.doc.SetFacts(nf.n, nf.f)
		}
	}
	for _, c := range b.ctxs {
		if c.parent >= 0 {
			b.ctxs[c.parent].doc.SetFrame(c.iframe, c.doc)
		}
	}
	work := b.lim.MaxDelegateWork
	for _, c := range b.ctxs {
		for _, p := range c.delegates {
			if err := b.resolve(c.doc, p, &work); err != nil {
				return err
			}
		}
	}
	return nil
}

func listenerMsg(err error) string {
	var de *listeners.DecodeError
	if errors.As(err, &de) {
		if strings.HasPrefix(de.Reason, "unknown event id") {
			return de.Reason + " (entry " + strconv.Quote(de.Entry) + ")"
		}
		return fmt.Sprintf("entry %d %q: %s", de.Index, de.Entry, de.Reason)
	}
	return err.Error()
}

// elementOnly returns the name of the first element-only field set on w.
func elementOnly(w *Node) string {
	switch {
	case w.NS != "":
		return "ns"
	case w.Shadow != nil:
		return "shadow"
	case w.Frame != nil:
		return "frame"
	case len(w.Delegate) > 0:
		return "delegate"
	case hasFacts(w):
		return "live facts"
	}
	return ""
}

func hasFacts(w *Node) bool {
	return w.Value != nil || w.Checked != nil || w.Indeterminate || w.Selected != nil ||
		w.Display != "" || w.Visibility != "" || w.ContentVisibility != "" ||
		w.ZeroSize || w.Inert || w.CursorPointer || w.Before != nil || w.After != nil ||
		w.InViewport != nil || w.Listeners != "" || w.Key != ""
}

// nsOf resolves an element's namespace: the explicit ns field, else the
// namespace its position implies as html.Parse would assign it.
func nsOf(explicit string, parent *html.Node, tag string) (string, string) {
	switch explicit {
	case "":
		return childNS(parent, tag), ""
	case "html":
		return "", ""
	case "svg", "math":
		return explicit, ""
	}
	return "", fmt.Sprintf("%q, want html, svg or math", clip(explicit))
}

// childNS is the namespace html.Parse gives an element named tag under
// parent: SVG and MathML content stays foreign except below their HTML
// integration points (foreignObject, desc, title; annotation-xml with an
// HTML encoding; the MathML text integration points mi, mo, mn, ms, mtext
// for tags other than mglyph and malignmark).
func childNS(parent *html.Node, tag string) string {
	if parent != nil && parent.Type == html.ElementNode {
		switch parent.Namespace {
		case "svg":
			switch parent.Data {
			case "foreignObject", "desc", "title":
			default:
				return "svg"
			}
		case "math":
			switch parent.Data {
			case "mi", "mo", "mn", "ms", "mtext":
				if tag == "mglyph" || tag == "malignmark" {
					return "math"
				}
			case "annotation-xml":
				if !htmlEncoding(parent) {
					if tag == "svg" {
						return "svg"
					}
					return "math"
				}
			default:
				return "math"
			}
		}
	}
	switch dom.LowerASCII(tag) {
	case "svg":
		return "svg"
	case "math":
		return "math"
	}
	return ""
}

func htmlEncoding(n *html.Node) bool {
	for _, a := range n.Attr {
		if a.Key == "encoding" && a.Namespace == "" {
			return strings.EqualFold(a.Val, "text/html") || strings.EqualFold(a.Val, "application/xhtml+xml")
		}
	}
	return false
}

// badName says why s cannot be a tag or attribute name, or "". The rule is
// the HTML tokenizer's, so every name html.Parse can produce passes: no
// ASCII whitespace, '/', '>' or NUL; for attributes also no '=' after the
// first character.
func badName(s string, attr bool) string {
	if s == "" {
		return "is empty"
	}
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case ' ', '\t', '\n', '\f', '\r', '/', '>', 0:
			return "contains " + strconv.QuoteRune(rune(c))
		case '=':
			if attr && i > 0 {
				return "contains '='"
			}
		}
	}
	return ""
}

// cssKeywords reports whether s looks like a computed display value: one or
// more lower-case keywords separated by single spaces.
func cssKeywords(s string) bool {
	if len(s) > 64 || s[0] == ' ' || s[len(s)-1] == ' ' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == ' ') {
			return false
		}
	}
	return !strings.Contains(s, "  ")
}

func (b *builder) checkStr(path, field, s string) error {
	if len(s) > b.lim.MaxString {
		return &Error{Path: path, Field: field, Msg: fmt.Sprintf("string of %d bytes exceeds the limit %d", len(s), b.lim.MaxString)}
	}
	return nil
}

func (b *builder) checkStrAt(it item, field, s string) error {
	if len(s) > b.lim.MaxString {
		return b.fail(it, field, fmt.Sprintf("string of %d bytes exceeds the limit %d", len(s), b.lim.MaxString))
	}
	return nil
}

// itemPath is the node path of a wire node on the stack.
func (b *builder) itemPath(it item) string {
	w := &it.sibs[it.i]
	tag := w.Tag
	if tag == "" {
		tag = "?"
	}
	k := 1
	for j := 0; j < it.i; j++ {
		if it.sibs[j].Tag == w.Tag {
			k++
		}
	}
	seg := clip(tag)
	if k > 1 {
		seg += "[" + strconv.Itoa(k) + "]"
	}
	return b.pathOf(it.parent) + "/" + seg
}

// pathOf is the node path of an html node built so far; "" for the page's
// document node.
func (b *builder) pathOf(h *html.Node) string {
	var segs []string
	for x := h; x != nil; {
		if x.Type == html.DocumentNode {
			var ifr *html.Node
			for _, c := range b.ctxs {
				if c.root == x {
					ifr = c.iframe
				}
			}
			if ifr == nil {
				break
			}
			segs = append(segs, "#document")
			x = ifr
			continue
		}
		segs = append(segs, segment(x))
		x = x.Parent
	}
	slices.Reverse(segs)
	return joinPath(segs)
}

func segment(x *html.Node) string {
	name := x.Data
	switch x.Type {
	case html.TextNode:
		name = "#text"
	case html.CommentNode:
		name = "#comment"
	case html.DoctypeNode:
		return "#doctype"
	case html.ElementNode:
		if dom.IsShadowRoot(x) {
			return "#shadow-root"
		}
	}
	k := 1
	for s := x.PrevSibling; s != nil; s = s.PrevSibling {
		if s.Type == x.Type && (x.Type != html.ElementNode || s.Data == x.Data) {
			k++
		}
	}
	name = clip(name)
	if k > 1 {
		return name + "[" + strconv.Itoa(k) + "]"
	}
	return name
}

// clip shortens s for an error message.
func clip(s string) string {
	if len(s) > 64 {
		return s[:64] + "..."
	}
	return s
}
