// Command axtree-store holds the axtree commands that open the observation
// store (run, graph, and view --db). Users run them as `axtree run …`: the
// axtree binary finds axtree-store next to itself or on PATH and runs it,
// so that the core binary links no database. `go install ./cmd/...`
// installs both.
package main

import (
	"io"
	"os"

	"github.com/axtree/axtree/internal/cli"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// program returns the axtree-store command table.
func program() *cli.Program {
	return &cli.Program{
		Name:    "axtree",
		Binary:  "axtree-store",
		Summary: "axtree-store: the axtree commands that use the observation store.",
		Commands: []*cli.Command{
			runCommand(),
			graphCommand(),
			viewCommand(),
		},
	}
}

// run runs the axtree-store program and returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return program().Run(args, stdin, stdout, stderr)
}
