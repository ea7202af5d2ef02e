package view_test

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/trajectory"
	"github.com/axtree/axtree/trajectory/view"
)

// hostileRun is a run whose page text tries to break out of the viewer:
// a </script>, markup, an event handler, U+2028/U+2029 and a comment
// opener, on an element line and a text line.
func hostileRun(t testing.TB) *trajectory.Run {
	t.Helper()
	rec, err := trajectory.NewRecorder(trajectory.Meta{ID: "hostile", Task: "read </script><script>document.documentElement.setAttribute(`data-pwned`,1)</script>"})
	require.NoError(t, err)
	text := "[main] [id=1]\n" +
		"  [button] </script><script>document.documentElement.setAttribute(`data-pwned`,1)</script> [id=2]\n" +
		"  <img src=x onerror=\"document.documentElement.setAttribute(`data-pwned`,2)\"> <!-- &amp;\n" +
		"  [link] <b>bold</b> [id=3]\n"
	obs, err := rec.Observe(text, map[int]string{3: "javascript:document.documentElement.setAttribute(`data-pwned`,3)"}, "https://evil.example/", "</title><script>document.documentElement.setAttribute(`data-pwned`,4)</script>")
	require.NoError(t, err)
	res, err := rec.Resolve(obs, 2)
	require.NoError(t, err)
	_, err = rec.Append(trajectory.Step{Kind: trajectory.KindDecision, Observation: obs, Outcome: trajectory.StepFailed,
		Reasoning: "click [id=2] <script>document.documentElement.setAttribute(`data-pwned`,5)</script> \u2028 \u2029",
		Actions: []trajectory.Action{{Call: trajectory.Call{Tool: "click", Args: trajectory.RawJSON(`{"id":2}`), Source: "ax.click(2) </script>"},
			Resolved: res, Error: "<img src=x onerror=document.documentElement.setAttribute(`data-pwned`,6)> [id=3]", Outcome: trajectory.ActionError}}})
	require.NoError(t, err)
	run, err := rec.Finish(trajectory.Failure, "<svg onload=document.documentElement.setAttribute(`data-pwned`,7)>")
	require.NoError(t, err)
	return run
}

func TestHTMLIsSelfContained(t *testing.T) {
	run := hostileRun(t)
	page, err := view.HTML(run)
	require.NoError(t, err)
	s := string(page)

	// Exactly two script elements (the data and the viewer), one style, and
	// no element that loads anything.
	assert.Equal(t, 2, strings.Count(s, "<script"), "no script element comes from the data")
	assert.Equal(t, 2, strings.Count(s, "</script>"))
	assert.NotContains(t, s, "<img")
	assert.NotContains(t, s, "<svg")
	assert.NotContains(t, s, "<!--")
	assert.NotContains(t, s, "\u2028")
	assert.NotContains(t, s, "\u2029")
	for _, attr := range regexp.MustCompile(`(?i)\b(src|href|action)\s*=\s*"([^"]*)"`).FindAllStringSubmatch(s, -1) {
		assert.True(t, strings.HasPrefix(attr[2], "data:"), "only data: URLs are referenced: %s", attr[0])
	}
	assert.NotRegexp(t, `https?://[^"]*\.(js|css)`, s)

	// The CSP allows exactly the inline script and style.
	m := regexp.MustCompile(`<script>([\s\S]*?)</script>`).FindStringSubmatch(s)
	require.NotNil(t, m)
	sum := sha256.Sum256([]byte(m[1]))
	assert.Contains(t, s, "script-src 'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'")
	assert.Contains(t, s, "default-src 'none'")
	assert.Contains(t, view.CSP(), "default-src 'none'")

	// The payload is JSON that gives back the run.
	d := regexp.MustCompile(`<script type="application/json" id="axtree-data">([\s\S]*?)</script>`).FindStringSubmatch(s)
	require.NotNil(t, d)
	var payload struct {
		Run  json.RawMessage `json:"run"`
		Obs  []struct{ IDs []int }
		Step []int `json:"stepObs"`
	}
	require.NoError(t, json.Unmarshal([]byte(d[1]), &payload))
	got, err := trajectory.Unmarshal(payload.Run, trajectory.Options{})
	require.NoError(t, err)
	assert.Equal(t, run, got)
	assert.Equal(t, []int{1, 1, 2, 2, 3, 4}, payload.Obs[0].IDs, "id, line pairs")
	assert.Equal(t, []int{0}, payload.Step)
	assert.Contains(t, s, "<title>axtree trajectory hostile</title>")
}
