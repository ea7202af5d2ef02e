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
// page (styleDigest), from MaxMatchSteps, as the memo layout of main 537a493 computed them.
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
	"order":                                       "6afc5e5707941b95",
	"order-tags":                                  "34b9691b7e7f5d51",
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

// styleDigestsCut are the digests of the same with 300 match steps
// (MaxMatchSteps cut: which selectors are tested before the steps run out
// depends on the order of the candidates).
var styleDigestsCut = map[string]string{
	"amazon-de-search.html":                       "531c3eeb0335a1c9",
	"apg-checkbox-mixed.html":                     "7d3c61dbba763800",
	"apg-combobox-autocomplete-list.html":         "4bbea58e434eb7c5",
	"apg-data-grids.html":                         "f4fdd171052c461d",
	"apg-dialog.html":                             "b59a70b4135001b1",
	"apg-listbox-grouped.html":                    "7c0b5e2aab5ce648",
	"apg-menubar-navigation.html":                 "ab428c78e8152e5a",
	"apg-slider-temperature.html":                 "4ed26c5f7c9243be",
	"apg-tabs-automatic.html":                     "5ccbc0d7344989b0",
	"breitbart-article.html":                      "c4cbdac9f1155580",
	"budget-sheet.html":                           "437bd0743c1798d2",
	"custom":                                      "0b39ab10265129d0",
	"docs-reference.html":                         "79ac3f2a702afe18",
	"ebay-de-search.html":                         "dc4b21e31f8f8d3b",
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
	"issue-tracker.html":                          "4aa675d8914601b0",
	"job-form.html":                               "8f16e90f47121a05",
	"nytimes-article.html":                        "aa2dd83530864d5c",
	"order":                                       "6afc5e5707941b95",
	"order-tags":                                  "34b9691b7e7f5d51",
	"orders-grid.html":                            "0f9b8aa52a018546",
	"product-grid.html":                           "3547f0bd28b63f0c",
	"river-article.html":                          "e357b47e9f353bfe",
	"shadow":                                      "4e321e4e8483df5d",
	"shadow-and-frames.html":                      "76d829b94b3cb2cb",
	"special":                                     "261af43aaf463fc9",
	"svg":                                         "ae7e408b8f7f4130",
	"wikipedia-microsoft.html":                    "f346807718d63138",
	"wikipedia-new-zealand.html":                  "3c4ef931a0ac829b",
	"wrappers.html":                               "e77778854ac3223c",
}

// orderCase and orderTagsCase are pages whose elements have candidates
// of every kind (id, class, attribute, tag and universal selectors), and
// of tags and universal selectors only, for the step sweep.
const orderCase = `<style>p { display: none } * { cursor: pointer } .c { visibility: hidden } [data-x] { display: flex }` +
	` #i { display: grid } div p { display: inline } i::after { content: "x" }</style>` +
	`<div><p class=c data-x id=i>a</p><p>b</p><i class=c>c</i><i data-x>d</i><b id=i class="c c">e</b></div>`

const orderTagsCase = `<style>p { display: none } * { display: block } div p { display: inline } b { display: flex } b::before { content: "b" }</style>` +
	`<div><p>a</p><p>b</p><b>c</b><i>d</i><section><p>e</p><b>f</b></section></div>`

// styleDigestsSweep are the digests of the edge cases and orderCase
// computed from every match-step budget from 1 to 120 in turn: each cut
// falls between other selectors, so they check the order in which an
// element's candidates are tested.
var styleDigestsSweep = map[string]string{
	"custom":      "6823de5666aec63e",
	"facts":       "71237ee07f59f1df",
	"flat":        "fe1de4ed5741ba72",
	"flat-shadow": "f3c358c2e69f2b91",
	"host-only":   "80c86700cde0f06c",
	"host-style":  "55598cd6391be69c",
	"inherit":     "1c89e2e426b07e36",
	"inline":      "51dc19562c0bc797",
	"order":       "f04aa0ea406b87e3",
	"order-tags":  "a7915057338fab95",
	"shadow":      "112edbd04ad7f764",
	"special":     "483b46a393ad07a7",
	"svg":         "1c00ccf1b8b17fb6",
}

// sweepDigest hashes styleDigest of d from each budget 1..120.
func sweepDigest(d *dom.Doc) string {
	h := sha256.New()
	for steps := 1; steps <= 120; steps++ {
		fmt.Fprint(h, styleDigest(d, steps))
	}
	return fmt.Sprintf("%x", h.Sum(nil))[:16]
}

// styleDigest hashes what a Sheet answers for every node of d, in
// document order: each element's Style, and each node's Rendered, and
// LimitsHit.
func styleDigest(d *dom.Doc, steps int) string {
	s := New(d)
	s.steps = steps
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
// layout and the cascade changed, with and without a match steps cut (STYLE_DIGESTS=print logs the current ones).
func TestStylesSameAsBefore(t *testing.T) {
	cases := maps.Clone(tagCases)
	maps.Copy(cases, cascadeCases)
	cases["facts"] = factsCase
	cases["order"] = orderCase
	cases["order-tags"] = orderTagsCase
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
		got, cut := styleDigest(d, MaxMatchSteps), styleDigest(d, 300)
		sweep := ""
		if cases[name] != "" { // an edge case: small enough to sweep
			sweep = sweepDigest(d)
		}
		if os.Getenv("STYLE_DIGESTS") == "print" {
			fmt.Printf("\t%q: %q,\n", name, got)
			fmt.Printf("cut\t%q: %q,\n", name, cut)
			if sweep != "" {
				fmt.Printf("sweep\t%q: %q,\n", name, sweep)
			}
			continue
		}
		if want, ok := styleDigests[name]; ok { // else a page added since the digests were taken
			assert.Equal(t, want, got, name)
		}
		if want, ok := styleDigestsCut[name]; ok {
			assert.Equal(t, want, cut, "%s, match steps cut", name)
		}
		if want, ok := styleDigestsSweep[name]; ok {
			assert.Equal(t, want, sweep, "%s, every match-step budget", name)
		}
	}
}
