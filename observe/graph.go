package observe

import (
	"bytes"
	"encoding/json"
	"sort"
	"strconv"
	"strings"
)

// Graph is a state graph: nodes are distinct observation ids, edges are
// (from, action, to) with the number of steps that took them. Adding the
// steps of many runs of a site merges them into one graph. The zero value
// is not ready; use NewGraph.
type Graph struct {
	nodes map[string]*GraphNode
	edges map[edgeKey]*Edge
}

// GraphNode is one state.
type GraphNode struct {
	ID     string `json:"id"`
	URL    string `json:"url,omitempty"`   // a URL seen at this state (the smallest)
	Title  string `json:"title,omitempty"` // the title seen with URL
	Visits int    `json:"visits"`          // steps that recorded this state
	Starts int    `json:"starts"`          // runs that started here
}

// Edge is a transition. Its Action is the run-independent part of the
// steps' actions: Element is cleared (it is a run's stable number), Canon
// names the element in From's canonical numbering.
type Edge struct {
	From   string  `json:"from"`
	To     string  `json:"to"`
	Action *Action `json:"action,omitempty"`
	Count  int     `json:"count"`
}

type edgeKey struct {
	from, to, act, value string
	canon                int
}

// NewGraph returns an empty graph.
func NewGraph() *Graph {
	return &Graph{nodes: map[string]*GraphNode{}, edges: map[edgeKey]*Edge{}}
}

// Add counts one step: a visit of o.ID and, when o.Previous is set, the
// edge o.Previous --o.Action--> o.ID.
func (g *Graph) Add(o *Observation) {
	if o == nil || o.ID == "" {
		return
	}
	n := g.node(o.ID)
	n.describe(o.URL, o.Title)
	n.Visits++
	if o.Previous == "" {
		n.Starts++
		return
	}
	g.node(o.Previous)
	k := edgeKey{from: o.Previous, to: o.ID}
	var a *Action
	if o.Action != nil {
		a = &Action{Action: o.Action.Action, Value: o.Action.Value, Role: o.Action.Role, Name: o.Action.Name, Canon: o.Action.Canon}
		if a.Canon == 0 && a.Role == "" {
			a.Element = o.Action.Element // unresolved: keep what was given
		}
		k.act, k.value, k.canon = a.Action, a.Value, a.Canon
		if a.Canon == 0 {
			k.canon = -a.Element
		}
	}
	e := g.edges[k]
	if e == nil {
		e = &Edge{From: o.Previous, To: o.ID, Action: a}
		g.edges[k] = e
	}
	e.Count++
}

// Merge adds the counts of h to g.
func (g *Graph) Merge(h *Graph) {
	for id, n := range h.nodes {
		m := g.node(id)
		m.describe(n.URL, n.Title)
		m.Visits += n.Visits
		m.Starts += n.Starts
	}
	for k, e := range h.edges {
		f := g.edges[k]
		if f == nil {
			c := *e
			c.Count = 0
			f = &c
			g.edges[k] = f
		}
		f.Count += e.Count
	}
}

// describe keeps, of the URLs and titles seen at a state, the smallest
// non-empty pair, so the result does not depend on the order of steps.
func (n *GraphNode) describe(u, title string) {
	if u == "" && title == "" {
		return
	}
	if (n.URL == "" && n.Title == "") || u < n.URL || (u == n.URL && title < n.Title) {
		n.URL, n.Title = u, title
	}
}

func (g *Graph) node(id string) *GraphNode {
	n := g.nodes[id]
	if n == nil {
		n = &GraphNode{ID: id}
		g.nodes[id] = n
	}
	return n
}

// Nodes returns the nodes sorted by id.
func (g *Graph) Nodes() []GraphNode {
	out := make([]GraphNode, 0, len(g.nodes))
	for _, n := range g.nodes {
		out = append(out, *n)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// Edges returns the edges sorted by from, to, action, element and value.
func (g *Graph) Edges() []Edge {
	keys := make([]edgeKey, 0, len(g.edges))
	for k := range g.edges {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		a, b := keys[i], keys[j]
		switch {
		case a.from != b.from:
			return a.from < b.from
		case a.to != b.to:
			return a.to < b.to
		case a.act != b.act:
			return a.act < b.act
		case a.canon != b.canon:
			return a.canon < b.canon
		}
		return a.value < b.value
	})
	out := make([]Edge, len(keys))
	for i, k := range keys {
		out[i] = *g.edges[k]
	}
	return out
}

// JSON returns {"nodes":[...],"edges":[...]} in the order of Nodes and
// Edges, so equal graphs give equal bytes.
func (g *Graph) JSON() []byte {
	v := struct {
		Nodes []GraphNode `json:"nodes"`
		Edges []Edge      `json:"edges"`
	}{g.Nodes(), g.Edges()}
	b, _ := json.Marshal(v) // strings, ints and pointers to them always marshal
	return append(b, '\n')
}

// DOT returns the graph in Graphviz DOT: node names are the first 8 hex
// digits of the ids prefixed with "s" (tooltip: the full id), labelled
// with the page title; edge labels are the action labels with the count.
func (g *Graph) DOT() []byte {
	var b bytes.Buffer
	b.WriteString("digraph states {\n  rankdir=LR;\n  node [shape=box, fontsize=10];\n  edge [fontsize=9];\n")
	name := func(id string) string {
		if len(id) > 8 {
			id = id[:8]
		}
		return "s" + id
	}
	for _, n := range g.Nodes() {
		label := n.Title
		if label == "" {
			label = n.URL
		}
		label = short(label, 40) + "\n" + name(n.ID)
		b.WriteString("  " + dotID(name(n.ID)) + " [label=" + dotQuote(label) + ", tooltip=" + dotQuote(n.ID))
		if n.Starts > 0 {
			b.WriteString(", peripheries=2")
		}
		b.WriteString("];\n")
	}
	for _, e := range g.Edges() {
		label := e.Action.Label()
		if label == "" {
			label = "(no action)"
		}
		label = short(label, 48) + " ×" + strconv.Itoa(e.Count)
		b.WriteString("  " + dotID(name(e.From)) + " -> " + dotID(name(e.To)) + " [label=" + dotQuote(label) + "];\n")
	}
	b.WriteString("}\n")
	return b.Bytes()
}

func dotID(s string) string { return `"` + s + `"` }

// dotQuote quotes s as a DOT string: backslash and quote escaped, newlines
// as \n.
func dotQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\n':
			b.WriteString(`\n`)
		case '\r', '\t':
			b.WriteByte(' ')
		default:
			if r < 0x20 || r == 0x7f {
				continue
			}
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// short cuts s to at most n runes, marking the cut with "…".
func short(s string, n int) string {
	i := 0
	for at := range s {
		if i == n {
			return s[:at] + "…"
		}
		i++
	}
	return s
}
