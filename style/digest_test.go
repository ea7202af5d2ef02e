package style

import (
	"crypto/sha256"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"

	"github.com/axtree/axtree/dom"
	"github.com/axtree/axtree/internal/shared"
)

// factsCase is a page whose elements get live facts (as a capture gives
// them) by id, in factsOf.
const factsCase = `<style>p::before { content: "b" } p::after { content: attr(title); display: block } .x { display: none }</style>` +
	`<p id=f1 title=t>a</p><p id=f2>b</p><div id=f3 class=x>c</div><span id=f4>d</span><i id=f5>e</i><p id=f6 class=x>f</p>`

// factsOf gives the live facts of factsCase's elements.
func factsOf(id string) *dom.Facts {
	str := func(s string) *string { return &s }
	switch id {
	case "f1":
		return &dom.Facts{Before: str("live"), Display: "flex"}
	case "f2":
		return &dom.Facts{Display: "none", Visibility: "hidden"}
	case "f3":
		return &dom.Facts{Display: "grid", After: str(""), CursorPointer: true}
	case "f4":
		return &dom.Facts{Display: "weird-value", ContentVisibility: "auto", ZeroSize: true}
	case "f5":
		return &dom.Facts{Visibility: "other", Inert: true, Before: str("x"), After: str("y")}
	case "f6":
		return &dom.Facts{Display: "block"}
	}
	return nil
}

// styleDigests are the digests of every element's computed style on each
// page (styleDigest), as the memo layout of main 537a493 computed them.
var styleDigests = map[string]string{
	"amazon-de-search.html":                       "531c3eeb0335a1c9",
	"apg-checkbox-mixed.html":                     "7d3c61dbba763800",
	"apg-combobox-autocomplete-list.html":         "4bbea58e434eb7c5",
	"apg-data-grids.html":                         "f4fdd171052c461d",
	"apg-dialog.html":                             "b59a70b4135001b1",
	"apg-listbox-grouped.html":                    "7c0b5e2aab5ce648",
	"apg-menubar-navigation.html":                 "ab428c78e8152e5a",
	"apg-slider-temperature.html":                 "4ed26c5f7c9243be",
	"apg-tabs-automatic.html":                     "5ccbc0d7344989b0",
	"breitbart-article.html":                      "8e96e6f091118953",
	"budget-sheet.html":                           "030990ddc59800f7",
	"custom":                                      "0b39ab10265129d0",
	"docs-reference.html":                         "caa04bf5d0dd03ec",
	"ebay-de-search.html":                         "280512511354fa52",
	"facts":                                       "e37dfcbcfd293030",
	"flat":                                        "5d9bcab244a91331",
	"flat-shadow":                                 "2fc055a1f2fad180",
	"form-157_bug_971402_opentable_checkout.html": "c477871d7624b0c7",
	"form-169_dominos_de.html":                    "5a692e9a775f8c7b",
	"form-175_id_address_alfacart.com.html":       "145c7228ae89eb67",
	"form-176_id_payment_shopee.co.id.html":       "2104638e82fc3dcb",
	"guardian-article.html":                       "a6131321b43561f8",
	"host-only":                                   "0191777190faa497",
	"host-style":                                  "09b844a200d69a36",
	"inherit":                                     "e9311aa7d96ec5b0",
	"inline":                                      "3ca5fd3ac0b00b4b",
	"issue-tracker.html":                          "e345425ed8ba92c3",
	"job-form.html":                               "8f16e90f47121a05",
	"nytimes-article.html":                        "c52bc9fb5c5959a5",
	"orders-grid.html":                            "a698517ce9d1e979",
	"product-grid.html":                           "3547f0bd28b63f0c",
	"river-article.html":                          "5a8b5af08b938bc3",
	"shadow":                                      "4e321e4e8483df5d",
	"shadow-and-frames.html":                      "76d829b94b3cb2cb",
	"special":                                     "261af43aaf463fc9",
	"svg":                                         "ae7e408b8f7f4130",
	"wikipedia-microsoft.html":                    "55e9dfc092dd8104",
	"wikipedia-new-zealand.html":                  "3c4ef931a0ac829b",
	"wrappers.html":                               "e77778854ac3223c",
}

// styleDigest hashes what a Sheet answers for every node of d, in
// document order: each element's Style, and each node's Rendered, and
// LimitsHit.
func styleDigest(d *dom.Doc) string {
	s := New(d)
	h := sha256.New()
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			fmt.Fprintf(h, "%+v|", s.Style(n))
		}
		fmt.Fprintf(h, "%v/%v/%v;", s.Rendered(n), s.Display(n), s.Visibility(n))
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
		if sr := d.ShadowRoot(n); sr != nil {
			walk(sr)
		}
	}
	walk(d.Root)
	fmt.Fprintf(h, "%v", s.LimitsHit())
	return fmt.Sprintf("%x", h.Sum(nil))[:16]
}

// TestStylesSameAsBefore checks every computed style of the corpus pages
// and the edge cases against the digests of the code before the memo's
// layout changed (STYLE_DIGESTS=print logs the current ones).
func TestStylesSameAsBefore(t *testing.T) {
	cases := maps.Clone(tagCases)
	maps.Copy(cases, cascadeCases)
	cases["facts"] = factsCase
	pages := shared.ReadPages(t, cases, filepath.Join("..", "corpus", "pages"))
	names := make([]string, 0, len(pages))
	for name := range pages {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		d, err := dom.ParseDoc(pages[name])
		require.NoError(t, err, name)
		if name == "facts" {
			for _, e := range d.Elements {
				if f := factsOf(dom.AttrOr(e, "id")); f != nil {
					d.SetFacts(e, f)
				}
			}
		}
		got := styleDigest(d)
		if os.Getenv("STYLE_DIGESTS") == "print" {
			fmt.Printf("\t%q: %q,\n", name, got)
			continue
		}
		want, ok := styleDigests[name]
		if !ok {
			continue // a page added since the digests were taken
		}
		assert.Equal(t, want, got, name)
	}
}
