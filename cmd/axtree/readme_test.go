package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// readmeBlock returns the first fenced block of the README after the line
// that contains marker.
func readmeBlock(t *testing.T, marker string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(repoRoot(t), "README.md"))
	require.NoError(t, err)
	s := string(b)
	i := strings.Index(s, marker)
	require.GreaterOrEqual(t, i, 0, "README has no %q", marker)
	s = s[i:]
	start := strings.Index(s, "\n```\n")
	require.GreaterOrEqual(t, start, 0)
	s = s[start+len("\n```\n"):]
	end := strings.Index(s, "```\n")
	require.GreaterOrEqual(t, end, 0)
	return s[:end]
}

// readmeOpening is the README's opening example.
func readmeOpening(t *testing.T) string {
	return readmeBlock(t, "as `axtree render corpus/pages/job-form.html` prints it")
}

// TestReadmeOpeningExample: the README opens with the real output of the
// command it names. When the renderer's output changes, this test fails
// until the README shows the new output.
func TestReadmeOpeningExample(t *testing.T) {
	page := filepath.Join(repoRoot(t), "corpus", "pages", "job-form.html")
	code, out, errs := runCmd(nil, "render", page)
	require.Equal(t, 0, code, errs)
	assert.Equal(t, readmeOpening(t), out, "README.md's opening example differs from `axtree render corpus/pages/job-form.html`; paste the new output")
	// The capture example is an excerpt: each of its lines is a line of
	// the real output.
	capture := filepath.Join(repoRoot(t), "corpus", "captures", "job-form.json")
	code, out, errs = runCmd(nil, "render", "--capture", capture)
	require.Equal(t, 0, code, errs)
	lines := map[string]bool{}
	for _, l := range strings.Split(out, "\n") {
		lines[strings.TrimSpace(l)] = true
	}
	excerpt := readmeBlock(t, "lines of `axtree render --capture corpus/captures/job-form.json`")
	require.NotEmpty(t, strings.TrimSpace(excerpt))
	for _, l := range strings.Split(strings.TrimSpace(excerpt), "\n") {
		assert.True(t, lines[strings.TrimSpace(l)], "README capture excerpt line not in the output: %q", l)
	}
}

// TestReadmeTrajectoryExample: the README's session with the sample
// trajectories is what the commands print (the samples are regenerated
// with the goldens, and their observation ids change with the format).
func TestReadmeTrajectoryExample(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(repoRoot(t), "README.md"))
	require.NoError(t, err)
	s := string(b)
	i := strings.Index(s, "$ axtree trajectory validate ")
	require.GreaterOrEqual(t, i, 0, "README has no trajectory session")
	block := s[i:]
	block = block[:strings.Index(block, "```")]
	t.Chdir(repoRoot(t))
	n := 0
	for _, part := range strings.Split(block, "$ axtree ")[1:] {
		cmd, want, _ := strings.Cut(part, "\n")
		var args []string
		for _, a := range strings.Fields(cmd) {
			if strings.Contains(a, "*") {
				m, err := filepath.Glob(a)
				require.NoError(t, err)
				require.NotEmpty(t, m, a)
				args = append(args, m...)
				continue
			}
			args = append(args, a)
		}
		code, out, errs := runCmd(nil, args...)
		require.Equal(t, 0, code, "%s: %s", cmd, errs)
		assert.Equal(t, want, out, "README's `axtree %s` is not what the command prints", cmd)
		n++
	}
	assert.Equal(t, 3, n, "the session's commands")
}
