package corpus

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/axtree/axtree/axtree"
	"github.com/axtree/axtree/internal/shared"
	"github.com/axtree/axtree/render"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// page is one corpus page: a name and where its HTML lives.
type page struct {
	name string
	path string
}

// ownPages lists the project's own pages (corpus/pages and every step of
// corpus/sequences), named by their path below corpus/.
func ownPages(t testing.TB) []page {
	t.Helper()
	var ps []page
	for _, pat := range []string{"pages/*.html", "sequences/*/*.html"} {
		m, err := filepath.Glob(pat)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range m {
			name := strings.TrimSuffix(strings.ReplaceAll(f, string(filepath.Separator), "__"), ".html")
			ps = append(ps, page{name: name, path: f})
		}
	}
	if len(ps) == 0 {
		t.Fatal("no pages under corpus/pages or corpus/sequences")
	}
	return ps
}

// sharedPages lists the shared corpus pages. When the shared folder is
// absent (and not required) it returns none, so the project's own pages are
// still checked.
func sharedPages(t testing.TB) []page {
	t.Helper()
	if _, err := os.Stat(filepath.Join(shared.Root(), "corpus", "pages")); err != nil && !shared.Required() {
		t.Logf("shared corpus absent (%v): checking the project's own pages only", err)
		return nil
	}
	var ps []page
	for _, n := range shared.Pages(t) {
		ps = append(ps, page{name: "shared__" + n, path: shared.Path(t, "corpus", "pages", n+".html")})
	}
	return ps
}

// pageURL is the URL the corpus renders each page at, so relative links
// resolve to something stable.
// It depends only on the page's name, never on where the files sit on disk
// (CI checks out into another folder).
func pageURL(p page) string {
	if n, ok := strings.CutPrefix(p.name, "shared__"); ok {
		return "https://corpus.axtree.test/shared/" + n + ".html"
	}
	return "https://corpus.axtree.test/" + filepath.ToSlash(p.path)
}

func renderPage(t testing.TB, p page) *render.Result {
	t.Helper()
	b, err := os.ReadFile(p.path)
	if err != nil {
		t.Fatal(err)
	}
	res, err := render.HTMLBytes(b, render.Options{URL: pageURL(p)})
	if err != nil {
		t.Fatalf("%s: %v", p.name, err)
	}
	return res
}

func checkGolden(t *testing.T, file string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", "golden", file)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./corpus -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file (go test ./corpus -update rewrites it; review the diff):\n%s", file, firstDiff(want, got))
	}
}

// firstDiff shows the first differing line.
func firstDiff(want, got []byte) string {
	wl, gl := strings.Split(string(want), "\n"), strings.Split(string(got), "\n")
	for i := 0; i < len(wl) || i < len(gl); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			// show the lines around their first differing byte, not whole
			// megabyte lines
			at := 0
			for at < len(w) && at < len(g) && w[at] == g[at] {
				at++
			}
			return fmt.Sprintf("line %d, byte %d:\n  want %q\n  got  %q", i+1, at+1, window(w, at), window(g, at))
		}
	}
	return "(same lines, different bytes)"
}

// window cuts s to about 160 bytes around position at.
func window(s string, at int) string {
	lo, hi := max(0, at-80), min(len(s), at+80)
	out := s[lo:hi]
	if lo > 0 {
		out = "…" + out
	}
	if hi < len(s) {
		out += "…"
	}
	return out
}

// TestGolden compares the tree text and the link record of every corpus page
// with its golden file, byte for byte.
func TestGolden(t *testing.T) {
	pages := append(ownPages(t), sharedPages(t)...)
	for _, p := range pages {
		t.Run(p.name, func(t *testing.T) {
			res := renderPage(t, p)
			checkGolden(t, p.name+".txt", res.Text())
			checkGolden(t, p.name+".links.json", append(res.LinksJSON(), '\n'))
		})
	}
}

// TestStableInProcess renders every page twice in one process: same bytes.
func TestStableInProcess(t *testing.T) {
	for _, p := range append(ownPages(t), sharedPages(t)...) {
		a, b := renderPage(t, p), renderPage(t, p)
		if !bytes.Equal(a.Text(), b.Text()) || !bytes.Equal(a.JSON(), b.JSON()) || !bytes.Equal(a.Enriched(), b.Enriched()) {
			t.Errorf("%s: two renderings in one process differ", p.name)
		}
	}
}

// TestStableAcrossProcesses renders the corpus in a child process and
// compares its bytes with this process's.
func TestStableAcrossProcesses(t *testing.T) {
	if os.Getenv("AXTREE_CORPUS_CHILD") == "1" {
		for _, p := range append(ownPages(t), sharedPages(t)...) {
			os.Stdout.Write(renderPage(t, p).Text())
		}
		return
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "-test.run=^TestStableAcrossProcesses$")
	cmd.Env = append(os.Environ(), "AXTREE_CORPUS_CHILD=1")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("child process: %v", err)
	}
	var want bytes.Buffer
	for _, p := range append(ownPages(t), sharedPages(t)...) {
		want.Write(renderPage(t, p).Text())
	}
	// The child's stdout also carries the test runner's PASS line.
	if !bytes.HasPrefix(out, want.Bytes()) {
		t.Fatalf("the child process rendered different bytes:\n%s", firstDiff(want.Bytes(), out))
	}
}

// TestInsertionNearEnd: one unrelated element inserted near the end of a
// page changes only the lines at and after that point.
func TestInsertionNearEnd(t *testing.T) {
	for _, p := range append(ownPages(t), sharedPages(t)...) {
		b, err := os.ReadFile(p.path)
		if err != nil {
			t.Fatal(err)
		}
		i := bytes.LastIndex(b, []byte("</body>"))
		if i < 0 {
			continue
		}
		mod := append(append(append([]byte{}, b[:i]...), []byte(`<button>Inserted near the end</button>`)...), b[i:]...)
		r1 := renderPage(t, p).Text()
		r2, err := render.HTMLBytes(mod, render.Options{URL: pageURL(p)})
		if err != nil {
			t.Fatal(err)
		}
		l1, l2 := strings.Split(string(r1), "\n"), strings.Split(string(r2.Text()), "\n")
		same := 0
		for same < len(l1) && same < len(l2) && l1[same] == l2[same] {
			same++
		}
		ins := -1
		for k, l := range l2 {
			if strings.Contains(l, "Inserted near the end") {
				ins = k
			}
		}
		if ins < 0 {
			t.Errorf("%s: the inserted button is not in the tree", p.name)
			continue
		}
		if same < ins {
			t.Errorf("%s: line %d changed, before the insertion at line %d:\n  %q\n  %q", p.name, same+1, ins+1, l1[same], l2[same])
		}
	}
}

// recallRoles are the roles the recall check covers; option counts only
// inside a listbox.
var recallRoles = map[string]bool{
	"link": true, "button": true, "textbox": true, "searchbox": true, "checkbox": true,
	"radio": true, "combobox": true, "listbox": true, "option": true, "menuitem": true,
	"menuitemcheckbox": true, "menuitemradio": true, "tab": true, "switch": true,
	"slider": true, "spinbutton": true,
}

type chromiumLine struct {
	I       int    `json:"i"`
	Ignored bool   `json:"ignored"`
	Role    string `json:"role"`
	Name    string `json:"name"`
}

// TestRecall: every element Chromium exposes with an actionable role
// appears in the tree with an id and the same role. Reports recall per page
// and fails below 99% overall.
func TestRecall(t *testing.T) {
	total, found := 0, 0
	for _, name := range shared.Pages(t) {
		p := page{name: name, path: shared.Path(t, "corpus", "pages", name+".html")}
		res := renderPage(t, p)
		byDOM := map[int32]*axtree.Node{}
		res.Tree.Walk(func(n *axtree.Node, _ int) bool {
			if n.Role != "" && n.ID > 0 {
				byDOM[n.DOM] = n
			}
			return true
		})
		f, err := os.ReadFile(shared.Path(t, "corpus", "chromium", name+".jsonl"))
		if err != nil {
			t.Fatal(err)
		}
		n, ok := 0, 0
		var misses []string
		for _, line := range bytes.Split(f, []byte("\n")) {
			if len(bytes.TrimSpace(line)) == 0 {
				continue
			}
			var cl chromiumLine
			if err := json.Unmarshal(line, &cl); err != nil {
				t.Fatalf("%s.jsonl: %v", name, err)
			}
			if cl.Ignored || !recallRoles[cl.Role] || cl.I >= len(res.Doc.Elements) {
				continue
			}
			el := res.Doc.Elements[cl.I]
			if cl.Role == "option" && !inListbox(res, cl.I) {
				continue
			}
			n++
			if node := byDOM[int32(cl.I)]; node != nil && node.Role == cl.Role {
				ok++
				continue
			} else if node != nil {
				misses = append(misses, fmt.Sprintf("i=%d <%s> chromium %s %q, tree %s %q", cl.I, el.Data, cl.Role, cl.Name, node.Role, node.Name))
			} else {
				misses = append(misses, fmt.Sprintf("i=%d <%s> chromium %s %q: not in tree (our role %s, name %q)", cl.I, el.Data, cl.Role, cl.Name, res.Names.Role(el), res.Names.Name(el)))
			}
		}
		total += n
		found += ok
		pct := 100.0
		if n > 0 {
			pct = 100 * float64(ok) / float64(n)
		}
		t.Logf("%-45s recall %4d/%4d = %6.2f%%", name, ok, n, pct)
		sort.Strings(misses)
		for i, m := range misses {
			if i == 5 {
				t.Logf("    … %d more", len(misses)-5)
				break
			}
			t.Logf("    miss %s", m)
		}
	}
	pct := 100 * float64(found) / float64(max(total, 1))
	t.Logf("OVERALL recall %d/%d = %.2f%%", found, total, pct)
	if pct < 99 {
		t.Errorf("recall %.2f%% is below 99%%", pct)
	}
}

// inListbox reports whether the option at element index i sits in a listbox
// (a select with multiple or size > 1, or role=listbox) rather than in a
// drop-down select, whose options Chromium puts in a popup.
func inListbox(res *render.Result, i int) bool {
	for p := res.Doc.Parent(res.Doc.Elements[i]); p != nil; p = res.Doc.Parent(p) {
		switch res.Names.Role(p) {
		case "listbox":
			return true
		case "combobox", "menu", "menubar", "tree", "grid", "treegrid":
			return false
		}
	}
	return false
}
