package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/axtree/axtree/internal/cli"
	"github.com/axtree/axtree/netcap"
)

// maxRankInput bounds the HAR and action files read by axtree rank.
const maxRankInput = 1 << 30

func rankCommand() *cli.Command {
	var (
		actionsPath string
		asJSON      bool
		budget      = netcap.DefaultBudget
	)
	return &cli.Command{
		Name:    "rank",
		Args:    "FILE.har|-",
		Summary: "rank a HAR's requests against DOM actions",
		Doc: `Ranks the requests of a recorded capture (HAR 1.2) against the user's DOM
actions (a JSON array of {"time","id","role","name","action","value"}),
prints the top candidates with their score breakdown, the plan (network,
dom or hybrid) and the generator context. "-" reads the HAR from standard
input. Credentials (tokens, keys, passwords, card numbers, cookies) are
printed as placeholders such as {{authorization}}, in text and JSON alike;
their recorded values stay in memory for the replay.`,
		Flags: func(f *cli.Flags) {
			f.String(&actionsPath, "actions", "FILE", "DOM action timeline (JSON array); without it no temporal correlation is scored")
			f.Bool(&asJSON, "json", "print one JSON object: candidates, plan, context, …")
			f.Int(&budget, "budget", "BYTES", "context size limit")
		},
		MinArgs: 1, MaxArgs: 1,
		Run: func(e *cli.Env, args []string) error {
			if budget <= 0 {
				return cli.Usagef("--budget must be positive, not %d", budget)
			}
			har, err := e.ReadFile(args[0], maxRankInput)
			if err != nil {
				return err
			}
			name := cli.InputName(args[0])
			switch k, detail := cli.Sniff(har); k {
			case cli.KindEmpty:
				return fmt.Errorf("%s is empty: there is no HAR to rank", name)
			case cli.KindBinary:
				return fmt.Errorf("%s is binary data (%s), not a HAR recording", name, detail)
			case cli.KindCapture:
				return fmt.Errorf("%s is a capture document, not a HAR recording (axtree render renders it)", name)
			}
			capture, err := netcap.ParseHAR(har)
			if err != nil {
				return fmt.Errorf("%s: %v", name, cli.Message(err))
			}
			var actions []netcap.Action
			if actionsPath != "" {
				data, err := e.ReadFile(actionsPath, maxRankInput)
				if err != nil {
					return err
				}
				if actions, err = netcap.ParseActions(data); err != nil {
					return fmt.Errorf("%s: %v", cli.InputName(actionsPath), cli.Message(err))
				}
			}
			res := netcap.Rank(capture, actions, netcap.Options{Budget: budget})
			if asJSON {
				enc := json.NewEncoder(e.Stdout)
				enc.SetEscapeHTML(false)
				enc.SetIndent("", "  ")
				return enc.Encode(res)
			}
			for _, w := range res.Warnings {
				e.Warnf("%s", w)
			}
			return writeRankText(e.Stdout, res, budget)
		},
	}
}

func writeRankText(w io.Writer, res *netcap.Result, budget int) error {
	var b strings.Builder
	fmt.Fprintf(&b, "page: %s\n", res.Page)
	fmt.Fprintf(&b, "plan: %s (%s)\n", res.Plan, res.PlanReason)
	b.WriteString("candidates:\n")
	if len(res.Candidates) == 0 {
		b.WriteString("  (none)\n")
	}
	for i, c := range res.Candidates {
		fmt.Fprintf(&b, "%2d. score %d  %s %s\n", i+1, c.Score, c.Method, c.URL)
		for _, r := range c.Reasons {
			fmt.Fprintf(&b, "      %+4d %s: %s\n", r.Points, r.Rule, r.Detail)
		}
	}
	d := res.Dropped
	fmt.Fprintf(&b, "context (%d bytes, budget %d; dropped %d visited, %d candidates, %d DOM actions",
		len(res.Context), budget, d.Visited, d.Candidates, d.DOM)
	if d.Truncated {
		b.WriteString(", truncated")
	}
	b.WriteString("):\n")
	b.WriteString(res.Context)
	_, err := io.WriteString(w, b.String())
	return err
}
