// Package meta reads and writes an analysis item's meta.json, the record of
// how far the analysis of one requirement has got (interface-spec §4,
// architecture-overview §5.2, elaboration-mode §5).
//
// Reading is stricter than the seed's readMetaJson: a missing field still
// gets its defensive default, but a field of the wrong type is an error that
// names the file and line. rtgit rewrites meta.json after every step, so
// defaulting a damaged field would erase whatever the user had there for
// good; refusing lets them repair it. Fields rtgit does not know are kept and
// written back, so other tools can store their own data in the same file.
package meta

import (
	"encoding/json"
	"slices"
	"time"
)

// Values of analysis_status.
const (
	StatusRaw      = "raw"
	StatusPartial  = "partial"
	StatusAnalyzed = "analyzed"
)

// PhaseCount is the number of phases in the default plan (interface-spec
// §2.4); DeriveStatus measures progress against it.
const PhaseCount = 5

// DefaultMaxTurns is the elaboration turn limit when meta.json sets none
// (elaboration-mode §5.1).
const DefaultMaxTurns = 10

// Depths an entry of depth_overrides may name.
var depths = []string{"brief", "standard", "deep"}

// legacyKey was replaced by analysis_status and phases_completed; writers
// must drop it (interface-spec §4.2).
const legacyKey = "phase_a_completed"

// legacyPhases are what phase_a_completed: true meant: the whole default plan.
var legacyPhases = []string{"00-quick-scan", "01-requirements", "02-impact-analysis", "03-architecture", "04-design"}

// Meta is the content of one meta.json.
type Meta struct {
	Description       string              `json:"description"`
	Source            string              `json:"source"`          // github|jira|manual
	SourceID          string              `json:"source_id"`       // written as null when empty
	Slug              string              `json:"slug"`            // the item's folder name, as the seeds' later versions record it
	CreatedAt         string              `json:"created_at"`      // RFC 3339 with milliseconds, UTC
	AnalysisStatus    string              `json:"analysis_status"` // raw|partial|analyzed; see Marshal
	PhasesCompleted   []string            `json:"phases_completed"`
	CodebaseHash      string              `json:"codebase_hash,omitempty"`
	StepsCompleted    []string            `json:"steps_completed"`
	DepthOverrides    map[string]string   `json:"depth_overrides"` // phase key -> brief|standard|deep
	Elaborations      []Elaboration       `json:"elaborations"`
	ElaborationConfig ElaborationConfig   `json:"elaboration_config"`
	QuickScan         *QuickScan          `json:"quick_scan,omitempty"`
	BaseCommit        string              `json:"base_commit,omitempty"`        // full SHA the analysis branch was cut from
	ProcessedComments []string            `json:"processed_comments,omitempty"` // comments already applied: "ic-…", "rc-…", "rv-…"; see processed.go
	Revisions         []Revision          `json:"revisions,omitempty"`          // finished steps applied again (revisions.go)
	AnswerDigests     map[string]string   `json:"answer_digests,omitempty"`     // step id -> digest of the answers last applied
	Acceptance        []Acceptance        `json:"acceptance,omitempty"`         // sign-off of areas (acceptance.go)
	AnsweredBy        map[string][]string `json:"answered_by,omitempty"`        // step id -> everyone who answered, revised or skipped it (acceptance.go)
	SourceURL         string              `json:"source_url,omitempty"`         // the issue the analysis started from (issues.go)
	TaskIssues        map[string]int      `json:"task_issues,omitempty"`        // task id -> the issue it was published as

	// Extra holds the top-level fields Meta does not know, as they were
	// read; Marshal writes them back after the known ones, sorted by key.
	Extra map[string]json.RawMessage `json:"-"`
}

// Elaboration records one elaboration-mode discussion. Records are only ever
// appended: a step elaborated twice has two.
type Elaboration struct {
	StepID           string   `json:"step_id"`
	TurnCount        int      `json:"turn_count"`
	PersonasActive   []string `json:"personas_active"`
	Timestamp        string   `json:"timestamp"`
	SynthesisSummary string   `json:"synthesis_summary"`

	extra map[string]json.RawMessage // unknown keys, kept for the round trip
}

// ElaborationConfig is the per-item override of elaboration limits.
type ElaborationConfig struct {
	MaxTurns int `json:"max_turns"`

	extra map[string]json.RawMessage
}

// QuickScan is the structured result of the quick-scan phase, which picks
// the depth of later phases (architecture-overview §8).
type QuickScan struct {
	Scope          string   `json:"scope"`
	Complexity     string   `json:"complexity"`
	EstimatedFiles int      `json:"estimated_files"`
	Confidence     string   `json:"confidence"`
	Keywords       []string `json:"keywords"`
	// CandidateFiles are the top files the scan ranked. Later phases name
	// them in their drafts; recording them spares every later step a
	// search of the whole repository. Nil in analyses recorded before the
	// field existed, which search again.
	CandidateFiles []string `json:"candidate_files,omitempty"`

	extra map[string]json.RawMessage
}

// New returns the meta of an item whose analysis has not started. An empty
// source means the item was entered by hand.
func New(description, source, sourceID string, now time.Time) *Meta {
	if source == "" {
		source = "manual"
	}
	m := &Meta{
		Description: description,
		Source:      source,
		SourceID:    sourceID,
		// The seed writes JavaScript's toISOString; keep the same shape so
		// files from both tools sort and compare alike.
		CreatedAt: now.UTC().Format("2006-01-02T15:04:05.000Z"),
	}
	m.setDefaults()
	m.AnalysisStatus = StatusRaw
	return m
}

// setDefaults applies interface-spec §4.1: collections are never nil, so
// callers can index and append without checking.
func (m *Meta) setDefaults() {
	if m.PhasesCompleted == nil {
		m.PhasesCompleted = []string{}
	}
	if m.StepsCompleted == nil {
		m.StepsCompleted = []string{}
	}
	if m.DepthOverrides == nil {
		m.DepthOverrides = map[string]string{}
	}
	if m.Elaborations == nil {
		m.Elaborations = []Elaboration{}
	}
	if m.ElaborationConfig.MaxTurns <= 0 {
		m.ElaborationConfig.MaxTurns = DefaultMaxTurns
	}
	if m.Extra == nil {
		m.Extra = map[string]json.RawMessage{}
	}
}

// StatusFor is the analysis status after done of total phases.
func StatusFor(done, total int) string {
	switch {
	case done <= 0:
		return StatusRaw
	case done < total:
		return StatusPartial
	default:
		return StatusAnalyzed
	}
}

// DeriveStatus is the status of an item on the default plan. A phase listed
// twice counts once, so a hand-edited duplicate cannot finish an analysis.
func DeriveStatus(phasesCompleted []string) string {
	return StatusFor(distinct(phasesCompleted), PhaseCount)
}

// settle makes status agree with phases. It cannot know the plan, so it
// accepts the one judgement only a caller with a larger plan can make (via
// StatusFor): that PhaseCount or more phases are done and the analysis is
// still partial. Everything else is derived, as interface-spec §4.2 asks.
func settle(status string, phases []string) string {
	d := DeriveStatus(phases)
	if d == StatusAnalyzed && status == StatusPartial {
		return StatusPartial
	}
	return d
}

func distinct(list []string) int {
	seen := make(map[string]bool, len(list))
	for _, s := range list {
		seen[s] = true
	}
	return len(seen)
}

// HasStep reports whether step id is recorded as done.
func (m *Meta) HasStep(id string) bool { return slices.Contains(m.StepsCompleted, id) }

// CompleteStep records step id as done. Recording it again changes nothing,
// so a step re-run after an interruption cannot count twice.
func (m *Meta) CompleteStep(id string) {
	if !m.HasStep(id) {
		m.StepsCompleted = append(m.StepsCompleted, id)
	}
}

// HasPhase reports whether the phase with key is recorded as done.
func (m *Meta) HasPhase(key string) bool { return slices.Contains(m.PhasesCompleted, key) }

// CompletePhase records the phase with key as done, once.
func (m *Meta) CompletePhase(key string) {
	if !m.HasPhase(key) {
		m.PhasesCompleted = append(m.PhasesCompleted, key)
	}
}

func validDepth(d string) bool { return slices.Contains(depths, d) }
