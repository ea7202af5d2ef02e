package capture

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A request a document sends just before it goes away still reaches Go:
// a frame sends one and removes itself at once (as a recorded submit or
// link click is followed by its navigation), so no call into its context
// can fetch the request afterwards. A request too large to travel with
// its announcement is still taken from the page.
func TestRequestOfAVanishingDocument(t *testing.T) {
	ext := `function (api) {
  if (api.top) {
    api.register('big', function (a) {
      return api.send('note', {n: 'big', pad: a.pad});
    });
    return;
  }
  addEventListener('leave', function () {
    api.send('note', {n: 'frame'}, function () {});
    window.frameElement.remove();
  });
}`
	b := extBrowser(t, Options{Extensions: []string{ext}})
	p, err := b.NewPage(context.Background())
	require.NoError(t, err)
	t.Cleanup(p.Close)
	got := make(chan string, 4)
	p.Handle("note", func(ctx context.Context, payload json.RawMessage) (any, error) {
		var v struct{ N, Pad string }
		if err := json.Unmarshal(payload, &v); err != nil {
			return nil, err
		}
		got <- v.N + ":" + string(rune('0'+len(v.Pad)/100000))
		return "ok", nil
	})
	srv := serve(t, map[string]string{
		"/":  `<!doctype html><title>top</title><iframe src="/f" title="Leaving"></iframe><p>Top</p>`,
		"/f": `<!doctype html><title>f</title><p>Frame</p><script>dispatchEvent(new Event('leave'))</script>`,
	})
	load(t, p, srv.URL+"/")
	select {
	case n := <-got:
		assert.Equal(t, "frame:0", n)
	case <-time.After(20 * time.Second):
		t.Fatal("the request of the frame that removed itself never reached Go")
	}
	var answer string
	require.NoError(t, p.Call(context.Background(), "", "big", map[string]any{"pad": strings.Repeat("x", 300000)}, &answer))
	assert.Equal(t, "ok", answer)
	assert.Equal(t, "big:3", <-got, "a 300,000-character payload, taken from the page")
}
