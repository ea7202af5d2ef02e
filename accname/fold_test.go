package accname

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestContainsFold checks the allocation-free search against the
// lower-casing one it replaced, on the needle New uses.
func TestContainsFold(t *testing.T) {
	const sub = "text-transform"
	for _, s := range []string{
		"", "text-transform", "TEXT-TRANSFORM:uppercase", "color:red; Text-Transform: none",
		"text-transfor", "xtext-transformx", "text transform", "TEXT-TRANSFORM"[:13],
		"tex\u0130-transform", "\u212Aext-transform", "ttext-transform", "tetext-transform",
	} {
		assert.Equal(t, strings.Contains(strings.ToLower(s), sub), containsFold(s, sub), "%q", s)
	}
	assert.True(t, containsFold("anything", ""))
	assert.Zero(t, testing.AllocsPerRun(10, func() { containsFold("COLOR:RED;TEXT-TRANSFORM:UPPERCASE", sub) }))
}
