// Package view writes the trajectory viewer: one self-contained HTML file
// (inline CSS and JavaScript, the run embedded as JSON, a Content Security
// Policy that allows no network request at all) in which a person steps
// through a run. The left pane shows the task, the planner's reasoning and
// program (each statement linked to the steps it made) and the steps with
// their reasoning, tool calls, outcome badges and errors in full; the right
// pane shows the selected step's observation as its tree text. Every
// [id=N] in a step is a link to the line of that step's observation that
// carries it; consecutive observations can be shown as a line diff.
//
// Lines are rendered lazily (only those in view), so a run of tens of
// thousands of tree lines opens at once. Page text is only ever set as
// text (textContent), never parsed as HTML, and the embedded JSON escapes
// <, >, & and U+2028/U+2029, so an observation cannot close the script
// element or run code.
package view

import (
	"bytes"
	"crypto/sha256"
	_ "embed"
	"encoding/base64"
	"errors"
	"fmt"
	"html"
	"io"

	json "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
	"github.com/sergi/go-diff/diffmatchpatch"

	"github.com/axtree/axtree/trajectory"
)

//go:embed viewer.js
var viewerJS string

//go:embed viewer.css
var viewerCSS string

// MaxDiffWork bounds the line diff of two consecutive observations: when
// the lines that differ, after the common head and tail, multiply to more
// than this, the middle is shown as replaced rather than diffed line by
// line (the result says so), so a pathological pair cannot stall writing.
const MaxDiffWork = 64 << 20

// data is what the page's script reads.
type data struct {
	Run          *trajectory.Run `json:"run"`
	Observations []obsInfo       `json:"obs"`
	StepObs      []int           `json:"stepObs"` // index in Observations of each step's observation; -1 when none
}

type obsInfo struct {
	// IDs are id, line pairs (1-based lines) of the element lines.
	IDs []int `json:"ids"`
	// Diff is the line diff against the previous observation as
	// op, count pairs (0 same, -1 only in the previous, 1 only in this);
	// nil for the first.
	Diff []int `json:"diff"`
	// DiffCut is true when the middle was too large to diff line by line.
	DiffCut bool `json:"diffCut,omitzero"`
	// Error is set when the text does not parse as a tree.
	Error string `json:"error,omitzero"`
}

// Write writes the viewer page of run to w. The run should validate (see
// trajectory.Validate); an observation that does not parse is shown with
// its error, and a reference that does not resolve is shown as dead.
func Write(w io.Writer, run *trajectory.Run) error {
	b, err := HTML(run)
	if err != nil {
		return err
	}
	_, err = w.Write(b)
	return err
}

// HTML returns the viewer page of run.
func HTML(run *trajectory.Run) ([]byte, error) {
	if run == nil {
		return nil, errors.New("view: no run")
	}
	d := data{Run: run, Observations: make([]obsInfo, len(run.Observations)), StepObs: make([]int, len(run.Steps))}
	pos := make(map[string]int, len(run.Observations))
	var prevLines []string
	for i, o := range run.Observations {
		if _, dup := pos[o.ID]; !dup {
			pos[o.ID] = i
		}
		info := &d.Observations[i]
		info.IDs = []int{}
		if ix, err := trajectory.NewIndex(o.Text); err != nil {
			info.Error = err.Error()
		} else {
			for _, e := range ix.Elements() {
				info.IDs = append(info.IDs, e.ID, e.Line)
			}
		}
		lines := splitLines(o.Text)
		if i > 0 {
			info.Diff, info.DiffCut = lineDiff(prevLines, lines)
		}
		prevLines = lines
	}
	for i, s := range run.Steps {
		j, ok := pos[s.Observation]
		if !ok {
			j = -1
		}
		d.StepObs[i] = j
	}
	payload, err := json.Marshal(&d, json.Deterministic(true), jsontext.EscapeForHTML(true), jsontext.EscapeForJS(true))
	if err != nil {
		return nil, fmt.Errorf("view: %w", err)
	}
	return page(run, payload), nil
}

// page assembles the HTML document around the JSON payload.
func page(run *trajectory.Run, payload []byte) []byte {
	csp := "default-src 'none'; script-src " + hashSource(viewerJS) + "; style-src " + hashSource(viewerCSS) +
		"; img-src data:; base-uri 'none'; form-action 'none'"
	var b bytes.Buffer
	b.Grow(len(payload) + len(viewerJS) + len(viewerCSS) + 1024)
	b.WriteString("<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
	b.WriteString("<meta http-equiv=\"Content-Security-Policy\" content=\"" + csp + "\">\n")
	b.WriteString("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
	b.WriteString("<meta name=\"referrer\" content=\"no-referrer\">\n")
	b.WriteString("<title>")
	b.WriteString(html.EscapeString("axtree trajectory " + run.ID))
	b.WriteString("</title>\n<style>")
	b.WriteString(viewerCSS)
	b.WriteString("</style>\n</head>\n<body>\n")
	b.WriteString("<script type=\"application/json\" id=\"axtree-data\">")
	b.Write(payload)
	b.WriteString("</script>\n<script>")
	b.WriteString(viewerJS)
	b.WriteString("</script>\n</body>\n</html>\n")
	return b.Bytes()
}

// CSP returns the Content-Security-Policy of the viewer page, for a server
// that sends it as a header too.
func CSP() string {
	return "default-src 'none'; script-src " + hashSource(viewerJS) + "; style-src " + hashSource(viewerCSS) +
		"; img-src data:; base-uri 'none'; form-action 'none'"
}

func hashSource(s string) string {
	sum := sha256.Sum256([]byte(s))
	return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
}

// splitLines splits a tree text into its lines (no empty last line for a
// text ending in a newline).
func splitLines(text string) []string {
	var out []string
	for len(text) > 0 {
		i := 0
		for i < len(text) && text[i] != '\n' {
			i++
		}
		out = append(out, text[:i])
		if i < len(text) {
			i++
		}
		text = text[i:]
	}
	return out
}

// lineDiff returns the line diff of a and b as op, count pairs, and
// whether the middle was too large to diff (then shown as replaced).
func lineDiff(a, b []string) ([]int, bool) {
	head := 0
	for head < len(a) && head < len(b) && a[head] == b[head] {
		head++
	}
	tail := 0
	for tail < len(a)-head && tail < len(b)-head && a[len(a)-1-tail] == b[len(b)-1-tail] {
		tail++
	}
	ma, mb := a[head:len(a)-tail], b[head:len(b)-tail]
	var ops []int
	push := func(op, n int) {
		if n == 0 {
			return
		}
		if k := len(ops); k >= 2 && ops[k-2] == op {
			ops[k-1] += n
			return
		}
		ops = append(ops, op, n)
	}
	push(0, head)
	cut := false
	switch {
	case len(ma) == 0 || len(mb) == 0:
		push(-1, len(ma))
		push(1, len(mb))
	case int64(len(ma))*int64(len(mb)) > MaxDiffWork:
		cut = true
		push(-1, len(ma))
		push(1, len(mb))
	default:
		ra, rb := lineRunes(ma, mb)
		dmp := diffmatchpatch.New()
		dmp.DiffTimeout = 0 // no clock: the same input gives the same diff
		// Deletions before insertions within a change, so the page can
		// show a replaced block as old lines then new ones.
		var del, ins int
		flush := func() { push(-1, del); push(1, ins); del, ins = 0, 0 }
		for _, d := range dmp.DiffMainRunes(ra, rb, false) {
			n := len([]rune(d.Text))
			switch d.Type {
			case diffmatchpatch.DiffEqual:
				flush()
				push(0, n)
			case diffmatchpatch.DiffDelete:
				del += n
			case diffmatchpatch.DiffInsert:
				ins += n
			}
		}
		flush()
	}
	push(0, tail)
	if ops == nil {
		ops = []int{}
	}
	return ops, cut
}

// lineRunes maps each distinct line of a and b to one rune (in order of
// first appearance), so a rune diff is a line diff. Runes skip the
// surrogate range, which a Go string cannot hold.
func lineRunes(a, b []string) ([]rune, []rune) {
	ids := make(map[string]rune, len(a)+len(b))
	next := rune(1)
	conv := func(lines []string) []rune {
		out := make([]rune, len(lines))
		for i, l := range lines {
			r, ok := ids[l]
			if !ok {
				r = next
				ids[l] = r
				next++
				if next == 0xD800 {
					next = 0xE000
				}
			}
			out[i] = r
		}
		return out
	}
	return conv(a), conv(b)
}
