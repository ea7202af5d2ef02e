package subroutine

import (
	"bytes"
	"encoding/json"
	"strings"
)

// jsString returns s as a JavaScript string literal: JSON string syntax
// with <, >, &, U+2028 and U+2029 escaped, so no value can end a script
// element or the literal.
func jsString(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a string always encodes (invalid UTF-8 becomes U+FFFD)
	out := strings.TrimSuffix(b.String(), "\n")
	return strings.NewReplacer("<", `\u003c`, ">", `\u003e`, "\u2028", `\u2028`, "\u2029", `\u2029`).Replace(out)
}

// expr is a JavaScript expression built from literal pieces and parameter
// identifiers, concatenated with +.
type expr struct {
	parts []exprPart
}

type exprPart struct {
	lit   string // literal text (when ident == "")
	ident string // a parameter or local name
	wrap  string // helper to wrap the identifier in: "ax.encode", "ax.jsonString"
}

func (e *expr) lit(s string) {
	if s == "" {
		return
	}
	if n := len(e.parts); n > 0 && e.parts[n-1].ident == "" {
		e.parts[n-1].lit += s
		return
	}
	e.parts = append(e.parts, exprPart{lit: s})
}

func (e *expr) ident(name, wrap string) {
	e.parts = append(e.parts, exprPart{ident: name, wrap: wrap})
}

// String renders the expression; an empty one is "".
func (e *expr) String() string {
	if len(e.parts) == 0 {
		return `""`
	}
	var out []string
	for i, p := range e.parts {
		switch {
		case p.ident == "":
			out = append(out, jsString(p.lit))
		case p.wrap != "":
			out = append(out, p.wrap+"("+p.ident+")")
		case i == 0 && len(e.parts) > 1:
			// "" first keeps every + a string concatenation
			out = append(out, `""`, p.ident)
		default:
			out = append(out, p.ident)
		}
	}
	return strings.Join(out, " + ")
}

// isIdentOnly reports whether the expression is one bare identifier.
func (e *expr) isIdentOnly() (string, bool) {
	if len(e.parts) == 1 && e.parts[0].ident != "" && e.parts[0].wrap == "" {
		return e.parts[0].ident, true
	}
	return "", false
}
