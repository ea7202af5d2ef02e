package ptrset_test

import (
	"fmt"

	"github.com/axtree/axtree/internal/ptrset"
)

// A walk over a graph that may share nodes meets each node once.
func Example() {
	type node struct {
		name string
		kids []*node
	}
	leaf := &node{name: "leaf"}
	root := &node{name: "root", kids: []*node{leaf, leaf}}
	seen := ptrset.Make[node](4)
	stack := []*node{root}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if !seen.Add(n) {
			continue
		}
		fmt.Println(n.name)
		stack = append(stack, n.kids...)
	}
	// Output:
	// root
	// leaf
}
