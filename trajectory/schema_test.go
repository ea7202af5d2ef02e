package trajectory_test

import (
	"bytes"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/trajectory"
)

// compileSchema compiles trajectory.Schema with the draft 2020-12
// meta-schema check (an invalid schema fails here) and format assertions.
func compileSchema(t testing.TB) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(trajectory.Schema()))
	require.NoError(t, err)
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.AssertFormat()
	const url = "https://github.com/axtree/axtree/trajectory/schema.json"
	require.NoError(t, c.AddResource(url, doc))
	sch, err := c.Compile(url)
	require.NoError(t, err, "the schema is valid JSON Schema 2020-12")
	return sch
}

func validateSchema(sch *jsonschema.Schema, doc []byte) error {
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(doc))
	if err != nil {
		return err
	}
	return sch.Validate(v)
}

func TestSchemaAcceptsRecordedRuns(t *testing.T) {
	sch := compileSchema(t)
	b, err := trajectory.Marshal(sampleRun(t))
	require.NoError(t, err)
	assert.NoError(t, validateSchema(sch, b))
}

// TestSchemaAgreesWithDecode: every structural fault Decode rejects, the
// schema rejects too; faults of references only Validate can see.
func TestSchemaAgreesWithDecode(t *testing.T) {
	sch := compileSchema(t)
	for _, c := range invalidCases(t) {
		if !c.schema {
			continue
		}
		t.Run(c.name, func(t *testing.T) {
			assert.Error(t, validateSchema(sch, c.doc))
		})
	}
}
