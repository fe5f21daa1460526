package meta

import (
	"encoding/json"
	"fmt"
)

// libraryKey records which step library an analysis follows ("feature",
// "bug", …). It is kept among the fields the seeds do not define, so files
// written before libraries existed read as the feature library.
const libraryKey = "library"

// Library returns the analysis's library, "" when meta.json names none.
// name is the file, for the error when the field is not a string.
func (m *Meta) Library(name string) (string, error) {
	raw, ok := m.Extra[libraryKey]
	if !ok {
		return "", nil
	}
	var lib string
	if err := json.Unmarshal(raw, &lib); err != nil {
		return "", fmt.Errorf("%s: %q must be a string naming a step library, such as \"feature\" or \"bug\"", name, libraryKey)
	}
	return lib, nil
}

// SetLibrary records the analysis's library.
func (m *Meta) SetLibrary(lib string) {
	if m.Extra == nil {
		m.Extra = map[string]json.RawMessage{}
	}
	data, _ := json.Marshal(lib)
	m.Extra[libraryKey] = data
}

// settled is settle for this analysis. An analysis on another library
// than feature has its own number of phases, which only the plan knows:
// its recorded status stands, as long as the phases do not say raw.
func (m *Meta) settled() string {
	lib, err := m.Library("")
	if err != nil || lib == "" || lib == "feature" {
		return settle(m.AnalysisStatus, m.PhasesCompleted)
	}
	switch {
	case distinct(m.PhasesCompleted) == 0:
		return StatusRaw
	case m.AnalysisStatus == StatusAnalyzed:
		return StatusAnalyzed
	}
	return StatusPartial
}
