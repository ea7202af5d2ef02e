package runtime

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRequestJSON(t *testing.T) {
	s, _ := ordersPage(t)
	var out struct {
		Bytes  int
		Status int
		Err    string
	}
	r := runJSON(t, s, `
const j = await ax.requestJson("/echo", {method: "POST", json: {a: "x", n: ax.num("12345678901234567890")}});
const nf = await ax.request("/nope");
let err = "";
try { await ax.requestJson("/nope"); } catch (e) { err = e.message; }
return {bytes: j.bytes, status: nf.status, err};`, nil, &out)
	assert.Equal(t, len(`{"a":"x","n":12345678901234567890}`), out.Bytes)
	assert.Equal(t, 404, out.Status)
	assert.Contains(t, out.Err, "ax.requestJson /nope: answered 404")
	require.Len(t, r.Calls, 3)
	for _, c := range r.Calls {
		assert.Equal(t, "request", c.Call)
	}
	assert.Contains(t, string(r.Calls[0].Result), `"status":200`)
}
