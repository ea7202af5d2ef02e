package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/capture"
	"github.com/axtree/axtree/netcap/netcaptest"
	"github.com/axtree/axtree/runtime/subroutine"
	"github.com/axtree/axtree/runtime/testsite"
)

func runCLI(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := run(args, strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

func TestSubroutineMakeCLI(t *testing.T) {
	dir := t.TempDir()
	rec := netcaptest.Generate(netcaptest.Options{Variant: netcaptest.SendPersistedQuery})
	har, acts := filepath.Join(dir, "out.har"), filepath.Join(dir, "actions.json")
	require.NoError(t, os.WriteFile(har, rec.HAR, 0o644))
	require.NoError(t, os.WriteFile(acts, rec.Actions, 0o644))
	code, out, errs := runCLI("subroutine", "make", "--har", har, "--actions", acts, "--name", "send_gql")
	require.Equal(t, 0, code, errs)
	sub, err := subroutine.Decode([]byte(out))
	require.NoError(t, err)
	assert.Equal(t, "dom", sub.Plan)
	assert.Contains(t, errs, "plan dom: circuit breaker")
	assert.NotContains(t, out, rec.SendHash)

	code, _, errs = runCLI("subroutine", "make", "--har", har)
	assert.Equal(t, 2, code)
	assert.Contains(t, errs, "--har and --actions are required")
}

func TestSubroutineRunBadInputCLI(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	require.NoError(t, os.WriteFile(bad, []byte(`{"name":"x","origin":"http://127.0.0.1:1","plan":"dom","parameters":[],"body":"1","steps":[]}`), 0o644))
	rows := filepath.Join(dir, "rows.csv")
	require.NoError(t, os.WriteFile(rows, []byte("a\n1\n"), 0o644))
	code, _, errs := runCLI("subroutine", "run", bad, "--rows", rows)
	assert.Equal(t, 1, code)
	assert.Contains(t, errs, `bad.json: steps: unknown field`)

	good := filepath.Join(dir, "good.json")
	require.NoError(t, os.WriteFile(good, []byte(`{"name":"x","origin":"http://127.0.0.1:1","plan":"dom","parameters":[{"name":"who","type":"string","description":"d"},{"name":"n","type":"integer","description":"d"}],"body":"1"}`), 0o644))
	code, _, errs = runCLI("subroutine", "run", good, "--rows", rows)
	assert.Equal(t, 1, code)
	assert.Contains(t, errs, `column "a" is not a parameter (the parameters are who, n)`)
	require.NoError(t, os.WriteFile(rows, []byte("who\nada\n"), 0o644))
	code, _, errs = runCLI("subroutine", "run", good, "--rows", rows)
	assert.Equal(t, 1, code)
	assert.Contains(t, errs, `no column for parameter "n" (integer)`)
	code, _, errs = runCLI("subroutine", "run", good, "--rows", filepath.Join(dir, "rows.txt"))
	assert.Equal(t, 2, code)
	assert.Contains(t, errs, "want a .csv, .jsonl or .ndjson file")
}

func needChromium(t *testing.T) {
	if capture.FindChromium() == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("Chromium is required on CI but was not found")
		}
		t.Skip("Chromium not found; skipping the live runtime CLI tests")
	}
}

func TestExecCLI(t *testing.T) {
	needChromium(t)
	f, err := testsite.StartForms()
	require.NoError(t, err)
	defer f.Close()
	dir := t.TempDir()
	prog := filepath.Join(dir, "p.js")
	require.NoError(t, os.WriteFile(prog, []byte("await ax.type({role: 'textbox', name: 'Name'}, who);\nreturn window.appState.name;\n"), 0o644))
	params := filepath.Join(dir, "params.json")
	require.NoError(t, os.WriteFile(params, []byte(`{"who": "Ada </script> ${x}"}`), 0o644))
	code, out, errs := runCLI("exec", "--url", f.URL()+"/react", prog, "--params", params)
	require.Equal(t, 0, code, errs)
	var r struct {
		Result any
		Calls  []struct{ Call string }
		Error  string
	}
	require.NoError(t, json.Unmarshal([]byte(out), &r))
	assert.Equal(t, "Ada </script> ${x}", r.Result)
	require.Len(t, r.Calls, 1)
	assert.Equal(t, "type", r.Calls[0].Call)

	require.NoError(t, os.WriteFile(prog, []byte("return (;"), 0o644))
	code, out, _ = runCLI("exec", "--url", f.URL()+"/react", prog)
	assert.Equal(t, 1, code)
	assert.Contains(t, out, `"error": "program syntax error: SyntaxError: Unexpected token ';'"`)
}

func TestSubroutineRunCLI(t *testing.T) {
	needChromium(t)
	g, err := testsite.StartGraphQL()
	require.NoError(t, err)
	defer g.Close()
	dir := t.TempDir()
	sub := filepath.Join(dir, "send.json")
	require.NoError(t, os.WriteFile(sub, []byte(fmt.Sprintf(`{"name":"send","origin":%q,"page":"/app","plan":"dom",
	 "parameters":[{"name":"recipient","type":"string","description":"to"},{"name":"text","type":"string","description":"what"}],
	 "body":"await ax.type({role: 'textbox', name: 'Recipient'}, recipient);\nawait ax.type({role: 'textbox', name: 'Text'}, text);\nawait ax.click({role: 'button', name: 'Send'});\nreturn /Sent #/.test((await ax.observe()).text);"}`, g.URL())), 0o644))
	rows := filepath.Join(dir, "rows.jsonl")
	require.NoError(t, os.WriteFile(rows, []byte(`{"recipient":"a","text":"one"}`+"\n"+`{"recipient":"b","text":2}`+"\n"+`{"recipient":"c","text":"three"}`+"\n"), 0o644))
	code, out, errs := runCLI("subroutine", "run", sub, "--rows", rows, "--concurrency", "2")
	assert.Equal(t, 1, code, errs)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, lines, 3, out)
	assert.Contains(t, lines[0], `"row":1,"line":1,"outcome":"ok"`)
	assert.Contains(t, lines[1], `"row":2,"line":2,"outcome":"invalid","error":"row 2 (line 2): parameter \"text\": the number 2 is not a string"`)
	assert.Contains(t, lines[2], `"row":3,"line":3,"outcome":"ok"`)
	assert.Contains(t, errs, "1 of 3 rows did not succeed")
	assert.Len(t, g.Messages(), 2)
}
