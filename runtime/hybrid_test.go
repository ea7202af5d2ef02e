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

// A hybrid plan end to end: a person opens the support dialog (which
// creates the server-side draft the ticket request needs), fills it in,
// sends, and closes it. make writes a hybrid plan: the DOM step that opens
// the dialog, the ticket request through the page's own fetch (whose
// wrapper adds the new draft), the DOM step that closes it; replayed over
// rows, the server accepts every ticket, byte-exact. The request alone,
// without the DOM step, is refused: the DOM step is what makes it work.
func TestHybridPlanEndToEnd(t *testing.T) {
	sup, err := testsite.StartSupport()
	require.NoError(t, err)
	t.Cleanup(sup.Close)
	s := session(t, SessionOptions{})
	ctx := context.Background()
	rec, err := s.Record(ctx)
	require.NoError(t, err)
	_, err = s.Open(ctx, sup.URL()+"/help")
	require.NoError(t, err)
	u := user{t, s.Page()}
	u.click("button", "Contact support")
	waitFor(t, "the dialog", func() bool {
		snap, err := s.Page().Capture(ctx)
		return err == nil && strings.Contains(string(snap.Result.Text()), "Subject")
	})
	u.typ("textbox", "Subject", "Invoice 42")
	u.typ("textbox", "Message", "The invoice shows the wrong address.")
	u.click("button", "Send")
	waitFor(t, "the recorded ticket", func() bool { return len(sup.Tickets()) == 1 })
	u.click("button", "Close")
	recd, err := rec.Stop()
	require.NoError(t, err)
	t.Logf("actions: %s\nwarnings: %v", recd.Actions, recd.Warnings)

	made, err := subroutine.Make(recd.HAR, recd.Actions, subroutine.MakeOptions{Name: "contact_support"})
	require.NoError(t, err)
	sub := made.Subroutine
	t.Logf("plan %s (%s)\nbody:\n%s\nomitted: %v warnings: %v", sub.Plan, made.Reason, sub.Body, made.Omitted, made.Warnings)
	require.Equal(t, subroutine.PlanHybrid, sub.Plan)
	assert.Contains(t, made.Reason, `DOM actions follow the top request, starting with click button "Close"`)
	assert.Equal(t, "POST /api/tickets", made.Request)
	assert.Equal(t, []string{"subject", "message"}, sub.ParamNames())
	open := strings.Index(sub.Body, `await ax.click({role: "button", name: "Contact support"});`)
	req := strings.Index(sub.Body, `ax.request("/api/tickets"`)
	closeAt := strings.Index(sub.Body, `await ax.click({role: "button", name: "Close"});`)
	require.True(t, open >= 0 && req > open && closeAt > req, "open the dialog, send, close:\n%s", sub.Body)
	assert.NotContains(t, sub.Body, `ax.type(`, "the typed values are the request's parameters, not DOM steps")
	assert.NotContains(t, sub.Body, "x-draft", "the site's wrapper adds the draft; the file does not")

	rows, err := subroutine.ReadRows(strings.NewReader("subject,message\n"+
		"Refund,\"Please refund order 7, it \"\"arrived\"\" broken.\"\n"+
		"Login,\"two\nlines 🙂\"\n"+
		"Address,</script><b>x</b>\n"), subroutine.FormatCSV, sub)
	require.NoError(t, err)
	res, err := browser(t).Replay(ctx, sub, rows, ReplayOptions{Concurrency: 1})
	require.NoError(t, err)
	for i, r := range res {
		require.Equal(t, RowOK, r.Outcome, "row %d: %s", i+1, r.Error)
		assert.JSONEq(t, fmt.Sprintf(`{"id": %d}`, i+2), string(r.Result), "a row's result is the request's answer")
	}
	assert.Equal(t, []testsite.Ticket{
		{Subject: "Invoice 42", Message: "The invoice shows the wrong address."},
		{Subject: "Refund", Message: `Please refund order 7, it "arrived" broken.`},
		{Subject: "Login", Message: "two\nlines 🙂"},
		{Subject: "Address", Message: "</script><b>x</b>"},
	}, sup.Tickets(), "the recorded ticket and one per row, byte-exact")
	assert.Zero(t, sup.Rejected())

	// The same request without the DOM step that opens the dialog: the
	// server refuses it (no draft), so the plan's DOM part is needed.
	alone := *sub
	alone.Plan = subroutine.PlanNetwork
	alone.Body = strings.Replace(sub.Body, `await ax.click({role: "button", name: "Contact support"});`, "", 1)
	res, err = browser(t).Replay(ctx, &alone, rows[:1], ReplayOptions{Concurrency: 1})
	require.NoError(t, err)
	require.Len(t, res, 1)
	assert.NotEqual(t, RowOK, res[0].Outcome)
	assert.Contains(t, res[0].Error, "answered 409")
	assert.Equal(t, 1, sup.Rejected())
	assert.Len(t, sup.Tickets(), 4)
}
