package cli

import (
	"errors"
	"io/fs"
	"os"
	"strings"
)

// packagePrefixes are the "pkg: " prefixes the module's packages put on
// their errors. In a library they say where an error came from; on the
// command line, after "axtree render:", they only repeat themselves
// ("render: capture: wire: …"), so Message drops them.
var packagePrefixes = map[string]bool{
	"accname": true, "actions": true, "axtree": true, "bench": true,
	"capture": true, "dom": true, "find": true, "links": true,
	"listeners": true, "mcp": true, "netcap": true, "observe": true,
	"postgres": true, "render": true, "roles": true, "runtime": true,
	"serialize": true, "server": true, "sqlite": true, "style": true,
	"subroutine": true, "tokens": true, "trajectory": true, "view": true,
	"wire": true,
}

// Message returns err as the one line a command prints after its
// "axtree CMD: " prefix: package prefixes dropped, an *os.PathError said
// as "PATH: what" (not "open PATH: …"), a segment that repeats the one
// before it said once, and no newlines.
func Message(err error) string {
	if err == nil {
		return ""
	}
	var pe *fs.PathError
	msg := err.Error()
	if errors.As(err, &pe) && strings.HasSuffix(msg, pe.Error()) {
		// Keep what wraps it, restate the path error plainly.
		msg = strings.TrimSuffix(msg, pe.Error()) + pe.Path + ": " + pathReason(pe.Err)
	}
	parts := strings.Split(oneLine(msg), ": ")
	out := parts[:0]
	for i, p := range parts {
		if i < len(parts)-1 && packagePrefixes[p] {
			continue
		}
		if len(out) > 0 && out[len(out)-1] == p {
			continue
		}
		out = append(out, p)
	}
	return strings.Join(out, ": ")
}

// pathReason words the common file errors for people.
func pathReason(err error) string {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "no such file or directory"
	case errors.Is(err, fs.ErrPermission):
		return "permission denied"
	case errors.Is(err, os.ErrClosed):
		return "file already closed"
	}
	return err.Error()
}
