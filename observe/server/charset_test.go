package server_test

import (
	"net/http"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/observe/server"
)

// The request's Content-Type charset decides how an HTML body is decoded,
// over a <meta> declaration, as a browser does with the response header.
func TestContentTypeCharset(t *testing.T) {
	ts, _ := start(t, filepath.Join(t.TempDir(), "axtree.db"), server.Config{})
	code, m := post(t, http.DefaultClient, ts.URL, req{run: "cs", ctype: "text/html; charset=windows-1252", body: []byte("<meta charset=utf-8><button>Men\xfc</button>")})
	require.Equal(t, 200, code, "%v", m)
	assert.Equal(t, "[button] Menü [id=1]\n", m["text"])
	code, m = post(t, http.DefaultClient, ts.URL, req{run: "cs", ctype: "text/html", body: []byte("<meta charset=windows-1252><button>Men\xfc</button>")})
	require.Equal(t, 200, code, "%v", m)
	assert.Equal(t, "[button] Menü [id=1]\n", m["text"])
}
