package runtime

import (
	"context"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/capture"
)

// One browser for the package's tests, started on first use.
var (
	sharedB    *Browser
	sharedErr  error
	sharedOnce sync.Once
)

func TestMain(m *testing.M) {
	code := m.Run()
	if sharedB != nil {
		sharedB.Close()
	}
	os.Exit(code)
}

// testOptions are generous: the machine is shared and loaded.
var testCapture = capture.Options{
	NavTimeout: 20 * time.Second, Settle: 3 * time.Second, Quiet: 150 * time.Millisecond,
	CollectTimeout: 60 * time.Second, ActTimeout: 30 * time.Second, CallTimeout: 60 * time.Second,
}

// browser returns the shared browser (recorder installed). Without
// Chromium the test is skipped, unless CI=true, where it fails.
func browser(t testing.TB) *Browser {
	t.Helper()
	if capture.FindChromium() == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("Chromium is required on CI (apt-get install -y chromium) but was not found")
		}
		t.Skip("Chromium not found (set AXTREE_CHROMIUM or install chromium); skipping live runtime tests")
	}
	sharedOnce.Do(func() {
		sharedB, sharedErr = Start(context.Background(), Options{Capture: testCapture, Record: true})
	})
	require.NoError(t, sharedErr, "start Chromium")
	return sharedB
}

// session opens a tab, closed at the end of the test.
func session(t testing.TB, opts SessionOptions) *Session {
	t.Helper()
	s, err := browser(t).NewSession(context.Background(), opts)
	require.NoError(t, err)
	t.Cleanup(s.Close)
	return s
}
