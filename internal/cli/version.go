package cli

import (
	"runtime"
	"runtime/debug"
	"strings"
)

// Version returns the one line `PROG --version` prints: the module version
// the binary was built at (a tag or pseudo-version when installed with go
// install …@version, "(devel)" when built from a checkout), the VCS
// revision and time when the build recorded them (go build in a git
// checkout does, unless -buildvcs=false), and the Go version.
func Version(prog string) string {
	v, rev, when, modified := "(unknown)", "", "", false
	if bi, ok := debug.ReadBuildInfo(); ok {
		if bi.Main.Version != "" {
			v = bi.Main.Version
		}
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.time":
				when = s.Value
			case "vcs.modified":
				modified = s.Value == "true"
			}
		}
	}
	out := prog + " " + v
	var extra []string
	if rev != "" {
		if len(rev) > 12 {
			rev = rev[:12]
		}
		r := "revision " + rev
		if modified {
			r += "+modified"
		}
		extra = append(extra, r)
	}
	if when != "" {
		extra = append(extra, when)
	}
	if len(extra) > 0 {
		out += " (" + strings.Join(extra, ", ") + ")"
	}
	return out + " " + runtime.Version()
}
