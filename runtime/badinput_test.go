package runtime

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/runtime/subroutine"
	"github.com/axtree/axtree/runtime/testsite"
)

// sendSub is a network-plan Subroutine for the chat site, as make writes
// it.
func sendSub(t *testing.T, origin string) *subroutine.Subroutine { return sendSubB(t, origin) }

func sendSubB(t testing.TB, origin string) *subroutine.Subroutine {
	t.Helper()
	sub := &subroutine.Subroutine{Version: 1, Name: "send", Origin: origin, Page: "/app", Plan: subroutine.PlanNetwork,
		Parameters: []subroutine.Parameter{{Name: "recipient", Type: "string"}, {Name: "text", Type: "string"}},
		Body: `const _csrf = await ax.getCsrfToken({cookie: "csrf_token"});
const _res = await ax.request("/api/send", {method: "POST", headers: {"content-type": "application/json", "x-csrf-token": _csrf}, body: ax.json({to: recipient, text: text})});
if (!_res.ok) ax.fail("POST /api/send answered " + _res.status);
return _res.json;`}
	require.NoError(t, sub.Validate())
	return sub
}

func TestBadInput(t *testing.T) {
	ctx := context.Background()
	c, err := testsite.StartChat(testsite.ChatOptions{})
	require.NoError(t, err)
	t.Cleanup(c.Close)
	s := session(t, SessionOptions{ProgramTimeout: 15 * time.Second, CallTimeout: 5 * time.Second})
	login(t, s, c)

	t.Run("rows with a wrong type or a missing parameter", func(t *testing.T) {
		sub := sendSub(t, c.URL())
		rows, err := subroutine.ReadRows(strings.NewReader(
			`{"recipient":"a","text":"one"}`+"\n"+
				`{"recipient":"b","text":2}`+"\n"+
				`{"recipient":"c"}`+"\n"+
				`{"recipient":"d","text":"four"}`+"\n"), subroutine.FormatJSONL, sub)
		require.NoError(t, err)
		before := len(c.Messages())
		res, err := browser(t).Replay(ctx, sub, rows, ReplayOptions{Concurrency: 2})
		require.NoError(t, err)
		require.Len(t, res, 4)
		assert.Equal(t, RowOK, res[0].Outcome, res[0].Error)
		assert.Equal(t, RowInvalid, res[1].Outcome)
		assert.Contains(t, res[1].Error, `parameter "text": the number 2 is not a string`)
		assert.Equal(t, RowInvalid, res[2].Outcome)
		assert.Contains(t, res[2].Error, `missing parameter "text"`)
		assert.Equal(t, RowOK, res[3].Outcome, res[3].Error)
		assert.Len(t, c.Messages(), before+2, "the rows that ran, and only they")
	})

	t.Run("a program with a syntax error", func(t *testing.T) {
		r, err := s.Run(ctx, "const x = ;", nil)
		require.NoError(t, err)
		assert.Contains(t, r.Error, "program syntax error: SyntaxError: Unexpected token ';'")
		sub := sendSub(t, c.URL())
		sub.Body = "return (;"
		rows, err := subroutine.ReadRows(strings.NewReader("recipient,text\na,b\nc,d\n"), subroutine.FormatCSV, sub)
		require.NoError(t, err)
		before := len(c.Messages())
		res, err := browser(t).Replay(ctx, sub, rows, ReplayOptions{Concurrency: 2})
		require.NoError(t, err)
		for _, r := range res {
			assert.Equal(t, RowError, r.Outcome)
			assert.Contains(t, r.Error, "program syntax error")
		}
		assert.Len(t, c.Messages(), before)
	})

	t.Run("a page that navigates away mid-program", func(t *testing.T) {
		_, err := s.Open(ctx, c.URL()+"/app")
		require.NoError(t, err)
		r, err := s.Run(ctx, `await ax.find({role: "heading", name: "Messages"}); await ax.click({role: "link", name: "Settings"}); await ax.find({role: "button", name: "Send"}); return "unreachable";`, nil)
		require.NoError(t, err)
		assert.Contains(t, r.Error, "the page navigated away mid-program (now at "+c.URL()+"/settings)")
		require.GreaterOrEqual(t, len(r.Calls), 1)
		assert.Equal(t, "find", r.Calls[0].Call)
		assert.Equal(t, "null", string(r.Result))
	})

	t.Run("a program past its time limit", func(t *testing.T) {
		short := session(t, SessionOptions{ProgramTimeout: 2 * time.Second})
		_, err := short.Open(ctx, c.URL()+"/login")
		require.NoError(t, err)
		r, err := short.Run(ctx, `while (true) {}`, nil)
		require.NoError(t, err)
		assert.Contains(t, r.Error, "ran past its time limit of 2s")
		r, err = short.Run(ctx, `await new Promise(() => {});`, nil)
		require.NoError(t, err)
		assert.Contains(t, r.Error, "ran past its time limit of 2s")
		// The page still works afterwards.
		r, err = short.Run(ctx, `return 1 + 1;`, nil)
		require.NoError(t, err)
		assert.Equal(t, "2", string(r.Result), r.Error)
	})

	t.Run("bad parameter names", func(t *testing.T) {
		_, err := s.Run(ctx, `return 1`, map[string]any{"for": 1})
		assert.ErrorContains(t, err, `"for" is reserved`)
		_, err = s.Run(ctx, `return 1`, map[string]any{"a-b": 1})
		assert.ErrorContains(t, err, "not a JavaScript identifier")
	})
}

func TestBrokenFetch(t *testing.T) {
	ctx := context.Background()
	for _, mode := range []string{"throw", "hang"} {
		t.Run(mode, func(t *testing.T) {
			c, err := testsite.StartChat(testsite.ChatOptions{Fetch: mode})
			require.NoError(t, err)
			t.Cleanup(c.Close)
			s := session(t, SessionOptions{CallTimeout: 3 * time.Second})
			login(t, s, c)
			sub := sendSub(t, c.URL())
			rows, err := subroutine.ReadRows(strings.NewReader("recipient,text\na,b\nc,d\n"), subroutine.FormatCSV, sub)
			require.NoError(t, err)
			res, err := browser(t).Replay(ctx, sub, rows, ReplayOptions{Concurrency: 1, Session: SessionOptions{CallTimeout: 3 * time.Second}, KeepCalls: true})
			require.NoError(t, err)
			require.Len(t, res, 2)
			for _, r := range res {
				assert.Equal(t, RowError, r.Outcome)
				if mode == "throw" {
					assert.Contains(t, r.Error, "the page's fetch threw: TypeError: fetch is disabled on this page")
				} else {
					assert.Contains(t, r.Error, "ax.request POST /api/send timed out after 3 s")
				}
				require.NotEmpty(t, r.Calls)
				assert.Equal(t, "request", r.Calls[len(r.Calls)-1].Call)
			}
			assert.Empty(t, c.Messages())
		})
	}
}
