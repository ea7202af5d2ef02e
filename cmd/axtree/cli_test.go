package main

import (
	"bytes"
	"compress/gzip"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// repoRoot is the module root (two levels up from this package).
func repoRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	require.NoError(t, err)
	return root
}

// TestHelpOneStyle: every command's help comes from one place, the same
// text for `axtree help CMD` and `axtree CMD -h`, in one layout: a usage
// line, the doc, and a flags list of "  --name VALUE   text" items.
func TestHelpOneStyle(t *testing.T) {
	item := regexp.MustCompile(`^  (--[a-z-]+( [A-Za-z|.]+)?|-h, --help)( {2,}\S.*)?$|^ {26}\S`)
	for _, c := range program().Commands {
		if c.Binary != "" {
			continue // helper binaries: TestInstalledBinaries
		}
		code, help, errs := runCmd(nil, "help", c.Name)
		require.Equal(t, 0, code, "help %s: %s", c.Name, errs)
		code, dashH, _ := runCmd(nil, c.Name, "-h")
		require.Equal(t, 0, code)
		_, dashDashHelp, _ := runCmd(nil, c.Name, "--help")
		assert.Equal(t, help, dashH, "%s: help and -h differ", c.Name)
		assert.Equal(t, help, dashDashHelp, "%s: help and --help differ", c.Name)
		assert.True(t, strings.HasPrefix(help, "usage: axtree "+c.Name+" "), "%s:\n%s", c.Name, help)
		_, flags, ok := strings.Cut(help, "\nflags:\n")
		require.True(t, ok, "%s: no flags section:\n%s", c.Name, help)
		for _, l := range strings.Split(strings.TrimSuffix(flags, "\n"), "\n") {
			assert.Regexp(t, item, l, "%s: flag line out of style", c.Name)
			assert.LessOrEqual(t, len([]rune(l)), 79, "%s: line too long: %q", c.Name, l)
		}
	}
}

// TestInspectParsesFlags: inspect goes through the same flag parser as
// every command (it used to look at its arguments by hand).
func TestInspectParsesFlags(t *testing.T) {
	code, _, errs := runCmd(nil, "inspect", "--bogus", "x.html")
	assert.Equal(t, 2, code)
	assert.Equal(t, "axtree inspect: unknown flag --bogus (axtree help inspect lists the flags)\n", errs)
	code, out, _ := runCmd([]byte("<button>Go</button>"), "inspect", "--", "-")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, `"role":"button","name":"Go"`)
}

// TestBadInputs: what a new user may hand the CLI by mistake gets one
// clear line on stderr that says what the input is.
func TestBadInputs(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty.html")
	require.NoError(t, os.WriteFile(empty, nil, 0o644))
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte("<p>compressed page</p>"))
	zw.Close()
	binary := filepath.Join(dir, "page.html.gz")
	require.NoError(t, os.WriteFile(binary, gz.Bytes(), 0o644))
	har := filepath.Join(dir, "rec.har")
	require.NoError(t, os.WriteFile(har, []byte(`{"log":{"version":"1.2","entries":[]}}`), 0o644))
	other := filepath.Join(dir, "data.json")
	require.NoError(t, os.WriteFile(other, []byte(`{"items":[1,2]}`), 0o644))
	html := filepath.Join(repoRoot(t), "corpus", "pages", "job-form.html")

	cases := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"render", empty}, 1, "axtree render: " + empty + " is empty: there is no page to read\n"},
		{[]string{"render", binary}, 1, "axtree render: " + binary + " is not a page: it is binary data (application/x-gzip), not HTML or a capture document\n"},
		{[]string{"render", dir}, 1, "axtree render: " + dir + " is a directory, not a file\n"},
		{[]string{"render", har}, 1, "axtree render: " + har + " is a HAR recording, not a page (axtree rank ranks its requests)\n"},
		{[]string{"render", other}, 1, "axtree render: " + other + ` is JSON but not a capture document (a capture has "version" and a "root" object; axtree capture --save writes one)` + "\n"},
		{[]string{"render", "--capture", html}, 1, "axtree render: " + html + " is not a capture document: it is not JSON (an HTML page? drop --capture)\n"},
		{[]string{"render", filepath.Join(dir, "nope.html")}, 1, "axtree render: " + filepath.Join(dir, "nope.html") + ": no such file or directory\n"},
		{[]string{"inspect", dir}, 1, "axtree inspect: " + dir + " is a directory, not a file\n"},
		{[]string{"find", "--role", "button", empty}, 1, "axtree find: " + empty + " is empty: there is no page to read\n"},
		{[]string{"rank", empty}, 1, "axtree rank: " + empty + " is empty: there is no HAR to rank\n"},
		{[]string{"rank", binary}, 1, "axtree rank: " + binary + " is binary data (application/x-gzip), not a HAR recording\n"},
		{[]string{"rank", dir}, 1, "axtree rank: " + dir + " is a directory, not a file\n"},
	}
	for _, c := range cases {
		code, out, errs := runCmd(nil, c.args...)
		assert.Equal(t, c.code, code, "%v", c.args)
		assert.Equal(t, c.want, errs, "%v", c.args)
		assert.Empty(t, out, "%v", c.args)
	}
}

// TestCaptureWithoutFlag: a capture document is recognised by its content
// and rendered as one, with a note; the output is what --capture gives.
func TestCaptureWithoutFlag(t *testing.T) {
	capture := filepath.Join(repoRoot(t), "corpus", "captures", "job-form.json")
	code, want, errs := runCmd(nil, "render", "--capture", capture)
	require.Equal(t, 0, code, errs)
	assert.Empty(t, errs)
	code, got, errs := runCmd(nil, "render", capture)
	require.Equal(t, 0, code, errs)
	assert.Equal(t, want, got)
	assert.Equal(t, "axtree render: "+capture+" is a capture document; rendered it as one (as --capture does)\n", errs)
	// Through standard input too, and for find.
	b, err := os.ReadFile(capture)
	require.NoError(t, err)
	code, got, _ = runCmd(b, "render", "-")
	assert.Equal(t, 0, code)
	assert.Equal(t, want, got)
	code, got, _ = runCmd(b, "find", "--role", "button", "--name", "deliver", "-")
	assert.Equal(t, 0, code)
	assert.Equal(t, "[id=10] [button] Deliver to hiring team\n", got)
	// inspect reads HTML only and says so.
	code, _, errs = runCmd(nil, "inspect", capture)
	assert.Equal(t, 1, code)
	assert.Equal(t, "axtree inspect: "+capture+" is a capture document, not HTML (axtree render renders a capture)\n", errs)
}

// TestErrorsSayItOnce: an error is one line that names what was wrong,
// without the packages' prefixes repeated after the command's.
func TestErrorsSayItOnce(t *testing.T) {
	code, _, errs := runCmd([]byte(`{"version": 1, "root": {"tag": "#document", "children": [{"tag": 5}]}}`), "render", "-")
	assert.Equal(t, 1, code)
	assert.NotContains(t, errs, "render: capture:")
	assert.NotContains(t, errs, "wire:")
	assert.True(t, strings.HasPrefix(errs, "axtree render: standard input: not a valid capture document: "), errs)
	assert.Equal(t, 1, strings.Count(errs, "\n"), errs)
	code, _, errs = runCmd(nil, "render", "--view", "fat", "-")
	assert.Equal(t, 2, code)
	assert.Equal(t, "axtree render: --view must be lean or enriched, not \"fat\" (axtree help render lists the flags)\n", errs)
	code, _, errs = runCmd(nil, "rendr", "x.html")
	assert.Equal(t, 2, code)
	assert.Equal(t, "axtree: unknown command \"rendr\"; did you mean \"render\"? (axtree help lists the commands)\n", errs)
}

// TestLinksToStdout: --links - writes the link record to standard output
// after the tree, not to a file named "-".
func TestLinksToStdout(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	code, out, errs := runCmd([]byte(formPage), "render", "--base-url", "https://x.test/", "--links", "-", "-")
	require.Equal(t, 0, code, errs)
	assert.True(t, strings.HasSuffix(out, "[button] Submit Application [id=4]\n"+`{"2":"https://x.test/jobs"}`+"\n"), out)
	_, err := os.Stat(filepath.Join(dir, "-"))
	assert.True(t, os.IsNotExist(err), "a file named - was written")
}

// TestFindMatchesLikeGetByRole: substring by default, --exact, /regexp/,
// a misspelt role, a page with nothing to find.
func TestFindMatchesLikeGetByRole(t *testing.T) {
	page := []byte(`<main><button>Submit Application</button><button>Submit</button><a href=/x>submit a bug</a></main>`)
	code, out, _ := runCmd(page, "find", "--role", "button", "--name", "submit", "-")
	assert.Equal(t, 0, code)
	assert.Equal(t, "[id=2] [button] Submit Application\n[id=3] [button] Submit\n", out)
	code, out, _ = runCmd(page, "find", "--role", "button", "--name", "Submit", "--exact", "-")
	assert.Equal(t, 0, code)
	assert.Equal(t, "[id=3] [button] Submit\n", out)
	code, out, _ = runCmd(page, "find", "--role", "button", "--name", "submit", "--exact", "-")
	assert.Equal(t, 1, code, "exact is case-sensitive")
	assert.True(t, strings.HasPrefix(out, "no match; closest candidates:\n"), out)
	code, out, _ = runCmd(page, "find", "--name", "/^submit$/i", "-")
	assert.Equal(t, 0, code)
	assert.Equal(t, "[id=3] [button] Submit\n", out)
	code, _, errs := runCmd(page, "find", "--role", "buton", "--name", "Submit", "-")
	assert.Equal(t, 2, code)
	assert.Equal(t, "axtree find: unknown role \"buton\" (did you mean \"button\"?) (axtree help find lists the flags)\n", errs)
	code, out, _ = runCmd([]byte("<p>Only text here.</p>"), "find", "--role", "button", "-")
	assert.Equal(t, 1, code)
	assert.Equal(t, "no match; the page has no element with a role to match against\n", out)
}

// TestVersion: --version prints the module version from the build info.
func TestVersion(t *testing.T) {
	for _, arg := range []string{"--version", "version"} {
		code, out, _ := runCmd(nil, arg)
		assert.Equal(t, 0, code)
		assert.Regexp(t, `^axtree (\S+)( \(revision [0-9a-f]{12}(\+modified)?(, \S+)?\))? go1\.\d+`, out)
	}
}

// TestCoreImportsNoHeavyStack: the core binary, which `go run
// ./cmd/axtree render` builds on a fresh machine, links no browser driver,
// database or MCP SDK.
func TestCoreImportsNoHeavyStack(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go tool on PATH")
	}
	out, err := exec.Command(goTool, "list", "-deps", ".").Output()
	require.NoError(t, err)
	// observe itself is pure Go (stabilized ids, the graph): bench uses it.
	// Its stores and server, and anything SQL, stay out.
	heavy := regexp.MustCompile(`(?m)^(github\.com/chromedp/|modernc\.org/|github\.com/jackc/|github\.com/modelcontextprotocol/|database/sql$|github\.com/axtree/axtree/((capture|mcp)(/|$)|observe/))`)
	assert.Empty(t, heavy.FindAllString(string(out), -1), "cmd/axtree must stay free of these; put the command in axtree-live or axtree-store")
}
