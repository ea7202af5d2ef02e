package server_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"

	"github.com/axtree/axtree/observe/server"
	"github.com/axtree/axtree/observe/sqlite"
)

// Post a page as the first step of a run and read the numbered tree back.
func ExampleNew() {
	dir, _ := os.MkdirTemp("", "axtreed-example")
	defer os.RemoveAll(dir)
	st, err := sqlite.Open(filepath.Join(dir, "axtree.db"), sqlite.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer st.Close()
	ts := httptest.NewServer(server.New(st, server.Config{CountTokens: server.EstimateTokens, TokenEncoding: "estimate"}))
	defer ts.Close()

	req, _ := http.NewRequest("POST", ts.URL+"/v1/observations", strings.NewReader(`<h1>Hello</h1><a href="/next">Next</a>`))
	req.Header.Set("Content-Type", "text/html")
	req.Header.Set("X-Axtree-Run", "demo")
	req.Header.Set("X-Axtree-URL", "https://example.org/")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer resp.Body.Close()
	var out server.PostResponse
	json.NewDecoder(resp.Body).Decode(&out)
	fmt.Println(resp.StatusCode, out.Seq, len(out.ID))
	fmt.Print(out.Text)
	fmt.Println(out.Links[2])
	// Output:
	// 200 0 32
	// [heading][level=1] Hello
	// [Next](2)
	// https://example.org/next
}
