package main

import (
	"fmt"
	"io"
)

func runInspect(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "axtree inspect: not implemented yet")
	return 1
}
