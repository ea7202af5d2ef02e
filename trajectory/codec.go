package trajectory

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	json "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"

	"github.com/axtree/axtree/links"
)

// DefaultMaxBytes bounds the size of a trajectory file Decode reads. The
// published runs are a few MB; 256 MiB leaves room for long runs on big
// pages while keeping a hostile file from exhausting memory.
const DefaultMaxBytes = 256 << 20

// Options tune Decode.
type Options struct {
	// MaxBytes bounds the input; 0 means DefaultMaxBytes, negative none.
	MaxBytes int64
	// NoValidate skips Validate (strict decoding still applies).
	NoValidate bool
}

// ErrTooLarge is returned (wrapped) for input larger than Options.MaxBytes.
var ErrTooLarge = errors.New("trajectory is too large")

// Error is a decoding or validation error at one place of a trajectory.
type Error struct {
	// Path names the place: "steps[3].actions[0].outcome", "" for the
	// document as a whole.
	Path string
	// Offset is the byte offset in the input where decoding failed; -1
	// when the error is not a decoding error.
	Offset int64
	// Msg says what is wrong.
	Msg string
}

// Error returns the message with the path and offset it concerns.
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString("trajectory: ")
	if e.Path != "" {
		b.WriteString(e.Path)
		b.WriteString(": ")
	}
	b.WriteString(e.Msg)
	if e.Offset >= 0 {
		fmt.Fprintf(&b, " (at byte %d)", e.Offset)
	}
	return b.String()
}

// ObservationID returns the id of a page state: SHA-256 over a version
// tag, the length of text, text and the link record JSON, truncated to 128
// bits (32 hex digits). It is the formula of observe.ID, so a text and
// record hash to the same id in a trajectory and in the observation store.
func ObservationID(text string, rec links.Record) string {
	h := sha256.New()
	h.Write([]byte("axtree/observation/v1\n"))
	h.Write(strconv.AppendInt(nil, int64(len(text)), 10))
	h.Write([]byte{'\n'})
	h.Write([]byte(text))
	h.Write(rec.AppendJSON(nil))
	var sum [sha256.Size]byte
	return hex.EncodeToString(h.Sum(sum[:0])[:16])
}

// RawJSON is a JSON value kept verbatim (compacted): a call's arguments or
// a helper's result.
type RawJSON []byte

// MarshalJSON returns the value; an empty RawJSON is null.
func (r RawJSON) MarshalJSON() ([]byte, error) {
	if len(r) == 0 {
		return []byte("null"), nil
	}
	return r, nil
}

// UnmarshalJSON keeps a compacted copy of b.
func (r *RawJSON) UnmarshalJSON(b []byte) error {
	v := jsontext.Value(bytes.Clone(b))
	if err := v.Compact(); err != nil {
		return err
	}
	*r = RawJSON(v)
	return nil
}

// Marshal returns the canonical encoding of run: two-space indented JSON,
// fields in declaration order, ending with a newline. It does not
// validate; see Validate.
func Marshal(run *Run) ([]byte, error) {
	if run == nil {
		return nil, errors.New("trajectory: nil run")
	}
	out, err := json.Marshal(run, jsontext.Multiline(true), jsontext.WithIndent("  "), json.Deterministic(true))
	if err != nil {
		return nil, fmt.Errorf("trajectory: %w", err)
	}
	return append(out, '\n'), nil
}

// Encode writes the canonical encoding of run to w.
func Encode(w io.Writer, run *Run) error {
	b, err := Marshal(run)
	if err != nil {
		return err
	}
	_, err = w.Write(b)
	return err
}

// Decode reads one trajectory from r strictly and validates it: unknown
// fields, duplicate names, wrong types, invalid UTF-8, trailing data and
// input over the size bound are errors, and so is everything Validate
// rejects. Errors are *Error (several joined with errors.Join for
// validation) naming the field and step.
func Decode(r io.Reader, opt Options) (*Run, error) {
	max := opt.MaxBytes
	if max == 0 {
		max = DefaultMaxBytes
	}
	if max > 0 {
		r = io.LimitReader(r, max+1)
	}
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("trajectory: %w", err)
	}
	if max > 0 && int64(len(data)) > max {
		return nil, fmt.Errorf("trajectory: %w: more than %d bytes", ErrTooLarge, max)
	}
	return unmarshal(data, opt)
}

// Unmarshal is Decode of a byte slice.
func Unmarshal(data []byte, opt Options) (*Run, error) {
	if max := opt.MaxBytes; (max == 0 && len(data) > DefaultMaxBytes) || (max > 0 && int64(len(data)) > max) {
		if max == 0 {
			max = DefaultMaxBytes
		}
		return nil, fmt.Errorf("trajectory: %w: more than %d bytes", ErrTooLarge, max)
	}
	return unmarshal(data, opt)
}

func unmarshal(data []byte, opt Options) (*Run, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, &Error{Offset: -1, Msg: "empty input: no trajectory"}
	}
	if err := checkFormat(data); err != nil {
		return nil, err
	}
	run := new(Run)
	if err := json.Unmarshal(data, run, json.RejectUnknownMembers(true)); err != nil {
		return nil, decodeError(err, data)
	}
	run.normalize()
	if !opt.NoValidate {
		if err := Validate(run); err != nil {
			return nil, err
		}
	}
	return run, nil
}

// checkFormat refuses a document of another format version before its
// fields are decoded, so that a newer file says so rather than failing on
// its first new field.
func checkFormat(data []byte) error {
	var head struct {
		Format *string `json:"format"`
	}
	// Only the format member: the rest is checked by the real decoding.
	err := json.Unmarshal(data, &head, json.DiscardUnknownMembers(true))
	if err != nil || head.Format == nil {
		return nil // the strict decoding reports it
	}
	if *head.Format != "" && *head.Format != Format {
		return &Error{Path: "format", Offset: -1, Msg: fmt.Sprintf("%q is not %q: a trajectory of another version", clip(*head.Format), Format)}
	}
	return nil
}

// decodeError turns the JSON library's error into an *Error whose Path is
// the JSON pointer written as Go-like field access (steps[3].call.tool).
func decodeError(err error, data []byte) error {
	var se *json.SemanticError
	var sy *jsontext.SyntacticError
	switch {
	case errors.As(err, &se):
		path := pathOf(se.JSONPointer)
		msg := semanticMsg(se)
		return &Error{Path: path, Offset: se.ByteOffset, Msg: msg}
	case errors.As(err, &sy):
		msg := sy.Err.Error()
		if errors.Is(sy.Err, io.ErrUnexpectedEOF) {
			msg = fmt.Sprintf("truncated: the input ends inside a value (%d bytes read)", len(data))
		}
		return &Error{Path: pathOf(sy.JSONPointer), Offset: sy.ByteOffset, Msg: msg}
	}
	return &Error{Offset: -1, Msg: err.Error()}
}

func semanticMsg(se *json.SemanticError) string {
	if errors.Is(se.Err, json.ErrUnknownName) {
		return fmt.Sprintf("unknown field %q", clip(se.JSONPointer.LastToken()))
	}
	want := ""
	if se.GoType != nil {
		want = goTypeName(se.GoType.String())
	}
	got := ""
	if se.JSONKind != 0 {
		got = kindName(se.JSONKind)
	}
	var b strings.Builder
	switch {
	case got != "" && want != "":
		fmt.Fprintf(&b, "a JSON %s where %s was expected", got, want)
	case want != "":
		fmt.Fprintf(&b, "not a valid %s", want)
	default:
		b.WriteString("invalid value")
	}
	if se.Err != nil {
		b.WriteString(": ")
		b.WriteString(strings.TrimPrefix(se.Err.Error(), "json: "))
	}
	return b.String()
}

func goTypeName(t string) string {
	switch t {
	case "string", "trajectory.TaskOutcome", "trajectory.StepOutcome", "trajectory.ActionOutcome", "trajectory.StepKind":
		return "a string"
	case "int", "*int":
		return "an integer"
	case "time.Time":
		return "an RFC 3339 time"
	case "links.Record":
		return `a link record {"id":"url",…}`
	}
	switch {
	case strings.HasPrefix(t, "[]"):
		return "an array"
	case strings.HasPrefix(t, "trajectory.") || strings.HasPrefix(t, "*trajectory."):
		return "an object"
	}
	return t
}

func kindName(k jsontext.Kind) string {
	switch k {
	case 'n':
		return "null"
	case 't', 'f':
		return "boolean"
	case '"':
		return "string"
	case '0':
		return "number"
	case '{':
		return "object"
	case '[':
		return "array"
	}
	return "value"
}

// pathOf writes a JSON pointer as field access: /steps/3/call/tool →
// steps[3].call.tool.
func pathOf(p jsontext.Pointer) string {
	var b strings.Builder
	for tok := range p.Tokens() {
		if isIndex(tok) {
			b.WriteByte('[')
			b.WriteString(tok)
			b.WriteByte(']')
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(clip(tok))
	}
	return b.String()
}

func isIndex(s string) bool {
	if s == "" || len(s) > 9 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// clip shortens s for an error message.
func clip(s string) string {
	const max = 60
	if utf8.RuneCountInString(s) <= max {
		return s
	}
	r := []rune(s)
	return string(r[:max-1]) + "…"
}

// normalize gives a decoded run the one in-memory form of each value: nil
// for empty slices and records, UTC for times.
func (r *Run) normalize() {
	r.Started, r.Ended = utc(r.Started), utc(r.Ended)
	if len(r.Observations) == 0 {
		r.Observations = nil
	}
	if len(r.Steps) == 0 {
		r.Steps = nil
	}
	for i := range r.Observations {
		if len(r.Observations[i].Links) == 0 {
			r.Observations[i].Links = nil
		}
	}
	for i := range r.Steps {
		s := &r.Steps[i]
		s.Started, s.Ended = utc(s.Started), utc(s.Ended)
		if len(s.Actions) == 0 {
			s.Actions = nil
		}
		for j := range s.Actions {
			a := &s.Actions[j]
			if len(a.Result) == 0 {
				a.Result = nil
			}
			if len(a.Call.Args) == 0 {
				a.Call.Args = nil
			}
		}
	}
}

func utc(t time.Time) time.Time {
	if t.IsZero() {
		return time.Time{}
	}
	return t.UTC().Round(0)
}
