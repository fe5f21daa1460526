package plan

import (
	"path"
	"strings"
)

// Sources is everything a plan is derived from: answers, as the people
// gave them, and what the quick scan and impact analysis found. Each field
// is optional; a library that does not ask a question leaves its field
// empty and the rules that read it add nothing.
type Sources struct {
	// Description is the item's one-line description.
	Description string

	// Requirements is the functional requirements answer ("FR-001: …"
	// lines with their criteria); Priorities the MoSCoW answer; Stories
	// the user stories answer; NFRs the quality requirements answer.
	Requirements, Priorities, Stories, NFRs string

	// Modules are the module design answers ("Module: <name>" blocks), in
	// the order asked.
	Modules []string
	// Contracts are the interface contract answers: YAML, or
	// "operation: <name> …" lines.
	Contracts []string

	// Affected is the impact analysis's Directly Affected Files, in table
	// order, without the read-only ones.
	Affected []string
	// ReadOnly are the files the answers say the change leaves as they
	// are ("unchanged", "stays as is"): no task touches one.
	ReadOnly []string
	// Files is the answer that lists the files to change, item by item;
	// an item naming a test file ties that file to what it says.
	Files string
	// Mitigations is the chosen risk mitigations answer.
	Mitigations string
	// BuildOrder is the user's build order, when given.
	BuildOrder string

	// Fix is a bug's chosen fix; RegressionTests the tests it adds, and
	// TestGaps the gaps that let the bug through.
	Fix, RegressionTests, TestGaps string
	// Monitoring is the alert or metric to add, when given.
	Monitoring string

	// Questions are the analysis's open questions.
	Questions []Question

	// Changelog is the repository's changelog file, "" when it keeps
	// none.
	Changelog string

	// Other holds every other answer; it is only searched for a request
	// to write the tests first.
	Other []string
}

// IsChangelog reports whether name, a path from the repository's root, is
// the kind of changelog a plan adds an entry to: CHANGELOG, CHANGES,
// HISTORY or NEWS at the root, with any extension.
func IsChangelog(name string) bool {
	if strings.Contains(name, "/") {
		return false
	}
	stem := strings.ToLower(strings.TrimSuffix(name, path.Ext(name)))
	return stem == "changelog" || stem == "changes" || stem == "history" || stem == "news"
}

// Question is an open question of the analysis.
type Question struct {
	ID, Text string
}
