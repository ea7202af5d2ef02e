package serialize

import (
	"io"
	"iter"
	"slices"
	"strconv"

	"github.com/axtree/axtree/axtree"
)

// WriteJSON writes t and its link record (id → resolved URL, e.g. a
// links.Record) as one JSON object; see FORMAT.md for the schema. Names,
// text and values get the same normalisation and limits as the text form
// (JSON string escaping instead of bracket escaping); Options.Extra and
// Options.IndentTabs are ignored. Output is byte-stable: object keys come in
// a fixed order, states and props in node order, links sorted by numeric id.
func WriteJSON(w io.Writer, t *axtree.Tree, links map[int]string, opt Options) error {
	buf := AppendJSON(nil, t, links, opt)
	_, err := w.Write(buf)
	return err
}

// AppendJSON appends the JSON form of t and links to dst (see WriteJSON).
func AppendJSON(dst []byte, t *axtree.Tree, links map[int]string, opt Options) []byte {
	p := newPrinter(opt, dst)
	p.buf = append(p.buf, '{')
	if t != nil && t.URL != "" {
		p.buf = append(p.buf, `"url":`...)
		p.buf = appendJSONString(p.buf, t.URL, 0)
		p.buf = append(p.buf, ',')
	}
	if t != nil && t.Title != "" {
		p.buf = append(p.buf, `"title":`...)
		p.buf = appendJSONString(p.buf, t.Title, p.opt.TextLimit)
		p.buf = append(p.buf, ',')
	}
	p.buf = append(p.buf, `"nodes":[`...)
	p.jsonNodes(t)
	p.buf = append(p.buf, `],"links":`...)
	p.buf = AppendLinksJSON(p.buf, links)
	if notes := p.notes(t); len(notes) > 0 {
		p.buf = append(p.buf, `,"truncated":[`...)
		for i, k := range notes {
			if i > 0 {
				p.buf = append(p.buf, ',')
			}
			p.buf = append(p.buf, '"')
			p.buf = append(p.buf, k...) // key bytes need no escaping
			p.buf = append(p.buf, '"')
		}
		p.buf = append(p.buf, ']')
	}
	return append(p.buf, '}', '\n')
}

// AppendLinksJSON appends links as a JSON object with keys in ascending
// numeric order: {"61":"https://…","85":"…"}. URLs are cleaned (invalid
// UTF-8 replaced, whitespace collapsed, control and format characters
// dropped) but never truncated. A nil or empty map gives {}.
func AppendLinksJSON(dst []byte, links map[int]string) []byte {
	ids := make([]int, 0, len(links))
	for id := range links {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return AppendLinksSeq(dst, func(yield func(int, string) bool) {
		for _, id := range ids {
			if !yield(id, links[id]) {
				return
			}
		}
	})
}

// AppendLinksSeq appends the entries links yields, which must come in
// ascending id order, as AppendLinksJSON does a map: the same bytes for
// the same entries. No entries give {}.
func AppendLinksSeq(dst []byte, links iter.Seq2[int, string]) []byte {
	dst = append(dst, '{')
	first := true
	for id, u := range links {
		if !first {
			dst = append(dst, ',')
		}
		first = false
		dst = append(dst, '"')
		dst = strconv.AppendInt(dst, int64(id), 10)
		dst = append(dst, '"', ':')
		dst = appendJSONString(dst, u, 0)
	}
	return append(dst, '}')
}

func appendJSONString(dst []byte, s string, limit int) []byte {
	dst = append(dst, '"')
	dst = appendClean(dst, s, limit, escJSON)
	return append(dst, '"')
}

// jsonItem is a node to open, or (close) the end of an open children array
// that began at mark.
type jsonItem struct {
	n     *axtree.Node
	depth int
	close bool
	mark  int
}

const childrenKey = `,"children":[`

func (p *printer) jsonNodes(t *axtree.Tree) {
	if t == nil {
		return
	}
	if !p.seenMade {
		hint, _, texts, _, _ := p.sizeHint(t.Roots)
		p.seen, p.seenMade = makeNodeSet(hint-texts, texts), true
	}
	var stack []jsonItem
	pushKids := func(kids []*axtree.Node, depth int) {
		for i := len(kids) - 1; i >= 0; i-- {
			stack = append(stack, jsonItem{n: kids[i], depth: depth})
		}
	}
	pushKids(t.Roots, 0)
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if it.close {
			if len(p.buf) == it.mark+len(childrenKey) { // no child printed
				p.buf = p.buf[:it.mark]
			} else {
				p.buf = append(p.buf, ']')
			}
			p.buf = append(p.buf, '}')
			continue
		}
		n := it.n
		if n == nil {
			continue
		}
		if it.depth >= p.opt.MaxDepth {
			p.deep = true
			continue
		}
		if !p.seen.add(n) {
			continue
		}
		start := len(p.buf)
		if p.buf[len(p.buf)-1] != '[' {
			p.buf = append(p.buf, ',')
		}
		if isMore(n) {
			p.buf = append(p.buf, `{"more":`...)
			p.buf = strconv.AppendInt(p.buf, int64(n.More()), 10)
			p.buf = append(p.buf, '}')
			continue
		}
		if n.Role == "" {
			p.buf = append(p.buf, `{"text":"`...)
			mark := len(p.buf)
			p.buf = appendClean(p.buf, n.Name, p.opt.TextLimit, escJSON)
			if len(p.buf) == mark { // empty text: children take its place
				p.buf = p.buf[:start]
				pushKids(n.Children, it.depth)
				continue
			}
			p.buf = append(p.buf, '"')
		} else {
			p.jsonElement(n, it.depth)
		}
		if len(n.Children) == 0 {
			p.buf = append(p.buf, '}')
			continue
		}
		stack = append(stack, jsonItem{close: true, mark: len(p.buf)})
		p.buf = append(p.buf, childrenKey...)
		pushKids(n.Children, it.depth+1)
	}
}

// jsonElement writes the fields of an element object, without the closing
// brace.
func (p *printer) jsonElement(n *axtree.Node, depth int) {
	b := p.buf
	b = append(b, '{')
	if n.ID > 0 && n.Addressable() { // the ids the text prints (FORMAT.md, "Ids")
		b = append(b, `"id":`...)
		b = strconv.AppendInt(b, int64(n.ID), 10)
		b = append(b, ',')
	}
	b = append(b, `"role":"`...)
	mark := len(b)
	b = appendKey(b, n.Role)
	if len(b) == mark {
		b = append(b, "generic"...)
	}
	b = append(b, '"')
	if n.Inferred {
		b = append(b, `,"inferred":true`...)
	}
	b = append(b, `,"name":`...)
	b = appendJSONString(b, n.Name, p.opt.NameLimit)
	b = append(b, `,"dom":`...)
	b = strconv.AppendInt(b, int64(n.DOM), 10)
	b = append(b, `,"depth":`...)
	b = strconv.AppendInt(b, int64(depth), 10)
	b = p.jsonAttrs(b, `,"states":{`, n.States(), "actions")
	if len(n.Actions()) > 0 {
		start := len(b)
		b = append(b, `,"actions":[`...)
		first := len(b)
		p.keys.reset()
		for _, a := range n.Actions() {
			m := len(b)
			if m > first {
				b = append(b, ',')
			}
			b = append(b, '"')
			name := len(b)
			b = appendAction(b, a) // action bytes need no JSON escaping
			key := a               // the cleaned name, without allocating when a was clean
			if string(b[name:]) != a {
				key = string(b[name:])
			}
			if len(b) == name || !p.keys.add(key) {
				b = b[:m]
				continue
			}
			b = append(b, '"')
		}
		if len(b) == first {
			b = b[:start]
		} else {
			b = append(b, ']')
		}
	}
	b = p.jsonAttrs(b, `,"props":{`, n.Props(), "id")
	p.buf = b
}

// jsonAttrs writes attrs as an object in slice order: flags (and values
// empty after cleaning) as true, others as strings. Keys are cleaned and
// deduplicated like the text form; reserved is dropped.
func (p *printer) jsonAttrs(b []byte, open string, attrs []axtree.Attr, reserved string) []byte {
	if len(attrs) == 0 {
		return b
	}
	start := len(b)
	b = append(b, open...)
	first := len(b)
	p.keys.reset()
	for _, a := range attrs {
		k := cleanKey(a.Key)
		if k == "" || k == reserved || !p.keys.add(k) {
			continue
		}
		if len(b) > first {
			b = append(b, ',')
		}
		b = append(b, '"')
		b = append(b, k...)
		b = append(b, '"', ':', '"')
		m := len(b)
		b = appendClean(b, a.Value, p.opt.ValueLimit, escJSON)
		if len(b) == m {
			b = append(b[:m-1], "true"...)
		} else {
			b = append(b, '"')
		}
	}
	if len(b) == first {
		return b[:start]
	}
	return append(b, '}')
}
