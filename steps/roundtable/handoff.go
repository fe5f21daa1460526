package roundtable

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/rtgit/rtgit/model"
	"github.com/rtgit/rtgit/plan"
	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/artifacts"
)

// The artifacts build tools read without parsing prose: the Directly
// Affected Files table of impact-analysis.md and the design index
// module-design.md. Both are regenerated from the answers whenever a step
// that writes their neighbours completes, so they never drift from them.

const (
	impactArtifact  = "impact-analysis.md"
	affectedKey     = "affected-files"
	moduleIndexKey  = "module-index"
	moduleIndexTmpl = "module-design-index.md"
)

// handoffStep refreshes the handoff tables after a step: the affected
// files after any step writing the impact analysis, the module index after
// any step writing module designs.
func (st *state) handoffStep(c *changeset, sa stepAnswers) error {
	// Once the impact analysis is written, every later step's answers
	// can say a file stays as it is, so the table follows them too.
	if declares(sa.step, impactArtifact) || st.impactWritten() {
		if err := st.writeAffected(c, sa); err != nil {
			return err
		}
	}
	for _, o := range sa.step.Outputs {
		if strings.HasPrefix(o, "module-design-") {
			return st.writeModuleIndex(c)
		}
	}
	return nil
}

// stepTexts lists the answers of every step matching want: the answers of
// the step being completed as given, the others from their answer files
// once they are done.
func (st *state) stepTexts(sa stepAnswers, want func(*steps.Step) bool) []model.Named {
	var out []model.Named
	for _, s := range st.route.Steps() {
		if !want(s) {
			continue
		}
		if sa.step != nil && s.ID == sa.step.ID {
			for _, q := range sa.asked {
				if a := sa.answer[q.ID]; a != "" {
					out = append(out, model.Named{StepID: s.ID, Question: q.ID, Text: a})
				}
			}
			continue
		}
		if !st.before(s.ID) {
			continue
		}
		f, err := st.answerFile(s)
		if err != nil || f == nil {
			continue
		}
		for _, a := range f.Answers {
			if a.Answered {
				out = append(out, model.Named{StepID: s.ID, Question: a.ID, Text: a.Text})
			}
		}
	}
	return out
}

// affectedRows computes the Directly Affected Files rows from the impact
// answers, the quick scan's recorded candidates and the quick-scan answers
// that add or strike files.
func (st *state) affectedRows(sa stepAnswers) []model.AffectedFile {
	if text, ok := st.filesAnswer(sa); ok {
		var tree model.Tree
		if t := st.tree(); t != nil {
			tree = t
		}
		// The person's list is the table; rows the base cannot hold
		// were refused at their lines before the step completed.
		rows, _ := model.ReadFilesAnswer(text, tree)
		for i := range rows {
			rows[i].From = []string{st.filesStep().ID + " " + model.FilesQuestion}
		}
		return rows
	}
	return st.derivedRows(sa)
}

// derivedRows are the rows rtgit reads from the answers: the files
// answer's draft, and the table where no step asks for that answer.
func (st *state) derivedRows(sa stepAnswers) []model.AffectedFile {
	// The files answer is what the derivation drafts, never one of its
	// sources.
	impact := slices.DeleteFunc(st.stepTexts(sa, func(s *steps.Step) bool { return declares(s, impactArtifact) }),
		func(n model.Named) bool { return n.Question == model.FilesQuestion })
	scan := st.stepTexts(sa, st.inQuickScan)
	// The other steps' answers add no file, but what they say of one
	// (that it stays as it is, or that it changes) counts. The build plan
	// is not one of them: its files are fields, its titles (drafted from
	// the design) say nothing of a file, and it is read after this list.
	others := slices.DeleteFunc(st.stepTexts(sa, func(s *steps.Step) bool { return !declares(s, impactArtifact) && !st.inQuickScan(s) }),
		func(n model.Named) bool { return n.Question == plan.TasksQuestion })
	var candidates []string
	if qs := st.meta.QuickScan; qs != nil {
		candidates = qs.CandidateFiles
	}
	var tree model.Tree
	if t := st.tree(); t != nil {
		tree = t
	}
	return model.ReadAffected(model.AffectedAnswers{Tree: tree, Impact: impact, Scan: scan, Others: others, Candidates: candidates})
}

// impactWritten: a step that writes the impact analysis is done.
func (st *state) impactWritten() bool {
	for _, s := range st.route.Steps() {
		if declares(s, impactArtifact) && slices.Contains(st.meta.StepsCompleted, s.ID) {
			return true
		}
	}
	return false
}

func (st *state) writeAffected(c *changeset, sa stepAnswers) error {
	rel := st.it.outputPath(impactArtifact)
	body := artifacts.AffectedTable(st.affectedRows(sa))
	return st.fillSection(c, &fillTarget{path: rel, template: impactArtifact, section: model.AffectedSection, key: affectedKey}, body)
}

// writeModuleIndex lists every module design file of the item, as it will
// be after this step, in module-design.md.
func (st *state) writeModuleIndex(c *changeset) error {
	names, err := st.listStaged(c, st.it.dir())
	if err != nil {
		return err
	}
	var entries []artifacts.ModuleEntry
	for _, n := range names {
		if !artifacts.IsModuleFile(n) {
			continue
		}
		doc, err := c.base(path.Join(st.it.dir(), n))
		if err != nil {
			return err
		}
		if doc == nil {
			if doc, err = st.read(path.Join(st.it.dir(), n)); err != nil {
				return fmt.Errorf("module index: %w", err)
			}
		}
		entries = append(entries, artifacts.ReadModuleEntry(n, doc))
	}
	rel := st.it.outputPath(artifacts.ModuleIndexFile)
	return st.fillSection(c, &fillTarget{path: rel, template: moduleIndexTmpl, section: artifacts.ModuleIndexSection, key: moduleIndexKey}, artifacts.ModuleIndex(entries))
}
