package cli

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/mattn/go-isatty"
)

// Progress shows what a long command is doing, and how far it is, on one
// line of stderr that it rewrites in place. It is quiet (every method does
// nothing) unless stderr is a terminal: in a pipe, a log or a test, the
// output stays what the command prints.
type Progress struct {
	mu    sync.Mutex
	w     io.Writer
	on    bool
	start time.Time // of the current step
	text  string
	tick  *time.Ticker
	stop  chan struct{}
	shown bool
}

// Terminal reports whether w is a terminal (a character device that
// isatty recognises) and TERM is not "dumb".
func Terminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok || os.Getenv("TERM") == "dumb" {
		return false
	}
	return isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd())
}

// Progress returns the command's progress line: live when stderr is a
// terminal, quiet otherwise. Call Done when the work ends.
func (e *Env) Progress() *Progress {
	return NewProgress(e.Stderr, Terminal(e.Stderr))
}

// NewProgress returns a progress line on w, live only when on.
func NewProgress(w io.Writer, on bool) *Progress {
	return &Progress{w: w, on: on}
}

// Step says the command is at item i (1-based) of n, doing what the format
// says: "[3/19] measuring amazon-de-search".
func (p *Progress) Step(i, n int, format string, args ...any) {
	p.Say("[%d/%d] %s", i, n, fmt.Sprintf(format, args...))
}

// Say says what the command is doing now; while it lasts, the line counts
// the seconds.
func (p *Progress) Say(format string, args ...any) {
	if p == nil || !p.on {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.text = fmt.Sprintf(format, args...)
	p.start = time.Now()
	p.draw()
	if p.tick == nil {
		p.tick = time.NewTicker(time.Second)
		p.stop = make(chan struct{})
		go p.loop(p.tick, p.stop)
	}
}

func (p *Progress) loop(t *time.Ticker, stop chan struct{}) {
	for {
		select {
		case <-stop:
			return
		case <-t.C:
			p.mu.Lock()
			if p.tick != nil {
				p.draw()
			}
			p.mu.Unlock()
		}
	}
}

// draw rewrites the line; the caller holds mu.
func (p *Progress) draw() {
	s := p.text
	if d := time.Since(p.start); d >= time.Second {
		s += fmt.Sprintf(" (%ds)", int(d/time.Second))
	}
	s = strings.Map(func(r rune) rune {
		if r < ' ' || r == 0x7f {
			return ' '
		}
		return r
	}, s)
	if r := []rune(s); len(r) > 78 {
		s = string(r[:77]) + "…"
	}
	fmt.Fprintf(p.w, "\r\x1b[K%s", s)
	p.shown = true
}

// Done clears the line and stops the clock. The command prints its result
// after it.
func (p *Progress) Done() {
	if p == nil || !p.on {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.tick != nil {
		p.tick.Stop()
		close(p.stop)
		p.tick = nil
	}
	if p.shown {
		fmt.Fprint(p.w, "\r\x1b[K")
		p.shown = false
	}
}
