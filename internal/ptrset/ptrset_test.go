package ptrset

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSetAsMap checks Add, Has, Delete and Len against a map on a random
// sequence of operations over a few hundred pointers (growth and the
// backward shift of Delete included), from a zero Set and from Make.
func TestSetAsMap(t *testing.T) {
	objs := make([]*int, 600)
	for i := range objs {
		objs[i] = new(int)
	}
	for _, start := range []Set[int]{{}, Make[int](0), Make[int](1000)} {
		s := start
		want := map[*int]bool{}
		r := rand.New(rand.NewPCG(1, 2))
		for step := 0; step < 20000; step++ {
			p := objs[r.IntN(len(objs))]
			switch r.IntN(3) {
			case 0, 1:
				assert.Equal(t, !want[p], s.Add(p))
				want[p] = true
			case 2:
				s.Delete(p)
				delete(want, p)
			}
			if step%97 == 0 {
				for _, q := range objs {
					require.Equal(t, want[q], s.Has(q), "step %d", step)
				}
			}
			require.Equal(t, len(want), s.Len())
		}
	}
}

// TestSetNil checks that nil is never a member.
func TestSetNil(t *testing.T) {
	var s Set[int]
	assert.False(t, s.Add(nil))
	assert.False(t, s.Has(nil))
	s.Delete(nil)
	assert.Equal(t, 0, s.Len())
	p := new(int)
	assert.True(t, s.Add(p))
	assert.False(t, s.Has(nil))
	assert.True(t, s.Has(p))
}
