package accname

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html"

	"github.com/axtree/axtree/dom"
	"github.com/axtree/axtree/internal/word"
	"github.com/axtree/axtree/roles"
	"github.com/axtree/axtree/style"
)

// mode carries the traversal state of the accname algorithm.
type mode uint8

const (
	// mRecursing: the current node is not the element whose name is
	// computed (we got here through a reference or through content).
	mRecursing mode = 1 << iota
	// mReferenced: inside an aria-labelledby / aria-describedby traversal;
	// a further aria-labelledby is not followed (step 2B).
	mReferenced
	// mHiddenRef: inside a referenced subtree whose root was hidden: hidden
	// nodes are included (step 2A's exception).
	mHiddenRef
	// mDirectRef: the current node is itself the target of an IDREF.
	mDirectRef
)

// walker is the state of one top-level computation.
type walker struct {
	c       *Computer
	root    *html.Node
	steps   int
	objects int    // objects (elements, texts, pseudo-elements) whose text was taken
	bytes   int    // raw text gathered so far (approximate, for MaxTextBytes)
	src     source // where the root's name came from
	// maxDepth is the deepest step taken; refs is set once an IDREF was
	// followed (what a row's name from its cells needs to know, rows.go).
	maxDepth int
	refs     bool
	// odd counts what makes an element's text depend on where the walk
	// started (pseudo-element content, quotes, flat-tree children): see
	// noteName.
	odd int
	// rootID is the role of root, once node has asked it (hasRootRole).
	rootID      roles.ID
	hasRootRole bool
	// plain: root is an element of the document's tree, so every element
	// the walk meets is (its descendants, flat-tree children, aria-owns
	// and IDREF targets), and Computer.plainDoc holds: none hides itself.
	plain bool
}

// step charges one unit of work and reports whether the computation may go
// on at this depth.
func (w *walker) step(depth int) bool {
	if depth > MaxDepth || w.steps >= MaxSteps || w.bytes >= MaxTextBytes {
		return false
	}
	w.steps++
	w.c.steps++
	if depth > w.maxDepth {
		w.maxDepth = depth
	}
	return true
}

// visit reports whether n was visited already by this computation, and
// marks it visited.
func (w *walker) visit(n *html.Node) bool {
	if sl := w.c.slotOf(n); sl != nil {
		seen := sl.visited == w.c.gen
		sl.visited = w.c.gen
		return seen
	}
	if w.c.visited[n] == w.c.gen {
		return true
	}
	memoPut(&w.c.visited, n, w.c.gen)
	return false
}

// markVisited marks n visited by this computation.
func (w *walker) markVisited(n *html.Node) {
	if sl := w.c.slotOf(n); sl != nil {
		sl.visited = w.c.gen
		return
	}
	memoPut(&w.c.visited, n, w.c.gen)
}

// node computes the text alternative of element n (steps 2B–2I).
func (w *walker) node(n *html.Node, m mode, depth int) text {
	if !w.step(depth) {
		return text{}
	}
	c := w.c
	isRoot := m&mRecursing == 0

	// 2C before 2B, as Chromium: a control met while computing another
	// element's name contributes its value, even when it has an
	// aria-labelledby of its own. The element itself, met again through
	// its own aria-labelledby, is not embedded in another's label: 2D's
	// aria-label names it.
	role, rid, known := "", roles.NoRole, false
	if !isRoot && n != w.root {
		role, rid = c.roleAndID(n)
		known = true
		if roleFlagsByID(rid, role)&rfEmbedded != 0 {
			if s, ok := w.embedded(n, role, m, depth); ok {
				return s
			}
		}
	}

	// 2B: aria-labelledby, unless already in a labelledby traversal.
	if m&mReferenced == 0 {
		if ids, ok := dom.Attr(n, "aria-labelledby"); ok {
			if s, found := w.idrefs(n, ids, depth); found && !blank(s) {
				return plain(s)
			}
		}
	}

	if !known {
		role, rid = c.roleAndID(n)
		if isRoot {
			w.rootID, w.hasRootRole = rid, true
		}
	}

	// 2D: aria-label.
	if v, ok := dom.Attr(n, "aria-label"); ok && !blank(v) {
		return plain(v)
	}

	presentational := (role == "none" || role == "presentation") && explicitNone(n)
	if isRoot && presentational {
		return text{}
	}

	// 2E: host-language label.
	if !presentational {
		if s, ok := w.host(n, role, m, depth); ok {
			return s
		}
	}

	// 2F–2H: name from content.
	var ws text // whitespace-only content, which still separates words
	rf := roleFlagsByID(rid, role)
	if (!isRoot && (m&mDirectRef != 0 || rf&rfContributes != 0 || role == "table" && layoutTable(n))) || rf&rfAllows != 0 || contentNamed(n) && !(isRoot && dom.IsHTML(n, "label")) {
		note := !isRoot && w.mayNote(n, m, rf, presentational)
		odd := w.odd
		s := w.content(n, m, depth, false)
		if !s.blank() {
			if note && odd == w.odd {
				w.noteName(n, s)
			}
			return s
		}
		ws = s
	}

	// 2I: tooltip. Inside a name from content, only elements that are
	// objects of their own (not generic wrappers) contribute their title,
	// as in Chromium.
	if v, ok := dom.Attr(n, "title"); ok && !blank(v) && (isRoot || m&mDirectRef != 0 || !genericRole(role)) {
		if isRoot {
			w.src = srcTitle
		}
		return plain(v)
	}
	if isRoot {
		if s := placeholder(n, role); s != "" {
			return plain(s)
		}
		if s := w.fromHeading(n, role, depth); s != "" {
			return plain(s)
		}
	}
	return ws
}

// explicitNone reports whether n's role attribute asks for none or
// presentation (roles also reports "none" for elements HTML maps to no
// role, like abbr or iframe, which can still be named).
func explicitNone(n *html.Node) bool {
	r, ok := dom.Attr(n, "role")
	if !ok {
		return dom.IsHTML(n, "img") && dom.AttrOr(n, "alt") == "" && dom.Has(n, "alt")
	}
	for _, t := range dom.Tokens(r) {
		if strings.EqualFold(t, "none") || strings.EqualFold(t, "presentation") {
			return true
		}
	}
	return false
}

// idrefs computes the text of the elements an IDREFS value names, joined
// with spaces (step 2B). found reports whether any IDREF resolved.
func (w *walker) idrefs(from *html.Node, ids string, depth int) (s string, found bool) {
	w.refs = true
	var sb strings.Builder
	for count := 0; count < MaxIDRefs && w.step(depth); count++ {
		var id string
		id, ids = dom.NextToken(ids)
		if id == "" {
			break
		}
		t := w.c.doc.ByID(from, id)
		if t == nil {
			continue
		}
		found = true
		if dom.IsHTML(t, "script") || dom.IsHTML(t, "style") || dom.IsHTML(t, "noscript") {
			continue // never rendered text, not even an aria-label (as Chromium)
		}
		if w.visit(t) {
			continue
		}
		m := mRecursing | mReferenced | mDirectRef
		if w.c.Hidden(t) {
			m |= mHiddenRef
		}
		part := w.node(t, m, depth+1).collapse()
		if part == "" {
			continue
		}
		if sb.Len() > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(part)
	}
	return sb.String(), found
}

// content computes name from content (steps 2F–2H): ::before, the flat-tree
// children in order, ::after. Block-level children are set apart with
// spaces; inline ones join directly. When suppressText is set (n is
// visibility:hidden) n's own text and pseudo-elements are skipped but its
// element children, which may be visible again, are still examined.
func (w *walker) content(n *html.Node, m mode, depth int, suppressText bool) text {
	c := w.c
	if c.hasTransform || c.doc.HasOwns() || c.doc.ShadowRoot(n) != nil ||
		n.Namespace == "" && (n.Data == "slot" || n.Data == "template" || n.Data == "q" ||
			n.Data == "li" && (m&mDirectRef != 0 || m&mRecursing == 0)) ||
		!suppressText && c.style.HasPseudo(n) {
		return w.contentFull(n, m, depth, suppressText)
	}
	// The common element: its DOM children, no pseudo-element, quote,
	// marker or text-transform (contentFull with all of them absent).
	var sb textBuf
	items, itemsKnown := false, false
	for ch := n.FirstChild; ch != nil; ch = ch.NextSibling {
		if w.bytes >= MaxTextBytes || w.full() {
			break // both only grow: no later child adds anything
		}
		switch ch.Type {
		case html.TextNode:
			if !suppressText {
				w.textChild(&sb, ch, depth, 0)
			}
		case html.ElementNode:
			if !itemsKnown {
				items, itemsKnown = c.itemsBlockified(n), true
			}
			w.child(&sb, ch, m, depth, items)
		}
	}
	return sb.text()
}

// textChild adds text node ch, a child at depth+1 of the element whose
// content is walked, to sb: nothing when the walk's steps run out or ch is
// white space that collapses away; else its text, transformed by xf
// (text-transform; 0 for none).
func (w *walker) textChild(sb *textBuf, ch *html.Node, depth int, xf uint8) {
	if !w.step(depth + 1) {
		return
	}
	t := ch.Data
	if blank(t) {
		if w.c.collapsedSpace(ch, w.root) {
			return
		}
		// white space, which a transform keeps as it is: a run for
		// the buffer to count
		w.objects++
		w.bytes += len(t)
		sb.writeBlank(len(t))
		return
	}
	if xf != 0 {
		t = applyTransform(t, xf)
	}
	w.objects++
	w.bytes += len(t)
	sb.writeString(t)
}

// contentFull is content for any element: ::before and ::after, a
// quotation's quotes, a list item's marker, text-transform and flat-tree
// children.
func (w *walker) contentFull(n *html.Node, m mode, depth int, suppressText bool) text {
	c := w.c
	var sb textBuf
	var before, after string
	var st style.Computed
	if !suppressText {
		if c.style.HasPseudo(n) {
			st = c.style.Style(n)
		}
		if st.HasBefore {
			before = st.Before
		}
		if st.HasAfter {
			after = st.After
		}
		if dom.IsHTML(n, "q") && !st.HasBefore && !st.HasAfter {
			// The UA sheet's q::before/::after {content: open-quote /
			// close-quote}, which the style package does not generate.
			before, after = "“", "”"
		}
	}
	if before != "" || after != "" {
		w.odd++
	}
	if !suppressText && (m&mDirectRef != 0 || m&mRecursing == 0) {
		// A list item's marker is part of its own text (and of the text
		// it gives when referenced), but Chromium leaves markers out of
		// an ancestor's name from content.
		if mk := c.marker(n); mk != "" {
			before = mk + before
		}
	}
	blockBefore, blockAfter := false, false
	if !suppressText {
		blockBefore = st.HasBefore && !isInline(st.BeforeDisplay)
		blockAfter = st.HasAfter && !isInline(st.AfterDisplay)
	}
	if before != "" && !w.full() {
		w.objects += pseudoCost
		sb.writeString(before)
		if blockBefore {
			sb.writeSpace() // a block-level ::before is a line of its own
		}
	}
	xf := uint8(0)
	if c.hasTransform {
		xf = c.transform(n)
	}
	// items: n lays its children out as flex or grid items, block-level
	// boxes set apart like blocks (asked at the first element child)
	items, itemsKnown := false, false
	each := func(ch *html.Node) {
		if w.bytes >= MaxTextBytes || w.full() {
			return
		}
		switch ch.Type {
		case html.TextNode:
			if !suppressText {
				w.textChild(&sb, ch, depth, xf)
			}
		case html.ElementNode:
			if !itemsKnown {
				items, itemsKnown = c.itemsBlockified(n), true
			}
			w.child(&sb, ch, m, depth, items)
		}
	}
	if c.doc.HasOwns() || c.doc.ShadowRoot(n) != nil || dom.IsHTML(n, "slot") || dom.IsHTML(n, "template") {
		// the accessibility tree's children: the flat tree's, with
		// aria-owns applied (accname 1.2 step 2F.iii)
		w.odd++
		for _, ch := range c.doc.AXChildren(n, nil) {
			each(ch)
		}
	} else {
		for ch := n.FirstChild; ch != nil; ch = ch.NextSibling {
			each(ch)
		}
	}
	if after != "" && !w.full() {
		w.objects += pseudoCost
		if blockAfter {
			sb.writeSpace()
		}
		sb.writeString(after)
	}
	return sb.text()
}

// full reports whether this computation has met MaxObjects.
func (w *walker) full() bool { return w.objects > MaxObjects }

// child appends the contribution of element ch, a flat-tree child met while
// computing name from content; item says that its parent lays it out as a
// flex or grid item (a block, whatever its display).
func (w *walker) child(sb *textBuf, ch *html.Node, m mode, depth int, item bool) {
	c := w.c
	if ch == w.root {
		// A control inside its own label does not name itself, but its box
		// still separates the words around it.
		if item || !isInline(c.display(ch)) || replaced(ch) {
			sb.writeSpace()
		}
		return
	}
	if dom.IsHTML(ch, "br") {
		sb.writeSpace()
		return
	}
	suppress := false
	if ch.Namespace == "svg" && noContent(ch) {
		return // an SVG title names its parent; desc describes
	}
	labelled, read := false, false // ch's aria-labelledby, when read
	if m&mHiddenRef == 0 {
		if w.plain {
			labelled = dom.Has(ch, "aria-labelledby")
		} else {
			var hidden bool
			if hidden, labelled = c.selfHiddenLabelled(ch); hidden {
				return
			}
		}
		read = true
		if !c.rendered(ch) {
			if !c.visibilityHidden(ch) {
				return // display:none and the like: nothing below renders
			}
			suppress = true
		}
	} else if noContent(ch) {
		return
	}
	// An element with aria-labelledby is named by its references even when
	// the element itself was met before (accname issue 209 behaviour that
	// WPT expects); otherwise each element contributes once.
	if !read {
		labelled = dom.Has(ch, "aria-labelledby")
	}
	followsRef := m&mReferenced == 0 && labelled
	if !followsRef {
		if w.visit(ch) {
			return
		}
	}
	w.objects++
	var s text
	if suppress {
		if !w.step(depth + 1) {
			return
		}
		s = w.content(ch, (m|mRecursing)&^mDirectRef, depth+1, true)
	} else {
		s = w.node(ch, (m|mRecursing)&^mDirectRef, depth+1)
	}
	w.bytes += s.len()
	if !item && isInline(c.display(ch)) && !replaced(ch) {
		sb.writeText(s)
		return
	}
	sb.writeSpaced(s)
}

// noContent reports elements whose children are never text: scripts,
// styles and the like, skipped even inside hidden referenced subtrees.
func noContent(n *html.Node) bool {
	if n.Namespace == "svg" {
		switch n.Data {
		case "title", "desc", "style", "script", "defs", "metadata":
			return true
		}
		return false
	}
	if n.Namespace != "" {
		return false
	}
	switch n.Data {
	case "script", "style", "template", "noscript", "head", "title", "meta", "link":
		return true
	}
	return false
}

// embeddedRole reports the roles embedded looks at: for any other role it
// gives nothing.
func embeddedRole(role string) bool {
	switch role {
	case "textbox", "searchbox", "combobox", "listbox", "slider", "spinbutton", "scrollbar", "progressbar", "meter":
		return true
	}
	return false
}

// embedded implements step 2C: a control met while computing another
// element's name contributes its value, not its label.
func (w *walker) embedded(n *html.Node, role string, m mode, depth int) (text, bool) {
	c := w.c
	switch role {
	case "textbox", "searchbox":
		if dom.IsHTML(n, "input") {
			return plain(c.value(n)), true
		}
		if dom.IsHTML(n, "textarea") {
			if f := c.doc.Facts(n); f != nil && f.Value != nil {
				return plain(*f.Value), true
			}
			return plain(textContent(n)), true
		}
		// An ARIA textbox (a contenteditable span) holds its value as its
		// content.
		return w.content(n, m, depth, false), true
	case "combobox", "listbox":
		if dom.IsHTML(n, "input") {
			return plain(c.value(n)), true
		}
		if dom.IsHTML(n, "select") {
			return plain(c.selectedOptions(n)), true
		}
		if role == "listbox" {
			return plain(w.selectedARIAOptions(n, m, depth)), true
		}
		// An ARIA combobox on another element shows its value as content.
		return w.content(n, m, depth, false), true
	case "slider", "spinbutton", "scrollbar", "progressbar", "meter":
		if v, ok := dom.Attr(n, "aria-valuetext"); ok && !blank(v) {
			return plain(v), true
		}
		if v, ok := dom.Attr(n, "aria-valuenow"); ok && !blank(v) {
			if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil {
				return plain(strconv.FormatFloat(f, 'f', -1, 64)), true
			}
			return plain(v), true
		}
		if dom.IsHTML(n, "input") {
			if strings.EqualFold(dom.AttrOr(n, "type"), "range") {
				return plain(rangeValue(n, c.value(n))), true
			}
			return plain(c.value(n)), true
		}
		if dom.IsHTML(n, "meter") || dom.IsHTML(n, "progress") {
			if v, ok := dom.Attr(n, "value"); ok {
				return plain(strings.TrimSpace(v)), true
			}
		}
	}
	return text{}, false
}

// value returns the current value of an input: live facts, else the value
// attribute.
func (c *Computer) value(n *html.Node) string {
	if f := c.doc.Facts(n); f != nil && f.Value != nil {
		return *f.Value
	}
	return dom.AttrOr(n, "value")
}

// rangeValue is an input[type=range]'s value: v when numeric, else the
// default (the midpoint of min and max, 0–100 by default).
func rangeValue(n *html.Node, v string) string {
	if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil {
		return strconv.FormatFloat(f, 'f', -1, 64)
	}
	lo, hi := 0.0, 100.0
	if f, err := strconv.ParseFloat(strings.TrimSpace(dom.AttrOr(n, "min")), 64); err == nil {
		lo = f
	}
	if f, err := strconv.ParseFloat(strings.TrimSpace(dom.AttrOr(n, "max")), 64); err == nil {
		hi = f
	}
	if hi < lo {
		hi = lo
	}
	return strconv.FormatFloat(lo+(hi-lo)/2, 'f', -1, 64)
}

// selectedOptions returns the text of a <select>'s selected options, joined
// with spaces: live facts, else the selected attribute, else (for a
// drop-down) the first enabled option.
func (c *Computer) selectedOptions(sel *html.Node) string {
	var opts []*html.Node
	for ch := sel.FirstChild; ch != nil && len(opts) < 10000; ch = ch.NextSibling {
		if dom.IsHTML(ch, "option") {
			opts = append(opts, ch)
		} else if dom.IsHTML(ch, "optgroup") {
			for o := ch.FirstChild; o != nil; o = o.NextSibling {
				if dom.IsHTML(o, "option") {
					opts = append(opts, o)
				}
			}
		}
	}
	multiple := dom.Has(sel, "multiple")
	var parts []string
	for _, o := range opts {
		on := dom.Has(o, "selected")
		if f := c.doc.Facts(o); f != nil && f.Selected != nil {
			on = *f.Selected
		}
		if on {
			parts = append(parts, optionText(o))
			if !multiple {
				break
			}
		}
	}
	if len(parts) == 0 && !multiple && !dom.Has(sel, "size") {
		for _, o := range opts {
			if !dom.Has(o, "disabled") {
				parts = append(parts, optionText(o))
				break
			}
		}
	}
	return strings.Join(parts, " ")
}

func optionText(o *html.Node) string {
	if v, ok := dom.Attr(o, "label"); ok && !blank(v) {
		return collapse(v)
	}
	return collapse(textContent(o))
}

// selectedARIAOptions returns the names of the aria-selected options of an
// ARIA listbox.
func (w *walker) selectedARIAOptions(n *html.Node, m mode, depth int) string {
	var parts []string
	stack := []*html.Node{n}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if !w.step(depth + 1) {
			break
		}
		if x != n && x.Type == html.ElementNode && w.c.Role(x) == "option" {
			if strings.EqualFold(strings.TrimSpace(dom.AttrOr(x, "aria-selected")), "true") {
				if s := w.content(x, m|mRecursing, depth+1, false).collapse(); s != "" {
					parts = append(parts, s)
				}
			}
			continue
		}
		for ch := x.LastChild; ch != nil; ch = ch.PrevSibling {
			if ch.Type == html.ElementNode {
				stack = append(stack, ch)
			}
		}
	}
	return strings.Join(parts, " ")
}

// textContent is the concatenated text of n's descendants (bounded).
func textContent(n *html.Node) string {
	var sb strings.Builder
	stack := []*html.Node{n}
	for len(stack) > 0 && sb.Len() < MaxTextBytes {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if x.Type == html.TextNode {
			sb.WriteString(x.Data)
			continue
		}
		for ch := x.LastChild; ch != nil; ch = ch.PrevSibling {
			stack = append(stack, ch)
		}
	}
	return sb.String()
}

// Role flags (Computer.roleFlags): what allowsContent and
// contributesContent say of a role.
const (
	rfAllows uint8 = 1 << iota
	rfContributes
	rfEmbedded // a role whose value embedded may give (step 2C)
)

// roleFlagsOf computes the role flags of role.
func roleFlagsOf(role string) uint8 {
	f := uint8(0)
	if allowsContent(role) {
		f |= rfAllows
	}
	if contributesContent(role) {
		f |= rfContributes
	}
	if embeddedRole(role) {
		f |= rfEmbedded
	}
	return f
}

// idRoleFlags are the role flags of the roles, by roles.ID (made once,
// only read).
var idRoleFlags = func() (t [256]uint8) {
	for id := 1; id < roles.NumIDs; id++ {
		t[id] = roleFlagsOf(roles.ID(id).String())
	}
	return t
}()

// roleFlagsByID returns the role flags of role, whose ID is id: from
// idRoleFlags, not through the role table and two switches each time
// (roleFlagsOf for NoRole, which role may then be any string).
func roleFlagsByID(id roles.ID, role string) uint8 {
	if id != roles.NoRole {
		return idRoleFlags[id]
	}
	return roleFlagsOf(role)
}

// allowsContent reports whether a role takes its name from its content.
func allowsContent(role string) bool {
	if info, ok := roles.Lookup(role); ok {
		return info.NameFrom&roles.FromContents != 0
	}
	switch role {
	case "button", "cell", "checkbox", "columnheader", "gridcell", "heading", "link", "menuitem",
		"menuitemcheckbox", "menuitemradio", "option", "radio", "row", "rowheader", "switch", "tab",
		"tooltip", "treeitem", "comment", "suggestion", "sectionhead", "sectionheader", "sectionfooter":
		return true
	}
	return false
}

// contributesContent reports whether an element with this role, met while
// computing another element's name from content, contributes its own
// content. Containers of many objects (landmarks, tables, forms, menus,
// widgets with values, ...) contribute only an author-given name; this is
// Chromium's rule (AXObject::SupportsNameFromContents with recursive set),
// which WPT does not contradict.
func contributesContent(role string) bool {
	switch role {
	case "alert", "alertdialog", "application", "article", "banner", "complementary", "contentinfo",
		"dialog", "directory", "document", "feed", "figure", "form", "grid", "group", "img", "image",
		"listbox", "log", "main", "marquee", "math", "menu", "menubar", "meter", "navigation",
		"progressbar", "radiogroup", "region", "scrollbar", "search", "searchbox", "slider",
		"spinbutton", "table", "tablist", "tabpanel", "textbox", "timer", "toolbar", "tree",
		"treegrid", "graphics-document":
		return false
	}
	return true
}

// layoutTable reports an HTML table with none of the marks of a data
// table: no role attribute, caption, summary, thead, tfoot, colgroup, col
// or th, and no cell with headers, scope or abbr. Chromium takes such a
// table for layout and reads its text into a name from content (a link or
// a label laid out with a table); a data table contributes only an author
// name. Chromium's full heuristic also weighs borders, rows and columns;
// this is its markup part, bounded to maxLayoutScan cells.
func layoutTable(n *html.Node) bool {
	if !dom.IsHTML(n, "table") || dom.Has(n, "role") || dom.Has(n, "summary") {
		return false
	}
	cells := 0
	data := func(x *html.Node) bool {
		switch x.Data {
		case "caption", "thead", "tfoot", "colgroup", "col", "th":
			return true
		case "td":
			cells++
			return dom.Has(x, "headers") || dom.Has(x, "scope") || dom.Has(x, "abbr")
		}
		return false
	}
	for g := n.FirstChild; g != nil; g = g.NextSibling {
		if g.Type != html.ElementNode || g.Namespace != "" {
			continue
		}
		if data(g) {
			return false
		}
		for r := g.FirstChild; r != nil; r = r.NextSibling {
			if r.Type != html.ElementNode || r.Namespace != "" {
				continue
			}
			for cell := r.FirstChild; cell != nil; cell = cell.NextSibling {
				if cell.Type == html.ElementNode && cell.Namespace == "" && data(cell) {
					return false
				}
				if cells > maxLayoutScan {
					return false
				}
			}
		}
	}
	return true
}

// maxLayoutScan bounds the cells layoutTable looks at; a bigger table is
// taken for data.
const maxLayoutScan = 1000

// genericRole reports roles of elements that are mere wrappers.
func genericRole(role string) bool {
	switch role {
	case "", "generic", "none", "presentation":
		return true
	}
	return false
}

// contentNamed reports HTML elements that HTML-AAM names from their content
// whatever their role: the text-alternative elements.
func contentNamed(n *html.Node) bool {
	if n.Namespace == "svg" {
		return n.Data == "svg" // an SVG root without <title> takes its shapes' titles
	}
	if n.Namespace != "" {
		return false
	}
	switch n.Data {
	case "label", "legend", "caption", "figcaption", "summary", "option":
		return true
	}
	return false
}

// blank reports whether s is empty or only ASCII whitespace.
func blank(s string) bool {
	const sp = ' ' * word.Lo8
	i := 0
	if len(s) >= 40 {
		// Indentation: a line break or two and tens of spaces. Past its
		// first word, 32 bytes a step while all are spaces.
		if x := word.Load8(s[:8]); x != sp && !blankWord(x) {
			return false // a byte of the word is not white space
		}
		for i = 8; i+32 <= len(s); i += 32 {
			if (word.Load8(s[i:i+8])^sp)|(word.Load8(s[i+8:i+16])^sp)|(word.Load8(s[i+16:i+24])^sp)|(word.Load8(s[i+24:i+32])^sp) != 0 {
				break
			}
		}
	}
	for ; i+8 <= len(s); i += 8 {
		// eight bytes a step: indented markup puts tens of bytes of white
		// space between the elements of a link or a button, most of them
		// spaces (one comparison)
		if x := word.Load8(s[i : i+8]); x != sp && !blankWord(x) {
			return false // a byte of the word is not white space
		}
	}
	for ; i < len(s); i++ {
		switch s[i] {
		case ' ', '\t', '\n', '\f', '\r':
		default:
			return false
		}
	}
	return true
}

// blankWord reports whether the eight bytes packed in x are all white
// space as blank counts it: 9, 10, 12, 13 and 32.
func blankWord(x uint64) bool {
	if !word.ASCIISpace(x) {
		return false
	}
	v := x ^ 0x0B*word.Lo8 // a zero byte where x has \v
	return (v-word.Lo8)&^v&word.Hi8 == 0
}

// collapse turns each run of ASCII whitespace into one space and trims the
// ends. Other spaces (no-break space, braille blank) are kept. Invalid UTF-8
// passes through unchanged.
func collapse(s string) string {
	i := 0
	for i < len(s) && wsByte[s[i]] {
		i++
	}
	j := len(s)
	for j > i && wsByte[s[j-1]] {
		j--
	}
	s = s[i:j]
	k := 0 // the first byte collapsing changes: s[:k] is copied as it is
	for k+8 <= len(s) {
		// Eight bytes a step while none is below 0x20 (so none is \t,
		// \n, \f or \r) and no space among them is followed by white
		// space (the byte after them included: s ends in a byte that is
		// not white space, so one follows a space at their end). The
		// byte loop below finds where collapsing starts in a word that
		// fails.
		x := word.Load8(s[k : k+8])
		v := x ^ (' ' * word.Lo8)
		sp := ^((v&word.Lo7 + word.Lo7) | v | word.Lo7) // the high bit of each space
		if ((x-0x20*word.Lo8)&^x|sp&(sp>>8))&word.Hi8 != 0 || sp>>63 != 0 && wsByte[s[k+8]] {
			break
		}
		k += 8
	}
	for ; k < len(s); k++ {
		if wsByte[s[k]] && (s[k] != ' ' || (k+1 < len(s) && wsByte[s[k+1]])) {
			break
		}
	}
	if k == len(s) {
		return s
	}
	var sb strings.Builder
	sb.Grow(len(s))
	sb.WriteString(s[:k])
	for k < len(s) {
		// s[k] starts a run of white space; s ends in another byte, so
		// text follows every run
		for wsByte[s[k]] {
			k++
		}
		sb.WriteByte(' ')
		run := k
		for k < len(s) && !wsByte[s[k]] {
			k++
		}
		sb.WriteString(s[run:k])
	}
	return sb.String()
}

func isWS(b byte) bool { return b == ' ' || b == '\t' || b == '\n' || b == '\f' || b == '\r' }

// wsByte is isWS as a table, for collapse's loops over every name.
var wsByte = [256]bool{' ': true, '\t': true, '\n': true, '\f': true, '\r': true}

// truncate cuts s to at most n bytes at a rune boundary.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// containsFold reports whether s contains sub, a lower-case ASCII string,
// with ASCII letters of s compared case-insensitively. It never allocates
// (New runs it over every style attribute). No non-ASCII rune lower-cases
// to one of the letters of the needles used ("text-transform"), so this is
// strings.Contains(strings.ToLower(s), sub) for them.
func containsFold(s, sub string) bool {
	if len(sub) == 0 {
		return true
	}
	first := sub[0]
	for i := 0; i+len(sub) <= len(s); i++ {
		if lowerByte(s[i]) != first {
			continue
		}
		j := 1
		for j < len(sub) && lowerByte(s[i+j]) == sub[j] {
			j++
		}
		if j == len(sub) {
			return true
		}
	}
	return false
}

func lowerByte(b byte) byte {
	if b >= 'A' && b <= 'Z' {
		return b + 'a' - 'A'
	}
	return b
}

// pseudoCost is what a ::before or ::after counts toward MaxObjects: the
// pseudo-element box and its text.
const pseudoCost = 2
