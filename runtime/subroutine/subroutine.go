// Package subroutine is the file format of a Subroutine: a task recorded
// once and replayed as a deterministic tool from inside the user's own page.
// It decodes and validates Subroutine files strictly, gives a Subroutine's
// parameters as a JSON Schema, reads rows of parameter values from CSV and
// JSONL with type checking, and generates a Subroutine from a recording
// without a model (Make).
//
// # The format
//
// A Subroutine is one JSON object:
//
//		{
//		  "version": 1,
//		  "name": "send_message",
//		  "description": "Send a message to a recipient.",
//		  "origin": "https://chat.example.com",
//		  "page": "/inbox",
//		  "plan": "network",
//		  "parameters": [
//		    {"name": "recipient", "type": "string", "description": "…", "example": "ada"},
//		    {"name": "text", "type": "string", "description": "…", "example": "hi"}
//		  ],
//		  "body": "const csrf = await ax.getCsrfToken(); …"
//		}
//
//	  - version: optional, 1 (the only version).
//	  - name: [A-Za-z_][A-Za-z0-9_-]{0,63}, the tool's name.
//	  - description: what the Subroutine does, for a person or a model.
//	  - origin: scheme://host[:port] of the site the body runs in; no path.
//	  - page: optional path (and query) on origin opened before the body runs;
//	    default "/".
//	  - plan: "network" (the body replays the site's own request), "dom" (it
//	    drives the page with find/click/type on semantic targets) or "hybrid".
//	  - parameters: the body's arguments, in order. name is a JavaScript
//	    identifier (not a reserved word, not "ax"), unique; type is a JSON
//	    Schema type: string, number, integer or boolean; description says
//	    what the value is; example, optional, is a value of that type. Every
//	    parameter is required.
//	  - body: the program, the body of an async function whose arguments are
//	    the parameters (in order) and ax, the helper namespace.
//
// Unknown fields, duplicate fields, trailing data and fields of the wrong
// JSON type are errors that name the field. Encode writes the same bytes for
// the same Subroutine.
package subroutine

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"strings"
)

// Version is the format version Encode writes and Decode accepts.
const Version = 1

// Plans a Subroutine can have (the plans of package netcap).
const (
	PlanNetwork = "network"
	PlanDOM     = "dom"
	PlanHybrid  = "hybrid"
)

// Parameter types (JSON Schema type names).
const (
	TypeString  = "string"
	TypeNumber  = "number"
	TypeInteger = "integer"
	TypeBoolean = "boolean"
)

// MaxBodyBytes bounds a Subroutine's body; MaxFileBytes the whole file.
const (
	MaxBodyBytes = 1 << 20
	MaxFileBytes = 4 << 20
	MaxParams    = 256
)

// Subroutine is a recorded task as a replayable tool.
type Subroutine struct {
	Version     int         `json:"version"`
	Name        string      `json:"name"`
	Description string      `json:"description"`
	Origin      string      `json:"origin"`
	Page        string      `json:"page,omitempty"`
	Plan        string      `json:"plan"`
	Parameters  []Parameter `json:"parameters"`
	Body        string      `json:"body"`
}

// Parameter is one argument of a Subroutine's body.
type Parameter struct {
	Name        string `json:"name"`
	Type        string `json:"type"`
	Description string `json:"description"`
	// Example is a value of Type (json.Number for numbers); nil for none.
	Example any `json:"example,omitempty"`
}

// Error is a problem with a Subroutine file or a parameter value; Field
// names where it is ("parameters[1].type", "body"; "" for the whole file).
type Error struct {
	Field string
	Msg   string
}

// Error returns the message, naming the field when there is one.
func (e *Error) Error() string {
	if e.Field == "" {
		return "subroutine: " + e.Msg
	}
	return "subroutine: " + e.Field + ": " + e.Msg
}

func errf(field, format string, args ...any) error {
	return &Error{Field: field, Msg: fmt.Sprintf(format, args...)}
}

// fieldNames are the top-level fields, in file order, for messages.
var fieldNames = []string{"version", "name", "description", "origin", "page", "plan", "parameters", "body"}
var paramFieldNames = []string{"name", "type", "description", "example"}

// Decode reads and validates a Subroutine file.
func Decode(data []byte) (*Subroutine, error) {
	if len(data) > MaxFileBytes {
		return nil, errf("", "file is %d bytes, more than the limit of %d", len(data), MaxFileBytes)
	}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, errf("", "the file is empty (want a JSON object with %s)", strings.Join(fieldNames, ", "))
	}
	if err := checkShape(data); err != nil {
		return nil, err
	}
	var s Subroutine
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	dec.UseNumber()
	var raw struct {
		Version     *int   `json:"version"`
		Name        string `json:"name"`
		Description string `json:"description"`
		Origin      string `json:"origin"`
		Page        string `json:"page"`
		Plan        string `json:"plan"`
		Parameters  []struct {
			Name        string          `json:"name"`
			Type        string          `json:"type"`
			Description string          `json:"description"`
			Example     json.RawMessage `json:"example"`
		} `json:"parameters"`
		Body *string `json:"body"`
	}
	if err := dec.Decode(&raw); err != nil {
		return nil, decodeError(err)
	}
	if raw.Version != nil {
		s.Version = *raw.Version
	} else {
		s.Version = Version
	}
	s.Name, s.Description, s.Origin, s.Page, s.Plan = raw.Name, raw.Description, raw.Origin, raw.Page, raw.Plan
	if raw.Body == nil {
		return nil, errf("body", "missing (the program to run)")
	}
	s.Body = *raw.Body
	for i, p := range raw.Parameters {
		q := Parameter{Name: p.Name, Type: p.Type, Description: p.Description}
		if len(p.Example) > 0 && string(p.Example) != "null" {
			d := json.NewDecoder(bytes.NewReader(p.Example))
			d.UseNumber()
			if err := d.Decode(&q.Example); err != nil {
				return nil, errf(fmt.Sprintf("parameters[%d].example", i), "%v", err)
			}
		}
		s.Parameters = append(s.Parameters, q)
	}
	if err := s.Validate(); err != nil {
		return nil, err
	}
	return &s, nil
}

// checkShape rejects what encoding/json lets through: a top level that is
// not an object, duplicate fields, trailing data.
func checkShape(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	tok, err := dec.Token()
	if err != nil {
		return decodeError(err)
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return errf("", "the top level is not a JSON object")
	}
	if err := walkDup(dec, ""); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return errf("", "trailing data after the JSON object")
	}
	return nil
}

// walkDup reads the rest of an object (its '{' already read) and reports a
// duplicate key at any depth.
func walkDup(dec *json.Decoder, path string) error {
	seen := map[string]bool{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return decodeError(err)
		}
		key, _ := tok.(string)
		field := key
		if path != "" {
			field = path + "." + key
		}
		if seen[key] {
			return errf(field, "appears twice")
		}
		seen[key] = true
		if err := walkValue(dec, field); err != nil {
			return err
		}
	}
	_, err := dec.Token() // '}'
	if err != nil {
		return decodeError(err)
	}
	return nil
}

func walkValue(dec *json.Decoder, path string) error {
	tok, err := dec.Token()
	if err != nil {
		return decodeError(err)
	}
	d, ok := tok.(json.Delim)
	if !ok {
		return nil
	}
	switch d {
	case '{':
		return walkDup(dec, path)
	case '[':
		for i := 0; dec.More(); i++ {
			if err := walkValue(dec, fmt.Sprintf("%s[%d]", path, i)); err != nil {
				return err
			}
		}
		if _, err := dec.Token(); err != nil {
			return decodeError(err)
		}
	}
	return nil
}

func decodeError(err error) error {
	var ute *json.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case errors.As(err, &ute):
		f := ute.Field
		if f == "" {
			f = "(top level)"
		}
		return errf(f, "is a JSON %s, want %s", ute.Value, jsonKind(ute.Type.String()))
	case errors.As(err, &se):
		return errf("", "not valid JSON at byte %d: %v", se.Offset, se)
	case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		return errf("", "the JSON ends early")
	}
	msg := err.Error()
	if f, ok := strings.CutPrefix(msg, "json: unknown field "); ok {
		return errf(strings.Trim(f, `"`), "unknown field (a Subroutine has %s; a parameter has %s)",
			strings.Join(fieldNames, ", "), strings.Join(paramFieldNames, ", "))
	}
	return errf("", "%v", err)
}

func jsonKind(goType string) string {
	switch {
	case goType == "string" || goType == "*string":
		return "a string"
	case strings.Contains(goType, "int"):
		return "a number"
	case strings.HasPrefix(goType, "[]"):
		return "an array"
	}
	return "an object"
}

// Validate checks a Subroutine as Decode does.
func (s *Subroutine) Validate() error {
	if s.Version != Version {
		return errf("version", "%d is not supported (want %d)", s.Version, Version)
	}
	if !validName(s.Name) {
		return errf("name", "%q is not a valid name ([A-Za-z_][A-Za-z0-9_-], at most 64 characters)", clip(s.Name))
	}
	if err := validOrigin(s.Origin); err != nil {
		return errf("origin", "%v", err)
	}
	if s.Page != "" && (!strings.HasPrefix(s.Page, "/") || strings.HasPrefix(s.Page, "//")) {
		return errf("page", "%q is not a path on the origin (want /…)", clip(s.Page))
	}
	switch s.Plan {
	case PlanNetwork, PlanDOM, PlanHybrid:
	case "":
		return errf("plan", "missing (want network, dom or hybrid)")
	default:
		return errf("plan", "%q is not network, dom or hybrid", clip(s.Plan))
	}
	if len(s.Parameters) > MaxParams {
		return errf("parameters", "%d parameters, more than the limit of %d", len(s.Parameters), MaxParams)
	}
	seen := map[string]bool{}
	for i, p := range s.Parameters {
		f := fmt.Sprintf("parameters[%d]", i)
		if err := ValidIdentifier(p.Name); err != nil {
			return errf(f+".name", "%v", err)
		}
		if seen[p.Name] {
			return errf(f+".name", "%q is declared twice", p.Name)
		}
		seen[p.Name] = true
		switch p.Type {
		case TypeString, TypeNumber, TypeInteger, TypeBoolean:
		case "":
			return errf(f+".type", "missing (want string, number, integer or boolean)")
		default:
			return errf(f+".type", "%q is not string, number, integer or boolean", clip(p.Type))
		}
		if p.Example != nil {
			if _, err := p.Check(p.Example); err != nil {
				return errf(f+".example", "%v", err)
			}
		}
	}
	if strings.TrimSpace(s.Body) == "" {
		return errf("body", "empty (the program to run)")
	}
	if len(s.Body) > MaxBodyBytes {
		return errf("body", "%d bytes, more than the limit of %d", len(s.Body), MaxBodyBytes)
	}
	return nil
}

// URL returns the page the body runs in: origin + page.
func (s *Subroutine) URL() string {
	p := s.Page
	if p == "" {
		p = "/"
	}
	return s.Origin + p
}

// ParamNames returns the parameter names in order.
func (s *Subroutine) ParamNames() []string {
	out := make([]string, len(s.Parameters))
	for i, p := range s.Parameters {
		out[i] = p.Name
	}
	return out
}

// Encode writes the Subroutine as indented JSON (same Subroutine, same
// bytes). HTML-significant characters are escaped, so the file is safe to
// embed anywhere.
func (s *Subroutine) Encode() ([]byte, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	c := *s
	if c.Parameters == nil {
		c.Parameters = []Parameter{}
	}
	if err := enc.Encode(&c); err != nil {
		return nil, errf("", "%v", err)
	}
	return buf.Bytes(), nil
}

// Schema returns the JSON Schema (draft 2020-12) of the body's arguments:
// an object with one required property per parameter and no others.
func (s *Subroutine) Schema() []byte {
	var b bytes.Buffer
	b.WriteString(`{"type":"object","properties":{`)
	for i, p := range s.Parameters {
		if i > 0 {
			b.WriteByte(',')
		}
		writeJSON(&b, p.Name)
		b.WriteString(`:{"type":`)
		writeJSON(&b, p.Type)
		if p.Description != "" {
			b.WriteString(`,"description":`)
			writeJSON(&b, p.Description)
		}
		if p.Example != nil {
			b.WriteString(`,"examples":[`)
			writeJSON(&b, p.Example)
			b.WriteByte(']')
		}
		b.WriteByte('}')
	}
	b.WriteString(`},"required":[`)
	for i, p := range s.Parameters {
		if i > 0 {
			b.WriteByte(',')
		}
		writeJSON(&b, p.Name)
	}
	b.WriteString(`],"additionalProperties":false}`)
	return b.Bytes()
}

func writeJSON(b *bytes.Buffer, v any) {
	out, _ := json.Marshal(v)
	b.Write(out)
}

// Check converts a JSON value to the parameter's type: a string for
// string, a json.Number for number and integer (integral for integer), a
// bool for boolean. float64 and Go integers are accepted as numbers.
func (p Parameter) Check(v any) (any, error) {
	switch p.Type {
	case TypeString:
		if s, ok := v.(string); ok {
			return s, nil
		}
	case TypeBoolean:
		if b, ok := v.(bool); ok {
			return b, nil
		}
	case TypeNumber, TypeInteger:
		n, ok := toNumber(v)
		if ok {
			if p.Type == TypeInteger {
				if _, err := n.Int64(); err != nil {
					return nil, fmt.Errorf("%s is not an integer", n)
				}
			}
			return n, nil
		}
	}
	return nil, fmt.Errorf("%s is not %s", describe(v), article(p.Type))
}

func toNumber(v any) (json.Number, bool) {
	switch x := v.(type) {
	case json.Number:
		if _, err := x.Float64(); err != nil {
			return "", false
		}
		return x, true
	case float64:
		b, err := json.Marshal(x)
		if err != nil {
			return "", false
		}
		return json.Number(b), true
	case float32:
		return toNumber(float64(x))
	case int:
		return json.Number(fmt.Sprint(x)), true
	case int64:
		return json.Number(fmt.Sprint(x)), true
	case int32:
		return json.Number(fmt.Sprint(x)), true
	}
	return "", false
}

func article(t string) string {
	if t == TypeInteger {
		return "an integer"
	}
	return "a " + t
}

func describe(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case string:
		return fmt.Sprintf("the string %q", clip(x))
	case bool:
		return fmt.Sprintf("the boolean %v", x)
	case json.Number, float64, int, int64:
		return fmt.Sprintf("the number %v", x)
	case []any:
		return "an array"
	case map[string]any:
		return "an object"
	}
	return fmt.Sprintf("a %T", v)
}

// CheckParams checks a set of named values against the parameters: every
// parameter present with a value of its type, no other names. It returns
// the converted values (see Parameter.Check).
func (s *Subroutine) CheckParams(values map[string]any) (map[string]any, error) {
	out := make(map[string]any, len(s.Parameters))
	known := map[string]bool{}
	for _, p := range s.Parameters {
		known[p.Name] = true
		v, ok := values[p.Name]
		if !ok {
			return nil, errf("", "missing parameter %q (%s)", p.Name, p.Type)
		}
		c, err := p.Check(v)
		if err != nil {
			return nil, errf("", "parameter %q: %v", p.Name, err)
		}
		out[p.Name] = c
	}
	for _, k := range sortedKeys(values) {
		if !known[k] {
			return nil, errf("", "unknown parameter %q (the parameters are %s)", clip(k), strings.Join(s.ParamNames(), ", "))
		}
	}
	return out, nil
}

func validName(s string) bool {
	if s == "" || len(s) > 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '_', 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z':
		case ('0' <= c && c <= '9') || c == '-':
			if i == 0 {
				return false
			}
		default:
			return false
		}
	}
	return true
}

func validOrigin(s string) error {
	if s == "" {
		return errors.New("missing (want scheme://host[:port])")
	}
	u, err := url.Parse(s)
	if err != nil {
		return fmt.Errorf("%q is not a URL: %v", clip(s), err)
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return fmt.Errorf("%q: the scheme must be http or https", clip(s))
	}
	if u.Host == "" || u.User != nil || (u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" {
		return fmt.Errorf("%q is not an origin (want scheme://host[:port], no path, query or credentials)", clip(s))
	}
	return nil
}

// reserved are the names a parameter cannot take: JavaScript's reserved
// words, the strict-mode ones, and the helper namespace.
var reserved = map[string]bool{
	"ax": true, "arguments": true, "eval": true, "await": true, "yield": true, "let": true, "static": true,
	"implements": true, "interface": true, "package": true, "private": true, "protected": true, "public": true,
	"break": true, "case": true, "catch": true, "class": true, "const": true, "continue": true, "debugger": true,
	"default": true, "delete": true, "do": true, "else": true, "enum": true, "export": true, "extends": true,
	"false": true, "finally": true, "for": true, "function": true, "if": true, "import": true, "in": true,
	"instanceof": true, "new": true, "null": true, "return": true, "super": true, "switch": true, "this": true,
	"throw": true, "true": true, "try": true, "typeof": true, "var": true, "void": true, "while": true,
	"with": true, "undefined": true, "NaN": true, "Infinity": true,
}

// ValidIdentifier reports whether name can be a parameter of a program:
// an ASCII JavaScript identifier ([A-Za-z_$][A-Za-z0-9_$]*, at most 64
// characters) that is not a reserved word and not "ax".
func ValidIdentifier(name string) error {
	if name == "" {
		return errors.New("empty (want a JavaScript identifier)")
	}
	if len(name) > 64 {
		return fmt.Errorf("%q is longer than 64 characters", clip(name))
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		ok := c == '_' || c == '$' || ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z') || (i > 0 && '0' <= c && c <= '9')
		if !ok {
			return fmt.Errorf("%q is not a JavaScript identifier ([A-Za-z_$][A-Za-z0-9_$]*)", clip(name))
		}
	}
	if reserved[name] {
		return fmt.Errorf("%q is reserved (a JavaScript word or the helper namespace ax)", name)
	}
	return nil
}

// clip shortens s for a message: at most 60 runes.
func clip(s string) string {
	n := 0
	for i := range s {
		if n == 57 && len(s)-i > 3 {
			return s[:i] + "..."
		}
		n++
	}
	return s
}
