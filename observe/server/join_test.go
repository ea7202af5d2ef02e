package server_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/links"
	"github.com/axtree/axtree/observe/server"
	"github.com/axtree/axtree/trajectory"
)

// postJSON posts body to path and decodes the answer into out.
func postJSON(t testing.TB, url, ctype string, body []byte, out any) int {
	t.Helper()
	resp, err := http.Post(url, ctype, bytes.NewReader(body))
	require.NoError(t, err)
	code := resp.StatusCode
	require.NoError(t, jsonDecode(resp, out))
	return code
}

// TestTrajectoryJoinsThroughServer is the join of issue 15 through the
// server: an agent posts the job-form pages, acts on the ids in the text it
// was given, records its trajectory with those texts and stores it. For
// every step, the line its element id points to in the observation the
// server stores under the step's observation id is the line the agent was
// shown. (Before, POST answered the run's numbering and GET the canonical
// one, so the ids did not join.)
func TestTrajectoryJoinsThroughServer(t *testing.T) {
	ts, _ := start(t, filepath.Join(t.TempDir(), "obs.db"), server.Config{})
	rec, err := trajectory.NewRecorder(trajectory.Meta{ID: "job-1", Task: "Apply as Ada Lovelace", Site: "jobs.example.org"})
	require.NoError(t, err)
	type shown struct {
		id, text string
		links    links.Record
	}
	var seen []shown
	steps := []struct{ file, action string }{
		{"01-empty.html", ""},
		{"02-half.html", `{"element":11,"action":"type","value":"Ada Lovelace"}`},
		{"03-filled.html", `{"element":13,"action":"type","value":"ada"}`},
		{"04-submitted.html", `{"element":%d,"action":"click"}`},
	}
	prev := ""
	for i, s := range steps {
		act := s.action
		if strings.Contains(act, "%d") {
			// click Submit: find its id in the text the agent has now
			ix, err := trajectory.NewIndex(seen[i-1].text)
			require.NoError(t, err)
			id := 0
			for _, e := range ix.Elements() {
				if e.Role == "button" && strings.HasPrefix(e.Name, "Submit") {
					id = e.ID
				}
			}
			require.NotZero(t, id, "no Submit button in:\n%s", seen[i-1].text)
			act = fmt.Sprintf(act, id)
		}
		code, m := post(t, http.DefaultClient, ts.URL, req{run: "job-1", prev: prev, action: act, ctype: "text/html", url: jobURL, body: jobPage(t, s.file)})
		require.Equal(t, 200, code, "%v", m)
		var lr links.Record
		lb, _ := json.Marshal(m["links"])
		require.NoError(t, json.Unmarshal(lb, &lr))
		text := m["text"].(string)
		obs, err := rec.Observe(text, lr, jobURL, "")
		require.NoError(t, err)
		assert.Equal(t, m["id"], obs, "step %d: the server's id is not the trajectory id of the text it returned", i)
		seen = append(seen, shown{obs, text, lr})
		prev = obs
		if i == 0 {
			continue
		}
		var a struct {
			Element int    `json:"element"`
			Action  string `json:"action"`
		}
		require.NoError(t, json.Unmarshal([]byte(act), &a))
		res, err := rec.Resolve(seen[i-1].id, a.Element)
		require.NoError(t, err, "step %d: element %d is not in the text the agent was shown", i, a.Element)
		_, err = rec.Append(trajectory.Step{Kind: trajectory.KindDecision, Observation: seen[i-1].id,
			Actions: []trajectory.Action{{Call: trajectory.Call{Tool: a.Action, Args: trajectory.RawJSON(fmt.Sprintf(`{"id":%d}`, a.Element))}, Resolved: res, Outcome: trajectory.ActionOK}},
			Outcome: trajectory.StepOK})
		require.NoError(t, err)
	}
	// The trajectory goes to the server in two parts: created with its
	// first step, then the rest appended with the outcome.
	full, err := rec.Finish(trajectory.Success, "")
	require.NoError(t, err)
	first := *full
	first.Steps = full.Steps[:1]
	first.Outcome, first.Ended = "", time.Time{}
	body, err := trajectory.Marshal(&first)
	require.NoError(t, err)
	var tr server.TrajectoryResponse
	resp, err := http.Post(ts.URL+"/v1/trajectories", "application/json", bytes.NewReader(body))
	require.NoError(t, err)
	var raw map[string]any
	require.NoError(t, jsonDecode(resp, &raw))
	require.Equal(t, http.StatusCreated, resp.StatusCode, "%v", raw)
	tr.Steps = int(raw["steps"].(float64))
	assert.Equal(t, 1, tr.Steps)
	var conflict map[string]any
	assert.Equal(t, http.StatusConflict, postJSON(t, ts.URL+"/v1/trajectories", "application/json", body, &conflict))
	add, err := json.Marshal(map[string]any{"steps": full.Steps[1:], "outcome": full.Outcome, "ended": full.Ended})
	require.NoError(t, err)
	require.Equal(t, 200, postJSON(t, ts.URL+"/v1/trajectories/job-1/steps", "application/json", add, &tr))
	assert.Equal(t, len(full.Steps), tr.Steps)

	code, b := get(t, ts.URL+"/v1/trajectories/job-1")
	require.Equal(t, 200, code, string(b))
	got, err := trajectory.Unmarshal(b, trajectory.Options{})
	require.NoError(t, err)
	assert.Equal(t, full, got, "the stored trajectory differs from the one posted")

	// The join, through the server's observations.
	for i, s := range got.Steps {
		code, b := get(t, ts.URL+"/v1/observations/"+s.Observation)
		require.Equal(t, 200, code, string(b))
		var o struct{ Text string }
		require.NoError(t, json.Unmarshal(b, &o))
		lines := strings.Split(o.Text, "\n")
		for _, a := range s.Actions {
			require.NotNil(t, a.Resolved)
			require.LessOrEqual(t, a.Resolved.Line, len(lines))
			line := lines[a.Resolved.Line-1]
			assert.Contains(t, line, fmt.Sprintf("[id=%d]", a.Resolved.ID), "step %d", i)
			shownLines := strings.Split(seen[i].text, "\n")
			assert.Equal(t, shownLines[a.Resolved.Line-1], line, "step %d: the stored line is not the line the agent was shown", i)
		}
	}
}

// TestTrajectoryBadInput: bad trajectories and appends are refused with
// the field named, and nothing is stored.
func TestTrajectoryBadInput(t *testing.T) {
	ts, _ := start(t, filepath.Join(t.TempDir(), "obs.db"), server.Config{MaxBodyBytes: 1 << 16})
	var m map[string]any
	for _, c := range []struct {
		body string
		code int
		want string
	}{
		{`{"format":"axtree-trajectory/v1","id":"t","task":"x","observations":[],"steps":[],"bogus":1}`, 422, "bogus"},
		{`{"format":"axtree-trajectory/v1","id":"t","task":"x","observations":[],"steps":[{"kind":"decision","observation":"` + strings.Repeat("a", 32) + `","outcome":"ok"}]}`, 422, "steps[0]"},
		{`{"format":"axtree-trajectory/v1","id":"t","task":"x","outcome":"meh","observations":[],"steps":[]}`, 422, "outcome"},
		{`{"format":"axtree-trajectory/v1","id":"t"`, 422, ""},
		{strings.Repeat(" ", 1<<17) + "{}", 413, ""},
	} {
		code := postJSON(t, ts.URL+"/v1/trajectories", "application/json", []byte(c.body), &m)
		assert.Equal(t, c.code, code, "%.80s: %v", c.body, m)
		assert.Contains(t, m["error"], c.want)
	}
	code, _ := get(t, ts.URL+"/v1/trajectories/t")
	assert.Equal(t, 404, code)
	assert.Equal(t, 404, postJSON(t, ts.URL+"/v1/trajectories/t/steps", "application/json", []byte(`{"steps":[]}`), &m))
	assert.Equal(t, 400, postJSON(t, ts.URL+"/v1/trajectories/t/steps", "application/json", []byte(`{"stepz":[]}`), &m))
}
