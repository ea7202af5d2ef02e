// Command axtree turns a web page into the numbered accessibility tree an
// LLM agent reads. Run `axtree help` for the commands.
//
// This binary is the pure-Go core: it links neither a browser driver nor a
// database, so `go run ./cmd/axtree render page.html` builds quickly on a
// fresh machine. The commands that need Chromium are in axtree-live and
// those that need the observation store in axtree-store; axtree runs them
// when they are asked for (see internal/cli).
package main

import (
	"io"
	"os"

	"github.com/axtree/axtree/internal/cli"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// program returns the axtree command table. Commands implemented by
// another binary carry its name in Binary.
func program() *cli.Program {
	return &cli.Program{
		Name:    "axtree",
		Binary:  "axtree",
		Summary: "axtree turns a web page into the numbered accessibility tree an LLM agent reads and acts on.",
		Commands: []*cli.Command{
			renderCommand(),
			inspectCommand(),
			findCommand(),
			rankCommand(),
			trajectoryCommand(),
			viewCommand(),
			benchCommand(),
			{Name: "capture", Args: "URL|HOST|FILE", Summary: "print the live tree of a page loaded in Chromium", Binary: "axtree-live"},
			{Name: "exec", Args: "PROGRAM.js", Summary: "run a program inside a page and print its result and helper calls", Binary: "axtree-live"},
			{Name: "record", Args: "URL", Summary: "record a task done in a page: HAR 1.2 and the DOM action timeline", Binary: "axtree-live"},
			{Name: "subroutine", Args: "make|run", Summary: "make a Subroutine from a recording, or run one over rows", Binary: "axtree-live"},
			{Name: "mcp", Summary: "serve the browser to an agent over the Model Context Protocol", Binary: "axtree-live"},
			{Name: "run", Args: "DIR|MANIFEST", Summary: "replay recorded pages into a store", Binary: "axtree-store"},
			{Name: "graph", Summary: "print the state graph of a store", Binary: "axtree-store"},
		},
	}
}

// run runs the axtree program and returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return program().Run(args, stdin, stdout, stderr)
}
