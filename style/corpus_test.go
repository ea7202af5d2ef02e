package style

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/axtree/axtree/dom"
	"github.com/axtree/axtree/internal/shared"
)

// TestChromiumAgreement checks Rendered against Chromium's accessibility
// tree of the corpus pages (captured with JavaScript and network off, so
// only inline <style> applied): every element Chromium exposes as not
// ignored must be rendered here. (The converse cannot be checked: Chromium
// prunes many rendered elements, e.g. plain spans, from its tree.)
func TestChromiumAgreement(t *testing.T) {
	dir := shared.Path(t, "corpus", "chromium")
	total, bad := 0, 0
	for _, name := range shared.Pages(t) {
		f, err := os.Open(filepath.Join(dir, name+".jsonl"))
		if err != nil {
			continue
		}
		included := map[int]bool{}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<24)
		for sc.Scan() {
			var r struct {
				I       int  `json:"i"`
				Ignored bool `json:"ignored"`
			}
			if json.Unmarshal(sc.Bytes(), &r) == nil && !r.Ignored {
				included[r.I] = true
			}
		}
		f.Close()
		src, err := os.ReadFile(shared.Path(t, "corpus", "pages", name+".html"))
		if err != nil {
			t.Fatal(err)
		}
		root, err := html.Parse(strings.NewReader(string(src)))
		if err != nil {
			t.Fatal(err)
		}
		d := dom.New(root)
		s := New(d)
		pageBad, hidden := 0, 0
		for i, e := range d.Elements {
			r := s.Rendered(e)
			if !r {
				hidden++
			}
			if included[i] {
				total++
				if !r {
					pageBad++
					if pageBad <= 3 {
						t.Logf("%s: element %d <%s class=%q> is in Chromium's tree but not rendered here", name, i, e.Data, dom.AttrOr(e, "class"))
					}
				}
			}
		}
		bad += pageBad
		t.Logf("%-40s %5d elements, %5d not rendered here, %5d included by Chromium, %d of them not rendered here", name, d.Len(), hidden, len(included), pageBad)
	}
	if total == 0 {
		t.Fatal("no Chromium data read")
	}
	if float64(bad) > 0.005*float64(total) {
		t.Fatalf("%d of %d Chromium-included elements not rendered (over 0.5%%)", bad, total)
	}
}
