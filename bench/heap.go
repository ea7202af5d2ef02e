package bench

import (
	"bytes"
	"runtime"
	"slices"

	"golang.org/x/net/html"

	"github.com/axtree/axtree/render"
)

// Heap is the live heap one page holds, measured with runtime.MemStats
// after a full garbage collection.
type Heap struct {
	// Elements is the page's element count (len(Doc.Elements)).
	Elements int
	// ParseBytes is the live heap of the html.Parse tree alone.
	ParseBytes uint64
	// RenderBytes is the live heap of a render.Result kept, parse tree
	// included: everything the Result references (the document, the tree,
	// the link record, the Computer with its style sheet; the per-element
	// memos the build used, the sheet's compiled rules and the document's
	// element and id indexes, which a later question makes again, are
	// dropped by render) and nothing else.
	RenderBytes uint64
}

// ParsePerElement is ParseBytes per element.
func (h Heap) ParsePerElement() float64 { return perElement(h.ParseBytes, h.Elements) }

// RenderPerElement is RenderBytes per element.
func (h Heap) RenderPerElement() float64 { return perElement(h.RenderBytes, h.Elements) }

func perElement(b uint64, n int) float64 {
	if n == 0 {
		return 0
	}
	return float64(b) / float64(n)
}

// MeasureHeap parses and renders page and reports the live heap each
// result holds: the median of three measurements each (a background
// allocation of the runtime or the test binary can land in one). It
// forces garbage collections, so it is slow and disturbs whatever else
// runs in the process: call it outside timed code.
func MeasureHeap(page []byte) (Heap, error) {
	var h Heap
	once := func(build func() (any, error)) (uint64, error) {
		var m0, m1 runtime.MemStats
		// Two collections: an object with a finalizer or cleanup (an
		// *os.File of the caller's, ...) is freed only by the cycle after
		// the one that finds it dead, and it must not be freed inside the
		// measured window, where it would be subtracted from the result
		// (the first parse of a process measured up to 9% low on the
		// smallest pages with one).
		runtime.GC()
		runtime.GC()
		runtime.ReadMemStats(&m0)
		v, err := build()
		if err != nil {
			return 0, err
		}
		runtime.GC()
		runtime.ReadMemStats(&m1)
		runtime.KeepAlive(v)
		if m1.HeapAlloc < m0.HeapAlloc {
			return 0, nil
		}
		return m1.HeapAlloc - m0.HeapAlloc, nil
	}
	live := func(build func() (any, error)) (uint64, error) {
		var m [3]uint64
		for i := range m {
			b, err := once(build)
			if err != nil {
				return 0, err
			}
			m[i] = b
		}
		slices.Sort(m[:])
		return m[1], nil
	}
	var err error
	h.ParseBytes, err = live(func() (any, error) { return html.Parse(bytes.NewReader(page)) })
	if err != nil {
		return h, err
	}
	h.RenderBytes, err = live(func() (any, error) {
		r, err := render.HTMLBytes(page, RenderOptions())
		if err == nil {
			h.Elements = r.Doc.Len()
		}
		return r, err
	})
	return h, err
}
