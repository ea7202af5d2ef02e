package listeners

// The event table. An event's id is its position in this list. The ids are
// part of the compact encoding (see Encode) and of the capture wire format:
// the list is append-only. Never reorder, remove or rename an entry; a new
// event type gets the next free id at the end (and a line in the pinned copy
// in events_test.go).
//
//	 0  click                28  input                56  toggle
//	 1  dblclick             29  beforeinput          57  beforetoggle
//	 2  auxclick             30  change               58  load
//	 3  contextmenu          31  submit               59  error
//	 4  mousedown            32  reset                60  animationstart
//	 5  mouseup              33  invalid              61  animationend
//	 6  mousemove            34  focus                62  animationiteration
//	 7  mouseenter           35  blur                 63  animationcancel
//	 8  mouseleave           36  focusin              64  transitionstart
//	 9  mouseover            37  focusout             65  transitionend
//	10  mouseout             38  drag                 66  transitionrun
//	11  pointerdown          39  dragstart            67  transitioncancel
//	12  pointerup            40  dragend              68  play
//	13  pointermove          41  dragenter            69  pause
//	14  pointerenter         42  dragleave            70  ended
//	15  pointerleave         43  dragover             71  volumechange
//	16  pointerover          44  drop                 72  timeupdate
//	17  pointerout           45  copy                 73  resize
//	18  pointercancel        46  cut                  74  abort
//	19  gotpointercapture    47  paste                75  close
//	20  lostpointercapture   48  scroll               76  cancel
//	21  touchstart           49  scrollend            77  search
//	22  touchend             50  wheel                78  fullscreenchange
//	23  touchmove            51  compositionstart     79  contentvisibilityautostatechange
//	24  touchcancel          52  compositionupdate    80  slotchange
//	25  keydown              53  compositionend       81  command
//	26  keyup                54  select
//	27  keypress             55  selectionchange
var eventNames = [...]string{
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

// eventIDs maps an event name to its id; built once at init, read-only.
var eventIDs = func() map[string]int {
	m := make(map[string]int, len(eventNames))
	for i, n := range eventNames {
		m[n] = i
	}
	return m
}()

// NumEvents returns the number of event types in the table (one more than
// the highest id).
func NumEvents() int { return len(eventNames) }

// EventID returns the stable id of an event type and whether the table has
// it. Event names are case-sensitive, as in the DOM.
func EventID(event string) (int, bool) {
	id, ok := eventIDs[event]
	return id, ok
}

// EventName returns the event type with the given id, and false for ids
// outside the table.
func EventName(id int) (string, bool) {
	if id < 0 || id >= len(eventNames) {
		return "", false
	}
	return eventNames[id], true
}
