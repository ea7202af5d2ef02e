package server_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"testing"

	"github.com/axtree/axtree/observe/server"
)

// FuzzRequest throws arbitrary request parts at the observation endpoint,
// served in process (httptest.NewRecorder, no network): every answer is
// JSON, errors are 4xx (or 503) with an "error" field, never a 5xx from a
// panic, and the server still answers /healthz afterwards.
func FuzzRequest(f *testing.F) {
	f.Add("text/html", "run-1", "", `{"element":1,"action":"click"}`, "https://ex.test/", []byte(`<button>Go</button>`))
	f.Add("application/json", "r", "", "", "", []byte(`{"version":1,"root":{"tag":"#document","children":[]}}`))
	f.Add("application/json", "../x", "nope", "{", "::", []byte(`{`))
	f.Add("text/plain", "", "", "", "", []byte{})
	f.Add("text/html; charset=latin1", "a/b", "0123456789abcdef0123456789abcdef", `{"element":-1}`, "javascript:x", []byte("\xff\x00<a href=x>[id=1]</a>"))
	st, err := openSQLite(filepath.Join(f.TempDir(), "fuzz.db"))
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { st.Close() })
	h := server.New(st, server.Config{MaxBodyBytes: 1 << 20, Hosts: []string{"example.com"}}) // httptest.NewRequest's host
	f.Fuzz(func(t *testing.T, ctype, run, prev, action, pageURL string, body []byte) {
		r := httptest.NewRequest("POST", "/v1/observations", bytes.NewReader(body))
		setIfValid(r.Header, "Content-Type", ctype)
		setIfValid(r.Header, "X-Axtree-Run", run)
		setIfValid(r.Header, "X-Axtree-Previous", prev)
		setIfValid(r.Header, "X-Axtree-Action", action)
		setIfValid(r.Header, "X-Axtree-URL", pageURL)
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		var out map[string]any
		if err := json.Unmarshal(w.Body.Bytes(), &out); err != nil {
			t.Fatalf("status %d: answer is not JSON: %v\n%s", w.Code, err, w.Body.Bytes())
		}
		switch {
		case w.Code == http.StatusOK:
			if _, ok := out["id"].(string); !ok {
				t.Fatalf("200 without an observation id: %s", w.Body.Bytes())
			}
		case w.Code >= 400 && w.Code < 500, w.Code == http.StatusServiceUnavailable:
			if msg, _ := out["error"].(string); msg == "" {
				t.Fatalf("status %d without an error message: %s", w.Code, w.Body.Bytes())
			}
		default:
			t.Fatalf("status %d: %s", w.Code, w.Body.Bytes())
		}
		hw := httptest.NewRecorder()
		h.ServeHTTP(hw, httptest.NewRequest("GET", "/healthz", nil))
		if hw.Code != http.StatusOK {
			t.Fatalf("healthz after the request: %d", hw.Code)
		}
	})
}

// setIfValid sets a header the way a client could send it: values with
// bytes HTTP forbids in a header never reach a handler.
func setIfValid(h http.Header, k, v string) {
	if v == "" {
		return
	}
	for i := 0; i < len(v); i++ {
		if c := v[i]; c < 0x20 && c != '\t' || c == 0x7f {
			return
		}
	}
	h.Set(k, v)
}
