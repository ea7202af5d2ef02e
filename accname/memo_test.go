package accname

import (
	"strings"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/dom"
	"github.com/axtree/axtree/roles"
)

// oldSlot is the memo slot before names were held as a data pointer and a
// length (24 bytes): the oracle of TestSlotSameAsOldSlot.
type oldSlot struct {
	name    string
	visited uint32
	role    roles.ID
	src     source
	flags   uint8
}

// TestSlotSameAsOldSlot checks that a slot holds what the old one did: a
// name stored with setName reads back as the same string (the same bytes
// at the same address), with its source, the hasName flag set and the
// other flags, the role and the mark left as they were; for every name of
// every corpus page and for crafted names (empty, one byte, invalid UTF-8,
// a substring, MaxTextBytes long) with each source. A slot and a slot
// cache entry are 16 bytes.
func TestSlotSameAsOldSlot(t *testing.T) {
	assert.Equal(t, uintptr(16), unsafe.Sizeof(slot{}), "a memo slot")
	assert.Equal(t, uintptr(16), unsafe.Sizeof(slotHit{}), "a slot cache entry")
	long := strings.Repeat("x", MaxTextBytes+10)
	names := []string{"", "a", "\xff\xfe", "Edit order #104249"[5:10], long[:MaxTextBytes], long[3 : MaxTextBytes-1], "   "}
	for _, p := range corpusPages(t) {
		d, err := dom.ParseDoc(p.src)
		require.NoError(t, err, p.name)
		c := New(d, nil)
		for _, e := range d.Elements {
			names = append(names, c.Name(e), c.Description(e))
		}
	}
	for _, s := range names {
		for _, src := range []source{srcOther, srcTitle, srcCaption} {
			for _, flags := range []uint8{0, hasRole | hasHidden | isHidden, 0x7f &^ hasName} {
				old := oldSlot{visited: 7, role: roles.IDOf("link"), flags: flags}
				old.name, old.src, old.flags = s, src, old.flags|hasName
				sl := slot{visited: 7, role: roles.IDOf("link"), flags: flags}
				sl.setName(s, src)
				got := sl.getName()
				if !assert.True(t, old.name == got, "name of %d bytes read back as %d bytes", len(s), len(got)) ||
					!assert.Equal(t, unsafe.StringData(old.name), unsafe.StringData(got), "the name's bytes are the ones stored") ||
					!assert.Equal(t, old.src, sl.getSrc(), "source of a name of %d bytes", len(s)) ||
					!assert.Equal(t, old.flags, sl.flags) ||
					!assert.Equal(t, old.role, sl.role) ||
					!assert.Equal(t, old.visited, uint32(sl.visited)) {
					return
				}
			}
		}
	}
	var zero slot
	assert.Equal(t, "", zero.getName(), "a slot with no name")
	assert.Equal(t, srcOther, zero.getSrc())
}

// TestGenWrapSameAnswers checks that the walk's marks, 16 bits wide, do not
// make a computation after Computer.gen wraps skip an element a
// computation before the wrap marked: a Computer asked about the first
// half of a page's elements, then made to wrap (its gen set to the last
// value), then asked about the rest (and again about everything, its
// memos dropped), answers as a fresh Computer, with the same work; on
// crafted pages and every corpus page, and for an element outside the
// document's index (marked in the visited map).
func TestGenWrapSameAnswers(t *testing.T) {
	pages := []corpusPage{{"cells", []byte(`<table><tr><td><a href=/a>a</a></td><td><span>b</span></td></tr>
<tr><td><button>c</button> <button>d</button></td></tr></table><label>L <input></label>
<div id=x>ref <b>me</b></div><a href=/y aria-labelledby="x y"><i id=y>y</i></a><a href=/z><div id=z2>z</div></a>`)}}
	pages = append(pages, corpusPages(t)...)
	frag, err := dom.ParseDoc([]byte(`<button title=t>Go <b>now</b> <i>in <u>it</u></i></button>`))
	require.NoError(t, err)
	out := frag.Elements[len(frag.Elements)-4] // the button
	require.Equal(t, "button", out.Data)
	for _, p := range pages {
		d, err := dom.ParseDoc(p.src)
		require.NoError(t, err, p.name)
		n := len(d.Elements)
		fresh := New(d, nil)
		want := answers(fresh, d, func(i int) int { return i })
		wantOut := fresh.Name(out)
		c := New(d, nil)
		got := answers(c, d, func(i int) int { return i / 2 }) // the first half (each twice)
		c.gen = ^uint16(0)                                     // the next computation wraps
		rest := answers(c, d, func(i int) int { return n/2 + i/2 })
		copy(got[n/2:], rest[n/2:])
		gotOut := c.Name(out)
		for i := range want {
			if !assert.Equal(t, want[i], got[i], "%s: element %d <%s>", p.name, i, d.Elements[i].Data) {
				break
			}
		}
		assert.Equal(t, wantOut, gotOut, "%s: the element outside the index", p.name)
		assert.Equal(t, fresh.Steps(), c.Steps(), "%s: the work", p.name)
		// again past a wrap, with marks kept for the outside element only
		c.Forget()
		c.gen = ^uint16(0) - 1
		again := answers(c, d, func(i int) int { return n - 1 - i })
		for i := range want {
			if !assert.Equal(t, want[i], again[i], "%s: element %d <%s> after Forget", p.name, i, d.Elements[i].Data) {
				break
			}
		}
	}
}

// oldSlotHitsFor is the slot cache's size before small documents had a
// smaller one: the oracle of TestSlotHitsForSmallDocs.
func oldSlotHitsFor(n int) int {
	size := slotHitSlots
	for size > 8 && size/2 >= n {
		size /= 2
	}
	return size
}

// TestSlotHitsForSmallDocs checks the slot cache's size: as before for a
// document of smallDoc elements or more, a power of two of at most
// smallSlotHits (and at least 8, and no more than before) for a smaller
// one; and that a Computer makes its cache at that size, on every corpus
// page.
func TestSlotHitsForSmallDocs(t *testing.T) {
	for n := 0; n < 5000; n++ {
		got, old := slotHitsFor(n), oldSlotHitsFor(n)
		if n >= smallDoc {
			if !assert.Equal(t, old, got, "%d elements", n) {
				return
			}
			continue
		}
		if !assert.True(t, got&(got-1) == 0 && got >= 8 && got <= smallSlotHits && got <= old, "%d elements: %d entries (was %d)", n, got, old) {
			return
		}
	}
	assert.Equal(t, 16, slotHitsFor(39), "wrappers")
	assert.Equal(t, 64, slotHitsFor(1112), "orders-grid")
	for _, p := range corpusPages(t) {
		d, err := dom.ParseDoc(p.src)
		require.NoError(t, err, p.name)
		c := New(d, nil)
		for _, e := range d.Elements {
			c.Hidden(e)
		}
		if d.Len() > 0 {
			assert.Equal(t, slotHitsFor(d.Len()), len(c.slotHits), p.name)
		}
	}
}
