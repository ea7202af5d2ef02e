package render_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/accname"
	"github.com/axtree/axtree/axtree"
	"github.com/axtree/axtree/dom"
	"github.com/axtree/axtree/internal/shared"
	"github.com/axtree/axtree/render"
	"github.com/axtree/axtree/wire"
)

// TestResultAnswersAsTheBuild checks that a Result, whose Computer forgot
// its memos once the tree was built, answers every question about every
// element (role, name, description, hidden-ness, computed style) as the
// Computer the tree was built with still remembers it, on every corpus
// page; later questions come back to front, unlike the build's walk.
func TestResultAnswersAsTheBuild(t *testing.T) {
	m, err := filepath.Glob(filepath.Join("..", "corpus", "pages", "*.html"))
	require.NoError(t, err)
	require.NotEmpty(t, m, "the project's corpus pages")
	if d := filepath.Join(shared.Root(), "corpus", "pages"); shared.Required() || isDir(d) {
		s, _ := filepath.Glob(filepath.Join(shared.Path(t, "corpus", "pages"), "*.html"))
		m = append(m, s...)
	}
	for _, f := range m {
		name := strings.TrimSuffix(filepath.Base(f), ".html")
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		decoded, _ := render.Decode(src, "")
		d, err := dom.ParseDoc(decoded)
		require.NoError(t, err)
		r, err := render.HTMLBytes(src, render.Options{})
		require.NoError(t, err)
		sameAnswers(t, name, d, r)
	}
}

// sameAnswers checks that the kept Result r (whose Computer forgot the
// build's memos) answers every question about every element, asked in
// reverse order, as a Computer that just built d's tree does.
func sameAnswers(t *testing.T, name string, d *dom.Doc, r *render.Result) {
	t.Helper()
	built := accname.New(d, nil)
	axtree.Build(d, built, axtree.Options{})
	want := ask(built, d, func(i int) int { return i })
	n := r.Doc.Len()
	require.Equal(t, d.Len(), n, name)
	got := ask(r.Names, r.Doc, func(i int) int { return n - 1 - i })
	for i := range want {
		if !assert.Equal(t, want[i], got[i], "%s: element %d <%s>", name, i, d.Elements[i].Data) {
			break
		}
	}
}

// ask returns, per element of d (taken in the order at gives), what c
// says about it, and d's index of it and of the element its id finds
// (the kept Result's document forgot both indexes: dom.Doc.Forget).
func ask(c *accname.Computer, d *dom.Doc, at func(i int) int) [][8]any {
	out := make([][8]any, d.Len())
	for k := range d.Elements {
		i := at(k)
		e := d.Elements[i]
		id, _ := dom.Attr(e, "id")
		out[i] = [8]any{c.Role(e), c.Name(e), c.Description(e), c.Hidden(e), c.AriaHidden(e), c.Style().Style(e),
			d.Index(e), d.Index(d.ByID(e, id))}
	}
	return out
}

func isDir(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

// TestCaptureResultAnswersAsTheBuild is TestResultAnswersAsTheBuild for
// capture documents, whose live facts (computed style, listeners) the
// answers come from.
func TestCaptureResultAnswersAsTheBuild(t *testing.T) {
	m, err := filepath.Glob(filepath.Join("..", "corpus", "captures", "*.json"))
	require.NoError(t, err)
	require.NotEmpty(t, m, "the corpus captures")
	for _, f := range m {
		name := filepath.Base(f)
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		d, _, err := wire.Decode(bytes.NewReader(src), wire.Limits{MaxBytes: int64(len(src)) + 1})
		require.NoError(t, err, name)
		r, err := render.Capture(bytes.NewReader(src), render.Options{})
		require.NoError(t, err, name)
		sameAnswers(t, name, d, r)
	}
}

// TestResultKeepsNoContext checks that a kept Result does not hold the
// Options it was rendered with beyond the printer's: the caller's Context
// (a request's, with its values) is collectable once HTMLBytes returns,
// while the Result lives on and prints with its text options.
func TestResultKeepsNoContext(t *testing.T) {
	type key struct{}
	val := new([1 << 10]byte)
	freed := make(chan struct{})
	runtime.AddCleanup(val, func(ch chan struct{}) { close(ch) }, freed)
	opts := render.Options{Context: context.WithValue(context.Background(), key{}, val)}
	opts.Text.NameLimit = 3
	r, err := render.HTMLBytes([]byte(`<button>Subscribe</button>`), opts)
	require.NoError(t, err)
	opts, val = render.Options{}, nil
	gone := false
	for i := 0; i < 20 && !gone; i++ {
		runtime.GC()
		select {
		case <-freed:
			gone = true
		case <-time.After(10 * time.Millisecond):
		}
	}
	assert.True(t, gone, "the Context outlives the render in the kept Result")
	assert.Equal(t, 3, r.TextOptions().NameLimit)
	assert.Contains(t, string(r.Text()), "[button] Su… ")
	runtime.KeepAlive(r)
}
