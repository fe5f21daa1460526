package plan

import (
	"path"
	"strings"

	"github.com/rtgit/rtgit/model"
)

// Sources is everything a plan is derived from: the requirements, stories,
// NFRs, modules and contract operations as the model of the analysis reads
// them, the answers that are free text (mitigations, the fix, the build
// order), and what the quick scan and impact analysis found. Each field is
// optional; a library that does not ask a question leaves its field empty
// and the rules that read it add nothing.
type Sources struct {
	// Description is the item's one-line description.
	Description string

	// Requirements are the functional requirements with their criteria,
	// Priorities the MoSCoW priorities, Stories the user stories and NFRs
	// the quality requirements, as the model of the analysis reads them.
	Requirements []model.Requirement
	Priorities   model.Priorities
	Stories      []model.Story
	NFRs         []model.NFR
	// Modules are the module design's modules, in the order asked;
	// Operations the interface contracts' operations.
	Modules    []model.Module
	Operations []model.Operation
	// RequirementsText, StoriesText and NFRsText are those answers as
	// written, for what they say in passing that no field above holds: an
	// NFR said not to be testable, tests asked for first, docs done
	// elsewhere, and the constraint (CON) ids they name.
	RequirementsText, StoriesText, NFRsText string

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

	// Other holds every other answer; it is only searched for what it
	// says in passing, as the *Text fields are.
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
