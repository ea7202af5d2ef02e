package dom

import (
	"bytes"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"

	"github.com/axtree/axtree/internal/shared"
)

// oldShadow is what a Doc's walk and resolveShadows recorded in Go maps
// before the nodeMaps (the oracle of TestShadowTablesSameAsMaps).
type oldShadow struct {
	scope, shadow, parent map[*html.Node]*html.Node
	hosts                 []*html.Node
}

// oldShadowMaps walks root as walk and visit did with the maps: the scope
// of every element in a shadow tree, each host's first shadow root
// template (hosts in document order), then the flat-tree parents as
// resolveShadows set them.
func oldShadowMaps(root *html.Node) *oldShadow {
	m := &oldShadow{scope: map[*html.Node]*html.Node{}, shadow: map[*html.Node]*html.Node{}, parent: map[*html.Node]*html.Node{}}
	var sc *html.Node
	for x := root; ; {
		childScope := sc
		if x.Type == html.ElementNode {
			if sc != nil {
				m.scope[x] = sc
			}
			if IsShadowRoot(x) {
				if _, has := m.shadow[x.Parent]; !has {
					m.shadow[x.Parent] = x
					m.hosts = append(m.hosts, x.Parent)
				}
				childScope = x
			}
		}
		if x.FirstChild != nil {
			sc = childScope
			x = x.FirstChild
			continue
		}
		for x != root && x.NextSibling == nil {
			x = x.Parent
			if x == sc {
				sc = m.scope[x]
			}
		}
		if x == root {
			break
		}
		x = x.NextSibling
	}
	for _, host := range m.hosts {
		sr := m.shadow[host]
		for c := sr.FirstChild; c != nil; c = c.NextSibling {
			m.parent[c] = host
		}
		var slots []shadowSlot
		listed := false
		for c := host.FirstChild; c != nil; c = c.NextSibling {
			if c == sr {
				continue
			}
			name := ""
			if c.Type == html.ElementNode {
				name, _ = Attr(c, "slot")
			} else if c.Type != html.TextNode {
				continue
			}
			if !listed {
				slots, listed = slotsOf(sr, nil, nil), true
			}
			if s := pickSlot(slots, name); s != nil {
				m.parent[c] = s
			}
		}
	}
	return m
}

// children is Children as it was, answering from the maps.
func (m *oldShadow) children(n *html.Node, buf []*html.Node) []*html.Node {
	if sr := m.shadow[n]; sr != nil {
		for c := sr.FirstChild; c != nil; c = c.NextSibling {
			buf = append(buf, c)
		}
		return buf
	}
	if n.Type == html.ElementNode && n.Namespace == "" {
		switch n.Data {
		case "template":
			return buf
		case "slot":
			if sr := m.scope[n]; sr != nil && sr.Parent != nil {
				host := sr.Parent
				start := len(buf)
				for c := host.FirstChild; c != nil; c = c.NextSibling {
					if c != sr && m.parent[c] == n {
						buf = append(buf, c)
					}
				}
				if len(buf) > start {
					return buf
				}
			}
		}
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		buf = append(buf, c)
	}
	return buf
}

// shadowTableCases are documents beside the corpus pages and the random
// ones for the shadow tables: nested shadow trees, a host with two shadow
// root templates (the first wins; the second is its child as any
// element), a shadow root that is not first among its siblings, an
// empty one, a template inside a shadow tree, slots, a frame with a
// shadow tree of its own, and shadow trees past eight levels.
var shadowTableCases = map[string]string{
	"two roots": `<div id=h>a<template shadowrootmode=open><slot></slot><p>one</p></template><template shadowrootmode=closed><i>two</i></template><b>light</b></div>`,
	"late root": `<x-a><b slot=s>l</b><!--c--><template shadowrootmode=open><slot name=s></slot><x-b><template shadowrootmode=open><slot></slot></template><u>in b</u></x-b></template></x-a><p>after</p>`,
	"empty":     `<div><template shadowrootmode=open></template>light</div><div><template shadowrootmode=open><template><slot></slot></template></template><i>x</i></div>`,
	"frame":     `<iframe srcdoc="<div><template shadowrootmode=open><slot></slot><p id=a>in</p></template><b>light</b></div>"></iframe><div><template shadowrootmode=open><p>top</p></template></div>`,
	"deep":      deepShadows(12),
}

// deepShadows nests n shadow trees, each with a slot and a light child.
func deepShadows(n int) string {
	s := ""
	for i := range n {
		s += `<div><template shadowrootmode=open><slot></slot><p>` + string(rune('a'+i)) + `</p>`
	}
	for range n {
		s += `</template><b>light</b></div>`
	}
	return s
}

// TestShadowTablesSameAsMaps checks Scope, ShadowRoot, Parent, Children
// and HasShadowRoots, answered from the sorted tables (the shadow roots
// from their map, as before), against the maps
// the old walk made (oldShadowMaps) on every node of every corpus page,
// of shadowTableCases and of 600 random pages of nested shadow trees,
// their srcdoc frames too; and that the tables hold exactly the maps'
// entries, sorted, without room to spare, and the Doc's flags say which
// have entries.
func TestShadowTablesSameAsMaps(t *testing.T) {
	pages := shared.ReadPages(t, shadowTableCases, filepath.Join("..", "corpus", "pages"))
	rng := rand.New(rand.NewPCG(3, 15))
	for i := range 600 {
		pages["random"+string(rune('0'+i%10))+string(rune('a'+i/10%26))+string(rune('a'+i/260))] = []byte(randomShadowPage(rng))
	}
	hosts, scoped, flat := 0, 0, 0
	var check func(name string, d *Doc)
	check = func(name string, d *Doc) {
		m := oldShadowMaps(d.Root)
		hosts += len(m.hosts)
		scoped += len(m.scope)
		flat += len(m.parent)
		require.Equal(t, len(m.shadow) > 0, d.HasShadowRoots(), name)
		if d.rare != nil {
			require.Equal(t, len(m.scope) > 0, d.scoped, name)
			require.Equal(t, len(m.parent) > 0, d.flat, name)
			for _, tb := range []nodeMap[*html.Node]{d.rare.scope, d.rare.parent} {
				require.True(t, slices.IsSortedFunc(tb, byAddr[*html.Node]), name)
				require.Equal(t, len(tb), cap(tb), name)
			}
			require.Len(t, d.rare.scope, len(m.scope), name)
			require.Len(t, d.rare.shadow, len(m.shadow), name)
			require.Len(t, d.rare.parent, len(m.parent), name)
		} else {
			require.Empty(t, m.scope, name)
			require.Empty(t, m.shadow, name)
		}
		var buf, want []*html.Node
		for x := range preorder(d.Root) {
			require.Same(t, m.scope[x], d.Scope(x), name)
			require.Same(t, m.shadow[x], d.ShadowRoot(x), name)
			p, ok := m.parent[x]
			if !ok {
				p = x.Parent
			}
			require.Same(t, p, d.Parent(x), name)
			buf, want = d.Children(x, buf[:0]), m.children(x, want[:0])
			require.Equal(t, want, buf, name)
			if f := d.Frame(x); f != nil {
				check(name+" frame", f)
			}
		}
	}
	for name, b := range pages {
		d, err := ParseDoc(b)
		require.NoError(t, err, name)
		check(name, d)
		root, err := html.Parse(bytes.NewReader(b))
		require.NoError(t, err, name)
		check(name+" (New)", New(root))
		// documents rooted below the top: at each host and shadow root
		// template (the walk starts inside a shadow tree, or at one)
		subs := 0
		for x := range preorder(root) {
			if IsShadowRoot(x) && subs < 20 {
				check(name+" (host)", New(x.Parent))
				check(name+" (template)", New(x))
				subs++
			}
		}
	}
	require.Greater(t, hosts, 1000)
	require.Greater(t, scoped, 5000)
	require.Greater(t, flat, 2000)
}

// TestFramesSameAsMap checks SetFrame and Frame, a sorted table, against
// a map under random sets and replacements of a hundred iframes, and that
// Forget reaches every frame once.
func TestFramesSameAsMap(t *testing.T) {
	nodes := make([]*html.Node, 100)
	for i := range nodes {
		nodes[i] = &html.Node{Type: html.ElementNode, Data: "iframe"}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	d := &Doc{}
	want := map[*html.Node]*Doc{}
	for range 2000 {
		n := nodes[rng.IntN(len(nodes))]
		f := &Doc{}
		d.SetFrame(n, f)
		want[n] = f
		for _, x := range nodes {
			require.Same(t, want[x], d.Frame(x))
		}
	}
	require.Len(t, d.rare.frames, len(want))
	require.True(t, slices.IsSortedFunc(d.rare.frames, byAddr[*Doc]))
	require.Nil(t, (&Doc{}).Frame(nodes[0]))
}

// TestSortSameAsSortFunc checks nodeMap.sort, by insertion up to
// insertionMax entries, against slices.SortFunc by address on random
// orders (shuffled, sorted, reversed, nearly sorted) of 0 to 100 entries,
// each value kept beside its key.
func TestSortSameAsSortFunc(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 4))
	nodes := make([]html.Node, 100)
	for n := 0; n <= len(nodes); n++ {
		for kind := range 4 {
			m := make(nodeMap[int], n)
			for i := range m {
				m[i] = nodeEntry[int]{&nodes[i], i}
			}
			switch kind {
			case 0:
				rng.Shuffle(n, func(i, j int) { m[i], m[j] = m[j], m[i] })
			case 2:
				slices.Reverse(m)
			case 3:
				for range n / 4 {
					i, j := rng.IntN(n), rng.IntN(n)
					m[i], m[j] = m[j], m[i]
				}
			}
			want := slices.Clone(m)
			slices.SortFunc(want, byAddr[int])
			m.sort()
			require.Equal(t, want, m, "%d entries, kind %d", n, kind)
		}
	}
}
