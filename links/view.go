package links

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"

	"github.com/axtree/axtree/axtree"
	"github.com/axtree/axtree/serialize"
)

// URLKey is the attribute key of the link in the enriched view.
const URLKey = "url"

// Hook returns a serialize.Options.Extra hook that appends [url="…"] to the
// line of every element whose id is in r.
func (r Record) Hook() func(n *axtree.Node, dst []axtree.Attr) []axtree.Attr { return hook(r) }

// hook is the Extra hook of r (Record.Hook, Table.Hook); a nil r adds
// nothing.
func hook(r Lookup) func(n *axtree.Node, dst []axtree.Attr) []axtree.Attr {
	return func(n *axtree.Node, dst []axtree.Attr) []axtree.Attr {
		if n.ID <= 0 || r == nil {
			return dst
		}
		if u, ok := r.URL(n.ID); ok && u != "" {
			dst = append(dst, axtree.Attr{Key: URLKey, Value: u})
		}
		return dst
	}
}

// Enriched writes the enriched view of t: the text serialize.Render prints
// with opt, each linked element's line ending in [url="…"] (the URL r gives
// its id: a Record or a Table). An Extra hook already in opt runs first;
// the url attribute comes last.
func Enriched(w io.Writer, t *axtree.Tree, r Lookup, opt serialize.Options) error {
	return serialize.Render(w, t, enrichedOptions(r, opt))
}

// AppendEnriched appends the enriched view of t to dst (see Enriched).
func AppendEnriched(dst []byte, t *axtree.Tree, r Lookup, opt serialize.Options) []byte {
	return serialize.AppendText(dst, t, enrichedOptions(r, opt))
}

func enrichedOptions(r Lookup, opt serialize.Options) serialize.Options {
	hook := hook(r)
	if prev := opt.Extra; prev != nil {
		opt.Extra = func(n *axtree.Node, dst []axtree.Attr) []axtree.Attr {
			return hook(n, prev(n, dst))
		}
	} else {
		opt.Extra = hook
	}
	return opt
}

// ParseEnriched parses an enriched view back: the tree as serialize.Parse
// gives it, minus each element's trailing url attribute, and the record of
// those URLs keyed by id (elements without an id keep their url prop).
func ParseEnriched(text string) (*axtree.Tree, Record, error) {
	t, err := serialize.Parse(text)
	if err != nil {
		return nil, nil, err
	}
	r := Record{}
	t.Walk(func(n *axtree.Node, _ int) bool {
		if k := len(n.Props()); k > 0 && n.ID > 0 && n.Props()[k-1].Key == URLKey {
			d := n.Detail
			r[n.ID] = d.Props[k-1].Value
			d.Props = d.Props[:k-1]
			if len(d.Props) == 0 {
				d.Props = nil
				if d.States == nil && d.Actions == nil && d.More == 0 {
					n.Detail = nil // as the node was built: nothing else of its Detail is set
				}
			}
		}
		return true
	})
	return t, r, nil
}

// AppendJSON appends r as {"61":"https://…",…} with ids in ascending
// numeric order.
func (r Record) AppendJSON(dst []byte) []byte { return serialize.AppendLinksJSON(dst, r) }

// MarshalJSON implements json.Marshaler with ids in ascending numeric order.
func (r Record) MarshalJSON() ([]byte, error) { return r.AppendJSON(nil), nil }

// UnmarshalJSON implements json.Unmarshaler. Keys must be decimal integers.
func (r *Record) UnmarshalJSON(b []byte) error {
	var m map[string]string
	if err := json.Unmarshal(b, &m); err != nil {
		return err
	}
	out := make(Record, len(m))
	for k, v := range m {
		id, err := strconv.Atoi(k)
		if err != nil || strconv.Itoa(id) != k {
			return fmt.Errorf("links: key %q is not a decimal id", k)
		}
		out[id] = v
	}
	*r = out
	return nil
}
