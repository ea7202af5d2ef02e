package style

// The per-element memo is packed: keyword values are small ids into the
// Sheet's keyword table instead of strings, flags are bits, and the rare
// ::before / ::after boxes live in a side table. An entry is 20 bytes
// where a Computed is about 150 (the ancestor filters, ancestors.go, are
// kept by depth, not in the memo), and holds no pointer for the garbage
// collector to scan. Computed values are unpacked on demand.

// kwID identifies a keyword string in a Sheet's table: ids below
// len(staticKeywords) are the values CSS and the UA defaults can produce;
// later ones are other strings met in live facts (a capture's computed
// style), added as they come.
type kwID uint32

// staticKeywords are the keyword values known in advance, id = position.
// Id 0 is "" (no value).
var staticKeywords = [...]string{
	"", "inline", "block", "none", "contents", "visible", "hidden", "collapse", "auto",
	"inline-block", "list-item", "table", "table-caption", "table-column-group",
	"table-column", "table-header-group", "table-row-group", "table-footer-group",
	"table-row", "table-cell", "ruby", "ruby-text", "flex", "inline-flex", "grid",
	"inline-grid", "inline-table", "flow-root", "run-in", "ruby-base",
	"ruby-base-container", "ruby-text-container", "math", "block-math", "inline-math",
	"block ruby", "inline-run-in", "-webkit-box", "-webkit-inline-box", "-ms-flexbox",
	"-ms-inline-flexbox", "-moz-box", "-moz-inline-box", "-webkit-flex",
	"-webkit-inline-flex", "-ms-grid", "-ms-inline-grid", "flow",
}

// staticKeywordIDs maps each static keyword to its id (read-only after
// package initialization).
var staticKeywordIDs = func() map[string]kwID {
	m := make(map[string]kwID, len(staticKeywords))
	for i, k := range staticKeywords {
		m[k] = kwID(i)
	}
	return m
}()

// Ids of the keywords the code names (their positions in staticKeywords).
const (
	kwInline   kwID = 1
	kwBlock    kwID = 2
	kwDispNone kwID = 3
	kwVisible  kwID = 5
	kwHidden   kwID = 6
	kwListItem kwID = 10
)

// keywords is a Sheet's keyword table.
type keywords struct {
	extra []string        // strings with ids len(staticKeywords)...
	ids   map[string]kwID // their ids
}

// id returns the id of s, adding it to the table when it is new.
func (k *keywords) id(s string) kwID {
	switch s { // the common values, without a map lookup
	case "":
		return 0
	case "inline":
		return kwInline
	case "block":
		return kwBlock
	case "none":
		return kwDispNone
	case "visible":
		return kwVisible
	}
	if id, ok := staticKeywordIDs[s]; ok {
		return id
	}
	if id, ok := k.ids[s]; ok {
		return id
	}
	if k.ids == nil {
		k.ids = map[string]kwID{}
	}
	id := kwID(len(staticKeywords) + len(k.extra))
	k.extra = append(k.extra, s)
	k.ids[s] = id
	return id
}

// str returns the keyword with id i.
func (k *keywords) str(i kwID) string {
	if int(i) < len(staticKeywords) {
		return staticKeywords[i]
	}
	return k.extra[int(i)-len(staticKeywords)]
}

// entryFlags are an entry's booleans.
type entryFlags uint16

const (
	fDone      entryFlags = 1 << iota // computed
	fGone                             // no box: display none here or above, or outside the flat tree
	fKidsGone                         // descendants have no box (gone, or content-visibility hidden)
	fCursor                           // cursor: pointer
	fHasBefore                        // a ::before box with content exists
	fHasAfter                         // a ::after box with content exists
	fZeroSize                         // live facts: zero-area box
	fInert                            // inert
	fKidsCheck                        // an HTML details or noscript element: a child may be left out (outsideFlat, rawNoscript)
)

// entry is the memoized state of one element (20 bytes). What only some
// elements need lives beside the memo: the ::before / ::after boxes'
// texts and displays in Sheet.pseudos; the ancestor filters are kept by
// depth, not by element (ancestors.go).
type entry struct {
	display, visibility, contentVis kwID
	pseudo                          int32 // 1 + index into Sheet.pseudos; 0 when both texts are "" and neither box has a display
	flags                           entryFlags
	depth                           uint16 // element ancestors, at most maxDepth, while the ancestor filters are on
}

func (e *entry) has(f entryFlags) bool { return e.flags&f != 0 }

func (e *entry) set(f entryFlags, on bool) {
	if on {
		e.flags |= f
	} else {
		e.flags &^= f
	}
}

// pseudoText is the ::before and ::after text of one element, and the
// displays of those boxes (0: no box).
type pseudoText struct {
	before, after               string
	beforeDisplay, afterDisplay kwID
}

// unpack returns the Computed stored in e.
func (s *Sheet) unpack(e *entry) Computed {
	c := Computed{
		Display:           s.kws.str(e.display),
		Visibility:        s.kws.str(e.visibility),
		ContentVisibility: s.kws.str(e.contentVis),
		CursorPointer:     e.has(fCursor),
		HasBefore:         e.has(fHasBefore),
		HasAfter:          e.has(fHasAfter),
		ZeroSize:          e.has(fZeroSize),
		Inert:             e.has(fInert),
	}
	if e.pseudo > 0 {
		p := &s.pseudos[e.pseudo-1]
		c.Before, c.After = p.before, p.after
		c.BeforeDisplay, c.AfterDisplay = s.kws.str(p.beforeDisplay), s.kws.str(p.afterDisplay)
	}
	return c
}
