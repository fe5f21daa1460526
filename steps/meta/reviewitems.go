package meta

import (
	"encoding/json"
	"fmt"
	"slices"
)

// reviewKey records the review items a refresh raised: finished steps whose
// answers name files that changed on the base branch. They stay until a
// person deals with them (revises the step, or says it was reviewed), so a
// refresh's warning does not vanish with its output.
const reviewKey = "review_items"

// ReviewItem is one finished step to check against changed code.
type ReviewItem struct {
	StepID  string `json:"step_id"`
	Text    string `json:"text"`    // "02-01 Blast Radius Assessment names src/cli.py (modified)"
	Refresh string `json:"refresh"` // the commit the refresh moved to
}

// ReviewItems are the open review items, in the order raised.
func (m *Meta) ReviewItems(name string) ([]ReviewItem, error) {
	raw, ok := m.Extra[reviewKey]
	if !ok || string(raw) == "null" {
		return nil, nil
	}
	var items []ReviewItem
	if err := json.Unmarshal(raw, &items); err != nil {
		return nil, fmt.Errorf("%s: %q must be a list of {\"step_id\", \"text\", \"refresh\"}", name, reviewKey)
	}
	return items, nil
}

// AddReviewItems adds items not yet recorded.
func (m *Meta) AddReviewItems(items []ReviewItem) {
	have, _ := m.ReviewItems("")
	for _, it := range items {
		if !slices.ContainsFunc(have, func(h ReviewItem) bool { return h.StepID == it.StepID && h.Text == it.Text }) {
			have = append(have, it)
		}
	}
	m.setReviewItems(have)
}

// DropReviewItems removes the items of the given steps (all with none
// given) and reports how many went.
func (m *Meta) DropReviewItems(stepIDs ...string) int {
	have, _ := m.ReviewItems("")
	keep := slices.DeleteFunc(slices.Clone(have), func(h ReviewItem) bool {
		return len(stepIDs) == 0 || slices.Contains(stepIDs, h.StepID)
	})
	m.setReviewItems(keep)
	return len(have) - len(keep)
}

func (m *Meta) setReviewItems(items []ReviewItem) {
	if m.Extra == nil {
		m.Extra = map[string]json.RawMessage{}
	}
	if len(items) == 0 {
		delete(m.Extra, reviewKey)
		return
	}
	data, _ := json.Marshal(items)
	m.Extra[reviewKey] = data
}
