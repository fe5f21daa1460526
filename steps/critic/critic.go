// Package critic is the roundtable's requirements critic: a deterministic
// reader of answers that pushes back where a person reviewing them would.
// It finds vague words in requirements, targets nobody can measure,
// requirements without criteria or priority, stories linked to
// requirements that do not exist, decisions without reasons, and ids used
// twice. Each finding names the file and line to fix, a rule id, and says
// what is wrong in the voice of the persona who leads that part of the
// analysis.
//
// The critic reads answers, not artifacts, so the same check runs when a
// step completes, in `rtgit check`, and on drafts anyone (a person or a
// model) wrote before they are offered. It imports nothing but the domain.
package critic

import (
	"fmt"
	"sort"

	"github.com/rtgit/rtgit/model"
)

// Severity says what a finding does: an error blocks the step like an
// invalid answer; a warning is a review note.
type Severity string

// Severities, and "off" for a rule that is switched off.
const (
	Error   Severity = "error"
	Warning Severity = "warning"
	Off     Severity = "off"
)

// Persona keys the findings speak for.
const (
	Analyst   = "business-analyst"
	Architect = "solutions-architect"
)

// Answer is one answer the critic reads: the step and question it answers,
// where its text starts, and the text.
type Answer struct {
	Ref  string // "01-06.requirements"
	Path string // the answer file
	Line int    // the file line of the text's first line (1 if unknown)
	Text string
}

// Finding is one thing the critic pushes back on.
type Finding struct {
	Path     string   `json:"path"`
	Line     int      `json:"line"`
	Rule     string   `json:"rule"`
	Severity Severity `json:"severity"`
	Persona  string   `json:"persona"` // the key of the persona who says it
	Message  string   `json:"message"` // in that persona's voice
}

// String is "path:line: message [rule]".
func (f Finding) String() string {
	return fmt.Sprintf("%s:%d: %s [%s]", f.Path, f.Line, f.Message, f.Rule)
}

// Check runs every rule cfg leaves on over answers and returns the
// findings ordered by file and line. Answers are matched to rules by Ref;
// the ones no rule reads are ignored.
func Check(cfg Config, answers []Answer) []Finding {
	c := &checker{cfg: cfg.withDefaults(), by: map[string]Answer{}}
	for _, a := range answers {
		if a.Line < 1 {
			a.Line = 1
		}
		c.by[a.Ref] = a
	}
	c.requirements()
	c.nfrs()
	c.stories()
	c.priorities()
	c.decisions()
	sort.SliceStable(c.out, func(i, j int) bool {
		if c.out[i].Path != c.out[j].Path {
			return c.out[i].Path < c.out[j].Path
		}
		return c.out[i].Line < c.out[j].Line
	})
	return c.out
}

// Errors and Warnings split findings by severity.
func Errors(fs []Finding) []Finding   { return bySeverity(fs, Error) }
func Warnings(fs []Finding) []Finding { return bySeverity(fs, Warning) }

func bySeverity(fs []Finding, s Severity) []Finding {
	var out []Finding
	for _, f := range fs {
		if f.Severity == s {
			out = append(out, f)
		}
	}
	return out
}

// In keeps the findings located in path.
func In(fs []Finding, path string) []Finding {
	var out []Finding
	for _, f := range fs {
		if f.Path == path {
			out = append(out, f)
		}
	}
	return out
}

type checker struct {
	cfg Config
	by  map[string]Answer
	out []Finding
	frs *[]model.RequirementAt // 01-06 as the model reads it, once several rules asked
}

func (c *checker) answer(ref string) (Answer, bool) {
	a, ok := c.by[ref]
	return a, ok && a.Text != ""
}

// add records a finding unless its rule is off.
func (c *checker) add(a Answer, i int, rule, persona, format string, args ...any) {
	sev := c.cfg.severity(rule)
	if sev == Off {
		return
	}
	c.out = append(c.out, Finding{Path: a.Path, Line: a.Line + i, Rule: rule, Severity: sev, Persona: persona,
		Message: fmt.Sprintf(format, args...)})
}
