package links

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/axtree/axtree/axtree"
)

// TestTableLayouts checks that each layout is the one chosen where it
// should be, so the same-as tests (table_test.go) cover all three: by id
// when every element is a link, bits when one in three is, ids when the
// ids are spread out; and that each answers as the Record.
func TestTableLayouts(t *testing.T) {
	tree := func(n, every, scale int) *axtree.Tree {
		tr := &axtree.Tree{URL: "https://a.test/"}
		for i := 1; i <= n; i++ {
			k := &axtree.Node{ID: i * scale, Role: "button", Name: "x"}
			if i%every == 0 {
				k.Role, k.Href = "link", fmt.Sprintf("/p/%d", i)
			}
			tr.Roots = append(tr.Roots, k)
		}
		return tr
	}
	for _, c := range []struct {
		name string
		tr   *axtree.Tree
		want entries
	}{
		{"all links", tree(500, 1, 1), &denseEntries{}},
		{"one in three", tree(3000, 3, 1), &bitEntries{}},
		{"spread", tree(300, 1, 1000), &idEntries{}},
	} {
		tab, _ := CollectTable(c.tr, "", "")
		assert.IsType(t, c.want, tab.t, c.name)
		rec := Collect(c.tr, "", "")
		assert.Equal(t, rec, tab.Record(), c.name)
		for id := -1; id <= 300*1000+1; id += 7 {
			wu, wok := rec[id]
			gu, gok := tab.URL(id)
			if !assert.Equal(t, wok, gok, "%s: id %d", c.name, id) || !assert.Equal(t, wu, gu, "%s: id %d", c.name, id) {
				break
			}
		}
	}
}
