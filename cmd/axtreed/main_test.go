package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

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
