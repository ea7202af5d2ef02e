package netcap

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/url"
	"sort"
	"strings"
	"unicode/utf8"
)

// Volatile is one build- or deploy-specific operation identifier found in a
// request: replaying it breaks on the site's next deploy.
type Volatile struct {
	Kind  string `json:"kind"`  // queryId, doc_id, operationHash, sha256Hash, persistedQuery, hex-hash, base64url-hash
	Where string `json:"where"` // "URL query", "URL path", "JSON body", "form body", "body"
	// Value is the identifier itself. It is kept out of JSON output and out
	// of the generator context.
	Value string `json:"-"`
}

// Long-hash thresholds. A hex hash is a run of at least MinHexHash hex
// digits (with at least one digit and one letter) bounded by non-alphanumerics
// or '_'/'-'. A base64url hash is a run of at least MinBase64Hash characters
// of [A-Za-z0-9_-] with an upper-case letter, a lower-case letter and a digit.
// A GraphQL path id is a path segment right after a "graphql" segment of at
// least MinGraphQLPathID such characters with a letter and a digit.
const (
	MinHexHash       = 32
	MinBase64Hash    = 40
	MinGraphQLPathID = 16
)

// normKey lower-cases a key and drops '_' and '-' so doc_id, docId and
// doc-id compare equal.
func normKey(k string) string {
	var b []byte
	for i := 0; i < len(k); i++ {
		c := k[i]
		switch {
		case c == '_' || c == '-':
			continue
		case 'A' <= c && c <= 'Z':
			c += 'a' - 'A'
		}
		b = append(b, c)
	}
	return string(b)
}

// volatileKeys are the normalized key names whose values are operation ids.
var volatileKeys = map[string]string{
	"queryid":       "queryId",
	"docid":         "doc_id",
	"operationhash": "operationHash",
	"sha256hash":    "sha256Hash",
}

// keyHints are lower-case substrings whose absence lets a body skip the
// structured walk.
var keyHints = [][]byte{[]byte("queryid"), []byte("query_id"), []byte("doc_id"), []byte("docid"), []byte("operationhash"), []byte("sha256hash"), []byte("persistedquery")}

func mayHaveVolatileKey(b []byte) bool {
	// Case-insensitive search without allocating: fold a bounded window.
	for _, h := range keyHints {
		if indexFold(b, h) >= 0 {
			return true
		}
	}
	return false
}

// indexFold finds lower-case ASCII needle in b ignoring ASCII case.
func indexFold(b, needle []byte) int {
	n := len(needle)
	if n == 0 {
		return 0
	}
	first := needle[0]
	for i := 0; i+n <= len(b); i++ {
		if lowerASCII(b[i]) != first {
			continue
		}
		j := 1
		for ; j < n; j++ {
			if lowerASCII(b[i+j]) != needle[j] {
				break
			}
		}
		if j == n {
			return i
		}
	}
	return -1
}

func lowerASCII(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// volatileScanner collects the volatile identifiers of one request.
type volatileScanner struct {
	params []string // typed values: never volatile
	out    []Volatile
	seen   map[string]bool
}

func (s *volatileScanner) add(kind, where, value string) {
	if value == "" {
		return
	}
	for _, p := range s.params {
		if p == value || (len(value) >= MinHexHash && strings.Contains(p, value)) {
			return
		}
	}
	if s.seen == nil {
		s.seen = make(map[string]bool)
	}
	if s.seen[value] {
		return
	}
	s.seen[value] = true
	s.out = append(s.out, Volatile{Kind: kind, Where: where, Value: value})
}

// findVolatile returns the volatile identifiers of e, in discovery order
// (URL query, URL path, body); a value found twice keeps its first kind.
func findVolatile(e *Entry, u *url.URL, params []string) []Volatile {
	s := volatileScanner{params: params}
	if u != nil {
		if u.RawQuery != "" && mayHaveVolatileKey([]byte(u.RawQuery)) {
			q, _ := url.ParseQuery(u.RawQuery)
			keys := make([]string, 0, len(q))
			for k := range q {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				for _, v := range q[k] {
					if kind, ok := volatileKeys[normKey(k)]; ok {
						s.add(kind, "URL query", v)
						continue
					}
					t := strings.TrimSpace(v)
					if strings.HasPrefix(t, "{") && mayHaveVolatileKey([]byte(t)) {
						s.walkJSON([]byte(t), "URL query")
					}
				}
			}
		}
		s.scanPath(u.EscapedPath())
	}
	if len(e.Body) > 0 && !e.BodyBinary {
		body := e.Body
		if mayHaveVolatileKey(body) {
			switch bodyKind(e) {
			case "json":
				s.walkJSON(body, "JSON body")
			case "form":
				for _, kv := range strings.Split(string(body), "&") {
					k, v, _ := strings.Cut(kv, "=")
					k, _ = url.QueryUnescape(k)
					v, _ = url.QueryUnescape(v)
					if kind, ok := volatileKeys[normKey(k)]; ok {
						s.add(kind, "form body", v)
					} else if t := strings.TrimSpace(v); strings.HasPrefix(t, "{") {
						s.walkJSON([]byte(t), "form body")
					}
				}
			}
		}
		scanHashes(&s, body, "body")
	}
	return s.out
}

// walkJSON records values of volatile keys and every scalar inside a
// persistedQuery object (except its "version").
func (s *volatileScanner) walkJSON(b []byte, where string) {
	_, _ = walkJSON(b, func(path []string, key string, tok json.Token) (string, bool) {
		v, ok := scalarString(tok)
		if !ok {
			return "", false
		}
		if kind, ok := volatileKeys[normKey(key)]; ok {
			s.add(kind, where, v)
			return "", false
		}
		for _, p := range path {
			if normKey(p) == "persistedquery" && normKey(key) != "version" {
				s.add("persistedQuery", where, v)
				break
			}
		}
		return "", false
	})
}

func scalarString(tok json.Token) (string, bool) {
	switch t := tok.(type) {
	case string:
		return t, true
	case json.Number:
		return string(t), true
	}
	return "", false
}

// scanPath flags GraphQL path ids and long hashes in a URL path.
func (s *volatileScanner) scanPath(p string) {
	prev := ""
	for rest := p; rest != ""; {
		seg := rest
		if i := strings.IndexByte(rest, '/'); i >= 0 {
			seg, rest = rest[:i], rest[i+1:]
		} else {
			rest = ""
		}
		if strings.EqualFold(prev, "graphql") && isOpaqueID(seg) {
			s.add("queryId", "URL path", seg)
		}
		prev = seg
	}
	scanHashes(s, p, "URL path")
}

func isB64URL(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '-'
}

func isOpaqueID(seg string) bool {
	if len(seg) < MinGraphQLPathID {
		return false
	}
	letter, digit := false, false
	for i := 0; i < len(seg); i++ {
		c := seg[i]
		if !isB64URL(c) {
			return false
		}
		if '0' <= c && c <= '9' {
			digit = true
		} else if c != '_' && c != '-' {
			letter = true
		}
	}
	return letter && digit
}

// scanHashes flags long hex and base64url runs in b.
func scanHashes[T string | []byte](s *volatileScanner, b T, where string) {
	for i := 0; i < len(b); {
		if !isB64URL(b[i]) {
			i++
			continue
		}
		j := i
		upper, lower, digit := false, false, false
		for j < len(b) && isB64URL(b[j]) {
			c := b[j]
			switch {
			case 'A' <= c && c <= 'Z':
				upper = true
			case 'a' <= c && c <= 'z':
				lower = true
			case '0' <= c && c <= '9':
				digit = true
			}
			j++
		}
		run := b[i:j]
		switch {
		case len(run) >= MinBase64Hash && upper && lower && digit:
			s.add("base64url-hash", where, string(run))
		case len(run) >= MinHexHash:
			for _, part := range strings.FieldsFunc(string(run), func(r rune) bool { return r == '_' || r == '-' }) {
				if isHexHash(part) {
					s.add("hex-hash", where, part)
				}
			}
		}
		i = j
	}
}

func isHexHash(b string) bool {
	if len(b) < MinHexHash {
		return false
	}
	letter, digit := false, false
	for i := 0; i < len(b); i++ {
		c := b[i]
		switch {
		case '0' <= c && c <= '9':
			digit = true
		case 'a' <= c && c <= 'f', 'A' <= c && c <= 'F':
			letter = true
		default:
			return false
		}
	}
	return letter && digit
}

// bodyKind classifies a request body: "none", "binary", "json", "form" or
// "text".
func bodyKind(e *Entry) string {
	if len(e.Body) == 0 {
		return "none"
	}
	if e.BodyBinary {
		return "binary"
	}
	m := strings.ToLower(e.BodyMime)
	t := bytes.TrimSpace(e.Body)
	switch {
	case strings.Contains(m, "json") || strings.Contains(m, "graphql") ||
		((m == "" || strings.HasPrefix(m, "text/plain")) && len(t) > 0 && (t[0] == '{' || t[0] == '[') && json.Valid(t)):
		if json.Valid(t) {
			return "json"
		}
		return "text"
	case strings.Contains(m, "x-www-form-urlencoded"):
		return "form"
	}
	return "text"
}

// maxJSONDepth bounds walkJSON's container stack (encoding/json stops at
// 10,000 already; this is tighter).
const maxJSONDepth = 512

var errTooDeep = errors.New("netcap: JSON nested too deeply")

// walkJSON streams the tokens of a JSON document and re-emits it compactly.
// For every scalar value visit gets the keys of the enclosing objects, the
// key of the value ("" inside arrays) and the token; when it returns ok the
// replacement text is written instead of the value (verbatim, so a caller
// writes `"{{name}}"` for a string). Errors (invalid JSON, too deep) return
// the error and a partial output to be discarded.
func walkJSON(b []byte, visit func(path []string, key string, tok json.Token) (string, bool)) (string, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	type frame struct {
		obj    bool
		n      int
		keyNow bool // next string token is a key
		key    string
	}
	var (
		out   strings.Builder
		stack []frame
		path  []string
	)
	out.Grow(len(b))
	sep := func() {
		if len(stack) == 0 {
			return
		}
		f := &stack[len(stack)-1]
		if !f.obj && f.n > 0 {
			out.WriteByte(',')
		}
	}
	done := func() {
		if len(stack) == 0 {
			return
		}
		f := &stack[len(stack)-1]
		f.n++
		if f.obj {
			f.keyNow = true
		}
	}
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			if len(stack) > 0 || out.Len() == 0 {
				return "", io.ErrUnexpectedEOF
			}
			break
		}
		if err != nil {
			return "", err
		}
		if d, ok := tok.(json.Delim); ok {
			switch d {
			case '{', '[':
				if len(stack) >= maxJSONDepth {
					return "", errTooDeep
				}
				sep()
				if len(stack) > 0 && stack[len(stack)-1].obj {
					path = append(path, stack[len(stack)-1].key)
				} else {
					path = append(path, "")
				}
				stack = append(stack, frame{obj: d == '{', keyNow: d == '{'})
				out.WriteByte(byte(d))
			default:
				out.WriteByte(byte(d))
				if len(stack) > 0 {
					stack = stack[:len(stack)-1]
					path = path[:len(path)-1]
				}
				done()
			}
			continue
		}
		if len(stack) > 0 {
			f := &stack[len(stack)-1]
			if f.obj && f.keyNow {
				k, _ := tok.(string)
				if f.n > 0 {
					out.WriteByte(',')
				}
				writeJSONString(&out, k)
				out.WriteByte(':')
				f.key = k
				f.keyNow = false
				continue
			}
		}
		sep()
		key := ""
		if len(stack) > 0 && stack[len(stack)-1].obj {
			key = stack[len(stack)-1].key
		}
		if repl, ok := visit(path, key, tok); ok {
			out.WriteString(repl)
		} else {
			writeJSONToken(&out, tok)
		}
		done()
	}
	return out.String(), nil
}

func writeJSONToken(out *strings.Builder, tok json.Token) {
	switch t := tok.(type) {
	case string:
		writeJSONString(out, t)
	case json.Number:
		out.WriteString(string(t))
	case bool:
		if t {
			out.WriteString("true")
		} else {
			out.WriteString("false")
		}
	case nil:
		out.WriteString("null")
	}
}

const hexDigits = "0123456789abcdef"

// writeJSONString writes s as a JSON string literal without HTML escaping.
func writeJSONString(out *strings.Builder, s string) {
	out.WriteByte('"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				out.WriteByte('\\')
				out.WriteByte(c)
			case c == '\n':
				out.WriteString(`\n`)
			case c == '\r':
				out.WriteString(`\r`)
			case c == '\t':
				out.WriteString(`\t`)
			case c < 0x20 || c == 0x7f:
				out.WriteString(`\u00`)
				out.WriteByte(hexDigits[c>>4])
				out.WriteByte(hexDigits[c&0xf])
			default:
				out.WriteByte(c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			out.WriteString(`\ufffd`)
		} else if r == '\u2028' || r == '\u2029' {
			out.WriteString(`\u202`)
			out.WriteByte(hexDigits[r&0xf])
		} else {
			out.WriteString(s[i : i+size])
		}
		i += size
	}
	out.WriteByte('"')
}
