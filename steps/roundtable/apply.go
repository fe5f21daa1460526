package roundtable

import (
	"errors"
	"fmt"
	"os"
	"path"
	"slices"
	"strings"

	"github.com/rtgit/rtgit/model"
	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/answers"
	"github.com/rtgit/rtgit/steps/artifacts"
	"github.com/rtgit/rtgit/steps/meta"
	"github.com/rtgit/rtgit/steps/stepfile"
)

// stepAnswers is what a step produced: every asked question with its
// answer ("" when unanswered), then each answer kept from another depth
// (kept.go), plus free-form feedback.
type stepAnswers struct {
	step     *steps.Step
	asked    []steps.Question
	answer   map[string]string
	feedback string
	depth    steps.Depth
	fromFile bool // read from the step's answer file
}

func collect(s *steps.Step, f *answers.File, d steps.Depth) stepAnswers {
	sa := stepAnswers{step: s, asked: s.Questions(d), answer: map[string]string{}, depth: d}
	if f == nil {
		return sa
	}
	sa.fromFile = true
	// A person's answer counts whichever depth asked it.
	sa.asked = append(append([]steps.Question{}, sa.asked...), keptIn(s, f, d)...)
	for _, q := range sa.asked {
		if a, ok := f.Answer(q.ID); ok && a.Answered {
			sa.answer[q.ID] = a.Text
		}
	}
	sa.feedback = strings.TrimSpace(f.Feedback)
	return sa
}

// every is the pseudo-question of a mapping that takes all of the step's
// answers: its answer is theirs, in the order asked, each under its
// question when there is more than one.
func (sa stepAnswers) every() steps.Question {
	var parts []string
	for _, q := range sa.asked {
		a := strings.TrimSpace(sa.answer[q.ID])
		if a == "" {
			continue
		}
		if len(sa.asked) > 1 {
			a = "**" + strings.Join(strings.Fields(q.Text), " ") + "**\n\n" + a
		}
		parts = append(parts, a)
	}
	sa.answer[steps.AllAnswers] = strings.Join(parts, "\n\n")
	return steps.Question{ID: steps.AllAnswers, Text: sa.step.Title}
}

// sectionKey names one step's block within one section of a file.
func sectionKey(stepID, section string) string {
	return stepID + " " + strings.Join(strings.Fields(steps.HeadingKey(section)), "-")
}

// fillTarget is one marker block of one markdown file, with the bodies
// the step's mappings put into it, in mapping order.
type fillTarget struct {
	path, template, section, key string
	vars                         map[string]string
	bodies                       []string
	labels                       []string // the question each body answers; "" for none
}

// join is the section's text. Where answers to more than one question
// share the section, each stands under a sub-heading naming its question,
// one level below the section's own heading, so they never run together.
func (t *fillTarget) join(level int) string {
	distinct := map[string]bool{}
	for _, l := range t.labels {
		if l != "" {
			distinct[l] = true
		}
	}
	if len(distinct) < 2 {
		return strings.Join(t.bodies, "\n\n")
	}
	hashes := strings.Repeat("#", min(level+1, 6))
	var parts []string
	last := ""
	for i, b := range t.bodies {
		if l := t.labels[i]; l != "" && l != last {
			// A heading carries no closing full stop or colon
			// (markdownlint's MD026); a question mark stays.
			b = hashes + " " + strings.TrimRight(l, ".,;:!") + "\n\n" + b
			last = l
		}
		parts = append(parts, b)
	}
	return strings.Join(parts, "\n\n")
}

// questionLabel is a question's first sentence, which names it well
// enough for a sub-heading.
func questionLabel(text string) string {
	t := strings.Join(strings.Fields(text), " ")
	if i := strings.Index(t, "? "); i >= 0 {
		return t[:i+1]
	}
	if i := strings.Index(t, ". "); i >= 0 {
		return t[:i+1]
	}
	return t
}

// applyArtifacts stages the artifact updates of one step. Unanswered asked
// questions become NEEDS CLARIFICATION markers in their sections.
func (st *state) applyArtifacts(c *changeset, sa stepAnswers) error {
	var order []*fillTarget
	byKey := map[string]*fillTarget{}
	addFill := func(f artifacts.Fill, label string) {
		key := f.Key
		if key == "" {
			key = sectionKey(sa.step.ID, f.Section)
		}
		id := f.Path + "\x00" + key
		t := byKey[id]
		if t == nil {
			t = &fillTarget{path: f.Path, template: f.Template, section: f.Section, key: key, vars: f.Vars}
			byKey[id] = t
			order = append(order, t)
		}
		if b := strings.TrimSpace(f.Body); b != "" {
			t.bodies = append(t.bodies, strings.TrimRight(f.Body, "\n"))
			t.labels = append(t.labels, label)
		}
	}
	asked := map[string]steps.Question{}
	for _, q := range sa.asked {
		asked[q.ID] = q
	}
	joined, skip := joinSeedTransforms(sa, asked)
	marks, err := st.draftMarks()
	if err != nil {
		return err
	}
	for i, mp := range sa.step.Mappings {
		q, ok := asked[mp.Question]
		if mp.Question == steps.AllAnswers {
			q, ok = sa.every(), len(sa.asked) > 0
		}
		if !ok || skip[i] {
			continue
		}
		label := ""
		if q.ID != steps.AllAnswers {
			label = questionLabel(stepfile.Expand(q.Text, st.lookup))
		}
		text := sa.answer[q.ID]
		if j, ok := joined[i]; ok {
			text = j
			sa = sa.with(q.ID, j)
		}
		plain := artifacts.Fill{Path: st.it.outputPath(mp.Output), Template: mp.Output, Section: mp.Section, Body: text}
		if text == "" && mp.Section != "" {
			plain.Body = artifacts.NeedsClarification(stepfile.Expand(q.Text, st.lookup))
			addFill(plain, label)
			continue
		}
		// A confirmed model draft says so where it lands, unless it was
		// joined with other answers into one text.
		mark := ""
		if _, ok := joined[i]; !ok {
			mark = sa.draftMark(marks, q.ID)
		}
		if mp.Transform == "" {
			plain.Body = withMark(plain.Body, mark)
			addFill(plain, label)
			continue
		}
		res, err := st.runTransform(c, sa, mp, q)
		if err != nil {
			return err
		}
		for _, f := range res.Files {
			if err := st.allowed(mp.Transform, f.Path); err != nil {
				return err
			}
			c.put(f.Path, f.Data)
		}
		for _, f := range res.Fills {
			if err := st.allowed(mp.Transform, f.Path); err != nil {
				return err
			}
			if f.Path == plain.Path && f.Section == mp.Section {
				f.Body = withMark(f.Body, mark)
			}
			addFill(f, label)
		}
	}
	// A section only this step writes, from questions its depth did not
	// ask, says so rather than standing empty.
	for _, mp := range sa.step.Mappings {
		if _, ok := asked[mp.Question]; ok || mp.Question == steps.AllAnswers || mp.Section == "" || strings.Contains(mp.Output, "*") {
			continue
		}
		p := st.it.outputPath(mp.Output)
		note := fmt.Sprintf("_Not discussed: step %s ran at %s depth._", sa.step.ID, sa.depth)
		if st.sharedSection(sa.step, mp) {
			// A section several steps write says so only from the last of
			// them, and only when none of the others wrote anything there.
			writers, empty, err := st.sectionLeftEmpty(c, sa.step, mp, p)
			if err != nil {
				return err
			}
			if !empty {
				continue
			}
			note = fmt.Sprintf("_Not discussed: steps %s did not ask about this at the depth they ran._", steps.JoinAnd(writers))
		}
		if byKey[p+"\x00"+sectionKey(sa.step.ID, mp.Section)] == nil {
			addFill(artifacts.Fill{Path: p, Template: mp.Output, Section: mp.Section, Body: note}, "")
		}
	}
	for i, t := range order {
		doc, err := st.targetDoc(c, t)
		if err != nil {
			return err
		}
		body := t.join(artifacts.SectionLevel(doc, t.section))
		if i == 0 && sa.feedback != "" {
			body += "\n\n**Feedback on step " + sa.step.ID + ":**\n\n" + sa.feedback
		}
		if err := st.fillSection(c, t, body); err != nil {
			return err
		}
	}
	return nil
}

// allowed keeps transforms inside the item folder (and the shared NFR
// matrix), whatever a step file or an answer says.
func (st *state) allowed(transform, p string) error {
	if (strings.HasPrefix(p, st.it.dir()+"/") && path.Clean(p) == p && !strings.Contains(p[len(st.it.dir())+1:], "/")) || p == st.it.outputPath("nfr-matrix.md") {
		return nil
	}
	return fmt.Errorf("transform %s tried to write %s, outside %s", transform, p, st.it.dir())
}

// targetDoc is the file a target fills: as staged, or new from its
// template.
func (st *state) targetDoc(c *changeset, t *fillTarget) ([]byte, error) {
	doc, err := c.base(t.path)
	if err != nil || doc != nil {
		return doc, err
	}
	return st.artifactSkeletonVars(t.template, t.vars)
}

func (st *state) fillSection(c *changeset, t *fillTarget, body string) error {
	doc, err := st.targetDoc(c, t)
	if err != nil {
		return err
	}
	out, err := artifacts.FillSection(doc, t.section, t.key, body)
	if err != nil {
		return fmt.Errorf("%s:%w", t.path, err)
	}
	c.put(t.path, out)
	if c.filled[t.path] == nil {
		c.filled[t.path] = map[string]bool{}
	}
	c.filled[t.path][t.key] = true
	return nil
}

// artifactSkeleton starts a new artifact from its template under
// artifacts/ (a repository override first), or from a title alone when no
// template exists for it. A broken template is an error naming its file.
func (st *state) artifactSkeleton(name string) ([]byte, error) {
	return st.artifactSkeletonVars(name, nil)
}

// artifactSkeletonVars is artifactSkeleton with extra placeholders, such as
// an ADR's title or a module's name.
func (st *state) artifactSkeletonVars(name string, vars map[string]string) ([]byte, error) {
	if name == "module-design.md" && vars["module"] == "" {
		// A step that writes module-design.md itself, rather than one file
		// per module, gets one design titled after the item.
		vars = map[string]string{"module": st.meta.Description}
	}
	lookup := func(n string) (string, bool) {
		if v, ok := vars[n]; ok {
			return v, true
		}
		switch n {
		case "date":
			return st.m.now().Format("2006-01-02"), true
		case "phase":
			return st.phaseOf(name), true
		}
		return st.lookup(n)
	}
	data, source, err := st.m.Templates.Read("artifacts/" + name)
	if err == nil {
		known := func(n string) bool {
			if _, ok := vars[n]; ok || n == "date" || n == "phase" {
				return true
			}
			_, _, ref := stepfile.SplitRef(n)
			return ref || slices.Contains(stepfile.PlaceholderNames, n)
		}
		if err := artifacts.CheckTemplate(name, source, data, known); err != nil {
			return nil, err
		}
		return []byte(stepfile.Expand(string(data), lookup)), nil
	}
	if strings.HasPrefix(source, "embedded:") {
		title := strings.TrimSuffix(name, path.Ext(name))
		words := strings.Fields(strings.ReplaceAll(title, "-", " "))
		for i, w := range words {
			words[i] = strings.ToUpper(w[:1]) + w[1:]
		}
		return []byte(fmt.Sprintf("# %s: %s\n", strings.Join(words, " "), st.meta.Description)), nil
	}
	return nil, err
}

// phaseOf is the phase of this analysis's library whose step first writes
// the artifact name: one artifact can belong to different phases in
// different libraries (impact-analysis.md is 02-impact-analysis in a
// feature, 02-root-cause in a bug), so its template says {{phase}}.
func (st *state) phaseOf(name string) string {
	for _, ph := range st.route.Phases {
		for _, s := range ph.Steps {
			if slices.Contains(s.Outputs, name) {
				return ph.Phase.Key
			}
		}
	}
	return ""
}

// runTransform runs a structured transform for one mapping.
func (st *state) runTransform(c *changeset, sa stepAnswers, mp steps.Mapping, q steps.Question) (artifacts.Result, error) {
	fn, ok := artifacts.Transforms[mp.Transform]
	if !ok {
		return artifacts.Result{}, fmt.Errorf("%s:%d: unknown transform %q", sa.step.Source, mp.Line, mp.Transform)
	}
	if answer := sa.answer[q.ID]; sa.step.NoneAllowed(q.ID) && steps.IsNone(answer) {
		// Nothing new: a section says so in the person's words, and a
		// transform that writes one file per entry writes none.
		if mp.Section == "" {
			return artifacts.Result{}, nil
		}
		return artifacts.Result{Fills: []artifacts.Fill{{Path: st.it.outputPath(mp.Output), Template: mp.Output, Section: mp.Section, Body: strings.TrimSpace(answer)}}}, nil
	}
	in := artifacts.Input{
		Slug: st.it.slug, Description: st.meta.Description, ItemDir: st.it.dir(),
		StepID: sa.step.ID, StepTitle: sa.step.Title, Output: mp.Output, OutputPath: st.it.outputPath(mp.Output),
		Section: mp.Section, Question: q.ID, QuestionText: stepfile.Expand(q.Text, st.lookup), Answer: sa.answer[q.ID],
		Read: c.base, List: func(dir string) ([]string, error) { return st.listStaged(c, dir) },
		Lookup: st.lookup, Ask: st.questionText, Now: st.m.now(),
	}
	in.Model = model.ReadTransform(model.TransformAnswer{Transform: mp.Transform, Step: in.StepID, Question: in.Question, Answer: in.Answer, Lookup: st.lookup})
	drafts, err := st.draftSources()
	if err != nil {
		return artifacts.Result{}, err
	}
	in.Source = func(ref string) string { return drafts[ref] }
	in.Approved = func() bool { return st.areaApproved(sa.step) }
	res, err := fn(in)
	if err != nil {
		return res, fmt.Errorf("%s:%d: %s (step %s, %s): %w", sa.step.Source, mp.Line, mp.Output, sa.step.ID, mp.Transform, err)
	}
	return res, nil
}

// standingDrafts are the meta.json records of confirmed model drafts
// whose answers still read as the draft: a record whose answer a person
// revised since is left out, as the answer is the person's now.
func (st *state) standingDrafts() ([]meta.AIDraft, error) {
	use, err := st.meta.AIUse()
	if err != nil || use == nil {
		return nil, err
	}
	var out []meta.AIDraft
	for _, d := range use.Drafts {
		s, _ := st.route.Step(d.StepID)
		if s == nil {
			continue
		}
		if f, err := st.answerFile(s); err != nil {
			continue
		} else if _, ok := f.Drafted(d.QuestionID); !ok {
			continue
		}
		out = append(out, d)
	}
	return out, nil
}

// draftMarks maps each answer ("NN-NN.qid") that is a confirmed model draft
// to the line the documents carry under it: which model drafted it and
// who confirmed it, as meta.json records them.
func (st *state) draftMarks() (map[string]string, error) {
	drafts, err := st.standingDrafts()
	if err != nil {
		return nil, err
	}
	out := map[string]string{}
	for _, d := range drafts {
		model := strings.Join(strings.Fields(d.Model), " ")
		if model == "" {
			model = "a model"
		}
		who := ""
		if _, by, ok := strings.Cut(strings.Join(strings.Fields(d.Source), " "), "confirmed by "); ok && by != "" {
			who = " by " + by
		}
		out[d.StepID+"."+d.QuestionID] = fmt.Sprintf("_Drafted by %s, confirmed%s._", model, who)
	}
	return out, nil
}

// draftMark is the mark of the answer to id (every answer, for
// steps.AllAnswers): one line per confirmed draft, "" when a person wrote
// it.
func (sa stepAnswers) draftMark(marks map[string]string, id string) string {
	ids := []string{id}
	if id == steps.AllAnswers {
		ids = nil
		for _, q := range sa.asked {
			ids = append(ids, q.ID)
		}
	}
	var lines []string
	for _, qid := range ids {
		if m := marks[sa.step.ID+"."+qid]; m != "" && strings.TrimSpace(sa.answer[qid]) != "" && !slices.Contains(lines, m) {
			lines = append(lines, m)
		}
	}
	return strings.Join(lines, "\n\n")
}

// withMark puts a draft's mark under the text it marks.
func withMark(body, mark string) string {
	if mark == "" || strings.TrimSpace(body) == "" {
		return body
	}
	return strings.TrimRight(body, "\n") + "\n\n" + mark
}

// draftSources maps each answer ("NN-NN.qid") that is a model's draft a
// person confirmed to its meta.json record (see recordDrafts). A record
// whose answer no longer reads as the draft (a person revised it since)
// is left out: the answer is the person's now.
func (st *state) draftSources() (map[string]string, error) {
	drafts, err := st.standingDrafts()
	if err != nil || drafts == nil {
		return nil, err
	}
	out := map[string]string{}
	for _, d := range drafts {
		out[d.StepID+"."+d.QuestionID] = strings.Join(strings.Fields(d.Source), " ")
	}
	return out, nil
}

// listStaged lists a folder as it will be after this run: the worktree's
// files plus those staged so far.
func (st *state) listStaged(c *changeset, dir string) ([]string, error) {
	names, err := st.list(dir)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	for _, p := range c.order {
		if path.Dir(p) == dir && !slices.Contains(names, path.Base(p)) {
			names = append(names, path.Base(p))
		}
	}
	kept := names[:0]
	for _, n := range names {
		if !c.removed[dir+"/"+n] {
			kept = append(kept, n)
		}
	}
	return kept, nil
}

// questionText is the text of question "NN-NN.qid", for markers about
// answers a transform builds on.
func (st *state) questionText(ref string) string {
	stepID, qid, ok := stepfile.SplitRef(ref)
	if !ok {
		return ""
	}
	s, _ := st.route.Step(stepID)
	if s == nil {
		return ""
	}
	for _, q := range s.AllQuestions() {
		if q.ID == qid {
			return stepfile.Expand(q.Text, st.lookup)
		}
	}
	return ""
}

// sectionLeftEmpty reports whether s is the last step of the route that
// writes mp's section and no other step has a block in it: then the
// heading would stand empty in a finished document.
func (st *state) sectionLeftEmpty(c *changeset, s *steps.Step, mp steps.Mapping, p string) (writers []string, empty bool, err error) {
	want := steps.HeadingKey(mp.Section)
	for _, o := range st.route.Steps() {
		for _, m := range o.Mappings {
			if m.Output == mp.Output && steps.HeadingKey(m.Section) == want && !slices.Contains(writers, o.ID) {
				writers = append(writers, o.ID)
			}
		}
	}
	if len(writers) == 0 || writers[len(writers)-1] != s.ID {
		return writers, false, nil
	}
	doc, err := c.base(p)
	if err != nil || doc == nil {
		return writers, doc == nil, err
	}
	suffix := strings.TrimPrefix(sectionKey("", mp.Section), " ")
	for _, k := range artifacts.BlockKeys(doc) {
		if owner, rest, _ := strings.Cut(k, " "); owner != s.ID && rest == suffix {
			return writers, false, nil
		}
	}
	return writers, true, nil
}

// sharedSection reports whether another step of the route also writes the
// section mp names.
func (st *state) sharedSection(s *steps.Step, mp steps.Mapping) bool {
	want := steps.HeadingKey(mp.Section)
	for _, o := range st.route.Steps() {
		if o.ID == s.ID {
			continue
		}
		for _, m := range o.Mappings {
			if m.Output == mp.Output && steps.HeadingKey(m.Section) == want {
				return true
			}
		}
	}
	return false
}
