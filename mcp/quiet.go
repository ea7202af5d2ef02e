package mcp

import (
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/axtree/axtree/serialize"
)

// Diff is what changed between two printed trees of one session, both in
// the session's stable numbering (observe.Stabilize): an element that is
// still there has the same id in both.
type Diff struct {
	// Appeared are the lines that are new, in document order: element lines
	// whose id the old tree did not have, and text lines it did not have
	// (as many times); an element printed without an id (a heading, a row:
	// serialize/FORMAT.md, "Ids") is compared by its line, as text is.
	Appeared []string
	// Telling are the Appeared lines that say something: text lines and
	// elements with a name or that can be acted on (not "[list] [id=7]"), the
	// preview of a page a navigation led to.
	Telling []string
	// Changed are the element lines whose id both trees have but whose line
	// differs (a name, a state such as [expanded]), and the state-record
	// lines that are new or differ (a typed value, a checked box), in
	// document order.
	Changed []string
	// Gone are the ids of the old tree the new one does not have, ascending.
	Gone []int
	// GoneText counts the old text lines (and lines of elements printed
	// without an id) the new tree no longer has.
	GoneText int
	// Kept counts the ids both trees have.
	Kept int
	// live are the ids the new tree prints, ascending, when DiffTrees made
	// the diff: a range of gone ids may span ids neither tree printed
	// (a heading's, a row's), so "gone: 10-28" stays one range.
	live  []int
	spans bool
}

// Same reports whether nothing changed.
func (d *Diff) Same() bool {
	return len(d.Appeared) == 0 && len(d.Changed) == 0 && len(d.Gone) == 0 && d.GoneText == 0
}

// printed is a parsed tree text: its element lines by id, its text lines,
// its state-record lines by id, and the order of everything. A line of an
// inline run (FORMAT.md) holds several nodes; each node is one entry here,
// with its own piece of the line.
type printed struct {
	lines  []string    // each node's piece of its line, without indentation, in order
	ids    []int       // ids[i]: the element id of lines[i], 0 for text and placeholders
	byID   map[int]int // id → index into lines (first line with the id)
	record map[int]string
	recIDs []int // ids of the record lines, in order
	// telling[i]: lines[i] is a text line, a placeholder, or an element
	// with a name or that can be acted on.
	telling []bool
}

// parsePrinted splits a tree text (serialize's format) into its nodes'
// pieces (serialize.ParsePieces) and its state-record lines.
func parsePrinted(text []byte) (*printed, error) {
	src := string(text)
	_, pieces, err := serialize.ParsePieces(src)
	if err != nil {
		return nil, err
	}
	p := &printed{byID: map[int]int{}, record: map[int]string{}}
	p.telling = make([]bool, 0, len(pieces))
	rest := src
	rowLine := 0 // the line number of the row line being read
	for _, pc := range pieces {
		n := pc.Node
		line := src[pc.Start:pc.End]
		if n.Role == "row" && strings.HasPrefix(line, "|") {
			rowLine = pc.Line
			continue // a row line (FORMAT.md, "Rows"): its cells are its entries
		}
		if pc.Line == rowLine && !strings.HasPrefix(line, "["+n.Role+"]") {
			// a cell of a row line, its role left out there: said as its element line
			line = "[" + n.Role + "] " + line
		}
		id := 0
		if n.Role != "" {
			id = n.ID
		}
		p.lines = append(p.lines, line)
		p.ids = append(p.ids, id)
		p.telling = append(p.telling, n.Role == "" || n.Name != "" || n.Operable())
		if _, dup := p.byID[id]; id > 0 && !dup {
			p.byID[id] = len(p.lines) - 1
		}
		rest = src[pc.End:]
	}
	if len(pieces) > 0 {
		_, rest, _ = strings.Cut(rest, "\n") // the end of the last node line
	}
	for len(rest) > 0 {
		line, tail, _ := strings.Cut(rest, "\n")
		rest = tail
		if id, ok := recordID(line); ok {
			p.record[id] = line
			p.recIDs = append(p.recIDs, id)
		}
	}
	return p, nil
}

// recordID reads the id of a state-record line "[id=N] …".
func recordID(line string) (int, bool) {
	rest, ok := strings.CutPrefix(line, "[id=")
	if !ok {
		return 0, false
	}
	num, _, ok := strings.Cut(rest, "]")
	if !ok {
		return 0, false
	}
	id, err := strconv.Atoi(num)
	return id, err == nil && id > 0
}

// DiffTrees compares two printed trees (the old one may be nil: everything
// appeared). Both must be in serialize's text format.
func DiffTrees(old, cur []byte) (*Diff, error) {
	c, err := parsePrinted(cur)
	if err != nil {
		return nil, fmt.Errorf("the new tree: %w", err)
	}
	o := &printed{byID: map[int]int{}, record: map[int]string{}}
	if old != nil {
		if o, err = parsePrinted(old); err != nil {
			return nil, fmt.Errorf("the old tree: %w", err)
		}
	}
	d := &Diff{}
	texts := map[string]int{} // old text lines, counted
	for i, l := range o.lines {
		if o.ids[i] == 0 {
			texts[l]++
		}
	}
	for i, l := range c.lines {
		id := c.ids[i]
		if id == 0 {
			if texts[l] > 0 {
				texts[l]--
			} else {
				d.Appeared = append(d.Appeared, l)
				if c.telling[i] { // an element printed without an id counts as a line of text, told only with a name
					d.Telling = append(d.Telling, l)
				}
			}
			continue
		}
		if c.byID[id] != i {
			continue // a later line repeating an id: the first one speaks for it
		}
		j, had := o.byID[id]
		switch {
		case !had:
			d.Appeared = append(d.Appeared, l)
			if c.telling[i] {
				d.Telling = append(d.Telling, l)
			}
		case o.lines[j] != l:
			d.Changed = append(d.Changed, l)
			d.Kept++
		default:
			d.Kept++
		}
	}
	for _, n := range texts {
		d.GoneText += n
	}
	for _, id := range c.recIDs {
		if _, had := o.byID[id]; !had {
			d.Appeared = append(d.Appeared, c.record[id]) // a new element's value or choice
		} else if o.record[id] != c.record[id] {
			d.Changed = append(d.Changed, c.record[id])
		}
	}
	for _, id := range o.recIDs {
		if _, still := c.byID[id]; still && c.record[id] == "" {
			d.Changed = append(d.Changed, "[id="+strconv.Itoa(id)+"] cleared (no value, not checked or selected)")
		}
	}
	for id := range o.byID {
		if _, still := c.byID[id]; !still {
			d.Gone = append(d.Gone, id)
		}
	}
	slices.Sort(d.Gone)
	d.live = make([]int, 0, len(c.byID))
	for id := range c.byID {
		d.live = append(d.live, id)
	}
	slices.Sort(d.live)
	d.spans = true
	return d, nil
}

// QuietOptions bound a quiet answer.
type QuietOptions struct {
	// MaxLines bounds the Appeared and the Changed lines shown, each (0: 12).
	MaxLines int
	// NavLines bounds the Appeared lines shown after a navigation, when
	// most of the page is new and the model reads it with browser_snapshot
	// anyway (0: 4).
	NavLines int
}

// ShortID is how many hex digits of an observation id an answer shows, as
// git shows a commit (32 bits; the store and the trajectory keep the whole
// id).
const ShortID = 8

// Step describes what an action did, besides the tree.
type Step struct {
	Observation string   // the new observation id
	Seq         int      // the step's number in the session's run
	URL, Title  string   // the page now
	Navigated   bool     // the main document changed
	From        string   // the URL before; a navigation within its origin is shown by path
	Dialogs     []string // dialogs the page opened, as "alert: text (accepted)"
	Chooser     string   // the file chooser the page opened and waits on, as "for [id=N] (one file)"; "" for none
	Warnings    []string // what did not finish (a load, the network)
}

// AppendQuiet writes the quiet answer to an action: the observation id,
// navigation and dialogs, then the changed, appeared and gone elements
// (bounded, saying how many were left out).
func AppendQuiet(dst []byte, s Step, d *Diff, o QuietOptions) []byte {
	max, nav := o.MaxLines, o.NavLines
	if max <= 0 {
		max = 12
	}
	if nav <= 0 {
		nav = 3
	}
	nav = min(nav, max)
	dst = appendHeader(dst, s)
	if d.Same() {
		return append(dst, "no change on the page\n"...)
	}
	dst = appendLines(dst, "changed", d.Changed, max)
	if s.Navigated && len(d.Appeared) > nav {
		// A new page: a preview of what it says, the rest by snapshot.
		dst = fmt.Appendf(dst, "appeared (%d), first:\n", len(d.Appeared))
		dst = appendBounded(dst, d.Telling[:min(nav, len(d.Telling))], len(d.Appeared))
	} else {
		dst = appendLines(dst, "appeared", d.Appeared, max)
	}
	switch {
	case len(d.Gone) > 0:
		dst = append(dst, "gone: "...)
		dst = appendRanges(dst, d.Gone, d.bridges)
		if d.GoneText > 0 {
			dst = fmt.Appendf(dst, " and %d text lines", d.GoneText)
		}
		dst = append(dst, '\n')
	case d.GoneText > 0:
		dst = fmt.Appendf(dst, "gone: %d text lines\n", d.GoneText)
	}
	return dst
}

// appendHeader writes the observation line, the navigation and dialogs.
func appendHeader(dst []byte, s Step) []byte {
	id := s.Observation
	if len(id) > ShortID {
		id = id[:ShortID]
	}
	dst = fmt.Appendf(dst, "step %d · observation %s\n", s.Seq, id)
	if s.Navigated {
		dst = fmt.Appendf(dst, "navigated to %s", oneLine(sameOrigin(s.From, s.URL)))
		if s.Title != "" {
			dst = fmt.Appendf(dst, " %q", oneLine(s.Title))
		}
		dst = append(dst, '\n')
	}
	for _, dl := range s.Dialogs {
		dst = fmt.Appendf(dst, "dialog: %s\n", oneLine(dl))
	}
	if s.Chooser != "" {
		dst = fmt.Appendf(dst, "file chooser: open %s; answer it with browser_file_upload (paths; none cancels it)\n", oneLine(s.Chooser))
	}
	for _, w := range s.Warnings {
		dst = fmt.Appendf(dst, "warning: %s\n", oneLine(w))
	}
	return dst
}

// appendLines writes a titled, bounded list of tree lines.
func appendLines(dst []byte, title string, lines []string, max int) []byte {
	if len(lines) == 0 {
		return dst
	}
	if len(lines) == 1 {
		return fmt.Appendf(dst, "%s: %s\n", title, lines[0])
	}
	dst = fmt.Appendf(dst, "%s (%d):\n", title, len(lines))
	return appendBounded(dst, lines[:min(max, len(lines))], len(lines))
}

// appendBounded writes shown, indented, and says how many of total were
// left out.
func appendBounded(dst []byte, shown []string, total int) []byte {
	for _, l := range shown {
		dst = append(dst, "  "...)
		dst = append(dst, l...)
		dst = append(dst, '\n')
	}
	if total > len(shown) {
		dst = fmt.Appendf(dst, "  +%d more: browser_snapshot\n", total-len(shown))
	}
	return dst
}

// bridges reports whether one range of gone ids may run from a to b
// (a < b, both gone): no id between them is printed in the new tree, so
// the ids between were gone too or never printed.
func (d *Diff) bridges(a, b int) bool {
	if b == a+1 {
		return true
	}
	if !d.spans {
		return false
	}
	i, _ := slices.BinarySearch(d.live, a+1)
	return i == len(d.live) || d.live[i] >= b
}

// appendRanges writes ascending ids compactly: "3-7, 9, 12-13"; next says
// whether two ids may share a range.
func appendRanges(dst []byte, ids []int, next func(a, b int) bool) []byte {
	for i := 0; i < len(ids); {
		j := i
		for j+1 < len(ids) && next(ids[j], ids[j+1]) {
			j++
		}
		if i > 0 {
			dst = append(dst, ", "...)
		}
		dst = strconv.AppendInt(dst, int64(ids[i]), 10)
		if j > i {
			dst = append(dst, '-')
			dst = strconv.AppendInt(dst, int64(ids[j]), 10)
		}
		i = j + 1
	}
	return dst
}

// sameOrigin returns to as a path (with query and fragment) when it has
// from's origin, else whole.
func sameOrigin(from, to string) string {
	f, err1 := url.Parse(from)
	t, err2 := url.Parse(to)
	if err1 != nil || err2 != nil || f.Scheme == "" || f.Scheme != t.Scheme || f.Host != t.Host || t.Opaque != "" || t.User != nil {
		return to
	}
	rel := *t
	rel.Scheme, rel.Host = "", ""
	if s := rel.String(); strings.HasPrefix(s, "/") && !strings.HasPrefix(s, "//") {
		return s
	}
	return to
}

// oneLine keeps page-controlled strings (URLs, titles, dialog messages)
// on one line: control characters become spaces and the length is capped.
func oneLine(s string) string {
	s = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || r == 0x2028 || r == 0x2029 || r == 0x85 {
			return ' '
		}
		return r
	}, s)
	if r := []rune(s); len(r) > 300 {
		s = string(r[:299]) + "…"
	}
	return s
}
