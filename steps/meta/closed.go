package meta

import (
	"encoding/json"
	"fmt"
)

// closedKey records an analysis set aside: abandoned (it will not be
// built) or deferred (waiting). Like library, it is a field the seeds do
// not define, kept among the extra fields so other readers pass it by.
const closedKey = "closed"

// How an analysis was set aside.
const (
	Abandoned = "abandoned"
	Deferred  = "deferred"
)

// Closed is why and when an analysis was set aside, and by whom.
type Closed struct {
	As     string `json:"as"` // abandoned | deferred
	Reason string `json:"reason"`
	At     string `json:"at"` // RFC 3339
	By     string `json:"by,omitempty"`
}

// ClosedRecord returns the analysis's record of being set aside, nil when
// it is open. name is the file, for the error about a malformed record.
func (m *Meta) ClosedRecord(name string) (*Closed, error) {
	raw, ok := m.Extra[closedKey]
	if !ok || string(raw) == "null" {
		return nil, nil
	}
	var c Closed
	if err := json.Unmarshal(raw, &c); err != nil || (c.As != Abandoned && c.As != Deferred) {
		return nil, fmt.Errorf("%s: %q must be an object with \"as\" (%q or %q), \"reason\" and \"at\"", name, closedKey, Abandoned, Deferred)
	}
	return &c, nil
}

// SetClosed records c, or with nil removes the record (the analysis is
// picked up again).
func (m *Meta) SetClosed(c *Closed) {
	if m.Extra == nil {
		m.Extra = map[string]json.RawMessage{}
	}
	if c == nil {
		delete(m.Extra, closedKey)
		return
	}
	data, _ := json.Marshal(c)
	m.Extra[closedKey] = data
}
