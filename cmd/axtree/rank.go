package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/axtree/axtree/netcap"
)

const rankUsage = `usage: axtree rank FILE.har|- [--actions actions.json] [--json] [--budget N]

Ranks the requests of a recorded capture (HAR 1.2) against the user's DOM
actions (a JSON array of {"time","id","role","name","action","value"}),
prints the top candidates with their score breakdown, the plan (network,
dom or hybrid) and the generator context. Flags may come before or after
the file; "-" reads the HAR from standard input.

flags:
`

// maxRankInput bounds the HAR and action files read by axtree rank.
const maxRankInput = 1 << 30

func runRank(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("rank", flag.ContinueOnError)
	fs.SetOutput(stderr)
	actionsPath := fs.String("actions", "", "DOM action timeline `file` (JSON array); without it no temporal correlation is scored")
	asJSON := fs.Bool("json", false, "print one JSON object: candidates, plan, context, ...")
	budget := fs.Int("budget", netcap.DefaultBudget, "context size limit in `bytes`")
	fs.Usage = func() {
		fmt.Fprint(stderr, rankUsage)
		fs.PrintDefaults()
	}
	pos, err := parseInterspersed(fs, args)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2 // the flag package already printed the error and usage
	}
	if len(pos) != 1 {
		fmt.Fprintf(stderr, "axtree rank: want exactly one HAR file, got %d arguments (see axtree rank -h)\n", len(pos))
		return 2
	}
	if *budget <= 0 {
		fmt.Fprintf(stderr, "axtree rank: --budget must be positive, got %d\n", *budget)
		return 2
	}
	har, err := readInput(pos[0], stdin)
	if err != nil {
		fmt.Fprintf(stderr, "axtree rank: %v\n", err)
		return 1
	}
	capture, err := netcap.ParseHAR(har)
	if err != nil {
		fmt.Fprintf(stderr, "axtree rank: %s: %v\n", pos[0], trimPrefix(err))
		return 1
	}
	var actions []netcap.Action
	if *actionsPath != "" {
		data, err := readInput(*actionsPath, nil)
		if err != nil {
			fmt.Fprintf(stderr, "axtree rank: %v\n", err)
			return 1
		}
		if actions, err = netcap.ParseActions(data); err != nil {
			fmt.Fprintf(stderr, "axtree rank: %s: %v\n", *actionsPath, trimPrefix(err))
			return 1
		}
	}
	res := netcap.Rank(capture, actions, netcap.Options{Budget: *budget})
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		if err := enc.Encode(res); err != nil {
			fmt.Fprintf(stderr, "axtree rank: %v\n", err)
			return 1
		}
		return 0
	}
	for _, w := range res.Warnings {
		fmt.Fprintf(stderr, "axtree rank: warning: %s\n", w)
	}
	if err := writeRankText(stdout, res, *budget); err != nil {
		fmt.Fprintf(stderr, "axtree rank: %v\n", err)
		return 1
	}
	return 0
}

// parseInterspersed parses flags that may come before or after positional
// arguments; everything after "--" is positional.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		consumed := len(args) - len(rest)
		if consumed > 0 && args[consumed-1] == "--" {
			return append(pos, rest...), nil
		}
		if len(rest) == 0 {
			return pos, nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// readInput reads a file, or standard input for "-" when stdin is not nil.
func readInput(path string, stdin io.Reader) ([]byte, error) {
	if path == "-" && stdin != nil {
		data, err := io.ReadAll(io.LimitReader(stdin, maxRankInput+1))
		if err != nil {
			return nil, fmt.Errorf("reading standard input: %v", err)
		}
		if len(data) > maxRankInput {
			return nil, fmt.Errorf("standard input is larger than %d bytes", maxRankInput)
		}
		return data, nil
	}
	st, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, unwrapPath(err))
	}
	if st.IsDir() {
		return nil, fmt.Errorf("%s: is a directory", path)
	}
	if st.Size() > maxRankInput {
		return nil, fmt.Errorf("%s: larger than %d bytes", path, maxRankInput)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, unwrapPath(err))
	}
	return data, nil
}

func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

func trimPrefix(err error) string {
	return strings.TrimPrefix(err.Error(), "netcap: ")
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
