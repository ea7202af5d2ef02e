package trajectory

import (
	json "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
)

// Edge is one transition of a run: the agent, on observation From, did
// Action, and was next shown observation To. A run's edges are what the
// state graph (observe.Graph) counts; observe.Graph.AddRun adds them.
type Edge struct {
	From, To string      // observation ids
	Action   *EdgeAction // nil when no action of the step succeeded (the page changed by itself)
	Step     int         // index in Run.Steps of the step that took it
}

// EdgeAction is the action of an edge, as the state graph labels it.
type EdgeAction struct {
	Tool    string // click, type, select, ...
	Element int    // the element's id as the agent saw it; 0 for page-level tools
	Role    string // its role, when resolved
	Name    string // its name, when resolved
	Value   string // the typed text, chosen value, URL or key, when the call has one
}

// valueKeys are the argument names whose string value labels an edge, in
// order of preference.
var valueKeys = []string{"text", "value", "values", "url", "key", "option"}

// Edges returns the transitions of run in step order: for each step after
// which the agent was shown another observation (the next step's), an edge
// from the step's observation to that one, labelled with the step's last
// action that succeeded. Steps that stay on their observation (a failed
// click, a find) give no edge; neither does the last step.
func Edges(run *Run) []Edge {
	if run == nil {
		return nil
	}
	var out []Edge
	for i := 0; i+1 < len(run.Steps); i++ {
		s, next := &run.Steps[i], &run.Steps[i+1]
		if s.Observation == next.Observation || s.Observation == "" || next.Observation == "" {
			continue
		}
		e := Edge{From: s.Observation, To: next.Observation, Step: i}
		for j := len(s.Actions) - 1; j >= 0; j-- {
			a := &s.Actions[j]
			if a.Outcome != ActionOK {
				continue
			}
			ea := &EdgeAction{Tool: a.Call.Tool, Value: argValue(a.Call.Args)}
			if r := a.Resolved; r != nil {
				ea.Element, ea.Role, ea.Name = r.ID, r.Role, r.Name
			}
			e.Action = ea
			break
		}
		out = append(out, e)
	}
	return out
}

// argValue returns the first string (or first string of an array) among
// the call's arguments valueKeys names.
func argValue(args RawJSON) string {
	if len(args) == 0 {
		return ""
	}
	var m map[string]jsontext.Value
	if err := json.Unmarshal(args, &m); err != nil {
		return ""
	}
	for _, k := range valueKeys {
		v, ok := m[k]
		if !ok {
			continue
		}
		var s string
		if json.Unmarshal(v, &s) == nil {
			return s
		}
		var list []string
		if json.Unmarshal(v, &list) == nil && len(list) > 0 {
			return list[0]
		}
	}
	return ""
}
