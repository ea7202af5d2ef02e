package accname

import (
	"cmp"
	"slices"
	"strings"

	"golang.org/x/net/html"

	"github.com/axtree/axtree/dom"
)

// host implements step 2E with HTML-AAM's element rules. ok reports that
// the host language decided the name (possibly as empty, as img alt="").
func (w *walker) host(n *html.Node, role string, m mode, depth int) (text, bool) {
	c := w.c
	isRoot := m&mRecursing == 0
	if n.Namespace == "svg" {
		if t := firstChildNS(n, "svg", "title"); t != nil {
			if s := textContent(t); !blank(s) {
				return plain(s), true
			}
		}
		if n.Data == "a" {
			// SVG-AAM: a link's xlink:title, after a title child.
			for _, a := range n.Attr {
				if a.Namespace == "xlink" && a.Key == "title" && !blank(a.Val) {
					return plain(a.Val), true
				}
			}
		}
		return text{}, false
	}
	if n.Namespace != "" {
		return text{}, false
	}
	switch n.Data {
	case "input":
		typ := strings.ToLower(strings.TrimSpace(dom.AttrOr(n, "type")))
		switch typ {
		case "hidden":
			return text{}, true
		case "button", "submit", "reset":
			if v, ok := dom.Attr(n, "value"); ok && !blank(v) {
				return plain(v), true
			}
			if isRoot {
				if s, _ := w.labelText(n, depth); s != "" {
					return plain(s), true
				}
			}
			switch typ {
			case "submit":
				return plain("Submit"), true
			case "reset":
				return plain("Reset"), true
			}
			return text{}, false
		case "image":
			if isRoot {
				if s, _ := w.labelText(n, depth); s != "" {
					return plain(s), true
				}
			}
			for _, a := range [...]string{"alt", "value", "title"} {
				if v, ok := dom.Attr(n, a); ok && !blank(v) {
					if a == "title" && isRoot {
						w.src = srcTitle
					}
					return plain(v), true
				}
			}
			return plain("Submit"), true
		}
		if isRoot {
			if s, ok := w.labelText(n, depth); ok {
				return plain(s), true
			}
		}
	case "textarea", "select", "meter", "progress", "output", "button":
		if isRoot {
			if s, ok := w.labelText(n, depth); ok && (s != "" || n.Data != "button") {
				return plain(s), true
			}
		}
	case "img":
		if v, ok := dom.Attr(n, "alt"); ok {
			return plain(v), true
		}
	case "area":
		if v, ok := dom.Attr(n, "alt"); ok && !blank(v) {
			return plain(v), true
		}
	case "fieldset":
		if lg := firstChildHTML(n, "legend"); lg != nil && (m&mHiddenRef != 0 || !c.Hidden(lg)) {
			if s := w.sub(lg, m, depth); !s.blank() {
				return s, true
			}
		}
	case "figure":
		if fc := firstChildHTML(n, "figcaption"); fc != nil && (m&mHiddenRef != 0 || !c.Hidden(fc)) {
			if s := w.sub(fc, m, depth); !s.blank() {
				return s, true
			}
		}
	case "table":
		if capt := firstChildHTML(n, "caption"); capt != nil && (m&mHiddenRef != 0 || !c.Hidden(capt)) {
			if s := w.sub(capt, m, depth); !s.blank() {
				if isRoot {
					w.src = srcCaption
				}
				return s, true
			}
		}
		// HTML-AAM: the summary attribute, before title (as Chromium).
		if v, ok := dom.Attr(n, "summary"); ok && !blank(v) {
			return plain(v), true
		}
	case "optgroup":
		if v, ok := dom.Attr(n, "label"); ok && !blank(v) {
			return plain(v), true
		}
	case "option":
		if v, ok := dom.Attr(n, "label"); ok && !blank(v) {
			return plain(v), true
		}
	}
	return text{}, false
}

// sub computes the content of a text-alternative child (legend, caption,
// figcaption) once per computation.
func (w *walker) sub(ch *html.Node, m mode, depth int) text {
	if w.visit(ch) {
		return text{}
	}
	return w.content(ch, m|mRecursing, depth+1, false)
}

// labelText returns the text of the <label> elements that label control n
// (label[for] and the wrapping label), in document order, joined with
// spaces. Hidden labels contribute nothing. ok reports that n has labels at
// all: like Chromium, a control with only empty labels is not named by its
// title or placeholder.
func (w *walker) labelText(n *html.Node, depth int) (string, bool) {
	c := w.c
	ls := c.labelsOf(n)
	if len(ls) == 0 {
		return "", false
	}
	var parts []string
	for _, p := range ls {
		l := p.label
		if c.Hidden(l) || w.visit(l) {
			continue
		}
		if s := w.content(l, mRecursing, depth+1, false).collapse(); s != "" {
			parts = append(parts, s)
		}
	}
	return strings.Join(parts, " "), true
}

// labelsOf returns the labels of control n, in document order, with n
// (labelPair.label), building the label index of the whole document on
// first use (one pass over the elements). The slice is shared: do not
// modify it.
func (c *Computer) labelsOf(n *html.Node) []labelPair {
	c.indexLabels()
	x := c.labels.byTarget
	if len(x) == 0 {
		return nil
	}
	i := int32(c.Index(n))
	if i < 0 {
		return nil
	}
	lo := firstPair(x, i, true)
	hi := lo
	for hi < len(x) && x[hi].ti == i {
		hi++
	}
	if lo == hi {
		return nil
	}
	return x[lo:hi:hi]
}

// firstPair returns the first position in x whose control's element
// index (byTarget) or label's (not byTarget) is at least i, x being sorted
// by it: a binary search written out (slices.BinarySearchFunc's generic
// call and compare function cost more than the search on a form page).
func firstPair(x []labelPair, i int32, byTarget bool) int {
	lo, hi := 0, len(x)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		k := x[m].li
		if byTarget {
			k = x[m].ti
		}
		if k < i {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}

// LabeledControl returns the control that label element l labels (its
// for= target, else the first labelable element inside it), or nil. The
// tree builder uses it to leave out a label's text, which is already the
// control's name.
func (c *Computer) LabeledControl(l *html.Node) *html.Node {
	c.indexLabels()
	x := &c.labels
	if len(x.byLabel) == 0 {
		return nil
	}
	i := int32(c.Index(l))
	if i < 0 {
		return nil
	}
	k := firstPair(x.byLabel, i, false)
	if k == len(x.byLabel) || x.byLabel[k].li != i {
		return nil
	}
	return x.byLabel[k].target
}

// labelIndex is the label index of a document (indexLabels): every label
// element that labels a control, with the control, in two orders. It
// replaces two maps and a slice per control (some 20 allocations and
// 1.5 KB on a form of a dozen labels) with one or two slices (one when
// the labels come in the order of their controls, as they mostly do);
// both questions are a binary search by element index.
type labelIndex struct {
	byLabel  []labelPair // in document order of the labels
	byTarget []labelPair // by control, each control's labels in document order
}

// labelPair is a label element, its element index and its control.
type labelPair struct {
	label, target *html.Node
	li, ti        int32 // element indexes of label and target
}

// indexLabels builds the label index of the whole document on first use
// (one pass over the elements), in both directions.
// A page without a label that labels something allocates nothing.
func (c *Computer) indexLabels() {
	if c.labelsDone {
		return
	}
	c.labelsDone = true
	var pairs []labelPair
	for i, l := range c.doc.Elements {
		if !dom.IsHTML(l, "label") {
			continue
		}
		var target *html.Node
		if f, ok := dom.Attr(l, "for"); ok {
			if t := c.doc.ByID(l, f); t != nil && labelable(t) {
				target = t
			}
		} else {
			target = firstLabelable(l)
		}
		if target == nil {
			continue
		}
		ti := c.doc.Index(target) // an element of the document: ByID's, or below l
		if ti < 0 {
			continue // not indexed: labelsOf could not find it
		}
		if pairs == nil {
			pairs = make([]labelPair, 0, 4)
		}
		pairs = append(pairs, labelPair{l, target, int32(i), int32(ti)})
	}
	if len(pairs) == 0 {
		return
	}
	byTarget := pairs // most labels come in the order of their controls
	order := func(a, b labelPair) int { return cmp.Compare(a.ti, b.ti) }
	if !slices.IsSortedFunc(pairs, order) {
		byTarget = slices.Clone(pairs)
		slices.SortStableFunc(byTarget, order)
	}
	c.labels = labelIndex{byLabel: pairs, byTarget: byTarget}
}

// labelable reports the elements a <label> can label.
func labelable(n *html.Node) bool {
	if n.Type != html.ElementNode || n.Namespace != "" {
		return false
	}
	switch n.Data {
	case "button", "meter", "output", "progress", "select", "textarea":
		return true
	case "input":
		return !strings.EqualFold(strings.TrimSpace(dom.AttrOr(n, "type")), "hidden")
	}
	return false
}

func firstLabelable(l *html.Node) *html.Node {
	stack := []*html.Node{}
	for ch := l.LastChild; ch != nil; ch = ch.PrevSibling {
		stack = append(stack, ch)
	}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if x.Type != html.ElementNode {
			continue
		}
		if labelable(x) {
			return x
		}
		for ch := x.LastChild; ch != nil; ch = ch.PrevSibling {
			stack = append(stack, ch)
		}
	}
	return nil
}

// placeholder is the last-resort name of a text field (HTML-AAM):
// placeholder, then aria-placeholder.
func placeholder(n *html.Node, role string) string {
	if dom.IsHTML(n, "textarea") || (dom.IsHTML(n, "input") && textInput(n)) {
		if v, ok := dom.Attr(n, "placeholder"); ok && !blank(v) {
			return v
		}
	}
	switch role {
	case "textbox", "searchbox", "combobox":
		if v, ok := dom.Attr(n, "aria-placeholder"); ok && !blank(v) {
			return v
		}
	}
	return ""
}

func textInput(n *html.Node) bool {
	switch strings.ToLower(strings.TrimSpace(dom.AttrOr(n, "type"))) {
	case "", "text", "search", "url", "tel", "email", "password", "number":
		return true
	}
	return false
}

// fromHeading names a dialog, alertdialog or article after its first
// heading in depth-first order (the tentative "name from heading" rule).
func (w *walker) fromHeading(n *html.Node, role string, depth int) string {
	switch role {
	case "dialog", "alertdialog", "article":
	default:
		return ""
	}
	stack := []*html.Node{}
	for ch := n.LastChild; ch != nil; ch = ch.PrevSibling {
		stack = append(stack, ch)
	}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if x.Type != html.ElementNode || !w.step(depth+1) {
			continue
		}
		if w.c.Hidden(x) {
			continue
		}
		if w.c.Role(x) == "heading" {
			w.markVisited(x)
			return w.node(x, mRecursing, depth+1).collapse()
		}
		for ch := x.LastChild; ch != nil; ch = ch.PrevSibling {
			stack = append(stack, ch)
		}
	}
	return ""
}

func firstChildHTML(n *html.Node, tag string) *html.Node {
	for ch := n.FirstChild; ch != nil; ch = ch.NextSibling {
		if dom.IsHTML(ch, tag) {
			return ch
		}
	}
	return nil
}

func firstChildNS(n *html.Node, ns, tag string) *html.Node {
	for ch := n.FirstChild; ch != nil; ch = ch.NextSibling {
		if ch.Type == html.ElementNode && ch.Namespace == ns && ch.Data == tag {
			return ch
		}
	}
	return nil
}
