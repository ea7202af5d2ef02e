package accname

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"

	"github.com/axtree/axtree/dom"
)

// digestCases are pages made for the digest of answers (answerDigest):
// nested blocks, inline blocks and flex items around text (the spaces a
// name from content sets around a block), table rows named from their
// cells, and the limits of a computation.
var digestCases = map[string]string{
	"blocks": `<a href=/a><div><div>two deep</div></div></a><button><p>one</p><p>two</p> <span>three</span></button>
		<h2><div> padded </div><span style="display:inline-block">ib</span>x<span style="display:inline-block"></span>y</h2>
		<td><div></div><div> </div></td><a href=/b><div><span><div>in</div></span></div>tail</a>
		<label for=i><div>block label</div><div><div>deeper</div></div></label><input id=i>`,
	"flex": `<style>.f{display:flex}.g{display:grid}.c{display:contents}</style>
		<a href=/f class=f><span>a</span><span>b</span></a><a href=/g class=g><i>c</i>d<i>e</i></a>
		<a href=/c><span class=c><span>x</span></span><div class=f><span class=c><b>y</b><b>z</b></span></div></a>`,
	"rows": `<style>.ib{display:inline-block}.p::before{content:"P"}</style><table><tr><th>H1</th><th> H2 </th></tr>
		<tr><td>a</td> <td><a href=/x>link</a></td><td><div>block</div></td></tr>
		<tr><td><span class=ib>ib</span> <button>b</button></td><td></td><td> </td></tr>
		<tr aria-label=own><td>x</td></tr><tr><td class=p>pseudo</td><td>y</td></tr>
		<tr><td hidden>gone</td><td style="visibility:hidden">vh</td><td>z</td></tr></table>
		<div role=grid><div role=row><div role=gridcell>g1</div><div role=gridcell><div>g2</div></div></div></div>`,
	"limits": `<a href=/l>` + strings.Repeat(`<div>block</div>`, 120) + `</a><h1>` + strings.Repeat("<div>", 60) +
		strings.Repeat("word ", 14000) + strings.Repeat("</div>", 60) + `</h1><table><tr>` +
		strings.Repeat(`<td><div>`+strings.Repeat("cell text ", 700)+`</div></td>`, 12) + `</tr></table>`,
}

// answerDigest computes every answer of a Computer about every element of
// d, with the elements asked top down (as a tree builder asks, with table
// rows named from their cells through BeginRow and RowName), and with a
// second Computer bottom up, and returns a digest of the answers and of
// the work counted (Steps).
func answerDigest(d *dom.Doc) string {
	h := sha256.New()
	down := New(d, nil)
	var rowMarks []int
	var rows []int
	for i, e := range d.Elements {
		// close the rows this element is not inside
		for len(rows) > 0 && !inside(e, d.Elements[rows[len(rows)-1]]) {
			r := rows[len(rows)-1]
			fmt.Fprintf(h, "row %d %q\n", r, down.RowName(d.Elements[r], rowMarks[len(rowMarks)-1]))
			rows, rowMarks = rows[:len(rows)-1], rowMarks[:len(rowMarks)-1]
		}
		fmt.Fprintf(h, "%d %t %t %q", i, down.Hidden(e), down.AriaHidden(e), down.Role(e))
		if down.Role(e) == "row" && (e.Data == "tr" || e.Data == "div") {
			rows, rowMarks = append(rows, i), append(rowMarks, down.BeginRow())
			fmt.Fprintln(h)
			continue
		}
		fmt.Fprintf(h, " %q %q %d\n", down.Name(e), down.Description(e), down.Index(e))
	}
	for len(rows) > 0 {
		r := rows[len(rows)-1]
		fmt.Fprintf(h, "row %d %q\n", r, down.RowName(d.Elements[r], rowMarks[len(rowMarks)-1]))
		rows, rowMarks = rows[:len(rows)-1], rowMarks[:len(rowMarks)-1]
	}
	fmt.Fprintf(h, "steps %d\n", down.Steps())
	up := New(d, nil)
	for i := len(d.Elements) - 1; i >= 0; i-- {
		e := d.Elements[i]
		fmt.Fprintf(h, "%d %q %q %q %t\n", i, up.Name(e), up.Role(e), up.Description(e), up.Hidden(e))
	}
	fmt.Fprintf(h, "steps %d\n", up.Steps())
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// recordedDigests are answerDigest's results, recorded with the code
// before this round's changes to the walk (names9): the names, roles,
// descriptions, hidden-ness and work of every element of every page must
// stay the same. AXTREE_PRINT_DIGESTS=1 prints them.
var recordedDigests = map[string]string{
	"blocks":                                 "103f884579eea8d4",
	"flex":                                   "53760f5af4bf34b4",
	"limits":                                 "fff2c3ddbe8ec636",
	"rows":                                   "1971276b64e3e29b",
	"controls inside":                        "5c97329a8baa01df",
	"deep":                                   "de2eaf112bdaa889",
	"hidden inside":                          "40d6875a2e1d4c40",
	"inline block":                           "2c103c62ae03f2f3",
	"labelled button":                        "f2fa86d3fdfddeae",
	"legend":                                 "372b6cbf865239dc",
	"long text":                              "263dfd9c32a77ed1",
	"many objects":                           "0ac8f5e4c5805ec6",
	"marker":                                 "d99cbb30c73ecb1b",
	"nested named":                           "4bab1801ad834062",
	"owns":                                   "0e96ca3258843fdf",
	"plain":                                  "874a389f06541f27",
	"presentational":                         "d9600cc467a4fde2",
	"pseudo at the edge":                     "d6ada29c06b8518e",
	"quotes":                                 "58e57cd9dd4cb561",
	"references":                             "29db637f4a1bf23d",
	"shadow":                                 "4568fae1f4796286",
	"title and blank":                        "2d18f18422289c24",
	"transform":                              "3a3d0efa069a9f1c",
	"wrapped button":                         "b9f81588f6f73ab3",
	"amazon-de-search":                       "d00786331e3b2b61",
	"apg-checkbox-mixed":                     "d7a5cad0e0750b45",
	"apg-combobox-autocomplete-list":         "83362bd288cb53df",
	"apg-data-grids":                         "65d1e052f3f498b0",
	"apg-dialog":                             "8c1cb15986f9c25c",
	"apg-listbox-grouped":                    "e2f0074b28479a0c",
	"apg-menubar-navigation":                 "69948020dd63f995",
	"apg-slider-temperature":                 "f714a13702a50e67",
	"apg-tabs-automatic":                     "73929bc22ce890fa",
	"breitbart-article":                      "9db4be37f23a9f9f",
	"ebay-de-search":                         "5159956f24ef0d72",
	"form-157_bug_971402_opentable_checkout": "af09ac288c677185",
	"form-169_dominos_de":                    "e650d2daf21c70ad",
	"form-175_id_address_alfacart.com":       "e2486fb44f950a96",
	"form-176_id_payment_shopee.co.id":       "5e6dfe5c4052b0af",
	"guardian-article":                       "fe3b4576d516fd07",
	"nytimes-article":                        "487fbefe6e823550",
	"wikipedia-microsoft":                    "a51ddb22afd6e248",
	"wikipedia-new-zealand":                  "4eb89128c25401d3",
	"budget-sheet":                           "586230a077821661",
	"docs-reference":                         "0b36de075fc09a78",
	"issue-tracker":                          "21150630c2f7972e",
	"job-form":                               "14895bbdf71d8691",
	"orders-grid":                            "b5fd925bab5214ac",
	"product-grid":                           "8e94a7cd3356c1d8",
	"river-article":                          "24afdbed2c61d29a",
	"shadow-and-frames":                      "327cefcdf76fc81e",
	"wrappers":                               "a9c78b4af639deaa",
}

// TestAnswersSameAsRecorded checks every answer about every element of the
// corpus pages, the digest pages and the name-reuse pages against the
// digests recorded from the code this round replaced.
func TestAnswersSameAsRecorded(t *testing.T) {
	var pages []corpusPage
	for _, m := range []map[string]string{digestCases, noteCases} {
		for _, name := range slices.Sorted(maps.Keys(m)) {
			pages = append(pages, corpusPage{name, []byte(m[name])})
		}
	}
	pages = append(pages, corpusPages(t)...)
	print := os.Getenv("AXTREE_PRINT_DIGESTS") != ""
	for _, p := range pages {
		d, err := dom.ParseDoc(p.src)
		require.NoError(t, err, p.name)
		got := answerDigest(d)
		if print {
			fmt.Printf("\t%q: %q,\n", p.name, got)
			continue
		}
		want, ok := recordedDigests[p.name]
		if assert.True(t, ok, "%s: no recorded digest", p.name) {
			assert.Equal(t, want, got, "%s: the answers changed", p.name)
		}
	}
}

// inside reports whether a is an ancestor of e in the DOM.
func inside(e, a *html.Node) bool {
	for p := e.Parent; p != nil; p = p.Parent {
		if p == a {
			return true
		}
	}
	return false
}

// TestContentSameAsFull checks content, whose common element skips the
// pseudo-elements, quotes, markers, text-transform and flat-tree children,
// against contentFull, which looks at them all: for every element of the
// corpus pages and the made pages, in every mode, with and without its own
// text suppressed, the same raw text and the same counts of the walk.
func TestContentSameAsFull(t *testing.T) {
	var pages []corpusPage
	for _, m := range []map[string]string{digestCases, noteCases} {
		for _, name := range slices.Sorted(maps.Keys(m)) {
			pages = append(pages, corpusPage{name, []byte(m[name])})
		}
	}
	pages = append(pages, corpusPage{"list and quotes", []byte(`<ol><li>one<li><a href=/x>two</a></ol>
		<p><q>q</q> <a href=/q><q>in link</q></a></p><h2 style="text-transform:uppercase">up</h2>`)})
	pages = append(pages, corpusPages(t)...)
	modes := []mode{0, mRecursing, mRecursing | mReferenced, mRecursing | mReferenced | mDirectRef,
		mRecursing | mReferenced | mHiddenRef, mRecursing | mReferenced | mHiddenRef | mDirectRef}
	for _, p := range pages {
		d, err := dom.ParseDoc(p.src)
		require.NoError(t, err, p.name)
		fast, full := New(d, nil), New(d, nil)
		for i, e := range d.Elements {
			for _, m := range modes {
				for _, suppress := range []bool{false, true} {
					wf, wr := fast.begin(e), full.begin(e)
					got, want := wf.content(e, m, 1, suppress), wr.contentFull(e, m, 1, suppress)
					if !assert.Equal(t, want, got, "%s: element %d <%s> mode %d suppress %t", p.name, i, e.Data, m, suppress) {
						return
					}
					wf.c, wr.c = nil, nil
					if !assert.Equal(t, wr, wf, "%s: element %d <%s> mode %d suppress %t: the walk's counts", p.name, i, e.Data, m, suppress) {
						return
					}
				}
			}
		}
	}
}

// TestJoinNamesSameAsJoin checks joinNames against strings.Join with a
// space, and the row and cell tag tests against the tag lists they stand
// for.
func TestJoinNamesSameAsJoin(t *testing.T) {
	words := []string{"", "a", "bc", "long name of a cell", "é", " "}
	var names []string
	for i := 0; i < 300; i++ {
		names = append(names, words[(i*7)%len(words)])
		assert.Equal(t, strings.Join(names, " "), joinNames(names), "%d names", len(names))
		assert.Equal(t, strings.Join(names[len(names)-1:], " "), joinNames(names[len(names)-1:]))
	}
	for _, tag := range []string{"tr", "div", "td", "th", "span", "p", "trx", "t", ""} {
		for _, ns := range []string{"", "svg"} {
			n := &html.Node{Type: html.ElementNode, Data: tag, Namespace: ns}
			assert.Equal(t, ns == "" && slices.Contains([]string{"tr", "div"}, tag), rowBox(n), "%s %s", ns, tag)
			assert.Equal(t, ns == "" && slices.Contains([]string{"td", "th", "div", "span"}, tag), cellBox(n), "%s %s", ns, tag)
		}
	}
}
