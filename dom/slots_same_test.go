package dom

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// assignedSlotBefore is assignedSlot as it was before resolveShadows listed
// each shadow tree's slots once (slotsOf, pickSlot): a walk of the shadow
// tree per light child.
func assignedSlotBefore(sr, c *html.Node) *html.Node {
	name := ""
	if c.Type == html.ElementNode {
		name, _ = Attr(c, "slot")
	} else if c.Type != html.TextNode {
		return nil
	}
	var found *html.Node
	stack := []*html.Node{}
	for x := sr.LastChild; x != nil; x = x.PrevSibling {
		stack = append(stack, x)
	}
	for len(stack) > 0 && found == nil {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if x.Type != html.ElementNode {
			continue
		}
		if x.Data == "slot" && x.Namespace == "" {
			sn, _ := Attr(x, "name")
			if sn == name {
				found = x
				break
			}
		}
		if IsShadowRoot(x) || (x.Data == "template" && x.Namespace == "") {
			continue
		}
		for y := x.LastChild; y != nil; y = y.PrevSibling {
			stack = append(stack, y)
		}
	}
	return found
}

// flatParentsBefore is resolveShadows as it was: the flat-tree parents
// where they differ from the DOM parent, first recorded wins.
func flatParentsBefore(d *Doc) map[*html.Node]*html.Node {
	m := map[*html.Node]*html.Node{}
	if d.rare == nil {
		return m
	}
	set := func(c, p *html.Node) {
		if _, done := m[c]; !done {
			m[c] = p
		}
	}
	for _, host := range hostsInOrder(d) {
		sr := d.ShadowRoot(host)
		for c := sr.FirstChild; c != nil; c = c.NextSibling {
			set(c, host)
		}
		for c := host.FirstChild; c != nil; c = c.NextSibling {
			if c == sr {
				continue
			}
			if s := assignedSlotBefore(sr, c); s != nil {
				set(c, s)
			}
		}
	}
	return m
}

// hostsInOrder returns the shadow hosts of d in document order, as the
// walk listed them before (rare.hosts): the parent of each element that
// is a shadow root, once.
func hostsInOrder(d *Doc) []*html.Node {
	var hosts []*html.Node
	seen := map[*html.Node]bool{}
	for _, n := range d.Elements {
		if IsShadowRoot(n) && !seen[n.Parent] {
			seen[n.Parent] = true
			hosts = append(hosts, n.Parent)
		}
	}
	return hosts
}

// randomShadowPage writes a page of nested shadow hosts whose trees hold
// slots (named, unnamed, duplicated, nested in slots, templates and inner
// shadow trees) and whose light children are elements with and without
// slot attributes, text and comments.
func randomShadowPage(rng *rand.Rand) string {
	names := []string{"", "a", "b", "A", "c"}
	var b strings.Builder
	var shadow func(depth int)
	var light func(depth int)
	host := func(depth int) {
		b.WriteString("<div>")
		mode := []string{"open", "closed", "bogus"}[rng.IntN(3)]
		fmt.Fprintf(&b, "<template shadowrootmode=%q>", mode)
		shadow(depth + 1)
		b.WriteString("</template>")
		light(depth + 1)
		b.WriteString("</div>")
	}
	shadow = func(depth int) {
		for range rng.IntN(5) {
			switch rng.IntN(7) {
			case 0, 1:
				if n := names[rng.IntN(len(names))]; n != "" || rng.IntN(2) == 0 {
					fmt.Fprintf(&b, "<slot name=%q>", n)
				} else {
					b.WriteString("<slot>")
				}
				if depth < 4 && rng.IntN(3) == 0 {
					shadow(depth + 1)
				}
				b.WriteString("</slot>")
			case 2:
				b.WriteString("<p>")
				if depth < 4 {
					shadow(depth + 1)
				}
				b.WriteString("</p>")
			case 3:
				b.WriteString("<template><slot></slot><slot name=a></slot></template>")
			case 4:
				if depth < 4 {
					host(depth)
				}
			case 5:
				b.WriteString("text<!--c-->")
			default:
				b.WriteString("<svg><slot name=b></slot></svg>")
			}
		}
	}
	light = func(depth int) {
		for range rng.IntN(6) {
			switch rng.IntN(6) {
			case 0:
				fmt.Fprintf(&b, "<span slot=%q>x</span>", names[rng.IntN(len(names))])
			case 1:
				b.WriteString("<i>y</i>")
			case 2:
				b.WriteString(" t ")
			case 3:
				b.WriteString("<!--light-->")
			case 4:
				if depth < 4 {
					host(depth)
				}
			default:
				b.WriteString("<b slot=a><slot name=a></slot></b>")
			}
		}
	}
	b.WriteString("<!doctype html><body>")
	for range 1 + rng.IntN(3) {
		host(0)
	}
	return b.String()
}

// TestFlatParentsSameAsBefore checks resolveShadows, which lists each
// shadow tree's slots once, against a walk of the shadow tree per light
// child, on random pages of nested shadow trees: the same flat-tree
// parent for every node, and the same slot for every light child.
func TestFlatParentsSameAsBefore(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 5))
	hosts := 0
	for range 1500 {
		page := randomShadowPage(rng)
		d, err := ParseDoc([]byte(page))
		if err != nil {
			t.Fatal(err)
		}
		want := flatParentsBefore(d)
		got := map[*html.Node]*html.Node{}
		if d.rare != nil {
			for _, e := range d.rare.parent {
				if _, dup := got[e.k]; dup {
					t.Fatalf("%s: %q has two flat parents", page, e.k.Data)
				}
				got[e.k] = e.v
			}
			hosts += len(d.rare.shadow)
			for _, host := range hostsInOrder(d) {
				sr := d.ShadowRoot(host)
				slots := slotsOf(sr, nil, nil)
				for c := host.FirstChild; c != nil; c = c.NextSibling {
					if c == sr || c.Type != html.ElementNode && c.Type != html.TextNode {
						continue
					}
					name := ""
					if c.Type == html.ElementNode {
						name, _ = Attr(c, "slot")
					}
					if g, w := pickSlot(slots, name), assignedSlotBefore(sr, c); g != w {
						t.Fatalf("%s: light child %q: slot %v, want %v", page, c.Data, g, w)
					}
				}
			}
		}
		if len(got) != len(want) {
			t.Fatalf("%s: %d flat parents, want %d", page, len(got), len(want))
		}
		for c, p := range want {
			if got[c] != p {
				t.Fatalf("%s: flat parent of %q: %v, want %v", page, c.Data, got[c], p)
			}
		}
	}
	if hosts < 1000 {
		t.Fatalf("only %d shadow hosts", hosts)
	}
}
