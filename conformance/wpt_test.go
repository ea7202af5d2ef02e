package conformance

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/axtree/axtree/accname"
	"github.com/axtree/axtree/dom"
	"github.com/axtree/axtree/internal/shared"
	"github.com/axtree/axtree/roles"
)

// A case is one element carrying data-expectedlabel or data-expectedrole.
type wptCase struct {
	file    string // path relative to shared/wpt
	kind    string // "label" or "role"
	n       int    // 1-based number of the case of this kind in the file
	want    string
	got     string
	snippet string
}

func (c wptCase) key() string { return fmt.Sprintf("%s %s %d", c.file, c.kind, c.n) }

var asciiWS = regexp.MustCompile(`[\t\n\f\r ]+`)

// normLabel applies the normalisation of wpt's aria-utils.js
// verifyLabelsBySelector to a computed label.
func normLabel(s string) string {
	return strings.Trim(asciiWS.ReplaceAllString(s, " "), " ")
}

func loadExpectedFailures(t *testing.T) map[string]string {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "expected-failures.txt"))
	if err != nil {
		t.Fatalf("expected-failures list: %v", err)
	}
	defer f.Close()
	out := map[string]string{}
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		s := strings.TrimSpace(sc.Text())
		if s == "" || strings.HasPrefix(s, "#") {
			continue
		}
		// FILE KIND N reason...
		fs := strings.Fields(s)
		if len(fs) < 4 {
			t.Fatalf("expected-failures.txt:%d: want FILE KIND N REASON, got %q", line, s)
		}
		if _, err := strconv.Atoi(fs[2]); err != nil || (fs[1] != "label" && fs[1] != "role") {
			t.Fatalf("expected-failures.txt:%d: bad KIND or N in %q", line, s)
		}
		k := strings.Join(fs[:3], " ")
		if _, dup := out[k]; dup {
			t.Fatalf("expected-failures.txt:%d: %s listed twice", line, k)
		}
		out[k] = strings.Join(fs[3:], " ")
	}
	return out
}

func wptFiles(t *testing.T, root string) []string {
	t.Helper()
	var files []string
	for _, pat := range []string{"accname/name/*.html", "accname/name/*/*.html", "html-aam/*.html", "html-aam/*/*.html", "wai-aria/role/*.html"} {
		m, err := filepath.Glob(filepath.Join(root, pat))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range m {
			rel, _ := filepath.Rel(root, f)
			files = append(files, filepath.ToSlash(rel))
		}
	}
	sort.Strings(files)
	return files
}

func runFile(t *testing.T, root, rel string) []wptCase {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, rel))
	if err != nil {
		t.Fatal(err)
	}
	doc, err := html.Parse(strings.NewReader(string(b)))
	if err != nil {
		t.Fatalf("%s: %v", rel, err)
	}
	d := dom.New(doc)
	c := accname.New(d, nil)
	var cases []wptCase
	nLabel, nRole := 0, 0
	for _, el := range d.Elements {
		snip := func() string {
			var sb strings.Builder
			_ = html.Render(&sb, el)
			s := sb.String()
			if len(s) > 160 {
				s = s[:160] + "…"
			}
			return s
		}
		if want, ok := dom.Attr(el, "data-expectedlabel"); ok {
			nLabel++
			cases = append(cases, wptCase{file: rel, kind: "label", n: nLabel, want: want, got: normLabel(c.Name(el)), snippet: snip()})
		}
		if want, ok := dom.Attr(el, "data-expectedrole"); ok {
			nRole++
			got := roles.Compute(d, el)
			if want == "image" && got == "img" {
				got = want // one role, two names: ARIA 1.3's image is ARIA 1.2's img
			}
			cases = append(cases, wptCase{file: rel, kind: "role", n: nRole, want: want, got: got, snippet: snip()})
		}
	}
	return cases
}

// TestWPT checks every data-expectedlabel and data-expectedrole case. Cases
// listed in testdata/expected-failures.txt must fail (so the list stays
// honest); every other case must pass.
func TestWPT(t *testing.T) {
	root := shared.Path(t, "wpt")
	xfail := loadExpectedFailures(t)
	seen := map[string]bool{}
	total := map[string][2]int{}  // kind -> pass, all
	judged := map[string][2]int{} // kind -> pass, all: without undefined and script cases
	agreed := map[string][2]int{} // kind -> pass, all: judged, without the chromium: ones
	for _, rel := range wptFiles(t, root) {
		cases := runFile(t, root, rel)
		if len(cases) == 0 {
			continue
		}
		pass := 0
		for _, c := range cases {
			ok := c.got == c.want
			k := c.key()
			reason, listed := xfail[k]
			seen[k] = true
			count := func(m map[string][2]int) {
				tt := m[c.kind]
				tt[1]++
				if ok {
					tt[0]++
				}
				m[c.kind] = tt
			}
			count(total)
			if !listed || !(strings.HasPrefix(reason, "undefined:") || strings.HasPrefix(reason, "script:")) {
				count(judged)
				if !listed || !strings.HasPrefix(reason, "chromium:") {
					count(agreed)
				}
			}
			if ok {
				pass++
			}
			switch {
			case ok && listed:
				t.Errorf("%s passes now but is listed as an expected failure (%s): remove it from the list", k, reason)
			case !ok && !listed:
				t.Errorf("%s: got %q, want %q\n    %s", k, c.got, c.want, c.snippet)
			}
		}
		t.Logf("%-60s %3d/%3d pass", rel, pass, len(cases))
	}
	for k := range xfail {
		if !seen[k] {
			t.Errorf("expected-failures.txt lists %s, which is not a case", k)
		}
	}
	for _, kind := range []string{"label", "role"} {
		tt, j, a := total[kind], judged[kind], agreed[kind]
		if tt[1] > 0 {
			t.Logf("TOTAL %s: %d/%d pass (%.1f%%); judgeable from static HTML %d/%d (%.1f%%); of those, where Chromium agrees with WPT %d/%d (%.1f%%)",
				kind, tt[0], tt[1], pct(tt[0], tt[1]), j[0], j[1], pct(j[0], j[1]), a[0], a[1], pct(a[0], a[1]))
		}
	}
}
