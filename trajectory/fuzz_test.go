package trajectory_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/trajectory"
)

// FuzzRoundTrip: whatever the input, Decode returns a run or an error
// (never a panic), and every run it returns encodes and decodes back to
// itself, byte for byte and value for value, validated or not.
func FuzzRoundTrip(f *testing.F) {
	good, err := trajectory.Marshal(sampleRun(f))
	require.NoError(f, err)
	f.Add(good)
	f.Add([]byte(`{"format":"axtree-trajectory/v1","id":"a","task":"t","observations":[],"steps":[]}`))
	f.Add([]byte(`{"format":"axtree-trajectory/v1","id":"a","task":"t","observations":[{"id":"x","text":"[button] OK [id=1]"}],"steps":[{"kind":"decision","observation":"x","actions":[{"call":{"tool":"click","args":{"id":1}},"resolved":{"id":1,"role":"button","name":"OK","line":1},"result":null,"outcome":"ok"}],"outcome":"ok","recovers":0}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, opt := range []trajectory.Options{{}, {NoValidate: true}} {
			run, err := trajectory.Unmarshal(data, opt)
			if err != nil {
				continue
			}
			b, err := trajectory.Marshal(run)
			require.NoError(t, err)
			again, err := trajectory.Unmarshal(b, opt)
			require.NoError(t, err, "%s", b)
			assert.Equal(t, run, again)
			b2, err := trajectory.Marshal(again)
			require.NoError(t, err)
			assert.Equal(t, string(b), string(b2))
		}
	})
}
