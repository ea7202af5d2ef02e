package axtree

import (
	"unicode/utf8"

	"github.com/axtree/axtree/internal/word"
)

// LongText is the length, in runes, from which a text line that repeats an
// earlier text line of the tree word for word is not printed again: a
// paragraph said twice (terms shown twice, a badge's explanation under
// every product). Shorter lines (a price, a coupon, "Sponsored") say
// something about the place they stand in and are kept.
const LongText = 100

// sayOnce applies, in reading order over the finished tree, the rules that
// say a thing once across lines (the builder's other rules look at one
// node and its children):
//   - a link followed by a link to the same target with the same name,
//     with nothing said between them (a product card's image link and its
//     title link), prints no name: the next line says it;
//   - a text line that repeats the name of the element line just before it
//     (a badge's button and the badge's text) is not printed, and an
//     element that is not operable prints no name when the heading just
//     before it says it (a table labelled by its heading);
//   - a text line of LongText runes or more that repeats an earlier text
//     line is not printed, unless it stands in a list or a table, where
//     each item or row says it of itself (an offer badge, a key's effect).
//
// No element line is removed, so every operable element keeps its line
// and its id.
func sayOnce(roots []*Node) []*Node {
	s := onceState{seen: map[string]bool{}}
	return s.walk(roots, false)
}

type onceState struct {
	link *Node           // the last link line, while nothing was said after it
	seen map[string]bool // long text lines said already
}

func (s *onceState) walk(ns []*Node, items bool) []*Node {
	out := ns[:0]
	var prev *Node
	cut := false // a run start was dropped since the last kept node (dropNodes)
	for _, k := range ns {
		if k.Role == "" {
			if k.More() == 0 && s.dropText(k, prev, items) {
				if !k.Joined {
					cut = true
				}
				continue
			}
			if cut || len(out) == 0 {
				k.Joined = false
			}
			cut = false
			s.link = nil
			out = append(out, k)
			prev = k
			continue
		}
		if cut || len(out) == 0 {
			k.Joined = false
		}
		cut = false
		if prev != nil && prev.Role == "heading" && k.Name != "" && !k.Operable() && prev.Name == k.Name {
			k.Name = ""
		}
		if k.Role == "link" {
			if l := s.link; l != nil && l.Name != "" && l.Name == k.Name && l.Href != "" && l.Href == k.Href && len(l.Children) == 0 {
				l.Name = ""
			}
			s.link = k
		} else if k.Name != "" {
			s.link = nil
		}
		out = append(out, k)
		prev = k
		if len(k.Children) > 0 {
			k.Children = s.walk(k.Children, items || itemRole(k.Role))
		}
	}
	return out
}

// dropText reports whether text line t says again what was said: the name
// of the element line prev just before it, or a long line met earlier.
func (s *onceState) dropText(t, prev *Node, items bool) bool {
	if prev != nil && prev.Role != "" && prev.Name != "" && sameWords(t.Name, prev.Name) {
		return true
	}
	if items || shorterThan(t.Name, LongText) {
		return false
	}
	if s.seen[t.Name] {
		return true
	}
	s.seen[t.Name] = true
	return false
}

// shorterThan reports whether s holds fewer than n runes, counting them
// only when its length in bytes does not answer: a rune is one to four
// bytes long.
func shorterThan(s string, n int) bool {
	if len(s) < n {
		return true
	}
	if len(s) >= utf8.UTFMax*n {
		return false
	}
	// n ASCII bytes are n runes: most long lines are ASCII, read eight
	// bytes a step, not counted rune by rune.
	i := 0
	for ; i+8 <= n; i += 8 {
		if word.Load8(s[i:i+8])&word.Hi8 != 0 {
			return utf8.RuneCountInString(s) < n
		}
	}
	for ; i < n; i++ {
		if s[i] >= utf8.RuneSelf {
			return utf8.RuneCountInString(s) < n
		}
	}
	return false
}

// itemRole reports the roles whose children are items of a collection.
func itemRole(role string) bool {
	switch role {
	case "list", "listitem", "table", "grid", "treegrid", "row", "cell", "gridcell",
		"rowheader", "columnheader", "tree", "treeitem", "menu", "menubar", "listbox", "feed":
		return true
	}
	return false
}

// sameWords reports whether a and b hold the same words, white space aside
// (the words strings.Fields gives), comparing word by word in place.
func sameWords(a, b string) bool {
	if a == b {
		return true
	}
	for {
		a, b = trimLeadSpace(a), trimLeadSpace(b)
		if a == "" || b == "" {
			return a == b
		}
		if a[0] != b[0] {
			return false // the words differ in their first byte (most pairs)
		}
		i, j := wordEnd(a), wordEnd(b)
		if a[:i] != b[:j] {
			return false
		}
		a, b = a[i:], b[j:]
	}
}

// wordEnd returns the length of the word s starts with: up to its first
// white space (unicode.IsSpace), or all of s.
func wordEnd(s string) int {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if asciiSpace(c) {
				return i
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if wideSpace(r) {
			return i
		}
		i += size
	}
	return len(s)
}
