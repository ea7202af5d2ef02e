package serialize

import (
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/axtree"
	"github.com/axtree/axtree/internal/ptrset"
)

// TestRestSetSameAsPtrset checks restSet, bits over a range of
// addresses, against the ptrset.Set it replaced for the texts: the same
// answers to Add, Has and Delete in long random sequences over nodes of
// two slabs (as axtree's chunks) whose range the bits cover, in part or
// in whole, nodes allocated one by one (in the range or not), and nil.
func TestRestSetSameAsPtrset(t *testing.T) {
	for seed := uint64(1); seed <= 40; seed++ {
		r := rand.New(rand.NewPCG(seed, seed*3))
		slabA, slabB := make([]axtree.Node, 50+r.IntN(200)), make([]axtree.Node, 10+r.IntN(100))
		var pool []*axtree.Node
		for i := range slabA {
			pool = append(pool, &slabA[i])
		}
		for i := range slabB {
			pool = append(pool, &slabB[i])
		}
		for range 20 {
			pool = append(pool, new(axtree.Node))
		}
		// the range: of some of the pool's nodes (as sizeHint's texts)
		lo, hi := ^uintptr(0), uintptr(0)
		texts := 0
		for _, n := range pool {
			if r.IntN(3) > 0 {
				u := uintptr(unsafe.Pointer(n))
				lo, hi = min(lo, u), max(hi, u)
				texts++
			}
		}
		pool = append(pool, nil)
		var s restSet
		switch seed % 4 {
		case 0:
			s = makeRest(texts, lo, hi) // what walk makes
		case 1:
			s = restSet{lo: lo, bits: make([]uint64, (hi-lo)/nodeBytes>>6+1)}
		case 2: // bits over part of the range only
			s = restSet{lo: lo, bits: make([]uint64, 1)}
		default:
			s = restSet{}
		}
		var want ptrset.Set[axtree.Node]
		for step := 0; step < 4000; step++ {
			n := pool[r.IntN(len(pool))]
			switch r.IntN(3) {
			case 0:
				require.Equal(t, want.Add(n), s.Add(n), "seed %d step %d: add %p", seed, step, n)
			case 1:
				require.Equal(t, want.Has(n), s.Has(n), "seed %d step %d: has %p", seed, step, n)
			default:
				want.Delete(n)
				s.Delete(n)
			}
		}
		for _, n := range pool {
			assert.Equal(t, want.Has(n), s.Has(n), "seed %d: final %p", seed, n)
		}
	}
}

// TestMakeRest checks makeRest's choice: bits when the range takes fewer
// bytes than the ptrset's slots, the ptrset else, nothing for no texts.
func TestMakeRest(t *testing.T) {
	slab := make([]axtree.Node, 4096)
	lo := uintptr(unsafe.Pointer(&slab[0]))
	hi := uintptr(unsafe.Pointer(&slab[len(slab)-1]))
	s := makeRest(1000, lo, hi) // 64 words against 2048 slots
	assert.Len(t, s.bits, 64)
	s = makeRest(3, lo, hi) // 64 words against 16 slots
	assert.Nil(t, s.bits)
	assert.False(t, s.Has(&slab[0]))
	assert.True(t, s.Add(&slab[0]))
	s = makeRest(0, lo, hi)
	assert.Nil(t, s.bits)
	s = makeRest(5, ^uintptr(0), 0)
	assert.Nil(t, s.bits)
}
