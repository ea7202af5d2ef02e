package runtime

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/runtime/testsite"
)

// The recorder's patch records request bodies of every kind, from fetch,
// XMLHttpRequest and sendBeacon, with their responses.
func TestRecordBodies(t *testing.T) {
	f, err := testsite.StartForms()
	require.NoError(t, err)
	t.Cleanup(f.Close)
	s := session(t, SessionOptions{})
	ctx := context.Background()
	_, err = s.Open(ctx, f.URL()+"/order")
	require.NoError(t, err)
	rec, err := s.Record(ctx)
	require.NoError(t, err)
	r, err := s.Run(ctx, `
await fetch('/echo?k=string', {method: 'POST', headers: {'content-type': 'text/plain'}, body: 'plain text'});
await fetch('/echo?k=usp', {method: 'POST', body: new URLSearchParams({a: '1', b: 'two words'})});
const fd = new FormData(); fd.append('name', 'Ada'); fd.append('file', new Blob(['xyz'], {type: 'text/plain'}), 'f.txt');
await fetch('/echo?k=formdata', {method: 'POST', body: fd});
await fetch('/echo?k=blob', {method: 'POST', body: new Blob(['{"b":1}'], {type: 'application/json'})});
await fetch('/echo?k=buffer', {method: 'POST', body: new Uint8Array([0, 255, 1, 2]).buffer});
await fetch(new Request('/echo?k=request', {method: 'POST', body: 'from a Request'}));
await new Promise(res => { const x = new XMLHttpRequest(); x.open('POST', '/echo?k=xhr'); x.setRequestHeader('content-type', 'application/json'); x.onloadend = res; x.send('{"x":1}'); });
navigator.sendBeacon('/echo?k=beacon', 'beacon body');
await new Promise(res => setTimeout(res, 300));
return 1;`, nil)
	require.NoError(t, err)
	require.Empty(t, r.Error)
	out, err := rec.Stop()
	require.NoError(t, err)
	var har struct {
		Log struct {
			Entries []struct {
				Request struct {
					Method   string
					URL      string
					PostData *struct {
						MimeType string
						Text     string
						Encoding string
						Params   []struct{ Name, Value, FileName string }
					}
				}
				Response struct {
					Status  int
					Content struct{ Text string }
				}
				Source string `json:"_source"`
				Type   string `json:"_resourceType"`
			}
		}
	}
	require.NoError(t, json.Unmarshal(out.HAR, &har))
	byKind := map[string]int{}
	for i, e := range har.Log.Entries {
		if k, ok := strings.CutPrefix(e.Request.URL, f.URL()+"/echo?k="); ok {
			byKind[k] = i
		}
	}
	get := func(k string) (text, mime, enc string, src, typ string, status int, resp string) {
		i, ok := byKind[k]
		require.True(t, ok, "no entry for %s: %s", k, out.HAR)
		e := har.Log.Entries[i]
		require.NotNil(t, e.Request.PostData, k)
		return e.Request.PostData.Text, e.Request.PostData.MimeType, e.Request.PostData.Encoding, e.Source, e.Type, e.Response.Status, e.Response.Content.Text
	}
	text, _, _, src, typ, status, resp := get("string")
	assert.Equal(t, "plain text", text)
	assert.Equal(t, "page", src)
	assert.Equal(t, "fetch", typ)
	assert.Equal(t, 200, status)
	assert.Equal(t, `{"bytes":10}`, resp)
	text, mime, _, _, _, _, _ := get("usp")
	assert.Equal(t, "a=1&b=two+words", text)
	assert.Contains(t, mime, "x-www-form-urlencoded")
	i := byKind["formdata"]
	pd := har.Log.Entries[i].Request.PostData
	require.Len(t, pd.Params, 2)
	assert.Equal(t, "Ada", pd.Params[0].Value)
	assert.Equal(t, "f.txt", pd.Params[1].FileName)
	text, mime, _, _, _, _, _ = get("blob")
	assert.Equal(t, `{"b":1}`, text)
	assert.Equal(t, "application/json", mime)
	text, _, enc, _, _, _, _ := get("buffer")
	assert.Equal(t, "base64", enc)
	assert.Equal(t, "AP8BAg==", text)
	text, _, _, _, _, _, _ = get("request")
	assert.Equal(t, "from a Request", text)
	text, _, _, _, typ, status, resp = get("xhr")
	assert.Equal(t, `{"x":1}`, text)
	assert.Equal(t, "xhr", typ)
	assert.Equal(t, 200, status)
	assert.Equal(t, `{"bytes":7}`, resp)
	text, _, _, _, typ, _, _ = get("beacon")
	assert.Equal(t, "beacon body", text)
	assert.Equal(t, "ping", typ)
}
