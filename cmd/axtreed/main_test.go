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
	if code := run(context.Background(), []string{"-nope"}, &errb); code != 2 {
		t.Errorf("unknown flag: exit %d", code)
	}
	if code := run(context.Background(), []string{"extra"}, &errb); code != 2 {
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
	if code := run(ctx, []string{"-addr", "127.0.0.1:0", "-db", db}, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if !strings.Contains(errb.String(), "listening on http://127.0.0.1:") {
		t.Errorf("no listening message: %q", errb.String())
	}
	if _, err := os.Stat(db); err != nil {
		t.Errorf("database not created: %v", err)
	}
	if code := run(context.Background(), []string{"-addr", "127.0.0.1:-1", "-db", db}, &errb); code != 1 {
		t.Errorf("bad address: exit %d", code)
	}
}
