package runtime

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/runtime/testsite"
)

// A program runs on a page whose Content-Security-Policy forbids eval and
// the Function constructor and requires Trusted Types (as many large
// sites' do): its helpers act, its requests go to the site, a syntax error
// is still a syntax error, and the page's policy stays in force for the
// page's own script.
func TestStrictCSP(t *testing.T) {
	f, err := testsite.StartForms()
	require.NoError(t, err)
	t.Cleanup(f.Close)
	s := session(t, SessionOptions{})
	ctx := context.Background()
	_, err = s.Open(ctx, f.URL()+"/strict")
	require.NoError(t, err)

	var got struct {
		Status string
		Echo   struct{ Bytes int }
		Eval   string
	}
	r := runJSON(t, s, `await ax.type({role: "textbox", name: "Email"}, who);
await ax.click({role: "button", name: "Subscribe"});
const echo = await ax.requestJson("/echo", {method: "POST", body: "12345"});
let ev = "allowed";
try { eval("1"); } catch (e) { ev = e.name; }
return {status: document.getElementById("done").textContent, echo, eval: ev};`,
		map[string]any{"who": "ada@example.com"}, &got)
	assert.Empty(t, r.Error)
	assert.Equal(t, "Subscribed ada@example.com", got.Status)
	assert.Equal(t, 5, got.Echo.Bytes)
	assert.Equal(t, "EvalError", got.Eval, "the page's own policy still holds inside the page")
	require.Len(t, r.Calls, 3)
	for _, c := range r.Calls {
		assert.Empty(t, c.Error, c.Call)
	}
	assert.Equal(t, 1, r.Calls[0].Line, "the program's line numbers count from its first line")
	assert.Equal(t, 3, r.Calls[2].Line)

	r, err = s.Run(ctx, "const x = ;", nil)
	require.NoError(t, err)
	assert.Contains(t, r.Error, "program syntax error: SyntaxError: Unexpected token ';'")
	assert.NoError(t, s.Check(ctx, "return 1", nil))
	assert.ErrorContains(t, s.Check(ctx, "return (;", nil), "program syntax error")
}
