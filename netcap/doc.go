// Package netcap ranks the requests of a recorded network capture (HAR 1.2)
// against a timeline of the user's DOM actions, so that an agent repeating a
// task can replay the one request that did the work instead of driving the
// page with a model on every click.
//
// The pipeline is: ParseHAR and ParseActions read the recording; Rank scores
// every request (ScoreEntries exposes the per-entry scores), keeps the top
// candidates with the reasons for their scores, chooses a Plan (network, dom
// or hybrid; a circuit breaker forces dom when the top request carries a
// volatile operation identifier), prepares each candidate for replay (CSRF
// discovery, replay-hostile headers stripped, typed values turned into named
// {{parameters}}) and renders a byte-stable generator context that fits a
// byte budget.
//
// Nothing here panics on malformed input, iterates a map to produce output,
// reads the clock or uses randomness: the same input gives the same bytes.
package netcap
