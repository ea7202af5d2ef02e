package subroutine

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const good = `{
  "name": "send_message",
  "description": "Send a message.",
  "origin": "http://127.0.0.1:8080",
  "page": "/app",
  "plan": "network",
  "parameters": [
    {"name": "recipient", "type": "string", "description": "who", "example": "bob"},
    {"name": "count", "type": "integer", "description": "how many", "example": 3}
  ],
  "body": "return recipient;"
}`

func TestDecodeGood(t *testing.T) {
	s, err := Decode([]byte(good))
	require.NoError(t, err)
	assert.Equal(t, 1, s.Version)
	assert.Equal(t, "http://127.0.0.1:8080/app", s.URL())
	assert.Equal(t, []string{"recipient", "count"}, s.ParamNames())
	assert.Equal(t, json.Number("3"), s.Parameters[1].Example)
	// Encode → Decode round trip gives the same bytes.
	a, err := s.Encode()
	require.NoError(t, err)
	s2, err := Decode(a)
	require.NoError(t, err)
	b, err := s2.Encode()
	require.NoError(t, err)
	assert.Equal(t, string(a), string(b))
	var schema map[string]any
	require.NoError(t, json.Unmarshal(s.Schema(), &schema))
	assert.Equal(t, "object", schema["type"])
	assert.Equal(t, []any{"recipient", "count"}, schema["required"])
	assert.Equal(t, false, schema["additionalProperties"])
}

func TestDecodeBad(t *testing.T) {
	edit := func(old, new string) string {
		require.Contains(t, good, old)
		return strings.Replace(good, old, new, 1)
	}
	cases := []struct{ name, in, want string }{
		{"empty", "", "the file is empty"},
		{"array", "[]", "not a JSON object"},
		{"unknown top", edit(`"plan"`, `"steps": 1, "plan"`), `steps: unknown field`},
		{"unknown param field", edit(`"example": "bob"`, `"example": "bob", "default": "x"`), `default: unknown field`},
		{"duplicate", edit(`"plan": "network"`, `"plan": "network", "plan": "dom"`), `plan: appears twice`},
		{"trailing", good + " {}", "trailing data"},
		{"bad plan", edit(`"plan": "network"`, `"plan": "replay"`), `plan: "replay" is not network, dom or hybrid`},
		{"no plan", edit(`"plan": "network",`, ``), `plan: missing`},
		{"bad type", edit(`"type": "integer"`, `"type": "int"`), `parameters[1].type: "int" is not string`},
		{"bad example", edit(`"example": 3`, `"example": "three"`), `parameters[1].example: the string "three" is not an integer`},
		{"reserved name", edit(`"name": "recipient"`, `"name": "class"`), `parameters[0].name: "class" is reserved`},
		{"ax", edit(`"name": "recipient"`, `"name": "ax"`), `"ax" is reserved`},
		{"not ident", edit(`"name": "recipient"`, `"name": "to-whom"`), `not a JavaScript identifier`},
		{"dup param", edit(`"name": "count"`, `"name": "recipient"`), `"recipient" is declared twice`},
		{"origin path", edit(`"origin": "http://127.0.0.1:8080"`, `"origin": "http://127.0.0.1:8080/app"`), `origin: "http://127.0.0.1:8080/app" is not an origin`},
		{"origin scheme", edit(`"origin": "http://127.0.0.1:8080"`, `"origin": "file:///etc"`), `origin: "file:///etc": the scheme must be http or https`},
		{"page", edit(`"page": "/app"`, `"page": "//evil.example/x"`), `page: "//evil.example/x" is not a path`},
		{"no body", edit(`,
  "body": "return recipient;"`, ``), `body: missing`},
		{"empty body", edit(`"return recipient;"`, `"  "`), `body: empty`},
		{"wrong json type", edit(`"name": "send_message"`, `"name": 5`), `name: is a JSON number, want a string`},
		{"version", edit(`"name": "send_message"`, `"version": 2, "name": "send_message"`), `version: 2 is not supported`},
		{"broken json", `{"name": `, `ends early`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Decode([]byte(c.in))
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
			assert.True(t, strings.HasPrefix(err.Error(), "subroutine: "), err.Error())
		})
	}
}

func TestCheckParams(t *testing.T) {
	s, err := Decode([]byte(good))
	require.NoError(t, err)
	v, err := s.CheckParams(map[string]any{"recipient": "x", "count": 2.0})
	require.NoError(t, err)
	assert.Equal(t, json.Number("2"), v["count"])
	_, err = s.CheckParams(map[string]any{"recipient": "x"})
	assert.ErrorContains(t, err, `missing parameter "count" (integer)`)
	_, err = s.CheckParams(map[string]any{"recipient": "x", "count": 2.5})
	assert.ErrorContains(t, err, `parameter "count": 2.5 is not an integer`)
	_, err = s.CheckParams(map[string]any{"recipient": 1, "count": 2})
	assert.ErrorContains(t, err, `parameter "recipient": the number 1 is not a string`)
	_, err = s.CheckParams(map[string]any{"recipient": "x", "count": 2, "extra": true})
	assert.ErrorContains(t, err, `unknown parameter "extra"`)
}
