package links

import (
	"strings"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/accname"
	"github.com/axtree/axtree/axtree"
	"github.com/axtree/axtree/dom"
	"github.com/axtree/axtree/internal/shared"
)

// TestURLSlotsSameAsStrings checks urlSlots against the []string it
// replaced in the bit and by-id layouts: every corpus page's URLs, and
// URLs empty, of one byte and of the longest 16-bit lengths, each
// read back the same, with the same bytes (shared, not copied).
func TestURLSlotsSameAsStrings(t *testing.T) {
	var urls []string
	pages := shared.ReadPages(t, nil, "../corpus/pages")
	require.NotEmpty(t, pages)
	for name, b := range pages {
		d, err := dom.ParseDoc(b)
		require.NoError(t, err, name)
		tr := axtree.Build(d, accname.New(d, nil), axtree.Options{})
		rec, _ := CollectBounded(tr, "https://example.com/dir/page?q=1", d.BaseURL())
		for _, u := range rec {
			urls = append(urls, u)
		}
	}
	require.NotEmpty(t, urls)
	edge := []string{"", "a", strings.Repeat("m", 1<<16-1), "", strings.Repeat("n", 1<<16-2)}
	for _, list := range [][]string{urls, edge[:3], edge, {"", ""}, nil} {
		old := make([]string, len(list)) // the layout it replaced
		s := makeSlots(len(list))
		for i, u := range list {
			old[i] = u
			s.set(i, u)
		}
		require.Equal(t, len(old), s.len())
		for i := range old {
			got := s.at(i)
			if !assert.Equal(t, len(old[i]), len(got), "url %d", i) || !assert.True(t, old[i] == got, "url %d", i) {
				return
			}
			if got != "" {
				assert.True(t, unsafe.StringData(old[i]) == unsafe.StringData(got), "url %d: copied", i)
			}
		}
	}
}
