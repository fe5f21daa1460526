package meta

import (
	"encoding/json"
	"fmt"

	"github.com/rtgit/rtgit/internal/lazyre"
)

// planDraftKey is the member of meta.json holding the digest of the build
// plan rtgit last derived. A tasks answer with that digest is the draft as
// rtgit wrote it, so a change upstream may derive it again; any other
// tasks answer is a person's edit, which rtgit never rewrites.
const planDraftKey = "plan_draft"

var planDraftRe = lazyre.New(`^sha256:[0-9a-f]{64}$`)

// PlanDraft returns the digest of the last derived plan, "" when none was
// recorded. A malformed member is an error naming it.
func (m *Meta) PlanDraft() (string, error) { return m.draftDigest(planDraftKey) }

// SetPlanDraft records the digest of the plan rtgit derived; "" removes
// the member.
func (m *Meta) SetPlanDraft(digest string) { m.setDraftDigest(planDraftKey, digest) }

// filesDraftKey is the member of meta.json holding the digest of the
// Directly Affected Files rtgit last drafted for the affected_files
// answer: an answer with that digest is the draft as rtgit wrote it, and
// follows the answers; any other is a person's list, never rewritten.
const filesDraftKey = "files_draft"

// FilesDraft returns the digest of the last drafted files answer, "" when
// none was recorded. A malformed member is an error naming it.
func (m *Meta) FilesDraft() (string, error) { return m.draftDigest(filesDraftKey) }

// SetFilesDraft records the digest of the files answer rtgit drafted; ""
// removes the member.
func (m *Meta) SetFilesDraft(digest string) { m.setDraftDigest(filesDraftKey, digest) }

// draftDigest reads the draft digest member key.
func (m *Meta) draftDigest(key string) (string, error) {
	raw, ok := m.Extra[key]
	if !ok || string(raw) == "null" {
		return "", nil
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil || !planDraftRe.MatchString(s) {
		return "", fmt.Errorf("meta.json: %s: want \"sha256:<64 hex digits>\", got %s", key, raw)
	}
	return s, nil
}

// setDraftDigest records digest under key; "" removes the member.
func (m *Meta) setDraftDigest(key, digest string) {
	if m.Extra == nil {
		m.Extra = map[string]json.RawMessage{}
	}
	if digest == "" {
		delete(m.Extra, key)
		return
	}
	data, _ := json.Marshal(digest)
	m.Extra[key] = data
}
