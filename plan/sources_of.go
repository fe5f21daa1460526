package plan

import (
	"strings"

	"github.com/rtgit/rtgit/model"
)

// TasksQuestion is the question whose answer is the confirmed plan.
const TasksQuestion = "tasks"

// SourcesOf gathers what a plan is derived from out of the model of the
// analysis: its requirements, priorities, stories, NFRs, modules and
// contract operations as the model read them; each other answer by the
// transform that reads it (the first of its question's mappings that
// names one) or, for an answer no transform reads, by question id; the
// Directly Affected Files; the open questions; and the changelog among
// the paths of the analysis's tree. The tasks answer is left out: it is
// the plan, not what it is derived from. Every caller derives from these
// same sources, so tasks.md and an export's draft are one plan.
func SourcesOf(a *model.Analysis) Sources {
	src := Sources{Description: a.Description, Requirements: a.Requirements, Priorities: a.Priorities,
		Stories: a.Stories, NFRs: a.NFRs, Modules: a.Modules, Operations: a.Operations}
	for _, x := range a.Answers {
		if x.Question == TasksQuestion {
			continue
		}
		tr := ""
		for _, mp := range x.Mappings {
			if mp.Transform != "" {
				tr = mp.Transform
				break
			}
		}
		text := x.Text
		switch {
		case tr == "requirements":
			src.RequirementsText += text + "\n"
		case tr == "user-stories":
			src.StoriesText += text + "\n"
		case tr == "nfrs" || tr == "nfr-matrix":
			// One answer feeds both transforms (see model.Build).
			if !strings.Contains(src.NFRsText, text) {
				src.NFRsText += text + "\n"
			}
		case tr == "traceability" || tr == "module-design" || tr == "interface-spec":
			// Read whole as Priorities, Modules and Operations.
		case tr != "":
			src.Other = append(src.Other, text)
		case x.Question == "mitigations":
			src.Mitigations += text + "\n"
		case x.Question == "build_order":
			src.BuildOrder = text
		case x.Question == "chosen":
			src.Fix = text
		case x.Question == "tests":
			src.RegressionTests = text
		case x.Question == "gaps":
			src.TestGaps = text
		case x.Question == "monitoring":
			src.Monitoring = text
		case x.Question == "files":
			src.Files += text + "\n"
			src.Other = append(src.Other, text)
		default:
			src.Other = append(src.Other, text)
		}
	}
	for _, f := range a.Affected {
		if f.Change == model.ChangeReadOnly {
			src.ReadOnly = append(src.ReadOnly, f.Path)
			continue
		}
		src.Affected = append(src.Affected, f.Path)
	}
	for _, q := range a.Open {
		src.Questions = append(src.Questions, Question{ID: q.ID, Text: q.Text})
	}
	for _, p := range a.Tree {
		if IsChangelog(p) {
			src.Changelog = p
			break
		}
	}
	return src
}

// Confirmed is the plan a person confirmed: the last tasks answer that
// reads as a plan with tasks, confirmed; false when there is none.
func Confirmed(a *model.Analysis) (Plan, bool) {
	var out Plan
	ok := false
	for _, x := range a.Answers {
		if x.Question != TasksQuestion {
			continue
		}
		if p, err := Parse(x.Text); err == nil && len(p.Tasks) > 0 {
			out, ok = p.Confirm(), true
		}
	}
	return out, ok
}
