package trajectory_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/trajectory"
)

type atif struct {
	SchemaVersion string `json:"schema_version"`
	SessionID     string `json:"session_id"`
	Agent         struct {
		Name, Version string
	} `json:"agent"`
	Steps []struct {
		StepID           int    `json:"step_id"`
		Source           string `json:"source"`
		Message          string `json:"message"`
		ReasoningContent string `json:"reasoning_content"`
		ToolCalls        []struct {
			ToolCallID   string          `json:"tool_call_id"`
			FunctionName string          `json:"function_name"`
			Arguments    json.RawMessage `json:"arguments"`
		} `json:"tool_calls"`
		Observation *struct {
			Results []struct {
				SourceCallID string `json:"source_call_id"`
				Content      string `json:"content"`
			} `json:"results"`
		} `json:"observation"`
		Extra map[string]json.RawMessage `json:"extra"`
	} `json:"steps"`
	FinalMetrics struct {
		TotalSteps int `json:"total_steps"`
	} `json:"final_metrics"`
}

func TestATIF(t *testing.T) {
	run := sampleRun(t)
	b, err := trajectory.ATIF(run)
	require.NoError(t, err)
	again, err := trajectory.ATIF(run)
	require.NoError(t, err)
	assert.Equal(t, string(b), string(again), "deterministic")

	var doc atif
	dec := json.NewDecoder(strings.NewReader(string(b)))
	require.NoError(t, dec.Decode(&doc))
	assert.Equal(t, "ATIF-v1.4", doc.SchemaVersion)
	assert.Equal(t, run.ID, doc.SessionID)
	assert.Equal(t, "axtree", doc.Agent.Name)
	assert.NotEmpty(t, doc.Agent.Version, "agent.version is required")
	assert.Equal(t, len(doc.Steps), doc.FinalMetrics.TotalSteps)

	// user task, plan, then each observation once before the steps on it.
	require.GreaterOrEqual(t, len(doc.Steps), 2)
	assert.Equal(t, "user", doc.Steps[0].Source)
	assert.Equal(t, run.Task, doc.Steps[0].Message)
	assert.Equal(t, "agent", doc.Steps[1].Source)
	assert.Equal(t, run.Plan.Program, doc.Steps[1].Message)
	assert.Equal(t, run.Plan.Reasoning, doc.Steps[1].ReasoningContent)

	shown := map[string]int{}
	agentSteps := 0
	for i, s := range doc.Steps {
		assert.Equal(t, i+1, s.StepID, "step ids count from 1")
		assert.Contains(t, []string{"user", "agent", "system"}, s.Source)
		if s.Source == "system" {
			require.NotNil(t, s.Observation)
			require.Len(t, s.Observation.Results, 1)
			shown[s.Observation.Results[0].Content]++
			continue
		}
		if s.Source != "agent" || i == 1 {
			continue
		}
		step := run.Steps[agentSteps]
		agentSteps++
		require.Len(t, s.ToolCalls, len(step.Actions))
		require.NotNil(t, s.Observation)
		for j, c := range s.ToolCalls {
			a := step.Actions[j]
			assert.Equal(t, a.Call.Tool, c.FunctionName)
			assert.Equal(t, c.ToolCallID, s.Observation.Results[j].SourceCallID, "each result names its call")
			assert.True(t, json.Valid(c.Arguments) && c.Arguments[0] == '{', "arguments are an object")
			if a.Error != "" {
				assert.Equal(t, "error: "+a.Error, s.Observation.Results[j].Content, "errors verbatim")
			}
		}
		var ex struct {
			Step    int    `json:"step"`
			Outcome string `json:"outcome"`
		}
		require.NoError(t, json.Unmarshal(s.Extra["axtree"], &ex))
		assert.Equal(t, agentSteps-1, ex.Step)
		assert.Equal(t, string(step.Outcome), ex.Outcome)
	}
	assert.Equal(t, len(run.Steps), agentSteps)
	for _, o := range run.Observations {
		assert.Equal(t, 1, shown[o.Text], "observation %s shown once, verbatim", o.ID)
	}
}

func TestEdges(t *testing.T) {
	run := sampleRun(t)
	edges := trajectory.Edges(run)
	// Steps 0,1 on o1, 2,3 on o2, 4 on o4: o1→o2 after step 1, o2→o4 after step 3.
	require.Len(t, edges, 2)
	o := run.Observations
	assert.Equal(t, trajectory.Edge{From: o[0].ID, To: o[1].ID, Step: 1,
		Action: &trajectory.EdgeAction{Tool: "type", Element: 12, Role: "textbox", Name: "Email *", Value: "ada@example.org"}}, edges[0])
	assert.Equal(t, trajectory.Edge{From: o[1].ID, To: o[2].ID, Step: 3,
		Action: &trajectory.EdgeAction{Tool: "click", Element: 28, Role: "button", Name: "Submit Application"}}, edges[1])
	assert.Nil(t, trajectory.Edges(nil))
}
