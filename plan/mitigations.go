package plan

import (
	"strings"

	"github.com/rtgit/rtgit/internal/lazyre"
)

// What of the risk mitigations answer is work. A person lists a decision
// per risk; some are work to do and check (a flag, a review, a guard
// pinned by a test), others accept the risk or leave it to what the plan
// already holds (its tests, its docs, the usual release). Only the first
// kind becomes a verify task.

var (
	// "accept; document …", "Accept and cover with tests": the risk is
	// taken, and any test or doc it mentions is the plan's test or docs
	// task.
	accepted = lazyre.New(`(?i)^(?:we\s+|I\s+)?accept(?:ed|s|ing)?\b`)
	// "covered by tests in both directions", "caught by the existing
	// suite".
	coveredBy = lazyre.New(`(?i)^(?:it\s+is\s+|this\s+is\s+|already\s+)?(?:covered|caught|guarded|pinned)\s+by\b`)
	// "a normal minor release with a CHANGELOG entry".
	asUsual = lazyre.New(`(?i)^(?:a|the|our)\s+(?:normal|usual|regular|standard)\s+(?:[\w-]+\s+)?release\b`)
	// "The config key itself is the feature flag (off by default)": the
	// change is its own switch, so there is no flag to build.
	ownSwitch = lazyre.New(`(?i)\b(?:is\s+)?itself(?:\s+is)?\s+the\s+(?:feature[- ])?(?:flag|switch|toggle)\b`)
)

// chosen reports whether a mitigation item, or a sentence of a
// mitigations answer without a list, is work the person chose to do.
func chosen(item string) bool {
	body := labelPrefix.ReplaceAllString(item, "")
	if declined.MatchString(body) || accepted.MatchString(body) || coveredBy.MatchString(body) || asUsual.MatchString(body) {
		return false
	}
	return !ownSwitch.MatchString(firstClause(item))
}

// mitigationTraces are what a mitigation serves: the ids it names; else
// the requirements and NFRs its subject names, or failing that the rest
// of it; else, as it guards the change as a whole, what the code tasks
// trace.
func (d *deriver) mitigationTraces(item string) []string {
	if t := ids(item); t != nil {
		return t
	}
	if t := d.namedBy(mitigationSubject(item)); t != nil {
		return t
	}
	if t := d.namedBy(labelPrefix.ReplaceAllString(item, "")); t != nil {
		return t
	}
	var out []string
	for _, c := range d.tasks {
		if c.Kind == KindCode {
			out = append(out, c.Traces...)
		}
	}
	return dedupe(out)
}

// mitigationSubject is what a mitigation is about: its label ("Scoping"
// of "Scoping: reuse the shared helper"), or its first clause.
func mitigationSubject(item string) string {
	if m := labelPrefix.FindString(item); m != "" {
		return strings.TrimSuffix(strings.TrimSpace(m), ":")
	}
	return firstClause(item)
}

// namedBy are the built requirements and NFRs whose title or category
// shares a word with subject: what a mitigation that names no id serves.
func (d *deriver) namedBy(subject string) []string {
	var out []string
	for _, r := range d.requirements() {
		if r.Title != "" && !wontHave(d.priority(r.ID)) && sharesTitleWord(r.Title, subject) {
			out = append(out, r.ID)
		}
	}
	for _, n := range d.nfrs() {
		if !wontHave(d.priority(n.ID)) && sharesTitleWord(n.Category, subject) {
			out = append(out, n.ID)
		}
	}
	return out
}
