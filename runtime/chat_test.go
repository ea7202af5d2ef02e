package runtime

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/axtree"
	"github.com/axtree/axtree/capture"
	"github.com/axtree/axtree/runtime/subroutine"
	"github.com/axtree/axtree/runtime/testsite"
)

// loginB signs in with the protocol's trusted input (for benchmarks).
func loginB(t testing.TB, s *Session, c *testsite.Chat) {
	t.Helper()
	_, err := s.Open(context.Background(), c.URL()+"/login")
	require.NoError(t, err)
	r, err := s.Run(context.Background(), `await ax.type({role: "textbox", name: "Username"}, u); await ax.type({role: "textbox", name: "Password"}, p); await ax.click({role: "button", name: "Sign in"});`,
		map[string]any{"u": testsite.ChatUser, "p": testsite.ChatPassword})
	require.NoError(t, err)
	if r.Error != "" && !strings.Contains(r.Error, "navigated away") {
		t.Fatalf("login: %s", r.Error)
	}
	require.Len(t, c.SessionIDs(), 1)
}

// user is a scripted person: it finds elements in the Go tree and acts on
// them with trusted input, as someone at the keyboard would.
type user struct {
	t *testing.T
	p *capture.Page
}

func (u user) id(role, name string) int {
	u.t.Helper()
	snap, err := u.p.Capture(context.Background())
	require.NoError(u.t, err)
	res := snap.Result.Tree.Find(axtree.Target{Role: role, Name: name})
	require.NotEmpty(u.t, res.Matches, "no %s %q in\n%s", role, name, snap.Result.Text())
	return res.Matches[0].ID
}

func (u user) typ(role, name, text string) {
	u.t.Helper()
	require.NoError(u.t, u.p.Act(context.Background(), u.id(role, name), capture.Type, text))
}

func (u user) click(role, name string) {
	u.t.Helper()
	require.NoError(u.t, u.p.Act(context.Background(), u.id(role, name), capture.Click, ""))
}

// waitFor polls cond (no sleeps as assertions: a condition with a generous
// deadline).
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// login signs the session in to the chat site.
func login(t *testing.T, s *Session, c *testsite.Chat) {
	t.Helper()
	_, err := s.Open(context.Background(), c.URL()+"/login")
	require.NoError(t, err)
	u := user{t, s.Page()}
	u.typ("textbox", "Username", testsite.ChatUser)
	u.typ("textbox", "Password", testsite.ChatPassword)
	u.click("button", "Sign in")
	waitFor(t, "a session", func() bool { return len(c.SessionIDs()) == 1 })
}

// recordSend records a scripted user sending one message.
func recordSend(t *testing.T, s *Session, c *testsite.Chat) *Recorded {
	t.Helper()
	rec, err := s.Record(context.Background())
	require.NoError(t, err)
	_, err = s.Open(context.Background(), c.URL()+"/app")
	require.NoError(t, err)
	u := user{t, s.Page()}
	u.typ("textbox", "Recipient", "grace")
	u.typ("textbox", "Text", "Hello from the recording")
	u.click("button", "Send")
	waitFor(t, "the recorded message", func() bool { return len(c.Messages()) == 1 })
	out, err := rec.Stop()
	require.NoError(t, err)
	return out
}

// nasty are values that break anything that splices them into source.
func nasty(i int) (to, text string) {
	payloads := []string{
		`"); globalThis.__pwned = 1; ("`,
		"`${globalThis.__pwned = 1}`",
		`</script><script>globalThis.__pwned = 1</script>`,
		`'; globalThis.__pwned = 1; //`,
		`\u0022 \\ \n ${1+1} {{text}} 🙂👩‍💻 é`,
		"line one\nline two\r\n\ttabbed",
		strings.Repeat("ten kB of text, ", 640),
		`{"to":"x"}`,
	}
	to = fmt.Sprintf("user%02d %s", i, payloads[(i+3)%len(payloads)])
	text = fmt.Sprintf("row %d: %s", i, payloads[i%len(payloads)])
	return to, text
}

func TestChatRecordMakeReplay(t *testing.T) {
	c, err := testsite.StartChat(testsite.ChatOptions{})
	require.NoError(t, err)
	t.Cleanup(c.Close)
	s := session(t, SessionOptions{})
	login(t, s, c)
	recd := recordSend(t, s, c)
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "out.har"), recd.HAR, 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "actions.json"), recd.Actions, 0o644))
	t.Logf("actions: %s\nwarnings: %v\nentries: %d", recd.Actions, recd.Warnings, recd.Entries)
	assert.Greater(t, c.Beacons(), 0, "telemetry beacons fired around the click")
	assert.Greater(t, c.Prefetches(), 0, "the prefetch fired around the click")

	made, err := subroutine.Make(recd.HAR, recd.Actions, subroutine.MakeOptions{Name: "send_message"})
	require.NoError(t, err)
	sub := made.Subroutine
	file, err := sub.Encode()
	require.NoError(t, err)
	t.Logf("subroutine: %s\nbody:\n%s\nreason: %s\nomitted: %v\nwarnings: %v", file, sub.Body, made.Reason, made.Omitted, made.Warnings)
	assert.Equal(t, subroutine.PlanNetwork, sub.Plan)
	assert.Equal(t, []string{"recipient", "text"}, sub.ParamNames())
	// Nothing secret of the recording is in the file.
	sids := c.SessionIDs()
	require.Len(t, sids, 1)
	sid := sids[0]
	assert.NotContains(t, string(file), sid, "the session cookie")
	assert.NotContains(t, string(file), testsite.ChatPassword)
	assert.NotContains(t, string(recd.HAR), sid, "the HAR redacts the session cookie")
	assert.NotContains(t, string(recd.HAR), testsite.ChatPassword)
	assert.NotContains(t, string(recd.Actions), testsite.ChatPassword)
	assert.NotContains(t, strings.ToLower(string(file)), "x-signature", "the site's script signs; the file does not")
	assert.Contains(t, sub.Body, "ax.getCsrfToken")

	// 50 rows of values that would run if spliced into source.
	var csv strings.Builder
	csv.WriteString("recipient,text\n")
	want := map[string]string{}
	for i := 1; i <= 50; i++ {
		to, text := nasty(i)
		want[to] = text
		csv.WriteString(csvField(to) + "," + csvField(text) + "\n")
	}
	rows, err := subroutine.ReadRows(strings.NewReader(csv.String()), subroutine.FormatCSV, sub)
	require.NoError(t, err)
	require.Len(t, rows, 50)
	var lines []string
	res, err := browser(t).Replay(context.Background(), sub, rows, ReplayOptions{Concurrency: 4, OnRow: func(r RowResult) { lines = append(lines, r.String()) }})
	require.NoError(t, err)
	require.Len(t, lines, 50)
	for i, r := range res {
		require.Equal(t, RowOK, r.Outcome, "row %d: %s", i+1, r.Error)
		assert.Equal(t, i+1, r.Row)
	}
	msgs := c.Messages()
	assert.Empty(t, c.Rejected(), "every request authenticated and signed")
	require.Len(t, msgs, 51, "the recorded message and exactly 50 replayed ones")
	got := map[string]string{}
	for _, m := range msgs[1:] {
		got[m.To] = m.Text
	}
	assert.Equal(t, want, got, "each row's values byte-exact")
	// None of the values ran as code.
	var pwned any
	r, err := s.Run(context.Background(), `return globalThis.__pwned === undefined ? null : globalThis.__pwned;`, nil)
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(r.Result, &pwned))
	assert.Nil(t, pwned)
}

func csvField(s string) string { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }
