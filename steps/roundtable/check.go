package roundtable

import (
	"errors"
	"fmt"
	"os"
	"path"
	"slices"
	"sort"
	"strings"

	"github.com/rtgit/rtgit/plan"
	"github.com/rtgit/rtgit/signoff"
	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/artifacts"
	"github.com/rtgit/rtgit/steps/critic"
	"github.com/rtgit/rtgit/steps/library"
	"github.com/rtgit/rtgit/steps/meta"
	"github.com/rtgit/rtgit/steps/stepfile"
)

// Readiness is the result of `rtgit check`.
type Readiness struct {
	Slug           string   `json:"slug"`
	Ready          bool     `json:"ready"`
	AnalysisStatus string   `json:"analysis_status"`
	Missing        []string `json:"missing"`        // expected artifacts that do not exist
	Clarifications []string `json:"clarifications"` // "path:line: [NEEDS CLARIFICATION: …]"
	Outline        []string `json:"outline"`        // "path: the section … is missing"; see outline.go
	// HandEdits are rtgit's marker blocks whose text is not what the
	// answers render (see handEdits); checked on the analysis branch.
	HandEdits []string `json:"hand_edits"`
	// OpenQuestions are the tracked questions nobody has resolved yet.
	OpenQuestions []meta.OpenQuestion `json:"open_questions"`
	// Staleness compares the analysis with its base branch; a warning
	// fails the gate unless the caller allows it (see Stale).
	Staleness *Staleness `json:"staleness"`
	// Handoff is what a build tool reads instead of the markdown.
	*Handoff
	// Neighbours are the open analyses that plan to change the same code
	// (warnings, failing only --strict) and the merged analyses whose
	// decisions concern it.
	*Neighbours
	// Review is what the requirements critic found in the answers: errors
	// make the analysis not ready, warnings only under --strict.
	Review []ReviewNote `json:"review"`
	// Closed: the analysis was abandoned or deferred, so it is not ready
	// whatever else holds.
	Closed *meta.Closed `json:"closed,omitempty"`
	// ReviewItems are what a refresh asked a person to review; open ones
	// make the analysis not ready.
	ReviewItems []meta.ReviewItem `json:"review_items"`
	// Acceptance lists every recorded approval and request for changes,
	// with its state now (current, stale, changes_requested).
	Acceptance []signoff.Approval `json:"acceptance"`
	// SignOff is each area's state; SignOffMissing the required areas
	// the policy (`signoff:` in .rtgit/config.yaml) finds short, which
	// make the analysis not ready.
	SignOff        []signoff.AreaStatus `json:"signoff"`
	SignOffMissing []signoff.Missing    `json:"signoff_missing"`
	// Tasks is the build plan (see Plan); the critic's review covers it.
	Tasks []plan.Task `json:"tasks"`
}

// ReviewNote is one critic finding, with the line the persona says.
type ReviewNote struct {
	critic.Finding
	Text string `json:"text"` // "path:line: Maya Chen: message [rule]"
}

// Check is the build-readiness gate: the analysis is analyzed, every
// expected artifact exists, and none holds a NEEDS CLARIFICATION marker.
func (m *Machine) Check(slug string) (*Readiness, error) {
	st, err := m.loadAt(slug, m.source(slug))
	if err != nil {
		return nil, err
	}
	return st.check()
}

// check is Check on a loaded analysis.
func (st *state) check() (*Readiness, error) {
	r, err := st.gate()
	if err != nil {
		return nil, err
	}
	if r.Staleness, err = st.staleness(); err != nil {
		return nil, err
	}
	if r.Handoff, err = st.handoff(); err != nil {
		return nil, err
	}
	if r.Neighbours, err = st.neighbours(); err != nil {
		return nil, err
	}
	return r, nil
}

// gate is the part of check that decides Ready from the analysis alone:
// no staleness (which walks the base branch's history) and no
// neighbours (which read the other analyses, whose labels come from
// here).
func (st *state) gate() (*Readiness, error) {
	m, slug := st.m, st.it.slug
	r := &Readiness{Slug: slug, AnalysisStatus: st.meta.AnalysisStatus, Missing: []string{}, Clarifications: []string{}, Outline: []string{}}
	templateOf := map[string]string{}
	seen := map[string]bool{}
	var files []string
	for _, ph := range st.route.Phases {
		for _, s := range ph.Steps {
			if !st.expected(s, ph) {
				continue
			}
			for _, o := range s.Outputs {
				found, err := st.resolveOutput(o)
				if err != nil {
					return nil, err
				}
				if len(found) == 0 && !seen[o] {
					r.Missing = append(r.Missing, st.it.outputPath(o))
				}
				seen[o] = true
				for _, f := range found {
					if !slices.Contains(files, f) {
						files = append(files, f)
						templateOf[f] = o
					}
				}
			}
		}
	}
	for _, f := range files {
		data, err := st.read(f)
		if err != nil {
			return nil, err
		}
		for _, mk := range artifacts.Clarifications(data, path.Ext(f) == ".md") {
			r.Clarifications = append(r.Clarifications, fmt.Sprintf("%s:%d: %s", f, mk.Line, mk.Text))
		}
		problems, err := st.checkOutline(templateOf[f], data)
		if err != nil {
			return nil, err
		}
		for _, p := range problems {
			r.Outline = append(r.Outline, f+": "+p)
		}
	}
	var err error
	r.HandEdits = []string{}
	if st.rev == "" {
		if r.HandEdits, err = st.handEdits(); err != nil {
			return nil, err
		}
	}
	if r.OpenQuestions, err = st.meta.OpenQuestions(); err != nil {
		return nil, err
	}
	if r.OpenQuestions == nil {
		r.OpenQuestions = []meta.OpenQuestion{}
	}
	cfg, err := st.criticConfig()
	if err != nil {
		return nil, err
	}
	in, err := st.criticAnswers(nil, nil)
	if err != nil {
		return nil, err
	}
	r.Review = []ReviewNote{}
	errs := 0
	ps, err := st.planState()
	if err != nil {
		return nil, err
	}
	r.Tasks = ps.Plan.Tasks
	if r.Tasks == nil {
		r.Tasks = []plan.Task{}
	}
	for _, f := range append(append(critic.Check(cfg, in), st.planFindings(ps)...), st.filesFindings()...) {
		r.Review = append(r.Review, ReviewNote{f, st.sayFinding(f)})
		if f.Severity == critic.Error {
			errs++
		}
	}
	policy, err := m.policy()
	if err != nil {
		return nil, err
	}
	r.SignOff = st.signOff()
	r.Acceptance = acceptanceOf(r.SignOff)
	r.SignOffMissing = policy.Gate(r.SignOff, st.authors())
	if r.SignOffMissing == nil {
		r.SignOffMissing = []signoff.Missing{}
	}
	if r.Closed, err = st.meta.ClosedRecord(st.it.metaPath()); err != nil {
		return nil, err
	}
	if r.ReviewItems, err = st.meta.ReviewItems(st.it.metaPath()); err != nil {
		return nil, err
	}
	if r.ReviewItems == nil {
		r.ReviewItems = []meta.ReviewItem{}
	}
	r.Ready = r.Closed == nil && len(r.ReviewItems) == 0 && st.meta.AnalysisStatus == "analyzed" && len(r.Missing) == 0 && len(r.Clarifications) == 0 && len(r.Outline) == 0 && len(r.HandEdits) == 0 && len(r.OpenQuestions) == 0 && errs == 0 &&
		len(r.SignOffMissing) == 0
	return r, nil
}

// expected reports whether a step's outputs should exist: steps ruled out
// by skip_if or unmet dependencies produce nothing.
func (st *state) expected(s *steps.Step, ph *library.RoutePhase) bool {
	if st.meta.HasStep(s.ID) {
		return true
	}
	for _, d := range s.DependsOn {
		if !st.meta.HasStep(d) && !st.meta.HasPhase(ph.Phase.Key) {
			return false
		}
	}
	if s.SkipIf != "" {
		if skip, _ := stepfile.EvalSkipIf(s.SkipIf, st.facts(s, ph)); skip {
			return false
		}
	}
	return true
}

// resolveOutput lists the files an output key names; a family like
// adr-*.md may name several.
func (st *state) resolveOutput(o string) ([]string, error) {
	rel := st.it.outputPath(o)
	if !strings.Contains(o, "*") {
		if _, err := st.read(rel); err != nil {
			if errors.Is(err, os.ErrNotExist) {
				return nil, nil
			}
			return nil, err
		}
		return []string{rel}, nil
	}
	names, err := st.list(path.Dir(rel))
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	var out []string
	for _, n := range names {
		if ok, _ := path.Match(path.Base(rel), n); ok {
			out = append(out, path.Join(path.Dir(rel), n))
		}
	}
	sort.Strings(out)
	return out, nil
}
