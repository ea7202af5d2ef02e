package render

import (
	"bytes"

	"golang.org/x/net/html/charset"
)

// Decode returns the HTML page b as UTF-8, decoded as a browser decodes it
// (the HTML standard's encoding sniffing, through golang.org/x/net/html/charset):
// by its byte order mark, else by the charset parameter of contentType (the
// HTTP Content-Type header, "" when unknown), else by a <meta charset> or
// <meta http-equiv=Content-Type> in its first 1,024 bytes. A page that
// declares none of these is read as UTF-8, bytes that are not UTF-8 becoming
// U+FFFD (the standard leaves the default to the browser's locale and
// detector; UTF-8 is what undeclared pages are today, and guessing a legacy
// encoding would garble a UTF-8 page with a stray byte). It also returns
// the encoding's name.
// A byte order mark is removed; UTF-8 input without one is returned as is.
func Decode(b []byte, contentType string) ([]byte, string) {
	if plainUTF8(b, contentType) {
		return b, "utf-8" // what sniff answers, without its tokenizer
	}
	return sniff(b, contentType)
}

// sniff is Decode through charset.DetermineEncoding.
func sniff(b []byte, contentType string) ([]byte, string) {
	e, name, certain := charset.DetermineEncoding(b, contentType)
	if !certain && name == "windows-1252" && !metaDeclared(b) {
		return b, "utf-8"
	}
	if name == "utf-8" {
		return bytes.TrimPrefix(b, utf8BOM), name
	}
	out, err := e.NewDecoder().Bytes(b)
	if err != nil {
		// The decoders of the standard's encodings replace bad input
		// rather than fail; keep the bytes if one ever does.
		return b, "utf-8"
	}
	return out, name
}

var utf8BOM = []byte{0xef, 0xbb, 0xbf}

// metaDeclared reports, for a page b for which charset.DetermineEncoding
// answered windows-1252 without certainty, whether a <meta> declared that:
// DetermineEncoding gives the same answer when nothing is declared. The
// first 1,024 bytes, with their bytes above 0x7f made ASCII and a
// multi-byte rune at their end, detect as utf-8 unless a declaration wins.
func metaDeclared(b []byte) bool {
	const probeEnd = "é " // the space: DetermineEncoding drops a trailing rune it takes for partial
	const n = 1024 - len(probeEnd)
	if len(b) > n {
		b = b[:n]
	}
	probe := make([]byte, 0, len(b)+len(probeEnd))
	for _, c := range b {
		if c >= 0x80 {
			c = '?' // the prescan reads ASCII only; a label is ASCII
		}
		probe = append(probe, c)
	}
	probe = append(probe, probeEnd...)
	_, name, _ := charset.DetermineEncoding(probe, "")
	return name != "utf-8"
}

// plainUTF8 reports pages for which sniff would return b unchanged as
// utf-8, decided without running it (its prescan tokenizes the first
// 1,024 bytes, a cost comparable to parsing a small form): no byte order
// mark, no charset in contentType, and in the first 1,024 bytes either no
// "charset" at all or only "charset=utf-8" (quoted or not, any case). A
// declaration hidden behind a character reference in a http-equiv content
// value (ch&#97;rset=...) is left to sniff, as is anything else.
// Undeclared pages and pages declaring UTF-8 are both read as UTF-8 (see
// Decode), so the answer is the same.
func plainUTF8(b []byte, contentType string) bool {
	if len(b) >= 2 && (b[0] == 0xfe && b[1] == 0xff || b[0] == 0xff && b[1] == 0xfe) || bytes.HasPrefix(b, utf8BOM) {
		return false
	}
	if indexFold([]byte(contentType), "charset", 0) >= 0 { // no copy for a header under 32 bytes: the slice does not escape
		return false
	}
	head := b[:min(len(b), 1024)]
	for i := indexFold(head, "charset", 0); i >= 0; i = indexFold(head, "charset", i+1) {
		if !utf8Label(head[i+len("charset"):]) {
			return false
		}
	}
	if bytes.IndexByte(head, '&') >= 0 && indexFold(head, "http-equiv", 0) >= 0 {
		return false
	}
	return true
}

// utf8Label reports whether s starts with =utf-8 (the label optionally
// quoted, in any case) and a byte that ends an attribute value or a
// content parameter.
func utf8Label(s []byte) bool {
	const label = "utf-8"
	if len(s) == 0 || s[0] != '=' {
		return false
	}
	s = s[1:]
	quote := byte(0)
	if len(s) > 0 && (s[0] == '"' || s[0] == '\'') {
		quote, s = s[0], s[1:]
	}
	if len(s) <= len(label) || indexFold(s[:len(label)], label, 0) != 0 {
		return false
	}
	c := s[len(label)]
	if quote != 0 {
		return c == quote
	}
	switch c {
	case '"', '\'', ' ', '\t', '\n', '\r', '\f', ';', '>':
		return true
	}
	return false
}

// indexFold returns the index of the lower-case ASCII needle in s at or
// after from, comparing ASCII letters case-insensitively, or -1.
// Candidates are found with bytes.IndexByte, for the needle's first byte in
// each case, rather than by comparing at every byte (a page's 1 KB head
// holds a few dozen c's).
func indexFold(s []byte, needle string, from int) int {
	if from < 0 || len(needle) == 0 {
		return -1 // not asked by plainUTF8
	}
	lo := needle[0]
	up := lowerToUpper(lo)
	next := [2]int{-1, -1} // the next lo, up at or after i; len(s) when none
	for i := from; i+len(needle) <= len(s); i++ {
		for k, c := range [2]byte{lo, up} {
			if next[k] < i {
				next[k] = len(s)
				if j := bytes.IndexByte(s[i:], c); j >= 0 {
					next[k] = i + j
				}
			}
		}
		i = min(next[0], next[1])
		if i+len(needle) > len(s) {
			return -1
		}
		j := 1
		for j < len(needle) && lowerASCII(s[i+j]) == needle[j] {
			j++
		}
		if j == len(needle) {
			return i
		}
	}
	return -1
}

// lowerToUpper returns the upper-case ASCII letter of c, or c when it is
// not a lower-case ASCII letter.
func lowerToUpper(c byte) byte {
	if 'a' <= c && c <= 'z' {
		return c - ('a' - 'A')
	}
	return c
}

func lowerASCII(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}
