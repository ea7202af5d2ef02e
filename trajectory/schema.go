package trajectory

import _ "embed"

//go:embed schema.json
var schema []byte

// Schema returns the JSON Schema (draft 2020-12) of a trajectory file. It
// describes the structure; what a schema cannot say (that a step's
// observation is one of the run's, that a resolved element is on the line
// it names, that an id is its content's hash) Validate checks.
func Schema() []byte { return append([]byte(nil), schema...) }
