package plan

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/rtgit/rtgit/internal/lazyre"
	"github.com/rtgit/rtgit/model"
	"github.com/rtgit/rtgit/steps/critic"
)

// Derive computes an analysis's build plan from its answers, as the model
// of the analysis read them, and its scan, without an AI model. The
// rules, in the order their tasks are numbered (docs/tasks.md has them in
// full):
//
//   - tests: each functional requirement with acceptance criteria (not a
//     Won't Have) gets a test task tracing the requirement, its criteria
//     and the stories that link it, touching the test files tied to it
//     (ties.go); a requirement about documentation gets a docs task
//     instead; each contract operation with a route, or called from a
//     module other than its own, gets a contract-test task; a bug's
//     regression tests each get one;
//   - code: each module of the module design gets a task with the module's
//     files, tracing the requirements that name it, its files or its
//     interfaces; a bug's chosen fix gets one with the affected files; an
//     affected file no other task touches gets one of its own;
//   - verify: each measurable NFR, each NFR the answers call not testable
//     (a check by hand), each item of the mitigations list whole, and a
//     bug's monitoring;
//   - docs: the affected documentation files, and a changelog entry where
//     the repository keeps a changelog;
//   - and nothing the answers rule out (ruleout.go): a changelog or docs
//     task done elsewhere or later, a read-only file, a duplicate.
//
// Dependencies come from the build order where the user gave one, from the
// design otherwise (a module that uses a name another module defines waits
// for it), and code waits for the tests of the requirements it traces
// where an answer asks for tests first, by name or in plain words
// (order.go). A task touched by an open question is blocked by it. Titles
// are quoted from the answers and the scan; the only words Derive adds say
// what kind of work a task is. The plan is not confirmed: a person confirms
// it by answering the tasks question.
func Derive(src Sources) Plan {
	d := &deriver{src: src, owner: map[string]bool{}}
	d.modules()
	d.tests()
	d.code()
	d.verify()
	d.docs()
	d.ruleOut()
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
	module *module  // the module a code task builds
	frs    []string // the requirements a test or docs task is for
	text   string   // the answer text the task came from, for mentions
}

type deriver struct {
	src    Sources
	tasks  []*draft
	mods   []*module
	owner  map[string]bool     // files some task already touches
	docsOf map[string][]string // a requirement's documentation files, read once
	ties   map[string]bool     // requirement id + module name -> tied, read once
}

type module struct {
	name     string
	text     string // the whole block
	sections map[string][]string
	types    []string // the types its code defines
	funcs    []string // the functions its code defines
	ops      []string // contract operations its task covers
	files    []string // the affected files that are the module
	routes   []string // the routes of its contract operations
	ifaces   []string // its interfaces, read once (interfaces)
	task     *draft
}

func (d *deriver) add(t *draft) *draft {
	d.tasks = append(d.tasks, t)
	for _, f := range t.Files {
		d.owner[f] = true
	}
	return t
}

func (d *deriver) priority(id string) string { return d.src.Priorities.Of[id] }

func wontHave(p string) bool { return strings.EqualFold(p, "Won't Have") }

// modules reads the module design and the files each module is.
func (d *deriver) modules() {
	d.mods = modulesOf(d.src.Modules)
	for _, m := range d.mods {
		m.files = d.moduleFiles(m)
	}
	d.placeModules()
	for _, op := range d.src.Operations {
		if own := d.moduleOf(op); own != nil && op.Route != "" {
			own.routes = append(own.routes, op.Route)
		}
	}
}

// tests derives the test tasks, and the docs tasks of the requirements
// about documentation.
func (d *deriver) tests() {
	stories := d.src.Stories
	reqs := d.requirements()
	testFiles := d.testFiles()
	items := d.fileItems(testFiles)
	var pending []*draft     // test tasks nothing ties a test file to
	tied := map[string]int{} // test file -> requirements tied to it
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
		if docs := d.docFilesOf(r); docs != nil {
			what := "Document " + r.ID + " " + title
			if len(docs) > 0 {
				what = "Update " + strings.Join(docs, ", ") + " for " + r.ID + " " + title
			}
			d.add(&draft{Task: Task{Kind: KindDocs, Title: what, Traces: traces, Files: docs}, frs: []string{r.ID}, text: r.Statement})
			continue
		}
		t := d.add(&draft{Task: Task{Kind: KindTest, Title: "Tests for " + r.ID + " " + title, Traces: traces,
			Files: d.testFilesOf(r, testFiles, items)}, frs: []string{r.ID}, text: r.Statement})
		if len(t.Files) == 0 {
			pending = append(pending, t)
		}
		for _, f := range t.Files {
			tied[f]++
		}
	}
	// A requirement nothing ties to a test file gets the test files no
	// requirement is tied to, which are there for something; else the
	// test file most requirements are tied to, where the change is
	// tested; never every one of several.
	var orphans []string
	for _, f := range testFiles {
		if tied[f] == 0 {
			orphans = append(orphans, f)
		}
	}
	if orphans == nil {
		best := 0
		for _, f := range testFiles {
			if tied[f] > best {
				orphans, best = []string{f}, tied[f]
			}
		}
	}
	for _, t := range pending {
		t.Files = slices.Clone(orphans)
	}
	for _, op := range d.src.Operations {
		own := d.moduleOf(op)
		external := op.Route != ""
		for _, m := range d.mods {
			if m != own && mentions(m.text, op.Name) {
				external = true
			}
		}
		if !external {
			if own != nil {
				own.ops = append(own.ops, op.Name)
			}
			continue
		}
		title := "Contract tests for " + op.Name
		if op.Route != "" {
			title += " (" + op.Route + ")"
		}
		files := testFiles
		if own != nil {
			var mine []string
			for _, f := range testFiles {
				if slices.ContainsFunc(own.files, func(s string) bool { return testsFile(f, s) }) {
					mine = append(mine, f)
				}
			}
			if mine != nil {
				files = mine
			}
		}
		d.add(&draft{Task: Task{Kind: KindTest, Title: title, Traces: d.requirementsOfOperation(op, own), Files: slices.Clone(files)}, module: own, text: op.Name})
	}
	for _, s := range sentences(firstNonEmpty(d.src.RegressionTests, d.src.TestGaps)) {
		if declined.MatchString(s) {
			continue
		}
		d.add(&draft{Task: Task{Kind: KindTest, Title: s, Traces: ids(s), Files: filesNamedIn(s, testFiles)}, text: s})
	}
	for _, t := range d.tasks {
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
		m.task = d.add(&draft{Task: Task{Kind: m.kind(), Title: title, Traces: append(ids(m.text), d.requirementsOf(m)...),
			Files: slices.Clone(m.files)}, module: m, text: m.text})
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
		d.add(&draft{Task: Task{Kind: kind, Title: "Change " + f, Files: []string{f}, Traces: d.requirementsNaming(f)}, text: f})
	}
}

// verify derives the verification tasks.
func (d *deriver) verify() {
	// The measurable NFRs are checked in one pass once the code is in, as
	// people plan it ("run the suite, the type checker and the benchmark"):
	// one task tracing them all, whose targets are the NFR table's. The
	// ones the answers call not testable are one check by hand.
	var measured, byHand []model.NFR
	for _, n := range d.nfrs() {
		if wontHave(d.priority(n.ID)) {
			continue
		}
		if critic.Measurable(n.Target) {
			measured = append(measured, n)
		} else if d.notTestable(n) {
			byHand = append(byHand, n)
		}
	}
	if t := nfrTask("Verify ", measured); t != nil {
		d.add(t)
	}
	if t := nfrTask("Check by hand, not by a test, ", byHand); t != nil {
		d.add(t)
	}
	// Each mitigation the person chose is one task, titled with all they
	// wrote of it: a list item is never cut into sentences. A risk they
	// accept, or leave to what the plan already holds, is no task of its
	// own (chosen). An answer without a list is read a sentence at a time,
	// keeping the sentences that are work to verify.
	if items := model.ListItems(d.src.Mitigations); len(items) > 0 {
		for _, it := range items {
			if !chosen(it) {
				continue
			}
			it = strings.TrimSuffix(it, ".")
			d.add(&draft{Task: Task{Kind: KindVerify, Title: it, Traces: d.mitigationTraces(it)}, text: it})
		}
	} else {
		for _, s := range sentences(d.src.Mitigations) {
			if mitigation.MatchString(s) && chosen(s) {
				d.add(&draft{Task: Task{Kind: KindVerify, Title: s, Traces: d.mitigationTraces(s)}, text: s})
			}
		}
	}
	for _, s := range sentences(d.src.Monitoring) {
		if declined.MatchString(s) {
			continue
		}
		d.add(&draft{Task: Task{Kind: KindVerify, Title: s, Traces: ids(s)}, text: s})
	}
}

// nfrTask is the one task that verifies ns: with one NFR, titled with its
// category and target; with several, with their ids and categories.
func nfrTask(verb string, ns []model.NFR) *draft {
	switch len(ns) {
	case 0:
		return nil
	case 1:
		n := ns[0]
		return &draft{Task: Task{Kind: KindVerify, Title: verb + n.ID + " " + n.Category + ": " + n.Target, Traces: []string{n.ID}}, text: n.Target}
	}
	var names, traces, text []string
	for _, n := range ns {
		names = append(names, strings.TrimSpace(n.ID+" "+n.Category))
		traces = append(traces, n.ID)
		text = append(text, n.Target)
	}
	return &draft{Task: Task{Kind: KindVerify, Title: verb + joinList(names), Traces: traces}, text: strings.Join(text, "\n")}
}

// joinList writes "a, b and c".
func joinList(xs []string) string {
	if len(xs) < 2 {
		return strings.Join(xs, "")
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " and " + xs[len(xs)-1]
}

// labelPrefix is the "Rollout: " an item starts with.
var labelPrefix = lazyre.New(`^[^:]{1,40}:\s+`)

// notTestable reports whether the answers call an NFR not testable: its
// own line does, or a sentence that names its id.
func (d *deriver) notTestable(n model.NFR) bool {
	if model.SaysNotTestable(n.Target) {
		return true
	}
	for _, t := range d.answers() {
		if !strings.Contains(t, n.ID) {
			continue
		}
		for _, s := range sentences(t) {
			if strings.Contains(s, n.ID) && model.SaysNotTestable(s) {
				return true
			}
		}
	}
	return false
}

// answers are all the answer texts, for what any of them may say.
func (d *deriver) answers() []string {
	s := d.src
	return append([]string{s.RequirementsText, s.StoriesText, s.NFRsText, s.Mitigations, s.BuildOrder, s.TestGaps, s.RegressionTests, s.Files}, s.Other...)
}

// docs derives the documentation tasks: the affected documentation files
// no task of a documentation requirement touches, and the changelog
// entry, as one task, the way people plan the docs of a change; where a
// documentation requirement has a task, they join it.
func (d *deriver) docs() {
	var files []string
	if !d.says(func(s saying) bool { return s.docsElsewhere }) {
		for _, f := range d.src.Affected {
			if isDocFile(f) && !d.owner[f] {
				files = append(files, f)
			}
		}
	}
	changelog := ""
	if c := d.src.Changelog; c != "" && !d.owner[c] && !slices.Contains(files, c) && !d.says(func(s saying) bool { return s.changelogElsewhere }) {
		changelog = c
	}
	if d.src.Description == "" || len(files) == 0 && changelog == "" {
		return
	}
	var title string
	switch {
	case len(files) > 0 && changelog != "":
		title = "Update " + strings.Join(files, ", ") + " and add a " + changelog + " entry: " + d.src.Description
	case len(files) > 0:
		title = "Update " + strings.Join(files, ", ") + ": " + d.src.Description
	default:
		title = "Add a " + changelog + " entry: " + d.src.Description
	}
	if changelog != "" {
		files = append(files, changelog)
	}
	for _, t := range d.tasks {
		if t.Kind == KindDocs && t.frs != nil {
			t.Title += "; " + title
			t.Files = append(t.Files, files...)
			for _, f := range files {
				d.owner[f] = true
			}
			return
		}
	}
	// A docs task of the change as a whole serves what the change does:
	// the requirements that name its files, else the Must Haves, else
	// every one built.
	var traces []string
	for _, f := range files {
		traces = append(traces, d.requirementsNaming(f)...)
	}
	for _, must := range []bool{true, false} {
		if traces != nil {
			break
		}
		for _, r := range d.requirements() {
			if p := d.priority(r.ID); !wontHave(p) && (!must || strings.EqualFold(p, "Must Have")) {
				traces = append(traces, r.ID)
			}
		}
	}
	d.add(&draft{Task: Task{Kind: KindDocs, Title: title, Traces: dedupe(traces), Files: files}})
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
	mitigation = lazyre.New(`(?i)\b(feature[- ]flag|flag|toggle|migrat\w*|roll ?back|way back|roll ?out|staged|pilot|canary|monitor\w*|alert\w*|metric\w*|logged|logging|dashboard)\b`)
	// A sentence that says there is nothing to do is not a task.
	declined  = lazyre.New(`(?i)^(?:no|none|nothing|not needed|n/a)\b`)
	testFirst = lazyre.New(`(?i)\btests?[- ]first\b|\btdd\b|\btest[- ]driven\b`)
)

// ids returns the requirement, criterion, story, NFR and constraint ids
// text names in passing (a mitigation, the fix, a module's design), each
// once.
func ids(text string) []string { return model.IDs(text) }

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

// requirements are the functional requirements.
func (d *deriver) requirements() []model.Requirement { return d.src.Requirements }

// nfrs are the quality requirements.
func (d *deriver) nfrs() []model.NFR { return d.src.NFRs }
