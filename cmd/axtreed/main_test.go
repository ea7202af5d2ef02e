package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMain runs axtreed itself when `axtreed load` starts this test
// binary as its server.
func TestMain(m *testing.M) {
	if os.Getenv("AXTREED_TEST_MAIN") == "1" {
		main()
		return
	}
	os.Exit(m.Run())
}

func TestFlags(t *testing.T) {
	var errb strings.Builder
	if code := run(context.Background(), []string{"-nope"}, noEnv, &errb); code != 2 {
		t.Errorf("unknown flag: exit %d", code)
	}
	if code := run(context.Background(), []string{"extra"}, noEnv, &errb); code != 2 {
		t.Errorf("extra argument: exit %d", code)
	}
}

// A cancelled context (as SIGTERM gives) stops the server cleanly; the
// database file is created and a bad address is an error.
func TestServeAndStop(t *testing.T) {
	db := filepath.Join(t.TempDir(), "axtree.db")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var errb strings.Builder
	if code := run(ctx, []string{"-addr", "127.0.0.1:0", "-db", db}, noEnv, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if !strings.Contains(errb.String(), "listening on http://127.0.0.1:") {
		t.Errorf("no listening message: %q", errb.String())
	}
	if _, err := os.Stat(db); err != nil {
		t.Errorf("database not created: %v", err)
	}
	if code := run(context.Background(), []string{"-addr", "127.0.0.1:-1", "-db", db}, noEnv, &errb); code != 1 {
		t.Errorf("bad address: exit %d", code)
	}
}

func noEnv(string) string { return "" }

// A listen address off loopback is refused without a token and host
// names; the token may come from the environment.
func TestExposureNeedsTokenAndHost(t *testing.T) {
	db := filepath.Join(t.TempDir(), "axtree.db")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var errb strings.Builder
	if code := run(ctx, []string{"-addr", "0.0.0.0:0", "-db", db}, noEnv, &errb); code != 1 || !strings.Contains(errb.String(), "needs a bearer token") {
		t.Errorf("no token: exit %d: %s", code, errb.String())
	}
	errb.Reset()
	env := func(k string) string {
		if k == "AXTREED_TOKEN" {
			return "s3cret"
		}
		return ""
	}
	if code := run(ctx, []string{"-addr", "0.0.0.0:0", "-db", db}, env, &errb); code != 1 || !strings.Contains(errb.String(), "-host") {
		t.Errorf("no host: exit %d: %s", code, errb.String())
	}
	errb.Reset()
	if code := run(ctx, []string{"-addr", "0.0.0.0:0", "-db", db, "-host", "axtree.internal"}, env, &errb); code != 0 {
		t.Errorf("token and host: exit %d: %s", code, errb.String())
	}
}

// TestLoad drives a real server child through `axtreed load` with a few
// requests: the result line has every column and every answer was 200.
func TestLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a server process")
	}
	page := filepath.Join("..", "..", "corpus", "pages", "job-form.html")
	var out, errb strings.Builder
	code := runLoad(context.Background(), []string{"-page", page, "-clients", "4", "-requests", "20"}, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	cols := strings.Split(strings.Trim(strings.TrimSpace(out.String()), "|"), "|")
	if len(cols) != 10 || strings.TrimSpace(cols[8]) != "100.0%" {
		t.Errorf("result line: %q", out.String())
	}
}
