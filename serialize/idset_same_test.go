package serialize

import (
	"math/rand/v2"
	"testing"
)

// TestIDSetSameAsMap checks idSet against a map of ids: add alone, and
// addHeld first with add when it does not hold the id (as the printer
// asks), in random sequences over small, word-edge and bitmap-bound ids
// (the printer's are positive), on a set made empty and one whose bitmap
// was made at a length (walk's).
func TestIDSetSameAsMap(t *testing.T) {
	for seed := uint64(1); seed <= 30; seed++ {
		r := rand.New(rand.NewPCG(seed, seed*3))
		var s idSet
		if seed%2 == 0 {
			s.bits = make([]uint64, int(seed%5))
		}
		want := map[int]bool{}
		for step := 0; step < 4000; step++ {
			var id int
			switch r.IntN(5) {
			case 0:
				id = 1 + r.IntN(400)
			case 1:
				id = 64*r.IntN(8) + r.IntN(3) + 63
			case 2:
				id = 1 + r.IntN(70)
			case 3:
				id = maxBitmapID + r.IntN(5) - 2
			default:
				id = 1 + r.IntN(64)
			}
			isNew := !want[id]
			want[id] = true
			if r.IntN(2) == 0 {
				if got := s.add(id); got != isNew {
					t.Fatalf("seed %d step %d: add(%d) = %v, want %v", seed, step, id, got, isNew)
				}
				continue
			}
			got, held := s.addHeld(id)
			if !held {
				got = s.add(id)
			}
			if got != isNew {
				t.Fatalf("seed %d step %d: addHeld/add(%d) = %v (held %v), want %v", seed, step, id, got, held, isNew)
			}
		}
	}
}
