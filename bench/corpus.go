package bench

import (
	"os"
	"path/filepath"

	"github.com/axtree/axtree/internal/shared"
)

// ModuleRoot returns the nearest folder at or above the working directory
// that holds a go.mod, or "" when there is none.
func ModuleRoot() string {
	wd, err := os.Getwd()
	if err != nil {
		return ""
	}
	for dir := wd; ; {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// DefaultCorpusDirs returns the page folders `axtree bench` measures when
// none are given: the shared corpus pages (when present) and the project's
// own corpus/pages.
func DefaultCorpusDirs() []string {
	var dirs []string
	if d := filepath.Join(shared.Root(), "corpus", "pages"); isDir(d) {
		dirs = append(dirs, d)
	}
	if root := ModuleRoot(); root != "" {
		if d := filepath.Join(root, "corpus", "pages"); isDir(d) {
			dirs = append(dirs, d)
		}
	}
	return dirs
}

// ProjectCorpus returns the project's corpus folder (holding pages/ and
// sequences/), or "" when it cannot be found.
func ProjectCorpus() string {
	if root := ModuleRoot(); root != "" && isDir(filepath.Join(root, "corpus", "sequences")) {
		return filepath.Join(root, "corpus")
	}
	return ""
}

func isDir(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}
