// Package ptrset is a set of pointers compared by identity, for the walks
// that must meet each node of a tree once (a tree built by hand can share
// a subtree or close a cycle): an open-addressing table with linear
// probing, about a fifth of the instructions of a map[*T]struct{} per
// lookup, made once at the size the caller expects.
package ptrset

import "unsafe"

// Set is a set of non-nil pointers to T. The zero Set is empty and ready
// for use; nil is never a member.
type Set[T any] struct {
	slots []*T
	n     int  // members
	shift uint // 64 - log2(len(slots))
}

// minSlots is the smallest table a Set makes.
const minSlots = 16

// Make returns a Set with room for hint members before it grows.
func Make[T any](hint int) Set[T] {
	var s Set[T]
	s.alloc(hint)
	return s
}

// alloc makes an empty table for n members at a load of at most 3/4.
func (s *Set[T]) alloc(n int) {
	size, shift := minSlots, uint(64-4)
	for size*3 < n*4 {
		size, shift = size*2, shift-1
	}
	s.slots, s.n, s.shift = make([]*T, size), 0, shift
}

// home is the slot where the probe for p starts: a Fibonacci hash of its
// address (heap objects never move).
func (s *Set[T]) home(p *T) int {
	return int(uint64(uintptr(unsafe.Pointer(p))) * 0x9E3779B97F4A7C15 >> s.shift)
}

// Len returns the number of members.
func (s *Set[T]) Len() int { return s.n }

// Has reports whether p is a member.
func (s *Set[T]) Has(p *T) bool {
	if p == nil || s.n == 0 {
		return false
	}
	mask := len(s.slots) - 1
	for i := s.home(p); ; i = (i + 1) & mask {
		switch s.slots[i] {
		case p:
			return true
		case nil:
			return false
		}
	}
}

// Add makes p a member and reports whether it was not one before. Adding
// nil does nothing and reports false.
func (s *Set[T]) Add(p *T) bool {
	if p == nil {
		return false
	}
	if (s.n+1)*4 > len(s.slots)*3 {
		s.grow()
	}
	mask := len(s.slots) - 1
	for i := s.home(p); ; i = (i + 1) & mask {
		switch s.slots[i] {
		case p:
			return false
		case nil:
			s.slots[i] = p
			s.n++
			return true
		}
	}
}

// grow moves the members into a table twice as large.
func (s *Set[T]) grow() {
	old := s.slots
	s.alloc(max(2*s.n+2, len(old)))
	mask := len(s.slots) - 1
	for _, p := range old {
		if p == nil {
			continue
		}
		i := s.home(p)
		for s.slots[i] != nil {
			i = (i + 1) & mask
		}
		s.slots[i] = p
		s.n++
	}
}

// Delete removes p. The members after it in its probe run move back into
// the hole (no tombstones), so lookups stay as short as before.
func (s *Set[T]) Delete(p *T) {
	if p == nil || s.n == 0 {
		return
	}
	mask := len(s.slots) - 1
	i := s.home(p)
	for s.slots[i] != p {
		if s.slots[i] == nil {
			return
		}
		i = (i + 1) & mask
	}
	s.slots[i] = nil
	s.n--
	for j := (i + 1) & mask; s.slots[j] != nil; j = (j + 1) & mask {
		// q may fill the hole at i when its home is not in (i, j]: the
		// probe for q passes i before it reaches j.
		q := s.slots[j]
		h := s.home(q)
		if (j-h)&mask >= (j-i)&mask {
			s.slots[i], s.slots[j] = q, nil
			i = j
		}
	}
}
