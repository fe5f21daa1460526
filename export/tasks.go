package export

import (
	"fmt"
	"strings"

	"github.com/rtgit/rtgit/plan"
	"github.com/rtgit/rtgit/steps/artifacts"
)

// TaskGroup is a run of build-plan tasks listed under one heading.
type TaskGroup struct {
	Name  string
	Tasks []Task
}

// kindNames heads the groups of tasks of each kind.
var kindNames = map[string]string{"test": "Tests", "code": "Code", "verify": "Verification", "docs": "Documentation"}

// TaskGroups groups the plan's tasks by kind, in the order the kinds first
// appear in the plan, each group keeping the plan's order.
func (a *Analysis) TaskGroups() []TaskGroup {
	var out []TaskGroup
	at := map[string]int{}
	for _, t := range a.Tasks {
		i, ok := at[t.Kind]
		if !ok {
			name := kindNames[t.Kind]
			if name == "" {
				name = t.Kind
			}
			i = len(out)
			at[t.Kind] = i
			out = append(out, TaskGroup{Name: name})
		}
		out[i].Tasks = append(out[i].Tasks, t)
	}
	return out
}

// specKitPhases sorts the plan's tasks into spec-kit's phases: Setup (test
// scaffolding no story needs), Foundational (other work no story needs),
// one phase per user story in the stories' order, and Polish
// (documentation and verification no story needs). Empty phases are left
// out; each phase keeps the plan's order.
func (a *Analysis) specKitPhases() []TaskGroup {
	setup := TaskGroup{Name: "Setup"}
	found := TaskGroup{Name: "Foundational"}
	polish := TaskGroup{Name: "Polish"}
	byStory := map[string]*TaskGroup{}
	var stories []*TaskGroup
	for i, s := range a.Stories {
		g := &TaskGroup{Name: fmt.Sprintf("User Story %d - %s (Priority: %s)", i+1, artifacts.StoryTitle(s.IWant), s.Rank())}
		byStory[s.ID] = g
		stories = append(stories, g)
	}
	for _, t := range a.Tasks {
		switch g := byStory[t.Story]; {
		case g != nil:
			g.Tasks = append(g.Tasks, t)
		case t.Kind == "docs" || t.Kind == "verify":
			polish.Tasks = append(polish.Tasks, t)
		case t.Kind == "test" && len(t.DependsOn) == 0:
			setup.Tasks = append(setup.Tasks, t)
		default:
			found.Tasks = append(found.Tasks, t)
		}
	}
	var out []TaskGroup
	for _, g := range append(append([]*TaskGroup{&setup, &found}, stories...), &polish) {
		if len(g.Tasks) > 0 {
			out = append(out, *g)
		}
	}
	return out
}

// storyOf is the user story a task serves: the first US id it traces,
// else the first story linking a requirement it traces.
func (a *Analysis) storyOf(traces []string) string {
	for _, id := range traces {
		if strings.HasPrefix(id, "US-") {
			return id
		}
	}
	for _, id := range traces {
		for _, r := range a.Requirements {
			if r.ID == id && len(r.Stories) > 0 {
				return r.Stories[0]
			}
			for _, c := range r.Criteria {
				if c.ID == id && len(r.Stories) > 0 {
					return r.Stories[0]
				}
			}
		}
	}
	return ""
}

// setPlan fills the analysis's tasks: the plan a person confirmed (the
// answer to the tasks question), else the plan derived from the model,
// marked as a draft nobody confirmed.
func (a *Analysis) setPlan() {
	p := plan.Derive(plan.SourcesOf(a.Analysis))
	if confirmed, ok := plan.Confirmed(a.Analysis); ok {
		p = confirmed
	}
	a.TasksConfirmed = p.Confirmed
	for _, t := range p.Tasks {
		a.Tasks = append(a.Tasks, Task{ID: t.ID, Title: t.Title, Kind: t.Kind, Traces: t.Traces, Files: t.Files,
			DependsOn: t.DependsOn, BlockedBy: t.BlockedBy, Parallel: t.Parallel, Story: a.storyOf(t.Traces), Confirmed: t.Confirmed})
	}
}
