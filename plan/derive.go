package plan

import (
	"fmt"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/rtgit/rtgit/model"
	"github.com/rtgit/rtgit/steps/critic"
)

// Derive computes an analysis's build plan from its answers and scan,
// without a model. The rules, in the order their tasks are numbered:
//
//   - tests: each functional requirement with acceptance criteria (not a
//     Won't Have) gets a test task tracing the requirement, its criteria
//     and the stories that link it; each contract operation with a route,
//     or called from a module other than its own, gets a contract-test
//     task; a bug's regression tests each get one;
//   - code: each module of the module design gets a task with the module's
//     files; a bug's chosen fix gets one with the affected files; an
//     affected file no other task touches gets one of its own;
//   - verify: each measurable NFR, each risk mitigation that is a flag, a
//     migration, a rollout or monitoring, and a bug's monitoring;
//   - docs: the affected documentation files, and a changelog entry where
//     the repository keeps a changelog.
//
// Dependencies come from the build order where the user gave one, from the
// design otherwise (a module that uses a name another module defines waits
// for it), and code waits for the tests of the requirements it traces only
// where an answer asks for tests first. A task touched by an open question
// is blocked by it. Titles are quoted from the answers and the scan; the
// only words Derive adds say what kind of work a task is. The plan is not
// confirmed: a person confirms it by answering the tasks question.
func Derive(src Sources) Plan {
	d := &deriver{src: src, owner: map[string]bool{}}
	d.tests()
	d.code()
	d.verify()
	d.docs()
	d.number()
	d.dependencies()
	d.blocked()
	d.parallel()
	// A task traces only what the analysis defines: an id an answer
	// mentions in passing, but no step defines, is not a trace.
	known := AnalysisOf(src).IDs
	out := Plan{Tasks: make([]Task, len(d.tasks))}
	for i, t := range d.tasks {
		t.Traces = slices.DeleteFunc(t.Traces, func(id string) bool { return !slices.Contains(known, id) })
		t.Task.normalize()
		out.Tasks[i] = t.Task
	}
	return out
}

// draft is a task being derived, with what the dependency rules need.
type draft struct {
	Task
	module *module // the module a code task builds
	fr     string  // the requirement a test task tests
	text   string  // the answer text the task came from, for mentions
}

type deriver struct {
	src   Sources
	tasks []*draft
	mods  []*module
	owner map[string]bool // files some task already touches
	prio  map[string]string
}

type module struct {
	name     string
	text     string // the whole block
	sections map[string][]string
	types    []string // the types its code defines
	funcs    []string // the functions its code defines
	ops      []string // contract operations its task covers
	task     *draft
}

func (d *deriver) add(t *draft) *draft {
	d.tasks = append(d.tasks, t)
	for _, f := range t.Files {
		d.owner[f] = true
	}
	return t
}

func (d *deriver) priority(id string) string {
	if d.prio == nil {
		d.prio = model.ParsePriorities(d.src.Priorities).Of
	}
	return d.prio[id]
}

func wontHave(p string) bool { return strings.EqualFold(p, "Won't Have") }

// tests derives the test tasks.
func (d *deriver) tests() {
	stories := model.ParseStories(d.src.Stories)
	reqs, _ := model.ParseRequirements(d.src.Requirements)
	testFiles := d.testFiles()
	for _, r := range reqs {
		if len(r.Criteria) == 0 || wontHave(d.priority(r.ID)) {
			continue
		}
		traces := []string{r.ID}
		for _, c := range r.Criteria {
			traces = append(traces, c.ID)
		}
		for _, s := range stories {
			if slices.Contains(s.LinkedRequirements, r.ID) {
				traces = append(traces, s.ID)
			}
		}
		title := r.Title
		if title == "" {
			title = firstClause(r.Statement)
		}
		d.add(&draft{Task: Task{Kind: KindTest, Title: "Tests for " + r.ID + " " + title, Traces: traces,
			Files: filesNamedIn(r.Statement+" "+criteriaText(r), testFiles)}, fr: r.ID, text: r.Statement})
	}
	d.mods = parseModules(d.src.Modules)
	for _, op := range operations(d.src.Contracts) {
		own := d.moduleOf(op)
		external := op.route != ""
		for _, m := range d.mods {
			if m != own && mentions(m.text, op.name) {
				external = true
			}
		}
		if !external {
			if own != nil {
				own.ops = append(own.ops, op.name)
			}
			continue
		}
		title := "Contract tests for " + op.name
		if op.route != "" {
			title += " (" + op.route + ")"
		}
		d.add(&draft{Task: Task{Kind: KindTest, Title: title, Files: testFiles}, module: own, text: op.name})
	}
	for _, s := range sentences(firstNonEmpty(d.src.RegressionTests, d.src.TestGaps)) {
		if declined.MatchString(s) {
			continue
		}
		d.add(&draft{Task: Task{Kind: KindTest, Title: s, Traces: ids(s), Files: filesNamedIn(s, testFiles)}, text: s})
	}
	// Test tasks that name no test file share the affected ones.
	for _, t := range d.tasks {
		if len(t.Files) == 0 {
			t.Files = testFiles
		}
		for _, f := range t.Files {
			d.owner[f] = true
		}
	}
}

func criteriaText(r model.Requirement) string {
	var b strings.Builder
	for _, c := range r.Criteria {
		b.WriteString(c.Text + " ")
	}
	return b.String()
}

// code derives the implementation tasks.
func (d *deriver) code() {
	for _, m := range d.mods {
		title := m.name
		if r := m.responsibility(); r != "" {
			title += ": " + r
		}
		if len(m.ops) > 0 {
			title += " (" + strings.Join(m.ops, ", ") + ")"
		}
		m.task = d.add(&draft{Task: Task{Kind: KindCode, Title: title, Traces: ids(m.text), Files: d.moduleFiles(m)},
			module: m, text: m.text})
	}
	if fix := firstSentence(d.src.Fix); fix != "" {
		var files []string
		for _, f := range d.src.Affected {
			if !isTestFile(f) && !isDocFile(f) && !d.owner[f] {
				files = append(files, f)
			}
		}
		d.add(&draft{Task: Task{Kind: KindCode, Title: fix, Traces: ids(d.src.Fix), Files: files}, text: d.src.Fix})
	}
	for _, f := range d.src.Affected {
		if d.owner[f] || isDocFile(f) {
			continue
		}
		kind := KindCode
		if isTestFile(f) {
			kind = KindTest
		}
		d.add(&draft{Task: Task{Kind: kind, Title: "Change " + f, Files: []string{f}}, text: f})
	}
}

// verify derives the verification tasks.
func (d *deriver) verify() {
	for _, n := range model.ParseNFRs(d.src.NFRs) {
		if !critic.Measurable(n.Target) || wontHave(d.priority(n.ID)) {
			continue
		}
		d.add(&draft{Task: Task{Kind: KindVerify, Title: "Verify " + n.ID + " " + n.Category + ": " + n.Target, Traces: []string{n.ID}}, text: n.Target})
	}
	for _, s := range sentences(d.src.Mitigations) {
		if mitigation.MatchString(s) && !declined.MatchString(s) {
			d.add(&draft{Task: Task{Kind: KindVerify, Title: s, Traces: ids(s)}, text: s})
		}
	}
	for _, s := range sentences(d.src.Monitoring) {
		if declined.MatchString(s) {
			continue
		}
		d.add(&draft{Task: Task{Kind: KindVerify, Title: s, Traces: ids(s)}, text: s})
	}
}

// docs derives the documentation tasks.
func (d *deriver) docs() {
	var files []string
	for _, f := range d.src.Affected {
		if isDocFile(f) && !d.owner[f] {
			files = append(files, f)
		}
	}
	if len(files) > 0 && d.src.Description != "" {
		d.add(&draft{Task: Task{Kind: KindDocs, Title: "Update " + strings.Join(files, ", ") + ": " + d.src.Description, Files: files}})
	}
	if c := d.src.Changelog; c != "" && !d.owner[c] && d.src.Description != "" {
		d.add(&draft{Task: Task{Kind: KindDocs, Title: "Add a " + c + " entry: " + d.src.Description, Files: []string{c}}})
	}
}

// number sorts the tasks into phases and gives them their ids.
func (d *deriver) number() {
	slices.SortStableFunc(d.tasks, func(a, b *draft) int { return phase(a.Kind) - phase(b.Kind) })
	for i, t := range d.tasks {
		t.ID = fmt.Sprintf("T%03d", i+1)
	}
}

func phase(kind string) int { return slices.Index(Kinds, kind) }

var (
	// The mitigations that are work to verify rather than a promise.
	mitigation = regexp.MustCompile(`(?i)\b(feature[- ]flag|flag|toggle|migrat\w*|roll ?back|way back|roll ?out|staged|pilot|canary|monitor\w*|alert\w*|metric\w*|logged|logging|dashboard)\b`)
	conIDs     = regexp.MustCompile(`\bCON-\d{3}\b`)
	traceRe    = regexp.MustCompile(`\b(?:FR-\d{3}|AC-\d{3}-\d{2}|US-\d{3}|NFR-\d{3}|CON-\d{3})\b`)
	// A sentence that says there is nothing to do is not a task.
	declined  = regexp.MustCompile(`(?i)^(?:no|none|nothing|not needed|n/a)\b`)
	testFirst = regexp.MustCompile(`(?i)\btests?[- ]first\b|\btdd\b|\btest[- ]driven\b`)
)

// ids returns the requirement, criterion, story and NFR ids text names.
func ids(text string) []string {
	return dedupe(traceRe.FindAllString(text, -1))
}

func isTestFile(p string) bool {
	base := strings.ToLower(path.Base(p))
	for _, seg := range strings.Split(strings.ToLower(path.Dir(p)), "/") {
		if seg == "test" || seg == "tests" || seg == "spec" || seg == "__tests__" || seg == "testdata" {
			return true
		}
	}
	stem := strings.TrimSuffix(base, path.Ext(base))
	return strings.HasPrefix(stem, "test_") || strings.HasSuffix(stem, "_test") || strings.HasSuffix(stem, ".test") ||
		strings.HasSuffix(stem, "_spec") || strings.HasSuffix(stem, ".spec") || strings.HasSuffix(stem, "test") && stem != "test"
}

func isDocFile(p string) bool {
	ext := strings.ToLower(path.Ext(p))
	return ext == ".md" || ext == ".rst" || ext == ".adoc" || strings.HasPrefix(p, "docs/")
}

func (d *deriver) testFiles() []string {
	var out []string
	for _, f := range d.src.Affected {
		if isTestFile(f) {
			out = append(out, f)
		}
	}
	return out
}

// filesNamedIn returns the files of among that text names, or all of them
// when it names none.
func filesNamedIn(text string, among []string) []string {
	var out []string
	for _, f := range among {
		if strings.Contains(text, f) {
			out = append(out, f)
		}
	}
	if out == nil {
		return slices.Clone(among)
	}
	return out
}

func firstNonEmpty(s ...string) string {
	for _, x := range s {
		if strings.TrimSpace(x) != "" {
			return x
		}
	}
	return ""
}
