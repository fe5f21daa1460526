package plan

// The kinds of task. A plan is phased by kind: tests first, then the code,
// then verification; docs tasks go with verification.
const (
	KindTest   = "test"
	KindCode   = "code"
	KindVerify = "verify"
	KindDocs   = "docs"
)

// Kinds lists every kind, in the order a plan's phases run.
var Kinds = []string{KindTest, KindCode, KindVerify, KindDocs}

// Task is one unit of work. The JSON names are part of rtgit's output
// (`rtgit tasks --json`, `rtgit check --json`) and do not change.
type Task struct {
	// ID is "T" and at least three digits: T001.
	ID    string `json:"id"`
	Title string `json:"title"`
	// Kind is one of KindTest, KindCode, KindVerify, KindDocs.
	Kind string `json:"kind"`
	// Traces holds the FR-, AC-, US-, NFR- and risk ids the task serves.
	Traces []string `json:"traces"`
	// Files are repository paths the task creates or changes.
	Files []string `json:"files"`
	// DependsOn names the tasks that must be done first.
	DependsOn []string `json:"depends_on"`
	// Parallel says the task may run beside the other parallel tasks of
	// its phase: it shares no file with them and waits for none of them.
	Parallel bool `json:"parallel"`
	// BlockedBy names the open questions (Q-NNN) the task waits on.
	BlockedBy []string `json:"blocked_by"`
	// Confirmed is true when a person confirmed the plan the task is in,
	// false for a derived draft nobody has confirmed yet.
	Confirmed bool `json:"confirmed"`

	// Line is the task's line in the text it was parsed from (1-based), or
	// 0 for a derived task; checks report problems at it.
	Line int `json:"-"`
}

// Plan is an analysis's build plan.
type Plan struct {
	Tasks []Task `json:"tasks"`
	// Confirmed is true when the plan is a person's answer to the tasks
	// question, false when it is the derived draft.
	Confirmed bool `json:"confirmed"`
}

// Task returns the task with the given id.
func (p Plan) Task(id string) (Task, bool) {
	for _, t := range p.Tasks {
		if t.ID == id {
			return t, true
		}
	}
	return Task{}, false
}

// Confirm returns the plan marked as a person's confirmed answer, every
// task included.
func (p Plan) Confirm() Plan {
	out := Plan{Confirmed: true, Tasks: make([]Task, len(p.Tasks))}
	for i, t := range p.Tasks {
		t.Confirmed = true
		out.Tasks[i] = t
	}
	return out
}

// normalize gives every nil list an empty one, so JSON shows [] rather
// than null and equal plans compare equal.
func (t *Task) normalize() {
	for _, l := range []*[]string{&t.Traces, &t.Files, &t.DependsOn, &t.BlockedBy} {
		if *l == nil {
			*l = []string{}
		}
	}
}
