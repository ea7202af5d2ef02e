package runtime

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/runtime/subroutine"
	"github.com/axtree/axtree/runtime/testsite"
)

// The persisted-query site: make trips the circuit breaker and writes a
// DOM plan without the hash; the plan works through the closed shadow root.
func TestGraphQLDOMPlan(t *testing.T) {
	g, err := testsite.StartGraphQL()
	require.NoError(t, err)
	t.Cleanup(g.Close)
	s := session(t, SessionOptions{})
	ctx := context.Background()
	rec, err := s.Record(ctx)
	require.NoError(t, err)
	_, err = s.Open(ctx, g.URL()+"/app")
	require.NoError(t, err)
	u := user{t, s.Page()}
	u.typ("textbox", "Recipient", "linus")
	u.typ("textbox", "Text", "a persisted hello")
	u.click("button", "Send")
	waitFor(t, "the recorded message", func() bool { return len(g.Messages()) == 1 })
	recd, err := rec.Stop()
	require.NoError(t, err)
	assert.Contains(t, string(recd.HAR), testsite.SendMutationHash, "the recording has the hash")

	made, err := subroutine.Make(recd.HAR, recd.Actions, subroutine.MakeOptions{})
	require.NoError(t, err)
	sub := made.Subroutine
	file, err := sub.Encode()
	require.NoError(t, err)
	t.Logf("%s\n%s", file, sub.Body)
	assert.Equal(t, subroutine.PlanDOM, sub.Plan)
	assert.Contains(t, made.Reason, "circuit breaker")
	assert.NotContains(t, string(file), testsite.SendMutationHash)
	assert.NotContains(t, string(file), testsite.SendMutationHash[:16])
	assert.Equal(t, []string{"recipient", "text"}, sub.ParamNames())

	var b strings.Builder
	want := map[string]string{}
	for i := 1; i <= 10; i++ {
		to, text := fmt.Sprintf("friend %d «ü» `${x}`", i), fmt.Sprintf("message %d: </script> \"quoted\" 🙂", i)
		want[to] = text
		fmt.Fprintf(&b, "{\"recipient\":%q,\"text\":%q}\n", to, text)
	}
	rows, err := subroutine.ReadRows(strings.NewReader(b.String()), subroutine.FormatJSONL, sub)
	require.NoError(t, err)
	res, err := browser(t).Replay(ctx, sub, rows, ReplayOptions{Concurrency: 2, KeepCalls: true})
	require.NoError(t, err)
	for _, r := range res {
		require.Equal(t, RowOK, r.Outcome, "row %d: %s", r.Row, r.Error)
	}
	msgs := g.Messages()
	require.Len(t, msgs, 11)
	got := map[string]string{}
	for _, m := range msgs[1:] {
		got[m.To] = m.Text
	}
	assert.Equal(t, want, got)
	assert.Empty(t, g.Rejected())
	// The clicks resolved inside the closed shadow root.
	var sawSend bool
	for _, c := range res[0].Calls {
		if c.Call == "click" && c.Resolved != nil && c.Resolved.Name == "Send" {
			sawSend = true
		}
	}
	assert.True(t, sawSend, "calls: %s", mustJSON(res[0].Calls))
}
