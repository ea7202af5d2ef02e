package style

import (
	"strconv"
	"strings"

	"github.com/axtree/axtree/dom"
)

// The fixed environment @media queries are evaluated against. axtree has no
// viewport, so it assumes the one the Chromium corpus was captured with: a
// 1280×800 CSS-pixel screen at 1 device pixel per CSS pixel, a fine pointer
// that can hover, light colour scheme, no reduced-motion preference and
// scripting on, as on the page an agent sees ((scripting: enabled) matches,
// and <noscript> content does not render).
const (
	// ViewportWidth is the assumed viewport width in CSS pixels.
	ViewportWidth = 1280
	// ViewportHeight is the assumed viewport height in CSS pixels.
	ViewportHeight = 800
)

// numericFeatures are the media features with a numeric value in the fixed
// environment (lengths in px, resolution in dppx).
var numericFeatures = map[string]float64{
	"width":               ViewportWidth,
	"height":              ViewportHeight,
	"device-width":        ViewportWidth,
	"device-height":       ViewportHeight,
	"aspect-ratio":        float64(ViewportWidth) / ViewportHeight,
	"device-aspect-ratio": float64(ViewportWidth) / ViewportHeight,
	"resolution":          1,
	"device-pixel-ratio":  1,
	"color":               8,
	"color-index":         0,
	"monochrome":          0,
	"grid":                0,
}

// discreteFeatures are the media features with a keyword value.
var discreteFeatures = map[string]string{
	"orientation":                  "landscape",
	"hover":                        "hover",
	"any-hover":                    "hover",
	"pointer":                      "fine",
	"any-pointer":                  "fine",
	"prefers-color-scheme":         "light",
	"prefers-reduced-motion":       "no-preference",
	"prefers-contrast":             "no-preference",
	"prefers-reduced-transparency": "no-preference",
	"prefers-reduced-data":         "no-preference",
	"forced-colors":                "none",
	"inverted-colors":              "none",
	"scripting":                    "enabled",
	"color-gamut":                  "srgb",
	"dynamic-range":                "standard",
	"video-dynamic-range":          "standard",
	"display-mode":                 "browser",
	"update":                       "fast",
	"overflow-block":               "scroll",
	"overflow-inline":              "scroll",
	"scan":                         "progressive",
}

// maxQueryLen bounds the length of a media or supports condition; longer
// ones are treated as unparsable.
const maxQueryLen = 4096

// maxCondDepth bounds parenthesis nesting in conditions.
const maxCondDepth = 16

// evalMediaList evaluates a comma-separated media query list: true when
// any query matches. An unparsable query counts as "not all" (false).
func evalMediaList(s string) bool {
	s = strings.TrimSpace(dom.LowerASCII(s))
	if s == "" {
		return true
	}
	if len(s) > maxQueryLen {
		return false
	}
	for _, q := range splitTop(s, ',') {
		if evalMediaQuery(strings.TrimSpace(q)) {
			return true
		}
	}
	return false
}

func evalMediaQuery(q string) bool {
	if q == "" {
		return false
	}
	if q[0] == '(' || strings.HasPrefix(q, "not ") && strings.HasPrefix(strings.TrimSpace(q[4:]), "(") {
		v, ok := evalCond(q, 0, mediaLeaf)
		return ok && v
	}
	neg := false
	w, rest := nextWord(q)
	switch w {
	case "not":
		neg = true
		w, rest = nextWord(rest)
	case "only":
		w, rest = nextWord(rest)
	}
	var typeOK bool
	switch w {
	case "all", "screen":
		typeOK = true
	case "print", "speech", "tty", "tv", "projection", "handheld", "braille", "embossed", "aural":
		typeOK = false
	default:
		return false // unknown type or garbage: not all
	}
	rest = strings.TrimSpace(rest)
	if rest != "" {
		a, r2 := nextWord(rest)
		if a != "and" {
			return false
		}
		v, ok := evalCond(strings.TrimSpace(r2), 0, mediaLeaf)
		if !ok {
			return false
		}
		typeOK = typeOK && v
	}
	if neg {
		return !typeOK
	}
	return typeOK
}

// evalSupports evaluates an @supports condition, assuming every property
// declaration and selector() test is supported; an unparsable condition is
// false (the block is skipped).
func evalSupports(s string) bool {
	s = strings.TrimSpace(dom.LowerASCII(s))
	if s == "" || len(s) > maxQueryLen {
		return false
	}
	v, ok := evalCond(s, 0, func(string) (bool, bool) { return true, true })
	return ok && v
}

// evalCond evaluates "not X", "X and X ...", "X or X ..." where each X is a
// parenthesized condition or leaf, or a function (general enclosed: true
// for @supports, unknown for @media). leaf evaluates a parenthesized leaf.
func evalCond(s string, depth int, leaf func(string) (bool, bool)) (bool, bool) {
	if depth > maxCondDepth {
		return false, false
	}
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "not") && len(s) > 3 && (isWS(s[3]) || s[3] == '(') {
		v, rest, ok := inParens(strings.TrimSpace(s[3:]), depth, leaf)
		if !ok || strings.TrimSpace(rest) != "" {
			return false, false
		}
		return !v, true
	}
	v, rest, ok := inParens(s, depth, leaf)
	if !ok {
		return false, false
	}
	op := ""
	for {
		rest = strings.TrimSpace(rest)
		if rest == "" {
			return v, true
		}
		w, r2 := nextWord(rest)
		if w != "and" && w != "or" || op != "" && w != op {
			return false, false
		}
		op = w
		var v2 bool
		v2, rest, ok = inParens(strings.TrimSpace(r2), depth, leaf)
		if !ok {
			return false, false
		}
		if op == "and" {
			v = v && v2
		} else {
			v = v || v2
		}
	}
}

// inParens evaluates one "( ... )" group or function call at the start of s
// and returns the rest of s after it.
func inParens(s string, depth int, leaf func(string) (bool, bool)) (bool, string, bool) {
	if s == "" {
		return false, "", false
	}
	if s[0] != '(' {
		// a function: selector(...), font-tech(...), or general enclosed
		j := 0
		for j < len(s) && isNameChar(s[j]) {
			j++
		}
		if j == 0 || j >= len(s) || s[j] != '(' {
			return false, "", false
		}
		close := parenEnd(s, j)
		if close >= len(s) || s[close] != ')' {
			return false, "", false
		}
		v, ok := leaf(s[:close+1])
		return v, s[close+1:], ok
	}
	close := parenEnd(s, 0)
	if close >= len(s) || s[close] != ')' {
		return false, "", false
	}
	inner := strings.TrimSpace(s[1:close])
	rest := s[close+1:]
	if strings.HasPrefix(inner, "(") || strings.HasPrefix(inner, "not ") || strings.HasPrefix(inner, "not(") {
		v, ok := evalCond(inner, depth+1, leaf)
		return v, rest, ok
	}
	if k := strings.IndexByte(inner, '('); k > 0 && !strings.ContainsAny(inner[:k], ":<>=") {
		v, ok := evalCond(inner, depth+1, leaf) // e.g. (selector(a) or (x:y))
		return v, rest, ok
	}
	v, ok := leaf(inner)
	return v, rest, ok
}

// mediaLeaf evaluates one media feature test: "(hover)", "max-width: 600px",
// "width >= 600px", "400px < width <= 700px".
func mediaLeaf(f string) (bool, bool) {
	f = strings.TrimSpace(f)
	if strings.HasSuffix(f, ")") {
		return false, false // general enclosed: unknown
	}
	if k := strings.IndexByte(f, ':'); k >= 0 {
		name := strings.TrimSpace(f[:k])
		val := strings.TrimSpace(f[k+1:])
		name = strings.TrimPrefix(name, "-webkit-")
		name = strings.TrimPrefix(name, "-moz-")
		cmp := 0
		if strings.HasPrefix(name, "min-") {
			cmp, name = 1, name[4:]
		} else if strings.HasPrefix(name, "max-") {
			cmp, name = -1, name[4:]
		}
		if have, ok := numericFeatures[name]; ok {
			want, ok := parseMediaNumber(name, val)
			if !ok {
				return false, false
			}
			switch cmp {
			case 1:
				return have >= want, true
			case -1:
				return have <= want, true
			}
			return have == want, true
		}
		if have, ok := discreteFeatures[name]; ok && cmp == 0 {
			return have == val, true
		}
		return false, false
	}
	if strings.ContainsAny(f, "<>=") {
		return mediaRange(f)
	}
	name := strings.TrimPrefix(f, "-webkit-")
	if v, ok := numericFeatures[name]; ok {
		return v != 0, true
	}
	if v, ok := discreteFeatures[name]; ok {
		return v != "none" && v != "no-preference", true
	}
	return false, false
}

// mediaRange evaluates range syntax: "width >= 600px", "600px < width",
// "400px <= width <= 700px".
func mediaRange(f string) (bool, bool) {
	var parts []string
	var ops []string
	i, start := 0, 0
	for i < len(f) {
		c := f[i]
		if c == '<' || c == '>' || c == '=' {
			parts = append(parts, strings.TrimSpace(f[start:i]))
			op := string(c)
			if c != '=' && i+1 < len(f) && f[i+1] == '=' {
				op += "="
				i++
			}
			ops = append(ops, op)
			i++
			start = i
			continue
		}
		i++
	}
	parts = append(parts, strings.TrimSpace(f[start:]))
	if len(parts) < 2 || len(parts) > 3 {
		return false, false
	}
	// find the feature name
	fi := -1
	for k, p := range parts {
		if _, ok := numericFeatures[p]; ok {
			fi = k
		}
	}
	if fi < 0 || len(parts) == 3 && fi != 1 {
		return false, false
	}
	name := parts[fi]
	vals := make([]float64, len(parts))
	for k, p := range parts {
		if k == fi {
			vals[k] = numericFeatures[name]
			continue
		}
		v, ok := parseMediaNumber(name, p)
		if !ok {
			return false, false
		}
		vals[k] = v
	}
	for k, op := range ops {
		a, b := vals[k], vals[k+1]
		var r bool
		switch op {
		case "<":
			r = a < b
		case "<=":
			r = a <= b
		case ">":
			r = a > b
		case ">=":
			r = a >= b
		case "=":
			r = a == b
		default:
			return false, false
		}
		if !r {
			return false, true
		}
	}
	return true, true
}

// parseMediaNumber parses a value for the numeric feature name: a length
// in px for sizes, a ratio for aspect ratios, a resolution in dppx.
func parseMediaNumber(name, v string) (float64, bool) {
	v = strings.TrimSpace(v)
	switch name {
	case "aspect-ratio", "device-aspect-ratio":
		if k := strings.IndexByte(v, '/'); k >= 0 {
			a, err1 := strconv.ParseFloat(strings.TrimSpace(v[:k]), 64)
			b, err2 := strconv.ParseFloat(strings.TrimSpace(v[k+1:]), 64)
			if err1 != nil || err2 != nil || b == 0 {
				return 0, false
			}
			return a / b, true
		}
	}
	j := 0
	for j < len(v) && (v[j] >= '0' && v[j] <= '9' || v[j] == '.' || v[j] == '-' || v[j] == '+' || (v[j] == 'e' && j > 0 && j+1 < len(v) && (v[j+1] >= '0' && v[j+1] <= '9'))) {
		j++
	}
	num, err := strconv.ParseFloat(v[:j], 64)
	if err != nil {
		return 0, false
	}
	unit := strings.TrimSpace(v[j:])
	switch name {
	case "resolution", "device-pixel-ratio":
		switch unit {
		case "", "dppx", "x":
			return num, true
		case "dpi":
			return num / 96, true
		case "dpcm":
			return num * 2.54 / 96, true
		}
		return 0, false
	case "color", "color-index", "monochrome", "grid", "aspect-ratio", "device-aspect-ratio":
		if unit != "" {
			return 0, false
		}
		return num, true
	}
	switch unit {
	case "px":
		return num, true
	case "":
		if num == 0 {
			return 0, true
		}
	case "em", "rem":
		return num * 16, true
	case "ex", "ch":
		return num * 8, true
	case "vw":
		return num * ViewportWidth / 100, true
	case "vh":
		return num * ViewportHeight / 100, true
	case "vmin":
		return num * ViewportHeight / 100, true
	case "vmax":
		return num * ViewportWidth / 100, true
	case "in":
		return num * 96, true
	case "cm":
		return num * 96 / 2.54, true
	case "mm":
		return num * 96 / 25.4, true
	case "q":
		return num * 96 / 101.6, true
	case "pt":
		return num * 96 / 72, true
	case "pc":
		return num * 16, true
	}
	return 0, false
}

// nextWord splits off the first whitespace-delimited word of s (stopping
// at '(' too).
func nextWord(s string) (string, string) {
	s = strings.TrimLeft(s, " \t\n\r\f")
	j := 0
	for j < len(s) && !isWS(s[j]) && s[j] != '(' {
		j++
	}
	return s[:j], s[j:]
}

// splitTop splits s at sep characters outside parentheses, brackets and
// strings.
func splitTop(s string, sep byte) []string { return splitTopTo(nil, s, sep) }

// splitTopTo is splitTop appending the parts to out (a caller's buffer:
// most selector lists have one part, and a local array holds it).
func splitTopTo(out []string, s string, sep byte) []string {
	depth, start := 0, 0
	for i := 0; i < len(s); {
		for i < len(s) && !topStop[s[i]] && s[i] != sep {
			i++ // nothing to do
		}
		if i >= len(s) {
			break
		}
		switch c := s[i]; c {
		case '"', '\'':
			i = skipString(s, i)
			continue
		case '\\':
			i += 2
			continue
		case '(', '[':
			depth++
		case ')', ']':
			if depth > 0 {
				depth--
			}
		default:
			if c == sep && depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
		i++
	}
	if start <= len(s) {
		out = append(out, s[start:])
	}
	return out
}

// topStop marks the bytes splitTop acts on besides its separator: quotes,
// the backslash and brackets.
var topStop = [256]bool{'"': true, '\'': true, '\\': true, '(': true, '[': true, ')': true, ']': true}
