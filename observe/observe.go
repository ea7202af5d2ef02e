// Package observe records what an agent saw, step by step: an Observation
// is one page state (the lean tree text and its link record) reached in a
// run by an action on the previous state. Observations are content
// addressed, so the same page state has the same id in every run, and the
// runs of a site merge into one state graph. Within a run, elements keep
// their numbers from one step to the next (see Stabilize), so consecutive
// prompts share long byte-identical prefixes.
//
// A Store keeps observations, runs and trajectories; this package touches
// no database. The stores are observe/sqlite (the default: one file, no
// set-up) and observe/postgres (one database several servers share), both
// over the queries of observe/sqlstore; observe/stores opens one by name.
// A Recorder turns a rendered page and its place in a run into a stored
// Observation.
package observe

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/axtree/axtree/links"
)

// IDLen is the length of an observation id: the first 16 bytes (128 bits)
// of a SHA-256 digest, as 32 lower-case hex digits.
const IDLen = 32

// MaxRunLen bounds the length of a run id.
const MaxRunLen = 128

// Observation is one step of a run: a page state as the agent was shown
// it, and how it was reached.
//
// A page state has two ids, both content hashes (see ID): State hashes its
// tree text and link record in canonical numbering (document order from
// 1), so the same page has the same State in every run and the runs of a
// site merge on it into one state graph; ID hashes the text and record the
// agent was shown, in the run's stable numbering (see Stabilize), so an
// element number an action names can be looked up in the stored text the
// agent read. On the first step of a run the two are equal. Only Text and
// Links (and Canonical) are content; everything else is metadata of the
// step that recorded it, stored beside the content.
type Observation struct {
	ID       string       `json:"id"`                 // content hash of Text and Links: what the agent was shown
	State    string       `json:"state,omitempty"`    // content hash of the canonical text and links: the graph's node
	Text     string       `json:"text,omitempty"`     // lean tree text as the agent was shown it
	Links    links.Record `json:"links,omitempty"`    // link record of Text
	URL      string       `json:"url,omitempty"`      // page URL
	Title    string       `json:"title,omitempty"`    // page title
	Site     string       `json:"site,omitempty"`     // lower-case host of URL; groups runs into graphs
	Run      string       `json:"run,omitempty"`      // run id
	Seq      int          `json:"seq"`                // position in the run, from 0
	Previous string       `json:"previous,omitempty"` // ID of the previous step's observation; "" for a first step
	// PreviousState is the State of the previous step's observation.
	PreviousState string    `json:"previous_state,omitempty"`
	Action        *Action   `json:"action,omitempty"` // the action taken on Previous that led here; nil if none was given
	Captured      time.Time `json:"captured"`         // when the step was recorded (never hashed)
	// Elements are this step's elements with their run-stable numbers, in
	// document order; the next step of the run is numbered against them.
	Elements []Element `json:"-"`
	// Canonical is the content State is the hash of, when it differs from
	// Text and Links (a store keeps it under State); nil when ID = State.
	// Set when adding a step; stores never load it.
	Canonical *Content `json:"-"`
}

// Content is a tree text and its link record: what an observation id is
// the hash of.
type Content struct {
	Text  string
	Links links.Record
}

// ContentID returns the id of c: ID over its text and link record JSON.
func (c *Content) ContentID() string { return ID([]byte(c.Text), c.Links.AppendJSON(nil)) }

// Action is what the agent did on the previous page. Element is the id the
// agent used (the run's stable numbering); Role, Name and Canon are filled
// from the previous observation when the action is recorded.
type Action struct {
	Element int    `json:"element,omitempty"` // element id as the agent saw it; 0 for page-level actions
	Action  string `json:"action"`            // click, type, select, navigate, ...
	Value   string `json:"value,omitempty"`   // typed text, chosen option, URL, ...
	Role    string `json:"role,omitempty"`    // resolved role of the element
	Name    string `json:"name,omitempty"`    // resolved accessible name of the element
	Canon   int    `json:"canon,omitempty"`   // the element's id in the previous state's canonical numbering
}

// Element is what stable numbering remembers of one element of a step.
type Element struct {
	ID    int    // stable id in the run
	Canon int    // id in the canonical numbering of the observation
	Role  string // role
	Name  string // accessible name
	Key   string // the capture's stable node key, if any
}

// ID returns the observation id of a page state: SHA-256 over a version
// tag, the length of text, text and the link record JSON, truncated to 128
// bits (32 hex digits). Run, time, URL and title never enter it.
func ID(text, linksJSON []byte) string {
	h := sha256.New()
	h.Write([]byte("axtree/observation/v1\n"))
	h.Write(strconv.AppendInt(nil, int64(len(text)), 10))
	h.Write([]byte{'\n'})
	h.Write(text)
	h.Write(linksJSON)
	var sum [sha256.Size]byte
	return hex.EncodeToString(h.Sum(sum[:0])[:IDLen/2])
}

// ValidID reports whether s has the shape of an observation id.
func ValidID(s string) bool {
	if len(s) != IDLen {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}

// ErrBadRun is returned (wrapped) for a run id that ValidRun rejects.
var ErrBadRun = errors.New("invalid run id")

// ValidRun reports whether s can be a run id: 1 to MaxRunLen ASCII
// letters, digits, '.', '_' or '-', not starting with '.' or '-' (so no
// path characters and no "..").
func ValidRun(s string) bool {
	if len(s) == 0 || len(s) > MaxRunLen || s[0] == '.' || s[0] == '-' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '.', c == '_', c == '-':
		default:
			return false
		}
	}
	return true
}

// SiteOf returns the site of a page URL: its lower-case host name without
// port, or "" when the URL has none.
func SiteOf(pageURL string) string {
	u, err := url.Parse(strings.TrimSpace(pageURL))
	if err != nil {
		return ""
	}
	return strings.ToLower(u.Hostname())
}

// Label returns a short human-readable form of the action, as graph edges
// print it: `click button "Submit"`, `type textbox "Name" = "Ada"`.
func (a *Action) Label() string {
	if a == nil {
		return ""
	}
	var b strings.Builder
	b.WriteString(a.Action)
	if a.Role != "" {
		b.WriteByte(' ')
		b.WriteString(a.Role)
	}
	if a.Name != "" {
		b.WriteByte(' ')
		b.WriteString(strconv.Quote(a.Name))
	}
	if a.Role == "" && a.Name == "" && a.Element != 0 {
		b.WriteString(" [")
		b.WriteString(strconv.Itoa(a.Element))
		b.WriteByte(']')
	}
	if a.Value != "" {
		b.WriteString(" = ")
		b.WriteString(strconv.Quote(a.Value))
	}
	return b.String()
}
