package dom

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/internal/shared"
)

// shadowCases are pages beside the corpus for HasShadowRoots: none, an
// aria-owns and a srcdoc limit (the Doc's rare part without a shadow
// root), a template that is no shadow root, hosts nested and in a frame.
var shadowCases = map[string]string{
	"none":      `<p>a<b>b</b></p>`,
	"owns":      `<div aria-owns=x></div><p id=x>x</p>`,
	"template":  `<template><p>t</p></template><div><template shadowrootmode=bogus>b</template></div>`,
	"host":      `<div><template shadowrootmode=open><slot></slot></template><p>light</p></div>`,
	"nested":    `<div><template shadowrootmode=closed><span><template shadowrootmode=open>in</template></span></template></div>`,
	"in-frame":  `<iframe srcdoc="<div><template shadowrootmode=open>f</template></div>"></iframe>`,
	"not-host":  `<img><template shadowrootmode=open>x</template></img><input><template shadowrootmode=open>y</template>`,
	"many-ids":  `<p id=a aria-owns=b>a</p><p id=b>b</p><template id=t>c</template>`,
	"open-late": `<p>x</p><section><template shadowrootmode=open><i>s</i></template></section>`,
}

// HasShadowRoots is true exactly when some element of the document (not
// of its frames) has a shadow root.
func TestHasShadowRootsSameAsScan(t *testing.T) {
	seen := [2]bool{}
	for name, src := range shared.ReadPages(t, shadowCases, filepath.Join("..", "corpus", "pages")) {
		d, err := ParseDoc(src)
		require.NoError(t, err, name)
		docs := []*Doc{d}
		for _, e := range d.Elements {
			if f := d.Frame(e); f != nil {
				docs = append(docs, f)
			}
		}
		for i, x := range docs {
			want := false
			for _, e := range x.Elements {
				if x.ShadowRoot(e) != nil {
					want = true
				}
			}
			assert.Equal(t, want, x.HasShadowRoots(), "%s: document %d", name, i)
			if x.rare != nil {
				seen[boolIndex(want)] = true
			}
		}
	}
	assert.True(t, seen[0], "a document with rare facts and no shadow root was checked")
	assert.True(t, seen[1], "a document with a shadow root was checked")
}

func boolIndex(b bool) int {
	if b {
		return 1
	}
	return 0
}
