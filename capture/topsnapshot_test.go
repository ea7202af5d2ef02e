package capture

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/wire"
)

// api.topSnapshot, called in a same-origin frame, snapshots the top
// document (whose capture includes the frame) and names the frame's
// elements by the top capture's ids; in a frame of another origin it is
// null.
func TestTopSnapshotFromFrame(t *testing.T) {
	ext := `function (api) {
  var N = api.natives;
  api.register('topsnap', function () {
    var s = api.topSnapshot();
    if (s === null) return {none: true, top: api.top};
    var b = N.apply(N.querySelector, document, ['button']);
    return {raw: s[0], id: s[1](b), top: api.top};
  });
}`
	b := extBrowser(t, Options{Extensions: []string{ext}})
	p, err := b.NewPage(context.Background())
	require.NoError(t, err)
	t.Cleanup(p.Close)
	other := serve(t, map[string]string{"/x": `<!doctype html><title>x</title><button>Elsewhere</button>`})
	srv := serve(t, map[string]string{
		"/":  `<!doctype html><title>top</title><button>Top button</button><iframe src="/f" title="Inner"></iframe><iframe src="` + other.URL + `/x" title="Other"></iframe>`,
		"/f": `<!doctype html><title>f</title><button>Frame button</button>`,
	})
	s := load(t, p, srv.URL+"/")
	want := s.CaptureID(idOf(lineWith(s, "[button]", "Frame button")))
	require.NotZero(t, want, "%s", s.Result.Text())

	frames := p.Frames()
	require.Len(t, frames, 3, "the top and two frames")
	var same, cross int
	for _, f := range frames[1:] {
		var out struct {
			Raw  string
			ID   int
			Top  bool
			None bool
		}
		require.NoError(t, p.Call(context.Background(), f, "topsnap", nil, &out))
		assert.False(t, out.Top)
		if out.None {
			cross++
			continue
		}
		same++
		assert.Equal(t, want, out.ID, "the frame's button has the top capture's id")
		snap, err := Decode([]byte(out.Raw), wire.Limits{})
		require.NoError(t, err)
		assert.Equal(t, srv.URL+"/", snap.Meta.URL, "the snapshot is the top document's")
		assert.Equal(t, want, snap.CaptureID(idOf(lineWith(snap, "[button]", "Frame button"))))
	}
	assert.Equal(t, 1, same)
	assert.Equal(t, 1, cross, "the other origin's frame gets null")
}
