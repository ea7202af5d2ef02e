package observe

import "github.com/axtree/axtree/trajectory"

// AddRun counts the steps of a trajectory: a start at its first step's
// observation and, for each of its edges (trajectory.Edges), a visit of
// the state the agent was shown next and the edge that led there. Its
// observation ids are the trajectory's (content hashes of the text the
// agent saw), so a graph built from trajectories merges runs that saw the
// same text.
func (g *Graph) AddRun(run *trajectory.Run) {
	if run == nil || len(run.Steps) == 0 {
		return
	}
	obs := make(map[string]*trajectory.Observation, len(run.Observations))
	for i := range run.Observations {
		o := &run.Observations[i]
		if _, ok := obs[o.ID]; !ok {
			obs[o.ID] = o
		}
	}
	describe := func(id string) (string, string) {
		if o := obs[id]; o != nil {
			return o.URL, o.Title
		}
		return "", ""
	}
	first := run.Steps[0].Observation
	if first == "" {
		return
	}
	u, t := describe(first)
	g.Add(&Observation{ID: first, URL: u, Title: t})
	for _, e := range trajectory.Edges(run) {
		u, t := describe(e.To)
		o := &Observation{ID: e.To, Previous: e.From, URL: u, Title: t}
		if a := e.Action; a != nil {
			o.Action = &Action{Element: a.Element, Action: a.Tool, Value: a.Value, Role: a.Role, Name: a.Name}
		}
		g.Add(o)
	}
}
