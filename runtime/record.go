package runtime

import _ "embed"

//go:embed record.js
var recordJS string
