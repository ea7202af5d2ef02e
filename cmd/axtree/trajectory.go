package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/axtree/axtree/internal/cli"
	"github.com/axtree/axtree/trajectory"
)

func trajectoryCommand() *cli.Command {
	return &cli.Command{
		Name:    "trajectory",
		Summary: "check, print or export a run's trajectory",
		Doc: `A trajectory is the record of one agent run: its task, plan and
program, the observations it was shown (embedded verbatim) and every
step with the element it acted on and the line of the observation
carrying that element's id ([id=N], or [name](N) for a link). The format and its JSON Schema are in
trajectory/ (trajectory/schema.json).`,
		Sub: []*cli.Command{trajectoryValidateCommand(), trajectoryShowCommand(), trajectoryExportCommand()},
	}
}

// readTrajectory reads and decodes a trajectory file operand, strictly
// and validated unless noValidate.
func readTrajectory(e *cli.Env, name string, noValidate bool) (*trajectory.Run, error) {
	b, err := e.ReadFile(name, trajectory.DefaultMaxBytes)
	if err != nil {
		return nil, err
	}
	run, err := trajectory.Unmarshal(b, trajectory.Options{NoValidate: noValidate})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", cli.InputName(name), err)
	}
	return run, nil
}

func trajectoryValidateCommand() *cli.Command {
	return &cli.Command{
		Name:    "validate",
		Args:    "FILE...",
		Summary: "check trajectory files against the format",
		Doc: `Decodes each FILE strictly (unknown fields, duplicate names, wrong types
and invalid UTF-8 are errors) and checks every reference: each step's
observation is one of the file's, each resolved element exists in it
with that role, name and line, each observation's id is the hash of its
text. Prints "FILE: ok" and a count per valid file; every problem of an
invalid one on its own line (stderr), with the field and step it is in;
the exit status is 1 if any file is invalid.`,
		MinArgs: 1, MaxArgs: -1,
		Run: func(e *cli.Env, args []string) error {
			bad := 0
			for _, name := range args {
				run, err := readTrajectory(e, name, false)
				if err != nil {
					bad++
					for _, p := range problems(err) {
						fmt.Fprintf(e.Stderr, "%s: %s\n", cli.InputName(name), p)
					}
					continue
				}
				fmt.Fprintf(e.Stdout, "%s: ok (%d steps, %d observations, outcome %s)\n", cli.InputName(name), len(run.Steps), len(run.Observations), outcomeOf(run))
			}
			if bad > 0 {
				return cli.Status(1)
			}
			return nil
		},
	}
}

// problems lists the separate problems of a decoding or validation error,
// without the file prefix the caller adds.
func problems(err error) []string {
	var out []string
	var multi interface{ Unwrap() []error }
	if errors.As(err, &multi) {
		for _, e := range multi.Unwrap() {
			out = append(out, strings.TrimPrefix(e.Error(), "trajectory: "))
		}
		return out
	}
	msg := err.Error()
	if i := strings.Index(msg, ": trajectory: "); i >= 0 {
		msg = msg[i+len(": trajectory: "):]
	}
	return []string{msg}
}

func outcomeOf(run *trajectory.Run) string {
	if run.Outcome == "" {
		return "(running)"
	}
	return string(run.Outcome)
}

func trajectoryShowCommand() *cli.Command {
	var step int
	return &cli.Command{
		Name:    "show",
		Args:    "FILE",
		Summary: "print a trajectory for reading",
		Doc: `Prints the run: task, outcome, plan, the observations, then each step
with its calls, their outcomes, errors in full, and for each element an
action resolved to, the observation line that carries its id ([id=N], or
[name](N) for a link) as the agent was shown it.`,
		Flags: func(f *cli.Flags) {
			f.Int(&step, "step", "N", "print only step N (counted from 1)")
		},
		MinArgs: 1, MaxArgs: 1,
		Run: func(e *cli.Env, args []string) error {
			run, err := readTrajectory(e, args[0], false)
			if err != nil {
				return err
			}
			if step < 0 || step > len(run.Steps) {
				return cli.Usagef("--step %d: the run has steps 1 to %d", step, len(run.Steps))
			}
			w := bufio.NewWriter(e.Stdout)
			show(w, run, step)
			return w.Flush()
		},
	}
}

// show prints run for a person; only step only (1-based) when only > 0.
func show(w io.Writer, run *trajectory.Run, only int) {
	obs := map[string]int{}
	lines := map[string][]string{}
	for i, o := range run.Observations {
		if _, ok := obs[o.ID]; !ok {
			obs[o.ID] = i
			lines[o.ID] = strings.Split(o.Text, "\n")
		}
	}
	if only == 0 {
		fmt.Fprintf(w, "run %s: %s", run.ID, outcomeOf(run))
		if run.Site != "" {
			fmt.Fprintf(w, " on %s", run.Site)
		}
		if run.Model != "" {
			fmt.Fprintf(w, " (model %s)", run.Model)
		}
		fmt.Fprintf(w, "\ntask: %s\n", run.Task)
		if run.Note != "" {
			fmt.Fprintf(w, "note: %s\n", run.Note)
		}
		if p := run.Plan; p != nil {
			if p.Reasoning != "" {
				fmt.Fprintf(w, "plan: %s\n", oneLine(p.Reasoning))
			}
			if p.Program != "" {
				fmt.Fprintf(w, "program (%s):\n", orDash(p.Language))
				for i, l := range strings.Split(strings.TrimSuffix(p.Program, "\n"), "\n") {
					fmt.Fprintf(w, "  %3d  %s\n", i+1, l)
				}
			}
		}
		fmt.Fprintf(w, "observations: %d\n", len(run.Observations))
		for i, o := range run.Observations {
			fmt.Fprintf(w, "  %d  %s  %d lines, %d links", i+1, o.ID[:min(12, len(o.ID))], strings.Count(o.Text, "\n"), len(o.Links))
			if o.URL != "" {
				fmt.Fprintf(w, "  %s", o.URL)
			}
			if o.Title != "" {
				fmt.Fprintf(w, "  %q", o.Title)
			}
			fmt.Fprintln(w)
		}
		fmt.Fprintf(w, "steps: %d\n", len(run.Steps))
	}
	for i, s := range run.Steps {
		if only > 0 && i != only-1 {
			continue
		}
		fmt.Fprintf(w, "step %d  %s  %s", i+1, s.Kind, s.Outcome)
		if k, ok := obs[s.Observation]; ok {
			fmt.Fprintf(w, "  observation %d", k+1)
		}
		if s.Line > 0 {
			fmt.Fprintf(w, "  program line %d", s.Line)
		}
		if s.Recovers != nil {
			fmt.Fprintf(w, "  recovers step %d", *s.Recovers+1)
		}
		fmt.Fprintln(w)
		if s.Reasoning != "" {
			fmt.Fprintf(w, "  reasoning: %s\n", oneLine(s.Reasoning))
		}
		for _, a := range s.Actions {
			call := a.Call.Source
			if call == "" {
				call = a.Call.Tool + "(" + string(a.Call.Args) + ")"
			}
			fmt.Fprintf(w, "  %s  %s\n", a.Outcome, call)
			if r := a.Resolved; r != nil {
				fmt.Fprintf(w, "    → [id=%d] %s %q, line %d", r.ID, r.Role, r.Name, r.Line)
				if l := lines[s.Observation]; r.Line >= 1 && r.Line <= len(l) {
					fmt.Fprintf(w, ": %s", strings.TrimLeft(l[r.Line-1], " "))
				}
				fmt.Fprintln(w)
			}
			if len(a.Result) > 0 {
				fmt.Fprintf(w, "    result: %s\n", a.Result)
			}
			if a.Error != "" {
				fmt.Fprintf(w, "    error: %s\n", strings.ReplaceAll(a.Error, "\n", "\n           "))
			}
		}
	}
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func trajectoryExportCommand() *cli.Command {
	format := "atif"
	out := "-"
	return &cli.Command{
		Name:    "export",
		Args:    "FILE",
		Summary: "write a trajectory in another format",
		Doc: `Formats:
  atif   the Agent Trajectory Interchange Format v1.4 (Harbor RFC 0001):
         user task, plan, each observation shown as a system step with its
         tree text, each step as an agent step with its tool calls and
         results; outcomes, resolved elements and lines under
         extra.axtree.
  edges  the run's state-graph edges as JSON lines: from and to
         observation ids, the step, the tool, the element (id, role,
         name) and value: the edges "axtree graph TRAJ.json" counts.`,
		Flags: func(f *cli.Flags) {
			f.Enum(&format, "format", []string{"atif", "edges"}, "output format")
			f.String(&out, "o", "FILE", `write to FILE ("-": standard output)`)
		},
		MinArgs: 1, MaxArgs: 1,
		Run: func(e *cli.Env, args []string) error {
			run, err := readTrajectory(e, args[0], false)
			if err != nil {
				return err
			}
			var b []byte
			switch format {
			case "atif":
				if b, err = trajectory.ATIF(run); err != nil {
					return err
				}
			case "edges":
				if b, err = edgeLines(run); err != nil {
					return err
				}
			}
			return e.WriteOutput(out, b)
		},
	}
}

// edgeLine is one line of `trajectory export --format edges`; the field
// order is the output order.
type edgeLine struct {
	From    string `json:"from"`
	To      string `json:"to"`
	Step    int    `json:"step"` // 1-based
	Tool    string `json:"tool,omitempty"`
	Element int    `json:"element,omitempty"`
	Role    string `json:"role,omitempty"`
	Name    string `json:"name,omitempty"`
	Value   string `json:"value,omitempty"`
}

// edgeLines writes the run's edges as JSON lines.
func edgeLines(run *trajectory.Run) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	for _, e := range trajectory.Edges(run) {
		l := edgeLine{From: e.From, To: e.To, Step: e.Step + 1}
		if a := e.Action; a != nil {
			l.Tool, l.Element, l.Role, l.Name, l.Value = a.Tool, a.Element, a.Role, a.Name, a.Value
		}
		if err := enc.Encode(&l); err != nil {
			return nil, err
		}
	}
	return b.Bytes(), nil
}
