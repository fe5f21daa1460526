package export

import (
	"github.com/rtgit/rtgit/model"
	"github.com/rtgit/rtgit/steps/roundtable"
)

// Analysis is an analysis as every layout is rendered from: the model of
// the analysis (package model, which reads the answers), with the build
// plan and the folder a layout writes to.
type Analysis struct {
	*model.Analysis
	// Feature is the folder a layout writes to, when it names the
	// feature (spec-kit's NNN-<slug>); Render sets it.
	Feature string
	// Tasks is the build plan: the one a person confirmed, else the draft
	// derived from the answers (TasksConfirmed false).
	Tasks          []Task
	TasksConfirmed bool
}

// Requirement, Story and Criterion are the model's: a layout renders them
// as the model read them.
type (
	Requirement = model.Requirement
	Story       = model.Story
	Criterion   = model.Criterion
)

// Task is one item of the build plan as the layouts list it.
type Task struct {
	ID, Title, Kind string
	Traces, Files   []string
	DependsOn       []string
	BlockedBy       []string // open questions (Q-NNN) the task waits on
	Parallel        bool
	Story           string // the US id the task serves, "" for none
	Confirmed       bool
}

// New builds the analysis every layout renders from what the step machine
// read: the model, read once, and the build plan derived from it.
func New(src *roundtable.Source) *Analysis {
	a := &Analysis{Analysis: src.Model()}
	a.setPlan()
	return a
}
