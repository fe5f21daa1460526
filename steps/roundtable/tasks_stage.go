package roundtable

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"slices"
	"strings"

	"github.com/rtgit/rtgit/plan"
	"github.com/rtgit/rtgit/steps"
)

// TasksColumn is the column of traceability-matrix.csv that lists the
// tasks tracing each row. It goes last, so readers that index the seed's
// first columns keep working.
const TasksColumn = "Tasks"

// stageTasks is the last part of every render. It derives the plan from
// the answers; where the tasks answer of a finished step is still the
// draft rtgit last derived (nobody edited it) and the answers have
// changed since (or the same step's own answers, such as the build order,
// refine it), the answer becomes the new derivation; an edited answer
// is never rewritten (currentPlan reports what it no longer covers). Then
// it writes tasks.md and the matrix's task column: once the tasks answer
// is given, or, for steps with no tasks question, once the analysis is
// complete, with the derived plan shown as not confirmed.
func (st *state) stageTasks(c *changeset) error {
	if err := st.stageFiles(c); err != nil {
		return err
	}
	impact, err := c.base(st.it.outputPath("impact-analysis.md"))
	if err != nil {
		return err
	}
	src, err := st.planSources(impact)
	if err != nil {
		return err
	}
	text := plan.Format(plan.Derive(src))
	s := st.tasksStep()
	if s != nil && st.meta.HasStep(s.ID) {
		if err := st.rederive(c, s, text); err != nil {
			return err
		}
	}
	// Until the answers derive a task there is no draft to recognise a
	// tasks answer by, and meta.json records none: an analysis just
	// started is then exactly what rtgit new wrote.
	if strings.TrimSpace(text) == "" {
		st.meta.SetPlanDraft("")
	} else {
		st.meta.SetPlanDraft(planDigest(text))
	}
	trimmed := strings.TrimSpace(text)
	st.draftPlan = &trimmed
	write := s != nil && st.meta.HasStep(s.ID) || s == nil && len(st.meta.PhasesCompleted) == len(st.route.Phases)
	if !write {
		return nil
	}
	// rederive changed at most the tasks answer, which the sources leave
	// out: they are still what the answers say.
	ps, err := st.planFrom(src)
	if err != nil {
		return err
	}
	c.put(st.it.outputPath(tasksOutput), []byte(plan.Markdown(st.it.slug, st.planStatus(ps, s), ps.Plan)))
	if ps.Path == "" {
		// A plan nobody confirmed leaves the matrix as the seed's readers
		// expect it, column for column.
		return nil
	}
	return st.stageTaskColumn(c, ps.Plan)
}

// rederive replaces an unedited tasks answer with the plan derived now.
func (st *state) rederive(c *changeset, s *steps.Step, text string) error {
	f, err := st.answerFile(s)
	if err != nil {
		return err
	}
	a, ok := answerOf(f, TasksQuestion)
	prev, err := st.meta.PlanDraft()
	if err != nil || !ok || prev != planDigest(a.Text) || strings.TrimSpace(a.Text) == strings.TrimSpace(text) {
		return err
	}
	return st.setAnswer(c, s, TasksQuestion, text)
}

// setAnswer rewrites the answer id of the finished step s with text, as
// rtgit's own draft, keeping the step's digest in step with it.
func (st *state) setAnswer(c *changeset, s *steps.Step, id, text string) error {
	rel := st.it.answerPath(s)
	data, err := st.read(rel)
	if err != nil {
		return err
	}
	out, err := st.m.parsed().SetAnswer(rel, data, id, strings.TrimSpace(text))
	if err != nil {
		return err
	}
	nf, err := st.m.parsed().Parse(rel, out)
	if err != nil {
		return err
	}
	c.put(rel, out)
	st.files[s.ID] = nf
	st.meta.SetDigest(s.ID, digest(collect(s, nf, steps.Depth(nf.Depth))))
	return nil
}

// planStatus is the sentence under tasks.md's title saying where the
// plan came from.
func (st *state) planStatus(ps *PlanState, s *steps.Step) string {
	if ps.Path != "" {
		return fmt.Sprintf("Confirmed: the answer to `%s` in step %s %s. Edit that answer to change the plan; the line format is in rtgit's docs/tasks.md.",
			TasksQuestion, s.ID, s.Title)
	}
	return "Derived from the answers and the quick scan, and not confirmed: the analysis's steps ask no tasks question."
}

// stageTaskColumn adds the Tasks column to the traceability matrix, when
// the analysis has one: the ids of the tasks that trace each row's
// requirement (or story, on a row without one), once the plan is
// confirmed.
func (st *state) stageTaskColumn(c *changeset, p plan.Plan) error {
	rel := st.it.outputPath("traceability-matrix.csv")
	data, err := c.base(rel)
	if err != nil || data == nil {
		return err
	}
	recs, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
	if err != nil || len(recs) == 0 {
		return nil // not a matrix rtgit wrote; leave it alone
	}
	col := slices.Index(recs[0], TasksColumn)
	if col < 0 {
		col = len(recs[0])
		recs[0] = append(recs[0], TasksColumn)
	}
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	for i, rec := range recs {
		if i > 0 {
			rec = fill(rec, col+1)
			id := rec[0]
			if id == "" {
				id = rec[1]
			}
			rec[col] = taskIDs(p, id)
		}
		if err := w.Write(rec); err != nil {
			return err
		}
	}
	w.Flush()
	c.put(rel, buf.Bytes())
	return w.Error()
}

func fill(rec []string, n int) []string {
	for len(rec) < n {
		rec = append(rec, "")
	}
	return rec
}

func taskIDs(p plan.Plan, id string) string {
	var out []string
	for _, t := range p.Tasks {
		if id != "" && slices.Contains(t.Traces, id) {
			out = append(out, t.ID)
		}
	}
	return strings.Join(out, " ")
}
