package verify

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/rtgit/rtgit/follow"
	"github.com/rtgit/rtgit/plan"
)

// Analysis is one analysis as the base branch holds it: the values verify
// checks a change against, read by ReadAnalysis (or built by a test).
type Analysis struct {
	Slug string
	// Dir is the analysis's folder (docs/requirements/<slug>).
	Dir  string
	Plan plan.Plan
	// ReadOnly are the files its impact analysis marks read-only.
	ReadOnly []string
	// Footprint are the files it plans to touch (portfolio.Footprint).
	Footprint []string
	// TaskIssues is the issue each task was published as (meta.json).
	TaskIssues map[string]int
}

// Change is the range being verified.
type Change interface {
	// ChangedFiles lists the files the range adds, changes or removes.
	ChangedFiles(ctx context.Context) ([]string, error)
	// Texts are where the change names what it does: its commit
	// messages, and a pull request's title and body when there is one.
	Texts(ctx context.Context) ([]string, error)
}

// Base holds the analyses merged into the base branch.
type Base interface {
	Analyses(ctx context.Context) ([]Analysis, error)
}

// Sources are the files of the change's head a test may live in.
type Sources interface {
	// TestFiles calls visit with each of paths that the head holds and
	// that is a test file as rtgit's scan tells one (IsTestFile), with
	// its content; a path the head does not hold is left out.
	TestFiles(ctx context.Context, paths []string, visit func(path string, data []byte) error) error
}

// Issues tells whether a published issue is closed. Only GitHub knows;
// a local run has none, and phantom work is then skipped with a note.
type Issues interface {
	// Closed reports whether issue number, published for a task of the
	// analysis slug, is closed.
	Closed(ctx context.Context, slug string, number int) (bool, error)
}

// History is what the base branch's merged changes did: whether one of
// them, after the analysis's merge, did task t, by the rule follow keeps
// for build progress (follow.Work), so that verify and rtgit status
// count the same tasks done.
type History interface {
	Done(ctx context.Context, a Analysis, t plan.Task) (bool, error)
}

// Input is what Run reads. Change and Base are required; the rest are
// optional and the checks that need them are skipped with a note.
type Input struct {
	Change  Change
	Base    Base
	Sources Sources
	// Reports are JUnit results, read with ReadJUnit.
	Reports []TestResult
	// Reported is true when JUnit reports were given (even empty ones).
	Reported bool
	Issues   Issues
	History  History
	Levels   Levels
}

// TaskRef is a task the change advances, and why.
type TaskRef struct {
	Analysis string `json:"analysis"`
	Task     string `json:"task"`
	Title    string `json:"title"`
	Issue    int    `json:"issue,omitempty"`
	// Files are the task's files the change touches.
	Files []string `json:"files"`
	// Named is true when the change names the task (its id or its issue).
	Named bool `json:"named"`
}

// Report is what verify found.
type Report struct {
	Files    []string    `json:"files"`
	Advances []TaskRef   `json:"advances"`
	Findings []Finding   `json:"findings"`
	Criteria []Criterion `json:"criteria"`
	// Notes say which checks were skipped and why.
	Notes []string `json:"notes"`
}

// Errors counts the error-level findings.
func (r Report) Errors() int {
	n := 0
	for _, f := range r.Findings {
		if f.Level == LevelError {
			n++
		}
	}
	return n
}

// Run verifies the change in in.
func Run(ctx context.Context, in Input) (Report, error) {
	r := Report{Files: []string{}, Advances: []TaskRef{}, Findings: []Finding{}, Criteria: []Criterion{}, Notes: []string{}}
	if in.Change == nil || in.Base == nil {
		return r, fmt.Errorf("verify: a change and a base are required")
	}
	files, err := in.Change.ChangedFiles(ctx)
	if err != nil {
		return r, err
	}
	sort.Strings(files)
	r.Files = append(r.Files, files...)
	texts, err := in.Change.Texts(ctx)
	if err != nil {
		return r, err
	}
	analyses, err := in.Base.Analyses(ctx)
	if err != nil {
		return r, err
	}
	sort.Slice(analyses, func(i, j int) bool { return analyses[i].Slug < analyses[j].Slug })
	changed := map[string]bool{}
	for _, f := range files {
		changed[f] = true
	}
	work := follow.NewWork(files, texts)
	add := func(f Finding) {
		f.Level = in.Levels.Of(f.Rule)
		if f.Level != LevelOff {
			r.Findings = append(r.Findings, f)
		}
	}
	var advanced []Analysis
	for _, a := range analyses {
		var tasks []plan.Task
		for _, t := range a.Plan.Tasks {
			// follow decides when a change does a task, for verify and
			// for build progress alike.
			hit := work.Changes(t)
			isNamed := work.Names(a.Slug, a.Footprint, t, a.TaskIssues[t.ID])
			if len(hit) == 0 && !isNamed {
				continue
			}
			tasks = append(tasks, t)
			r.Advances = append(r.Advances, TaskRef{Analysis: a.Slug, Task: t.ID, Title: t.Title, Issue: a.TaskIssues[t.ID], Files: nonNil(hit), Named: isNamed})
			if isNamed && len(hit) == 0 && len(t.Files) > 0 {
				add(Finding{Rule: RuleNamedNoFiles, Analysis: a.Slug, Task: t.ID, Path: a.tasksPath(), Line: t.Line,
					Message: fmt.Sprintf("the change names %s of %s%s but touches none of its files (%s)", t.ID, a.Slug, issueNote(a, t), strings.Join(t.Files, ", "))})
			}
		}
		unplanned(a, changed, add)
		if len(tasks) > 0 {
			// Only the tasks the change advances are checked for their
			// criteria: a change answers for the work it takes on.
			a.Plan = plan.Plan{Tasks: tasks, Confirmed: a.Plan.Confirmed}
			advanced = append(advanced, a)
		}
	}
	if err := criteria(ctx, in, advanced, &r, add); err != nil {
		return r, err
	}
	if err := phantoms(ctx, in, analyses, &r, add); err != nil {
		return r, err
	}
	sortFindings(r.Findings)
	return r, nil
}

func issueNote(a Analysis, t plan.Task) string {
	if n, ok := a.TaskIssues[t.ID]; ok {
		return fmt.Sprintf(" (issue #%d)", n)
	}
	return ""
}

// unplanned reports the changed files a marks read-only, and the changed
// files of its footprint that no task names.
func unplanned(a Analysis, changed map[string]bool, add func(Finding)) {
	inTask := map[string]bool{}
	for _, t := range a.Plan.Tasks {
		for _, f := range t.Files {
			inTask[f] = true
		}
	}
	for _, f := range a.ReadOnly {
		if changed[f] {
			add(Finding{Rule: RuleReadOnly, Path: f, Analysis: a.Slug,
				Message: fmt.Sprintf("%s marks %s read-only: the change was to leave it as it is", a.Slug, f)})
		}
	}
	for _, f := range a.Footprint {
		if changed[f] && !inTask[f] && !slices.Contains(a.ReadOnly, f) {
			add(Finding{Rule: RuleUnplanned, Path: f, Analysis: a.Slug,
				Message: fmt.Sprintf("%s names %s among the files it affects, but no task of its plan changes it", a.Slug, f)})
		}
	}
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func sortFindings(fs []Finding) {
	rank := map[Level]int{LevelError: 0, LevelWarning: 1, LevelNote: 2}
	sort.SliceStable(fs, func(i, j int) bool {
		a, b := fs[i], fs[j]
		if rank[a.Level] != rank[b.Level] {
			return rank[a.Level] < rank[b.Level]
		}
		if a.Analysis != b.Analysis {
			return a.Analysis < b.Analysis
		}
		if a.Path != b.Path {
			return a.Path < b.Path
		}
		return a.Criterion+a.Task < b.Criterion+b.Task
	})
}

// tasksPath is where a finding about a task, rather than a file, is
// placed: the task's line in the analysis's tasks.md, which is where a
// person would change the plan.
func (a Analysis) tasksPath() string {
	if a.Dir == "" {
		return ""
	}
	return a.Dir + "/tasks.md"
}
