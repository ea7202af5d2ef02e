// Package netcap ranks the requests of a recorded network capture (HAR 1.2)
// against a timeline of the user's DOM actions, so that an agent repeating a
// task can replay the one request that did the work instead of driving the
// page with a model on every click.
//
// The pipeline is: ParseHAR and ParseActions read the recording; Rank scores
// every request (ScoreEntries exposes the per-entry scores), keeps the top
// candidates with the reasons for their scores, chooses a Plan, prepares each
// candidate for replay and renders a byte-stable generator context that fits
// a byte budget.
//
// # Scoring
//
// The page is the first GET document request, else pages[0].title when it is
// an absolute URL, else the first entry. Points (constants Points*):
// same registrable domain as the page (publicsuffix eTLD+1) +20, otherwise
// -15; a host in the embedded telemetry.txt list (domain suffix on a label
// boundary, optional path prefix) -80; starting 0–800 ms after a DOM action
// +28, 800 ms–2.5 s after +16 (never before); POST/PUT/PATCH/DELETE +35, GET
// +5; a request body +8; OPTIONS/HEAD or a resource type other than xhr/fetch
// -40 (the recorded _resourceType, else Sec-Fetch-Dest, X-Requested-With,
// response MIME type, URL extension; unknown is not penalized); 2xx +12, 4xx
// and 5xx -25; a non-empty response body +4; a volatile operation identifier
// -18 (see Volatile and MinHexHash). Ties: earlier start (timed before
// untimed), then URL, then entry index.
//
// # Plans
//
// PlanDOM when there is no replayable top candidate, or when the top request
// carries a volatile identifier (the circuit breaker: whatever its score, and
// the identifier values never appear in the context). PlanNetwork when the
// top candidate is replayable, carries every typed value of the timeline as a
// parameter and no DOM action follows it. PlanHybrid otherwise: the request
// is worth replaying but the DOM is still needed to produce a value it does
// not carry, or for actions after it.
//
// # Context
//
// The context lists the header (page, plan), visited document URLs, the
// candidates (score, reasons, headers, CSRF, templated body, parameters) and
// the DOM actions, one item per line, control characters escaped. To fit the
// budget it drops visited URLs first (last first), then candidates (lowest
// score first), then DOM actions (farthest in time from the top request
// first), and says what it omitted; if the header alone does not fit, it is
// cut and ends with TruncationMarker.
//
// # Secrets
//
// Credentials of the recording (see Secret, SecretName, IsCardNumber) are
// placeholders {{name}} in every output: Result JSON, Candidate.URL, the
// Replay templates and the context. Their values are kept only in fields
// no output shows (Secret.Value, Credential.Value, CSRF.Value, a secret
// Param's Value); Replay.Values and Replay.Expand give them back for a
// replay.
//
// Nothing here panics on malformed input, iterates a map to produce output,
// reads the clock or uses randomness: the same input gives the same bytes.
package netcap
