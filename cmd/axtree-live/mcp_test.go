package main

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestMCPFlagErrors(t *testing.T) {
	for _, args := range [][]string{
		{"mcp", "extra"},
		{"mcp", "--http", "0.0.0.0:8931"},
		{"mcp", "--http", "8931"},
		{"mcp", "--allow-remote"},
		{"mcp", "--timeout", "0s"},
	} {
		var out, errb bytes.Buffer
		if code := run(args, nil, &out, &errb); code != 2 {
			t.Errorf("%q: exit %d, want 2 (stderr %q)", args, code, errb.String())
		}
	}
}

func TestMCPSubroutineFiles(t *testing.T) {
	dir := t.TempDir()
	var out, errb bytes.Buffer
	if code := run([]string{"mcp", "--db", filepath.Join(dir, "a.db"), "--subroutines", dir}, strings.NewReader(""), &out, &errb); code != 1 || !strings.Contains(errb.String(), "no *.json file") {
		t.Errorf("empty folder: exit %d, stderr %q", code, errb.String())
	}
	if err := os.WriteFile(filepath.Join(dir, "bad.json"), []byte(`{"name": 3}`), 0o644); err != nil {
		t.Fatal(err)
	}
	errb.Reset()
	if code := run([]string{"mcp", "--db", filepath.Join(dir, "a.db"), "--subroutines", dir}, strings.NewReader(""), &out, &errb); code != 1 || !strings.Contains(errb.String(), "bad.json") {
		t.Errorf("bad file: exit %d, stderr %q", code, errb.String())
	}
}

// TestMCPStdio speaks raw JSON-RPC to the command on its standard input:
// initialize, then list the tools. No browser starts for that.
func TestMCPStdio(t *testing.T) {
	in := strings.Join([]string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized","params":{}}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{}}`,
		`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"browser_navigate","arguments":{"url":"file:///etc/passwd"}}}`,
	}, "\n") + "\n"
	dir := t.TempDir()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	var errb bytes.Buffer
	done := make(chan int, 1)
	go func() {
		done <- run([]string{"mcp", "--db", filepath.Join(dir, "a.db")}, inR, outW, &errb)
		outW.Close()
	}()
	go io.WriteString(inW, in)
	var out strings.Builder
	sc := bufio.NewScanner(outR)
	sc.Buffer(nil, 1<<22)
	// The server answers requests concurrently: wait for both answers,
	// in whichever order they come.
	got2, got3 := false, false
	for sc.Scan() {
		out.WriteString(sc.Text() + "\n")
		got2 = got2 || strings.Contains(sc.Text(), `"id":2`)
		got3 = got3 || strings.Contains(sc.Text(), `"id":3`)
		if got2 && got3 {
			break
		}
	}
	inW.Close() // the client goes: the server ends
	go io.Copy(io.Discard, outR)
	if code := <-done; code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
	for _, want := range []string{`"id":1`, `"name":"axtree"`, `"name":"browser_navigate"`, `"name":"browser_snapshot"`, `"inputSchema"`, `"isError":true`, `--allow-file-urls`} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %s:\n%s", want, out.String())
		}
	}
}
