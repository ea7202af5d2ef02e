// Package wire is the capture wire format, version 1: the JSON document a
// browser extension or CDP script writes from a live page, and its decoder
// into the same structure the static HTML path builds (a *html.Node tree in
// a dom.Doc, with live facts, shadow roots as declarative shadow templates
// and same-origin frame documents attached).
//
// The prose specification is axtree/CAPTURE.md; the JSON Schema (draft
// 2020-12) is Schema. Decode reads and builds in one go; Unmarshal only
// reads (strictly, without recursion) and Build only validates and builds.
// FromHTML and Encode turn a static page into a capture with no live facts,
// so both paths can be compared byte for byte.
package wire

import (
	_ "embed"
)

// Version is the wire format version this package reads and writes.
const Version = 1

//go:embed schema.json
var schema []byte

// Schema returns a copy of the JSON Schema (draft 2020-12) of the format.
func Schema() []byte { return append([]byte(nil), schema...) }

// Capture is a capture document.
type Capture struct {
	Version int      `json:"version"`          // must be 1
	URL     string   `json:"url,omitempty"`    // page URL
	Title   string   `json:"title,omitempty"`  // document.title
	Frames  []string `json:"frames,omitempty"` // URLs of every frame of the page, same-origin or not, in document order
	Nodes   int      `json:"nodes,omitempty"`  // optional claimed total node count (checked when non-zero)
	Root    *Node    `json:"root"`             // the "#document" node
	// Warnings are the producer's notes on what it could not trust or
	// keep (tampering with a capture hook, frames without one, dropped
	// comments): at most MaxWarnings, each at most MaxString bytes.
	Warnings []string `json:"warnings,omitempty"`
	// Truncated names the producer's limits that changed the content
	// (TruncationKinds); the renderer reports them as [truncated=…].
	Truncated []string `json:"truncated,omitempty"`
}

// MaxWarnings is the number of warnings a capture may carry.
const MaxWarnings = 100

// TruncationKinds are the values Capture.Truncated may hold: the capture
// left out nodes past its node budget (capture-nodes), attributes past its
// per-element budget (capture-attrs), the end of an over-long string
// (capture-text), or content nested past its depth budget that could not be
// flattened (template content, shadow roots, frames: capture-depth).
var TruncationKinds = []string{"capture-nodes", "capture-attrs", "capture-text", "capture-depth"}

// Node is one DOM node. Tag says its kind: an element's tag name, or
// "#document", "#doctype", "#text", "#comment". Live facts (Value ..
// Delegate) are allowed on elements only.
type Node struct {
	Tag      string     `json:"tag"`
	NS       string     `json:"ns,omitempty"`       // "html", "svg" or "math"; omitted when the tree position implies it
	Attrs    [][]string `json:"attrs,omitempty"`    // ordered [name, value] pairs; for "#doctype": public/system ids
	Text     string     `json:"text,omitempty"`     // data of "#text" and "#comment"; the name of "#doctype"
	Children []Node     `json:"children,omitempty"` // child nodes; for <template>, its content
	Shadow   *Shadow    `json:"shadow,omitempty"`   // the element's shadow root
	Frame    *Frame     `json:"frame,omitempty"`    // the same-origin document of an iframe or frame

	Value             *string    `json:"value,omitempty"`             // current value of a form control
	Checked           *bool      `json:"checked,omitempty"`           // current checkedness
	Indeterminate     bool       `json:"indeterminate,omitempty"`     // checkbox in mixed state
	Selected          *bool      `json:"selected,omitempty"`          // current selectedness of an option
	Display           string     `json:"display,omitempty"`           // computed display
	Visibility        string     `json:"visibility,omitempty"`        // computed visibility
	ContentVisibility string     `json:"contentVisibility,omitempty"` // computed content-visibility
	ZeroSize          bool       `json:"zeroSize,omitempty"`          // rendered with a zero-area box
	Inert             bool       `json:"inert,omitempty"`             // inert
	CursorPointer     bool       `json:"cursorPointer,omitempty"`     // computed cursor is pointer
	Before            *string    `json:"before,omitempty"`            // ::before content text
	After             *string    `json:"after,omitempty"`             // ::after content text
	InViewport        *bool      `json:"inViewport,omitempty"`        // intersects the viewport
	Listeners         string     `json:"listeners,omitempty"`         // listener record, compact encoding (listeners.Encode)
	Key               string     `json:"key,omitempty"`               // stable node key
	Delegate          []Delegate `json:"delegate,omitempty"`          // handlers this element delegates to descendants
}

// Shadow is a shadow root.
type Shadow struct {
	Mode     string `json:"mode"` // "open" or "closed"
	Children []Node `json:"children,omitempty"`
}

// Frame is the document of a same-origin frame.
type Frame struct {
	URL   string `json:"url,omitempty"`
	Title string `json:"title,omitempty"`
	Root  *Node  `json:"root"` // the frame's "#document" node
}

// Delegate is a handler registered on a container for events of its
// descendants. With a Selector (jQuery's .on(types, selector, fn)) it applies
// to the descendants the selector matches; without one (React's root
// container, a hand-rolled event.target switch) to the interactive-looking
// descendants. See axtree/CAPTURE.md, "Delegation".
type Delegate struct {
	Selector  string `json:"selector,omitempty"`
	Listeners string `json:"listeners"` // compact encoding, as Node.Listeners
}

// Meta is what a capture says about the page besides its tree.
type Meta struct {
	URL      string      // page URL
	Title    string      // document title
	Frames   []string    // URLs of all frames, as the capture lists them
	Nodes    int         // nodes decoded, frames and shadow trees included
	Docs     []FrameMeta // same-origin frame documents, in the order they were decoded
	Warnings []string    // the capture's own warnings, then problems the decoder skipped (e.g. an unsupported delegate selector)
	// Truncated names the producer's limits that changed the content
	// (Capture.Truncated); the document reports them in LimitsHit.
	Truncated []string
}

// FrameMeta describes one decoded frame document.
type FrameMeta struct {
	Path  string // node path of the iframe element
	URL   string
	Title string
}

// Limits bounds what Decode accepts. A zero field takes its default.
type Limits struct {
	MaxBytes        int64 // size of the JSON text; default 64 MiB
	MaxNodes        int   // nodes of every kind, frames and shadow trees included; default 1,000,000
	MaxDepth        int   // nesting of nodes (a shadow root and a frame document count as a level); default 512
	MaxString       int   // bytes of any one string (tag, attribute name or value, text, fact); default 8 MiB
	MaxAttrs        int   // attributes of one element; default 1,024
	MaxDelegateWork int   // element visits while resolving delegation; default 4,194,304
}

// DefaultLimits returns the limits Decode applies for zero fields. (A
// function, not a variable: no caller can change another's defaults.)
func DefaultLimits() Limits {
	return Limits{
		MaxBytes:        64 << 20,
		MaxNodes:        1_000_000,
		MaxDepth:        512,
		MaxString:       8 << 20,
		MaxAttrs:        1024,
		MaxDelegateWork: 1 << 22,
	}
}

func (l Limits) withDefaults() Limits {
	d := DefaultLimits()
	if l.MaxBytes > 0 {
		d.MaxBytes = l.MaxBytes
	}
	if l.MaxNodes > 0 {
		d.MaxNodes = l.MaxNodes
	}
	if l.MaxDepth > 0 {
		d.MaxDepth = l.MaxDepth
	}
	if l.MaxString > 0 {
		d.MaxString = l.MaxString
	}
	if l.MaxAttrs > 0 {
		d.MaxAttrs = l.MaxAttrs
	}
	if l.MaxDelegateWork > 0 {
		d.MaxDelegateWork = l.MaxDelegateWork
	}
	return d
}

// Error is a decoding error: what is wrong, with the node path and field
// where it is. Path is like /html/body/div[3] (the k-th element child with
// that tag, [k] printed from 2 on), with #text[k], #comment, #shadow-root and
// #document (a frame's document) segments; "" for the top level.
type Error struct {
	Path  string
	Field string
	Msg   string
}

// Error formats the error as "wire: node PATH: FIELD: message".
func (e *Error) Error() string {
	s := "wire: "
	if e.Path != "" {
		s += "node " + e.Path + ": "
	}
	if e.Field != "" {
		s += e.Field + ": "
	}
	return s + e.Msg
}
