package observe

import (
	"slices"

	"github.com/axtree/axtree/actions"
)

// moreVerbs are the actions a step may record besides the tree's
// vocabulary: on the page as a whole (navigate, back, forward, reload,
// press a key, wait), typing that appends instead of replacing, and file
// uploads.
var moreVerbs = [...]string{"navigate", "back", "forward", "reload", "press", "wait", "append", "upload"}

// Verbs returns the action names the HTTP API accepts in a step, sorted
// (a program that records through a Recorder may use its own): the element
// actions of the tree's vocabulary (actions.Vocabulary, without its
// focus-first hint), the page-level actions navigate, back, forward,
// reload, press (a key) and wait, and append (typing at the end) and
// upload (files). Names are lower case and matched exactly.
func Verbs() []string {
	var out []string
	for _, v := range actions.Vocabulary() {
		if v != actions.FocusFirst {
			out = append(out, v)
		}
	}
	out = append(out, moreVerbs[:]...)
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
	return slices.Contains(moreVerbs[:], name)
}
