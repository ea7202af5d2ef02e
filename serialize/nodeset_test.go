package serialize

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/axtree/axtree/axtree"
	"github.com/axtree/axtree/internal/ptrset"
)

// TestNodeSetSameAsPtrset checks nodeSet against the ptrset.Set it
// replaced in the printer: the same answers to add (alone, and after
// addNew as the walk asks), has and delete, in
// long random sequences over pools of nodes with ids in and past the
// slots, no id, negative ids and ids shared by several nodes, nil among
// them, and slots of several sizes.
func TestNodeSetSameAsPtrset(t *testing.T) {
	for seed := uint64(1); seed <= 40; seed++ {
		r := rand.New(rand.NewPCG(seed, seed*7))
		hint := []int{0, 1, 5, 64, 300}[seed%5]
		var pool []*axtree.Node
		for i := 0; i < 40; i++ {
			id := r.IntN(hint + 10)
			switch r.IntN(6) {
			case 0:
				id = 0
			case 1:
				id = -r.IntN(3)
			case 2:
				id = maxSlots + r.IntN(3)
			}
			pool = append(pool, &axtree.Node{ID: id})
		}
		pool = append(pool, nil)
		s := makeNodeSet(hint, int(seed%3))
		var want ptrset.Set[axtree.Node]
		for step := 0; step < 3000; step++ {
			n := pool[r.IntN(len(pool))]
			switch r.IntN(4) {
			case 0:
				assert.Equal(t, want.Add(n), s.add(n), "seed %d step %d: add id %v", seed, step, n)
			case 3: // the walk's add: addNew first, for a node
				if n != nil {
					assert.Equal(t, want.Add(n), s.addNew(n) || s.add(n), "seed %d step %d: addNew id %v", seed, step, n)
				}
			case 1:
				assert.Equal(t, want.Has(n), s.has(n), "seed %d step %d: has %v", seed, step, n)
			default:
				want.Delete(n)
				s.delete(n)
			}
		}
		for _, n := range pool {
			assert.Equal(t, want.Has(n), s.has(n), "seed %d: final %v", seed, n)
		}
	}
}
