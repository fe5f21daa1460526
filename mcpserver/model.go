package mcpserver

// The view of an analysis the server serves. The Backend fills it from
// the analysis's structure; field names are what an agent reads.

// Row is one analysis in the list.
type Row struct {
	Slug  string `json:"slug"`
	State string `json:"state"` // the open step's id, "ready", "merged"
	Done  int    `json:"steps_done"`
	Total int    `json:"steps_total"`
	Tasks int    `json:"tasks"`
}

// Analysis is one analysis as the tools read it.
type Analysis struct {
	Slug        string            `json:"slug"`
	Description string            `json:"description"`
	Library     string            `json:"library"`
	State       string            `json:"state"`
	Done, Total int               `json:"-"`
	Scope       string            `json:"scope,omitempty"`
	SignOff     map[string]string `json:"signoff,omitempty"`
	Ready       bool              `json:"ready"`
	Missing     []string          `json:"missing,omitempty"` // what keeps it from being ready

	Requirements   []Requirement `json:"-"`
	NFRs           []NFR         `json:"-"`
	Stories        []Story       `json:"-"`
	Decisions      []Decision    `json:"-"`
	Modules        []Module      `json:"-"`
	Tasks          []Task        `json:"-"`
	TasksConfirmed bool          `json:"-"`
	Open           []Question    `json:"-"`
	Files          []File        `json:"-"`
	// Artifacts are the file names of the analysis's folder, served as
	// resources.
	Artifacts []string `json:"-"`
}

// Requirement is a functional requirement with its criteria.
type Requirement struct {
	ID        string      `json:"id"`
	Title     string      `json:"title"`
	Statement string      `json:"statement,omitempty"`
	Priority  string      `json:"priority,omitempty"`
	Criteria  []Criterion `json:"criteria,omitempty"`
	Stories   []string    `json:"stories,omitempty"`
}

// Criterion is an acceptance criterion, with its Given/When/Then steps
// when it is written so.
type Criterion struct {
	ID    string   `json:"id"`
	Text  string   `json:"text"`
	Steps []string `json:"steps,omitempty"` // "Given …", "When …", "Then …"
}

// NFR is a quality requirement.
type NFR struct {
	ID       string `json:"id"`
	Category string `json:"category,omitempty"`
	Target   string `json:"target"`
}

// Story is a user story.
type Story struct {
	ID           string   `json:"id"`
	Text         string   `json:"text"`
	Priority     string   `json:"priority,omitempty"`
	Requirements []string `json:"requirements,omitempty"`
}

// Decision is an architecture decision record.
type Decision struct {
	ID      string   `json:"id"` // ADR-0001
	Title   string   `json:"title"`
	Chosen  string   `json:"chosen"`
	Options []string `json:"options,omitempty"`
	Why     string   `json:"why,omitempty"`
}

// Module is one module's design.
type Module struct {
	Name     string              `json:"name"`
	Sections map[string][]string `json:"sections,omitempty"`
}

// Task is one task of the build plan.
type Task struct {
	ID        string   `json:"id"`
	Title     string   `json:"title"`
	Kind      string   `json:"kind"`
	Traces    []string `json:"traces,omitempty"`
	Files     []string `json:"files,omitempty"`
	DependsOn []string `json:"depends_on,omitempty"`
	BlockedBy []string `json:"blocked_by,omitempty"`
	Parallel  bool     `json:"parallel,omitempty"`
}

// Question is an open question.
type Question struct {
	ID   string `json:"id"`
	Text string `json:"text"`
}

// File is one file the analysis names, with its kind of change.
type File struct {
	Path   string `json:"path"`
	Change string `json:"change"`
}

// Check is the readiness gate's answer.
type Check struct {
	Ready    bool      `json:"ready"`
	Findings []Finding `json:"findings"`
}

// Finding is one thing the gate found.
type Finding struct {
	Kind    string `json:"kind"` // missing, clarification, open_question, stale, review, signoff
	Level   string `json:"level"`
	Message string `json:"message"`
	Path    string `json:"path,omitempty"`
	Line    int    `json:"line,omitempty"`
}
