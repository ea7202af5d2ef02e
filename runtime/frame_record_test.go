package runtime

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/runtime/testsite"
)

// DOM actions in a same-origin frame are recorded, named by the top
// capture's tree (which includes the frame): the ids are the ones the
// user's tree showed, the URL the top document's, the frame's its own.
func TestRecordFrameActions(t *testing.T) {
	f, err := testsite.StartForms()
	require.NoError(t, err)
	t.Cleanup(f.Close)
	s := session(t, SessionOptions{})
	ctx := context.Background()
	rec, err := s.Record(ctx)
	require.NoError(t, err)
	_, err = s.Open(ctx, f.URL()+"/framed")
	require.NoError(t, err)
	u := user{t, s.Page()}
	ids := map[string]int{}
	for _, e := range [][2]string{{"textbox", "Your name"}, {"textbox", "Email"}, {"button", "Subscribe"}, {"form", "Sign up"}} {
		ids[e[1]] = u.id(e[0], e[1]) // the top capture's ids
	}
	u.typ("textbox", "Your name", "Ada")
	u.typ("textbox", "Email", "ada@example.org")
	// (A select through Act fires untrusted events, which the recorder
	// rightly ignores: a person's choice is what it records.)
	u.click("button", "Subscribe")
	waitFor(t, "the sign-up", func() bool { return len(f.Signups()) == 1 })
	assert.Equal(t, []testsite.Signup{{Email: "ada@example.org", Country: "de"}}, f.Signups(), "the site got the frame's form")
	out, err := rec.Stop()
	require.NoError(t, err)
	var acts []struct {
		ID                                    int
		Role, Name, Action, Value, URL, Frame string
	}
	require.NoError(t, json.Unmarshal(out.Actions, &acts), "%s", out.Actions)
	type act struct {
		ID                        int
		Role, Name, Action, Value string
		Frame                     bool
	}
	var got []act
	for _, a := range acts {
		assert.Equal(t, f.URL()+"/framed", a.URL, "every action is on the top document's page")
		if a.Frame != "" {
			assert.Equal(t, f.URL()+"/signup", a.Frame)
		}
		got = append(got, act{a.ID, a.Role, a.Name, a.Action, a.Value, a.Frame != ""})
	}
	assert.Equal(t, []act{
		{ids["Your name"], "textbox", "Your name", "type", "Ada", false},
		{ids["Email"], "textbox", "Email", "type", "ada@example.org", true},
		{ids["Subscribe"], "button", "Subscribe", "click", "", true},
		{ids["Sign up"], "form", "Sign up", "submit", "", true},
	}, got, "%s", out.Actions)
	assert.Empty(t, out.Warnings)
}
