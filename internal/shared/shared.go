// Package shared locates the third-party test data that lives beside the
// repository (WPT files, corpus pages, Chromium's and Playwright's views of
// them). The data is read in place and never copied into the repository.
//
// The folder is $AXTREE_SHARED, else ../shared relative to the module root.
// A test that needs it calls Dir or Path: when the data is missing the test
// is skipped with a message, or fails when AXTREE_REQUIRE_SHARED=1 (as in CI).
package shared

import (
	"os"
	"path/filepath"
	"testing"
)

// Root returns the shared folder path without checking that it exists.
func Root() string {
	if d := os.Getenv("AXTREE_SHARED"); d != "" {
		return d
	}
	// Walk up from the working directory to the module root (go.mod).
	wd, err := os.Getwd()
	if err != nil {
		return filepath.Join("..", "shared")
	}
	for dir := wd; ; {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(dir, "..", "shared")
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return filepath.Join("..", "shared")
		}
		dir = parent
	}
}

// Required reports whether missing shared data must fail tests.
func Required() bool { return os.Getenv("AXTREE_REQUIRE_SHARED") == "1" }

// Path returns the path of rel inside the shared folder. When it does not
// exist the test is skipped, or failed when AXTREE_REQUIRE_SHARED=1.
func Path(t testing.TB, rel ...string) string {
	t.Helper()
	p := filepath.Join(append([]string{Root()}, rel...)...)
	if _, err := os.Stat(p); err != nil {
		if Required() {
			t.Fatalf("shared test data %s is missing (AXTREE_REQUIRE_SHARED=1): %v", p, err)
		}
		t.Skipf("shared test data %s is absent; set AXTREE_SHARED to the shared folder to run this test", p)
	}
	return p
}

// Pages returns the names (without .html) of the corpus pages in
// shared/corpus/pages, sorted.
func Pages(t testing.TB) []string {
	t.Helper()
	dir := Path(t, "corpus", "pages")
	m, err := filepath.Glob(filepath.Join(dir, "*.html"))
	if err != nil || len(m) == 0 {
		if Required() {
			t.Fatalf("no corpus pages in %s", dir)
		}
		t.Skipf("no corpus pages in %s", dir)
	}
	out := make([]string, 0, len(m))
	for _, f := range m {
		b := filepath.Base(f)
		out = append(out, b[:len(b)-len(".html")])
	}
	return out
}

// PageFiles returns the .html files of shared/corpus/pages when that folder
// is present (the test fails when it is absent and AXTREE_REQUIRE_SHARED=1)
// followed by those of each folder in own (the project's pages, which are
// always there), each folder's sorted by name. Tests that check a second
// path against a first on every page read their pages through it.
func PageFiles(t testing.TB, own ...string) []string {
	t.Helper()
	var dirs []string
	if d := filepath.Join(Root(), "corpus", "pages"); Required() {
		dirs = append(dirs, Path(t, "corpus", "pages"))
	} else if fi, err := os.Stat(d); err == nil && fi.IsDir() {
		dirs = append(dirs, d)
	}
	dirs = append(dirs, own...)
	var files []string
	for _, d := range dirs {
		m, err := filepath.Glob(filepath.Join(d, "*.html"))
		if err != nil || len(m) == 0 {
			t.Fatalf("no corpus pages in %s", d)
		}
		files = append(files, m...)
	}
	return files
}

// ReadPages returns the pages of PageFiles(t, own...) by file name, read,
// with the given edge cases (name to markup) beside them.
func ReadPages(t testing.TB, cases map[string]string, own ...string) map[string][]byte {
	t.Helper()
	pages := make(map[string][]byte, len(cases))
	for name, src := range cases {
		pages[name] = []byte(src)
	}
	for _, f := range PageFiles(t, own...) {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatalf("read corpus page: %v", err)
		}
		pages[filepath.Base(f)] = b
	}
	return pages
}
