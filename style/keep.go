package style

// What a kept Sheet drops and makes again: the compiled rules are derived
// from the document's <style> elements alone, so Forget lets them go and
// the next question compiles them again (recompile), with the same rules
// in the same order and the same limits. On a small page they are most of
// what the Sheet holds: some 1.6 to 2.8 KB (the scopes map, the selector
// buckets and their key filters, the parsed declarations), more than a
// widget page's whole tree of nodes.

// dropRules lets the compiled rules go (Forget); the next question
// compiles them again (recompile). A compile that hit a limit hits the same
// ones again, in the same order: limit records each kind once, so
// LimitsHit stays as it was.
func (s *Sheet) dropRules() {
	if s.rules == nil && s.scopes == nil {
		return // no rules: nothing to drop
	}
	s.rules, s.scopes = nil, nil
	s.dropped = true
}

// recompile compiles the rules dropRules let go, as New did: the compile
// leaves the match steps and the ancestor-filter switch as they were
// (New's shadow-root pass turned the filter off after compiling).
func (s *Sheet) recompile() {
	if !s.dropped {
		return
	}
	s.dropped = false
	steps, anc := s.steps, s.ancOn
	s.compile()
	s.steps, s.ancOn = steps, anc
}
