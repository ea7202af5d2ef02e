package main

import (
	"encoding/json"
	"fmt"

	"github.com/axtree/axtree/axtree"
	"github.com/axtree/axtree/internal/cli"
	"github.com/axtree/axtree/render"
)

func findCommand() *cli.Command {
	var (
		role, name, wRole, wName string
		exact, capture, asJSON   bool
	)
	return &cli.Command{
		Name:    "find",
		Args:    "FILE|-",
		Summary: "find elements by role and name (getByRole)",
		Doc: `Resolves a semantic target against the tree of a page and prints the
matching elements in document order, one per line: id, role, name. NAME
matches as Playwright's getByRole does: a case-insensitive substring of
the accessible name by default, the whole name with --exact, or a regular
expression between slashes ('/^Name/i'; flags i, m, s). ROLE is a WAI-ARIA
role; a misspelt one is refused with the closest role. When nothing
matches, find says so, prints the three closest candidates with their
similarity score (role first, then name) and exits with status 1.`,
		Flags: func(f *cli.Flags) {
			f.String(&role, "role", "ROLE", "the WAI-ARIA role (button, link, textbox, …)")
			f.String(&name, "name", "NAME", "the accessible name: substring, exact with --exact, or /regexp/flags")
			f.Bool(&exact, "exact", "match NAME as the whole name, case-sensitive")
			f.String(&wRole, "within-role", "ROLE", "only inside elements of this role …")
			f.String(&wName, "within-name", "NAME", "… and this name (matched like --name)")
			f.Bool(&capture, "capture", "the input is a capture JSON document, not HTML")
			f.Bool(&asJSON, "json", "print {\"matches\": […], \"candidates\": […]}")
		},
		MinArgs: 1, MaxArgs: 1,
		Run: func(e *cli.Env, args []string) error {
			if role == "" && name == "" {
				return cli.Usagef("give --role, --name or both")
			}
			target, err := axtree.ParseTarget(role, name, exact)
			if err != nil {
				return cli.Usagef("%s", cli.Message(err))
			}
			if wRole != "" || wName != "" {
				w, err := axtree.ParseTarget(wRole, wName, exact)
				if err != nil {
					return cli.Usagef("%s", cli.Message(err))
				}
				target.Within = &w
			}
			res, err := readRendered(e, args[0], capture, render.Options{})
			if err != nil {
				return err
			}
			r := res.Tree.Find(target)
			if asJSON {
				out := struct {
					Matches    []axtree.Match `json:"matches"`
					Candidates []axtree.Match `json:"candidates,omitempty"`
				}{r.Matches, r.Candidates}
				if out.Matches == nil {
					out.Matches = []axtree.Match{}
				}
				b, err := json.Marshal(out)
				if err != nil {
					return err
				}
				fmt.Fprintf(e.Stdout, "%s\n", b)
			} else if len(r.Matches) > 0 {
				for _, m := range r.Matches {
					fmt.Fprintf(e.Stdout, "[id=%d] [%s] %s\n", m.ID, m.Role, m.Name)
				}
			} else if len(r.Candidates) == 0 {
				fmt.Fprintln(e.Stdout, "no match; the page has no element with a role to match against")
			} else {
				fmt.Fprintln(e.Stdout, "no match; closest candidates:")
				for _, m := range r.Candidates {
					fmt.Fprintf(e.Stdout, "[id=%d] [%s] %s (score %.3f)\n", m.ID, m.Role, m.Name, m.Score)
				}
			}
			if len(r.Matches) == 0 {
				return cli.Status(1)
			}
			return nil
		},
	}
}
