package roundtable

import (
	"errors"
	"os"

	"github.com/rtgit/rtgit/model"
	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/meta"
)

// Source is an analysis as the tools that build from it read it: every
// answer of every completed step with the artifacts its step sends it to,
// the Directly Affected Files, and the commit it was all read at. Exports
// are computed from it, never from the rendered markdown, so they say
// exactly what the answers say.
type Source struct {
	Slug        string
	Description string
	// Library is the step library the analysis follows ("feature",
	// "bug", …); "" for an analysis written before libraries existed,
	// which follows the feature library.
	Library string
	// AsksRequirements: a step of the analysis's library asks for its
	// functional requirements (AsksRequirements). One that asks none, as
	// the bug library's, whose fix restores what the specs already say,
	// changes no spec.
	AsksRequirements bool
	// Dir is the analysis's folder, docs/requirements/<slug>.
	Dir string
	// Commit is the full SHA the answers were read at: the analysis
	// branch's tip, or HEAD when the branch is checked out.
	Commit string
	// Dirty names the files read (meta.json, the answer files) that have
	// uncommitted changes, when the analysis was read from the worktree:
	// Commit does not hold what they say.
	Dirty []string
	// Answers are in step order, then in the answer file's order.
	Answers  []SourceAnswer
	Affected []model.AffectedFile
	// Open are the tracked questions nobody has resolved yet.
	Open []meta.OpenQuestion
}

// SourceAnswer is one answered question of a completed step.
type SourceAnswer struct {
	Step     string // "01-06"
	Question string // "requirements"
	Text     string
	// Mappings are the step's mappings of this question: which output,
	// section and transform it feeds.
	Mappings []steps.Mapping
}

// Source reads an analysis for export, from its branch unless that branch
// is checked out (then from the worktree, as every verb does).
func (m *Machine) Source(slug string) (*Source, error) {
	rev := m.source(slug)
	st, err := m.loadAt(slug, rev)
	if err != nil {
		return nil, err
	}
	src := &Source{Slug: slug, Description: st.meta.Description, Dir: st.it.dir()}
	// loadAt has read the library already, so the field is well formed.
	src.Library, _ = st.meta.Library("")
	src.AsksRequirements = AsksRequirements(st.plan)
	if rev == "" {
		if src.Commit, err = m.Repo.HeadCommit(); err != nil {
			return nil, err
		}
	} else {
		bs, err := m.Repo.Branches(rev)
		if err != nil {
			return nil, err
		}
		for _, b := range bs {
			if b.Name == rev {
				src.Commit = b.Commit
			}
		}
	}
	read := []string{st.it.metaPath()}
	for _, s := range st.plan.Steps() {
		if !st.meta.HasStep(s.ID) {
			continue
		}
		read = append(read, st.it.answerPath(s))
		f, err := st.answerFile(s)
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		for _, a := range f.Answers {
			if !a.Answered {
				continue
			}
			sa := SourceAnswer{Step: s.ID, Question: a.ID, Text: a.Text}
			for _, mp := range s.Mappings {
				if mp.Question == a.ID {
					sa.Mappings = append(sa.Mappings, mp)
				}
			}
			src.Answers = append(src.Answers, sa)
		}
	}
	if rev == "" {
		if src.Dirty, err = m.Repo.Dirty(read); err != nil {
			return nil, err
		}
	}
	src.Affected = st.affectedRows(stepAnswers{})
	if src.Open, err = st.meta.OpenQuestions(); err != nil {
		return nil, err
	}
	return src, nil
}

// AsksRequirements reports whether a step of plan asks for functional
// requirements: a question the requirements transform reads.
func AsksRequirements(p *steps.Plan) bool {
	for _, s := range p.Steps() {
		for _, mp := range s.Mappings {
			if mp.Transform == "requirements" {
				return true
			}
		}
	}
	return false
}
