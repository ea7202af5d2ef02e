package main

import (
	"fmt"
	"io"
)

func runRender(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "axtree render: not implemented yet")
	return 1
}
