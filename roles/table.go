package roles

// The role table. It is built once at package init and never written after,
// so it is safe for concurrent reads.

const (
	fa  = FromAuthor
	fac = FromAuthor | FromContents
	fp  = FromProhibited
)

// roleFlags are the per-role properties beyond Info that Compute needs.
type roleFlags uint8

const (
	needsName    roleFlags = 1 << iota // only valid with an accessible name (region, form)
	needsContext                       // only valid inside its required context role
)

type roleEntry struct {
	info  Info
	flags roleFlags
	id    ID // NoRole for abstract roles (set at init: idEntries)
}

// roleList is the WAI-ARIA 1.2 role taxonomy (plus the ARIA 1.3 roles
// browsers already ship: mark, sectionheader, sectionfooter, suggestion,
// comment; the DPUB-ARIA doc-* roles and the Graphics-ARIA roles). Synonyms
// (image, presentation, directory) are aliases in byName.
var roleList = []roleEntry{
	// Abstract roles (WAI-ARIA 1.2 §5.3.2). Never a computed role.
	{info: Info{Name: "command", Abstract: true}},
	{info: Info{Name: "composite", Abstract: true}},
	{info: Info{Name: "input", Abstract: true}},
	{info: Info{Name: "landmark", Abstract: true}},
	{info: Info{Name: "range", Abstract: true}},
	{info: Info{Name: "roletype", Abstract: true}},
	{info: Info{Name: "section", Abstract: true}},
	{info: Info{Name: "sectionhead", Abstract: true}},
	{info: Info{Name: "select", Abstract: true}},
	{info: Info{Name: "structure", Abstract: true}},
	{info: Info{Name: "widget", Abstract: true}},
	{info: Info{Name: "window", Abstract: true}},

	// Widget roles.
	{info: Info{Name: "button", NameFrom: fac, Interactive: true}},
	{info: Info{Name: "checkbox", NameFrom: fac, Interactive: true}},
	{info: Info{Name: "gridcell", NameFrom: fac, Interactive: true}},
	{info: Info{Name: "link", NameFrom: fac, Interactive: true}},
	{info: Info{Name: "menuitem", NameFrom: fac, Interactive: true}},
	{info: Info{Name: "menuitemcheckbox", NameFrom: fac, Interactive: true}},
	{info: Info{Name: "menuitemradio", NameFrom: fac, Interactive: true}},
	{info: Info{Name: "option", NameFrom: fac, Interactive: true}, flags: needsContext},
	{info: Info{Name: "progressbar", NameFrom: fa}},
	{info: Info{Name: "radio", NameFrom: fac, Interactive: true}},
	{info: Info{Name: "scrollbar", NameFrom: fa, Interactive: true}},
	{info: Info{Name: "searchbox", NameFrom: fa, Interactive: true}},
	{info: Info{Name: "separator", NameFrom: fa}},
	{info: Info{Name: "slider", NameFrom: fa, Interactive: true}},
	{info: Info{Name: "spinbutton", NameFrom: fa, Interactive: true}},
	{info: Info{Name: "switch", NameFrom: fac, Interactive: true}},
	{info: Info{Name: "tab", NameFrom: fac, Interactive: true}},
	{info: Info{Name: "tabpanel", NameFrom: fa}},
	{info: Info{Name: "textbox", NameFrom: fa, Interactive: true}},
	{info: Info{Name: "treeitem", NameFrom: fac, Interactive: true}, flags: needsContext},

	// Composite widget roles.
	{info: Info{Name: "combobox", NameFrom: fa, Interactive: true}},
	{info: Info{Name: "grid", NameFrom: fa, Interactive: true}},
	{info: Info{Name: "listbox", NameFrom: fa, Interactive: true}},
	{info: Info{Name: "menu", NameFrom: fa, Interactive: true}},
	{info: Info{Name: "menubar", NameFrom: fa, Interactive: true}},
	{info: Info{Name: "radiogroup", NameFrom: fa, Interactive: true}},
	{info: Info{Name: "tablist", NameFrom: fa, Interactive: true}},
	{info: Info{Name: "tree", NameFrom: fa, Interactive: true}},
	{info: Info{Name: "treegrid", NameFrom: fa, Interactive: true}},

	// Document structure roles.
	{info: Info{Name: "application", NameFrom: fa}},
	{info: Info{Name: "article", NameFrom: fa}},
	{info: Info{Name: "blockquote", NameFrom: fa}},
	{info: Info{Name: "caption", NameFrom: fp}},
	{info: Info{Name: "cell", NameFrom: fac}},
	{info: Info{Name: "code", NameFrom: fp}},
	{info: Info{Name: "columnheader", NameFrom: fac}},
	{info: Info{Name: "comment", NameFrom: fac}},
	{info: Info{Name: "definition", NameFrom: fa}},
	{info: Info{Name: "deletion", NameFrom: fp}},
	{info: Info{Name: "document", NameFrom: fa}},
	{info: Info{Name: "emphasis", NameFrom: fp}},
	{info: Info{Name: "feed", NameFrom: fa}},
	{info: Info{Name: "figure", NameFrom: fa}},
	{info: Info{Name: "generic", NameFrom: fp}},
	{info: Info{Name: "group", NameFrom: fa}},
	{info: Info{Name: "heading", NameFrom: fac}},
	{info: Info{Name: "img", NameFrom: fa}},
	{info: Info{Name: "insertion", NameFrom: fp}},
	{info: Info{Name: "list", NameFrom: fa}},
	{info: Info{Name: "listitem", NameFrom: fa}, flags: needsContext},
	{info: Info{Name: "mark", NameFrom: fp}},
	{info: Info{Name: "math", NameFrom: fa}},
	{info: Info{Name: "meter", NameFrom: fa}},
	{info: Info{Name: "none", NameFrom: fp}},
	{info: Info{Name: "note", NameFrom: fa}},
	{info: Info{Name: "paragraph", NameFrom: fp}},
	{info: Info{Name: "row", NameFrom: fac}},
	{info: Info{Name: "rowgroup", NameFrom: fa}},
	{info: Info{Name: "rowheader", NameFrom: fac}},
	{info: Info{Name: "sectionfooter", NameFrom: fa}},
	{info: Info{Name: "sectionheader", NameFrom: fa}},
	{info: Info{Name: "strong", NameFrom: fp}},
	{info: Info{Name: "subscript", NameFrom: fp}},
	{info: Info{Name: "suggestion", NameFrom: fp}},
	{info: Info{Name: "superscript", NameFrom: fp}},
	{info: Info{Name: "table", NameFrom: fa}},
	{info: Info{Name: "term", NameFrom: fa}},
	{info: Info{Name: "time", NameFrom: fa}},
	{info: Info{Name: "toolbar", NameFrom: fa}},
	{info: Info{Name: "tooltip", NameFrom: fac}},

	// Landmark roles.
	{info: Info{Name: "banner", NameFrom: fa, Landmark: true}},
	{info: Info{Name: "complementary", NameFrom: fa, Landmark: true}},
	{info: Info{Name: "contentinfo", NameFrom: fa, Landmark: true}},
	{info: Info{Name: "form", NameFrom: fa, Landmark: true}, flags: needsName},
	{info: Info{Name: "main", NameFrom: fa, Landmark: true}},
	{info: Info{Name: "navigation", NameFrom: fa, Landmark: true}},
	{info: Info{Name: "region", NameFrom: fa, Landmark: true}, flags: needsName},
	{info: Info{Name: "search", NameFrom: fa, Landmark: true}},

	// Live region and window roles.
	{info: Info{Name: "alert", NameFrom: fa}},
	{info: Info{Name: "log", NameFrom: fa}},
	{info: Info{Name: "marquee", NameFrom: fa}},
	{info: Info{Name: "status", NameFrom: fa}},
	{info: Info{Name: "timer", NameFrom: fa}},
	{info: Info{Name: "alertdialog", NameFrom: fa}},
	{info: Info{Name: "dialog", NameFrom: fa}},

	// Graphics-ARIA.
	{info: Info{Name: "graphics-document", NameFrom: fa}},
	{info: Info{Name: "graphics-object", NameFrom: fac}},
	{info: Info{Name: "graphics-symbol", NameFrom: fa}},

	// DPUB-ARIA 1.1.
	{info: Info{Name: "doc-abstract", NameFrom: fa}},
	{info: Info{Name: "doc-acknowledgments", NameFrom: fa, Landmark: true}},
	{info: Info{Name: "doc-afterword", NameFrom: fa, Landmark: true}},
	{info: Info{Name: "doc-appendix", NameFrom: fa, Landmark: true}},
	{info: Info{Name: "doc-backlink", NameFrom: fac, Interactive: true}},
	{info: Info{Name: "doc-biblioentry", NameFrom: fa}},
	{info: Info{Name: "doc-bibliography", NameFrom: fa, Landmark: true}},
	{info: Info{Name: "doc-biblioref", NameFrom: fac, Interactive: true}},
	{info: Info{Name: "doc-chapter", NameFrom: fa, Landmark: true}},
	{info: Info{Name: "doc-colophon", NameFrom: fa}},
	{info: Info{Name: "doc-conclusion", NameFrom: fa, Landmark: true}},
	{info: Info{Name: "doc-cover", NameFrom: fa}},
	{info: Info{Name: "doc-credit", NameFrom: fa}},
	{info: Info{Name: "doc-credits", NameFrom: fa, Landmark: true}},
	{info: Info{Name: "doc-dedication", NameFrom: fa}},
	{info: Info{Name: "doc-endnote", NameFrom: fa}},
	{info: Info{Name: "doc-endnotes", NameFrom: fa, Landmark: true}},
	{info: Info{Name: "doc-epigraph", NameFrom: fa}},
	{info: Info{Name: "doc-epilogue", NameFrom: fa, Landmark: true}},
	{info: Info{Name: "doc-errata", NameFrom: fa, Landmark: true}},
	{info: Info{Name: "doc-example", NameFrom: fa}},
	{info: Info{Name: "doc-footnote", NameFrom: fa}},
	{info: Info{Name: "doc-foreword", NameFrom: fa, Landmark: true}},
	{info: Info{Name: "doc-glossary", NameFrom: fa, Landmark: true}},
	{info: Info{Name: "doc-glossref", NameFrom: fac, Interactive: true}},
	{info: Info{Name: "doc-index", NameFrom: fa, Landmark: true}},
	{info: Info{Name: "doc-introduction", NameFrom: fa, Landmark: true}},
	{info: Info{Name: "doc-noteref", NameFrom: fac, Interactive: true}},
	{info: Info{Name: "doc-notice", NameFrom: fa}},
	{info: Info{Name: "doc-pagebreak", NameFrom: fa}},
	{info: Info{Name: "doc-pagefooter", NameFrom: fp}},
	{info: Info{Name: "doc-pageheader", NameFrom: fp}},
	{info: Info{Name: "doc-pagelist", NameFrom: fa, Landmark: true}},
	{info: Info{Name: "doc-part", NameFrom: fa, Landmark: true}},
	{info: Info{Name: "doc-preface", NameFrom: fa, Landmark: true}},
	{info: Info{Name: "doc-prologue", NameFrom: fa, Landmark: true}},
	{info: Info{Name: "doc-pullquote", NameFrom: fa}},
	{info: Info{Name: "doc-qna", NameFrom: fa}},
	{info: Info{Name: "doc-subtitle", NameFrom: fa}},
	{info: Info{Name: "doc-tip", NameFrom: fa}},
	{info: Info{Name: "doc-toc", NameFrom: fa, Landmark: true}},
}

// byName indexes roleList. Read-only after init.
var byName = func() map[string]*roleEntry {
	m := make(map[string]*roleEntry, len(roleList))
	for i := range roleList {
		m[roleList[i].info.Name] = &roleList[i]
	}
	// Synonyms map to the entry of the token Compute returns: image → img
	// (ARIA 1.3 prefers image; axtree prints ARIA 1.2's img), presentation →
	// none, directory → list (deprecated in ARIA 1.2).
	for syn, canon := range map[string]string{"image": "img", "presentation": "none", "directory": "list"} {
		m[syn] = m[canon]
	}
	return m
}()

// implied is the role → implied action table. Each value is a full slice
// (len == cap) so that a caller's append cannot write into the table.
var implied = func() map[string][]Action {
	click := []Action{Click}
	typ := []Action{Type}
	toggle := []Action{Toggle}
	sel := []Action{ClickSelect}
	adjust := []Action{Adjust}
	return map[string][]Action{
		"button":           click[:1:1],
		"link":             click[:1:1],
		"tab":              click[:1:1],
		"menuitem":         click[:1:1],
		"menuitemcheckbox": click[:1:1],
		"menuitemradio":    click[:1:1],
		"option":           click[:1:1],
		"treeitem":         click[:1:1],
		"textbox":          typ[:1:1],
		"searchbox":        typ[:1:1],
		"checkbox":         toggle[:1:1],
		"radio":            toggle[:1:1],
		"switch":           toggle[:1:1],
		"combobox":         sel[:1:1],
		"slider":           adjust[:1:1],
		"spinbutton":       adjust[:1:1],
	}
}()

// roleSlots is byName as an open-addressing table with a hash that reads
// three bytes of a name: role lookups sit on every element's path (names
// from content, the builder, each printed line), and the runtime map hashes
// the whole string and probes its groups on each. Read-only after init.
var roleSlots = func() (t slotTable) {
	for i := range roleList { // in a fixed order: the same layout every run
		t.put(roleList[i].info.Name, &roleList[i])
	}
	for _, syn := range []string{"directory", "image", "presentation"} {
		t.put(syn, byName[syn])
	}
	return t
}()

// slotTable holds byName's names in a power-of-two table under half full,
// so that a probe for a name that is not a role ends at an empty slot soon.
type slotTable struct {
	names [512]string
	ents  [512]*roleEntry
}

func slotOf(s string) int {
	n := len(s)
	return int((uint(n)*0x9E37 ^ uint(s[0])*31 ^ uint(s[n-1])*131 ^ uint(s[n/2])*7) & 511)
}

func (t *slotTable) put(s string, e *roleEntry) {
	i := slotOf(s)
	for t.ents[i] != nil {
		i = (i + 1) & 511
	}
	t.names[i], t.ents[i] = s, e
}

// find returns byName[s].
func (t *slotTable) find(s string) *roleEntry {
	if s == "" {
		return nil
	}
	for i := slotOf(s); t.ents[i] != nil; i = (i + 1) & 511 {
		if t.names[i] == s {
			return t.ents[i]
		}
	}
	return nil
}

// interactiveSlots holds the names of the interactive roles (IsInteractive),
// each at its own slot (interactiveSlot): a name is interactive exactly
// when the one slot it hashes to holds it. Made once at init (a multiplier
// that puts no two interactive names at one slot, found by trying odd
// multipliers in a fixed order) and only read.
var interactiveSlots = func() (t struct {
	names [256]string
	mul   uint32
}) {
	var names []string
	for i := range roleList {
		if roleList[i].info.Interactive {
			names = append(names, roleList[i].info.Name)
		}
	}
	for _, syn := range []string{"directory", "image", "presentation"} {
		if byName[syn].info.Interactive {
			names = append(names, syn)
		}
	}
	for t.mul = 0x9E3779B1; ; t.mul += 2 {
		t.names = [256]string{}
		ok := true
		for _, s := range names {
			i := interactiveSlotWith(s, len(s), t.mul)
			if t.names[i] != "" {
				ok = false
				break
			}
			t.names[i] = s
		}
		if ok {
			return t
		}
	}
}()

// interactiveSlot is the slot of interactiveSlots for s, whose length n is
// not 0: a hash of n and three of s's bytes.
func interactiveSlot(s string, n int) uint8 {
	return interactiveSlotWith(s, n, interactiveSlots.mul)
}

func interactiveSlotWith(s string, n int, mul uint32) uint8 {
	x := uint32(n)<<24 | uint32(s[0])<<16 | uint32(s[n/2])<<8 | uint32(s[n-1])
	return uint8((x * mul) >> 24)
}
