package cli

import (
	"fmt"

	"github.com/axtree/axtree/render"
)

// TreeOutput holds the flags of commands that print a tree (render,
// capture, …): --view, --state, --format and --links.
type TreeOutput struct {
	View, State, Format, Links string
}

// Declare adds the tree output flags to f.
func (o *TreeOutput) Declare(f *Flags) {
	f.Enum(&o.View, "view", []string{"lean", "enriched"},
		"lean: URLs kept out of the tree, in the link record; enriched: each link's URL inline")
	f.Enum(&o.State, "state", []string{"record", "inline"},
		"record: field values and checked/selected states in lines \"[id=N] [value=…]\" after the tree, so that filling in a form changes no element line; inline: on each element's own line")
	f.Enum(&o.Format, "format", []string{"text", "json"},
		"text, or one JSON document with the nodes and the link record")
	f.String(&o.Links, "links", "FILE",
		"also write the link record (id → URL) as JSON to FILE (\"-\": standard output, after the tree)")
}

// Write prints res as the flags say: the tree to standard output, then the
// link record to --links.
func (o *TreeOutput) Write(e *Env, res *render.Result) error {
	if o.State == "inline" {
		t := res.TextOptions()
		t.InlineState = true
		res = res.WithTextOptions(t)
	}
	var out []byte
	switch {
	case o.Format == "json":
		out = append(res.JSON(), '\n')
	case o.View == "enriched":
		out = res.Enriched()
	default:
		out = res.Text()
	}
	if _, err := e.Stdout.Write(out); err != nil {
		return fmt.Errorf("writing standard output: %v", err)
	}
	if o.Links != "" {
		if err := e.WriteOutput(o.Links, append(res.LinksJSON(), '\n')); err != nil {
			return err
		}
	}
	return nil
}
