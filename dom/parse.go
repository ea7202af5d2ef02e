package dom

import (
	"bytes"
	"io"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// MaxParseDepth is the element nesting that Parse keeps. golang.org/x/net/html
// refuses documents nested deeper than 512 open elements; browsers instead
// stop nesting there (Chromium's parser caps the tree at 512 levels and
// attaches deeper elements as siblings). Parse does the same.
const MaxParseDepth = 480

// Parse parses an HTML document like html.Parse. When the document nests
// elements deeper than golang.org/x/net/html accepts, Parse rewrites the
// token stream so that elements past MaxParseDepth open no new level (their
// start and end tags are dropped; their text and void elements stay, in
// order) and parses that, so deep pages still render instead of failing.
// Elements the parser implies (a table's tbody and tr, ...) are not in the
// token stream, so when the rewritten document still nests too deep, the
// limit is halved and the rewrite repeated (a few times at most).
// Element numbering follows the tree Parse returns.
func Parse(b []byte) (*html.Node, error) { return parse(bytes.NewReader(b), b, "") }

// parseString is Parse of a string (an iframe's srcdoc attribute) read
// in place: no copy of it as bytes unless it nests too deep to parse as
// it is.
func parseString(s string) (*html.Node, error) { return parse(strings.NewReader(s), nil, s) }

// parse is Parse of the document r reads, which is b, or s when b is nil
// (copied to bytes only for flattenDeep).
func parse(r io.Reader, b []byte, s string) (*html.Node, error) {
	root, err := html.Parse(r)
	for limit := MaxParseDepth; err != nil && tooDeep(err) && limit >= minFlattenDepth; limit /= 2 {
		if b == nil {
			b = []byte(s)
		}
		root, err = html.Parse(bytes.NewReader(flattenDeep(b, limit)))
	}
	return root, err
}

// minFlattenDepth is the smallest token depth Parse flattens to. The limits
// tried are 480, 240, 120, 60 and 30, so a document whose implied elements
// multiply its depth up to 17 times still parses (<table><td> opens four
// elements for two tags); past that Parse returns the parser's error.
const minFlattenDepth = MaxParseDepth / 16

// tooDeep reports golang.org/x/net/html's nesting-limit error.
func tooDeep(err error) bool { return strings.Contains(err.Error(), "open stack of elements") }

// flattenDeep rewrites the token stream so that no element opens a level
// past limit: a start tag at the limit first closes the innermost open
// element, so the deeper element becomes its sibling (as Chromium attaches
// elements past its depth limit), and the end tag that would have closed
// the element later is dropped. Depth is counted from the tokens; elements
// the parser implies are not counted (see Parse).
func flattenDeep(b []byte, limit int) []byte {
	z := html.NewTokenizer(bytes.NewReader(b))
	var out bytes.Buffer
	out.Grow(len(b) + len(b)/8)
	var stack []string
	closed := map[string]int{} // end tags already written early, per name
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			break
		}
		raw := z.Raw()
		switch tt {
		case html.StartTagToken:
			name, _ := z.TagName()
			if voidElement(atom.Lookup(name)) {
				out.Write(raw)
				continue
			}
			if len(stack) >= limit {
				top := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				out.WriteString("</" + top + ">")
				closed[top]++
			}
			stack = append(stack, string(name))
			out.Write(raw)
		case html.EndTagToken:
			name, _ := z.TagName()
			n := string(name)
			if len(stack) > 0 && stack[len(stack)-1] == n {
				stack = stack[:len(stack)-1]
				out.Write(raw)
				continue
			}
			if closed[n] > 0 {
				closed[n]--
				continue
			}
			out.Write(raw)
		default:
			out.Write(raw)
		}
	}
	return out.Bytes()
}

func voidElement(a atom.Atom) bool {
	switch a {
	case atom.Area, atom.Base, atom.Br, atom.Col, atom.Embed, atom.Hr, atom.Img,
		atom.Input, atom.Link, atom.Meta, atom.Source, atom.Track, atom.Wbr,
		atom.Param, atom.Keygen:
		return true
	}
	return false
}
