package capture

import (
	"bufio"
	"context"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestAttachRemote starts Chromium itself with a DevTools port and attaches
// to it through Options.RemoteURL.
func TestAttachRemote(t *testing.T) {
	browser(t) // skips (or fails on CI) without Chromium
	dir := t.TempDir()
	cmd := exec.Command(FindChromium(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
		"--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic", "--user-data-dir="+dir,
		"--remote-debugging-port=0", "about:blank")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) // the group this test started
		cmd.Wait()
	})
	ws := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if _, u, ok := strings.Cut(sc.Text(), "DevTools listening on "); ok {
				ws <- strings.TrimSpace(u)
			}
		}
	}()
	var url string
	select {
	case url = <-ws:
	case <-time.After(20 * time.Second):
		t.Fatal("Chromium did not print its DevTools URL")
	}
	b, err := Start(context.Background(), Options{RemoteURL: url, NavTimeout: 10 * time.Second})
	if err != nil {
		t.Fatalf("attach: %v", err)
	}
	defer b.Close()
	p, err := b.NewPage(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	srv := serve(t, map[string]string{"/": `<!doctype html><title>r</title><button>Remote button</button>`})
	s := load(t, p, srv.URL+"/")
	if lineWith(s, "[button]", "Remote button") == "" {
		t.Fatalf("attached capture lacks the button:\n%s", s.Result.Text())
	}
}
