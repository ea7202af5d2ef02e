package adversarial

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/axtree/axtree/axtree"
	"github.com/axtree/axtree/render"
	"github.com/axtree/axtree/serialize"
)

// outcome is one rendering of a page and the work it took.
type outcome struct {
	bytes    int
	err      error
	res      *render.Result
	text     []byte
	json     []byte
	enriched []byte
	links    []byte
	// work counters
	elements  int    // DOM elements indexed (len(Doc.Elements), frames excluded)
	nodes     int    // tree nodes (elements and text lines)
	treeElems int    // tree elements
	out       int    // output bytes: text + JSON + enriched
	allocs    uint64 // heap allocations (MemStats.Mallocs delta)
	allocated uint64 // bytes allocated (MemStats.TotalAlloc delta)
}

// renderPage runs the whole pipeline on b: render, then text, JSON,
// enriched text and the link record, counting allocations.
func renderPage(b []byte, opts render.Options) outcome {
	return run(len(b), func() (*render.Result, error) { return render.HTMLBytes(b, opts) })
}

// run renders with fn and writes every output, counting the work.
func run(size int, fn func() (*render.Result, error)) outcome {
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	o := outcome{bytes: size}
	o.res, o.err = fn()
	if o.err == nil {
		o.text = o.res.Text()
		o.json = o.res.JSON()
		o.enriched = o.res.Enriched()
		o.links = o.res.LinksJSON()
	}
	runtime.ReadMemStats(&m1)
	o.allocs = m1.Mallocs - m0.Mallocs
	o.allocated = m1.TotalAlloc - m0.TotalAlloc
	if o.err == nil {
		o.elements = len(o.res.Doc.Elements)
		o.res.Tree.Walk(func(n *axtree.Node, _ int) bool {
			o.nodes++
			if n.Role != "" {
				o.treeElems++
			}
			return true
		})
		o.out = len(o.text) + len(o.json) + len(o.enriched)
	}
	return o
}

// checkOutcome reports every way o breaks the hardening contract for a
// page rendered with opts: refusals must be the wanted error; outputs must
// be valid UTF-8 and JSON, free of control and bidi characters; the text
// must parse back to exactly the tree's elements (no forged node, id or
// note); every limit hit must be reported in the text and JSON.
func checkOutcome(o outcome, want error, opts render.Options) []string {
	var errs []string
	fail := func(f string, a ...any) { errs = append(errs, fmt.Sprintf(f, a...)) }
	if want != nil {
		if !errors.Is(o.err, want) {
			fail("err = %v, want %v", o.err, want)
		}
		return errs
	}
	if o.err != nil {
		fail("refused: %v", o.err)
		return errs
	}
	for _, x := range []struct {
		name string
		b    []byte
	}{{"text", o.text}, {"enriched", o.enriched}} {
		if msg := badText(x.b); msg != "" {
			fail("%s: %s", x.name, msg)
		}
	}
	for _, x := range []struct {
		name string
		b    []byte
	}{{"JSON", o.json}, {"links JSON", o.links}} {
		if !utf8.Valid(x.b) {
			fail("%s: invalid UTF-8", x.name)
			continue
		}
		if !json.Valid(x.b) {
			fail("%s: not valid JSON: %.200s", x.name, x.b)
			continue
		}
		if msg := badJSON(x.b); msg != "" {
			fail("%s: %s", x.name, msg)
		}
	}
	errs = append(errs, checkRoundTrip(o.res.Tree, o.text, opts)...)
	for _, e := range checkRoundTrip(o.res.Tree, o.enriched, opts) {
		errs = append(errs, "enriched: "+e)
	}
	parsed, _ := serialize.Parse(string(o.text))
	if parsed != nil {
		if jt, err := jsonTruncated(o.json); err != nil || !slices.Equal(jt, parsed.Truncated) {
			errs = append(errs, fmt.Sprintf("JSON says truncated %q, text %q (%v)", jt, parsed.Truncated, err))
		}
	}
	return errs
}

// badText describes the first character of text output that must not be
// there: invalid UTF-8, or a control, format (bidi, zero-width) or
// line/paragraph separator character other than the newlines ending lines.
func badText(b []byte) string {
	if !utf8.Valid(b) {
		return "invalid UTF-8"
	}
	for i, r := range string(b) {
		if r != '\n' && forbidden(r) {
			return fmt.Sprintf("character %U at byte %d", r, i)
		}
	}
	return ""
}

// forbidden reports characters that may not survive into any output
// string: C0/C1 controls, format characters (bidi embeddings, overrides,
// isolates and marks, zero-width space, BOM, soft hyphen, tags) except
// ZWNJ/ZWJ, and the Unicode line and paragraph separators.
func forbidden(r rune) bool {
	if r == 0x200c || r == 0x200d {
		return false
	}
	return unicode.Is(unicode.Cc, r) || unicode.Is(unicode.Cf, r) || r == 0x2028 || r == 0x2029
}

// badJSON describes the first forbidden character in a valid JSON text,
// whether written raw or as a \u escape (surrogate pairs combined), without
// decoding the document (outputs reach tens of MB).
func badJSON(b []byte) string {
	for i := 0; i < len(b); {
		c := b[i]
		if c == '\\' && i+1 < len(b) {
			if b[i+1] != 'u' || i+6 > len(b) {
				i += 2
				continue
			}
			r := hex4(b[i+2 : i+6])
			i += 6
			if utf16.IsSurrogate(r) && i+6 <= len(b) && b[i] == '\\' && b[i+1] == 'u' {
				if p := utf16.DecodeRune(r, hex4(b[i+2:i+6])); p != utf8.RuneError {
					r = p
					i += 6
				}
			}
			if forbidden(r) {
				return fmt.Sprintf("escaped %U before byte %d", r, i)
			}
			continue
		}
		r, size := utf8.DecodeRune(b[i:])
		if forbidden(r) && r != '\n' {
			return fmt.Sprintf("character %U at byte %d", r, i)
		}
		i += size
	}
	return ""
}

// hex4 decodes four hex digits (valid JSON guarantees them).
func hex4(h []byte) rune {
	var r rune
	for _, c := range h {
		r <<= 4
		switch {
		case c >= '0' && c <= '9':
			r |= rune(c - '0')
		case c >= 'a' && c <= 'f':
			r |= rune(c - 'a' + 10)
		case c >= 'A' && c <= 'F':
			r |= rune(c - 'A' + 10)
		}
	}
	return r
}

// printed returns the roles and printed ids (0 for none) of the tree's
// elements the printer shows (those above its depth limit), in pre-order,
// and whether the limit
// left any node out.
func printed(t *axtree.Tree, opts render.Options) (roleIDs []string, deep bool) {
	max := opts.Text.MaxDepth
	if max <= 0 {
		max = serialize.DefaultMaxDepth
	}
	t.Walk(func(n *axtree.Node, d int) bool {
		if d >= max {
			deep = true
			return true
		}
		if n.Role != "" {
			id := n.ID
			if !n.Addressable() {
				id = 0 // a heading, row or cell prints no id (FORMAT.md, "Ids")
			}
			roleIDs = append(roleIDs, fmt.Sprintf("%s %d", n.Role, id))
		}
		return true
	})
	return roleIDs, deep
}

// checkRoundTrip parses text back and compares it with the tree: the same
// elements (role and id, in order) and the same truncation notes. A page
// that forges a line, an id or a note fails here.
func checkRoundTrip(t *axtree.Tree, text []byte, opts render.Options) []string {
	var errs []string
	parsed, err := serialize.Parse(string(text))
	if err != nil {
		return []string{fmt.Sprintf("text does not parse: %v", err)}
	}
	want, deep := printed(t, opts)
	var got []string
	parsed.Walk(func(n *axtree.Node, _ int) bool {
		if n.Role != "" {
			got = append(got, fmt.Sprintf("%s %d", n.Role, n.ID))
		}
		return true
	})
	if !slices.Equal(got, want) {
		i := 0
		for i < len(got) && i < len(want) && got[i] == want[i] {
			i++
		}
		g, w := "end", "end"
		if i < len(got) {
			g = got[i]
		}
		if i < len(want) {
			w = want[i]
		}
		errs = append(errs, fmt.Sprintf("parsed text has %d elements, tree %d; first difference at #%d: got %q, want %q", len(got), len(want), i, g, w))
	}
	notes := slices.Clone(t.Truncated)
	if deep && !slices.Contains(notes, "depth") {
		notes = append(notes, "depth")
	}
	if !slices.Equal(parsed.Truncated, notes) {
		errs = append(errs, fmt.Sprintf("truncation notes: text says %q, tree hit %q", parsed.Truncated, notes))
	}
	if len(notes) > 0 && !bytes.Contains(text, []byte("\n[truncated=")) && !bytes.HasPrefix(text, []byte("[truncated=")) {
		errs = append(errs, "limits hit but the text has no [truncated=...] line")
	}
	return errs
}

// jsonTruncated returns the "truncated" list of a rendered JSON document.
func jsonTruncated(b []byte) ([]string, error) {
	var v struct {
		Truncated []string `json:"truncated"`
	}
	err := json.Unmarshal(b, &v)
	return v.Truncated, err
}

// lines returns the text lines holding s.
func lines(text []byte, s string) []string {
	var out []string
	for _, l := range strings.Split(string(text), "\n") {
		if strings.Contains(l, s) {
			out = append(out, l)
		}
	}
	return out
}
