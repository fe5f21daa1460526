package meta

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"unicode/utf8"
)

// Known keys, in the order Marshal writes them. A fixed order keeps the
// diffs of meta.json in analysis commits down to what changed.
var (
	metaKeys = []string{
		"description", "source", "source_id", "slug", "created_at", "analysis_status",
		"phases_completed", "codebase_hash", "steps_completed", "depth_overrides",
		"elaborations", "elaboration_config", "quick_scan", "base_commit", "processed_comments",
		"revisions", "answer_digests", "acceptance", "answered_by", "source_url", "task_issues",
	}
	elaborationKeys = []string{"step_id", "turn_count", "personas_active", "timestamp", "synthesis_summary"}
	configKeys      = []string{"max_turns"}
	quickScanKeys   = []string{"scope", "complexity", "estimated_files", "confidence", "keywords", "candidate_files"}
)

// Marshal returns meta.json's content: JSON indented by two spaces with a
// final newline, known fields first, then Extra sorted by key.
//
// It first sets AnalysisStatus from PhasesCompleted (see StatusFor for plans
// longer than PhaseCount), drops the legacy phase_a_completed, and writes
// defaults for nil collections. It refuses to write anything Parse would
// reject, so a file rtgit wrote can always be read back.
func (m *Meta) Marshal() ([]byte, error) {
	m.AnalysisStatus = m.settled()
	for k, d := range m.DepthOverrides {
		if !validDepth(d) {
			return nil, fmt.Errorf("meta: depth_overrides[%q]: %q is not a depth; want brief, standard or deep", k, d)
		}
	}
	var o object
	o.add("description", m.Description)
	o.add("source", m.Source)
	// The seeds write null for an item with no external id; "" read from
	// older files means the same and is written back as null.
	if m.SourceID == "" {
		o.raw("source_id", []byte("null"))
	} else {
		o.add("source_id", m.SourceID)
	}
	if m.Slug != "" {
		o.add("slug", m.Slug)
	}
	o.add("created_at", m.CreatedAt)
	o.add("analysis_status", m.AnalysisStatus)
	o.add("phases_completed", orEmpty(m.PhasesCompleted))
	if m.CodebaseHash != "" {
		o.add("codebase_hash", m.CodebaseHash)
	}
	o.add("steps_completed", orEmpty(m.StepsCompleted))
	if m.DepthOverrides == nil {
		o.raw("depth_overrides", []byte("{}"))
	} else {
		o.add("depth_overrides", m.DepthOverrides)
	}
	o.raw("elaborations", elaborationsJSON(m.Elaborations, &o))
	o.raw("elaboration_config", configJSON(m.ElaborationConfig, &o))
	if m.QuickScan != nil {
		o.raw("quick_scan", quickScanJSON(m.QuickScan, &o))
	}
	if m.BaseCommit != "" {
		o.add("base_commit", m.BaseCommit)
	}
	if len(m.ProcessedComments) > 0 {
		o.raw("processed_comments", processedJSON(m.ProcessedComments, &o))
	}
	m.addRevisions(&o)
	if len(m.Acceptance) > 0 {
		o.raw("acceptance", acceptanceJSON(m.Acceptance, &o))
	}
	if len(m.AnsweredBy) > 0 {
		o.add("answered_by", m.AnsweredBy)
	}
	m.addSource(&o)
	o.extras(m.Extra, metaKeys, "")
	compact, err := o.close()
	if err != nil {
		return nil, err
	}
	var out bytes.Buffer
	if err := json.Indent(&out, compact, "", "  "); err != nil {
		return nil, fmt.Errorf("meta: %w", err)
	}
	out.WriteByte('\n')
	return out.Bytes(), nil
}

func elaborationsJSON(list []Elaboration, parent *object) []byte {
	buf := []byte{'['}
	for i, e := range list {
		if e.TurnCount < 0 {
			parent.fail("elaborations[%d].turn_count: %d is negative", i, e.TurnCount)
		}
		var o object
		o.add("step_id", e.StepID)
		o.add("turn_count", e.TurnCount)
		o.add("personas_active", orEmpty(e.PersonasActive))
		o.add("timestamp", e.Timestamp)
		o.add("synthesis_summary", e.SynthesisSummary)
		o.extras(e.extra, elaborationKeys, index("elaborations", i)+".")
		if i > 0 {
			buf = append(buf, ',')
		}
		buf = append(buf, parent.take(&o)...)
	}
	return append(buf, ']')
}

func configJSON(c ElaborationConfig, parent *object) []byte {
	if c.MaxTurns <= 0 {
		c.MaxTurns = DefaultMaxTurns
	}
	var o object
	o.add("max_turns", c.MaxTurns)
	o.extras(c.extra, configKeys, "elaboration_config.")
	return parent.take(&o)
}

func quickScanJSON(q *QuickScan, parent *object) []byte {
	if q.EstimatedFiles < 0 {
		parent.fail("quick_scan.estimated_files: %d is negative", q.EstimatedFiles)
	}
	var o object
	o.add("scope", q.Scope)
	o.add("complexity", q.Complexity)
	o.add("estimated_files", q.EstimatedFiles)
	o.add("confidence", q.Confidence)
	o.add("keywords", orEmpty(q.Keywords))
	if q.CandidateFiles != nil {
		o.add("candidate_files", q.CandidateFiles)
	}
	o.extras(q.extra, quickScanKeys, "quick_scan.")
	return parent.take(&o)
}

func orEmpty(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// object builds compact JSON for one object member by member, keeping the
// first error so the callers above can stay linear.
type object struct {
	buf []byte
	err error
}

func (o *object) fail(format string, args ...any) {
	if o.err == nil {
		o.err = fmt.Errorf("meta: "+format, args...)
	}
}

func (o *object) raw(key string, val []byte) {
	if len(o.buf) == 0 {
		o.buf = append(o.buf, '{')
	} else {
		o.buf = append(o.buf, ',')
	}
	k, _ := encode(key)
	o.buf = append(o.buf, k...)
	o.buf = append(o.buf, ':')
	o.buf = append(o.buf, val...)
}

func (o *object) add(key string, v any) {
	val, err := encode(v)
	if err != nil {
		o.fail("%s: %v", key, err)
		return
	}
	o.raw(key, val)
}

// extras writes unknown members sorted by key. prefix names the enclosing
// value in errors.
func (o *object) extras(extra map[string]json.RawMessage, known []string, prefix string) {
	keys := make([]string, 0, len(extra))
	for k := range extra {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if prefix == "" && k == legacyKey {
			continue // interface-spec §4.2: writers delete it
		}
		if slices.Contains(known, k) {
			o.fail("%s%s: set in Extra, but it is a known field", prefix, k)
			continue
		}
		// The value is copied through, so check it is what Parse accepts.
		raw := extra[k]
		var c bytes.Buffer
		if err := json.Compact(&c, raw); err != nil || !utf8.Valid(raw) {
			o.fail("%s%s: Extra value is not valid UTF-8 JSON", prefix, k)
			continue
		}
		o.raw(k, c.Bytes())
	}
}

// take closes child and returns its bytes, moving its error to o.
func (o *object) take(child *object) []byte {
	b, err := child.close()
	if err != nil && o.err == nil {
		o.err = err
	}
	return b
}

func (o *object) close() ([]byte, error) {
	if len(o.buf) == 0 {
		return []byte("{}"), o.err
	}
	return append(o.buf, '}'), o.err
}

// encode is json.Marshal without HTML escaping: meta.json is read by
// people, and "<" in a description should stay "<".
func encode(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}
