package main

import (
	"fmt"
	"io"
)

func runRank(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "axtree rank: not implemented yet")
	return 1
}
