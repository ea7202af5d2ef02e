package wire

import (
	"encoding/json"
	"io"
	"strings"

	"golang.org/x/net/html"
)

// FromHTML converts a parsed static page (normally the DocumentNode from
// html.Parse) into a capture with no live facts: every node in the same
// order, attributes in order, <template> content as children. Decoding the
// result rebuilds an equivalent tree (same node types, tags, namespaces,
// attributes and text in the same pre-order). An "ns" field is written only
// where the tree position would imply another namespace. The title is the
// text of the first HTML <title> outside <template> content, whitespace
// collapsed as document.title does. The walk is iterative; nodes of types a
// capture has no form for (html.RawNode, html.ErrorNode) are left out.
func FromHTML(doc *html.Node) *Capture {
	c := &Capture{Version: Version}
	if doc == nil {
		return c
	}
	root := &Node{Tag: "#document"}
	type job struct {
		h *html.Node
		w *Node
	}
	var stack []job
	if doc.Type == html.DocumentNode {
		stack = append(stack, job{doc, root})
	} else {
		// A bare subtree: wrap it in a document.
		root.Children = make([]Node, 1)
		stack = append(stack, job{doc, &root.Children[0]})
	}
	for len(stack) > 0 {
		j := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		h, w := j.h, j.w
		switch h.Type {
		case html.DocumentNode:
			w.Tag = "#document"
		case html.TextNode:
			w.Tag, w.Text = "#text", h.Data
			continue
		case html.CommentNode:
			w.Tag, w.Text = "#comment", h.Data
			continue
		case html.DoctypeNode:
			w.Tag, w.Text = "#doctype", h.Data
			for _, a := range h.Attr {
				w.Attrs = append(w.Attrs, []string{a.Key, a.Val})
			}
			continue
		case html.ElementNode:
			w.Tag = h.Data
			if implied := childNS(h.Parent, h.Data); implied != h.Namespace {
				w.NS = h.Namespace
				if w.NS == "" {
					w.NS = "html"
				}
			}
			if len(h.Attr) > 0 {
				w.Attrs = make([][]string, len(h.Attr))
				for i, a := range h.Attr {
					k := a.Key
					if a.Namespace != "" {
						k = a.Namespace + ":" + a.Key
					}
					w.Attrs[i] = []string{k, a.Val}
				}
			}
		default:
			continue
		}
		n := 0
		for ch := h.FirstChild; ch != nil; ch = ch.NextSibling {
			if keep(ch) {
				n++
			}
		}
		if n == 0 {
			continue
		}
		w.Children = make([]Node, n)
		i := n - 1
		for ch := h.LastChild; ch != nil; ch = ch.PrevSibling {
			if keep(ch) {
				stack = append(stack, job{ch, &w.Children[i]})
				i--
			}
		}
	}
	c.Root = root
	c.Title = firstTitle(doc)
	return c
}

// firstTitle is document.title of a static page: the text of the first HTML
// <title> in tree order, outside <template> content (a separate document
// in a live DOM).
func firstTitle(doc *html.Node) string {
	stack := []*html.Node{doc}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if n.Type == html.ElementNode && n.Namespace == "" {
			if n.Data == "title" {
				return textOf(n)
			}
			if n.Data == "template" {
				continue
			}
		}
		for c := n.LastChild; c != nil; c = c.PrevSibling {
			stack = append(stack, c)
		}
	}
	return ""
}

func keep(h *html.Node) bool {
	switch h.Type {
	case html.ElementNode, html.TextNode, html.CommentNode, html.DoctypeNode:
		return true
	}
	return false
}

// textOf returns the child text of n with ASCII whitespace collapsed and
// trimmed.
func textOf(n *html.Node) string {
	var b strings.Builder
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.TextNode {
			b.WriteString(c.Data)
		}
	}
	return strings.Join(strings.FieldsFunc(b.String(), func(r rune) bool {
		return r == ' ' || r == '\t' || r == '\n' || r == '\f' || r == '\r'
	}), " ")
}

// Encode writes c as JSON (one line, HTML characters not escaped, a final
// newline). It writes what it is given; Decode is the validator.
func Encode(w io.Writer, c *Capture) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(c)
}
