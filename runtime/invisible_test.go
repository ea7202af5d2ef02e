package runtime

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/runtime/testsite"
)

// The recorder's own listeners (capture phase, on window) are not the
// page's: a capture taken while recording shows no delegated click on
// <html>, and the tree is the one a browser without the recorder gives.
func TestRecorderListenersInvisible(t *testing.T) {
	f, err := testsite.StartForms()
	require.NoError(t, err)
	t.Cleanup(f.Close)
	s := session(t, SessionOptions{}) // the shared browser has the recorder
	snap, err := s.Open(context.Background(), f.URL()+"/order")
	require.NoError(t, err)
	raw := string(snap.Raw)
	i := strings.Index(raw, `"tag":"html"`)
	require.Greater(t, i, 0)
	head := raw[i:min(len(raw), i+400)]
	assert.NotContains(t, head, `"listeners"`, "the html element carries no listener: %s", head)
	assert.NotContains(t, head, `"delegates"`, "%s", head)
	assert.NotContains(t, string(snap.Result.Text()), "[heading][actions=click]")
}
