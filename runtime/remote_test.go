package runtime

import (
	"bufio"
	"context"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/capture"
	"github.com/axtree/axtree/runtime/testsite"
)

// Recording in a browser the runtime attaches to (--remote): the person's
// own Chrome, here one this test starts with a DevTools port.
func TestRecordRemote(t *testing.T) {
	browser(t) // skips (or fails on CI) without Chromium
	dir := t.TempDir()
	cmd := exec.Command(capture.FindChromium(), "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
		"--user-data-dir="+dir, "--remote-debugging-port=0", "about:blank")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	stderr, err := cmd.StderrPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
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
	case <-time.After(30 * time.Second):
		t.Fatal("Chromium did not print its DevTools URL")
	}
	co := testCapture
	co.RemoteURL = url
	b, err := Start(context.Background(), Options{Capture: co, Record: true})
	require.NoError(t, err)
	defer b.Close()
	s, err := b.NewSession(context.Background(), SessionOptions{})
	require.NoError(t, err)
	defer s.Close()
	f, err := testsite.StartForms()
	require.NoError(t, err)
	defer f.Close()
	rec, err := s.Record(context.Background())
	require.NoError(t, err)
	_, err = s.Open(context.Background(), f.URL()+"/order")
	require.NoError(t, err)
	u := user{t, s.Page()}
	u.typ("spinbutton", "Quantity", "3")
	u.click("button", "Place order")
	out, err := rec.Stop()
	require.NoError(t, err)
	assert.Contains(t, string(out.Actions), `"name": "Place order"`)
	assert.Contains(t, string(out.Actions), `"value": "3"`)
	assert.Contains(t, string(out.HAR), f.URL()+"/order")
}
