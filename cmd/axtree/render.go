package main

import (
	"fmt"
	"io"
	"os"

	"github.com/axtree/axtree/render"
)

func runRender(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) != 1 {
		fmt.Fprintln(stderr, "usage: axtree render FILE|-")
		return 2
	}
	var in io.Reader = stdin
	if args[0] != "-" {
		f, err := os.Open(args[0])
		if err != nil {
			fmt.Fprintf(stderr, "axtree render: %v\n", err)
			return 1
		}
		defer f.Close()
		in = f
	}
	res, err := render.HTML(in, render.Options{})
	if err != nil {
		fmt.Fprintf(stderr, "axtree render: %v\n", err)
		return 1
	}
	stdout.Write(res.Text())
	return 0
}
