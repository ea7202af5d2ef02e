package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
)

// Flags declares a command's flags. Each method binds a flag to the
// variable p points at; the variable's value at declaration is the
// default. Flags are written --name or -name, with the value after a space
// or "="; they may come before or after the arguments, and "--" ends them.
type Flags struct {
	fs   *flag.FlagSet
	list []flagItem
}

type flagItem struct {
	name, placeholder, usage, def string
}

var errHelp = errors.New("help requested")

func newFlags(name string) *Flags {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return &Flags{fs: fs}
}

func (f *Flags) add(name, placeholder, usage, def string) {
	f.list = append(f.list, flagItem{name: name, placeholder: placeholder, usage: usage, def: def})
}

// Bool declares a boolean flag (--name, or --name=false).
func (f *Flags) Bool(p *bool, name, usage string) {
	def := ""
	if *p {
		def = "true"
	}
	f.fs.BoolVar(p, name, *p, "")
	f.add(name, "", usage, def)
}

// String declares a string flag; placeholder names its value in the help
// ("URL", "FILE").
func (f *Flags) String(p *string, name, placeholder, usage string) {
	f.fs.StringVar(p, name, *p, "")
	f.add(name, placeholder, usage, *p)
}

// Int declares an integer flag.
func (f *Flags) Int(p *int, name, placeholder, usage string) {
	def := ""
	if *p != 0 {
		def = strconv.Itoa(*p)
	}
	f.fs.IntVar(p, name, *p, "")
	f.add(name, placeholder, usage, def)
}

// Duration declares a duration flag (30s, 1m30s, 500ms).
func (f *Flags) Duration(p *time.Duration, name, usage string) {
	def := ""
	if *p != 0 {
		def = p.String()
	}
	f.fs.DurationVar(p, name, *p, "")
	f.add(name, "DURATION", usage, def)
}

// Enum declares a flag whose value is one of choices; its default is *p,
// or choices[0] when *p is empty. A value outside choices is a usage error
// that lists them.
func (f *Flags) Enum(p *string, name string, choices []string, usage string) {
	if *p == "" && len(choices) > 0 {
		*p = choices[0]
	}
	f.fs.Var(&enumValue{p: p, choices: choices}, name, "")
	f.add(name, strings.Join(choices, "|"), usage, *p)
}

// Strings declares a repeatable string flag: each use appends a value.
func (f *Flags) Strings(p *[]string, name, placeholder, usage string) {
	f.fs.Var((*multi)(p), name, "")
	f.add(name, placeholder, usage+" (repeatable)", "")
}

// Var declares a flag of any flag.Value.
func (f *Flags) Var(v flag.Value, name, placeholder, usage string) {
	f.fs.Var(v, name, "")
	f.add(name, placeholder, usage, v.String())
}

// Set reports whether the flag was given on the command line.
func (f *Flags) Set(name string) bool {
	set := false
	f.fs.Visit(func(fl *flag.Flag) {
		if fl.Name == name {
			set = true
		}
	})
	return set
}

type enumValue struct {
	p       *string
	choices []string
}

func (v *enumValue) String() string {
	if v.p == nil {
		return ""
	}
	return *v.p
}

func (v *enumValue) Set(s string) error {
	for _, c := range v.choices {
		if s == c {
			*v.p = s
			return nil
		}
	}
	return fmt.Errorf("must be %s, not %q", orList(v.choices), s)
}

func orList(ss []string) string {
	switch len(ss) {
	case 0:
		return ""
	case 1:
		return ss[0]
	}
	return strings.Join(ss[:len(ss)-1], ", ") + " or " + ss[len(ss)-1]
}

type multi []string

func (m *multi) String() string     { return strings.Join(*m, ",") }
func (m *multi) Set(v string) error { *m = append(*m, v); return nil }

// parse parses flags interleaved with arguments and returns the
// arguments. -h, -help and --help return errHelp.
func (f *Flags) parse(args []string) ([]string, error) {
	var pos []string
	for {
		for _, a := range args {
			if a == "--" {
				break
			}
			if a == "-h" || a == "-help" || a == "--help" {
				return nil, errHelp
			}
		}
		if err := f.fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, errHelp
			}
			return nil, f.usageError(err)
		}
		rest := f.fs.Args()
		consumed := len(args) - len(rest)
		if consumed > 0 && args[consumed-1] == "--" {
			return append(pos, rest...), nil
		}
		if len(rest) == 0 {
			return pos, nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// usageError rewrites the flag package's messages in the house style.
func (f *Flags) usageError(err error) error {
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: -"); ok {
		m := fmt.Sprintf("unknown flag --%s", name)
		names := make([]string, len(f.list))
		for i, it := range f.list {
			names[i] = it.name
		}
		if s := closest(name, names); s != "" {
			m += fmt.Sprintf("; did you mean --%s?", s)
		} else if len(names) == 0 {
			m += " (this command has no flags)"
		}
		return &UsageError{Msg: m}
	}
	if name, ok := strings.CutPrefix(msg, "flag needs an argument: -"); ok {
		ph := "a value"
		for _, it := range f.list {
			if it.name == name && it.placeholder != "" {
				ph = it.placeholder
			}
		}
		return &UsageError{Msg: fmt.Sprintf("--%s needs %s", name, ph)}
	}
	if rest, ok := strings.CutPrefix(msg, "invalid value "); ok {
		// invalid value "x" for flag -name: detail
		if i := strings.Index(rest, " for flag -"); i >= 0 {
			val := rest[:i]
			nameDetail := rest[i+len(" for flag -"):]
			name, detail, _ := strings.Cut(nameDetail, ": ")
			if strings.HasPrefix(detail, "must be ") {
				return &UsageError{Msg: fmt.Sprintf("--%s %s", name, detail)}
			}
			return &UsageError{Msg: fmt.Sprintf("--%s: %s is not %s", name, val, f.kind(name))}
		}
	}
	if rest, ok := strings.CutPrefix(msg, "invalid boolean value "); ok {
		if i := strings.Index(rest, " for -"); i >= 0 {
			name, _, _ := strings.Cut(rest[i+len(" for -"):], ":")
			return &UsageError{Msg: fmt.Sprintf("--%s takes true or false, not %s", name, rest[:i])}
		}
	}
	return &UsageError{Msg: msg}
}

func (f *Flags) kind(name string) string {
	fl := f.fs.Lookup(name)
	if fl == nil {
		return "valid"
	}
	switch fl.Value.(type) {
	case interface{ IsBoolFlag() bool }:
		return "true or false"
	}
	for _, it := range f.list {
		if it.name == name {
			switch it.placeholder {
			case "DURATION":
				return "a duration like 30s or 1m"
			case "N", "BYTES", "COUNT":
				return "a whole number"
			}
		}
	}
	if _, err := strconv.Atoi(fl.DefValue); err == nil {
		return "a whole number"
	}
	return "a valid value"
}

// writeHelp prints the flags, one per item, in declaration order:
//
//	--name PLACEHOLDER      usage (default X)
func (f *Flags) writeHelp(b *strings.Builder) {
	for _, it := range f.list {
		left := "--" + it.name
		if it.placeholder != "" {
			left += " " + it.placeholder
		}
		text := it.usage
		if it.def != "" {
			text += fmt.Sprintf(" (default %s)", it.def)
		}
		writeItem(b, left, text, 22)
	}
	writeItem(b, "-h, --help", "this help", 22)
}
