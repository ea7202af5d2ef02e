package style

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/axtree/axtree/dom"
	"github.com/axtree/axtree/internal/shared"
)

// classListCases are class lists beside the corpus pages' that a hash of
// a few of a list's words tells apart only by length or not at all: they
// share their first, middle and last eight bytes.
var classListCases = map[string]string{
	"lookalike": `<style>.a { display: block } .b .c { display: none } .x1 { cursor: pointer }</style>` +
		`<p class="a b c d e f g h i j k">1</p><p class="a b c d e x g h i j k">2</p>` +
		`<p class="a b c d e f g x i j k a b c d e f g h i j k">3</p><p class="a b c d e f g h i j k a b c d e x g h i j k">4</p>` +
		`<p class="x1">5</p><p class="x2">6</p><p class="a">7</p><p class="b">8</p><p class="">9</p><p class=" ">10</p>` +
		`<p class="abcd">11</p><p class="abce">12</p><p class="abcdefgh">13</p><p class="abcdefgi">14</p>`,
}

// classListOracle is what classOf finds for list, found afresh (its
// fill, without the cache).
func classListOracle(list string, r *scopeRules) classList {
	var x classList
	x.fill(list, r)
	return x
}

// TestClassListCacheSameAsFresh checks the class-list cache (listHash's
// slots) against the lists' facts found afresh, for every class list of
// the corpus pages and the look-alikes, in document order and then in
// reverse, through caches of every size prepare makes (the small ones
// share slots between lists more often).
func TestClassListCacheSameAsFresh(t *testing.T) {
	for name, src := range shared.ReadPages(t, classListCases, filepath.Join("..", "corpus", "pages")) {
		root, err := html.Parse(strings.NewReader(string(src)))
		if err != nil {
			t.Fatal(err)
		}
		d := dom.New(root)
		s := New(d)
		s.prepare()
		var lists []string
		for _, e := range d.Elements {
			if cl, ok := dom.Attr(e, "class"); ok {
				lists = append(lists, cl)
			}
		}
		for bits := uint8(3); bits <= classBits; bits++ {
			sc := &scratch{cbits: bits}
			order := slices.Clone(lists)
			order = append(order, lists...)
			slices.Reverse(order[len(lists):])
			for i, list := range order {
				got := sc.classOf(list, s.docRules)
				want := classListOracle(list, s.docRules)
				if got.list != want.list || got.own != want.own || !slices.Equal(got.cands, want.cands) {
					t.Fatalf("%s (%d slots), list %d %q: cache gives %+v, afresh %+v", name, 1<<bits, i, list, *got, want)
				}
			}
		}
	}
}

// TestListHashSpreads checks that listHash tells the corpus pages' distinct
// class lists apart about as well as keyHash did in a cache of 128 slots:
// no more than a few percent more of them share a slot.
func TestListHashSpreads(t *testing.T) {
	seen := map[string]bool{}
	for _, src := range shared.ReadPages(t, nil, filepath.Join("..", "corpus", "pages")) {
		root, err := html.Parse(strings.NewReader(string(src)))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range dom.New(root).Elements {
			if cl, ok := dom.Attr(e, "class"); ok {
				seen[cl] = true
			}
		}
	}
	var byList, byKey [1 << 16]int
	for l := range seen {
		byList[listHash(l)>>48]++
		byKey[keyHash(0, l)>>48]++
	}
	shared := func(c *[1 << 16]int) (n int) {
		for _, k := range c {
			if k > 1 {
				n += k - 1
			}
		}
		return n
	}
	a, b := shared(&byList), shared(&byKey)
	t.Logf("%d distinct lists: %d share a 16-bit slot by listHash, %d by keyHash", len(seen), a, b)
	if a > b+len(seen)/50 {
		t.Fatalf("listHash shares %d slots, keyHash %d", a, b)
	}
}
