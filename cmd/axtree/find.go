package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"

	"github.com/axtree/axtree/axtree"
	"github.com/axtree/axtree/render"
)

const findUsage = `usage: axtree find [--role ROLE] [--name NAME] [--within-role R --within-name N] [--capture] [--json] FILE|-

Resolves a semantic target against the tree of a page and prints the
matching elements in document order, one per line: id, role, name.
NAME is an exact name, or a Go regular expression between slashes with an
optional i flag for case-insensitive matching: --name '/^Name/i'.
When nothing matches it prints the three closest candidates with their
similarity score (role first, then name) and exits with status 1.
`

// runFind implements `axtree find`.
func runFind(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("find", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	role := fs.String("role", "", "")
	name := fs.String("name", "", "")
	wRole := fs.String("within-role", "", "")
	wName := fs.String("within-name", "", "")
	capture := fs.Bool("capture", false, "")
	asJSON := fs.Bool("json", false, "")
	file, err := parseInterleaved(fs, args)
	if err == flag.ErrHelp {
		fmt.Fprint(stdout, findUsage)
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "axtree find: %v\n%s", err, findUsage)
		return 2
	}
	if *role == "" && *name == "" {
		fmt.Fprintf(stderr, "axtree find: give --role, --name or both\n%s", findUsage)
		return 2
	}
	target, err := makeTarget(*role, *name)
	if err != nil {
		fmt.Fprintf(stderr, "axtree find: %v\n", err)
		return 2
	}
	if *wRole != "" || *wName != "" {
		w, err := makeTarget(*wRole, *wName)
		if err != nil {
			fmt.Fprintf(stderr, "axtree find: %v\n", err)
			return 2
		}
		target.Within = &w
	}
	in, closeIn, err := openInput(file, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "axtree find: %v\n", err)
		return 1
	}
	defer closeIn()
	var res *render.Result
	if *capture {
		res, err = render.Capture(in, render.Options{})
	} else {
		res, err = render.HTML(in, render.Options{})
	}
	if err != nil {
		fmt.Fprintf(stderr, "axtree find: %s: %v\n", file, err)
		return 1
	}
	r := res.Tree.Find(target)
	if *asJSON {
		out := struct {
			Matches    []axtree.Match `json:"matches"`
			Candidates []axtree.Match `json:"candidates,omitempty"`
		}{r.Matches, r.Candidates}
		if out.Matches == nil {
			out.Matches = []axtree.Match{}
		}
		b, _ := json.Marshal(out)
		fmt.Fprintf(stdout, "%s\n", b)
	} else if len(r.Matches) > 0 {
		for _, m := range r.Matches {
			fmt.Fprintf(stdout, "[id=%d] [%s] %s\n", m.ID, m.Role, m.Name)
		}
	} else {
		fmt.Fprintln(stdout, "no match; closest candidates:")
		for _, m := range r.Candidates {
			fmt.Fprintf(stdout, "[id=%d] [%s] %s (score %.3f)\n", m.ID, m.Role, m.Name, m.Score)
		}
	}
	if len(r.Matches) == 0 {
		return 1
	}
	return 0
}

func makeTarget(role, name string) (axtree.Target, error) {
	n, re, err := axtree.ParseName(name)
	if err != nil {
		return axtree.Target{}, err
	}
	return axtree.Target{Role: role, Name: n, Re: re}, nil
}
