// Command axtree turns a web page into the numbered accessibility tree an
// LLM agent reads. Run `axtree help` for the subcommands.
package main

import (
	"fmt"
	"io"
	"os"
)

const usage = `usage: axtree <command> [flags] [args]

commands:
  inspect FILE|-        one JSON object per element: index, tag, role, name, description, hidden
  render FILE|-         print the numbered tree (see axtree render -h)
  capture URL|FILE      load the page in headless Chromium and print its live tree (see axtree capture -h)
  find FILE|-           resolve a role + name target (see axtree find -h)
  rank FILE.har         rank a recorded network capture (see axtree rank -h)
  bench                 token, cache and speed benchmarks over the corpus (see axtree bench -h)
  run DIR|MANIFEST      replay recorded pages into an observation store (see axtree run -h)
  graph                 print the state graph of a store (see axtree graph -h)
  help                  this text
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run dispatches a subcommand and returns the process exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	cmd, rest := args[0], args[1:]
	switch cmd {
	case "inspect":
		return runInspect(rest, stdin, stdout, stderr)
	case "render":
		return runRender(rest, stdin, stdout, stderr)
	case "capture":
		return runCapture(rest, stdin, stdout, stderr)
	case "find":
		return runFind(rest, stdin, stdout, stderr)
	case "rank":
		return runRank(rest, stdin, stdout, stderr)
	case "bench":
		return runBench(rest, stdin, stdout, stderr)
	case "run":
		return runRun(rest, stdin, stdout, stderr)
	case "graph":
		return runGraph(rest, stdin, stdout, stderr)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	}
	fmt.Fprintf(stderr, "axtree: unknown command %q\n%s", cmd, usage)
	return 2
}
