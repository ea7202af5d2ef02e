package trajectory_test

import (
	"fmt"
	"strings"
	"time"

	"github.com/axtree/axtree/trajectory"
)

// A run is recorded as it happens: observe, resolve the id the agent
// named, append the step, finish with the task's outcome.
func ExampleRecorder() {
	at := time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC)
	rec, _ := trajectory.NewRecorder(trajectory.Meta{ID: "example", Task: "Press OK"},
		trajectory.WithClock(func() time.Time { return at }))
	obs, _ := rec.Observe("[dialog] Confirm [id=1]\n  [button] OK [id=2]\n", nil, "https://example.org/", "Confirm")
	target, _ := rec.Resolve(obs, 2)
	_, err := rec.Append(trajectory.Step{
		Kind:        trajectory.KindDecision,
		Observation: obs,
		Reasoning:   "The dialog asks; [id=2] confirms.",
		Actions: []trajectory.Action{{
			Call:     trajectory.Call{Tool: "click", Args: trajectory.RawJSON(`{"id":2}`)},
			Resolved: target,
			Outcome:  trajectory.ActionOK,
		}},
		Outcome: trajectory.StepOK,
	})
	fmt.Println(err)
	run, _ := rec.Finish(trajectory.Success, "")
	fmt.Printf("%s line %d: %s %q\n", obs[:8], target.Line, target.Role, target.Name)
	fmt.Println(run.Outcome, len(run.Steps), trajectory.Validate(run))
	// Output:
	// <nil>
	// 471dbe74 line 2: button "OK"
	// success 1 <nil>
}

// Decode is strict: an unknown field is refused with its path.
func ExampleDecode() {
	doc := `{"format":"axtree-trajectory/v1","id":"r","task":"t","observations":[],
	  "steps":[{"kind":"decision","observation":"x","actions":[],"outcome":"ok","mood":"calm"}]}`
	_, err := trajectory.Decode(strings.NewReader(doc), trajectory.Options{})
	fmt.Println(err)
	// Output:
	// trajectory: steps[0].mood: unknown field "mood" (at byte 149)
}

// Validate checks that every resolved element is on the line it names.
func ExampleValidate() {
	text := "[button] OK [id=2]\n"
	id := trajectory.ObservationID(text, nil)
	run := &trajectory.Run{
		Format: trajectory.Format, ID: "r", Task: "t",
		Observations: []trajectory.Observation{{ID: id, Text: text}},
		Steps: []trajectory.Step{{Kind: trajectory.KindDecision, Observation: id, Outcome: trajectory.StepOK,
			Actions: []trajectory.Action{{Call: trajectory.Call{Tool: "click"}, Outcome: trajectory.ActionOK,
				Resolved: &trajectory.Resolved{ID: 3, Role: "button", Name: "OK", Line: 1}}}}},
	}
	fmt.Println(trajectory.Validate(run))
	// Output:
	// trajectory: steps[0].actions[0].resolved.id: no element [id=3] in observation ca19abd06853383c0933572442e8b2cd
}
