package runtime

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/runtime/subroutine"
	"github.com/axtree/axtree/runtime/testsite"
)

// A site that overrides JSON for everyone but itself and hunts for any
// trace of a runtime changes neither what is recorded nor what is
// replayed, and finds nothing.
func TestHostileSiteSeesNothing(t *testing.T) {
	c, err := testsite.StartChat(testsite.ChatOptions{Hostile: true})
	require.NoError(t, err)
	t.Cleanup(c.Close)
	s := session(t, SessionOptions{})
	login(t, s, c)
	recd := recordSend(t, s, c)
	assert.Contains(t, string(recd.HAR), `"text": "{\"to\":\"grace\",\"text\":\"Hello from the recording\"}"`, "the recorded body is the site's own, untouched by the page's JSON override")
	made, err := subroutine.Make(recd.HAR, recd.Actions, subroutine.MakeOptions{})
	require.NoError(t, err)
	require.Equal(t, subroutine.PlanNetwork, made.Subroutine.Plan)
	rows, err := subroutine.ReadRows(strings.NewReader("recipient,text\nada,\"one \"\"two\"\"\"\nbob,three\n"), subroutine.FormatCSV, made.Subroutine)
	require.NoError(t, err)
	res, err := browser(t).Replay(context.Background(), made.Subroutine, rows, ReplayOptions{Concurrency: 2})
	require.NoError(t, err)
	for _, r := range res {
		require.Equal(t, RowOK, r.Outcome, r.Error)
		assert.JSONEq(t, `{"ok":true,"id":`+string(r.Result[len(`{"ok":true,"id":`):len(r.Result)-1])+`}`, string(r.Result), "the answer parsed with the native JSON.parse")
	}
	msgs := c.Messages()
	require.Len(t, msgs, 3)
	got := map[string]string{}
	for _, m := range msgs[1:] {
		got[m.To] = m.Text
	}
	assert.Equal(t, map[string]string{"ada": `one "two"`, "bob": "three"}, got)
	assert.Empty(t, c.Rejected())
	det := c.Detections()
	require.NotEmpty(t, det, "the hostile script reported")
	for _, d := range det {
		assert.Equal(t, "[]", d, "the page found a trace of the runtime")
	}
}
