package style

import (
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestKeyFilterKeepsEveryKey checks what the cascade relies on: a key that
// was added always passes (the filter only skips lookups that would miss),
// and most keys that were not added are rejected.
func TestKeyFilterKeepsEveryKey(t *testing.T) {
	var f keyFilter
	for i := 0; i < 64; i++ {
		f.add("a-spacing-" + strconv.Itoa(i))
	}
	for i := 0; i < 64; i++ {
		assert.True(t, f.may("a-spacing-"+strconv.Itoa(i)), "key %d", i)
	}
	passed := 0
	for i := 0; i < 10_000; i++ {
		if f.may("s-result-" + strconv.Itoa(i)) {
			passed++
		}
	}
	assert.Less(t, passed, 500, "a 1,024-bit filter of 64 keys passes about 1.5%% of other keys")
}
