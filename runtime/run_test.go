package runtime

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/runtime/testsite"
)

func TestRunBasics(t *testing.T) {
	f, err := testsite.StartForms()
	require.NoError(t, err)
	t.Cleanup(f.Close)
	s := session(t, SessionOptions{})
	ctx := context.Background()
	_, err = s.Open(ctx, f.URL()+"/react")
	require.NoError(t, err)
	r, err := s.Run(ctx, `const el = await ax.find({role: "textbox", name: "Name"}); return {el, a, b};`, map[string]any{"a": "x`${1}`", "b": 2})
	require.NoError(t, err)
	t.Logf("%s", mustJSON(r))
	assert.Empty(t, r.Error)
}

func mustJSON(v any) string {
	b, _ := json.MarshalIndent(v, "", "  ")
	return string(b)
}
