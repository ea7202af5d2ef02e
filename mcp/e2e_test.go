package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/capture"
	"github.com/axtree/axtree/observe/sqlite"
	"github.com/axtree/axtree/runtime/subroutine"
	"github.com/axtree/axtree/tokens"
	"github.com/axtree/axtree/trajectory"
	"github.com/axtree/axtree/trajectory/view"
)

// TestMain runs the package's tests, or, as a child of TestStdio, the
// server on standard input and output.
func TestMain(m *testing.M) {
	if os.Getenv("AXTREE_MCP_TEST_CHILD") == "stdio" {
		os.Exit(runStdioChild())
	}
	code := m.Run()
	closeShared()
	os.Exit(code)
}

// needChromium skips without Chromium, except under CI=true.
func needChromium(t testing.TB) {
	t.Helper()
	if capture.FindChromium() == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("Chromium is required on CI (apt-get install -y chromium) but was not found")
		}
		t.Skip("Chromium not found (set AXTREE_CHROMIUM or install chromium); skipping the MCP browser tests")
	}
}

// testBrowser are generous timeouts: the machine is shared and loaded.
var testBrowser = capture.Options{
	NavTimeout: 30 * time.Second, Settle: 3 * time.Second, Quiet: 150 * time.Millisecond,
	CollectTimeout: 60 * time.Second, ActTimeout: 30 * time.Second,
}

// One server (one Chromium) for the package's browser tests.
var (
	sharedMu    sync.Mutex
	sharedSrv   *Server
	sharedStore *sqlite.Store
	sharedDir   string
)

func closeShared() {
	sharedMu.Lock()
	defer sharedMu.Unlock()
	if sharedSrv != nil {
		sharedSrv.Close()
		sharedStore.Close()
		os.RemoveAll(sharedDir)
	}
}

// own returns a server of the test's own (its own Chromium and store),
// closed at the end of the test.
func own(t testing.TB, opts Options) *Server {
	t.Helper()
	dir := t.TempDir()
	st, err := sqlite.Open(filepath.Join(dir, "obs.db"), sqlite.Options{})
	require.NoError(t, err)
	if opts.Browser.NavTimeout == 0 {
		opts.Browser = testBrowser
	}
	opts.Store = st
	srv, err := New(opts)
	require.NoError(t, err)
	t.Cleanup(func() { srv.Close(); st.Close() })
	return srv
}

func shared(t testing.TB) *Server {
	t.Helper()
	sharedMu.Lock()
	defer sharedMu.Unlock()
	if sharedSrv == nil {
		dir, err := os.MkdirTemp("", "axtree-mcp-test-")
		require.NoError(t, err)
		st, err := sqlite.Open(filepath.Join(dir, "obs.db"), sqlite.Options{})
		require.NoError(t, err)
		srv, err := New(Options{Browser: testBrowser, Store: st})
		require.NoError(t, err)
		sharedSrv, sharedStore, sharedDir = srv, st, dir
	}
	return sharedSrv
}

// connect opens a client session on srv over the in-memory transport.
func connect(t testing.TB, srv *Server) *sdk.ClientSession {
	t.Helper()
	ctx := context.Background()
	st, ct := sdk.NewInMemoryTransports()
	ss, err := srv.MCP().Connect(ctx, st, nil)
	require.NoError(t, err)
	c := sdk.NewClient(&sdk.Implementation{Name: "test", Version: "v0"}, nil)
	cs, err := c.Connect(ctx, ct, nil)
	require.NoError(t, err)
	t.Cleanup(func() { cs.Close(); ss.Wait() })
	return cs
}

// call calls a tool and returns its text and whether it is an error result.
func call(t testing.TB, cs *sdk.ClientSession, name string, args any) (string, bool) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	res, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: name, Arguments: args})
	require.NoError(t, err, "%s: protocol error", name)
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*sdk.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String(), res.IsError
}

// ok calls a tool that must succeed.
func ok(t testing.TB, cs *sdk.ClientSession, name string, args any) string {
	t.Helper()
	text, isErr := call(t, cs, name, args)
	require.False(t, isErr, "%s(%v) failed: %s", name, args, text)
	return text
}

// idOf returns the id on the first line of text matching re (which should
// match a whole tree line): its [id=N], or N of a link's [name](N).
func idOf(t testing.TB, text, re string) int {
	t.Helper()
	m := regexp.MustCompile(`(?m)` + re + `.*?(?:\[id=(\d+)\]|\]\((\d+)\))`).FindStringSubmatch(text)
	require.NotNil(t, m, "no line matching %q in:\n%s", re, text)
	id, err := strconv.Atoi(m[1] + m[2])
	require.NoError(t, err)
	return id
}

// TestToolsList: every tool has a description and an input schema that is
// valid JSON Schema (draft 2020-12, resolved by the SDK's own library).
func TestToolsList(t *testing.T) {
	srv := shared(t)
	cs := connect(t, srv)
	res, err := cs.ListTools(context.Background(), nil)
	require.NoError(t, err)
	names := map[string]bool{}
	for _, tl := range res.Tools {
		names[tl.Name] = true
		assert.NotEmpty(t, tl.Description, tl.Name)
		raw, err := json.Marshal(tl.InputSchema)
		require.NoError(t, err)
		var sc jsonschema.Schema
		require.NoError(t, json.Unmarshal(raw, &sc), "%s: %s", tl.Name, raw)
		_, err = sc.Resolve(nil)
		assert.NoError(t, err, "%s: schema %s", tl.Name, raw)
		assert.Equal(t, "object", sc.Type, tl.Name)
	}
	want := []string{"browser_navigate", "browser_snapshot", "browser_click", "browser_type",
		"browser_select_option", "browser_check", "browser_tabs", "browser_find"}
	// The tools that need more of the browser adapter are listed when it has it.
	for name, ok := range map[string]bool{"browser_navigate_back": has[historyPage](), "browser_press_key": has[keyPage](),
		"browser_hover": has[hoverPage](), "browser_scroll_into_view": has[scrollPage](), "browser_file_upload": has[filesPage]()} {
		assert.Equal(t, ok, names[name], "tool %s is listed exactly when the adapter can", name)
	}
	for _, w := range want {
		assert.True(t, names[w], "tool %s is listed", w)
	}
}

// TestEndToEnd drives the shadow-root and frame page through the tools.
func TestEndToEnd(t *testing.T) {
	needChromium(t)
	web := site(t)
	srv := shared(t)
	cs := connect(t, srv)

	nav := ok(t, cs, "browser_navigate", map[string]any{"url": web.URL + "/shadow"})
	assert.Contains(t, nav, "navigated to "+web.URL+"/shadow")
	runs := srv.Runs()
	run := runs[len(runs)-1]
	assert.Contains(t, nav, "[heading][level=1] Redeem a code")

	snap := ok(t, cs, "browser_snapshot", map[string]any{})
	field := idOf(t, snap, `\[textbox\]\S* Voucher code`)
	assert.Equal(t, field, idOf(t, nav, `\[textbox\]\S* Voucher code`), "the id from navigate still names the field")

	found := ok(t, cs, "browser_find", map[string]any{"role": "button", "name": "redeem"})
	button := idOf(t, found, `\[button\] Redeem`)
	miss := ok(t, cs, "browser_find", map[string]any{"role": "button", "name": "Reedem now", "match": "exact"})
	assert.Contains(t, miss, "no match; closest:")
	assert.Contains(t, miss, "[button] Redeem")

	typed := ok(t, cs, "browser_type", map[string]any{"id": field, "text": "WINTER-24"})
	assert.Contains(t, typed, "changed: ")
	assert.Contains(t, typed, `[id=`+strconv.Itoa(field)+`] [value=WINTER-24]`, "the typed value, inside the closed shadow root")
	assert.NotContains(t, typed, "Redeem a code", "an action does not resend the page")

	clicked := ok(t, cs, "browser_click", map[string]any{"id": button})
	assert.Contains(t, clicked, "appeared: Redeemed: WINTER-24\n")

	link := idOf(t, snap, `\[Show the second panel`)
	follow := ok(t, cs, "browser_click", map[string]any{"id": link})
	assert.Contains(t, follow, "Second panel.", "the frame's new content appeared")
	assert.NotContains(t, follow, "navigated to", "the main document did not change")
	press := idOf(t, follow, `\[button\] Press me`)
	inFrame := ok(t, cs, "browser_click", map[string]any{"id": press})
	assert.Contains(t, inFrame, "Panel button pressed")

	// The old link id still names the same link.
	again := ok(t, cs, "browser_find", map[string]any{"role": "link", "name": "second panel"})
	assert.Equal(t, link, idOf(t, again, `\[Show the second panel`))

	budgeted := ok(t, cs, "browser_snapshot", map[string]any{"max_tokens": 40})
	assert.Contains(t, budgeted, "[id="+strconv.Itoa(press)+"]", "a budget keeps every operable id")
	assert.Contains(t, budgeted, "[truncated=budget")

	scoped := ok(t, cs, "browser_snapshot", map[string]any{"id": press})
	assert.Contains(t, scoped, "[button] Press me")
	assert.NotContains(t, scoped, "Redeem a code")
	_, isErr := call(t, cs, "browser_click", map[string]any{"id": 999})
	assert.True(t, isErr)

	// The session's trajectory validates and the viewer opens it; the
	// store has it too, step for step.
	tr := srv.Trajectory(run)
	require.NotNil(t, tr)
	fromStore, err := sharedStore.Trajectory(context.Background(), run)
	require.NoError(t, err)
	require.NoError(t, trajectory.Validate(fromStore))
	assert.Len(t, fromStore.Steps, len(tr.Steps))
	assert.Len(t, fromStore.Observations, len(tr.Observations))
	require.NoError(t, trajectory.Validate(tr))
	html, err := view.HTML(tr)
	require.NoError(t, err)
	assert.Contains(t, string(html), "Voucher code")
	var tools []string
	for _, st := range tr.Steps {
		tools = append(tools, st.Actions[0].Call.Tool)
	}
	assert.Equal(t, []string{"browser_navigate", "browser_snapshot", "browser_find", "browser_find", "browser_type", "browser_click",
		"browser_click", "browser_click", "browser_find", "browser_snapshot", "browser_snapshot", "browser_click"}, tools)
	typeStep := tr.Steps[4].Actions[0]
	require.NotNil(t, typeStep.Resolved, "the typed-into field is resolved in the observation the agent had")
	assert.Equal(t, field, typeStep.Resolved.ID)
	assert.Equal(t, "textbox", typeStep.Resolved.Role)
	last := tr.Steps[len(tr.Steps)-1]
	assert.Equal(t, trajectory.StepFailed, last.Outcome)
	assert.Contains(t, last.Actions[0].Error, "no element [id=999]")
}

// TestBadInput: each mistake is an error result with a clear message and
// the session goes on working.
func TestBadInput(t *testing.T) {
	srv := shared(t)
	cs := connect(t, srv)
	ctx := context.Background()

	_, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "browser_teleport", Arguments: map[string]any{}})
	require.Error(t, err)
	assert.Contains(t, err.Error(), `unknown tool "browser_teleport"`)

	text, isErr := call(t, cs, "browser_click", map[string]any{"id": "seven"})
	assert.True(t, isErr)
	assert.Contains(t, text, "id")

	text, isErr = call(t, cs, "browser_navigate", map[string]any{"url": "file:///etc/passwd"})
	assert.True(t, isErr)
	assert.Contains(t, text, "refused")
	assert.Contains(t, text, "--allow-file-urls")
	text, isErr = call(t, cs, "browser_navigate", map[string]any{"url": "chrome://settings"})
	assert.True(t, isErr)
	assert.Contains(t, text, "refused")
	text, isErr = call(t, cs, "browser_navigate", map[string]any{"url": "not a url"})
	assert.True(t, isErr)
	assert.Contains(t, text, "not an absolute URL")

	text, isErr = call(t, cs, "browser_click", map[string]any{"id": 3})
	assert.True(t, isErr, "no page yet")
	assert.Contains(t, text, "browser_navigate first")

	text, isErr = call(t, cs, "browser_tabs", map[string]any{"action": "shuffle"})
	assert.True(t, isErr)
	assert.Contains(t, text, "shuffle")
}

// TestGoneID: an id the model read before the page changed is reported as
// gone, with the line it had.
func TestGoneID(t *testing.T) {
	needChromium(t)
	web := site(t)
	cs := connect(t, shared(t))
	nav := ok(t, cs, "browser_navigate", map[string]any{"url": web.URL + "/shop"})
	toys := idOf(t, nav, `\[Toys`)
	box := idOf(t, nav, `\[searchbox\]`)
	ok(t, cs, "browser_type", map[string]any{"id": box, "text": "katzenfutter"})
	results := ok(t, cs, "browser_click", map[string]any{"id": idOf(t, nav, `\[button\] Search`)})
	assert.Contains(t, results, "navigated to /search?q=katzenfutter ")
	assert.Contains(t, results, "gone: ")
	found := ok(t, cs, "browser_find", map[string]any{"role": "searchbox", "name": "search products"})
	assert.Equal(t, box, idOf(t, found, `\[searchbox\]`), "the search box kept its number across the navigation")
	text, isErr := call(t, cs, "browser_click", map[string]any{"id": toys})
	assert.True(t, isErr)
	assert.Contains(t, text, "is gone: it was \"[Toys]("+strconv.Itoa(toys)+")\"")
	text, isErr = call(t, cs, "browser_click", map[string]any{"id": 9999})
	assert.True(t, isErr)
	assert.Contains(t, text, "no element [id=9999]")
}

// runStdioChild serves MCP on standard input and output (TestStdio's child).
func runStdioChild() int {
	dir, err := os.MkdirTemp("", "axtree-mcp-child-")
	if err != nil {
		return 1
	}
	defer os.RemoveAll(dir)
	st, err := sqlite.Open(filepath.Join(dir, "obs.db"), sqlite.Options{})
	if err != nil {
		return 1
	}
	defer st.Close()
	srv, err := New(Options{Browser: testBrowser, Store: st})
	if err != nil {
		return 1
	}
	defer srv.Close()
	if err := srv.ServeStdio(context.Background(), os.Stdin, os.Stdout); err != nil {
		return 1
	}
	return 0
}

// TestStdio runs the server as a child process over stdio and fills in the
// job form through it.
func TestStdio(t *testing.T) {
	needChromium(t)
	web := site(t)
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "AXTREE_MCP_TEST_CHILD=stdio")
	cmd.Stderr = os.Stderr
	c := sdk.NewClient(&sdk.Implementation{Name: "test", Version: "v0"}, nil)
	cs, err := c.Connect(context.Background(), &sdk.CommandTransport{Command: cmd}, nil)
	require.NoError(t, err)
	defer cs.Close()

	nav := ok(t, cs, "browser_navigate", map[string]any{"url": web.URL + "/jobs/42"})
	name := idOf(t, nav, `\[textbox\]\S* Name \*`)
	typed := ok(t, cs, "browser_type", map[string]any{"id": name, "text": "Grace Hopper"})
	assert.Contains(t, typed, `[id=`+strconv.Itoa(name)+`] [value="Grace Hopper"]`)
	terms := idOf(t, nav, `\[checkbox\] I agree`)
	checked := ok(t, cs, "browser_check", map[string]any{"id": terms})
	assert.Contains(t, checked, `[id=`+strconv.Itoa(terms)+`] [checked]`)
	again := ok(t, cs, "browser_check", map[string]any{"id": terms})
	assert.Contains(t, again, "already checked")
}

// answerTokens counts the tokens of a tool's answer.
func answerTokens(t testing.TB, s string) int {
	c, err := tokens.Load()
	require.NoError(t, err)
	return c.Count(tokens.O200k, []byte(s))
}

// TestQuietMeasured is the acceptance measure of quiet answers, in a real
// browser: the job form filled in one field per action and sent, and the
// shop searched and a product opened. After every action the test also
// asks for browser_snapshot, which is what a server answering every action
// with the full tree would have returned; the quiet answers must cost at
// most 10% of those.
func TestQuietMeasured(t *testing.T) {
	needChromium(t)
	web := site(t)
	cs := connect(t, shared(t))
	var quiet, full int
	var rows []string
	step := func(label, tool string, args map[string]any) string {
		t.Helper()
		ans := ok(t, cs, tool, args)
		snap := ok(t, cs, "browser_snapshot", map[string]any{})
		q, f := answerTokens(t, ans), answerTokens(t, snap)
		quiet, full = quiet+q, full+f
		rows = append(rows, fmt.Sprintf("| %s | %d | %d |", label, q, f))
		return ans
	}

	form := ok(t, cs, "browser_navigate", map[string]any{"url": web.URL + "/jobs/42"})
	field := func(re string) int { return idOf(t, form, re) }
	step("job form: type name", "browser_type", map[string]any{"id": field(`\[textbox\]\S* Name \*`), "text": "Ada Lovelace"})
	step("job form: type email", "browser_type", map[string]any{"id": field(`\[textbox\]\S* Email \*`), "text": "ada@example.org"})
	step("job form: type GitHub", "browser_type", map[string]any{"id": field(`\[textbox\]\S* GitHub \*`), "text": "https://github.com/ada"})
	step("job form: type phone", "browser_type", map[string]any{"id": field(`\[textbox\]\S* Phone`), "text": "+49 30 5550100"})
	step("job form: select location", "browser_select_option", map[string]any{"id": field(`\[combobox\] Location`), "values": []string{"Berlin"}})
	step("job form: check 3–5 years", "browser_check", map[string]any{"id": field(`\[radio\] 3–5`)})
	step("job form: type why", "browser_type", map[string]any{"id": field(`\[textbox\]\S* Why do you want`), "text": "I like building fast, correct tools."})
	step("job form: check privacy", "browser_check", map[string]any{"id": field(`\[checkbox\] I agree`)})
	sent := step("job form: click submit", "browser_click", map[string]any{"id": field(`\[button\] Submit Application`)})
	assert.Contains(t, sent, "Thank you, Ada Lovelace!")

	shop := ok(t, cs, "browser_navigate", map[string]any{"url": web.URL + "/shop"})
	step("shop: type search", "browser_type", map[string]any{"id": idOf(t, shop, `\[searchbox\]`), "text": "katzenfutter"})
	results := step("shop: click search", "browser_click", map[string]any{"id": idOf(t, shop, `\[button\] Search`)})
	assert.Contains(t, results, "navigated to /search?q=katzenfutter ")
	list := ok(t, cs, "browser_snapshot", map[string]any{})
	product := step("shop: click product", "browser_click", map[string]any{"id": idOf(t, list, `\[Whiskas Adult Dry Food`)})
	assert.Contains(t, product, "navigated to /p/B00000001 ")

	t.Logf("\n| action | quiet answer (tokens) | full snapshot (tokens) |\n| --- | ---: | ---: |\n%s\n| **total** | **%d** | **%d** (quiet = %.1f%%) |",
		strings.Join(rows, "\n"), quiet, full, 100*float64(quiet)/float64(full))
	assert.LessOrEqual(t, 10*quiet, full, "quiet answers cost at most 10%% of a full snapshot per action")
}

// TestKeysHistoryDialogs: submit with Enter, back and forward, and a
// confirm dialog that is answered (dismissed) instead of hanging the page.
func TestKeysHistoryDialogs(t *testing.T) {
	needChromium(t)
	web := site(t)
	cs := connect(t, shared(t))
	shop := ok(t, cs, "browser_navigate", map[string]any{"url": web.URL + "/shop"})
	res := ok(t, cs, "browser_type", map[string]any{"id": idOf(t, shop, `\[searchbox\]`), "text": "katzenfutter", "submit": true})
	assert.Contains(t, res, "navigated to /search?q=katzenfutter ")
	back := ok(t, cs, "browser_navigate_back", map[string]any{})
	assert.Contains(t, back, "navigated to /shop ")
	fwd := ok(t, cs, "browser_navigate_forward", map[string]any{})
	assert.Contains(t, fwd, "navigated to /search?q=katzenfutter ")
	text, isErr := call(t, cs, "browser_navigate_forward", map[string]any{})
	assert.True(t, isErr)
	assert.Contains(t, text, "no such history entry")

	dlg := ok(t, cs, "browser_navigate", map[string]any{"url": web.URL + "/dialog"})
	answer := ok(t, cs, "browser_click", map[string]any{"id": idOf(t, dlg, `\[button\] Delete`)})
	assert.Contains(t, answer, `dialog: confirm "Delete everything?" (dismissed)`)
	assert.Contains(t, answer, "appeared: kept")
	reload := ok(t, cs, "browser_reload", map[string]any{})
	assert.Contains(t, reload, "gone: 1 text lines")
}

// TestPasswordNotRecorded: what is typed into a password field appears in
// no answer, no trajectory and no stored observation.
func TestPasswordNotRecorded(t *testing.T) {
	needChromium(t)
	web := site(t)
	srv := shared(t)
	cs := connect(t, srv)
	nav := ok(t, cs, "browser_navigate", map[string]any{"url": web.URL + "/login"})
	runs := srv.Runs()
	run := runs[len(runs)-1]
	const secret = "hunter2-very-secret"
	ans := ok(t, cs, "browser_type", map[string]any{"id": idOf(t, nav, `\[textbox\]\S* Password`), "text": secret})
	assert.NotContains(t, ans, secret)
	raw, err := json.Marshal(srv.Trajectory(run))
	require.NoError(t, err)
	assert.NotContains(t, string(raw), secret)
	assert.Contains(t, string(raw), "[redacted]")
	steps, err := sharedStore.Run(context.Background(), run+"-t1")
	require.NoError(t, err)
	require.NotEmpty(t, steps)
	for _, st := range steps {
		if st.Action != nil {
			assert.NotContains(t, st.Action.Value, secret)
		}
	}
}

// TestSubroutineTool: a Subroutine with two parameters is a tool named
// after it, with its parameters as the schema; calling it replays the task
// in the page. browser_run_program runs a program the same way.
func TestSubroutineTool(t *testing.T) {
	needChromium(t)
	web := site(t)
	srv := own(t, Options{}) // the Subroutine is bound to this run's site
	sub, err := subroutine.Decode([]byte(`{"version":1,"name":"sendMessage","description":"Send a chat message.","origin":"` + web.URL + `","page":"/chat","plan":"dom",
	  "parameters":[{"name":"to","type":"string","description":"who gets it"},{"name":"text","type":"string","description":"the message"}],
	  "body":"await ax.type({role: 'textbox', name: 'To'}, to); await ax.type({role: 'textbox', name: 'Message'}, text); await ax.click({role: 'button', name: 'Send'}); return 'sent';"}`))
	require.NoError(t, err)
	require.NoError(t, srv.AddSubroutine(sub))
	assert.ErrorContains(t, srv.AddSubroutine(sub), "taken")
	cs := connect(t, srv)

	res, err := cs.ListTools(context.Background(), nil)
	require.NoError(t, err)
	var found *sdk.Tool
	for _, tl := range res.Tools {
		if tl.Name == "sendMessage" {
			found = tl
		}
	}
	require.NotNil(t, found, "the Subroutine is a tool")
	raw, _ := json.Marshal(found.InputSchema)
	assert.Contains(t, string(raw), `"required":["to","text"]`)

	text, isErr := call(t, cs, "sendMessage", map[string]any{"to": "ada"})
	assert.True(t, isErr, "a missing parameter is an error result: %s", text)
	text, isErr = call(t, cs, "sendMessage", map[string]any{"to": "ada", "text": 7})
	assert.True(t, isErr, "a wrong type too: %s", text)

	ans := ok(t, cs, "sendMessage", map[string]any{"to": "ada", "text": "hello from MCP"})
	assert.Contains(t, ans, `result: "sent"`)
	assert.Contains(t, ans, "calls: 3 (type, type, click)")
	assert.Contains(t, ans, "Sent to ada: hello from MCP")

	prog := ok(t, cs, "browser_run_program", map[string]any{"program": "const b = await ax.find({role: 'button', name: 'Send'}); await ax.click(b); return n * 2;", "params": map[string]any{"n": 21}})
	assert.Contains(t, prog, "result: 42")
	text, isErr = call(t, cs, "browser_run_program", map[string]any{"program": "throw new Error('boom')"})
	assert.True(t, isErr)
	assert.Contains(t, text, "the program failed")
	assert.Contains(t, text, "boom")
}

// TestHangingPage: a page whose script never yields is an error result
// with a clear message, within the server's timeouts, and another session
// of the same server goes on working meanwhile and after.
func TestHangingPage(t *testing.T) {
	needChromium(t)
	web := site(t)
	dir := t.TempDir()
	st, err := sqlite.Open(filepath.Join(dir, "obs.db"), sqlite.Options{})
	require.NoError(t, err)
	defer st.Close()
	short := testBrowser
	short.NavTimeout, short.CollectTimeout, short.ActTimeout = 8*time.Second, 8*time.Second, 8*time.Second
	srv, err := New(Options{Browser: short, Store: st})
	require.NoError(t, err)
	defer srv.Close()
	hung, other := connect(t, srv), connect(t, srv)

	// The other session's site is another origin (localhost, not
	// 127.0.0.1), so Chromium gives it its own renderer process.
	otherURL := strings.Replace(web.URL, "127.0.0.1", "localhost", 1)
	ok(t, other, "browser_navigate", map[string]any{"url": otherURL + "/shop"})

	done := make(chan string, 1)
	go func() {
		text, isErr := call(t, hung, "browser_navigate", map[string]any{"url": web.URL + "/spin"})
		if !isErr {
			text = "NOT AN ERROR: " + text
		}
		done <- text
	}()
	// Meanwhile the other session is served.
	snap := ok(t, other, "browser_snapshot", map[string]any{})
	assert.Contains(t, snap, "Everything for your cat")
	text := <-done
	assert.NotContains(t, text, "NOT AN ERROR")
	assert.Contains(t, text, "did not answer in time")
	// And after.
	found := ok(t, other, "browser_find", map[string]any{"role": "link", "name": "toys"})
	assert.Contains(t, found, "[Toys](")
}

// TestHoverScroll: a trusted mouse move opens what hovering opens, and
// scrolling an element into view lets the page see it.
func TestHoverScroll(t *testing.T) {
	needChromium(t)
	web := site(t)
	cs := connect(t, shared(t))
	nav := ok(t, cs, "browser_navigate", map[string]any{"url": web.URL + "/hover"})
	assert.NotContains(t, nav, "Came into view")
	hov := ok(t, cs, "browser_hover", map[string]any{"id": idOf(t, nav, `\[button\] Menu`)})
	assert.Contains(t, hov, "appeared: Menu opened")
	scr := ok(t, cs, "browser_scroll_into_view", map[string]any{"id": idOf(t, nav, `\[button\] Late`)})
	assert.Contains(t, scr, "Came into view")
}

// TestTrajectoryFile: a session's trajectory is written to the server's
// folder and decodes (strict, validated) when the client has gone.
func TestTrajectoryFile(t *testing.T) {
	dir := t.TempDir()
	st, err := sqlite.Open(filepath.Join(dir, "obs.db"), sqlite.Options{})
	require.NoError(t, err)
	defer st.Close()
	srv, err := New(Options{Store: st, Trajectories: filepath.Join(dir, "runs")})
	require.NoError(t, err)
	defer srv.Close()
	ctx := context.Background()
	stT, ct := sdk.NewInMemoryTransports()
	ss, err := srv.MCP().Connect(ctx, stT, nil)
	require.NoError(t, err)
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "t", Version: "0"}, nil).Connect(ctx, ct, nil)
	require.NoError(t, err)
	_, isErr := call(t, cs, "browser_navigate", map[string]any{"url": "file:///etc/passwd"})
	require.True(t, isErr)
	runs := srv.Runs()
	require.Len(t, runs, 1)
	cs.Close()
	ss.Wait()
	path := filepath.Join(dir, "runs", runs[0]+".json")
	require.Eventually(t, func() bool { _, err := os.Stat(path); return err == nil }, time.Minute, 20*time.Millisecond, "the trajectory file is written when the session ends")
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	run, err := trajectory.Decode(f, trajectory.Options{})
	require.NoError(t, err)
	assert.Equal(t, trajectory.Abandoned, run.Outcome)
	assert.Equal(t, runs[0], run.ID)
}
