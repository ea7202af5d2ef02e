package trajectory

import (
	"errors"
	"fmt"
	"strconv"
	"time"

	json "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"

	"github.com/axtree/axtree/links"
)

// ATIFVersion is the Agent Trajectory Interchange Format version ATIF
// writes.
const ATIFVersion = "ATIF-v1.4"

// ATIF returns run in the Agent Trajectory Interchange Format (ATIF v1.4,
// the Harbor project's RFC 0001, read by its viewers and SFT/RL tooling
// and by other agent frameworks' exporters and importers):
//
//   - step 1 is a "user" step whose message is the task;
//   - a plan is an "agent" step: reasoning_content is the planner's
//     reasoning, message the program;
//   - each time the agent is shown a page state not shown just before, a
//     "system" step carries it: its observation has one result whose
//     content is the tree text exactly as shown, and extra.axtree names the
//     observation (id, URL, title, link record);
//   - each step is an "agent" step: reasoning_content its reasoning,
//     message the call as written, one tool_call per action (id
//     "sN.M", function_name the tool, arguments the arguments as written)
//     and one observation result per action: the result as JSON text, or
//     "error: " and the error verbatim;
//   - what ATIF has no field for (kinds, outcomes of task, step and action,
//     resolved elements with their lines, program lines, recoveries) is
//     kept under extra.axtree, so nothing of the record is lost.
//
// Step ids count from 1 as ATIF requires; extra.axtree.step is the
// 0-based index in Run.Steps. The output is indented JSON ending in a
// newline and is deterministic.
func ATIF(run *Run) ([]byte, error) {
	if run == nil {
		return nil, errors.New("trajectory: nil run")
	}
	t := atifTrajectory{
		SchemaVersion: ATIFVersion,
		SessionID:     run.ID,
		Agent:         atifAgent{Name: "axtree", Version: Format, ModelName: run.Model},
		Notes:         run.Note,
		Extra: map[string]any{"axtree": atifRunExtra{
			Format: run.Format, Task: run.Task, Site: run.Site, Outcome: string(run.Outcome),
			Started: run.Started, Ended: run.Ended,
		}},
	}
	add := func(s atifStep) {
		s.StepID = len(t.Steps) + 1
		t.Steps = append(t.Steps, s)
	}
	add(atifStep{Source: "user", Message: run.Task, Timestamp: stamp(run.Started)})
	if p := run.Plan; p != nil && (p.Reasoning != "" || p.Program != "") {
		add(atifStep{Source: "agent", ModelName: run.Model, Message: p.Program, ReasoningContent: p.Reasoning,
			Extra: map[string]any{"axtree": map[string]any{"kind": "plan", "language": p.Language}}})
	}
	byID := make(map[string]*Observation, len(run.Observations))
	for i := range run.Observations {
		if _, ok := byID[run.Observations[i].ID]; !ok {
			byID[run.Observations[i].ID] = &run.Observations[i]
		}
	}
	shown := ""
	for i, s := range run.Steps {
		if s.Observation != shown {
			shown = s.Observation
			if o := byID[s.Observation]; o != nil {
				add(atifStep{Source: "system", Message: "observation " + o.ID, Timestamp: stamp(s.Started),
					Observation: &atifObservation{Results: []atifResult{{Content: o.Text}}},
					Extra:       map[string]any{"axtree": atifObsExtra{Observation: o.ID, URL: o.URL, Title: o.Title, Links: o.Links}}})
			}
		}
		st := atifStep{Source: "agent", ReasoningContent: s.Reasoning, Timestamp: stamp(s.Ended)}
		if s.Kind == KindDecision {
			st.ModelName = run.Model
		}
		ex := atifStepExtra{Step: i, Kind: string(s.Kind), Observation: s.Observation, Line: s.Line, Recovers: s.Recovers, Outcome: string(s.Outcome)}
		obs := &atifObservation{}
		for j, a := range s.Actions {
			id := "s" + strconv.Itoa(i+1) + "." + strconv.Itoa(j+1)
			args := jsontext.Value(a.Call.Args)
			if len(args) == 0 {
				args = jsontext.Value("{}")
			}
			st.ToolCalls = append(st.ToolCalls, atifToolCall{ToolCallID: id, FunctionName: a.Call.Tool, Arguments: args})
			content := string(a.Result)
			if a.Error != "" {
				content = "error: " + a.Error
			}
			obs.Results = append(obs.Results, atifResult{SourceCallID: id, Content: content})
			if st.Message == "" {
				st.Message = a.Call.Source
			} else if a.Call.Source != "" {
				st.Message += "\n" + a.Call.Source
			}
			ex.Actions = append(ex.Actions, atifActionExtra{Outcome: string(a.Outcome), Resolved: a.Resolved})
		}
		if len(obs.Results) > 0 {
			st.Observation = obs
		}
		st.Extra = map[string]any{"axtree": ex}
		add(st)
	}
	t.FinalMetrics = &atifFinalMetrics{TotalSteps: len(t.Steps)}
	out, err := json.Marshal(&t, jsontext.Multiline(true), jsontext.WithIndent("  "), json.Deterministic(true))
	if err != nil {
		return nil, fmt.Errorf("trajectory: atif: %w", err)
	}
	return append(out, '\n'), nil
}

func stamp(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339Nano)
}

type atifTrajectory struct {
	SchemaVersion string            `json:"schema_version"`
	SessionID     string            `json:"session_id"`
	Agent         atifAgent         `json:"agent"`
	Steps         []atifStep        `json:"steps"`
	Notes         string            `json:"notes,omitzero"`
	FinalMetrics  *atifFinalMetrics `json:"final_metrics,omitzero"`
	Extra         map[string]any    `json:"extra,omitzero"`
}

type atifAgent struct {
	Name      string `json:"name"`
	Version   string `json:"version"`
	ModelName string `json:"model_name,omitzero"`
}

type atifStep struct {
	StepID           int              `json:"step_id"`
	Timestamp        string           `json:"timestamp,omitzero"`
	Source           string           `json:"source"`
	ModelName        string           `json:"model_name,omitzero"`
	Message          string           `json:"message"`
	ReasoningContent string           `json:"reasoning_content,omitzero"`
	ToolCalls        []atifToolCall   `json:"tool_calls,omitzero"`
	Observation      *atifObservation `json:"observation,omitzero"`
	Extra            map[string]any   `json:"extra,omitzero"`
}

type atifToolCall struct {
	ToolCallID   string         `json:"tool_call_id"`
	FunctionName string         `json:"function_name"`
	Arguments    jsontext.Value `json:"arguments"`
}

type atifObservation struct {
	Results []atifResult `json:"results"`
}

type atifResult struct {
	SourceCallID string `json:"source_call_id,omitzero"`
	Content      string `json:"content"`
}

type atifFinalMetrics struct {
	TotalSteps int `json:"total_steps"`
}

type atifRunExtra struct {
	Format  string    `json:"format"`
	Task    string    `json:"task"`
	Site    string    `json:"site,omitzero"`
	Outcome string    `json:"outcome,omitzero"`
	Started time.Time `json:"started,omitzero"`
	Ended   time.Time `json:"ended,omitzero"`
}

type atifObsExtra struct {
	Observation string       `json:"observation"`
	URL         string       `json:"url,omitzero"`
	Title       string       `json:"title,omitzero"`
	Links       links.Record `json:"links,omitzero"`
}

type atifStepExtra struct {
	Step        int               `json:"step"`
	Kind        string            `json:"kind"`
	Observation string            `json:"observation"`
	Line        int               `json:"line,omitzero"`
	Recovers    *int              `json:"recovers,omitzero"`
	Outcome     string            `json:"outcome"`
	Actions     []atifActionExtra `json:"actions,omitzero"`
}

type atifActionExtra struct {
	Outcome  string    `json:"outcome"`
	Resolved *Resolved `json:"resolved,omitzero"`
}
