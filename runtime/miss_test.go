package runtime

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/runtime/testsite"
)

func ordersPage(t *testing.T) (*Session, string) {
	t.Helper()
	f, err := testsite.StartForms()
	require.NoError(t, err)
	t.Cleanup(f.Close)
	s := session(t, SessionOptions{})
	_, err = s.Open(context.Background(), f.URL()+"/order")
	require.NoError(t, err)
	return s, f.URL()
}

// A target that no longer matches: the miss is recorded with its three
// candidates, and the next statement uses one of them.
func TestMissCandidatesUsedNext(t *testing.T) {
	s, _ := ordersPage(t)
	var out struct {
		Found   any
		Names   []string
		Clicked []string
	}
	r := runJSON(t, s, `
const b = await ax.find({role: "button", name: "Submit order"});
const names = ax.candidates.map(c => c.name);
await ax.click(ax.candidates[0]);
return {found: b, names, clicked: window.appState.clicked};`, nil, &out)
	assert.Nil(t, out.Found)
	require.Len(t, out.Names, 3)
	assert.Equal(t, "Place order", out.Names[0])
	assert.Equal(t, []string{"Place order"}, out.Clicked)
	require.Len(t, r.Calls, 2)
	miss := r.Calls[0]
	assert.Equal(t, "find", miss.Call)
	assert.Equal(t, 2, miss.Line)
	assert.JSONEq(t, `{"role":"button","name":"Submit order"}`, string(miss.Target))
	assert.Nil(t, miss.Resolved)
	require.Len(t, miss.Candidates, 3)
	assert.Equal(t, "Place order", miss.Candidates[0].Name)
	assert.Equal(t, "null", string(miss.Result))
	click := r.Calls[1]
	require.NotNil(t, click.Resolved)
	assert.Equal(t, miss.Candidates[0].ID, click.Resolved.ID)
	assert.Equal(t, 4, click.Line)
}

// A dead tree id is a recorded error, not a crash; a program that catches
// it goes on and recovers by finding the element again.
func TestDeadTreeID(t *testing.T) {
	s, _ := ordersPage(t)
	r, err := s.Run(context.Background(), `await ax.click(9999); return "unreachable";`, nil)
	require.NoError(t, err)
	assert.Contains(t, r.Error, "no element [id=9999] in the latest observation")
	require.Len(t, r.Calls, 1)
	assert.Equal(t, "click", r.Calls[0].Call)
	assert.JSONEq(t, `{"id":9999}`, string(r.Calls[0].Target))
	assert.Contains(t, r.Calls[0].Error, "no element [id=9999]")
	assert.Equal(t, "null", string(r.Result))

	var clicked []string
	r = runJSON(t, s, `
try { await ax.click(9999); } catch (e) { /* the id is dead: find it again */ }
await ax.click({role: "button", name: "Cancel"});
return window.appState.clicked;`, nil, &clicked)
	assert.Equal(t, []string{"Cancel"}, clicked)
	require.Len(t, r.Calls, 2)
	assert.NotEmpty(t, r.Calls[0].Error)
	assert.Empty(t, r.Calls[1].Error)

	// An element found, then removed by the page, is an error too.
	r, err = s.Run(context.Background(), `
const b = await ax.find({role: "button", name: "Save draft"});
document.querySelectorAll('button')[2].remove();
await ax.click(b);`, nil)
	require.NoError(t, err)
	assert.Contains(t, r.Error, "is no longer in the page")
	b, _ := json.Marshal(r.Calls)
	assert.True(t, strings.Contains(string(b), "Save draft"))
}

func TestWaitFor(t *testing.T) {
	s, _ := ordersPage(t)
	var name string
	runJSON(t, s, `
setTimeout(() => { const b = document.createElement('button'); b.textContent = 'Track parcel'; document.querySelector('main').append(b); }, 300);
return (await ax.waitFor({role: "button", name: /parcel/})).name;`, nil, &name)
	assert.Equal(t, "Track parcel", name)
	r, err := s.Run(context.Background(), `await ax.waitFor({role: "button", name: "Never there"}, {timeout: 400});`, nil)
	require.NoError(t, err)
	assert.Contains(t, r.Error, `ax.waitFor: no element matched {"name":"Never there","role":"button"} within 400ms; closest:`)
}
