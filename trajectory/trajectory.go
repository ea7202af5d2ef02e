// Package trajectory is the record of one agent run: the task, the
// planner's reasoning and program, the observations the agent was shown
// and, step by step, what it did on which of them and how that went.
//
// Because an observation is a numbered tree and every action names a
// number, a step can be joined back to the exact line it touched: a
// Resolved target carries the element's id, role and name and the
// 1-based line of the step's observation that carries `[id=N]`.
//
// A trajectory file is self-contained: it embeds the text of every
// observation it refers to, exactly as the agent was shown it, and that
// observation's link record, so it can be validated and viewed without
// the store it came from. Observation ids are content hashes of that text
// and record (ObservationID), so the same page state has the same id in
// every run and nothing volatile enters an id; times are metadata.
//
// Decode reads a file strictly (unknown fields, duplicate names, wrong
// types and invalid UTF-8 are errors naming the JSON path), Validate
// checks that every reference resolves, and Encode writes the canonical
// form. A Recorder builds a run as it happens.
package trajectory

import (
	"time"

	"github.com/axtree/axtree/links"
)

// Format is the value of Run.Format for this version of the format.
const Format = "axtree-trajectory/v1"

// Run is one agent run.
type Run struct {
	// Format is always the Format constant; a file of another version is
	// refused by Decode.
	Format string `json:"format"`
	// ID names the run: 1 to 128 ASCII letters, digits, '.', '_' or '-',
	// not starting with '.' or '-' (the observation store's run ids). It
	// is chosen by the caller, never derived from a time.
	ID string `json:"id"`
	// Task is the task the agent was given, verbatim.
	Task string `json:"task"`
	// Site is the lower-case host the run worked on, if any.
	Site string `json:"site,omitzero"`
	// Model names the model that planned and decided, if one did.
	Model string `json:"model,omitzero"`
	// Started and Ended are when the run began and finished (UTC). Ended
	// is zero while the run is in progress.
	Started time.Time `json:"started,omitzero"`
	Ended   time.Time `json:"ended,omitzero"`
	// Outcome is the task's outcome; "" while the run is in progress.
	Outcome TaskOutcome `json:"outcome,omitzero"`
	// Note says why the run ended as it did: the question asked of the
	// user for needs-input, what failed for failure, and so on.
	Note string `json:"note,omitzero"`
	// Plan is the planner's reasoning and program; nil for a run of
	// decisions only.
	Plan *Plan `json:"plan,omitzero"`
	// Observations are the page states the steps refer to, each once, in
	// the order they were first shown.
	Observations []Observation `json:"observations"`
	// Steps are the run's steps in the order they happened.
	Steps []Step `json:"steps"`
}

// Plan is what the planner wrote before the run.
type Plan struct {
	// Reasoning is the planner's reasoning, verbatim.
	Reasoning string `json:"reasoning,omitzero"`
	// Language is the program's language ("javascript" for the runtime's
	// programs).
	Language string `json:"language,omitzero"`
	// Program is the program's source. Its lines are the statements that
	// Step.Line refers to.
	Program string `json:"program,omitzero"`
}

// Observation is one page state as the agent was shown it.
type Observation struct {
	// ID is ObservationID(Text, Links); Validate checks it.
	ID string `json:"id"`
	// URL and Title describe the page (metadata, not hashed).
	URL   string `json:"url,omitzero"`
	Title string `json:"title,omitzero"`
	// Text is the tree text byte for byte as the agent was shown it (the
	// format of serialize/FORMAT.md, in the numbering the agent used).
	Text string `json:"text"`
	// Links is the link record of Text: element id to URL.
	Links links.Record `json:"links,omitzero"`
}

// Step is one step of the run: a helper call of the program, or one
// decision of the per-step loop, taken on one observation.
type Step struct {
	// Kind says what made the step.
	Kind StepKind `json:"kind"`
	// Observation is the id of the observation the step acted on.
	Observation string `json:"observation"`
	// Line is the 1-based line of Plan.Program holding the statement that
	// made this step; 0 when no program statement did.
	Line int `json:"line,omitzero"`
	// Reasoning is the model's reasoning for a decision, verbatim.
	Reasoning string `json:"reasoning,omitzero"`
	// Actions are the tool calls of the step, in order; a program step
	// has one.
	Actions []Action `json:"actions"`
	// Outcome is how the step went.
	Outcome StepOutcome `json:"outcome"`
	// Recovers is the index in Steps of an earlier failed step that this
	// one makes good (a dead id, then the same target found again).
	Recovers *int `json:"recovers,omitzero"`
	// Started and Ended are when the step began and finished (UTC).
	Started time.Time `json:"started,omitzero"`
	Ended   time.Time `json:"ended,omitzero"`
}

// Action is one tool call: as written, as resolved, and what came of it.
type Action struct {
	// Call is the call as written.
	Call Call `json:"call"`
	// Resolved is the element the call's target resolved to in the step's
	// observation; nil for a page-level call, or when the target named no
	// element there (then Error says so).
	Resolved *Resolved `json:"resolved,omitzero"`
	// Result is what the call returned, verbatim, as JSON.
	Result RawJSON `json:"result,omitzero"`
	// Error is the call's error message, verbatim.
	Error string `json:"error,omitzero"`
	// Outcome is how the call went.
	Outcome ActionOutcome `json:"outcome"`
}

// Call is a tool call as the program or the model wrote it.
type Call struct {
	// Tool names the tool or helper: click, type, select, find, navigate,
	// ask, done, ...
	Tool string `json:"tool"`
	// Args are the arguments as written, a JSON object (a target as
	// {"role":…,"name":…} or a tree id as {"id":N}, text, options).
	Args RawJSON `json:"args,omitzero"`
	// Source is the call's text as it appeared: the program's statement
	// or the model's tool call.
	Source string `json:"source,omitzero"`
}

// Resolved is the element an action acted on, in the step's observation.
type Resolved struct {
	// ID is the element's id, the number printed as [id=N].
	ID int `json:"id"`
	// Role and Name are the element's role and accessible name as that
	// observation prints them.
	Role string `json:"role"`
	Name string `json:"name,omitzero"`
	// Line is the 1-based line of the observation's text that carries
	// [id=ID] (its element line, not a state-record line).
	Line int `json:"line"`
}

// StepKind says what made a step.
type StepKind string

// Step kinds.
const (
	// KindProgram: a helper call made by the planner's program.
	KindProgram StepKind = "program"
	// KindDecision: one decision of the per-step loop (observation in,
	// action out).
	KindDecision StepKind = "decision"
)

// TaskOutcome is how the whole task went.
type TaskOutcome string

// Task outcomes.
const (
	Success    TaskOutcome = "success"     // the task was done
	Failure    TaskOutcome = "failure"     // the task was not done
	Partial    TaskOutcome = "partial"     // some of it was done
	NeedsInput TaskOutcome = "needs-input" // the run stopped to ask the user
	Abandoned  TaskOutcome = "abandoned"   // the run was stopped from outside (limit, cancel)
)

// StepOutcome is how one step went.
type StepOutcome string

// Step outcomes.
const (
	StepOK         StepOutcome = "ok"          // the step did what it was for
	StepFailed     StepOutcome = "failed"      // it did not (a dead id, a miss, an exception)
	StepNeedsInput StepOutcome = "needs-input" // it stopped to ask the user
)

// ActionOutcome is how one tool call went.
type ActionOutcome string

// Action outcomes.
const (
	ActionOK      ActionOutcome = "ok"      // the call returned
	ActionError   ActionOutcome = "error"   // the call failed; Error has its message
	ActionSkipped ActionOutcome = "skipped" // not run, because an earlier call of the step failed
)

var (
	taskOutcomes   = []TaskOutcome{Success, Failure, Partial, NeedsInput, Abandoned}
	stepOutcomes   = []StepOutcome{StepOK, StepFailed, StepNeedsInput}
	actionOutcomes = []ActionOutcome{ActionOK, ActionError, ActionSkipped}
	stepKinds      = []StepKind{KindProgram, KindDecision}
)
