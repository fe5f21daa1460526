package meta

import (
	"encoding/json"
	"fmt"
)

// AIKey is the meta.json field that records an analysis's use of the
// optional model: absent when no model was ever used, so an analysis run
// without one keeps exactly the meta.json it always had.
const AIKey = "ai"

// AI is the per-analysis summary of model use.
type AI struct {
	Model        string    `json:"model"`
	Calls        int       `json:"calls"`
	InputTokens  int64     `json:"input_tokens"`
	OutputTokens int64     `json:"output_tokens"`
	Drafts       []AIDraft `json:"drafts,omitempty"`
}

// AIDraft records an answer that is a model's draft, confirmed unchanged.
type AIDraft struct {
	StepID     string `json:"step_id"`
	QuestionID string `json:"question_id"`
	Model      string `json:"model"`
	Prompt     string `json:"prompt"` // hash of the prompt
	Source     string `json:"source"` // "ai-draft, confirmed by @login"
}

// AIUse returns the recorded model use, or nil. The record lives among
// the fields Meta keeps as it read them, so older tools keep it intact.
func (m *Meta) AIUse() (*AI, error) {
	raw, ok := m.Extra[AIKey]
	if !ok {
		return nil, nil
	}
	var a AI
	if err := json.Unmarshal(raw, &a); err != nil {
		return nil, fmt.Errorf("meta.json: %s: %w", AIKey, err)
	}
	return &a, nil
}

// SetAIUse records a, replacing any earlier record.
func (m *Meta) SetAIUse(a *AI) error {
	data, err := json.Marshal(a)
	if err != nil {
		return err
	}
	if m.Extra == nil {
		m.Extra = map[string]json.RawMessage{}
	}
	m.Extra[AIKey] = data
	return nil
}
