package axtree

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
)

// spelledOutBefore is spelledOut as it was before its walk became a
// method (a recursive closure over the same state).
func spelledOutBefore(name string, kids []*Node) bool {
	elem := false
	for _, k := range kids {
		if k.Role != "" {
			elem = true
			break
		}
	}
	if !elem {
		return false
	}
	rest, visits, ok := name, 0, true
	valid, checked := false, false
	var walk func(ns []*Node)
	walk = func(ns []*Node) {
		for _, k := range ns {
			if !ok {
				return
			}
			if visits++; visits > maxSpellNodes {
				ok = false
				return
			}
			if k.Name != "" {
				if !checked {
					valid, checked = utf8.ValidString(name), true
				}
				rest, ok = consumeWords(rest, k.Name, valid)
				continue
			}
			walk(k.Children)
		}
	}
	walk(kids)
	if !ok {
		return false
	}
	_, more := nextNonSpace(rest)
	return !more
}

// saidNames joins the names spelledOut reads in kids (named nodes, and
// below unnamed ones), with single spaces.
func saidNames(kids []*Node) string {
	var parts []string
	var walk func(ns []*Node)
	walk = func(ns []*Node) {
		for _, k := range ns {
			if k.Name != "" {
				parts = append(parts, k.Name)
				continue
			}
			walk(k.Children)
		}
	}
	walk(kids)
	return strings.Join(parts, " ")
}

// TestSpelledOutSameAsBefore: for the children of every node of every
// corpus page, capture and frame case, under the node's name and names
// that their lines do and do not spell (joined, squeezed, cut, one word
// more, a byte changed, an invalid byte), and past maxSpellNodes.
func TestSpelledOutSameAsBefore(t *testing.T) {
	yes, no := 0, 0
	check := func(name string, kids []*Node) {
		want := spelledOutBefore(name, kids)
		if !assert.Equal(t, want, spelledOut(name, kids), "%q", name) {
			return
		}
		if want {
			yes++
		} else {
			no++
		}
	}
	for _, d := range bindDocs(t) {
		tr := build(d, nil, Options{}, knobs{})
		tr.Walk(func(n *Node, _ int) bool {
			if len(n.Children) == 0 {
				return true
			}
			said := saidNames(n.Children)
			for _, name := range []string{n.Name, said, strings.ReplaceAll(said, " ", ""), "  " + said + " \u00a0",
				said + " more", strings.TrimSuffix(said, said[len(said)/2:]), said + "\xff", "\xff" + said} {
				check(name, n.Children)
			}
			if len(said) > 0 {
				check("x"+said[1:], n.Children)
			}
			return true
		})
	}
	// the walk reads maxSpellNodes nodes and gives up at the next
	for _, n := range []int{maxSpellNodes - 2, maxSpellNodes - 1, maxSpellNodes} {
		var many []*Node
		for i := 0; i < n; i++ {
			many = append(many, &Node{Role: "generic"})
		}
		many = append(many, &Node{Role: "link", Name: "end"})
		check("end", many)
		check("end", append([]*Node{{Role: "cell", Children: many}}, &Node{Name: "x"}))
	}
	// names joined exactly (exactSpeller's case) and nearly: white space
	// at a name's ends or all of it, other spaces between, bytes that are
	// not UTF-8, runes cut, empty names, names below unnamed nodes
	parts := []string{"a", "Edit", "  lead", "trail ", " ", "\u00a0", "\u00a0x", "x\u00a0", "\xff", "é",
		"\xc3", "\xa9", "a\xe2\x80", "\x80b", "#1", "\u2003", "two words"}
	for i, p := range parts {
		for j, q := range parts {
			for _, sep := range []string{" ", "", "  ", "\t", "\u00a0", "x", ","} {
				for _, nested := range []bool{false, true} {
					second := &Node{Role: "link", Name: q}
					kids := []*Node{{Role: "cell", Name: p}, second}
					if nested {
						kids = []*Node{{Role: "cell", Children: []*Node{{Name: p}}}, {Role: "cell", Children: []*Node{second}}}
					}
					name := p + sep + q
					check(name, kids)
					check(name+" ", kids)
					check(" "+name, kids)
					check(name[:len(name)-1], kids)
					check(p, kids)
					if (i+j)%3 == 0 {
						check(name+sep+p, append(kids, &Node{Name: p}))
						check(name+sep+p, append(kids, &Node{Role: "button", Name: p}, &Node{Name: ""}))
					}
				}
			}
		}
	}
	assert.Positive(t, yes)
	assert.Positive(t, no)
}
