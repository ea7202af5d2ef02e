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
