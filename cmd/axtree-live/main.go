// Command axtree-live holds the axtree commands that drive headless
// Chromium (capture; exec, record, subroutine and mcp as they land). Users
// run them as `axtree capture …`: the axtree binary finds axtree-live next
// to itself or on PATH and runs it, so that the core binary links no
// browser driver. `go install ./cmd/...` installs both.
package main

import (
	"io"
	"os"

	"github.com/axtree/axtree/internal/cli"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// program returns the axtree-live command table.
func program() *cli.Program {
	return &cli.Program{
		Name:    "axtree",
		Binary:  "axtree-live",
		Summary: "axtree-live: the axtree commands that drive headless Chromium.",
		Commands: []*cli.Command{
			captureCommand(),
			execCommand(),
			recordCommand(),
			subroutineCommand(),
			mcpCommand(),
		},
	}
}

// run runs the axtree-live program and returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return program().Run(args, stdin, stdout, stderr)
}
