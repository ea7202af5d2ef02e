// Package cli is the one command-line framework of the axtree binaries
// (axtree, axtree-live, axtree-store). A Command declares its arguments and
// flags; cli gives every command the same things: `-h`/`--help` and
// `axtree help NAME` printing the flags in one style, flags before or after
// the arguments, exit statuses (0 success, 1 a failed run, 2 a usage error),
// one clean error line per failure ("axtree NAME: what was wrong"), input
// files read with a clear message for what cannot be one, progress on a
// terminal, and the version.
//
// Commands that need a browser or a store live in separate binaries so that
// `go run ./cmd/axtree render` compiles neither; the axtree binary lists
// them with Command.Binary set and runs the binary that has them, git-style
// (see Program.Run).
package cli

import (
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
)

// Program is one binary: the name users type, and its commands.
type Program struct {
	// Name is the command name users type ("axtree"); every message
	// starts with it, in every binary.
	Name string
	// Binary is this executable's own name ("axtree", "axtree-live").
	Binary string
	// Summary is the one-line description under the usage line of `help`.
	Summary string
	// Commands are the subcommands, in the order help lists them. Their
	// Flags and Run closures share variables, so build a fresh Program
	// for every run (as the binaries' run functions do).
	Commands []*Command
	// Finder locates the binaries of external commands; nil uses
	// DefaultFinder.
	Finder Finder
}

// Command is one subcommand.
type Command struct {
	// Name is the word after the program name ("render").
	Name string
	// Args is the synopsis of the arguments after the flags ("FILE|-").
	Args string
	// Summary is the one line `help` prints in the command list.
	Summary string
	// Doc is the help text between the usage line and the flags: plain
	// paragraphs, already wrapped at 76 columns.
	Doc string
	// Binary, when set, is the executable that implements the command
	// (Run is then nil): the program runs it with the same arguments.
	Binary string
	// Flags declares the command's flags, binding them to variables the
	// Run closure reads. Nil: no flags.
	Flags func(f *Flags)
	// MinArgs and MaxArgs bound the number of arguments (MaxArgs < 0: no
	// upper bound).
	MinArgs, MaxArgs int
	// Sub are subcommands ("trajectory validate"); a command with Sub and
	// no Run requires one.
	Sub []*Command
	// Run does the work. Its error decides the exit status: nil 0, a
	// UsageError 2, an ExitStatus its code (silently), anything else 1
	// with the error printed once.
	Run func(e *Env, args []string) error
}

// Env is what a running command talks to.
type Env struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	// Prog is the program name and Cmd the command path ("axtree",
	// "render"), as messages print them.
	Prog, Cmd string

	prog *Program
	argv []string // the command's arguments as given, for Delegate
}

// UsageError is a mistake in how a command was called (exit status 2).
type UsageError struct{ Msg string }

// Error returns the message.
func (e *UsageError) Error() string { return e.Msg }

// Usagef returns a UsageError.
func Usagef(format string, args ...any) error {
	return &UsageError{Msg: fmt.Sprintf(format, args...)}
}

// ExitStatus ends a command with the status Code and no message: the
// command has already said what it had to (find's "no match" list).
type ExitStatus struct{ Code int }

// Error says the exit status.
func (e *ExitStatus) Error() string { return fmt.Sprintf("exit status %d", e.Code) }

// Status returns an ExitStatus error.
func Status(code int) error { return &ExitStatus{Code: code} }

// Warnf prints a warning line to stderr: "axtree CMD: warning: …".
func (e *Env) Warnf(format string, args ...any) {
	fmt.Fprintf(e.Stderr, "%s: warning: %s\n", e.prefix(), fmt.Sprintf(format, args...))
}

// Notef prints a note line to stderr: "axtree CMD: …".
func (e *Env) Notef(format string, args ...any) {
	fmt.Fprintf(e.Stderr, "%s: %s\n", e.prefix(), fmt.Sprintf(format, args...))
}

func (e *Env) prefix() string {
	if e.Cmd == "" {
		return e.Prog
	}
	return e.Prog + " " + e.Cmd
}

// Run runs the program with args (without the program name) and returns
// the exit status.
func (p *Program) Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	e := &Env{Stdin: stdin, Stdout: stdout, Stderr: stderr, Prog: p.Name, prog: p}
	if len(args) == 0 {
		p.writeHelp(stderr)
		return 2
	}
	switch args[0] {
	case "help", "-h", "--help", "-help":
		if len(args) == 1 || args[0] != "help" {
			p.writeHelp(stdout)
			return 0
		}
		return p.help(e, args[1:])
	case "version", "--version", "-version":
		fmt.Fprintln(stdout, Version(p.Name))
		return 0
	}
	c := p.lookup(args[0])
	if c == nil {
		msg := fmt.Sprintf("unknown command %q", args[0])
		if s := closest(args[0], p.names()); s != "" {
			msg += fmt.Sprintf("; did you mean %q?", s)
		}
		fmt.Fprintf(stderr, "%s: %s (%s help lists the commands)\n", p.Name, msg, p.Name)
		return 2
	}
	return p.runCommand(e, c, c.Name, args[1:], args)
}

// runCommand runs c (named path) with its arguments; full is the whole
// argv after the program name, for external commands.
func (p *Program) runCommand(e *Env, c *Command, path string, args, full []string) int {
	e.Cmd = path
	if c.Binary != "" {
		return p.external(e, c.Binary, full)
	}
	if len(c.Sub) > 0 && (c.Run == nil || len(args) > 0 && c.sub(args[0]) != nil) {
		if len(args) == 0 || isHelp(args[0]) {
			w := e.Stdout
			if len(args) == 0 {
				w = e.Stderr
			}
			p.writeCommandHelp(w, c, path)
			if len(args) == 0 {
				return 2
			}
			return 0
		}
		s := c.sub(args[0])
		if s == nil {
			names := make([]string, len(c.Sub))
			for i, x := range c.Sub {
				names[i] = x.Name
			}
			msg := fmt.Sprintf("unknown command %q", args[0])
			if g := closest(args[0], names); g != "" {
				msg += fmt.Sprintf("; did you mean %q?", g)
			}
			return e.fail(&UsageError{Msg: msg})
		}
		return p.runCommand(e, s, path+" "+s.Name, args[1:], full)
	}
	f := newFlags(path)
	if c.Flags != nil {
		c.Flags(f)
	}
	pos, err := f.parse(args)
	if errors.Is(err, errHelp) {
		p.writeCommandHelp(e.Stdout, c, path)
		return 0
	}
	if err == nil {
		err = checkArgs(c, pos)
	}
	if err == nil {
		e.argv = full
		err = c.Run(e, pos)
	}
	return e.fail(err)
}

// fail prints err as the one line of a failed run and returns the status.
func (e *Env) fail(err error) int {
	if err == nil {
		return 0
	}
	var st *ExitStatus
	if errors.As(err, &st) {
		return st.Code
	}
	var ue *UsageError
	if errors.As(err, &ue) {
		fmt.Fprintf(e.Stderr, "%s: %s (%s help %s lists the flags)\n", e.prefix(), oneLine(ue.Msg), e.Prog, e.Cmd)
		return 2
	}
	fmt.Fprintf(e.Stderr, "%s: %s\n", e.prefix(), Message(err))
	return 1
}

func checkArgs(c *Command, pos []string) error {
	n := len(pos)
	if n >= c.MinArgs && (c.MaxArgs < 0 || n <= c.MaxArgs) {
		return nil
	}
	what := c.Args
	if what == "" {
		what = "arguments"
	}
	switch {
	case c.MaxArgs == 0:
		return Usagef("unexpected argument %q (takes no arguments)", pos[0])
	case c.MinArgs == c.MaxArgs && n < c.MinArgs:
		return Usagef("want %s, got %d argument%s", what, n, plural(n))
	case n < c.MinArgs:
		return Usagef("want at least %d argument%s (%s), got %d", c.MinArgs, plural(c.MinArgs), what, n)
	default:
		return Usagef("want %s, got %d arguments: %s", what, n, quoteList(pos))
	}
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func quoteList(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = fmt.Sprintf("%q", s)
	}
	return strings.Join(q, " ")
}

func isHelp(a string) bool {
	return a == "-h" || a == "--help" || a == "-help" || a == "help"
}

func (p *Program) lookup(name string) *Command {
	for _, c := range p.Commands {
		if c.Name == name {
			return c
		}
	}
	return nil
}

func (c *Command) sub(name string) *Command {
	for _, s := range c.Sub {
		if s.Name == name {
			return s
		}
	}
	return nil
}

func (p *Program) names() []string {
	out := make([]string, len(p.Commands))
	for i, c := range p.Commands {
		out[i] = c.Name
	}
	return out
}

// help implements `PROG help CMD [SUB]`.
func (p *Program) help(e *Env, args []string) int {
	c := p.lookup(args[0])
	if c == nil {
		msg := fmt.Sprintf("unknown command %q", args[0])
		if s := closest(args[0], p.names()); s != "" {
			msg += fmt.Sprintf("; did you mean %q?", s)
		}
		fmt.Fprintf(e.Stderr, "%s help: %s\n", p.Name, msg)
		return 2
	}
	if c.Binary != "" {
		e.Cmd = c.Name
		return p.external(e, c.Binary, append([]string{"help"}, args...))
	}
	path := c.Name
	for _, a := range args[1:] {
		s := c.sub(a)
		if s == nil {
			fmt.Fprintf(e.Stderr, "%s help: %s has no command %q\n", p.Name, path, a)
			return 2
		}
		c, path = s, path+" "+s.Name
	}
	p.writeCommandHelp(e.Stdout, c, path)
	return 0
}

// writeHelp prints the program's command list.
func (p *Program) writeHelp(w io.Writer) {
	var b strings.Builder
	fmt.Fprintf(&b, "usage: %s <command> [flags] [arguments]\n\n", p.Name)
	if p.Summary != "" {
		b.WriteString(p.Summary + "\n\n")
	}
	b.WriteString("commands:\n")
	width := 0
	for _, c := range p.Commands {
		width = max(width, len(c.Name+" "+c.Args))
	}
	width = min(width, 26)
	for _, c := range p.Commands {
		left := strings.TrimSpace(c.Name + " " + c.Args)
		sum := c.Summary
		if c.Binary != "" && c.Binary != p.Binary {
			sum += " [" + c.Binary + "]"
		}
		writeItem(&b, left, sum, width)
	}
	writeItem(&b, "help [COMMAND]", "this list, or a command's flags", width)
	writeItem(&b, "version", "the version (also --version)", width)
	fmt.Fprintf(&b, "\n%s help COMMAND (or %s COMMAND -h) prints a command's flags.\n", p.Name, p.Name)
	if p.hasExternal() {
		b.WriteString("Commands marked [axtree-…] are separate binaries (go install ./cmd/... installs them).\n")
	}
	io.WriteString(w, b.String())
}

func (p *Program) hasExternal() bool {
	for _, c := range p.Commands {
		if c.Binary != "" && c.Binary != p.Binary {
			return true
		}
	}
	return false
}

// writeCommandHelp prints one command's help: usage, doc, subcommands,
// flags.
func (p *Program) writeCommandHelp(w io.Writer, c *Command, path string) {
	var b strings.Builder
	f := newFlags(path)
	if c.Flags != nil {
		c.Flags(f)
	}
	syn := p.Name + " " + path
	if len(c.Sub) > 0 {
		syn += " <command>"
	}
	if len(f.list) > 0 {
		syn += " [flags]"
	}
	if c.Args != "" {
		syn += " " + c.Args
	}
	fmt.Fprintf(&b, "usage: %s\n", syn)
	if doc := strings.TrimSpace(c.Doc); doc != "" {
		b.WriteString("\n" + doc + "\n")
	} else if c.Summary != "" {
		b.WriteString("\n" + upperFirst(c.Summary) + ".\n")
	}
	if len(c.Sub) > 0 {
		b.WriteString("\ncommands:\n")
		width := 0
		for _, s := range c.Sub {
			width = max(width, len(s.Name+" "+s.Args))
		}
		width = min(width, 26)
		for _, s := range c.Sub {
			writeItem(&b, strings.TrimSpace(s.Name+" "+s.Args), s.Summary, width)
		}
	}
	b.WriteString("\nflags:\n")
	f.writeHelp(&b)
	io.WriteString(w, b.String())
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// writeItem writes "  left   text" with text wrapped at 79 columns and
// starting at column width+4; a left part longer than width puts the text
// on the next line.
func writeItem(b *strings.Builder, left, text string, width int) {
	indent := width + 4
	line := "  " + left
	if len(left) > width {
		b.WriteString(line + "\n")
		line = ""
	}
	words := strings.Fields(text)
	if len(words) == 0 {
		b.WriteString(strings.TrimRight(line, " ") + "\n")
		return
	}
	for line != "" && len(line) < indent {
		line += " "
	}
	first := true
	for _, wd := range words {
		switch {
		case line == "":
			line = strings.Repeat(" ", indent) + wd
		case first && len(line) == indent:
			line += wd
		case len(line)+1+len(wd) > 79:
			b.WriteString(line + "\n")
			line = strings.Repeat(" ", indent) + wd
		default:
			line += " " + wd
		}
		first = false
	}
	b.WriteString(line + "\n")
}

// oneLine keeps a message on one line.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// closest returns the candidate nearest to s by edit distance when it is
// near enough to be a likely misspelling, else "".
func closest(s string, cands []string) string {
	best, bestD := "", -1
	ls := strings.ToLower(s)
	sorted := append([]string(nil), cands...)
	sort.Strings(sorted)
	for _, c := range sorted {
		d := EditDistance(ls, strings.ToLower(c))
		if bestD < 0 || d < bestD {
			best, bestD = c, d
		}
	}
	if bestD < 0 || bestD > max(1, len([]rune(s))/3) {
		return ""
	}
	return best
}

// EditDistance is the number of single-rune insertions, deletions,
// substitutions and transpositions of adjacent runes that turn a into b
// (optimal string alignment distance): "nmae" is one edit from "name".
func EditDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	d := make([][]int, len(ra)+1)
	for i := range d {
		d[i] = make([]int, len(rb)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(ra)][len(rb)]
}
