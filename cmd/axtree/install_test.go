package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// exe runs a built binary in dir with env and returns status and output.
func exe(t *testing.T, dir string, env []string, bin string, stdin []byte, args ...string) (int, string, string) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.Env = env
	cmd.Stdin = bytes.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	if xe, ok := err.(*exec.ExitError); ok {
		code = xe.ExitCode()
	} else {
		require.NoError(t, err)
	}
	return code, out.String(), errb.String()
}

// envWithPath returns the environment with PATH replaced.
func envWithPath(path string) []string {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "PATH=") {
			env = append(env, kv)
		}
	}
	return append(env, "PATH="+path)
}

// TestInstalledBinaries is a new user's first session, on the binaries
// `go install ./cmd/...` builds: the README's first command, --version,
// help, the bad inputs, and the commands of the helper binaries, found next
// to axtree, reported missing when they are not, and built from the
// checkout when axtree itself was.
func TestInstalledBinaries(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binaries")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go tool on PATH")
	}
	root := repoRoot(t)
	bin := t.TempDir()
	build := exec.Command(goTool, "build", "-o", bin+string(filepath.Separator), "./cmd/...")
	build.Dir = root
	built, err := build.CombinedOutput()
	require.NoError(t, err, "%s", built)
	ax := filepath.Join(bin, "axtree")
	goDir := filepath.Dir(goTool)
	env := envWithPath(goDir) // no axtree-* on PATH: found next to axtree

	// The README's first command, as a user runs it from the checkout.
	code, tree, errs := exe(t, root, env, ax, nil, "render", "corpus/pages/job-form.html")
	require.Equal(t, 0, code, errs)
	assert.Equal(t, readmeOpening(t), tree, "the README's opening example is not what the command prints")

	code, v, _ := exe(t, root, env, ax, nil, "--version")
	assert.Equal(t, 0, code)
	assert.Regexp(t, `^axtree \S+.* go1\.\d+`, v)

	code, help, _ := exe(t, root, env, ax, nil, "help", "render")
	assert.Equal(t, 0, code)
	_, inProcess, _ := runCmd(nil, "help", "render")
	assert.Equal(t, inProcess, help)

	empty := filepath.Join(t.TempDir(), "empty.html")
	require.NoError(t, os.WriteFile(empty, nil, 0o644))
	code, _, errs = exe(t, root, env, ax, nil, "render", empty)
	assert.Equal(t, 1, code)
	assert.Equal(t, "axtree render: "+empty+" is empty: there is no page to read\n", errs)
	code, _, errs = exe(t, root, env, ax, nil, "render", "corpus")
	assert.Equal(t, 1, code)
	assert.Equal(t, "axtree render: corpus is a directory, not a file\n", errs)
	code, _, errs = exe(t, root, env, ax, []byte("\x1f\x8b\x08\x00binary"), "render", "-")
	assert.Equal(t, 1, code)
	assert.Equal(t, "axtree render: standard input is not a page: it is binary data (application/x-gzip), not HTML or a capture document\n", errs)
	code, out, errs := exe(t, root, env, ax, nil, "render", "corpus/captures/job-form.json")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "[button][actions=drag-drop] Deliver to hiring team [id=10]")
	assert.Equal(t, "axtree render: corpus/captures/job-form.json is a capture document; rendered it as one (as --capture does)\n", errs)

	// Helper binaries next to axtree.
	code, capHelp, errs := exe(t, root, env, ax, nil, "help", "capture")
	require.Equal(t, 0, code, errs)
	assert.True(t, strings.HasPrefix(capHelp, "usage: axtree capture [flags] URL|HOST|FILE\n"), capHelp)
	for _, f := range []string{"--viewport WxH", "--settle DURATION", "--quiet-window DURATION"} {
		assert.Contains(t, capHelp, f)
	}
	_, capDashH, _ := exe(t, root, env, ax, nil, "capture", "-h")
	assert.Equal(t, capHelp, capDashH)
	code, _, errs = exe(t, root, env, ax, nil, "graph")
	assert.Equal(t, 2, code)
	assert.Equal(t, "axtree graph: --db or a trajectory file is required (axtree help graph lists the flags)\n", errs)
	missing := filepath.Join(t.TempDir(), "missing.db")
	code, _, errs = exe(t, root, env, ax, nil, "view", "--db", missing, "--run", "r1")
	assert.Equal(t, 1, code)
	assert.Equal(t, "axtree view: "+missing+": no such file or directory\n", errs, "view --db runs in axtree-store, which opens the store read-only")
	code, _, errs = exe(t, root, env, ax, nil, "capture", "--viewport", "wide", "x.html")
	assert.Equal(t, 2, code)
	assert.Equal(t, "axtree capture: --viewport must be WIDTHxHEIGHT in pixels, each 1..10000, not \"wide\" (axtree help capture lists the flags)\n", errs)

	// axtree alone, outside a checkout: the helper is reported missing.
	lone := t.TempDir()
	b, err := os.ReadFile(ax)
	require.NoError(t, err)
	loneAx := filepath.Join(lone, "axtree")
	require.NoError(t, os.WriteFile(loneAx, b, 0o755))
	elsewhere := t.TempDir()
	code, _, errs = exe(t, elsewhere, env, loneAx, nil, "graph", "--db", "x.db")
	assert.Equal(t, 1, code)
	assert.Equal(t, "axtree graph: this command is in the axtree-store binary, which is not next to axtree or on PATH; "+
		"install it with go install ./cmd/... from a checkout (or go install github.com/axtree/axtree/cmd/axtree-store@latest)\n", errs)
	code, out2, _ := exe(t, elsewhere, env, loneAx, nil, "help", "capture")
	assert.Equal(t, 1, code)
	assert.Equal(t, "axtree capture: print the live tree of a page loaded in Chromium.\n", out2)

	// axtree alone, inside the checkout it was built from: it builds the
	// helper there (what `go run ./cmd/axtree graph` relies on).
	code, _, errs = exe(t, root, env, loneAx, nil, "graph")
	assert.Equal(t, 2, code, errs)
	assert.Regexp(t, regexp.MustCompile(`^axtree graph: axtree-store is not installed; building it from .* \(go install \./cmd/\.\.\. installs it\)\naxtree graph: --db or a trajectory file is required`), errs)
}
