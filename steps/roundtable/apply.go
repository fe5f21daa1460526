package roundtable

import (
	"fmt"
	"path"
	"strings"

	"github.com/rtgit/rtgit/steps"
	"github.com/rtgit/rtgit/steps/answers"
	"github.com/rtgit/rtgit/steps/artifacts"
)

// stepAnswers is what a step produced: every asked question with its
// answer ("" when unanswered), plus free-form feedback.
type stepAnswers struct {
	step     *steps.Step
	asked    []steps.Question
	answer   map[string]string
	feedback string
}

func collect(s *steps.Step, f *answers.File, d steps.Depth) stepAnswers {
	sa := stepAnswers{step: s, asked: s.Questions(d), answer: map[string]string{}}
	if f == nil {
		return sa
	}
	for _, q := range sa.asked {
		if a, ok := f.Answer(q.ID); ok && a.Answered {
			sa.answer[q.ID] = a.Text
		}
	}
	sa.feedback = strings.TrimSpace(f.Feedback)
	return sa
}

// sectionKey names one step's block within one section of a file.
func sectionKey(stepID, section string) string {
	return stepID + " " + strings.Join(strings.Fields(strings.ToLower(section)), "-")
}

// applyArtifacts stages the artifact updates of one step. Unanswered asked
// questions become NEEDS CLARIFICATION markers in their sections.
func (st *state) applyArtifacts(c *changeset, sa stepAnswers) error {
	type target struct{ output, section string }
	var order []target
	bodies := map[target][]string{}
	asked := map[string]steps.Question{}
	for _, q := range sa.asked {
		asked[q.ID] = q
	}
	for _, mp := range sa.step.Mappings {
		q, ok := asked[mp.Question]
		if !ok {
			continue
		}
		if mp.Transform != "" {
			if err := st.applyTransform(c, sa, mp, q); err != nil {
				return err
			}
			continue
		}
		t := target{mp.Output, mp.Section}
		if _, seen := bodies[t]; !seen {
			order = append(order, t)
		}
		text := sa.answer[q.ID]
		if text == "" {
			text = artifacts.NeedsClarification(steps.Expand(q.Text, st.lookup))
		}
		bodies[t] = append(bodies[t], text)
	}
	for i, t := range order {
		body := strings.Join(bodies[t], "\n\n")
		if i == 0 && sa.feedback != "" {
			body += "\n\n**Feedback on step " + sa.step.ID + ":**\n\n" + sa.feedback
		}
		if err := st.fillSection(c, t.output, t.section, sectionKey(sa.step.ID, t.section), body); err != nil {
			return err
		}
	}
	return nil
}

func (st *state) fillSection(c *changeset, output, section, key, body string) error {
	rel := st.it.outputPath(output)
	doc, err := c.base(rel)
	if err != nil {
		return err
	}
	if doc == nil {
		if doc, err = st.artifactSkeleton(output); err != nil {
			return err
		}
	}
	out, err := artifacts.FillSection(doc, section, key, body)
	if err != nil {
		return fmt.Errorf("%s:%w", rel, err)
	}
	c.put(rel, out)
	return nil
}

// artifactSkeleton starts a new artifact from its template, or from a
// title alone when no template exists for it.
func (st *state) artifactSkeleton(output string) ([]byte, error) {
	data, source, err := st.m.Templates.Read("artifacts/" + output)
	if err == nil {
		return []byte(steps.Expand(string(data), st.lookup)), nil
	}
	if strings.HasPrefix(source, "embedded:") {
		title := strings.TrimSuffix(output, path.Ext(output))
		words := strings.Fields(strings.ReplaceAll(title, "-", " "))
		for i, w := range words {
			words[i] = strings.ToUpper(w[:1]) + w[1:]
		}
		return []byte(fmt.Sprintf("# %s: %s\n", strings.Join(words, " "), st.meta.Description)), nil
	}
	return nil, err
}

// applyTransform runs a structured transform and stages what it writes.
func (st *state) applyTransform(c *changeset, sa stepAnswers, mp steps.Mapping, q steps.Question) error {
	fn, ok := artifacts.Transforms[mp.Transform]
	if !ok {
		return fmt.Errorf("%s:%d: unknown transform %q", sa.step.Source, mp.Line, mp.Transform)
	}
	in := artifacts.Input{
		Slug: st.it.slug, Description: st.meta.Description, ItemDir: st.it.dir(),
		StepID: sa.step.ID, StepTitle: sa.step.Title, Output: mp.Output, OutputPath: st.it.outputPath(mp.Output),
		Question: q.ID, QuestionText: steps.Expand(q.Text, st.lookup), Answer: sa.answer[q.ID],
		Read: c.base, Lookup: st.lookup, Now: st.m.now(),
	}
	files, err := fn(in)
	if err != nil {
		return fmt.Errorf("%s (step %s, %s): %w", mp.Output, sa.step.ID, mp.Transform, err)
	}
	for _, f := range files {
		if !strings.HasPrefix(f.Path, st.it.dir()+"/") && f.Path != "docs/common/nfr-matrix.md" {
			return fmt.Errorf("transform %s tried to write %s, outside %s", mp.Transform, f.Path, st.it.dir())
		}
		c.put(f.Path, f.Data)
	}
	return nil
}
