// Package render is the whole pipeline in one call: bytes of a page (HTML or
// a capture document) in, the numbered tree, its link record and its text
// forms out. Commands, the server and the benchmarks all go through it, so
// they cannot disagree.
package render

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/axtree/axtree/accname"
	"github.com/axtree/axtree/axtree"
	"github.com/axtree/axtree/dom"
	"github.com/axtree/axtree/links"
	"github.com/axtree/axtree/serialize"
	"github.com/axtree/axtree/wire"
)

// DefaultMaxInputBytes is the largest page Read accepts unless Options say
// otherwise: 64 MiB, well above the largest real pages (a few MB).
const DefaultMaxInputBytes = 64 << 20

// Options configure a rendering. The zero value gives the defaults.
type Options struct {
	// URL is the page URL that links resolve against (with the document's
	// <base href> applied on top of it).
	URL string
	// MaxInputBytes caps the input size; 0 means DefaultMaxInputBytes and a
	// negative value means no cap.
	MaxInputBytes int64
	// ContentType is the page's HTTP Content-Type header value when the
	// caller knows it (a server, a capture): its charset parameter decides
	// how HTML bytes are decoded, over a <meta> declaration (see Decode).
	// Empty means unknown.
	ContentType string
	// Build tunes the tree builder (depth and node limits).
	Build axtree.Options
	// Text tunes the printer (name and text length limits).
	Text serialize.Options
	// Context, when set, bounds the rendering: HTMLBytes, HTML and Capture
	// check it between stages and the tree builder every 1,024 nodes, and
	// return its error (wrapped) once it is done. nil: never interrupted.
	Context context.Context
}

// ErrTooLarge is returned (wrapped) when the input exceeds MaxInputBytes.
var ErrTooLarge = errors.New("input too large")

// Result is one rendered page.
type Result struct {
	Doc  *dom.Doc
	Tree *axtree.Tree
	// Names computes names, roles and hidden-ness for Doc; the tree was
	// built with it. It forgot the build's memos (accname.Computer.Forget):
	// a later question is computed again, with the same answer, and
	// remembered from then on.
	Names *accname.Computer
	// Warnings lists problems that were skipped rather than fatal (from a
	// capture: e.g. a delegation selector axtree cannot evaluate).
	Warnings []string
	// Links maps ids to resolved URLs: link hrefs, iframe srcs and form
	// actions, kept out of the tree text. It is a links.Table, a slot per
	// id, rather than a links.Record map, which would take twice the room
	// in a kept Result; Links.Record() gives the map.
	Links links.Table

	// text is the printer options of the text forms (Options.Text): the
	// rest of the Options did their work in the render, and a kept Result
	// need not hold them (nor the caller's Context, nor a Stop func).
	text serialize.Options
}

// readAll reads r up to the configured cap.
func readAll(r io.Reader, opts Options) ([]byte, error) {
	max := opts.MaxInputBytes
	if max == 0 {
		max = DefaultMaxInputBytes
	}
	if max < 0 {
		return io.ReadAll(r)
	}
	b, err := io.ReadAll(io.LimitReader(r, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > max {
		return nil, fmt.Errorf("render: page is larger than %d bytes: %w", max, ErrTooLarge)
	}
	return b, nil
}

// HTML renders an HTML page read from r.
func HTML(r io.Reader, opts Options) (*Result, error) {
	b, err := readAll(r, opts)
	if err != nil {
		return nil, err
	}
	return HTMLBytes(b, opts)
}

// HTMLBytes renders an HTML page held in memory. The bytes are decoded to
// UTF-8 first, as a browser decodes them (see Decode and
// Options.ContentType).
func HTMLBytes(b []byte, opts Options) (*Result, error) {
	if opts.MaxInputBytes >= 0 {
		max := opts.MaxInputBytes
		if max == 0 {
			max = DefaultMaxInputBytes
		}
		if int64(len(b)) > max {
			return nil, fmt.Errorf("render: page is larger than %d bytes: %w", max, ErrTooLarge)
		}
	}
	if err := interrupted(opts); err != nil {
		return nil, err
	}
	b, _ = Decode(b, opts.ContentType)
	d, err := dom.ParseDoc(b)
	if err != nil {
		return nil, fmt.Errorf("render: parse HTML: %w", err)
	}
	if err := interrupted(opts); err != nil {
		return nil, err
	}
	res := Doc(d, opts)
	if err := interrupted(opts); err != nil {
		return nil, err
	}
	return res, nil
}

// interrupted returns the error of opts.Context once it is done.
func interrupted(opts Options) error {
	if opts.Context == nil {
		return nil
	}
	if err := opts.Context.Err(); err != nil {
		return fmt.Errorf("render: interrupted: %w", err)
	}
	return nil
}

// Doc renders an already indexed document (from HTML or a capture).
func Doc(d *dom.Doc, opts Options) *Result {
	c := accname.New(d, nil)
	bo := opts.Build
	if bo.URL == "" {
		bo.URL = opts.URL
	}
	if ctx := opts.Context; ctx != nil && bo.Stop == nil {
		bo.Stop = func() bool { return ctx.Err() != nil }
	}
	t := axtree.Build(d, c, bo)
	rec, long := links.CollectTable(t, opts.URL, d.BaseURL())
	if long && !slices.Contains(t.Truncated, "links") {
		t.Truncated = append(t.Truncated, "links") // a link over links.MaxURLBytes is not in the record
	}
	// The Result keeps the Computer for later questions, which recompute
	// what they ask; the per-element memos would outweigh the tree.
	c.Forget()
	d.Forget() // the element and id indexes: made again by the next question that needs them
	return &Result{Doc: d, Tree: t, Names: c, Links: rec, text: opts.Text}
}

// TextOptions returns the printer options the text forms use.
func (r *Result) TextOptions() serialize.Options { return r.text }

// WithTextOptions returns a copy of r whose text forms print with o (for
// example with the form state inline); the tree, document and link record
// are shared, not copied.
func (r *Result) WithTextOptions(o serialize.Options) *Result {
	c := *r
	c.text = o
	return &c
}

// Text returns the lean tree text: what the agent reads and what an
// observation stores.
func (r *Result) Text() []byte {
	return serialize.AppendText(nil, r.Tree, r.text)
}

// Enriched returns the tree text with each link's URL inline, for a model
// that needs the URLs; stored observations keep the lean Text.
func (r *Result) Enriched() []byte {
	return links.AppendEnriched(nil, r.Tree, r.Links, r.text)
}

// JSON returns the tree and link record as one JSON document.
func (r *Result) JSON() []byte {
	return serialize.AppendJSON(nil, r.Tree, r.Links.Record(), r.text)
}

// LinksJSON returns the link record as JSON, keys in numeric id order.
func (r *Result) LinksJSON() []byte {
	return r.Links.AppendJSON(nil)
}

// Capture renders a capture document (the wire format a browser hook
// produces) read from r. The page URL comes from the capture unless
// opts.URL is set; the capture's title and any warnings (skipped, not
// fatal problems) are kept in the Result.
func Capture(r io.Reader, opts Options) (*Result, error) {
	b, err := readAll(r, opts)
	if err != nil {
		return nil, err
	}
	if err := interrupted(opts); err != nil {
		return nil, err
	}
	lim := wire.Limits{MaxBytes: int64(len(b)) + 1}
	d, meta, err := wire.Decode(bytes.NewReader(b), lim)
	if err != nil {
		return nil, fmt.Errorf("render: capture: %w", err)
	}
	if err := interrupted(opts); err != nil {
		return nil, err
	}
	if opts.URL == "" {
		opts.URL = meta.URL
	}
	res := Doc(d, opts)
	if t := strings.Join(strings.Fields(meta.Title), " "); t != "" {
		res.Tree.Title = t // document.title, white space collapsed as browsers do
	}
	res.Warnings = meta.Warnings
	if err := interrupted(opts); err != nil {
		return nil, err
	}
	return res, nil
}
