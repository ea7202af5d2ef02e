package render_test

import (
	"bytes"
	"context"
	"errors"
	"html"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/axtree/axtree/axtree"
	"github.com/axtree/axtree/render"
	"github.com/axtree/axtree/serialize"
)

// countElements counts the element lines of a rendering by parsing it back.
func countElements(t *testing.T, text []byte) int {
	t.Helper()
	tr, err := serialize.Parse(string(text))
	if err != nil {
		t.Fatalf("the rendering does not parse: %v", err)
	}
	n := 0
	tr.Walk(func(x *axtree.Node, _ int) bool {
		if x.Role != "" {
			n++
		}
		return true
	})
	return n
}

func TestBadInputRendersOrFailsClearly(t *testing.T) {
	card := `<div class="card"><a href="/p">Product</a><p>` + strings.Repeat("Some long text about the product. ", 30) + `</p></div>`
	big := bytes.Repeat([]byte(card), 50<<20/len(card))
	cases := []struct {
		name  string
		page  []byte
		links int // minimum element lines expected
	}{
		{"empty", nil, 0},
		{"binary garbage", []byte("\x00\xff\xfe\x89PNG\r\n\x1a\n\x00\x00<\x01\x02>\xc3\x28"), 0},
		{"50 MB page", big, 50 << 20 / len(card)},
		{"100,000 siblings", []byte("<body>" + strings.Repeat("<button>b</button>", 100000)), 100000},
		{"10,000-deep nesting", []byte(strings.Repeat("<div>", 10000) + "<a href=x>deep</a>" + strings.Repeat("</div>", 10000)), 1},
	}
	for _, c := range cases {
		res, err := render.HTMLBytes(c.page, render.Options{})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		text := res.Text()
		if !utf8.Valid(text) {
			t.Errorf("%s: output is not valid UTF-8", c.name)
		}
		if got := countElements(t, text); got < c.links {
			t.Errorf("%s: %d element lines, want at least %d", c.name, got, c.links)
		}
	}
}

func TestNodeCapSaysSo(t *testing.T) {
	res, err := render.HTMLBytes([]byte(strings.Repeat("<button>b</button>", 100)), render.Options{Build: axtree.Options{MaxNodes: 10}})
	if err != nil {
		t.Fatal(err)
	}
	text := string(res.Text())
	if got := countElements(t, res.Text()); got != 10 {
		t.Fatalf("%d element lines, want 10", got)
	}
	if !strings.HasSuffix(text, "[truncated=nodes]\n") {
		t.Fatalf("a tree cut at the node limit must say so on its last line:\n%s", text)
	}
}

func TestInputCap(t *testing.T) {
	_, err := render.HTMLBytes(make([]byte, 1025), render.Options{MaxInputBytes: 1024})
	if !errors.Is(err, render.ErrTooLarge) || !strings.Contains(err.Error(), "1024") {
		t.Fatalf("got %v, want ErrTooLarge naming the limit", err)
	}
	_, err = render.HTML(bytes.NewReader(make([]byte, 1025)), render.Options{MaxInputBytes: 1024})
	if !errors.Is(err, render.ErrTooLarge) {
		t.Fatalf("reader: got %v", err)
	}
	_, err = render.Capture(bytes.NewReader(make([]byte, 1025)), render.Options{MaxInputBytes: 1024})
	if !errors.Is(err, render.ErrTooLarge) {
		t.Fatalf("capture: got %v", err)
	}
	if _, err := render.HTMLBytes(make([]byte, 2048), render.Options{MaxInputBytes: -1}); err != nil {
		t.Fatalf("no cap: %v", err)
	}
}

func TestViewsAgree(t *testing.T) {
	res, err := render.HTMLBytes([]byte(`<title> My  page </title><a href="/a">A</a><iframe src="/f" title=F></iframe><form action="javascript:x()" aria-label=S><button>Go</button></form>`), render.Options{URL: "https://ex.test/dir/"})
	if err != nil {
		t.Fatal(err)
	}
	if got := string(res.LinksJSON()); got != `{"1":"https://ex.test/a","2":"https://ex.test/f"}` {
		t.Fatalf("links %s", got)
	}
	if strings.Contains(string(res.Text()), "https://") {
		t.Fatal("the lean tree must not hold URLs")
	}
	if !strings.Contains(string(res.Enriched()), `[url="https://ex.test/a"]`) {
		t.Fatalf("enriched:\n%s", res.Enriched())
	}
	if res.Tree.Title != "My page" {
		t.Fatalf("title %q", res.Tree.Title)
	}
}

// A srcdoc frame past the nesting bound is left out, and the tree says so.
func TestSrcdocBoundNoted(t *testing.T) {
	src := "<button>deepest</button>"
	for i := 0; i < 12; i++ {
		src = `<iframe srcdoc="` + html.EscapeString(src) + `"></iframe>`
	}
	r, err := render.HTMLBytes([]byte(src), render.Options{})
	if err != nil {
		t.Fatal(err)
	}
	text := string(r.Text())
	if !strings.HasSuffix(text, "[truncated=frames]\n") || strings.Contains(text, "deepest") {
		t.Errorf("want the frames past the bound left out and noted, got:\n%s", text)
	}
}

// aria-owns re-parents in the tree, in the role context and in names from
// content, and an owned element is shown once, under its owner.
func TestAriaOwnsInTree(t *testing.T) {
	page := `<ul aria-label=Fruit aria-owns="far"><li>Apple</li></ul>
<p>between</p>
<li id=far>Cherry</li>
<button aria-owns="extra">Buy</button><span id=extra> now</span>`
	r, err := render.HTMLBytes([]byte(page), render.Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := `[list] Fruit [id=1]
  Apple
  Cherry
between
[button] Buy now [id=2]
`
	if got := string(r.Text()); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

// TestContextInterrupts: a rendering under a context that is done stops
// with the context's error, for HTML and for captures.
func TestContextInterrupts(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	page := []byte(strings.Repeat("<button>Go</button>", 5000))
	_, err := render.HTMLBytes(page, render.Options{Context: ctx})
	assert.ErrorIs(t, err, context.Canceled)
	_, err = render.Capture(strings.NewReader(`{"version":1}`), render.Options{Context: ctx})
	assert.ErrorIs(t, err, context.Canceled)
	r, err := render.HTMLBytes(page, render.Options{Context: context.Background()})
	require.NoError(t, err)
	assert.NotContains(t, r.Tree.Truncated, "stopped")
}

// A link whose URL is longer than links.MaxURLBytes is left out of the
// record, and the tree says so.
func TestLongLinkIsMarked(t *testing.T) {
	long := "https://example.com/?q=" + strings.Repeat("a", 3000)
	r, err := render.HTMLBytes([]byte(`<a href="`+long+`">Far</a><a href="/near">Near</a>`), render.Options{URL: "https://example.com/"})
	require.NoError(t, err)
	text := string(r.Text())
	assert.Contains(t, text, "[truncated=links]")
	assert.Equal(t, 1, r.Links.Len())
	short, err := render.HTMLBytes([]byte(`<a href="/near">Near</a>`), render.Options{URL: "https://example.com/"})
	require.NoError(t, err)
	assert.NotContains(t, string(short.Text()), "truncated")
}
