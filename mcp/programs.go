package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/axtree/axtree/capture"
	"github.com/axtree/axtree/observe"
	"github.com/axtree/axtree/runtime"
	"github.com/axtree/axtree/runtime/subroutine"
)

// ProgramIn is browser_run_program's input.
type ProgramIn struct {
	Program string         `json:"program" jsonschema:"the body of an async JavaScript function run in the current page, with the helpers in ax: await ax.find({role, name}), ax.click(el), ax.type(el, text), ax.select(el, values), ax.check(el, on), ax.press(key), ax.observe(), ax.request(url, init); el is a found element, a tree id or a {role, name} target; return a JSON value"`
	Params  map[string]any `json:"params,omitempty" jsonschema:"values passed to the program as arguments of these names (never spliced into its source)"`
}

// runtimeOf returns the tab's program runner, made on first use.
func (ss *session) runtimeOf(t *tab) (*runtime.Session, error) {
	if t.rt != nil {
		return t.rt, nil
	}
	cp, ok := t.page.(*capture.Page)
	if !ok {
		return nil, errors.New("programs need a browser tab")
	}
	t.rt = runtime.NewSessionOn(cp, ss.srv.browserOptions(), runtime.SessionOptions{})
	return t.rt, nil
}

// runProgram runs program with params in the current tab and answers with
// its result, its calls and what changed on the page.
func (ss *session) runProgram(ctx context.Context, t *tab, program string, params map[string]any, action string) (string, error) {
	rt, err := ss.runtimeOf(t)
	if err != nil {
		return "", err
	}
	if params == nil {
		params = map[string]any{}
	}
	run, err := rt.Run(ctx, program, params)
	if err != nil {
		return "", fmt.Errorf("the program could not start: %v", cleanErr(err))
	}
	var b strings.Builder
	if run.Error == "" {
		fmt.Fprintf(&b, "result: %s\n", clipStr(string(run.Result), 4000))
	}
	failed := 0
	names := make([]string, 0, len(run.Calls))
	for _, c := range run.Calls {
		names = append(names, c.Call)
		if c.Error != "" {
			failed++
		}
	}
	fmt.Fprintf(&b, "calls: %d", len(run.Calls))
	if len(names) > 0 {
		fmt.Fprintf(&b, " (%s)", clipStr(strings.Join(names, ", "), 300))
	}
	if failed > 0 {
		fmt.Fprintf(&b, ", %d failed", failed)
	}
	b.WriteByte('\n')
	if run.NeedsInput != "" {
		fmt.Fprintf(&b, "needs input: %s\n", oneLine(run.NeedsInput))
	}
	// The program captured and acted on its own: observe again, so the
	// session's ids and the diff follow.
	o, oerr := ss.observe(ctx, t, &observe.Action{Action: action}, nil)
	if oerr == nil {
		b.WriteString(ss.answer(o))
	}
	if run.Error != "" {
		return "", fmt.Errorf("the program failed: %s\n%s", oneLine(run.Error), b.String())
	}
	if oerr != nil {
		return "", oerr
	}
	return b.String(), nil
}

// addPrograms registers browser_run_program and one tool per Subroutine.
func (s *Server) addPrograms() error {
	tool(s, "browser_run_program", "Run a short JavaScript program in the current page with axtree's helpers (ax.find by role and name, ax.click, ax.type, ...): several steps in one call, deterministic, recorded. Answers with the program's result, its helper calls and what changed on the page.",
		nil, func(ctx context.Context, ss *session, in ProgramIn) (string, error) {
			if strings.TrimSpace(in.Program) == "" {
				return "", errors.New("program is empty")
			}
			t, err := ss.current(ctx, false)
			if err != nil {
				return "", err
			}
			if t.result == nil {
				return "", errors.New("no page is open yet: call browser_navigate first")
			}
			return ss.runProgram(ctx, t, in.Program, in.Params, "program")
		})
	for _, sub := range s.opts.Subroutines {
		if err := s.AddSubroutine(sub); err != nil {
			return err
		}
	}
	return nil
}

// AddSubroutine offers a Subroutine as a tool named after it, whose input
// schema is its parameters'; connected clients are told the tool list
// changed. It fails for an invalid Subroutine or a name already taken.
func (s *Server) AddSubroutine(sub *subroutine.Subroutine) error {
	if sub == nil {
		return errors.New("mcp: a nil Subroutine")
	}
	if err := sub.Validate(); err != nil {
		return fmt.Errorf("mcp: Subroutine %q: %w", sub.Name, err)
	}
	s.mu.Lock()
	taken := strings.HasPrefix(sub.Name, "browser_") || s.subs[sub.Name]
	if !taken {
		s.subs[sub.Name] = true
	}
	s.mu.Unlock()
	if taken {
		return fmt.Errorf("mcp: Subroutine %q: the name is taken (by a built-in tool or another Subroutine)", sub.Name)
	}
	var schema jsonschema.Schema
	if err := json.Unmarshal(sub.Schema(), &schema); err != nil {
		return fmt.Errorf("mcp: Subroutine %q: schema: %w", sub.Name, err)
	}
	desc := strings.TrimSpace(sub.Description)
	if desc == "" {
		desc = "A recorded task."
	}
	desc += fmt.Sprintf(" (A Subroutine: it opens %s in the current tab and replays the recorded task there; answers with its result and what changed.)", sub.URL())
	sdk.AddTool(s.mcp, &sdk.Tool{Name: sub.Name, Description: desc, InputSchema: &schema},
		func(ctx context.Context, req *sdk.CallToolRequest, in map[string]any) (*sdk.CallToolResult, any, error) {
			ss, err := s.session(req)
			if err != nil {
				return nil, nil, err
			}
			ss.mu.Lock()
			defer ss.mu.Unlock()
			before := ""
			if len(ss.tabs) > 0 {
				before = ss.tabs[ss.cur].trajObs
			}
			args, _ := json.Marshal(in)
			text, err := ss.subroutine(ctx, sub, in)
			ss.record(sub.Name, args, 0, before, text, err)
			if err != nil {
				return nil, nil, err
			}
			return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: text}}}, nil, nil
		})
	return nil
}

// subroutine opens the Subroutine's page and runs its body with in.
func (ss *session) subroutine(ctx context.Context, sub *subroutine.Subroutine, in map[string]any) (string, error) {
	vals, err := sub.CheckParams(in)
	if err != nil {
		return "", err
	}
	if err := ss.srv.checkURL(sub.URL()); err != nil {
		return "", err
	}
	t, err := ss.current(ctx, true)
	if err != nil {
		return "", err
	}
	if _, err := t.page.Navigate(ctx, sub.URL()); err != nil {
		return "", pageErr("open "+sub.URL(), err)
	}
	if _, err := ss.observe(ctx, t, &observe.Action{Action: "navigate", Value: sub.URL()}, nil); err != nil {
		return "", err
	}
	return ss.runProgram(ctx, t, sub.Body, vals, sub.Name)
}
