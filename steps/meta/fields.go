package meta

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
)

// field decodes one known top-level member into m, or keeps an unknown one.
func (p *parser) field(m *Meta, mb member) error {
	var err error
	switch mb.key {
	case "description":
		m.Description, err = p.str(mb.value, mb.path)
	case "source":
		m.Source, err = p.str(mb.value, mb.path)
	case "source_id":
		m.SourceID, err = p.str(mb.value, mb.path)
	case "slug":
		m.Slug, err = p.str(mb.value, mb.path)
	case "created_at":
		m.CreatedAt, err = p.str(mb.value, mb.path)
	case "analysis_status":
		m.AnalysisStatus, err = p.str(mb.value, mb.path)
	case "phases_completed":
		m.PhasesCompleted, err = p.strs(mb.value, mb.path)
	case "codebase_hash":
		m.CodebaseHash, err = p.str(mb.value, mb.path)
	case "steps_completed":
		m.StepsCompleted, err = p.strs(mb.value, mb.path)
	case "depth_overrides":
		m.DepthOverrides, err = p.depthOverrides(mb.value, mb.path)
	case "elaborations":
		m.Elaborations, err = p.elaborations(mb.value, mb.path)
	case "elaboration_config":
		m.ElaborationConfig, err = p.elaborationConfig(mb.value, mb.path)
	case "quick_scan":
		m.QuickScan, err = p.quickScan(mb.value, mb.path)
	case "base_commit":
		m.BaseCommit, err = p.str(mb.value, mb.path)
	case "processed_comments":
		m.ProcessedComments, err = p.processed(mb.value, mb.path)
	case "revisions":
		m.Revisions, err = p.revisions(mb.value, mb.path)
	case "answer_digests":
		m.AnswerDigests, err = p.digests(mb.value, mb.path)
	case "acceptance":
		m.Acceptance, err = p.acceptance(mb.value, mb.path)
	case "answered_by":
		m.AnsweredBy, err = p.answeredBy(mb.value, mb.path)
	case "source_url":
		m.SourceURL, err = p.str(mb.value, mb.path)
	case "task_issues":
		m.TaskIssues, err = p.taskIssues(mb.value, mb.path)
	default:
		m.Extra[mb.key] = mb.raw
	}
	return err
}

// The decoders below check the JSON type before decoding, so a mismatch is
// reported in JSON's terms ("got string") at the value's own position.

func (p *parser) want(v value, path, what string) error {
	return p.errAt(v.off, "%s: want %s, got %s", path, what, kind(v.raw))
}

func (p *parser) str(v value, path string) (string, error) {
	if kind(v.raw) != "string" {
		return "", p.want(v, path, "a string")
	}
	var s string
	if err := json.Unmarshal(v.raw, &s); err != nil {
		return "", p.errAt(v.off, "%s: %v", path, err)
	}
	return s, nil
}

func (p *parser) boolean(v value, path string) (bool, error) {
	if kind(v.raw) != "boolean" {
		return false, p.want(v, path, "true or false")
	}
	return string(v.raw) == "true", nil
}

// integer accepts only plain integers in [lo, hi]: 1.0 or 1e3 in a count is
// more likely a mistake than intent.
func (p *parser) integer(v value, path string, lo, hi int64) (int64, error) {
	what := "an integer"
	if lo == 0 {
		what = "a non-negative integer"
	}
	if kind(v.raw) != "number" {
		return 0, p.want(v, path, what)
	}
	n, err := strconv.ParseInt(string(v.raw), 10, 64)
	if err != nil || n < lo || n > hi {
		return 0, p.errAt(v.off, "%s: want %s, got %s", path, what, v.raw)
	}
	return n, nil
}

func (p *parser) count(v value, path string) (int, error) {
	n, err := p.integer(v, path, 0, math.MaxInt)
	return int(n), err
}

func (p *parser) array(v value, path, what string) ([]value, error) {
	if kind(v.raw) != "array" {
		return nil, p.want(v, path, what)
	}
	return p.elements(v, path)
}

func (p *parser) object(v value, path string) ([]member, error) {
	if kind(v.raw) != "object" {
		return nil, p.want(v, path, "an object")
	}
	return p.members(v, path)
}

func (p *parser) strs(v value, path string) ([]string, error) {
	items, err := p.array(v, path, "an array of strings")
	if err != nil {
		return nil, err
	}
	out := make([]string, 0, len(items))
	for i, it := range items {
		s, err := p.str(it, index(path, i))
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}

// arrayOf reads an array of objects into a []T: field stores one member
// of an element, or refuses it with an error naming its path. Every
// array-of-objects member of meta.json is read this way, so each reports
// a wrong element, a wrong member and a wrong array alike.
func arrayOf[T any](p *parser, v value, path string, field func(*T, member) error) ([]T, error) {
	items, err := p.array(v, path, "an array of objects")
	if err != nil {
		return nil, err
	}
	out := make([]T, 0, len(items))
	for i, it := range items {
		members, err := p.object(it, index(path, i))
		if err != nil {
			return nil, err
		}
		var t T
		for _, mb := range members {
			if err := field(&t, mb); err != nil {
				return nil, err
			}
		}
		out = append(out, t)
	}
	return out, nil
}

func index(path string, i int) string { return fmt.Sprintf("%s[%d]", path, i) }

func (p *parser) depthOverrides(v value, path string) (map[string]string, error) {
	return p.strMap(v, path, func(mb member, d string) error {
		if !validDepth(d) {
			return p.errAt(mb.off, "%s: %q is not a depth; want brief, standard or deep", mb.path, d)
		}
		return nil
	})
}

// strMap reads an object of strings; check, when not nil, refuses a value
// with an error naming its member.
func (p *parser) strMap(v value, path string, check func(member, string) error) (map[string]string, error) {
	members, err := p.object(v, path)
	if err != nil {
		return nil, err
	}
	out := make(map[string]string, len(members))
	for _, mb := range members {
		s, err := p.str(mb.value, mb.path)
		if err != nil {
			return nil, err
		}
		if check != nil {
			if err := check(mb, s); err != nil {
				return nil, err
			}
		}
		out[mb.key] = s
	}
	return out, nil
}

func (p *parser) elaborations(v value, path string) ([]Elaboration, error) {
	out, err := arrayOf(p, v, path, func(e *Elaboration, mb member) (err error) {
		if mb.isNull() && slices.Contains(elaborationKeys, mb.key) {
			return nil
		}
		switch mb.key {
		case "step_id":
			e.StepID, err = p.str(mb.value, mb.path)
		case "turn_count":
			e.TurnCount, err = p.count(mb.value, mb.path)
		case "personas_active":
			e.PersonasActive, err = p.strs(mb.value, mb.path)
		case "timestamp":
			e.Timestamp, err = p.str(mb.value, mb.path)
		case "synthesis_summary":
			e.SynthesisSummary, err = p.str(mb.value, mb.path)
		default:
			e.extra = keep(e.extra, mb)
		}
		return err
	})
	for i := range out {
		if out[i].PersonasActive == nil {
			out[i].PersonasActive = []string{}
		}
	}
	return out, err
}

func (p *parser) elaborationConfig(v value, path string) (ElaborationConfig, error) {
	var c ElaborationConfig
	members, err := p.object(v, path)
	if err != nil {
		return c, err
	}
	for _, mb := range members {
		switch {
		case mb.isNull() && mb.key == "max_turns":
		case mb.key == "max_turns":
			// Zero and below are defaulted, not refused: the seed treats
			// them as "no limit configured" (elaboration-mode §5.1).
			var n int64
			if n, err = p.integer(mb.value, mb.path, math.MinInt, math.MaxInt); err != nil {
				return c, err
			}
			c.MaxTurns = int(n)
		default:
			c.extra = keep(c.extra, mb)
		}
	}
	return c, nil
}

func (p *parser) quickScan(v value, path string) (*QuickScan, error) {
	members, err := p.object(v, path)
	if err != nil {
		return nil, err
	}
	q := &QuickScan{}
	for _, mb := range members {
		if mb.isNull() && slices.Contains(quickScanKeys, mb.key) {
			continue
		}
		switch mb.key {
		case "scope":
			q.Scope, err = p.str(mb.value, mb.path)
		case "complexity":
			q.Complexity, err = p.str(mb.value, mb.path)
		case "estimated_files":
			q.EstimatedFiles, err = p.count(mb.value, mb.path)
		case "confidence":
			q.Confidence, err = p.str(mb.value, mb.path)
		case "keywords":
			q.Keywords, err = p.strs(mb.value, mb.path)
		case "candidate_files":
			q.CandidateFiles, err = p.strs(mb.value, mb.path)
		default:
			q.extra = keep(q.extra, mb)
		}
		if err != nil {
			return nil, err
		}
	}
	if q.Keywords == nil {
		q.Keywords = []string{}
	}
	return q, nil
}

func keep(extra map[string]json.RawMessage, mb member) map[string]json.RawMessage {
	if extra == nil {
		extra = map[string]json.RawMessage{}
	}
	extra[mb.key] = mb.raw
	return extra
}
