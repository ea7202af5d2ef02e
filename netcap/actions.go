package netcap

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"time"
)

// Action is one DOM action of the recording's timeline.
type Action struct {
	Time   time.Time `json:"time"`   // on the HAR's clock
	ID     string    `json:"id"`     // element id (string or number in the input)
	Role   string    `json:"role"`   // ARIA role of the target
	Name   string    `json:"name"`   // accessible name of the target
	Action string    `json:"action"` // click, type, select, press, ...
	// Value is the typed or selected value, "" when the action has none.
	// Non-empty values are the recording's parameters.
	Value string `json:"value,omitempty"`
	// Type is the target's input type when the recorder knew it
	// ("password", "email", …); a password's value is a secret (see
	// Secret), as is a value typed into a field named like one
	// ("Password", "Card number", "CVC") or shaped like a card number.
	Type string `json:"type,omitempty"`
}

type rawAction struct {
	Time   *flexString `json:"time"`
	ID     flexString  `json:"id"`
	Role   flexString  `json:"role"`
	Name   flexString  `json:"name"`
	Action flexString  `json:"action"`
	Value  flexString  `json:"value"`
	Type   flexString  `json:"type"`
}

// ParseActions parses a timeline: a JSON array of
// {"time": RFC 3339, "id", "role", "name", "action", "value"?, "type"?}. Every element
// needs a parseable time. The result is sorted by time (stable, so equal
// times keep file order). Empty input or "null" is an empty timeline.
func ParseActions(data []byte) ([]Action, error) {
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 || string(trimmed) == "null" {
		return nil, nil
	}
	if trimmed[0] != '[' {
		return nil, errors.New("netcap: actions: top level is not a JSON array")
	}
	var raw []rawAction
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, jsonError("actions", data, err)
	}
	out := make([]Action, 0, len(raw))
	for i, r := range raw {
		if r.Time == nil || *r.Time == "" {
			return nil, fmt.Errorf("netcap: actions[%d]: missing \"time\"", i)
		}
		t, ok := parseTime(string(*r.Time))
		if !ok {
			return nil, fmt.Errorf("netcap: actions[%d]: time %q is not RFC 3339", i, clip(string(*r.Time), 40))
		}
		out = append(out, Action{
			Time: t, ID: string(r.ID), Role: string(r.Role), Name: string(r.Name),
			Action: string(r.Action), Value: string(r.Value), Type: string(r.Type),
		})
	}
	sort.SliceStable(out, func(a, b int) bool { return out[a].Time.Before(out[b].Time) })
	return out, nil
}

// describe renders an action as `click button "Send"`.
func (a *Action) describe() string {
	s := a.Action
	if s == "" {
		s = "act"
	}
	if a.Role != "" {
		s += " " + a.Role
	}
	if a.Name != "" {
		s += " " + quote(a.Name, 80)
	}
	if a.ID != "" {
		s += " [id=" + oneLine(clip(a.ID, 40)) + "]"
	}
	return s
}
