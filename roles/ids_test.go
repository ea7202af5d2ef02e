package roles

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"

	"github.com/axtree/axtree/dom"
	"github.com/axtree/axtree/internal/shared"
)

// TestIDConstants checks the ID constants against the role table: each
// names the token of the entry at its position, every role Names gives
// has one, in Names' order, and NumIDs counts them and NoRole.
func TestIDConstants(t *testing.T) {
	want := map[ID]string{
		rButton:             "button",
		rCheckbox:           "checkbox",
		rGridcell:           "gridcell",
		rLink:               "link",
		rMenuitem:           "menuitem",
		rMenuitemcheckbox:   "menuitemcheckbox",
		rMenuitemradio:      "menuitemradio",
		rOption:             "option",
		rProgressbar:        "progressbar",
		rRadio:              "radio",
		rScrollbar:          "scrollbar",
		rSearchbox:          "searchbox",
		rSeparator:          "separator",
		rSlider:             "slider",
		rSpinbutton:         "spinbutton",
		rSwitch:             "switch",
		rTab:                "tab",
		rTabpanel:           "tabpanel",
		rTextbox:            "textbox",
		rTreeitem:           "treeitem",
		rCombobox:           "combobox",
		rGrid:               "grid",
		rListbox:            "listbox",
		rMenu:               "menu",
		rMenubar:            "menubar",
		rRadiogroup:         "radiogroup",
		rTablist:            "tablist",
		rTree:               "tree",
		rTreegrid:           "treegrid",
		rApplication:        "application",
		rArticle:            "article",
		rBlockquote:         "blockquote",
		rCaption:            "caption",
		rCell:               "cell",
		rCode:               "code",
		rColumnheader:       "columnheader",
		rComment:            "comment",
		rDefinition:         "definition",
		rDeletion:           "deletion",
		rDocument:           "document",
		rEmphasis:           "emphasis",
		rFeed:               "feed",
		rFigure:             "figure",
		rGeneric:            "generic",
		rGroup:              "group",
		rHeading:            "heading",
		rImg:                "img",
		rInsertion:          "insertion",
		rList:               "list",
		rListitem:           "listitem",
		rMark:               "mark",
		rMath:               "math",
		rMeter:              "meter",
		rNone:               "none",
		rNote:               "note",
		rParagraph:          "paragraph",
		rRow:                "row",
		rRowgroup:           "rowgroup",
		rRowheader:          "rowheader",
		rSectionfooter:      "sectionfooter",
		rSectionheader:      "sectionheader",
		rStrong:             "strong",
		rSubscript:          "subscript",
		rSuggestion:         "suggestion",
		rSuperscript:        "superscript",
		rTable:              "table",
		rTerm:               "term",
		rTime:               "time",
		rToolbar:            "toolbar",
		rTooltip:            "tooltip",
		rBanner:             "banner",
		rComplementary:      "complementary",
		rContentinfo:        "contentinfo",
		rForm:               "form",
		rMain:               "main",
		rNavigation:         "navigation",
		rRegion:             "region",
		rSearch:             "search",
		rAlert:              "alert",
		rLog:                "log",
		rMarquee:            "marquee",
		rStatus:             "status",
		rTimer:              "timer",
		rAlertdialog:        "alertdialog",
		rDialog:             "dialog",
		rGraphicsDocument:   "graphics-document",
		rGraphicsObject:     "graphics-object",
		rGraphicsSymbol:     "graphics-symbol",
		rDocAbstract:        "doc-abstract",
		rDocAcknowledgments: "doc-acknowledgments",
		rDocAfterword:       "doc-afterword",
		rDocAppendix:        "doc-appendix",
		rDocBacklink:        "doc-backlink",
		rDocBiblioentry:     "doc-biblioentry",
		rDocBibliography:    "doc-bibliography",
		rDocBiblioref:       "doc-biblioref",
		rDocChapter:         "doc-chapter",
		rDocColophon:        "doc-colophon",
		rDocConclusion:      "doc-conclusion",
		rDocCover:           "doc-cover",
		rDocCredit:          "doc-credit",
		rDocCredits:         "doc-credits",
		rDocDedication:      "doc-dedication",
		rDocEndnote:         "doc-endnote",
		rDocEndnotes:        "doc-endnotes",
		rDocEpigraph:        "doc-epigraph",
		rDocEpilogue:        "doc-epilogue",
		rDocErrata:          "doc-errata",
		rDocExample:         "doc-example",
		rDocFootnote:        "doc-footnote",
		rDocForeword:        "doc-foreword",
		rDocGlossary:        "doc-glossary",
		rDocGlossref:        "doc-glossref",
		rDocIndex:           "doc-index",
		rDocIntroduction:    "doc-introduction",
		rDocNoteref:         "doc-noteref",
		rDocNotice:          "doc-notice",
		rDocPagebreak:       "doc-pagebreak",
		rDocPagefooter:      "doc-pagefooter",
		rDocPageheader:      "doc-pageheader",
		rDocPagelist:        "doc-pagelist",
		rDocPart:            "doc-part",
		rDocPreface:         "doc-preface",
		rDocPrologue:        "doc-prologue",
		rDocPullquote:       "doc-pullquote",
		rDocQna:             "doc-qna",
		rDocSubtitle:        "doc-subtitle",
		rDocTip:             "doc-tip",
		rDocToc:             "doc-toc",
	}
	names := Names()
	require.Equal(t, len(names)+1, NumIDs)
	require.Len(t, want, len(names))
	for id, name := range want {
		assert.Equal(t, name, id.String(), "constant %d", id)
		assert.Equal(t, id, IDOf(name), name)
	}
	for i, name := range names {
		assert.Equal(t, name, ID(i+1).String())
	}
	assert.Equal(t, "", NoRole.String())
	for id := NumIDs; id < 256; id++ {
		assert.Equal(t, "", ID(id).String(), "no ID %d", id)
		assert.False(t, ID(id).Interactive(), "no ID %d", id)
	}
}

// TestIDOfSameAsNames checks IDOf, String and Interactive against the
// strings: every role name, synonym and abstract role, the strings one
// byte off each and strings that are no role get NoRole unless they are
// a token Names gives, which gets the ID whose String is the token and
// whose Interactive is IsInteractive's answer.
func TestIDOfSameAsNames(t *testing.T) {
	tokens := map[string]bool{}
	for _, name := range Names() {
		tokens[name] = true
	}
	ids := map[ID]string{}
	check := func(s string) {
		id := IDOf(s)
		if !tokens[s] {
			assert.Equal(t, NoRole, id, "%q is no role an element can have", s)
			return
		}
		if assert.NotEqual(t, NoRole, id, s) {
			assert.Equal(t, s, id.String())
			assert.Equal(t, IsInteractive(s), id.Interactive(), s)
			if other, dup := ids[id]; dup {
				assert.Equal(t, other, s, "two roles share ID %d", id)
			}
			ids[id] = s
		}
	}
	for name := range byName {
		for _, s := range []string{name, name + "x", name[1:], name[:len(name)-1], "X" + name, strings.ToUpper(name), name + name} {
			check(s)
		}
	}
	for _, s := range []string{"", "x", "Button", "link ", " link", "\xff", "tab\x00", "image", "presentation", "directory", "widget", "sectionhead", "none", "generic"} {
		check(s)
	}
	assert.Len(t, ids, len(tokens))
	assert.False(t, NoRole.Interactive())
}

// TestComputeIDSameAsStrings checks the ID-based computation against the
// string-based one it replaced (oldcompute_test.go): Compute,
// ComputeWith (with and without a Tables), ComputeID, Explicit and
// Implicit give the same roles on every element of the corpus pages and
// of a page made to reach every branch (every element name implicit
// maps, in sectioning content, lists, tables with and without roles,
// selects and SVG; every role token, synonym and abstract role, in upper
// case too, on elements with and without a name, focusable or not, in
// and out of their required context), and on elements built by hand.
func TestComputeIDSameAsStrings(t *testing.T) {
	pages := map[string][]byte{"branches": branchesPage()}
	var files []string
	if dir := filepath.Join(shared.Root(), "corpus", "pages"); shared.Required() || dirExists(dir) {
		m, _ := filepath.Glob(filepath.Join(shared.Path(t, "corpus", "pages"), "*.html"))
		files = append(files, m...)
	}
	m, err := filepath.Glob(filepath.Join("..", "corpus", "pages", "*.html"))
	require.NoError(t, err)
	require.NotEmpty(t, m)
	for _, f := range append(files, m...) {
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		pages[filepath.Base(f)] = src
	}
	for name, src := range pages {
		d, err := dom.ParseDoc(src)
		require.NoError(t, err, name)
		var tab Tables
		var old oldTables
		bad := 0
		for i, e := range d.Elements {
			want := oldComputeWith(d, e, nil)
			got := []string{Compute(d, e), ComputeWith(d, e, &tab), ComputeID(d, e).String(), ComputeIDWith(d, e, nil).String(), oldComputeWith(d, e, &old)}
			ok := assert.Equal(t, []string{want, want, want, want, want}, got, "%s: element %d <%s %v>", name, i, e.Data, e.Attr)
			ok = assert.Equal(t, oldImplicit(d, e, true, nil), Implicit(d, e), "%s: element %d <%s %v>", name, i, e.Data, e.Attr) && ok
			wantExp := ""
			if v, has := dom.Attr(e, "role"); has {
				wantExp, _ = oldExplicit(d, e, v)
			}
			ok = assert.Equal(t, wantExp, Explicit(d, e), "%s: element %d <%s %v>", name, i, e.Data, e.Attr) && ok
			ok = assert.Equal(t, oldImplicit(d, e, false, nil), implicit(d, e, false, nil).String(), "%s: element %d shallow", name, i) && ok
			if !ok {
				if bad++; bad > 10 {
					break
				}
			}
		}
	}
	// Elements built by hand (no DataAtom, no document).
	for _, tag := range implicitTags {
		for _, attrs := range [][]html.Attribute{nil, {{Key: "href", Val: "x"}}, {{Key: "role", Val: "button"}}, {{Key: "type", Val: "checkbox"}}} {
			e := &html.Node{Type: html.ElementNode, Data: tag, Attr: attrs}
			p := &html.Node{Type: html.ElementNode, Data: "ul"}
			p.AppendChild(e)
			assert.Equal(t, oldComputeWith(nil, e, nil), Compute(nil, e), "<%s %v>", tag, attrs)
		}
	}
}

// implicitTags are the element names implicit maps (and some it does not).
var implicitTags = strings.Fields(`a area address details fieldset hgroup optgroup article aside b strong
	blockquote body bdi bdo data div i pre q samp small span u cite slot button caption code datalist dd
	del s dfn dt dialog em figure footer header form h1 h2 h3 h4 h5 h6 hr img input ins li main mark math
	menu ol ul meter nav option output p progress search section select sub summary sup table tbody thead
	tfoot td th tr textarea time abbr audio base br canvas col colgroup embed figcaption head html iframe
	kbd label legend link map meta noscript object param picture rp rt ruby script source style template
	title track var video wbr frame frameset noframes my-element acronym center font marquee`)

// branchesPage is a page whose elements reach every branch of the role
// computation (TestComputeIDSameAsStrings).
func branchesPage() []byte {
	var b strings.Builder
	b.WriteString("<!doctype html><html><body>")
	wrappers := []string{"%s", "<section aria-label=s>%s</section>", "<article>%s</article>", "<main>%s</main>",
		"<nav>%s</nav>", "<aside>%s</aside>", "<div role=region aria-label=r>%s</div>", "<div role=main>%s</div>",
		"<ul>%s</ul>", "<ol role=presentation>%s</ol>", "<ul role=tablist>%s</ul>", "<div role=list>%s</div>",
		"<div role=listbox>%s</div>", "<div role=tree>%s</div>", "<div role=group>%s</div>", "<div role=combobox>%s</div>",
		"<menu role=none>%s</menu>", "<ul role=navigation>%s</ul>", "<select>%s</select>", "<datalist>%s</datalist>",
		"<select><optgroup>%s</optgroup></select>", "<table><tr>%s</tr></table>", "<table role=grid><tr>%s</tr></table>",
		"<table role=treegrid><tbody><tr>%s</tr></tbody></table>", "<table role=presentation><tr>%s</tr></table>",
		"<table role=none tabindex=0><tr>%s</tr></table>", "<details><summary>s</summary>%s</details>", "<svg>%s</svg>"}
	inner := []string{`<header>h</header>`, `<footer>f</footer>`, `<aside>a</aside>`, `<aside aria-label=x>a</aside>`,
		`<section>s</section>`, `<section title=t>s</section>`, `<section aria-labelledby=lbl>s</section>`,
		`<section aria-labelledby=nothing>s</section>`, `<li>i</li>`, `<li role=listitem>i</li>`, `<div role=listitem>i</div>`,
		`<option>o</option>`, `<div role=option>o</div>`, `<div role=treeitem>t</div>`, `<td>c</td>`, `<th>h</th>`,
		`<th scope=row>h</th>`, `<th scope=COLGROUP>h</th>`, `<tr><td>c</td></tr>`, `<thead><tr><th>h</th></tr></thead>`,
		`<td role=gridcell>c</td>`, `<div role=row>r</div>`, `<img alt="">`, `<img alt="" tabindex=0>`,
		`<img alt="" aria-describedby=d>`, `<img alt=x>`, `<img>`, `<a>a</a>`, `<a href=x>a</a>`, `<summary>s</summary>`,
		`<select multiple></select>`, `<select size=" 3"></select>`, `<select size=1></select>`, `<div autofocus>d</div>`,
		`<span draggable=true>d</span>`, `<span draggable=FALSE>d</span>`, `<div popover>p</div>`,
		`<div role=none autofocus>n</div>`, `<div role=none aria-label=x>n</div>`, `<button role=none>b</button>`,
		`<g>g</g>`, `<g aria-label=x>g</g>`, `<circle><title>t</title></circle>`, `<rect></rect>`, `<a href=x>l</a>`,
		`<image></image>`, `<feBlend></feBlend>`, `<foo></foo>`, `<svg>s</svg>`, `<math><mi>x</mi></math>`}
	for _, tag := range implicitTags {
		switch tag {
		case "html", "head", "body", "frameset", "frame", "noframes", "template", "script", "style", "title", "noscript":
			continue
		}
		inner = append(inner, fmt.Sprintf("<%s>x</%s>", tag, tag))
	}
	for _, typ := range []string{"", "button", "SUBMIT", "reset", "image", "checkbox", "radio", "range", "number", "hidden",
		"search", "file", "color", "password", "date", "datetime-local", "month", "week", "time", "text", "email", "bogus", " Tel ",
		"  DateTime-Local ", "\tRadio\n", "checkbox-and-more!", "sixteen-letters!", "datetime-localxyz", "chéckbox", "\fhidden", "Hidden\r"} {
		inner = append(inner, fmt.Sprintf(`<input type="%s">`, typ), fmt.Sprintf(`<input type="%s" list=dl>`, typ),
			fmt.Sprintf(`<input type="%s" list=nodl>`, typ), fmt.Sprintf(`<input type="%s" switch>`, typ))
	}
	tokens := append(Names(), "image", "presentation", "directory", "widget", "landmark", "bogus", "BUTTON", "Region", "foo link", "none button", "presentation heading")
	for _, tok := range tokens {
		for _, attrs := range []string{"", " aria-label=n", " tabindex=0", " aria-live=polite", " title=\" \""} {
			inner = append(inner, fmt.Sprintf(`<div role="%s"%s>x</div>`, tok, attrs), fmt.Sprintf(`<li role="%s"%s>x</li>`, tok, attrs))
		}
	}
	body := strings.Join(inner, "\n")
	for _, w := range wrappers {
		b.WriteString(fmt.Sprintf(w, body))
	}
	b.WriteString(`<span id=lbl>label</span><span id=d>desc</span><datalist id=dl></datalist><div id=nodl></div></body></html>`)
	return []byte(b.String())
}
