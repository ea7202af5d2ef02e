package accname

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestJoinNamesSameAsStringsJoin checks joinNames against strings.Join
// with a space: one name, a few, many, empty and non-ASCII ones.
func TestJoinNamesSameAsStringsJoin(t *testing.T) {
	pieces := []string{"", "a", "bc", "Shipped", "€525.75", "dennis.berners-lee@example.com", strings.Repeat("x", 70)}
	rng := rand.New(rand.NewPCG(3, 5))
	for range 5000 {
		names := make([]string, 1+rng.IntN(20))
		for i := range names {
			names[i] = pieces[rng.IntN(len(pieces))]
		}
		if !assert.Equal(t, strings.Join(names, " "), joinNames(names), "%q", names) {
			return
		}
	}
	assert.Equal(t, "", joinNames(nil))
}
