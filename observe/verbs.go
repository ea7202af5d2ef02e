package observe

import (
	"slices"

	"github.com/axtree/axtree/actions"
)

// pageVerbs are the actions on the page as a whole that a step may record
// (Element 0).
var pageVerbs = [...]string{"navigate", "back", "forward", "reload", "press", "wait"}

// Verbs returns the action names a step may record, sorted: the element
// actions of the tree's vocabulary (actions.Vocabulary, without its
// focus-first hint) and the page-level actions navigate, back, forward,
// reload, press (a key) and wait. Names are lower case and matched
// exactly.
func Verbs() []string {
	var out []string
	for _, v := range actions.Vocabulary() {
		if v != actions.FocusFirst {
			out = append(out, v)
		}
	}
	out = append(out, pageVerbs[:]...)
	slices.Sort(out)
	return out
}

// KnownVerb reports whether name is one of Verbs.
func KnownVerb(name string) bool {
	for _, v := range actions.Vocabulary() {
		if v == name && v != actions.FocusFirst {
			return true
		}
	}
	return slices.Contains(pageVerbs[:], name)
}
