package plan

import (
	"github.com/rtgit/rtgit/model"
	"github.com/rtgit/rtgit/steps"
)

// textSources is what a plan is derived from, written as the answers'
// text: the way a test reads best. Its fields are Sources' own, with the
// requirements, priorities, stories, NFRs, modules and contracts as
// their answers.
type textSources struct {
	Description                                string
	Requirements, Priorities, Stories, NFRs    string
	Modules, Contracts                         []string
	Affected, ReadOnly                         []string
	Files, Mitigations, BuildOrder             string
	Fix, RegressionTests, TestGaps, Monitoring string
	Questions                                  []Question
	Changelog                                  string
	Other                                      []string
}

// sources reads the answers with the model, as every Sources in
// production is read (SourcesOf of model.Build), and copies the rest.
func (t textSources) sources() Sources {
	var answers []model.Answer
	add := func(question, text, transform string) {
		if text != "" {
			answers = append(answers, model.Answer{Question: question, Text: text,
				Mappings: []steps.Mapping{{Question: question, Transform: transform}}})
		}
	}
	add("requirements", t.Requirements, "requirements")
	add("priorities", t.Priorities, "traceability")
	add("stories", t.Stories, "user-stories")
	add("nfrs", t.NFRs, "nfrs")
	for _, m := range t.Modules {
		add("modules", m, "module-design")
	}
	for _, c := range t.Contracts {
		add("contracts", c, "interface-spec")
	}
	a := model.Build(model.Input{Answers: answers})
	return Sources{Description: t.Description,
		Requirements: a.Requirements, Priorities: a.Priorities, Stories: a.Stories, NFRs: a.NFRs,
		Modules: a.Modules, Operations: a.Operations,
		RequirementsText: t.Requirements, StoriesText: t.Stories, NFRsText: t.NFRs,
		Affected: t.Affected, ReadOnly: t.ReadOnly, Files: t.Files, Mitigations: t.Mitigations, BuildOrder: t.BuildOrder,
		Fix: t.Fix, RegressionTests: t.RegressionTests, TestGaps: t.TestGaps, Monitoring: t.Monitoring,
		Questions: t.Questions, Changelog: t.Changelog, Other: t.Other}
}
