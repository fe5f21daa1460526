package roundtable

import (
	"errors"
	"os"

	"github.com/rtgit/rtgit/model"
	"github.com/rtgit/rtgit/steps/library"
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
	// Tree are the names at the root of the repository at the analysis's
	// base commit (nil when meta.json records none).
	Tree []string
}

// SourceAnswer is one answered question of a completed step, with the
// answer file and the line its text starts on.
type SourceAnswer = model.Answer

// Model reads the source into the model of the analysis. A command reads
// it once and hands the value on; the Source is what was read, so a
// changed Source reads into a new model.
func (s *Source) Model() *model.Analysis {
	return model.Build(model.Input{Slug: s.Slug, Description: s.Description, Library: s.Library,
		AsksRequirements: s.AsksRequirements, Dir: s.Dir, Commit: s.Commit, Answers: s.Answers,
		Affected: s.Affected, Open: s.Open, Tree: s.Tree})
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
	src.AsksRequirements = AsksRequirements(st.route)
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
	answers, read, err := st.modelAnswers()
	if err != nil {
		return nil, err
	}
	src.Answers = answers
	if rev == "" {
		if src.Dirty, err = m.Repo.Dirty(read); err != nil {
			return nil, err
		}
	}
	src.Affected = st.affectedRows(stepAnswers{})
	if src.Open, err = st.meta.OpenQuestions(); err != nil {
		return nil, err
	}
	src.Tree = st.baseRoot()
	return src, nil
}

// modelAnswers are the answered questions of the finished steps, in step
// order, with the mappings that say what each feeds; read lists the files
// they were read from, meta.json first.
func (st *state) modelAnswers() (out []model.Answer, read []string, err error) {
	read = []string{st.it.metaPath()}
	for _, s := range st.route.Steps() {
		if !st.meta.HasStep(s.ID) {
			continue
		}
		read = append(read, st.it.answerPath(s))
		f, err := st.answerFile(s)
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, nil, err
		}
		for _, a := range f.Answers {
			if !a.Answered {
				continue
			}
			x := model.Answer{Step: s.ID, Question: a.ID, Text: a.Text, File: st.it.answerPath(s), Line: a.TextLine}
			for _, mp := range s.Mappings {
				if mp.Question == a.ID {
					x.Mappings = append(x.Mappings, mp)
				}
			}
			out = append(out, x)
		}
	}
	return out, read, nil
}

// readModel reads the finished steps' answers and meta.json into the
// model of the analysis, with the Directly Affected Files and the names
// of the base's tree the caller has.
func (st *state) readModel(affected []model.AffectedFile, tree []string) (*model.Analysis, error) {
	answers, _, err := st.modelAnswers()
	if err != nil {
		return nil, err
	}
	open, err := st.meta.OpenQuestions()
	if err != nil {
		return nil, err
	}
	library, _ := st.meta.Library("")
	return model.Build(model.Input{Slug: st.it.slug, Description: st.meta.Description, Library: library,
		AsksRequirements: AsksRequirements(st.route), Dir: st.it.dir(), Answers: answers,
		Affected: affected, Open: open, Tree: tree}), nil
}

// AsksRequirements reports whether a step of p asks for functional
// requirements: a question the requirements transform reads.
func AsksRequirements(p *library.Route) bool {
	for _, s := range p.Steps() {
		for _, mp := range s.Mappings {
			if mp.Transform == "requirements" {
				return true
			}
		}
	}
	return false
}
