// Command speedtable prints the README's speed table from the output of
// `go test -run '^$' -bench RenderVsParse ./bench`, run several times over
// with -count=1 and the outputs joined (a file, or standard input): per
// page the medians of html.Parse and of the whole render, their ratio in
// wall and in CPU time (the median of the ratios of paired samples, see
// bench.SpeedRow), and the live heap per element of each. `make
// bench-speed` runs both.
package main

import (
	"fmt"
	"io"
	"os"

	"github.com/axtree/axtree/bench"
)

func main() {
	var in io.Reader = os.Stdin
	if len(os.Args) > 1 {
		f, err := os.Open(os.Args[1])
		if err != nil {
			fmt.Fprintln(os.Stderr, "speedtable:", err)
			os.Exit(1)
		}
		defer f.Close()
		in = f
	}
	rows, err := bench.ParseSpeed(in)
	if err != nil {
		fmt.Fprintln(os.Stderr, "speedtable:", err)
		os.Exit(1)
	}
	if len(rows) == 0 {
		fmt.Fprintln(os.Stderr, "speedtable: no BenchmarkRenderVsParse lines in the input")
		os.Exit(1)
	}
	bench.SpeedTable(os.Stdout, rows)
}
