package corpus

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/observe"
	"github.com/axtree/axtree/observe/server"
	"github.com/axtree/axtree/observe/sqlite"
	"github.com/axtree/axtree/serialize"
	"github.com/axtree/axtree/trajectory"
)

// TestSampleTrajectoriesThroughServer: the join through the server. Each
// sample is stored as a run would be (created with its first steps, the
// rest appended with the outcome), read back equal, and for every step the
// line its resolved id points to in the observation the server stores is
// the line the agent was shown (the file's embedded text, which the
// runtime recorded from what it showed).
func TestSampleTrajectoriesThroughServer(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("trajectories", "*.json"))
	require.NoError(t, err)
	require.NotEmpty(t, files, "no sample trajectories (go test ./corpus -update makes them)")
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "obs.db"), sqlite.Options{})
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	srv := httptest.NewServer(server.New(st, server.Config{}))
	t.Cleanup(srv.Close)

	do := func(method, path string, body []byte) (int, []byte) {
		t.Helper()
		req, err := http.NewRequest(method, srv.URL+path, bytes.NewReader(body))
		require.NoError(t, err)
		req.Header.Set("Content-Type", "application/json")
		res, err := srv.Client().Do(req)
		require.NoError(t, err)
		defer res.Body.Close()
		b, err := io.ReadAll(res.Body)
		require.NoError(t, err)
		return res.StatusCode, b
	}

	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			data, err := os.ReadFile(f)
			require.NoError(t, err)
			run, err := trajectory.Unmarshal(data, trajectory.Options{})
			require.NoError(t, err)
			require.Greater(t, len(run.Steps), 2)

			// Created with its first two steps and the observations they
			// name, in progress...
			head := *run
			head.Steps = run.Steps[:2]
			head.Outcome, head.Note, head.Ended = "", "", time.Time{}
			need := map[string]bool{}
			for _, s := range head.Steps {
				need[s.Observation] = true
			}
			head.Observations = nil
			var rest []trajectory.Observation
			for _, o := range run.Observations {
				if need[o.ID] {
					head.Observations = append(head.Observations, o)
				} else {
					rest = append(rest, o)
				}
			}
			b, err := trajectory.Marshal(&head)
			require.NoError(t, err)
			code, body := do(http.MethodPost, "/v1/trajectories", b)
			require.Equal(t, http.StatusCreated, code, "%s", body)

			// ...then the other steps appended, with the outcome.
			add := observe.TrajectoryAppend{Observations: rest, Steps: run.Steps[2:], Outcome: run.Outcome, Note: run.Note, Ended: run.Ended}
			b, err = json.Marshal(&add)
			require.NoError(t, err)
			code, body = do(http.MethodPost, "/v1/trajectories/"+run.ID+"/steps", b)
			require.Equal(t, http.StatusOK, code, "%s", body)

			code, body = do(http.MethodGet, "/v1/trajectories/"+run.ID, nil)
			require.Equal(t, http.StatusOK, code, "%s", body)
			stored, err := trajectory.Unmarshal(body, trajectory.Options{})
			require.NoError(t, err)
			assert.Equal(t, run, stored, "the server gives back the run")

			shown := map[string][]string{}
			for _, o := range run.Observations {
				shown[o.ID] = strings.Split(o.Text, "\n")
			}
			joined := 0
			for i, s := range run.Steps {
				code, body := do(http.MethodGet, "/v1/observations/"+s.Observation, nil)
				require.Equal(t, http.StatusOK, code, "step %d: %s", i, body)
				var o struct{ Text string }
				require.NoError(t, json.Unmarshal(body, &o))
				lines := strings.Split(o.Text, "\n")
				for _, a := range s.Actions {
					r := a.Resolved
					if r == nil {
						continue
					}
					require.LessOrEqual(t, r.Line, len(lines), "step %d", i)
					got := lines[r.Line-1]
					ids, err := serialize.LineIDs(got)
					require.NoError(t, err, "step %d", i)
					assert.Contains(t, ids, r.ID, "step %d: the stored line carries the id: %q", i, got)
					assert.Equal(t, shown[s.Observation][r.Line-1], got, "step %d: the stored line is the line the agent was shown", i)
					joined++
				}
			}
			assert.Positive(t, joined)
		})
	}
}
