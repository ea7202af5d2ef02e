package roles

import (
	"math/rand"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/dom"
	"github.com/axtree/axtree/internal/shared"
)

// TestComputeWithSameAsCompute checks ComputeWith, which remembers the
// last table part's table in a Tables, against Compute on every element
// of the corpus pages and of table pages made for it (nested, grid and
// presentational tables, rows outside a table, a table in a shadow tree
// with slotted rows), asked in document order, backwards and in random
// order with one Tables; fails when the memo is keyed by the part instead
// of its parent, or kept across parents.
func TestComputeWithSameAsCompute(t *testing.T) {
	pages := map[string][]byte{"tables": []byte(`<table role=grid><tr><td>a<td><table><tr><td>in</td><th>h</th></tr></table><td>b</tr></table>
		<table role=presentation><thead><tr><th>x</th></tr></thead><tbody><tr><td>y</td></tr></tbody></table>
		<table><tbody><tr><td>p</td></tr></tbody><tfoot><tr><td>f</td></tr></tfoot></table><tr><td>loose</td></tr>
		<table role=treegrid><tr><td>t</td></tr></table><table role=none tabindex=0><tr><td>focusable none</td></tr></table>
		<div><template shadowrootmode=open><table role=grid><tr><slot></slot></tr></table></template><td>slotted</td></div>`)}
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
	r := rand.New(rand.NewSource(1))
	for name, src := range pages {
		d, err := dom.ParseDoc(src)
		require.NoError(t, err, name)
		n := len(d.Elements)
		want := make([]string, n)
		for i, e := range d.Elements {
			want[i] = Compute(d, e)
		}
		orders := map[string]func(k int) int{
			"document order": func(k int) int { return k },
			"backwards":      func(k int) int { return n - 1 - k },
		}
		perm := r.Perm(n)
		orders["random"] = func(k int) int { return perm[k] }
		for order, at := range orders {
			var tab Tables
			for k := 0; k < n; k++ {
				i := at(k)
				if !assert.Equal(t, want[i], ComputeWith(d, d.Elements[i], &tab), "%s, %s: element %d <%s>", name, order, i, d.Elements[i].Data) {
					break
				}
			}
		}
	}
}

func dirExists(dir string) bool {
	st, err := os.Stat(dir)
	return err == nil && st.IsDir()
}
