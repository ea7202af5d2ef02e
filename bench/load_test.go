package bench_test

import (
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/bench"
)

// TestLoadSeesAnotherProcess: a process spinning on a CPU while the meter
// runs makes the machine busy; the meter's own process does not count.
func TestLoadSeesAnotherProcess(t *testing.T) {
	if _, err := os.Stat("/proc/stat"); err != nil {
		t.Skip("no /proc/stat")
	}
	spin := exec.Command("sh", "-c", "while :; do :; done")
	require.NoError(t, spin.Start())
	t.Cleanup(func() { spin.Process.Kill(); spin.Wait() })
	m := bench.StartLoad()
	// Work of our own, then wait; both on the wall clock.
	deadline := time.Now().Add(1500 * time.Millisecond)
	for x := 0; time.Now().Before(deadline); x++ {
		_ = x * x
	}
	l := m.Stop()
	require.True(t, l.Known)
	assert.Greater(t, l.Others, 0.5, "a spinning process is at least half a CPU")
	assert.True(t, l.Busy())
	assert.Greater(t, l.CPUs, 0)
	assert.False(t, bench.Load{Others: 3}.Busy(), "an unknown load is never busy")
}
