package listeners

import (
	"errors"
	"strings"
	"testing"
)

// pinned is the event table as first published. Ids are part of the wire
// format: this copy must only ever grow at the end, never change.
var pinned = []string{
	"click", "dblclick", "auxclick", "contextmenu", "mousedown", "mouseup",
	"mousemove", "mouseenter", "mouseleave", "mouseover", "mouseout", "pointerdown",
	"pointerup", "pointermove", "pointerenter", "pointerleave", "pointerover", "pointerout",
	"pointercancel", "gotpointercapture", "lostpointercapture", "touchstart", "touchend", "touchmove",
	"touchcancel", "keydown", "keyup", "keypress", "input", "beforeinput",
	"change", "submit", "reset", "invalid", "focus", "blur",
	"focusin", "focusout", "drag", "dragstart", "dragend", "dragenter",
	"dragleave", "dragover", "drop", "copy", "cut", "paste",
	"scroll", "scrollend", "wheel", "compositionstart", "compositionupdate", "compositionend",
	"select", "selectionchange", "toggle", "beforetoggle", "load", "error",
	"animationstart", "animationend", "animationiteration", "animationcancel", "transitionstart", "transitionend",
	"transitionrun", "transitioncancel", "play", "pause", "ended", "volumechange",
	"timeupdate", "resize", "abort", "close", "cancel", "search",
	"fullscreenchange", "contentvisibilityautostatechange", "slotchange", "command",
}

func TestEventTableAppendOnly(t *testing.T) {
	if NumEvents() < len(pinned) {
		t.Fatalf("event table shrank: %d < %d", NumEvents(), len(pinned))
	}
	for id, name := range pinned {
		got, ok := EventName(id)
		if !ok || got != name {
			t.Errorf("id %d = %q, %v; pinned %q", id, got, ok, name)
		}
		if back, ok := EventID(name); !ok || back != id {
			t.Errorf("EventID(%q) = %d, %v; want %d", name, back, ok, id)
		}
	}
	seen := map[string]bool{}
	for id := 0; id < NumEvents(); id++ {
		n, _ := EventName(id)
		if n == "" || seen[n] || n != strings.ToLower(n) {
			t.Errorf("id %d: bad or duplicate name %q", id, n)
		}
		seen[n] = true
	}
	if _, ok := EventName(NumEvents()); ok {
		t.Error("EventName past the end succeeded")
	}
	if _, ok := EventName(-1); ok {
		t.Error("EventName(-1) succeeded")
	}
}

func TestEncodeDecode(t *testing.T) {
	cases := []struct {
		rec  Record
		want string
	}{
		{nil, ""},
		{Record{{"click", Native}, {"mouseup", React}}, "0~1,5~4"},
		// name order (keydown < mouseup) differs from id order (5 < 25)
		{Record{{"keydown", Inline | JQuery}, {"mouseup", React}}, "5~4,25~1u"},
		{Record{{"command", AllSources}}, "81~sf"},
		{Record{{"drop", Delegated | React}, {"click", Vue}, {"click", Native}}, "0~9,44~3o"},
		{Record{{"click", 0}}, ""},
	}
	for _, c := range cases {
		got, err := Encode(c.rec)
		if err != nil || got != c.want {
			t.Errorf("Encode(%v) = %q, %v; want %q", c.rec, got, err, c.want)
			continue
		}
		back, err := Decode(got)
		if err != nil {
			t.Errorf("Decode(%q): %v", got, err)
			continue
		}
		norm := Normalize(append(Record(nil), c.rec...))
		if len(back) != len(norm) {
			t.Errorf("Decode(%q) = %v; want %v", got, back, norm)
			continue
		}
		for i := range back {
			if back[i] != norm[i] {
				t.Errorf("Decode(%q)[%d] = %v; want %v", got, i, back[i], norm[i])
			}
		}
	}
}

func TestEncodeErrors(t *testing.T) {
	if _, err := Encode(Record{{"frobnicate", Native}}); err == nil || !strings.Contains(err.Error(), "frobnicate") {
		t.Errorf("unknown event: err = %v", err)
	}
	if _, err := Encode(Record{{"click", 1 << 12}}); err == nil || !strings.Contains(err.Error(), "undefined") {
		t.Errorf("undefined bit: err = %v", err)
	}
}

func TestDecodeErrors(t *testing.T) {
	cases := []struct{ in, entry, reason string }{
		{"999~1", "999~1", "unknown event id 999"},
		{"82~1", "82~1", "unknown event id 82"},
		{"0~1,0~2", "0~2", "duplicate event id 0"},
		{"5~1,0~2", "0~2", "out of order"},
		{"0~0", "0~0", "zero"},
		{"0~01", "0~01", "leading zeros"},
		{"00~1", "00~1", "leading zeros"},
		{"0~A", "0~A", "base 36"},
		{"0~sg", "0~sg", "undefined source bits"},
		{"0~zzz", "0~zzz", "undefined source bits"},
		{"0", "0", "missing '~'"},
		{"~1", "~1", "missing event id"},
		{"0~", "0~", "missing mask"},
		{"0~1,", "0~1", "trailing comma"},
		{"0~1,,5~1", "", "empty entry"},
		{",0~1", "", "empty entry"},
		{"-1~1", "-1~1", "not a decimal"},
		{"0~1 ", "0~1 ", "base 36"},
		{"1234567~1", "1234567~1", "too long"},
	}
	for _, c := range cases {
		r, err := Decode(c.in)
		var de *DecodeError
		if !errors.As(err, &de) {
			t.Errorf("Decode(%q) = %v, %v; want DecodeError", c.in, r, err)
			continue
		}
		if de.Entry != c.entry || !strings.Contains(de.Reason, c.reason) {
			t.Errorf("Decode(%q): entry %q reason %q; want entry %q reason ~%q", c.in, de.Entry, de.Reason, c.entry, c.reason)
		}
		if !strings.Contains(err.Error(), c.entry) {
			t.Errorf("Decode(%q): message %q does not name the entry", c.in, err)
		}
	}
}

func TestRecordHelpers(t *testing.T) {
	var r Record
	r.Add("mouseup", React)
	r.Add("click", Native)
	r.Add("click", Inline)
	r.Add("drop", 0)
	r.Add("", Native)
	if len(r) != 2 || r[0].Event != "click" || r[1].Event != "mouseup" {
		t.Fatalf("Add: %v", r)
	}
	if m := r.Mask("click"); m != Native|Inline {
		t.Errorf("Mask(click) = %v", m)
	}
	if !r.Has("mouseup") || r.Has("keydown") || r.Mask("keydown") != 0 {
		t.Errorf("Has: %v", r)
	}
	if !r.HasAny("keydown", "mouseup") || r.HasAny("keydown", "drop") {
		t.Errorf("HasAny: %v", r)
	}
	m := Merge(r, Record{{"keydown", Vue}, {"click", React}, {"zzz", 0}})
	if got, _ := Encode(m); got != "0~7,5~4,25~8" {
		t.Errorf("Merge = %v (%q)", m, got)
	}
	if len(r) != 2 || r.Mask("click") != Native|Inline {
		t.Errorf("Merge modified its input: %v", r)
	}
	if s := m.Sources(); s != Native|Inline|React|Vue {
		t.Errorf("Sources = %v", s)
	}
}

func TestUnsortedRecordLookup(t *testing.T) {
	r := Record{{"mouseup", React}, {"click", Native}, {"drop", Vue}}
	if r.Mask("click") != Native || r.Mask("drop") != Vue || r.Has("keydown") {
		t.Errorf("lookup in an unsorted record: %v", r)
	}
}

func TestSourceString(t *testing.T) {
	cases := map[Source]string{0: "0", Native: "native", Native | React | Inferred: "native|react|inferred", JQuery | 1<<12: "jquery|0x1000"}
	for s, want := range cases {
		if got := s.String(); got != want {
			t.Errorf("%d.String() = %q; want %q", uint16(s), got, want)
		}
	}
	if !(Native | React).Has(React) || Native.Has(React) || Native.Has(0) {
		t.Error("Source.Has")
	}
}

// FuzzDecode checks that Decode never panics and that every accepted input
// is canonical: it re-encodes to exactly itself.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{"", "0~1", "0~1,5~4", "81~sf", "0~1,0~1", "999~1", "0~01", ",", "3~a,4~b,44~3k"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := Decode(s)
		if err != nil {
			if r != nil {
				t.Fatalf("Decode(%q) returned a record with an error", s)
			}
			return
		}
		back, err := Encode(r)
		if err != nil {
			t.Fatalf("Encode(Decode(%q)): %v", s, err)
		}
		if back != s {
			t.Fatalf("Decode(%q) re-encodes to %q", s, back)
		}
		for i := 1; i < len(r); i++ {
			if r[i-1].Event >= r[i].Event {
				t.Fatalf("Decode(%q) not sorted by name: %v", s, r)
			}
		}
	})
}
