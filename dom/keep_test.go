package dom

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"

	"github.com/axtree/axtree/internal/shared"
)

// indexAnswers returns what d says about every node under its root and its
// frames' roots (element index, and for each element the element ByID
// finds for its own id, for an id of the shadow tree test page and for
// one nobody has, as an index), asked back to front: a later question comes
// in another order than New's walk.
func indexAnswers(d *Doc) []int {
	var nodes []*html.Node
	for x := range preorder(d.Root) {
		nodes = append(nodes, x)
	}
	out := make([]int, 0, 4*len(nodes))
	for k := len(nodes) - 1; k >= 0; k-- {
		n := nodes[k]
		out = append(out, d.Index(n))
		if n.Type != html.ElementNode {
			continue
		}
		id := firstID(n)
		for _, q := range []string{id, "i5", "nobody"} {
			out = append(out, d.Index(d.ByID(n, q)))
		}
	}
	if d.rare != nil {
		for _, n := range d.Elements {
			if f := d.Frame(n); f != nil {
				out = append(out, -2)
				out = append(out, indexAnswers(f)...)
			}
		}
	}
	return out
}

// checkForgetIndex parses src twice, makes one Doc forget its indexes and
// checks it answers every question as the other, which kept them: the
// indexes made again are the same.
func checkForgetIndex(t *testing.T, name string, src []byte) {
	t.Helper()
	kept, err := ParseDoc(src)
	require.NoError(t, err, name)
	d, err := ParseDoc(src)
	require.NoError(t, err, name)
	want := indexAnswers(kept)
	d.Forget()
	if d.slab == nil && d.again.Load() != nil && d.again.Load().wide == nil {
		assert.Nil(t, d.index.slots, "%s: the element index is dropped", name)
		assert.Nil(t, d.ids.slots, "%s: the id index is dropped", name)
		assert.Same(t, forgotten, d.again.Load(), "%s: nothing made again yet", name)
	}
	assert.Equal(t, want, indexAnswers(d), "%s", name)
	assert.NotSame(t, forgotten, d.again.Load(), "%s: made again once", name)
}

// TestForgetSameIndex checks that a Doc that forgot its element and id
// indexes answers Index and ByID as one that kept them, on every corpus
// page, on pages of shadow trees, frames, templates and repeated ids, and
// on a page too large for the two-byte index (which Forget keeps).
func TestForgetSameIndex(t *testing.T) {
	var ids strings.Builder
	for i := range 300 {
		fmt.Fprintf(&ids, `<p id=i%d>%d</p><span id="i%d">dup</span>`, i%100, i, i%7)
		if i%50 == 0 {
			fmt.Fprintf(&ids, `<x-h><template shadowrootmode=open><i id=i%d>in</i><b id=s%d>s</b></template></x-h>`, i%100, i)
		}
	}
	pages := map[string]string{
		"ids": ids.String(),
		"mixed": `<!doctype html><title>t</title><div id=a><p>x<b>y</b></p>
<template><span id=in-template>z</span></template>
<div id=host><template shadowrootmode=open><slot></slot><i id=shadow>s</i></template><u>light</u></div>
<iframe srcdoc="<p id=framed>f</p><p id=i5>g</p>"></iframe><svg><circle id=c /></svg></div>`,
		"empty": ``,
		"wide":  strings.Repeat("<b></b>", shortMax+10),
	}
	for _, name := range []string{"ids", "mixed", "empty", "wide"} {
		checkForgetIndex(t, name, []byte(pages[name]))
	}
	for _, f := range shared.PageFiles(t, filepath.Join("..", "corpus", "pages")) {
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		checkForgetIndex(t, filepath.Base(f), src)
	}
}

// TestForgetConcurrentReads checks that readers racing to the first
// question after Forget (go test -race) all get the same answers: the
// indexes are made again without a data race.
func TestForgetConcurrentReads(t *testing.T) {
	src := []byte(`<div id=a><p id=b>x</p><iframe srcdoc="<i id=c>y</i>"></iframe></div>`)
	kept, err := ParseDoc(src)
	require.NoError(t, err)
	want := indexAnswers(kept)
	d, err := ParseDoc(src)
	require.NoError(t, err)
	d.Forget()
	var wg sync.WaitGroup
	got := make([][]int, 8)
	for i := range got {
		wg.Go(func() { got[i] = indexAnswers(d) })
	}
	wg.Wait()
	for i := range got {
		assert.Equal(t, want, got[i], "reader %d", i)
	}
}

// TestZeroDocIndex checks that a zero Doc, which never indexed anything,
// answers as an empty document: no element has an index or an id.
func TestZeroDocIndex(t *testing.T) {
	var d Doc
	assert.Equal(t, -1, d.Index(&html.Node{Type: html.ElementNode}))
	assert.Nil(t, d.ByID(nil, "a"))
	d.Forget()
	assert.Equal(t, -1, d.Index(&html.Node{Type: html.ElementNode}))
}
