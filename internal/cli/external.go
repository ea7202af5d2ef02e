package cli

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
)

// ModulePath is the module the binaries belong to.
const ModulePath = "github.com/axtree/axtree"

// Finder locates the executable of a helper binary ("axtree-live"). It
// returns its path and a cleanup to call when the run is over.
type Finder func(e *Env, binary string) (path string, cleanup func(), err error)

// NotInstalledError says a helper binary was not found.
type NotInstalledError struct{ Binary string }

// Error says which binary is missing and how to install it.
func (e *NotInstalledError) Error() string {
	return fmt.Sprintf("this command is in the %s binary, which is not next to axtree or on PATH; "+
		"install it with go install ./cmd/... from a checkout (or go install %s/cmd/%s@latest)",
		e.Binary, ModulePath, e.Binary)
}

// DefaultFinder looks for the binary next to the running executable, then
// on PATH. Failing both, when the running binary was itself built from a
// checkout of the module (go run ./cmd/axtree, go build: version
// "(devel)") and the working directory is inside such a checkout, it
// builds the helper from that checkout with `go build` into a temporary
// directory, which cleanup removes, and says so on stderr. Nothing is
// installed and nothing outside the temporary directory is written but Go's
// build cache.
func DefaultFinder(e *Env, binary string) (string, func(), error) {
	nop := func() {}
	if exe, err := os.Executable(); err == nil {
		if real, err := filepath.EvalSymlinks(exe); err == nil {
			exe = real
		}
		p := filepath.Join(filepath.Dir(exe), binary)
		if isExecutable(p) {
			return p, nop, nil
		}
	}
	if p, err := exec.LookPath(binary); err == nil {
		return p, nop, nil
	}
	root := checkoutRoot()
	if root == "" || !builtFromCheckout() {
		return "", nop, &NotInstalledError{Binary: binary}
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		return "", nop, &NotInstalledError{Binary: binary}
	}
	if st, err := os.Stat(filepath.Join(root, "cmd", binary)); err != nil || !st.IsDir() {
		return "", nop, &NotInstalledError{Binary: binary}
	}
	dir, err := os.MkdirTemp("", binary+"-")
	if err != nil {
		return "", nop, err
	}
	cleanup := func() { os.RemoveAll(dir) }
	e.Notef("%s is not installed; building it from %s (go install ./cmd/... installs it)", binary, root)
	out := filepath.Join(dir, binary)
	cmd := exec.Command(goTool, "build", "-o", out, "./cmd/"+binary)
	cmd.Dir = root
	cmd.Stdout, cmd.Stderr = e.Stderr, e.Stderr
	if err := cmd.Run(); err != nil {
		cleanup()
		return "", nop, fmt.Errorf("building %s: %v", binary, err)
	}
	return out, cleanup, nil
}

func isExecutable(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular() && st.Mode().Perm()&0o111 != 0
}

// builtFromCheckout reports whether this binary was built from a checkout
// of the module rather than installed at a version.
func builtFromCheckout() bool {
	bi, ok := debug.ReadBuildInfo()
	return ok && bi.Main.Path == ModulePath && bi.Main.Version == "(devel)"
}

// checkoutRoot returns the root of the checkout of the module that holds
// the working directory, or "".
func checkoutRoot() string {
	dir, err := os.Getwd()
	if err != nil {
		return ""
	}
	for {
		if f, err := os.Open(filepath.Join(dir, "go.mod")); err == nil {
			sc := bufio.NewScanner(f)
			mod := ""
			for sc.Scan() {
				if m, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), "module "); ok {
					mod = strings.Trim(strings.TrimSpace(m), `"`)
					break
				}
			}
			f.Close()
			if mod == ModulePath {
				return dir
			}
			return ""
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// external runs binary with args (the whole argv after the program
// name), standard streams passed through, and returns its exit status.
func (p *Program) external(e *Env, binary string, args []string) int {
	find := p.Finder
	if find == nil {
		find = DefaultFinder
	}
	path, cleanup, err := find(e, binary)
	if err != nil {
		var ni *NotInstalledError
		if errors.As(err, &ni) && len(args) > 0 && args[0] == "help" {
			// Still say what the command is.
			if c := p.lookup(args[len(args)-1]); c != nil && c.Summary != "" {
				fmt.Fprintf(e.Stdout, "%s %s: %s.\n", p.Name, c.Name, c.Summary)
			}
		}
		return e.fail(err)
	}
	defer cleanup()
	cmd := exec.Command(path, args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = e.Stdin, e.Stdout, e.Stderr
	if err := cmd.Run(); err != nil {
		var xe *exec.ExitError
		if errors.As(err, &xe) {
			if c := xe.ExitCode(); c > 0 {
				return c
			}
			return 1
		}
		return e.fail(fmt.Errorf("running %s: %v", binary, err))
	}
	return 0
}

// Delegate hands the running command over to binary: it runs the same
// arguments there and returns an ExitStatus with its status. A core
// command uses it when a flag needs a stack the core does not link
// (view --db → axtree-store).
func (e *Env) Delegate(binary string) error {
	code := e.prog.external(e, binary, e.argv)
	if code == 0 {
		return nil
	}
	return Status(code)
}
