package axtree

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// stopBefore is builder.stop as it was before its no-Stop test came first.
func stopBefore(b *builder) bool {
	if b.stopped {
		return true
	}
	if b.opts.Stop == nil {
		return false
	}
	b.walked++
	if b.walked&1023 == 0 && b.opts.Stop() {
		b.stopped = true
		b.truncate("stopped")
	}
	return b.stopped
}

// TestStopSameAsBefore: with no Stop, one that never says yes and one
// that says yes at its third question, stop answers each of 5,000 calls
// as before, asks as often and truncates the same.
func TestStopSameAsBefore(t *testing.T) {
	for _, yesAt := range []int{-1, 0, 3} {
		var got, want *builder
		for _, bp := range []**builder{&got, &want} {
			asked := 0
			b := &builder{t: &Tree{}}
			if yesAt >= 0 {
				b.opts.Stop = func() bool { asked++; return asked == yesAt }
			}
			*bp = b
		}
		for i := 0; i < 5000; i++ {
			assert.Equal(t, stopBefore(want), got.stop(), "call %d, yes at %d", i, yesAt)
		}
		assert.Equal(t, want.walked, got.walked)
		assert.Equal(t, want.stopped, got.stopped)
		assert.Equal(t, want.t.Truncated, got.t.Truncated)
	}
}
