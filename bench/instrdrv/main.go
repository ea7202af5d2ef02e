// Command instrdrv renders or parses one page a given number of times, for
// counting instructions with valgrind: `make bench-instr` runs it under
// callgrind with --toggle-collect=main.work and reports
// ((N=5) - (N=1)) / 4 instructions per render and per html.Parse of every
// corpus page (the median of three such counts), the garbage collector
// off. Counting inside work only leaves out the runtime's background
// threads, whose share made whole-process counts swing by up to 25% on the
// small pages.
//
//	instrdrv render|parse PAGE REPS
package main

import (
	"bytes"
	"fmt"
	"os"
	"runtime"
	"strconv"

	"github.com/axtree/axtree/render"
	"golang.org/x/net/html"
)

func main() {
	// One OS thread for main: callgrind's toggle then follows it alone.
	runtime.LockOSThread()
	if len(os.Args) != 4 || (os.Args[1] != "render" && os.Args[1] != "parse") {
		fmt.Fprintln(os.Stderr, "usage: instrdrv render|parse PAGE REPS")
		os.Exit(2)
	}
	b, err := os.ReadFile(os.Args[2])
	if err != nil {
		fmt.Fprintln(os.Stderr, "instrdrv:", err)
		os.Exit(1)
	}
	n, err := strconv.Atoi(os.Args[3])
	if err != nil || n < 0 {
		fmt.Fprintf(os.Stderr, "instrdrv: REPS %q is not a count\n", os.Args[3])
		os.Exit(2)
	}
	// The goroutine's stack grown up front: a stack copy inside work
	// (which a deep render needs) makes callgrind lose track of the
	// toggled function, and large pages would read as nothing.
	growStack(1 << 12)
	if err := work(os.Args[1], b, n); err != nil {
		fmt.Fprintln(os.Stderr, "instrdrv:", err)
		os.Exit(1)
	}
}

// growStack uses about depth × 2 KB of stack.
//
//go:noinline
func growStack(depth int) byte {
	var pad [2048]byte
	pad[depth%len(pad)] = byte(depth)
	if depth == 0 {
		return pad[0]
	}
	return growStack(depth-1) + pad[(depth*7)%len(pad)]
}

// work renders page (bytes in, lean text out, as BenchmarkRenderVsParse's
// render op) or parses it with html.Parse, n times.
//
//go:noinline
func work(mode string, page []byte, n int) error {
	for range n {
		if mode == "parse" {
			if _, err := html.Parse(bytes.NewReader(page)); err != nil {
				return err
			}
			continue
		}
		r, err := render.HTMLBytes(page, render.Options{})
		if err != nil {
			return err
		}
		_ = r.Text()
	}
	return nil
}
